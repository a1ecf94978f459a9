// The Flows and Throughput-over-time tabs draw exactly what core/ computed for the seed-004
// logs (cubic vs reno, 30 parallel flows), and keep their settings.

#include "DatasetStore.h"
#include "FlowBarsView.h"
#include "PlotExporter.h"
#include "PlotStyle.h"
#include "PlotTheme.h"
#include "StoreSupport.h"
#include "TestSupport.h"
#include "ThroughputTimeView.h"

#include "import/FileImporter.h"
#include "stats/DatasetAnalysis.h"

#include <QApplication>
#include <QFile>
#include <QRegularExpression>
#include <QTest>
#include <qcustomplot.h>

#include <algorithm>
#include <memory>

using namespace wb;

namespace {

// Imports a sample the way the workbench does and adds it to the store; returns its id.
int addSample(DatasetStore& store, const QString& name) {
    return test::addLog(store, test::samplePath(name), QFileInfo(name).completeBaseName());
}

// Bar series with a legend entry: one per shown dataset (its mean bar and CI have none).
int datasetBarSeries(FlowBarsView& view) {
    int count = 0;
    for (int i = 0; i < view.plot()->plottableCount(); ++i)
        if (qobject_cast<QCPBars*>(view.plot()->plottable(i)) &&
            view.plot()->legend->hasItemWithPlottable(view.plot()->plottable(i)))
            ++count;
    return count;
}

QVector<double> barValues(const QCPBars* bars) {
    QVector<double> values;
    for (auto it = bars->data()->constBegin(); it != bars->data()->constEnd(); ++it)
        values.push_back(it->value);
    return values;
}

// Per-flow Mbit/s in stream-number order, straight from core.
QVector<double> expectedById(const DatasetEntry& entry) {
    const auto& flows = entry.dataset().flows.flows;
    std::vector<std::size_t> order(flows.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return flows[a].streamNumber < flows[b].streamNumber;
    });
    QVector<double> values;
    for (std::size_t index : order)
        values.push_back(entry.analysis->flows.flows[index].totals.bitsPerSecond / 1e6);
    return values;
}

FlowInterval slot(double start, double end, double bytes, double bitsPerSecond) {
    FlowInterval interval;
    interval.start = start;
    interval.end = end;
    interval.bytes = bytes;
    interval.bitsPerSecond = bitsPerSecond;
    return interval;
}

QString firstUdpSample() {
    for (const char* name :
         {"udp-loss-2pct-client.txt", "udp-loss-5pct-client.txt", "udp-loss-1pct-client.txt"})
        if (QFile::exists(test::samplePath(QLatin1String(name))))
            return QLatin1String(name);
    return {};
}

} // namespace

class TestFlowViews : public QObject {
    Q_OBJECT

private slots:
    void barsMatchCore_data();
    void barsMatchCore();
    void hidingRemovesBars();
    void statsTable();
    void statsTableFollowsThePalette();
    void perFlowTableShowsTcpState();
    void udpLossAndJitter();
    void sumIntervalsOfAddsSlots();
    void timeViewSumMatchesLog();
    void timeViewFlowsDefault();
    void settingsRoundTrip();
    void screenshots();
};

void TestFlowViews::barsMatchCore_data() {
    QTest::addColumn<QString>("cubic");
    QTest::addColumn<QString>("reno");
    QTest::newRow("geni seed 004") << "geni-cubic-P30.txt"
                                   << "geni-reno-P30.txt";
    QTest::newRow("recorded -P 30") << "tcp-cubic-P30-client.txt"
                                    << "tcp-reno-P30-client.txt";
}

