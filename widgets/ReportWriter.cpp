#include "ReportWriter.h"

#include "DatasetGrouping.h"
#include "ViewSettingsLimits.h"

#include "BandsFigure.h"
#include "BandsView.h"
#include "CdfFigure.h"
#include "CdfView.h"
#include "DatasetStore.h"
#include "DistributionsFigure.h"
#include "DistributionsView.h"
#include "FlowBarsFigure.h"
#include "FlowBarsView.h"
#include "LoadTimeFigure.h"
#include "LoadTimeView.h"
#include "PercentileView.h"
#include "ReportDocument.h"
#include "ReportHtml.h"
#include "ReportPdf.h"
#include "SweepFigure.h"
#include "SweepPlotSource.h"
#include "SweepView.h"
#include "ThroughputTimeFigure.h"
#include "ThroughputTimeView.h"
#include "TimelineFigure.h"
#include "TimelineView.h"
#include "report/SweepReport.h"

#include <QFileInfo>
#include <qcustomplot.h>

#include <algorithm>
#include <limits>

namespace wb {

namespace {

// A figure fills the text width of an A4 page with 2 cm margins (480 pt). Its height is
// whatever leaves the data kDataHeight: legends, loss strips and run labels above or below
// the axis rect take what they need on top, so the data has the same room in every figure.
// In points; figures are laid out in units of 1/ExportOptions::layoutDpi() inch.
constexpr double kFigureWidth = 480;
constexpr double kDataHeight = 220;
constexpr double kMaxFigureHeight = 540; // with a heading and its caption, on one page
// How much taller a figure gets per try when its text would shrink (PlotStyle::fitToSize).
constexpr double kTextRoomStep = 30;

// The report's figure settings (ReportSource::kFigureSettings): where legends go, the font.
ExportOptions figureStyle(const ReportSource& source) {
    const QJsonObject settings = source.viewSettings.value(ReportSource::kFigureSettings);
    ExportOptions style;
    style.legend =
        LegendLayout::fromName(settings.value(QStringLiteral("legend")).toString(), nullptr);
    const QString family = settings.value(QStringLiteral("fontFamily")).toString();
    if (family.size() <= ViewSettingsLimits::kMaxFontFamilyLength)
        style.fontFamily = family;
    style.fontSize = ViewSettingsLimits::number(
        settings, QLatin1String(ReportSource::kFigureSettings), QStringLiteral("fontSize"), 0);
    return style;
}

// The smallest text the laid-out plot draws, in points: tick labels, axis titles, legends,
// titles and text items.
double smallestTextPoints(QCustomPlot* plot) {
    double smallest = std::numeric_limits<double>::infinity();
    const auto see = [&smallest](const QFont& font) {
        smallest = std::min(smallest, font.pointSizeF());
    };
    for (QCPAxisRect* rect : plot->axisRects())
        if (rect->visible())
            for (QCPAxis* axis : rect->axes()) {
                if (!axis->visible())
                    continue;
                if (axis->tickLabels())
                    see(axis->tickLabelFont());
                if (!axis->label().isEmpty())
                    see(axis->labelFont());
            }
    for (QCPLayoutElement* element : plot->plotLayout()->elements(true)) {
        if (auto* legend = qobject_cast<QCPLegend*>(element);
            legend && legend->visible() && legend->itemCount() > 0)
            see(legend->font());
        else if (auto* text = qobject_cast<QCPTextElement*>(element);
                 text && text->visible() && !text->text().isEmpty())
            see(text->font());
    }
    for (int i = 0; i < plot->itemCount(); ++i)
        if (auto* text = qobject_cast<QCPItemText*>(plot->item(i));
            text && text->visible() && !text->text().isEmpty())
            see(text->font());
    return smallest;
}

ExportOptions figureSize(QCustomPlot* plot, const ExportOptions& style) {
    const auto units = [](double points) {
        return qRound(points * ExportOptions::layoutDpi() / 72);
    };
    const int dataHeight = units(kDataHeight);
    ExportOptions size = style;
    size.points = QSizeF(kFigureWidth, kDataHeight + 60);
    // A few times: where a legend goes, and how small its text must be for the data to keep
    // its share of the height (PlotStyle::fitToSize), depend on the height it is given.
    for (int pass = 0; pass < 4; ++pass) {
        PlotExporter::layOut(plot, size);
        const int data = plot->xAxis->axisRect()->height();
        if (data == dataHeight)
            break;
        const int height = std::clamp(size.layoutSize().height() + dataHeight - data, dataHeight,
                                      units(kMaxFigureHeight));
        if (height == size.layoutSize().height())
            break;
        size.points.setHeight(ExportOptions::ofLayoutSize(QSize(1, height)).points.height());
    }
    // Where text shrank below the captions' size for the data to keep its share, taller in
    // steps until it need not: the least height that gives the text the most room.
    double smallest = smallestTextPoints(plot);
    ExportOptions best = size;
    double bestSmallest = smallest;
    while (smallest < ReportDocument::kCaptionPoints - 1e-9 &&
           size.points.height() + kTextRoomStep <= kMaxFigureHeight) {
        size.points.setHeight(size.points.height() + kTextRoomStep);
        PlotExporter::layOut(plot, size);
        smallest = smallestTextPoints(plot);
        if (smallest > bestSmallest + 1e-9) {
            best = size;
            bestSmallest = smallest;
        }
    }
    if (best.points != size.points)
        PlotExporter::layOut(plot, best);
    return best;
}

// What each figure shows, by the view's export name; axis titles carry the units.
QString captionOf(const QString& exportName) {
    static const QMap<QString, QString> captions{
        {"latency-cdf", "Empirical CDF of the round-trip time, one curve per run."},
        {"latency-ccdf", "Complementary CDF (1 − F) of the round-trip time, one curve per run: "
                         "the tail of the distribution."},
        {"rtt-timeline", "Round-trip time of every reply over the course of each run; lost "
                         "requests are marked on the strip above the plot."},
        {"rtt-bands", "Round-trip time per window of replies over the course of the run: the "
                      "median as a line inside percentile bands."},
        {"rtt-histogram", "Histograms of the round-trip time of each run, in common bins."},
        {"rtt-boxplots", "Box plots of the round-trip time of each run: the box spans p25 to "
                         "p75 with the median inside; the line under the plot says where the "
                         "whiskers end."},
        {"flow-bars", "Mean throughput of each flow over the whole run; the runs stand side by "
                      "side at each flow position."},
        {"throughput-time", "Throughput per report interval over the course of each run: every "
                            "flow as a thin line, their SUM as a thick one."},
        {"tcp-cwnd-time", "Congestion window of each flow over the course of each run, at the "
                          "end of each report interval or ss sample; the thick line is the mean "
                          "of the flows. The legend names where each run's TCP state was read."},
        {"tcp-rtt-time", "Smoothed RTT of each flow over the course of each run, shaded ± "
                         "rttvar where the log has it; the thick line is the mean of the flows. "
                         "The legend names where each run's TCP state was read."},
        {"sweep", "The measured value against the configured one: a point per configured value "
                  "(and group) of the sweep, as its table lists them."},
        {"load-time", "A latency-under-load step on one time axis: the ping RTT (lost requests "
                      "marked at the top), the throughput of every flow and their SUM, and a TCP "
                      "metric of each flow from the source its lane names; the load is shaded."},
    };
    return captions.value(exportName);
}

// Builds the document from fresh figures over the store (not the window's views, whose size
// is the screen's), set up with the workbench's view settings. The builder owns the plots the
// document points to, so it lives until the document is written.
class ReportBuilder {
public:
    ReportBuilder(DatasetStore* store, const ReportSource& source)
        : m_store(store), m_source(source) {}

