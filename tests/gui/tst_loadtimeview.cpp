// The Load-over-time tab on the latency-under-load recording of tests/data/loadtime: lanes
// that share one time axis, each labelled, the load shaded, the RTT points where the ping's
// timestamps put them.

#include "DatasetStore.h"
#include "LaneTitles.h"
#include "LoadTimeView.h"
#include "PlotExporter.h"
#include "PlotStyle.h"
#include "ReportWriter.h"
#include "StoreSupport.h"
#include "TestSupport.h"

#include <QDir>
#include <QJsonObject>
#include <QMenu>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <qcustomplot.h>

#include <limits>

using namespace wb;

namespace {

QDir recording() {
    return QDir(test::dataPath(QStringLiteral("loadtime")));
}

// Every dataset of every log of the recording, as the workbench imports them.
void addRecording(DatasetStore& store, const QDir& folder = recording()) {
    for (const QString& log :
         folder.entryList({QStringLiteral("*.log")}, QDir::Files, QDir::Name)) {
        ImportResult result = FileImporter::importFile(folder.filePath(log));
        QVERIFY2(result.ok(), qPrintable(log));
        store.add(DatasetEntry::fromImport(std::move(result)));
    }
}

// A second latency-under-load step, recorded half an hour after the first.
QDir secondStep() {
    return QDir(test::samplePath(QStringLiteral("latency-under-load")));
}

// The SUM of one step's flows as the figure should draw it, worked out here from the
// flows' intervals (each interval's rate from its start to its end, on the step's axis whose
// zero is the earliest recorded start of its members; the ss sampler is no member that is
// drawn).
double sumAt(const DatasetStore& store, const QString& step, double t) {
    qint64 originMs = std::numeric_limits<qint64>::max();
    for (const DatasetEntry& entry : store.entries())
        if (entry.dataset().info.parameters.value("step") == step &&
            !entry.dataset().info.parameters.value("member").isEmpty() &&
            entry.dataset().info.tool != QLatin1String("ss") &&
            entry.dataset().info.start.isValid())
            originMs = std::min(originMs, entry.dataset().info.start.toMSecsSinceEpoch());
    double sum = 0;
    for (const DatasetEntry& entry : store.entries())
        if (entry.dataset().info.parameters.value("step") == step && !entry.isLatency() &&
            entry.dataset().info.tool != QLatin1String("ss"))
            for (const Flow& flow : entry.dataset().flows.flows)
                for (const FlowInterval& interval : flow.intervals) {
                    const double offset =
                        double(entry.dataset().info.start.toMSecsSinceEpoch() - originMs) / 1000;
                    if (offset + interval.start <= t && t < offset + interval.end)
                        sum += interval.bitsPerSecond;
                }
    return sum / PlotStyle::kBitsPerMbit;
}

// The wall-clock start (or end) a member's sidecar recorded, read from the JSON itself.
qint64 recordedStartMs(const QString& log, const char* key = "start") {
    const QString sidecar =
        QString(log).replace(QStringLiteral(".log"), QStringLiteral(".run.json"));
    const QJsonObject root =
        QJsonDocument::fromJson(test::readAll(recording().filePath(sidecar))).object();
    return QDateTime::fromString(root.value(QLatin1String(key)).toString(), Qt::ISODateWithMs)
        .toMSecsSinceEpoch();
}

const DatasetEntry* entryOf(const DatasetStore& store, const QString& tool) {
    for (const DatasetEntry& entry : store.entries())
        if (entry.dataset().info.tool == tool)
            return &entry;
    return nullptr;
}

// An axis title as one line: the plot breaks long ones to fit the lane.
// A graph's point drawn under the legend ("lane label (key, value)"); empty when none is.
QString pointUnderLegend(QCustomPlot* plot) {
    const QRectF legend = plot->legend->outerRect();
    for (int i = 0; i < plot->graphCount(); ++i) {
        const QCPGraph* graph = plot->graph(i);
        const QRectF lane = graph->keyAxis()->axisRect()->rect();
        for (const QCPGraphData& point : *graph->data()) {
            const QPointF at(graph->keyAxis()->coordToPixel(point.key),
                             graph->valueAxis()->coordToPixel(point.value));
            if (lane.contains(at) && legend.contains(at))
                return QStringLiteral("%1 (%2, %3)")
                    .arg(graph->name())
                    .arg(point.key)
                    .arg(point.value);
        }
    }
    return {};
}

QString titleOf(const QCPAxis* axis) {
    return axis->label().replace(QLatin1Char('\n'), QLatin1Char(' '));
}

QCPRange xRange(LoadTimeView& view, LoadTimeFigure::Lane lane) {
    return view.figure().lane(LoadTimeFigure::Lane(lane))->axis(QCPAxis::atBottom)->range();
}

} // namespace