void TestFlowViews::barsMatchCore() {
    QFETCH(QString, cubic);
    QFETCH(QString, reno);
    DatasetStore store;
    FlowBarsView view(&store);
    const int ids[] = {addSample(store, cubic), addSample(store, reno)};
    QVERIFY(ids[0] > 0 && ids[1] > 0);
    QCOMPARE(datasetBarSeries(view), 2);
    for (int id : ids) {
        const DatasetEntry& entry = *store.find(id);
        QCPBars* bars = view.figure().barsOf(id);
        QVERIFY(bars);
        QCOMPARE(bars->data()->size(), 30);
        QCOMPARE(bars->brush().color(), PlotStyle::toColor(entry.color));
        QCOMPARE(barValues(bars), expectedById(entry));
    }
    view.setOrdering(FlowBarsView::Ordering::ByThroughput);
    QVERIFY(view.plot()->xAxis->label().contains(QLatin1String("ordered by throughput")));
    for (int id : ids) {
        QVector<double> expected = expectedById(*store.find(id));
        std::sort(expected.begin(), expected.end(), std::greater<>());
        QCOMPARE(barValues(view.figure().barsOf(id)), expected);
    }
    // Drawn without a view, as wirebench-cli plot and the report draw it: the same figure,
    // whose read-out names the bar under the mouse.
    const auto plot = PlotExporter::detachedPlot();
    FlowBarsFigure alone(plot.get());
    QVERIFY(alone.draw(store.visibleThroughput(), {}, {}, {FlowBarsFigure::Ordering::ByThroughput})
                .isEmpty());
    for (int id : ids)
        QCOMPARE(barValues(alone.barsOf(id)), barValues(view.figure().barsOf(id)));
    QCOMPARE(plot->xAxis->label(), view.plot()->xAxis->label());
    PlotExporter::layOut(plot.get(), ExportOptions{});
    const QString tip =
        alone.toolTipAt(alone.barsOf(ids[0])->dataPixelPosition(0) + QPointF(0, 4)).text;
    QVERIFY2(tip.contains(store.find(ids[0])->label) && tip.contains(QLatin1String(" Mbit/s")),
             qPrintable(tip));
    QVERIFY(alone.toolTipAt(QPointF(-10, -10)).isEmpty());
}

void TestFlowViews::hidingRemovesBars() {
    DatasetStore store;
    FlowBarsView view(&store);
    const int cubic = addSample(store, QStringLiteral("geni-cubic-P30.txt"));
    const int reno = addSample(store, QStringLiteral("geni-reno-P30.txt"));
    addSample(store, QStringLiteral("ping18_np")); // latency datasets have no bars
    QCOMPARE(datasetBarSeries(view), 2);
    store.setVisible(reno, false);
    QCOMPARE(datasetBarSeries(view), 1);
    QVERIFY(view.figure().barsOf(cubic));
    QVERIFY(!view.figure().barsOf(reno));
    QVERIFY(!view.statsText().contains(QLatin1String("geni-reno")));
    store.remove(cubic);
    QCOMPARE(datasetBarSeries(view), 0);
}

void TestFlowViews::statsTable() {
    DatasetStore store;
    FlowBarsView view(&store);
    const int cubic = addSample(store, QStringLiteral("geni-cubic-P30.txt"));
    const int reno = addSample(store, QStringLiteral("geni-reno-P30.txt"));
    const QString text = view.statsText();
    view.resize(900, 600); // laid out, so the read-out finds the bars under the mouse
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.plot()->replot(QCustomPlot::rpImmediateRefresh);
    QVERIFY2(text.contains(QLatin1String("89.8 (tool)")), qPrintable(text));
    QVERIFY(text.contains(QLatin1String("90.7 (tool)")));
    for (int id : {cubic, reno}) {
        const FlowStatistics& stats = store.find(id)->analysis->flows;
        QVERIFY(text.contains(QString::number(stats.jainFairness, 'f', 3)));
        QVERIFY(text.contains(QString::number(stats.minBitsPerSecond / 1e6, 'f', 2)));
        QVERIFY(text.contains(QString::number(stats.maxBitsPerSecond / 1e6, 'f', 2)));
        QVERIFY(text.contains(QString::number(stats.stddevBitsPerSecond / 1e6, 'f', 2)));
        // The legend names the run; its SUM and Jain's index are in its bars' read-out.
        QCOMPARE(view.figure().barsOf(id)->name(), store.find(id)->label);
        const QString tip =
            view.figure()
                .toolTipAt(view.figure().barsOf(id)->dataPixelPosition(0) + QPointF(0, 4))
                .text;
        QVERIFY2(tip.contains(QStringLiteral("Jain's index %1").arg(stats.jainFairness, 0, 'f', 3)),
                 qPrintable(tip));
        QVERIFY2(tip.contains(
                     QStringLiteral("SUM %1 Mbit/s").arg(stats.sum.bitsPerSecond / 1e6, 0, 'f', 1)),
                 qPrintable(tip));
    }
    QVERIFY(!text.contains(QLatin1String("loss %"))); // TCP only: no UDP columns
}

