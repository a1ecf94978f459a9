#include "CliContext.h"
#include "Commands.h"
#include "OptionParser.h"

#include "BandsView.h"
#include "CdfFigure.h"
#include "DatasetStore.h"
#include "DistributionsFigure.h"
#include "FlowBarsFigure.h"
#include "LoadTimeFigure.h"
#include "PlotExporter.h"
#include "ThroughputTimeFigure.h"
#include "TimelineView.h"
#include "ViewSettingsLimits.h"

#include <QApplication>
#include <qcustomplot.h>

#include <memory>

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
        if (lines.drawnAs || TcpStateLines::has(lines, metric))
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
// loadtime stacks three lanes: a column's width, and the height three plots need to read.
constexpr int kLoadTimeHeight = 400;

// The plots still drawn through the window's view; hist and box (DistributionsAlone), cdf and
// ccdf (CdfAlone), flows (FlowBarsAlone), timeseries, cwnd, rtt, retransmits and loadtime
// (Alone) are drawn without one.
std::unique_ptr<WorkbenchView> makeView(const PlotOptions& options, DatasetStore* store) {
    if (options.type == QLatin1String("timeline")) {
        auto view = std::make_unique<TimelineView>(store, nullptr);
        view->setLogY(options.logY);
        return view;
    }
    if (options.type == QLatin1String("bands")) {
        auto view = std::make_unique<BandsView>(store, nullptr);
        view->setLogY(options.logY);
        return view;
    }
    return nullptr;
}

// hist and box: the Distributions figure, drawn without a view.
struct DistributionsAlone {
    std::unique_ptr<QCustomPlot> plot = PlotExporter::detachedPlot();
    DistributionsFigure figure{plot.get()};

    static std::unique_ptr<DistributionsAlone> of(const PlotOptions& options) {
        if (options.type != QLatin1String("hist") && options.type != QLatin1String("box"))
            return nullptr;
        return std::make_unique<DistributionsAlone>();
    }
    // Draws the store; returns what the figure leaves out.
    QString draw(const PlotOptions& options, const DatasetStore& store) {
        DistributionsFigure::Options drawn;
        drawn.mode = options.type == QLatin1String("hist") ? DistributionsFigure::Mode::Histogram
                                                           : DistributionsFigure::Mode::Box;
        drawn.logY = options.logY;
        return figure.draw(store.visibleLatency(), drawn);
    }
};

// cdf and ccdf: the CDF figure, drawn without a view.
struct CdfAlone {
    std::unique_ptr<QCustomPlot> plot = PlotExporter::detachedPlot();
    CdfFigure figure{plot.get()};

    static std::unique_ptr<CdfAlone> of(const PlotOptions& options) {
        if (options.type != QLatin1String("cdf") && options.type != QLatin1String("ccdf"))
            return nullptr;
        auto alone = std::make_unique<CdfAlone>();
        // One option at a time, as the view took them: fitted axis titles keep what each
        // layout taught them (OwnValue), and the exports keep their bytes.
        alone->options.ccdf = options.type == QLatin1String("ccdf");
        if (options.logX) // the axis a new figure has
            alone->options.logX = true;
        alone->figure.setOptions({}, alone->options);
        if (options.linearX) {
            alone->options.logX = false;
            alone->figure.setOptions({}, alone->options);
        }
        return alone;
    }
    // Draws the store; returns what the figure leaves out.
    QString draw(const DatasetStore& store) {
        return figure.draw(store, {}, options); // the CLI does not group runs
    }
    CdfFigure::Options options;
};

// flows: the flow bars figure, drawn without a view; plot never groups runs.
struct FlowBarsAlone {
    std::unique_ptr<QCustomPlot> plot = PlotExporter::detachedPlot();
    FlowBarsFigure figure{plot.get()};

    static std::unique_ptr<FlowBarsAlone> of(const PlotOptions& options) {
        return options.type == QLatin1String("flows") ? std::make_unique<FlowBarsAlone>() : nullptr;
    }
};

// timeseries, cwnd, rtt and retransmits (ThroughputTimeFigure) and loadtime (LoadTimeFigure):
// a figure on a plot of its own, drawn without a view.
template <typename Figure> struct Alone {
    std::unique_ptr<QCustomPlot> plot = PlotExporter::detachedPlot();
    Figure figure{plot.get()};
};