    const ReportDocument& build() {
        const ReportContent content = m_source.content(*m_store);
        m_document.title = content.title;
        m_document.subtitle = ReportSource::subtitle(*m_store);
        addRuns(content);
        addLatency();
        addThroughput(content);
        addLoadTime(content);
        addSweep();
        addComparisons(content);
        addProblems(content);
        return m_document;
    }

private:
    // The view's settings, and the key they are kept under (it names them in warnings).
    template <typename View> static QString keyOf() {
        return QLatin1String(View::staticMetaObject.className());
    }
    template <typename View> QJsonObject settingsOf() const {
        return m_source.viewSettings.value(keyOf<View>());
    }

    // A figure on a plot of its own, kept until the document is written.
    template <typename Figure> std::pair<QCustomPlot*, Figure*> newFigure() {
        FigureAlone& alone = m_figures.emplace_back();
        return {alone.plot.get(), &alone.make<Figure>()};
    }

    // The Distributions figure in `mode`, without a view, with the view's other settings.
    void addDistributions(DistributionsFigure::Mode mode) {
        auto options = DistributionsFigure::Options::fromSettings(settingsOf<DistributionsView>(),
                                                                  keyOf<DistributionsView>());
        options.mode = mode;
        auto [plot, figure] = newFigure<DistributionsFigure>();
        addFigure(plot, DistributionsFigure::exportName(mode),
                  figure->draw(m_store->visibleLatency(), options));
    }