// A run's swatch in the runs table has the colour its bars have on screen: black on paper,
// the palette's text colour on a dark one, redrawn when the application's palette changes.
void TestFlowViews::statsTableFollowsThePalette() {
    DatasetStore store;
    FlowBarsView view(&store);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const int cubic = addSample(store, QStringLiteral("geni-cubic-P30.txt"));
    store.setColor(cubic, SeriesColor::rgb8(0, 0, 0));
    QVERIFY2(view.statsText().contains(QLatin1String("color:#000000")),
             qPrintable(view.statsText()));
    const QPalette before = QApplication::palette();
    QPalette dark = before;
    dark.setColor(QPalette::Base, QColor(30, 30, 32));
    dark.setColor(QPalette::Text, QColor(232, 232, 232));
    dark.setColor(QPalette::Window, QColor(45, 45, 48));
    dark.setColor(QPalette::WindowText, QColor(232, 232, 232));
    QApplication::setPalette(dark);
    const QString light = PlotTheme::recolour(Qt::black, PlotTheme::of(dark)).name();
    QCOMPARE(light, QStringLiteral("#e8e8e8"));
    QTRY_VERIFY2(view.statsText().contains(QStringLiteral("color:") + light),
                 qPrintable(view.statsText()));
    QApplication::setPalette(before);
    QTRY_VERIFY(view.statsText().contains(QLatin1String("color:#000000")));
}

// The per-flow table lists each flow and each run's "all" row with the TCP state core read:
// iperf3 -J's own figures, and for flows recorded beside ss samples, the samples'.
void TestFlowViews::perFlowTableShowsTcpState() {
    DatasetStore store;
    FlowBarsView view(&store);
    QVERIFY(addSample(store, QStringLiteral("iperf3-reno-P4.json")) > 0);
    const int client =
        test::addLog(store, test::dataPath(QStringLiteral("ss/iperf3-cubic-P2-client.txt")),
                     QStringLiteral("client"));
    QVERIFY(client > 0);
    QVERIFY(test::addLog(store, test::dataPath(QStringLiteral("ss/iperf3-cubic-P2.ss.log")),
                         QStringLiteral("samples")) > 0);
    QVERIFY(view.flowTable().rows.empty()); // filled when shown, not on every change
    view.showFlowTable();
    const Table& table = view.flowTable();
    const int source = int(table.header.indexOf(QStringLiteral("TCP state from")));
    const int cwndMax = int(table.header.indexOf(QStringLiteral("cwnd max (KBytes)")));
    QVERIFY(source > 0 && cwndMax > 0);
    // 4 + 1 rows of the iperf3 run, 2 + 1 of the client, 2 + 1 of the samples' sockets.
    QCOMPARE(table.rows.size(), std::size_t(11));
    QCOMPARE(table.rows[0][source], QStringLiteral("iperf3 -J"));
    QCOMPARE(table.rows[4][1], QStringLiteral("all 4"));
    QCOMPARE(table.rows[5][0], QStringLiteral("client"));
    QCOMPARE(table.rows[5][source], QStringLiteral("ss -tin samples"));
    // The client's flows show their sockets' figures.
    QCOMPARE(table.rows[5][cwndMax], table.rows[8][cwndMax]);
    QCOMPARE(table.rows[6][cwndMax], table.rows[9][cwndMax]);
    // iperf3 -J: the largest snd_cwnd of stream 5 over its intervals, in KBytes.
    QCOMPARE(table.rows[0][1], QStringLiteral("5"));
    QCOMPARE(table.rows[0][cwndMax], QString::number(140456 / 1024.0, 'f', 1));
    // A change marks it stale; shown, it follows at once.
    store.setVisible(client, false);
    QCOMPARE(view.flowTable().rows.size(), std::size_t(8));
}