bool parsePlotOptions(const QStringList& args, CliContext& context, PlotOptions* options) {
    OptionParser parser("plot", context);
    auto size = [&](const QString& option, int* into) {
        parser.on(option, [&context, option, into](const QString& text) {
            bool ok = false;
            *into = text.toInt(&ok);
            ok = ok && *into >= 100 && *into <= 10000;
            if (!ok)
                context.usageError(
                    QStringLiteral("%1 must be a size in pixels between 100 and 10000")
                        .arg(option));
            return ok;
        });
    };
    options->size.height = 0;
    parser.on(QStringLiteral("--type"), &options->type);
    parser.on(QStringLiteral("--output"), &options->output);
    size(QStringLiteral("--width"), &options->size.width);
    size(QStringLiteral("--height"), &options->size.height);
    parser.on(QStringLiteral("--title"), &options->size.title);
    parser.on(QStringLiteral("--scale"), &options->size.scale, 0.5, 8, QStringLiteral("a number"));
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
    if (!parser.parse(args, &options->files))
        return false;
    if (options->type.isEmpty() || options->output.isEmpty() || options->files.isEmpty()) {
        context.usageError(
            QStringLiteral("plot needs --type, -o OUT.png|.pdf|.svg and at least one FILE"));
        return false;
    }
    if (options->size.height == 0) // not given
        options->size.height =
            options->type == QLatin1String("loadtime") ? kLoadTimeHeight : ExportOptions().height;
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
    const auto distributions = DistributionsAlone::of(options);
    const auto cdf = CdfAlone::of(options);
    const auto flows = FlowBarsAlone::of(options);
    const std::optional<TcpMetric> tcpMetric = tcpMetricOf(options.type);
    const auto time = tcpMetric || options.type == QLatin1String("timeseries")
                          ? std::make_unique<Alone<ThroughputTimeFigure>>()
                          : nullptr;
    // A TCP metric per flow with the run's line on top; throughput as the window draws it.
    const ThroughputTimeFigure::Options timeOptions{tcpMetric.value_or(TcpMetric::Throughput),
                                                    tcpMetric ? std::optional(true) : std::nullopt};
    const auto load = options.type == QLatin1String("loadtime")
                          ? std::make_unique<Alone<LoadTimeFigure>>()
                          : nullptr;
    const auto view =
        distributions || cdf || flows || time || load ? nullptr : makeView(options, &store);
    if (!view && !distributions && !cdf && !flows && !time && !load) {
        context.usageError(
            QStringLiteral("plot type \"%1\" is not available (cdf, ccdf, timeline, "
                           "bands, hist, box, flows, timeseries, cwnd, rtt, retransmits, loadtime)")
                .arg(options.type));
        return context.exitCode();
    }
    CommonOptions files;
    files.files = options.files;
    // Every plot but the throughput and TCP ones shows latency; loadtime shows both.
    const bool wantsLatency = options.type != QLatin1String("flows") &&
                              options.type != QLatin1String("timeseries") && !tcpMetric;
    const bool wantsBoth = options.type == QLatin1String("loadtime");
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
    if (tcpMetric) {
        dropDatasetsWithout(*tcpMetric, options.type, store, context);
        if (store.entries().empty())
            return UsageOrNothingUsable;
    }
    const QString note = view            ? view->drawingNote()
                         : distributions ? distributions->draw(options, store)
                         : cdf           ? cdf->draw(store)
                         : time ? time->figure.draw(store.visibleThroughput(), {}, timeOptions)
                         : load ? load->figure.draw(store, {})
                                : flows->figure.draw(store.visibleThroughput(), {}, {}, {});
    if (!note.isEmpty()) // a plot of many files names the runs it leaves out
        context.fileWarning(options.output, note);
    // Bands draw one run: say which, and that the others are not in the figure.
    if (const auto* bands = dynamic_cast<const BandsView*>(view.get()))
        if (const DatasetEntry* shown = store.find(bands->shownDataset());
            shown && store.entries().size() > 1)
            context.fileWarning(options.output,
                                QStringLiteral("bands draws one run, %1, and leaves out %2 more: "
                                               "plot one file at a time")
                                    .arg(shown->label)
                                    .arg(store.entries().size() - 1));
    if (view)
        view->resize(options.size.width, options.size.height);
    QString error;
    QCustomPlot* plot = view            ? view->plot()
                        : distributions ? distributions->plot.get()
                        : cdf           ? cdf->plot.get()
                        : time          ? time->plot.get()
                        : load          ? load->plot.get()
                                        : flows->plot.get();
    if (!PlotExporter::save(plot, options.output, options.size, &error)) {
        context.fileProblem(options.output, error);
        return UsageOrNothingUsable;
    }
    return context.exitCode();
}

} // namespace wb::cli