    // The CDF figure, without a view, with the view's settings.
    void addCdf() {
        const auto options = CdfFigure::Options::fromSettings(settingsOf<CdfView>());
        auto [plot, figure] = newFigure<CdfFigure>();
        addFigure(plot, CdfFigure::exportName(options.ccdf),
                  figure->draw(*m_store, DatasetGrouping::of(m_store)->latencyGroups(), options));
    }

    // The flow bars without a view, with the view's settings.
    void addFlowBars() {
        const auto options = FlowBarsFigure::Options::fromSettings(settingsOf<FlowBarsView>());
        auto [plot, figure] = newFigure<FlowBarsFigure>();
        addFigure(plot, FlowBarsFigure::exportName(),
                  figure->draw(m_store->visibleThroughput(),
                               DatasetGrouping::of(m_store)->throughputGroups(),
                               m_store->groupKey(), options));
    }

    // The throughput-over-time figure of `metric`, without a view, with the view's settings.
    void addThroughputTime(TcpMetric metric) {
        auto options =
            ThroughputTimeFigure::Options::fromSettings(settingsOf<ThroughputTimeView>());
        options.metric = metric;
        auto [plot, figure] = newFigure<ThroughputTimeFigure>();
        addFigure(plot, ThroughputTimeFigure::exportName(metric),
                  figure->draw(m_store->visibleThroughput(),
                               DatasetGrouping::of(m_store)->throughputGroups(), options));
    }

    // RTT over time without a view, with the view's settings.
    void addTimeline() {
        const auto options = TimelineFigure::Options::fromSettings(settingsOf<TimelineView>(),
                                                                   keyOf<TimelineView>(), {});
        auto [plot, figure] = newFigure<TimelineFigure>();
        addFigure(plot, TimelineFigure::exportName(),
                  figure->draw(m_store->visibleLatency(), options));
    }

    // The percentile bands without a view, with the view's settings.
    void addBands() {
        const auto options =
            BandsFigure::Options::fromSettings(settingsOf<BandsView>(), keyOf<BandsView>(), {});
        auto [plot, figure] = newFigure<BandsFigure>();
        figure->draw(*m_store, options);
        addFigure(plot, BandsFigure::exportName(), {});
    }

    void addFigure(QCustomPlot* plot, const QString& exportName, const QString& note) {
        QString caption = captionOf(exportName);
        if (!note.isEmpty()) // what a figure of many runs leaves out
            caption += QLatin1Char(' ') + note;
        m_document.addFigure(plot, figureSize(plot, figureStyle(m_source)), caption, exportName);
    }

    void addRuns(const ReportContent& content) {
        m_document.addSection(QStringLiteral("Runs"));
        m_document.addParagraph(
            QStringLiteral("Each run is one raw log as the workbench shows it. Columns that no "
                           "run has a value for are left out."));
        m_document.addTable(content.runs);
        if (!content.environment.rows.empty())
            m_document.addTable(content.environment);
        if (!content.metadataNote.isEmpty())
            m_document.addParagraph(content.metadataNote);
    }

    void addLatency() {
        if (m_store->visibleLatency().empty())
            return;
        m_document.addSection(QStringLiteral("Latency"));
        m_document.addParagraph(QStringLiteral(
            "Round-trip times in milliseconds unless a header says otherwise. Percentiles are "
            "exact, by linear interpolation between the closest ranks (numpy's default); the "
            "standard deviation is the population one. Duplicate replies are counted but not "
            "sampled."));
        addCdf();
        addTimeline();
        addBands();
        for (auto mode : {DistributionsFigure::Mode::Histogram, DistributionsFigure::Mode::Box})
            addDistributions(mode);
        PercentileView percentiles(m_store, nullptr);
        percentiles.restoreSettings(settingsOf<PercentileView>());
        percentiles.bringUpToDate();
        Table table = percentiles.currentTable();
        // Grouped, the table says which kind of figures its group rows show.
        table.caption = DatasetGrouping::of(m_store)->active()
                            ? table.caption
                            : QStringLiteral("Round-trip time statistics of each run (%1)")
                                  .arg(table.caption.toLower());
        m_document.addTable(table);
    }

    void addThroughput(const ReportContent& content) {
        if (m_store->visibleThroughput().empty())
            return;
        m_document.addSection(QStringLiteral("Throughput"));
        m_document.addParagraph(QStringLiteral(
            "Throughput in Mbits/s (10⁶ bits per second). Whole-run figures use the receiver's "
            "report where the log has one. Jain's fairness index is (Σx)² / (n·Σx²) over the "
            "mean throughput x of the n flows: 1 when all flows get the same."));
        addFlowBars();
        addThroughputTime(TcpMetric::Throughput); // the tab may show another metric
        for (TcpMetric metric : content.tcpFigures)
            addThroughputTime(metric);
        m_document.addTable(content.throughput);
        if (!content.tcp.rows.empty()) {
            m_document.addParagraph(QStringLiteral(
                "The TCP senders' state over each run, all flows together: the congestion "
                "window (KBytes of 1024 bytes) and smoothed RTT over every sample, "
                "retransmissions over the run and per 10⁶ bytes sent, and where it was read."));
            m_document.addTable(content.tcp);
        }
    }