class TstLoadTimeView : public QObject {
    Q_OBJECT

private slots:
    void lanesShareOneTimeAxis() {
        DatasetStore store;
        addRecording(store);
        LoadTimeView view(&store);
        view.resize(900, 700);
        view.plot()->replot();
        const QCPRange first = xRange(view, LoadTimeFigure::LatencyLane);
        QVERIFY(first.size() > 15); // the whole step, about 20 s
        for (auto lane : {LoadTimeFigure::ThroughputLane, LoadTimeFigure::TcpLane})
            QCOMPARE(xRange(view, lane), first);
        // Zoom one lane: the others follow; pan another: the same.
        view.figure()
            .lane(LoadTimeFigure::ThroughputLane)
            ->axis(QCPAxis::atBottom)
            ->scaleRange(0.25, 8);
        const QCPRange zoomed = xRange(view, LoadTimeFigure::ThroughputLane);
        QVERIFY(zoomed.size() < first.size() / 2);
        QCOMPARE(xRange(view, LoadTimeFigure::LatencyLane), zoomed);
        QCOMPARE(xRange(view, LoadTimeFigure::TcpLane), zoomed);
        view.figure().lane(LoadTimeFigure::TcpLane)->axis(QCPAxis::atBottom)->moveRange(3);
        QCOMPARE(xRange(view, LoadTimeFigure::LatencyLane).lower, zoomed.lower + 3);
        QCOMPARE(xRange(view, LoadTimeFigure::ThroughputLane),
                 xRange(view, LoadTimeFigure::TcpLane));
        // Only the bottom lane carries the time axis' numbers and title.
        QVERIFY(!view.figure()
                     .lane(LoadTimeFigure::LatencyLane)
                     ->axis(QCPAxis::atBottom)
                     ->tickLabels());
        QVERIFY(!view.figure()
                     .lane(LoadTimeFigure::ThroughputLane)
                     ->axis(QCPAxis::atBottom)
                     ->tickLabels());
        QVERIFY(view.figure().lane(LoadTimeFigure::TcpLane)->axis(QCPAxis::atBottom)->tickLabels());
        const QString time =
            titleOf(view.figure().lane(LoadTimeFigure::TcpLane)->axis(QCPAxis::atBottom));
        QVERIFY2(time.contains(QStringLiteral("start")), qPrintable(time));
        view.resetView();
        QCOMPARE(xRange(view, LoadTimeFigure::TcpLane), first);
    }

    // The latency lane names the tool that measured (when every run drawn has the same) and
    // the metric the window shows.
    void latencyLaneNamesToolAndMetric() {
        DatasetStore store;
        test::addLog(store, QStringLiteral(WIREBENCH_TEST_DATA_DIR "/irtt/irtt-loss-updown.json"),
                     QStringLiteral("irtt"));
        LoadTimeView view(&store);
        const auto label = [&view] {
            return titleOf(view.figure().lane(LoadTimeFigure::LatencyLane)->axis(QCPAxis::atLeft));
        };
        QCOMPARE(label(), QStringLiteral("irtt RTT (ms)"));
        store.setLatencyMetric(LatencyMetric::SendDelay);
        QTRY_COMPARE(label(), QStringLiteral("irtt send delay (ms)"));
        store.setLatencyMetric(LatencyMetric::Rtt);
        Dataset ping;
        ping.info.tool = QStringLiteral("ping");
        ping.latency.rttMs = {0.5, 0.6};
        ping.latency.sequence = {1, 2};
        ping.latency.timestamps = {1764633228.25, 1764633228.35};
        test::addDataset(store, ping, QStringLiteral("ping-D"));
        QTRY_COMPARE(label(), QStringLiteral("RTT (ms)"));
    }

