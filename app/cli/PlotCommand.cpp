#include "CliContext.h"
#include "Commands.h"

#include "BandsView.h"
#include "CdfView.h"
#include "DatasetStore.h"
#include "DistributionsView.h"
#include "FlowBarsView.h"
#include "LoadTimeView.h"
#include "PlotExporter.h"
#include "ThroughputTimeView.h"
#include "TimelineView.h"
#include "ViewSettingsLimits.h"

#include "stats/TcpStateLines.h"

#include <QApplication>

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
    bool heightGiven = false;
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
    std::vector<const Dataset*> datasets;
    for (const DatasetEntry& entry : store.entries())
        datasets.push_back(&entry.dataset());
    const std::vector<TcpDatasetLines> lines = TcpStateLines::of(datasets);
    QList<int> without;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (lines[i].drawnAs || TcpStateLines::has(lines[i], metric))
            continue;
        without << store.entries()[i].id;
        const QString figure = metric == TcpMetric::Cwnd  ? QStringLiteral("congestion window")
                               : metric == TcpMetric::Rtt ? QStringLiteral("RTT")
                                                          : QStringLiteral("retransmission count");
        context.fileProblem(store.entries()[i].dataset().sourceFile,
                            QStringLiteral("no %1 over time in this log, so it is left out of "
                                           "the %2 plot (iperf3 -J, iperf3 text, iperf 2 -e and "
                                           "ss -tin samples have it)")
                                .arg(figure, type));
    }
    store.remove(without);
}
// loadtime stacks three lanes: a column's width, and the height three plots need to read.
constexpr int kLoadTimeHeight = 400;

// Kinds of plot the workbench's views draw; the other types of the contract arrive with
// the latency-over-time views.
std::unique_ptr<WorkbenchView> makeView(const PlotOptions& options, DatasetStore* store) {
    if (options.type == QLatin1String("cdf") || options.type == QLatin1String("ccdf")) {
        auto view = std::make_unique<CdfView>(store, nullptr);
        view->setCcdf(options.type == QLatin1String("ccdf"));
        if (options.logX || options.linearX)
            view->setLogX(options.logX);
        return view;
    }
    if (options.type == QLatin1String("flows"))
        return std::make_unique<FlowBarsView>(store, nullptr);
    if (options.type == QLatin1String("timeseries"))
        return std::make_unique<ThroughputTimeView>(store, nullptr);
    if (const std::optional<TcpMetric> metric = tcpMetricOf(options.type)) {
        auto view = std::make_unique<ThroughputTimeView>(store, nullptr);
        view->setMetric(*metric);
        view->setFlowsChoice(true); // per flow, with the run's SUM or mean on top
        return view;
    }
    if (options.type == QLatin1String("loadtime"))
        return std::make_unique<LoadTimeView>(store, nullptr);
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
    if (options.type == QLatin1String("hist") || options.type == QLatin1String("box")) {
        auto view = std::make_unique<DistributionsView>(store, nullptr);
        view->setMode(options.type == QLatin1String("hist") ? DistributionsView::Mode::Histogram
                                                            : DistributionsView::Mode::Box);
        view->setLogY(options.logY);
        return view;
    }
    return nullptr;
}