    void addLoadTime(const ReportContent& content) {
        if (!content.latencyUnderLoad)
            return;
        m_document.addSection(QStringLiteral("Latency under load"));
        m_document.addParagraph(QStringLiteral(
            "The step's members on one time axis, placed by the wall-clock start each recorded: "
            "what the latency did while the flows ran."));
        auto [plot, figure] = newFigure<LoadTimeFigure>();
        addFigure(plot, LoadTimeFigure::exportName(),
                  figure->draw(*m_store,
                               LoadTimeFigure::Options::fromSettings(settingsOf<LoadTimeView>())));
        for (const Table& table : content.loadPhases)
            m_document.addTable(table);
    }

    // The Sweep tab's sweep, when its parameter was chosen (a workspace keeps it): its figure
    // with the tab's axes and error bars, and what it plots in the caption.
    void addSweep() {
        const QJsonObject settings = settingsOf<SweepView>();
        if (settings.value(QStringLiteral("parameter")).toString().isEmpty())
            return;
        SweepView view(m_store, nullptr);
        view.restoreSettings(settings);
        view.bringUpToDate();
        const SweepPlotData data = SweepPlotSource::of(view.table(), view.errorBars());
        if (data.empty())
            return;
        m_document.addSection(QStringLiteral("Sweep"));
        auto [plot, figure] = newFigure<SweepFigure>();
        const SweepTable& table = view.table();
        QStringList notes{
            QStringLiteral("%1 against configured %2.").arg(table.metric.title, table.parameter),
            SweepPlotSource::noteOf(data), figure->draw(data, view.axes())};
        notes.removeAll(QString());
        addFigure(plot, SweepFigure::exportName(), notes.join(QLatin1Char(' ')));
        // Its rows: configured, measured, % of configured, spread, runs, the binomial check.
        m_document.addTable(SweepReport::table(table, SweepReport::Units::InCells));
    }

    void addComparisons(const ReportContent& content) {
        if (content.comparisons.empty() && content.groupSummaries.empty())
            return;
        m_document.addSection(QStringLiteral("Comparisons"));
        for (const Table& table : content.groupSummaries)
            m_document.addTable(table);
        if (content.comparisons.empty())
            return;
        m_document.addParagraph(
            content.comparisonNotes.join(QLatin1Char(' ')) +
            QStringLiteral(" Differences are B − A, ratios B / A; confidence intervals come "
                           "from a seeded bootstrap, so the same logs give the same report."));
        for (const ReportComparison& comparison : content.comparisons) {
            m_document.addSubsection(comparison.title);
            m_document.addParagraph(comparison.summary);
            for (const Table& table : comparison.tables)
                m_document.addTable(table);
        }
    }

    void addProblems(const ReportContent& content) {
        m_document.addSection(QStringLiteral("Problems found while reading the logs"));
        if (content.warnings.rows.empty()) {
            m_document.addParagraph(
                QStringLiteral("Every log was read without parse errors, range errors or "
                               "warnings."));
            return;
        }
        m_document.addParagraph(
            QStringLiteral("%1 problem(s) in all. Lines are numbered from 1 in the raw log; "
                           "a parse error is a data line that could not be read, a range error "
                           "a value that cannot be right.")
                .arg(content.issueCount));
        m_document.addTable(content.warnings);
    }

    DatasetStore* m_store;
    const ReportSource& m_source;
    std::vector<FigureAlone> m_figures; // drawn without a view
    ReportDocument m_document;
};

} // namespace

QString ReportWriter::formatOf(const QString& path) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("pdf"))
        return suffix;
    if (suffix == QLatin1String("html") || suffix == QLatin1String("htm"))
        return QStringLiteral("html");
    return {};
}

bool ReportWriter::write(DatasetStore* store, const ReportSource& source, const QString& path,
                         QString* error, ReportPdfLayout* pdfLayout) {
    const QString format = formatOf(path);
    if (format.isEmpty()) {
        if (error)
            *error = QStringLiteral("unknown report type (use .pdf or .html)");
        return false;
    }
    ReportBuilder builder(store, source);
    const ReportDocument& document = builder.build();
    return format == QLatin1String("pdf") ? ReportPdf::write(document, path, error, pdfLayout)
                                          : ReportHtml::write(document, path, error);
}

} // namespace wb