    // A loss is marked at the RTT lane's top, below the lane's title when that is inside it:
    // at a paper column (titles inside) and at the window's size (titles turned).
    void lostMarksStayBelowTheTitle() {
        DatasetStore store;
        test::addLog(store, QStringLiteral(WIREBENCH_TEST_DATA_DIR "/irtt/irtt-loss-updown.json"),
                     QStringLiteral("irtt"));
        LoadTimeView view(&store);
        for (const QSize layout : {QSize(252, 180), QSize(800, 600)}) {
            ExportOptions size;
            size.points = ExportOptions::ofLayoutSize(layout).points;
            PlotExporter::layOut(view.plot(), size);
            QCPAxisRect* rtt = view.figure().lane(LoadTimeFigure::LatencyLane);
            const QCPGraph* marks = nullptr;
            for (const QCPGraph* graph : rtt->graphs())
                if (graph->valueAxis() == rtt->axis(QCPAxis::atRight))
                    marks = graph;
            QVERIFY(marks && marks->dataCount() > 0);
            const double markTop = marks->valueAxis()->coordToPixel(marks->data()->at(0)->value) -
                                   marks->scatterStyle().size() / 2;
            QVERIFY(markTop >= rtt->top());
            if (const QCPItemText* title =
                    view.figure().laneTitles().insideTitle(LoadTimeFigure::LatencyLane))
                QVERIFY2(
                    markTop >= title->bottom->pixelPosition().y(),
                    qPrintable(QStringLiteral("%1 px: mark top %2 (lane top %4), title bottom %3")
                                   .arg(layout.width())
                                   .arg(markTop)
                                   .arg(rtt->top())
                                   .arg(title->bottom->pixelPosition().y())));
            else
                QVERIFY(layout.width() > 480);
        }
    }

    void everyLaneLabelledNoLegend() {
        DatasetStore store;
        addRecording(store);
        LoadTimeView view(&store);
        const auto label = [&](LoadTimeFigure::Lane lane) {
            return titleOf(view.figure().lane(LoadTimeFigure::Lane(lane))->axis(QCPAxis::atLeft));
        };
        QVERIFY2(label(LoadTimeFigure::LatencyLane).startsWith(QStringLiteral("ping RTT (ms)")),
                 qPrintable(label(LoadTimeFigure::LatencyLane)));
        QVERIFY(label(LoadTimeFigure::ThroughputLane).contains(QStringLiteral("(Mbit/s)")));
        // The TCP lane names its metric, unit and source: the step's ss samples.
        QVERIFY2(label(LoadTimeFigure::TcpLane).contains(QStringLiteral("cwnd (kB)")) &&
                     label(LoadTimeFigure::TcpLane).contains(QStringLiteral("ss -tin samples")),
                 qPrintable(label(LoadTimeFigure::TcpLane)));
        // The legend says which run is which colour, over no data.
        ExportOptions size;
        size.points = ExportOptions::ofLayoutSize(QSize(480, 640)).points;
        PlotExporter::layOut(view.plot(), size);
        QVERIFY(view.plot()->legend->visible());
        const QString covered = pointUnderLegend(view.plot());
        QVERIFY2(covered.isEmpty(), qPrintable(covered));
        QVERIFY(view.figure().sumGraph() && view.figure().sumGraph()->dataCount() > 10);
        view.setTcpMetric(TcpMetric::Rtt);
        QVERIFY(label(LoadTimeFigure::TcpLane).contains(QStringLiteral("sRTT (ms)")));
        // The choice is a view setting of the workspace.
        LoadTimeView other(&store);
        other.restoreSettings(view.saveSettings());
        QCOMPARE(other.options().tcpMetric, TcpMetric::Rtt);
        for (int lane = 0; lane < LoadTimeFigure::kLaneCount; ++lane)
            QVERIFY(view.figure().lane(LoadTimeFigure::Lane(lane))->graphs().size() > 0);
    }