void TestFlowViews::udpLossAndJitter() {
    const QString sample = firstUdpSample();
    if (sample.isEmpty())
        QSKIP("no samples/udp-loss-*-client.txt recorded yet");
    DatasetStore store;
    FlowBarsView view(&store);
    const int id = addSample(store, sample);
    QVERIFY(id > 0);
    const FlowStatistics& stats = store.find(id)->analysis->flows;
    QVERIFY(stats.lossPercent);
    QVERIFY(stats.meanJitterMs);
    // One flow: the dataset's loss is that flow's server-report loss.
    QCOMPARE(*stats.lossPercent, *stats.flows.front().lossPercent);
    const QString text = view.statsText();
    QVERIFY(text.contains(QLatin1String("loss %")));
    QVERIFY2(text.contains(QString::number(*stats.lossPercent, 'f', 2)), qPrintable(text));
    QVERIFY(text.contains(QString::number(*stats.meanJitterMs, 'f', 3)));
}

void TestFlowViews::sumIntervalsOfAddsSlots() {
    // Without SUM lines the aggregate is the flows added per slot, with the slot's times.
    FlowSeries series;
    series.flows.resize(2);
    series.flows[0].intervals = {slot(0, 1, 100, 800), slot(1, 2, 200, 1600)};
    series.flows[1].intervals = {slot(0, 1, 50, 400), slot(1, 2, 50, 400)};
    const std::vector<FlowInterval> sum = FlowStatistics::sumIntervalsOf(series);
    QCOMPARE(sum.size(), std::size_t(2));
    QCOMPARE(sum[1].start, 1.0);
    QCOMPARE(sum[1].end, 2.0);
    QCOMPARE(sum[1].bytes, 250.0);
    QCOMPARE(sum[1].bitsPerSecond, 2000.0);
    QCOMPARE(FlowStatistics::intervalSeries(series), (std::vector<double>{1200, 2000}));
    series.sumIntervals = {slot(0, 2, 400, 1600)};
    QCOMPARE(FlowStatistics::sumIntervalsOf(series).size(), std::size_t(1));
}

void TestFlowViews::timeViewSumMatchesLog() {
    DatasetStore store;
    ThroughputTimeView view(&store);
    const int cubic = addSample(store, QStringLiteral("tcp-cubic-P30-client.txt"));
    const int reno = addSample(store, QStringLiteral("tcp-reno-P30-client.txt"));
    const int geni = addSample(store, QStringLiteral("geni-cubic-P30.txt")); // totals only
    QVERIFY(!view.figure().sumGraph(geni));
    QVERIFY(
        view.figure().notes().join(QLatin1Char('\n')).contains(QLatin1String("geni-cubic-P30")));
    QCOMPARE(view.plot()->graphCount(), 2); // > 8 flows: SUM only by default
    for (auto [id, name] : {std::pair{cubic, "tcp-cubic-P30-client.txt"},
                            std::pair{reno, "tcp-reno-P30-client.txt"}}) {
        // The log's own [SUM] interval lines, read here without the parser (the last one
        // starting at 0.0 is the whole-run total).
        static const QRegularExpression sumLine(
            QStringLiteral(R"(^\[SUM\]\s+([\d.]+)-\s*([\d.]+) sec\s+\S+ \S+\s+([\d.]+) Mbits/sec)"),
            QRegularExpression::MultilineOption);
        QVector<double> keys;
        QVector<double> values;
        auto matches = sumLine.globalMatch(
            QString::fromLatin1(test::readAll(test::samplePath(QLatin1String(name)))));
        while (matches.hasNext()) {
            const auto match = matches.next();
            keys.push_back((match.captured(1).toDouble() + match.captured(2).toDouble()) / 2);
            values.push_back(match.captured(3).toDouble());
        }
        keys.pop_back();
        values.pop_back();
        QCPGraph* graph = view.figure().sumGraph(id);
        QVERIFY(graph);
        QCOMPARE(graph->dataCount(), keys.size());
        for (int i = 0; i < keys.size(); ++i) {
            QCOMPARE(graph->data()->at(i)->key, keys[i]);
            QCOMPARE(graph->data()->at(i)->value, values[i]);
        }
    }
}

