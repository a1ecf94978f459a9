#include "CliContext.h"
#include "Commands.h"
#include "GroupOptions.h"
#include "OptionParser.h"
#include "WorkspaceInput.h"

#include "BandsFigure.h"
#include "CdfFigure.h"
#include "DatasetGrouping.h"
#include "DatasetStore.h"
#include "DistributionsFigure.h"
#include "FlowBarsFigure.h"
#include "LabelPattern.h"
#include "LoadTimeFigure.h"
#include "PlotExporter.h"
#include "SweepFigure.h"
#include "SweepPlotSource.h"
#include "SweepSource.h"
#include "ThroughputTimeFigure.h"
#include "TimelineFigure.h"
#include "ViewSettingsLimits.h"
#include "files/NamePattern.h"

#include <QApplication>
#include <qcustomplot.h>

#include <algorithm>
#include <memory>
#include <optional>

namespace wb::cli {

namespace {

struct PlotOptions {
    QString type;
    QString output;
    ExportOptions size;
    bool logX = false;
    bool linearX = false;
    bool logY = false;
    QStringList files;
    // --group-by KEY: the over-time plots draw a line and band per group of runs.
    QString groupBy;
    std::vector<PooledGroup> groups; // the store's groups by it, once the logs are read
    QString workspace;               // a workspace file given instead of FILEs
    QString labelPattern;            // --label: every dataset's label (LabelPattern)
    UserMetadata metadata;
    // sweep: the parameter, metric, first N intervals and name pattern of the sweep table
    // (--group-by draws a series per group), its axes and error bars.
    SweepOptions sweep;
    QString metric;
    QString axes; // --axes log|linear: both axes
    SweepPlotSource::ErrorBars errorBars = SweepPlotSource::ErrorBars::Auto;
};

// cwnd, rtt and retransmits: the Throughput-over-time view showing that TCP metric per flow.
std::optional<TcpMetric> tcpMetricOf(const QString& type) {
    for (const char* name : {"cwnd", "rtt", "retransmits"})
        if (type == QLatin1String(name))
            return TcpState::fromKey(type);
    return std::nullopt;
}

// Takes out of the store, naming its file, every dataset that has none of the metric's
// figures (an ss dataset drawn as another file's flows stays: it is drawn there).
void dropDatasetsWithout(TcpMetric metric, const QString& type, DatasetStore& store,
                         CliContext& context) {
    QList<int> without;
    for (const DatasetEntry& entry : store.entries()) {
        const TcpDatasetLines& lines = entry.analysis->tcpLines;
        if (lines.drawnAs || TcpStateLines::has(lines, metric) || !entry.visible)
            continue;
        without << entry.id;
        const QString figure = metric == TcpMetric::Cwnd  ? QStringLiteral("congestion window")
                               : metric == TcpMetric::Rtt ? QStringLiteral("RTT")
                                                          : QStringLiteral("retransmission count");
        context.fileProblem(entry.dataset().sourceFile,
                            QStringLiteral("no %1 over time in this log, so it is left out of "
                                           "the %2 plot (iperf3 -J, iperf3 text, iperf 2 -e and "
                                           "ss -tin samples have it)")
                                .arg(figure, type));
    }
    store.remove(without);
}

// The plot types that draw groups of runs (--group-by).
QStringList groupedTypes() {
    return {QStringLiteral("timeseries"), QStringLiteral("cwnd"), QStringLiteral("rtt"),
            QStringLiteral("retransmits")};
}

// loadtime stacks three lanes: a column's width, and the height three plots need to read.
constexpr double kLoadTimeHeightPoints = 300;

// bands: draws the percentile bands of the first run; returns, when there are more runs,
// which one it draws and that the others are not in the figure.
QString drawBands(BandsFigure& figure, bool logY, const DatasetStore& store) {
    const DatasetEntry* shown = store.find(figure.draw(store, {0, logY}));
    if (!shown || store.entries().size() < 2)
        return {};
    return QStringLiteral(
               "bands draws one run, %1, and leaves out %2 more: plot one file at a time")
        .arg(shown->label)
        .arg(store.entries().size() - 1);
}

// A plot type's figure drawn without a view, and how it draws the store (returning what it
// leaves out); nullopt for a type `plot` does not know.
struct PlotFigure {
    FigureAlone alone;
    std::function<QString(const DatasetStore&)> draw;
};

// The sweep of the store's runs under the options, drawn; what the table leaves out (files
// the name pattern does not match, runs without a value) is named as the sweep command names it.
QString drawSweep(SweepFigure& figure, const PlotOptions& options, const DatasetStore& store,
                  CliContext& context) {
    const SweepTable table = SweepSource::tableOf(store, options.sweep);
    for (const QString& file : table.unmatchedFiles)
        context.fileWarning(file, QStringLiteral("does not match the name pattern %1, so it is "
                                                 "left out of the sweep")
                                      .arg(options.sweep.namePattern));
    for (const QString& skipped : table.skipped)
        context.fileWarning(options.output, QStringLiteral("left out: %1").arg(skipped));
    SweepFigure::Options axes;
    if (options.axes == QLatin1String("log") || options.axes == QLatin1String("linear"))
        axes.logX = axes.logY = options.axes == QLatin1String("log");
    if (options.logX || options.linearX)
        axes.logX = options.logX;
    if (options.logY)
        axes.logY = true;
    const SweepPlotData data = SweepPlotSource::of(table, options.errorBars);
    if (data.empty())
        context.fileProblem(options.output,
                            QStringLiteral("no run has both a value for %1 and a %2")
                                .arg(options.sweep.parameter, table.metric.title));
    return figure.draw(data, axes);
}

std::optional<PlotFigure> figureOf(const PlotOptions& options, CliContext& context) {
    const QString& type = options.type;
    PlotFigure plot;
    if (type == QLatin1String("sweep")) {
        auto& figure = plot.alone.make<SweepFigure>();
        plot.draw = [&figure, &options, &context](const DatasetStore& store) {
            return drawSweep(figure, options, store, context);
        };
    } else if (type == QLatin1String("hist") || type == QLatin1String("box")) {
        DistributionsFigure::Options drawn;
        drawn.mode = type == QLatin1String("hist") ? DistributionsFigure::Mode::Histogram
                                                   : DistributionsFigure::Mode::Box;
        drawn.logY = options.logY;
        auto& figure = plot.alone.make<DistributionsFigure>();
        plot.draw = [&figure, drawn](const DatasetStore& store) {
            return figure.draw(store.visibleLatency(), drawn);
        };
    } else if (type == QLatin1String("cdf") || type == QLatin1String("ccdf")) {
        auto& figure = plot.alone.make<CdfFigure>();
        // One option at a time, as the view took them: fitted axis titles keep what each
        // layout taught them (OwnValue), and the exports keep their bytes.
        CdfFigure::Options drawn;
        drawn.ccdf = type == QLatin1String("ccdf");
        if (options.logX) // the axis a new figure has
            drawn.logX = true;
        figure.setOptions({}, drawn);
        if (options.linearX) {
            drawn.logX = false;
            figure.setOptions({}, drawn);
        }
        plot.draw = [&figure, drawn](const DatasetStore& store) {
            return figure.draw(store, {}, drawn); // the CLI does not group runs
        };
    } else if (type == QLatin1String("flows")) {
        auto& figure = plot.alone.make<FlowBarsFigure>();
        plot.draw = [&figure](const DatasetStore& store) {
            return figure.draw(store.visibleThroughput(), {}, {}, {});
        };
    } else if (const std::optional<TcpMetric> metric = tcpMetricOf(type);
               metric || type == QLatin1String("timeseries")) {
        // A TCP metric per flow with the run's line on top; throughput as the window draws it.
        const ThroughputTimeFigure::Options drawn{metric.value_or(TcpMetric::Throughput),
                                                  metric ? std::optional(true) : std::nullopt};
        auto& figure = plot.alone.make<ThroughputTimeFigure>();
        plot.draw = [&figure, drawn, &groups = options.groups](const DatasetStore& store) {
            return figure.draw(store.visibleThroughput(), groups, drawn);
        };
    } else if (type == QLatin1String("loadtime")) {
        auto& figure = plot.alone.make<LoadTimeFigure>();
        plot.draw = [&figure](const DatasetStore& store) { return figure.draw(store, {}); };
    } else if (type == QLatin1String("timeline")) {
        auto& figure = plot.alone.make<TimelineFigure>();
        plot.draw = [&figure, logY = options.logY](const DatasetStore& store) {
            return figure.draw(store.visibleLatency(), {logY});
        };
    } else if (type == QLatin1String("bands")) {
        auto& figure = plot.alone.make<BandsFigure>();
        plot.draw = [&figure, logY = options.logY](const DatasetStore& store) {
            return drawBands(figure, logY, store);
        };
    } else {
        return std::nullopt;
    }
    return plot;
}

// A workspace among the operands is the plot's only input.
bool takeWorkspace(CliContext& context, PlotOptions* options) {
    const auto workspace = std::find_if(options->files.begin(), options->files.end(),
                                        &WorkspaceSession::isWorkspaceFile);
    if (workspace == options->files.end())
        return true;
    if (options->files.size() > 1) {
        context.usageError(
            QStringLiteral("plot takes FILEs or one WORKSPACE, not %1 with %2")
                .arg(*workspace, options->files.value(workspace == options->files.begin())));
        return false;
    }
    options->workspace = options->files.takeFirst();
    return true;
}

// A workspace holds logs of both kinds: those the plot does not draw go quietly. False (named)
// when none is left.
bool keepDrawnKind(bool wantsLatency, bool wantsBoth, const PlotOptions& options,
                   DatasetStore& store, CliContext& context) {
    QList<int> other;
    for (const DatasetEntry& entry : store.entries())
        if (!wantsBoth && entry.isLatency() != wantsLatency)
            other << entry.id;
    store.remove(other);
    if (store.entries().empty()) {
        context.fileProblem(options.workspace,
                            QStringLiteral("has no %1 log for a %2 plot")
                                .arg(wantsLatency ? "latency" : "throughput", options.type));
        return false;
    }
    context.fileReported();
    return true;
}

// The user's values (--set, --metadata) over each dataset's, then the labels of --label from
// them; false after a usage error when the pattern cannot label every dataset.
bool applyUsersValues(const PlotOptions& options, DatasetStore& store, CliContext& context) {
    QStringList read;
    std::vector<int> ids;
    for (const DatasetEntry& entry : store.entries()) {
        const QString& log = entry.dataset().sourceFile;
        store.setMetadata({entry.id}, options.metadata.of(log));
        read << log;
        ids.push_back(entry.id);
    }
    warnOfUnreadLogs(options.metadata, read, context);
    QString error;
    if (options.labelPattern.isEmpty() ||
        LabelPattern::relabel(&store, ids, options.labelPattern, &error))
        return true;
    context.usageError(
        QStringLiteral("--label \"%1\": %2").arg(options.labelPattern, error.simplified()));
    return false;
}

// sweep needs --param and --metric, which only it takes; its --group-by draws a series per
// group.
bool checkSweepOptions(CliContext& context, PlotOptions* options) {
    const bool sweep = options->type == QLatin1String("sweep");
    const bool sweepOptions = !options->sweep.parameter.isEmpty() || !options->metric.isEmpty() ||
                              !options->sweep.namePattern.isEmpty() || !options->axes.isEmpty() ||
                              options->sweep.firstIntervals > 0 ||
                              options->errorBars != SweepPlotSource::ErrorBars::Auto;
    if (!sweep) {
        if (sweepOptions)
            context.usageError(QStringLiteral(
                "--param, --names, --metric, --first, --axes and --error-bars apply to sweep"));
        return !sweepOptions;
    }
    if (options->sweep.parameter.isEmpty() || options->metric.isEmpty()) {
        context.usageError(QStringLiteral("plot --type sweep needs --param NAME and --metric M"));
        return false;
    }
    const auto metric = SweepTables::metricNamed(options->metric, &options->sweep.percentile);
    if (!metric) {
        QStringList names;
        for (const SweepMetricInfo& info : SweepTables::metrics())
            names << info.id;
        context.usageError(QStringLiteral("--metric must be one of %1 (rtt-pNN for a percentile)")
                               .arg(names.join(QStringLiteral(", "))));
        return false;
    }
    options->sweep.metric = metric->metric;
    options->sweep.groupBy = options->groupBy;
    if (!options->sweep.namePattern.isEmpty()) {
        QString error;
        if (!NamePattern::parse(options->sweep.namePattern, &error)) {
            context.usageError(
                QStringLiteral("--names \"%1\": %2").arg(options->sweep.namePattern, error));
            return false;
        }
    }
    return true;
}

bool parsePlotOptions(const QStringList& args, CliContext& context, PlotOptions* options) {
    OptionParser parser("plot", context);
    // Lengths in in, cm, mm or pt (a bare number is points), from 1 to 40 in.
    std::optional<double> width;
    std::optional<double> height;
    auto length = [&](const QString& option, std::optional<double>* into) {
        parser.on(option, [&context, option, into](const QString& text) {
            *into = ExportOptions::pointsOf(text);
            const bool ok =
                *into && **into >= ExportOptions::kMinPoints && **into <= ExportOptions::kMaxPoints;
            if (!ok)
                context.usageError(QStringLiteral("%1 must be a length from 1 to 40 in, "
                                                  "e.g. 3.5in, 8.9cm or 252pt")
                                       .arg(option));
            return ok;
        });
    };
    std::optional<QSizeF> preset;
    parser.on(QStringLiteral("--size"), [&](const QString& text) {
        QStringList keys;
        for (const FigureSizePreset& known : figureSizePresets()) {
            keys << QLatin1String(known.key);
            if (text == QLatin1String(known.key))
                preset = known.points;
        }
        if (!preset)
            context.usageError(
                QStringLiteral("--size must be one of %1").arg(keys.join(QStringLiteral(", "))));
        return preset.has_value();
    });
    parser.on(QStringLiteral("--type"), &options->type);
    parser.on(QStringLiteral("--output"), &options->output);
    length(QStringLiteral("--width"), &width);
    length(QStringLiteral("--height"), &height);
    parser.on(QStringLiteral("--title"), &options->size.title);
    parser.on(QStringLiteral("--dpi"), &options->size.dpi, ExportOptions::kMinDpi,
              ExportOptions::kMaxDpi, QStringLiteral("PNG pixels per inch"));
    parser.on(QStringLiteral("--legend"), [&](const QString& text) {
        bool known = false;
        options->size.legend = LegendLayout::fromName(text, &known);
        if (!known)
            context.usageError(QStringLiteral("--legend must be one of %1")
                                   .arg(LegendLayout::names().join(QStringLiteral(", "))));
        return known;
    });
    parser.on(QStringLiteral("--font"), &options->size.fontFamily);
    parser.on(QStringLiteral("--font-size"), &options->size.fontSize,
              ViewSettingsLimits::kMinFontSize, ViewSettingsLimits::kMaxFontSize,
              QStringLiteral("points"));
    parser.on(QStringLiteral("--log-x"), &options->logX);
    parser.on(QStringLiteral("--linear-x"), &options->linearX);
    parser.on(QStringLiteral("--log-y"), &options->logY);
    parser.on(QStringLiteral("--group-by"), &options->groupBy);
    parser.on(QStringLiteral("--label"), &options->labelPattern);
    parser.on(QStringLiteral("--param"), &options->sweep.parameter);
    parser.on(QStringLiteral("--names"), &options->sweep.namePattern);
    parser.on(QStringLiteral("--metric"), &options->metric);
    parser.on(QStringLiteral("--first"), [&](const QString& text) {
        // As the sweep command reads it.
        bool ok = false;
        const qulonglong first = text.toULongLong(&ok);
        ok = ok && first > 0;
        if (!ok)
            context.usageError(
                QStringLiteral("--first \"%1\": needs a positive whole number").arg(text));
        options->sweep.firstIntervals = ok ? static_cast<std::size_t>(first) : 0;
        return ok;
    });
    parser.on(QStringLiteral("--axes"), [&](const QString& text) {
        options->axes = text;
        const bool ok = text == QLatin1String("log") || text == QLatin1String("linear");
        if (!ok)
            context.usageError(QStringLiteral("--axes must be log or linear"));
        return ok;
    });
    parser.on(QStringLiteral("--error-bars"), [&](const QString& text) {
        const auto bars = SweepPlotSource::errorBarsNamed(text);
        if (!bars)
            context.usageError(QStringLiteral("--error-bars must be auto, spread, ci or none"));
        options->errorBars = bars.value_or(options->errorBars);
        return bars.has_value();
    });
    bindMetadataOptions(parser, context, &options->metadata);
    if (!parser.parse(args, &options->files))
        return false;
    if (!takeWorkspace(context, options))
        return false;
    if (!checkSweepOptions(context, options))
        return false;
    if (!options->groupBy.isEmpty() && !groupedTypes().contains(options->type) &&
        options->type != QLatin1String("sweep")) {
        context.usageError(QStringLiteral("--group-by applies to %1")
                               .arg(groupedTypes().join(QStringLiteral(", "))));
        return false;
    }
    CommonOptions userKeys;
    userKeys.metadata = options->metadata;
    if (!checkGroupKey(options->groupBy, userKeys, context))
        return false;
    if (options->type.isEmpty() || options->output.isEmpty() ||
        (options->files.isEmpty() && options->workspace.isEmpty())) {
        context.usageError(QStringLiteral(
            "plot needs --type, -o OUT.png|.pdf|.svg and at least one FILE or a WORKSPACE"));
        return false;
    }
    // A preset, then the lengths given; loadtime's default is taller (three lanes).
    QSizeF points = preset.value_or(ExportOptions().points);
    if (!preset && options->type == QLatin1String("loadtime"))
        points.setHeight(kLoadTimeHeightPoints);
    options->size.points = QSizeF(width.value_or(points.width()), height.value_or(points.height()));
    if (PlotExporter::formatOf(options->output).isEmpty()) {
        context.usageError(
            QStringLiteral("%1: the output must end in .png, .pdf or .svg").arg(options->output));
        return false;
    }
    return true;
}

} // namespace

int runPlot(const QStringList& args, CliContext& context) {
    PlotOptions options;
    if (!parsePlotOptions(args, context, &options))
        return context.exitCode();
    DatasetStore store;
    std::optional<PlotFigure> figure = figureOf(options, context);
    if (!figure) {
        context.usageError(
            QStringLiteral(
                "plot type \"%1\" is not available (cdf, ccdf, timeline, "
                "bands, hist, box, flows, timeseries, cwnd, rtt, retransmits, loadtime, sweep)")
                .arg(options.type));
        return context.exitCode();
    }
    const std::optional<TcpMetric> tcpMetric = tcpMetricOf(options.type);
    CommonOptions files;
    files.files = options.files;
    // Every plot but the throughput and TCP ones shows latency; loadtime shows both.
    const bool wantsLatency = options.type != QLatin1String("flows") &&
                              options.type != QLatin1String("timeseries") && !tcpMetric;
    // A sweep's metric decides: loss and bandwidth from throughput logs, RTT from pings.
    const bool wantsBoth =
        options.type == QLatin1String("loadtime") || options.type == QLatin1String("sweep");
    std::optional<WorkspaceInput> workspace;
    if (!options.workspace.isEmpty()) {
        workspace.emplace(&store);
        if (!workspace->read(options.workspace, context) || !workspace->import(context))
            return UsageOrNothingUsable;
        if (!keepDrawnKind(wantsLatency, wantsBoth, options, store, context))
            return UsageOrNothingUsable;
    }
    forEachImport(files, context, [&](ImportResult& result) {
        const QString file = result.file;
        for (DatasetEntry& entry : DatasetEntry::fromImport(std::move(result))) {
            if (!wantsBoth && entry.isLatency() != wantsLatency) {
                context.fileProblem(
                    file, QStringLiteral("a %1 log cannot go into a %2 plot")
                              .arg(entry.isLatency() ? "latency" : "throughput", options.type));
                continue;
            }
            context.fileReported();
            store.add(std::move(entry));
        }
    });
    if (store.entries().empty())
        return context.exitCode();
    if (!applyUsersValues(options, store, context))
        return UsageOrNothingUsable;
    if (tcpMetric) {
        dropDatasetsWithout(*tcpMetric, options.type, store, context);
        if (store.entries().empty())
            return UsageOrNothingUsable;
    }
    // --group-by, else a workspace's own grouping, for the types that draw groups.
    const QString groupKey = options.type == QLatin1String("sweep")  ? QString() // its own series
                             : !options.groupBy.isEmpty()            ? options.groupBy
                             : groupedTypes().contains(options.type) ? store.groupKey()
                                                                     : QString();
    if (!groupKey.isEmpty()) {
        store.setGroupKey(groupKey);
        options.groups = DatasetGrouping::of(&store)->throughputGroups();
        for (const PooledGroup& group : options.groups)
            if (!group.mixes.isEmpty())
                context.fileWarning(
                    group.name,
                    QStringLiteral("pools %1").arg(group.mixes.join(QStringLiteral("; "))));
    }
    const QString note = figure->draw(store);
    // A plot of many files names the runs it leaves out (bands: the runs but the one drawn).
    if (!note.isEmpty())
        context.fileWarning(options.output, note);
    QString error;
    if (!PlotExporter::save(figure->alone.plot.get(), options.output, options.size, &error)) {
        context.fileProblem(options.output, error);
        return UsageOrNothingUsable;
    }
    return context.exitCode();
}

} // namespace wb::cli