    void loadPeriodShadedInEveryLane() {
        DatasetStore store;
        addRecording(store);
        LoadTimeView view(&store);
        // Independently: the load members' sidecar starts and ends, which bound the load phase
        // (LoadPhases), from the JSON itself.
        qint64 origin = std::numeric_limits<qint64>::max();
        const QStringList logs = recording().entryList({QStringLiteral("*.log")});
        // The axis' zero: the first member's start (the ss sampler is not a member drawn).
        for (const QString& log : logs)
            if (!log.endsWith(QLatin1String(".ss.log")))
                origin = std::min(origin, recordedStartMs(log));
        double start = std::numeric_limits<double>::max();
        double end = 0;
        for (const DatasetEntry& entry : store.entries()) {
            if (entry.dataset().info.tool != QLatin1String("iperf3"))
                continue;
            const QString log = QFileInfo(entry.dataset().sourceFile).fileName();
            start = std::min(start, double(recordedStartMs(log) - origin) / 1000);
            end = std::max(end, double(recordedStartMs(log, "end") - origin) / 1000);
        }
        QVERIFY(start > 4 && end > start + 9);
        for (int lane = 0; lane < LoadTimeFigure::kLaneCount; ++lane) {
            const QCPItemRect* shade = view.figure().loadShade(LoadTimeFigure::Lane(lane));
            QVERIFY(shade);
            QCOMPARE(shade->clipAxisRect(), view.figure().lane(LoadTimeFigure::Lane(lane)));
            QCOMPARE(shade->topLeft->coords().x(), start);
            QCOMPARE(shade->bottomRight->coords().x(), end);
            QCOMPARE(shade->topLeft->coords().y(), 0.0); // the lane's full height
            QCOMPARE(shade->bottomRight->coords().y(), 1.0);
        }
    }

    // The ping's phases named over their spans at the top of the RTT lane, with the figures
    // of LoadPhases, and listed in the table under the plot; none named when steps overlay.
    void phasesLabelledAndTabled() {
        DatasetStore store;
        addRecording(store);
        LoadTimeView view(&store);
        const LoadTimeFigure& figure = view.figure();
        QCOMPARE(figure.phases().size(), std::size_t(1));
        const LoadPhases& phases = figure.phases().front();
        QCOMPARE(phases.pings().size(), std::size_t(1));
        QCOMPARE(figure.phaseLabels().size(), LoadPhases::kPhaseCount);
        for (std::size_t p = 0; p < LoadPhases::kPhaseCount; ++p) {
            const auto& [x, text] = figure.phaseLabels()[p];
            const LoadPhases::PhaseLatency& phase = phases.pings().front().phases[p];
            QCOMPARE(x, (phase.from + phase.to) / 2);
            QCOMPARE(text, LoadPhases::phaseName(phase.phase));
        }
        // On the RTT lane's top axis, which shows them.
        QCPAxis* top = figure.lane(LoadTimeFigure::LatencyLane)->axis(QCPAxis::atTop);
        QVERIFY(top->visible() && top->tickLabels());
        const auto ticker = top->ticker().dynamicCast<QCPAxisTickerText>();
        QVERIFY(ticker);
        QCOMPARE(ticker->ticks().size(), int(LoadPhases::kPhaseCount));
        for (const auto& [x, text] : figure.phaseLabels())
            QCOMPARE(ticker->ticks().value(x), text);
        // The shade is the load phase.
        QCOMPARE(figure.loadShade(LoadTimeFigure::LatencyLane)->topLeft->coords().x(),
                 phases.load()->first);
        const QTableWidget* table = view.phaseTable();
        QVERIFY(!table->isHidden());
        QCOMPARE(table->rowCount(), int(LoadPhases::kPhaseCount));
        QCOMPARE(table->item(1, 2)->text(), LoadPhases::phaseName(LoadPhases::Phase::UnderLoad));
        // One step, one ping: their names are not repeated on every row.
        QVERIFY(table->isColumnHidden(0) && table->isColumnHidden(1));
        QCOMPARE(table->item(1, 5)->text(),
                 QString::number(phases.pings().front().phases[1].replies));

        addRecording(store, secondStep());
        QCOMPARE(figure.phases().size(), std::size_t(2));
        QVERIFY(figure.phaseLabels().empty());
        QVERIFY(!top->visible());
        QCOMPARE(table->rowCount(), int(2 * LoadPhases::kPhaseCount));
        QVERIFY(!table->isColumnHidden(0)); // which step each row is of
        // Without a ping there are no phases, and no table.
        for (const DatasetEntry& entry : store.entries())
            if (entry.isLatency())
                store.setVisible(entry.id, false);
        QVERIFY(figure.phases().empty());
        QVERIFY(table->isHidden());
    }