void TestFlowViews::timeViewFlowsDefault() {
    DatasetStore store;
    ThroughputTimeView view(&store);
    const int single = addSample(store, QStringLiteral("tcp-cubic-P1-client.txt"));
    QVERIFY(view.figure().flowsShown());
    QCOMPARE(view.plot()->graphCount(), 2); // the flow and its SUM
    addSample(store, QStringLiteral("tcp-cubic-P30-client.txt"));
    QVERIFY(!view.figure().flowsShown());
    view.setFlowsChoice(true);
    QCOMPARE(view.plot()->graphCount(), 1 + 30 + 2);
    store.setVisible(single, false);
    QCOMPARE(view.plot()->graphCount(), 30 + 1);
}

void TestFlowViews::settingsRoundTrip() {
    DatasetStore store;
    FlowBarsView bars(&store);
    bars.setOrdering(FlowBarsView::Ordering::ByThroughput);
    FlowBarsView barsAgain(&store);
    barsAgain.restoreSettings(bars.saveSettings());
    QCOMPARE(barsAgain.ordering(), FlowBarsView::Ordering::ByThroughput);
    barsAgain.restoreSettings({});
    QCOMPARE(barsAgain.ordering(), FlowBarsView::Ordering::ById);

    ThroughputTimeView time(&store);
    time.setFlowsChoice(false);
    time.setLegendShown(false);
    ThroughputTimeView timeAgain(&store);
    timeAgain.restoreSettings(time.saveSettings());
    QCOMPARE(timeAgain.options().flows, std::optional<bool>(false));
    QVERIFY(!timeAgain.options().legend);
    timeAgain.restoreSettings({});
    QCOMPARE(timeAgain.options().flows, std::nullopt);
    QVERIFY(timeAgain.options().legend);
}

// Not a check: renders the tabs for a human to look at (WIREBENCH_SCREENSHOTS=dir).
void TestFlowViews::screenshots() {
    const QString dir = qEnvironmentVariable("WIREBENCH_SCREENSHOTS");
    if (dir.isEmpty())
        QSKIP("set WIREBENCH_SCREENSHOTS=DIR to write screenshots");
    DatasetStore store;
    FlowBarsView bars(&store);
    ThroughputTimeView time(&store);
    addSample(store, QStringLiteral("geni-cubic-P30.txt"));
    addSample(store, QStringLiteral("geni-reno-P30.txt"));
    addSample(store, QStringLiteral("tcp-cubic-P30-client.txt"));
    addSample(store, QStringLiteral("tcp-reno-P30-client.txt"));
    for (WorkbenchView* view : std::initializer_list<WorkbenchView*>{&bars, &time}) {
        view->resize(1100, 650);
        view->grab().save(dir + QLatin1Char('/') + view->exportName() + QStringLiteral(".png"));
        QString error;
        QVERIFY2(
            PlotExporter::save(view->plot(),
                               dir + QLatin1Char('/') + view->exportName() + QStringLiteral(".pdf"),
                               ExportOptions{}, &error),
            qPrintable(error));
    }
    store.setVisible(store.entries()[2].id, false);
    store.setVisible(store.entries()[3].id, false);
    bars.grab().save(dir + QStringLiteral("/flow-bars-geni.png"));
    QString error;
    QVERIFY2(PlotExporter::save(bars.plot(), dir + QStringLiteral("/flow-bars-geni.pdf"),
                                ExportOptions{}, &error),
             qPrintable(error));
    bars.setOrdering(FlowBarsView::Ordering::ByThroughput);
    bars.grab().save(dir + QStringLiteral("/flow-bars-geni-sorted.png"));
    time.setFlowsChoice(true);
    store.setVisible(store.entries()[2].id, true);
    time.grab().save(dir + QStringLiteral("/throughput-time-flows.png"));
}

QTEST_MAIN(TestFlowViews)
#include "tst_flowviews.moc"