bool parsePlotOptions(const QStringList& args, CliContext& context, PlotOptions* options) {
    for (int i = 0; i < args.size(); ++i) {
        const QString& arg = args[i];
        auto next = [&](QString* into) {
            if (i + 1 >= args.size()) {
                context.usageError(QStringLiteral("%1 needs a value").arg(arg));
                return false;
            }
            *into = args[++i];
            return true;
        };
        auto nextInt = [&](int* into) {
            QString text;
            if (!next(&text))
                return false;
            bool ok = false;
            *into = text.toInt(&ok);
            if (!ok || *into < 100 || *into > 10000) {
                context.usageError(
                    QStringLiteral("%1 must be a size in pixels between 100 and 10000").arg(arg));
                return false;
            }
            return true;
        };
        bool ok = true;
        if (arg == QLatin1String("--type"))
            ok = next(&options->type);
        else if (arg == QLatin1String("-o") || arg == QLatin1String("--output"))
            ok = next(&options->output);
        else if (arg == QLatin1String("--width"))
            ok = nextInt(&options->size.width);
        else if (arg == QLatin1String("--height"))
            ok = options->heightGiven = nextInt(&options->size.height);
        else if (arg == QLatin1String("--title"))
            ok = next(&options->size.title);
        else if (arg == QLatin1String("--scale")) {
            QString text;
            if (!next(&text))
                return false;
            const std::optional<double> scale =
                numberOption(arg, text, 0.5, 8, QStringLiteral("a number"), context);
            if (!scale)
                return false;
            options->size.scale = *scale;
        } else if (arg == QLatin1String("--legend")) {
            QString text;
            ok = next(&text);
            bool known = false;
            options->size.legend = LegendLayout::fromName(text, &known);
            if (ok && !known) {
                context.usageError(QStringLiteral("--legend must be one of %1")
                                       .arg(LegendLayout::names().join(QStringLiteral(", "))));
                return false;
            }
        } else if (arg == QLatin1String("--font"))
            ok = next(&options->size.fontFamily);
        else if (arg == QLatin1String("--font-size")) {
            QString text;
            if (!next(&text))
                return false;
            const std::optional<double> size =
                numberOption(arg, text, ViewSettingsLimits::kMinFontSize,
                             ViewSettingsLimits::kMaxFontSize, QStringLiteral("points"), context);
            if (!size)
                return false;
            options->size.fontSize = *size;
        } else if (arg == QLatin1String("--log-x"))
            options->logX = true;
        else if (arg == QLatin1String("--linear-x"))
            options->linearX = true;
        else if (arg == QLatin1String("--log-y"))
            options->logY = true;
        else if (arg.startsWith(QLatin1String("--"))) {
            context.usageError(QStringLiteral("unknown option %1").arg(arg));
            return false;
        } else
            options->files << arg;
        if (!ok)
            return false;
    }
    if (options->type.isEmpty() || options->output.isEmpty() || options->files.isEmpty()) {
        context.usageError(
            QStringLiteral("plot needs --type, -o OUT.png|.pdf|.svg and at least one FILE"));
        return false;
    }
    if (options->type == QLatin1String("loadtime") && !options->heightGiven)
        options->size.height = kLoadTimeHeight;
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
    const auto view = makeView(options, &store);
    if (!view) {
        context.usageError(
            QStringLiteral("plot type \"%1\" is not available (cdf, ccdf, timeline, "
                           "bands, hist, box, flows, timeseries, cwnd, rtt, retransmits, loadtime)")
                .arg(options.type));
        return context.exitCode();
    }
    CommonOptions files;
    files.files = options.files;
    // Every plot but the throughput and TCP ones shows latency; loadtime shows both.
    const std::optional<TcpMetric> tcpMetric = tcpMetricOf(options.type);
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
    if (!view->drawingNote().isEmpty()) // a plot of many files names the runs it leaves out
        context.fileWarning(options.output, view->drawingNote());
    // Bands draw one run: say which, and that the others are not in the figure.
    if (const auto* bands = dynamic_cast<const BandsView*>(view.get()))
        if (const DatasetEntry* shown = store.find(bands->shownDataset());
            shown && store.entries().size() > 1)
            context.fileWarning(options.output,
                                QStringLiteral("bands draws one run, %1, and leaves out %2 more: "
                                               "plot one file at a time")
                                    .arg(shown->label)
                                    .arg(store.entries().size() - 1));
    view->resize(options.size.width, options.size.height);
    QString error;
    if (!PlotExporter::save(view->plot(), options.output, options.size, &error)) {
        context.fileProblem(options.output, error);
        return UsageOrNothingUsable;
    }
    return context.exitCode();
}

} // namespace wb::cli