    void rttPointsAreTimestampsLessStart() {
        DatasetStore store;
        addRecording(store);
        LoadTimeView view(&store);
        const DatasetEntry* ping = entryOf(store, QStringLiteral("ping"));
        QVERIFY(ping && ping->dataset().latency.hasTimestamps());
        const qint64 start = recordedStartMs(QFileInfo(ping->dataset().sourceFile).fileName());
        // The ping is the step's first member: its start is the axis' zero.
        QCOMPARE(*view.figure().timeline().originMs(), start);
        const QCPGraph* graph = view.figure().rttGraphOf(ping->id);
        QVERIFY(graph);
        const LatencySeries& series = ping->dataset().latency;
        QCOMPARE(graph->dataCount(), int(series.size()));
        for (std::size_t i = 0; i < series.size(); ++i) {
            const auto point = graph->data()->at(int(i));
            QCOMPARE(point->key, series.timestamps[i] - double(start) / 1000);
            QCOMPARE(point->value, series.rttMs[i]);
        }
        // The RTT rises while the flows fill the bottleneck's queue.
        double idle = 0, loaded = 0;
        int idleCount = 0, loadedCount = 0;
        for (std::size_t i = 0; i < series.size(); ++i) {
            const double t = graph->data()->at(int(i))->key;
            if (t < 4)
                idle += series.rttMs[i], ++idleCount;
            else if (t > 8 && t < 14)
                loaded += series.rttMs[i], ++loadedCount;
        }
        QVERIFY(idleCount > 10 && loadedCount > 10);
        QVERIFY2(
            loaded / loadedCount > 10 * idle / idleCount,
            qPrintable(QStringLiteral("%1 vs %2").arg(loaded / loadedCount).arg(idle / idleCount)));
    }

    void readsWholeAtColumnAndReportSize_data() {
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("height");
        QTest::newRow("column (plot's default)") << 336 << 400;
        QTest::newRow("report") << 480 << 640;
    }

    // As the other plots are checked (tst_report): every lane keeps room for its data and its
    // title whole, the legend covers no lane and shows each entry whole, one time axis.
    void readsWholeAtColumnAndReportSize() {
        QFETCH(int, width);
        QFETCH(int, height);
        DatasetStore store;
        addRecording(store);
        LoadTimeView view(&store);
        view.resize(width, height);
        ExportOptions size;
        size.points = ExportOptions::ofLayoutSize(QSize(width, height)).points;
        PlotExporter::layOut(view.plot(), size);
        const QRect figure(0, 0, width, height);
        const QCPLegend* legend = view.plot()->legend;
        for (int i = 0; i < legend->itemCount(); ++i)
            if (const QCPAbstractLegendItem* item = legend->item(i)) {
                QVERIFY(item->outerRect().width() >= item->minimumOuterSizeHint().width());
                QVERIFY(figure.contains(item->outerRect()));
                QVERIFY(item->font().pointSizeF() >= PlotStyle::kSmallestPointSize);
            }
        for (int lane = 0; lane < LoadTimeFigure::kLaneCount; ++lane) {
            const QCPAxisRect* rect = view.figure().lane(LoadTimeFigure::Lane(lane));
            QVERIFY2(rect->height() >= 0.15 * height, qPrintable(QString::number(rect->height())));
            QVERIFY(figure.contains(rect->outerRect()));
            QVERIFY(!legend->outerRect().intersects(rect->rect()) ||
                    pointUnderLegend(view.plot()).isEmpty());
            // Lanes one below the other, the same width: one time axis.
            QCOMPARE(rect->left(), view.figure().lane(LoadTimeFigure::LatencyLane)->left());
            QCOMPARE(rect->width(), view.figure().lane(LoadTimeFigure::LatencyLane)->width());
            if (lane > 0)
                QVERIFY(rect->top() >=
                        view.figure().lane(LoadTimeFigure::Lane(lane - 1))->bottom());
            const QCPAxis* y = rect->axis(QCPAxis::atLeft);
            // Grid lines under the data and the axes, in every lane.
            for (const QCPAxis* axis :
                 {y, static_cast<const QCPAxis*>(rect->axis(QCPAxis::atBottom))})
                QCOMPARE(axis->grid()->layer()->name(), QStringLiteral("grid"));
            // The title whole: turned along the lane's height, or across its top inside it.
            if (const QCPItemText* inside = view.figure().laneTitles().insideTitle(lane)) {
                QVERIFY(y->label().isEmpty());
                QVERIFY2(PlotStyle::widestLine(inside->text(), inside->font()) <= rect->width() + 1,
                         qPrintable(inside->text()));
                QVERIFY(inside->font().pointSizeF() >= PlotStyle::kSmallestPointSize);
            } else {
                QVERIFY(!y->label().isEmpty());
                QVERIFY2(PlotStyle::widestLine(y->label(), y->labelFont()) <= rect->height() + 1,
                         qPrintable(y->label()));
                QVERIFY(y->labelFont().pointSizeF() >= PlotStyle::kSmallestPointSize);
            }
        }
        const QCPAxis* time = view.figure().lane(LoadTimeFigure::TcpLane)->axis(QCPAxis::atBottom);
        QVERIFY(PlotStyle::widestLine(time->label(), time->labelFont()) <=
                view.figure().lane(LoadTimeFigure::TcpLane)->width() + 1);
    }

    void reportDrawsItForALoadStepOnly() {
        QTemporaryDir dir;
        const QString html = dir.filePath(QStringLiteral("report.html"));
        DatasetStore store;
        addRecording(store);
        ReportSource source;
        source.title = QStringLiteral("load");
        QString error;
        QVERIFY2(ReportWriter::write(&store, source, html, &error), qPrintable(error));
        const QString text = QString::fromUtf8(test::readAll(html));
        QCOMPARE(text.count(QStringLiteral("class=\"load-time\"")), 1);
        QVERIFY(text.contains(QStringLiteral("Latency under load")));
        // Its ping per phase, the increase and the members' starts, each with its caption.
        QVERIFY(text.contains(QStringLiteral("Latency per load phase")));
        QVERIFY(text.contains(QStringLiteral("Latency increase under load")));
        QVERIFY(text.contains(QStringLiteral("When the step&#39;s members ran")) ||
                text.contains(QStringLiteral("When the step's members ran")));
        // The same logs without the ping: no latency under load, no such figure.
        for (const DatasetEntry& entry : store.entries())
            if (entry.isLatency())
                store.setVisible(entry.id, false);
        QVERIFY(ReportWriter::write(&store, source, html, &error));
        QVERIFY(!test::readAll(html).contains("class=\"load-time\""));
    }

    // Two steps overlaid, each from its own start in its own colour with one legend entry,
    // their SUMs what the flows' intervals give; unticking a step in Steps takes it out.
    void twoStepsDrawnTogether() {
        DatasetStore store;
        addRecording(store);
        addRecording(store, secondStep());
        LoadTimeView view(&store);
        const LoadTimeFigure& figure = view.figure();
        QCOMPARE(figure.steps().size(), 2);
        QCOMPARE(figure.timelines().size(), std::size_t(2));
        QCOMPARE(figure.sumGraphs().size(), std::size_t(2));
        QStringList legend;
        for (int i = 0; i < view.plot()->legend->itemCount(); ++i)
            if (auto* item = qobject_cast<QCPPlottableLegendItem*>(view.plot()->legend->item(i)))
                legend << item->plottable()->name();
        legend.removeAll(QStringLiteral("lost request"));
        QCOMPARE(legend, figure.steps());
        QColor colors[2];
        for (std::size_t k = 0; k < 2; ++k) {
            const LoadTimeline& timeline = figure.timelines()[k];
            const QString step = timeline.step();
            QCOMPARE(step, figure.steps()[int(k)]);
            QVERIFY(!timeline.latency().empty() && !timeline.throughput().empty());
            // Each from its own start: the earlier member of each step at 0 s, so both
            // loads begin within a few seconds of 0 although recorded 30 min apart.
            QVERIFY(timeline.loadPeriod() && timeline.loadPeriod()->first < 10);
            const QCPGraph* sum = figure.sumGraphs()[k];
            QVERIFY(sum && sum->dataCount() > 10);
            colors[k] = sum->pen().color();
            for (int i = 0; i + 1 < sum->dataCount(); ++i) {
                const double start = sum->data()->at(i)->key;
                const double end = sum->data()->at(i + 1)->key;
                const double expected = sumAt(store, step, (start + end) / 2);
                QVERIFY2(qAbs(sum->data()->at(i)->value - expected) < 1e-9,
                         qPrintable(QStringLiteral("%1 %2 s: %3 vs %4")
                                        .arg(step)
                                        .arg(start)
                                        .arg(sum->data()->at(i)->value)
                                        .arg(expected)));
            }
            // Its ping's RTT points are there too, in the step's colour.
            for (const DatasetEntry& entry : store.entries())
                if (&entry.dataset() == timeline.latency().front().dataset) {
                    const QCPGraph* graph = figure.rttGraphOf(entry.id);
                    QVERIFY(graph);
                    QCOMPARE(graph->dataCount(), int(entry.dataset().latency.rttMs.size()));
                    QCOMPARE(graph->pen().color(), colors[k]);
                }
        }
        QVERIFY(colors[0] != colors[1]);
        // Each step's headline, named by its step.
        QCOMPARE(figure.phases().size(), std::size_t(2));
        for (const LoadPhases& phases : figure.phases()) {
            const LoadPhases::PingPhases& ping = phases.pings().front();
            const QString increase = QStringLiteral("%1: p50 %2 ms, p99 %3 ms")
                                         .arg(phases.step())
                                         .arg(ping.increaseP50Ms, 0, 'f', 3)
                                         .arg(ping.increaseP99Ms, 0, 'f', 3);
            QVERIFY2(figure.shownNote().contains(increase), qPrintable(figure.shownNote()));
            // Loaded less idle, as the phases say.
            QCOMPARE(ping.increaseP50Ms,
                     ping.phases[1].percentileMs(50) - ping.phases[0].percentileMs(50));
        }

        // Unticking the first step draws the second alone.
        auto* steps = view.findChild<QToolButton*>(QStringLiteral("loadSteps"));
        QVERIFY(steps && steps->isEnabled());
        QCOMPARE(steps->menu()->actions().size(), 2);
        steps->menu()->actions().front()->setChecked(false);
        QCOMPARE(view.options().hiddenSteps, QStringList{figure.steps().front()});
        QCOMPARE(figure.timelines().size(), std::size_t(1));
        QCOMPARE(figure.timeline().step(), figure.steps().back());
        QVERIFY(view.drawingNote().contains(figure.steps().front()));
        // Kept with the workspace.
        LoadTimeView other(&store);
        other.restoreSettings(view.saveSettings());
        QCOMPARE(other.figure().timeline().step(), figure.steps().back());
        steps->menu()->actions().front()->setChecked(true);
        QCOMPARE(figure.timelines().size(), std::size_t(2));
    }

    void datasetWithoutStartDrawnFromZeroAndSaid() {
        DatasetStore store;
        addRecording(store);
        // An iperf log without a start time beside the step's members.
        Dataset undated;
        undated.kind = Dataset::Kind::Throughput;
        undated.info.tool = QStringLiteral("iperf");
        Flow flow;
        flow.id = QStringLiteral("3");
        FlowInterval interval;
        interval.start = 0;
        interval.end = 1;
        interval.bitsPerSecond = 1e6;
        flow.intervals.push_back(interval);
        undated.flows.flows.push_back(flow);
        test::addDataset(store, undated, QStringLiteral("undated-iperf"));
        LoadTimeView view(&store);
        // Not a member of the step: named as left out.
        QVERIFY2(view.drawingNote().contains(QStringLiteral("undated-iperf")),
                 qPrintable(view.drawingNote()));
        // Beside a ping with -D timestamps but no step, the same log is drawn from 0 and the
        // view says so.
        DatasetStore loose;
        Dataset ping;
        ping.info.tool = QStringLiteral("ping");
        ping.latency.rttMs = {0.5, 0.6};
        ping.latency.sequence = {1, 2};
        ping.latency.timestamps = {1764633228.25, 1764633228.35};
        test::addDataset(loose, ping, QStringLiteral("ping-D"));
        test::addDataset(loose, undated, QStringLiteral("undated-iperf"));
        LoadTimeView looseView(&loose);
        QCOMPARE(looseView.figure().timeline().basis(), LoadTimeline::Basis::AbsoluteTimes);
        QVERIFY2(looseView.drawingNote().contains(QStringLiteral("Drawn from 0 s")) &&
                     looseView.drawingNote().contains(QStringLiteral("undated-iperf")),
                 qPrintable(looseView.drawingNote()));
        QVERIFY(titleOf(looseView.figure().lane(LoadTimeFigure::TcpLane)->axis(QCPAxis::atBottom))
                    .contains(QStringLiteral("without a start from 0")));
        QCOMPARE(looseView.figure().sumGraph()->data()->at(0)->key, 0.0);
    }
};

QTEST_MAIN(TstLoadTimeView)
#include "tst_loadtimeview.moc"
