// The Throughput-over-time tab's TCP metrics: the metric choice draws exactly TcpState's
// series per flow (cwnd of iperf3-reno-P4.json, RTT with its rttvar band), names the source,
// enables only what the data has, draws an ss dataset matched to an iperf log once, groups
// runs, and keeps the choice in the view settings.

#include "DatasetGrouping.h"
#include "DatasetStore.h"
#include "ReportSource.h"
#include "ReportWriter.h"
#include "StoreSupport.h"
#include "TestSupport.h"
#include "ThroughputTimeView.h"

#include "import/FileImporter.h"
#include "stats/TcpStateLines.h"

#include <QComboBox>
#include <QLabel>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <qcustomplot.h>

using namespace wb;

namespace {

int addSample(DatasetStore& store, const QString& name) {
    return test::addLog(store, test::samplePath(name), QFileInfo(name).completeBaseName());
}

// The ss samples and the iperf3 client of one recorded step, each given the step parameter
// a step's sidecar gives them; returns {sampler id, client id}.
std::pair<int, int> addMatchedStep(DatasetStore& store, bool sameStep) {
    Dataset sampler = test::firstDatasetOf(test::dataPath("ss/iperf3-cubic-P2.ss.log"));
    Dataset client = test::firstDatasetOf(test::dataPath("ss/iperf3-cubic-P2-client.txt"));
    // Apart: each in a step of its own (without a step, a hand recording's sockets are
    // matched to the flows by their ports).
    sampler.info.parameters.insert("step", sameStep ? "cubic-P2" : "cubic-P2-samples");
    client.info.parameters.insert("step", "cubic-P2");
    const int samplerId = test::addDataset(store, std::move(sampler), "cubic-P2 ss");
    const int clientId = test::addDataset(store, std::move(client), "cubic-P2 iperf3");
    return {samplerId, clientId};
}

QComboBox* metricBox(ThroughputTimeView& view) {
    return view.findChild<QComboBox*>(QStringLiteral("tcpMetric"));
}

// The view draws a flow's points at their times and in the axis unit.
void compareGraph(const QCPGraph* graph, const std::vector<TcpPoint>& points, double scale) {
    QVERIFY(graph);
    QCOMPARE(graph->dataCount(), int(points.size()));
    for (int i = 0; i < graph->dataCount(); ++i) {
        QCOMPARE(graph->data()->at(i)->key, points[std::size_t(i)].t);
        QCOMPARE(graph->data()->at(i)->value, points[std::size_t(i)].value / scale);
    }
}

std::vector<TcpFlowState> statesOf(const DatasetStore& store, int id) {
    return TcpState::statesOf(store.find(id)->dataset(), {});
}

} // namespace

class TestTcpStateView : public QObject {
    Q_OBJECT

private slots:
    void cwndPerFlowIsTcpStateSeries();
    void rttBandIsRttvar();
    void metricChoiceFollowsData();
    void ssDatasetNotDrawnTwice();
    void groupsArePooled();
    void groupsDrawMedianBandAndFaintRuns();
    void manyRunsMatchedInBackground();
    void exportSettlesPendingMatch();
    void settingsRoundTrip();
    void reportHasCwndAndRttFigures();
    void screenshots();
};

void TestTcpStateView::cwndPerFlowIsTcpStateSeries() {
    DatasetStore store;
    ThroughputTimeView view(&store);
    const int reno = addSample(store, "iperf3-reno-P4.json");
    view.setMetric(TcpMetric::Cwnd);
    QCOMPARE(view.exportName(), QStringLiteral("tcp-cwnd-time"));
    const std::vector<TcpFlowState> states = statesOf(store, reno);
    const std::vector<QCPGraph*> graphs = view.figure().flowGraphs(reno);
    QCOMPARE(graphs.size(), std::size_t(4));
    for (std::size_t k = 0; k < graphs.size(); ++k)
        compareGraph(graphs[k], TcpState::series(states[k], TcpMetric::Cwnd), 1024);
    // The first interval of stream 5 in the log: "snd_cwnd": 75296 at "end": 1.000186.
    QCOMPARE(graphs[0]->data()->at(0)->key, 1.000186);
    QCOMPARE(graphs[0]->data()->at(0)->value, 75296 / 1024.0);
    // The run's line is the mean of the flows, from core.
    const TcpDatasetLines& lines = store.find(reno)->analysis->tcpLines;
    compareGraph(view.figure().sumGraph(reno), TcpStateLines::combined(lines, TcpMetric::Cwnd),
                 1024);
    QCOMPARE(view.plot()->yAxis->label(), QStringLiteral("congestion window (KBytes)"));
    // One source for all: named on the x axis, not in every legend entry.
    QCOMPARE(view.plot()->xAxis->label(), QStringLiteral("time (s); TCP state from iperf3 -J"));
    QCOMPARE(view.figure().sumGraph(reno)->name(), QStringLiteral("iperf3-reno-P4 — mean"));
    QVERIFY2(view.figure()
                 .notes()
                 .join(QLatin1Char('\n'))
                 .contains(QLatin1String("iperf3-reno-P4: iperf3 -J")),
             qPrintable(view.figure().notes().join(QLatin1Char('\n'))));
    // Throughput again: the intervals at their midpoints, as before.
    view.setMetric(TcpMetric::Throughput);
    QCOMPARE(view.exportName(), QStringLiteral("throughput-time"));
    QCOMPARE(view.plot()->yAxis->label(), QStringLiteral("throughput (Mbit/s)"));
    const FlowInterval& first = store.find(reno)->dataset().flows.flows[0].intervals[0];
    QCOMPARE(view.figure().flowGraphs(reno)[0]->data()->at(0)->key, (first.start + first.end) / 2);
}

void TestTcpStateView::rttBandIsRttvar() {
    DatasetStore store;
    ThroughputTimeView view(&store);
    const int reno = addSample(store, "iperf3-reno-P4.json");
    view.setMetric(TcpMetric::Rtt);
    const std::vector<TcpFlowState> states = statesOf(store, reno);
    const std::vector<QCPGraph*> graphs = view.figure().flowGraphs(reno);
    QCOMPARE(graphs.size(), std::size_t(4));
    for (std::size_t k = 0; k < graphs.size(); ++k)
        compareGraph(graphs[k], TcpState::series(states[k], TcpMetric::Rtt), 1);
    // 4 flows, 4 bands of two edges each, the mean: the band's upper edge is filled down to
    // its lower one, srtt ± rttvar (23.261 ms ± 2.161 ms for stream 5's first interval).
    QCOMPARE(view.plot()->graphCount(), 4 + 4 * 2 + 1);
    int bands = 0;
    for (int i = 0; i < view.plot()->graphCount(); ++i) {
        QCPGraph* high = view.plot()->graph(i);
        if (!high->channelFillGraph())
            continue;
        ++bands;
        if (bands == 1) {
            QCOMPARE(high->data()->at(0)->value, 23.261 + 2.161);
            QCOMPARE(high->channelFillGraph()->data()->at(0)->value, 23.261 - 2.161);
        }
    }
    QCOMPARE(bands, 4);
    QCOMPARE(view.plot()->yAxis->label(), QStringLiteral("smoothed RTT (ms)"));
    QVERIFY(view.figure().notes().join(QLatin1Char('\n')).contains(QLatin1String("rttvar")));
}

void TestTcpStateView::metricChoiceFollowsData() {
    DatasetStore store;
    ThroughputTimeView view(&store);
    QComboBox* box = metricBox(view);
    QVERIFY(box);
    QCOMPARE(box->count(), 6);
    const QList<QLabel*> labels = view.findChildren<QLabel*>();
    QVERIFY(std::any_of(labels.begin(), labels.end(), [box](const QLabel* label) {
        return label->buddy() == box && label->text().contains(QLatin1String("&"));
    })); // a mnemonic (Alt+S) reaches it
    QVERIFY(box->focusPolicy() & Qt::TabFocus);
    QVERIFY(!view.figure().metricAvailable(TcpMetric::Cwnd));
    addSample(store, "iperf3-reno-P4.json");
    QVERIFY(view.figure().metricAvailable(TcpMetric::Cwnd));
    QVERIFY(view.figure().metricAvailable(TcpMetric::Rtt));
    QVERIFY(view.figure().metricAvailable(TcpMetric::Retransmits));
    QVERIFY(!view.figure().metricAvailable(TcpMetric::PacingRate)); // ss only
    QVERIFY(!view.figure().metricAvailable(TcpMetric::DeliveryRate));
    // Chosen with the keyboard: Down moves from Throughput to Congestion window.
    view.show();
    box->setFocus();
    QTest::keyClick(box, Qt::Key_Down);
    QCOMPARE(view.options().metric, TcpMetric::Cwnd);
    QCOMPARE(view.plot()->yAxis->label(), QStringLiteral("congestion window (KBytes)"));
    // The samples of an ss log bring pacing and delivery rate.
    addMatchedStep(store, false);
    QVERIFY(view.figure().metricAvailable(TcpMetric::PacingRate));
    QVERIFY(view.figure().metricAvailable(TcpMetric::DeliveryRate));
}

void TestTcpStateView::ssDatasetNotDrawnTwice() {
    DatasetStore store;
    ThroughputTimeView view(&store);
    view.setMetric(TcpMetric::Cwnd);
    const auto [sampler, client] = addMatchedStep(store, true);
    // The client's flows read their window from the ss samples; the samples are not drawn
    // again as a dataset of their own.
    const std::vector<QCPGraph*> flows = view.figure().flowGraphs(client);
    QCOMPARE(flows.size(), std::size_t(2));
    QVERIFY(view.figure().flowGraphs(sampler).empty());
    QVERIFY(!view.figure().sumGraph(sampler));
    QVERIFY(view.figure().sumGraph(client));
    QVERIFY(view.plot()->xAxis->label().contains(QLatin1String("ss -tin samples")));
    QVERIFY2(view.figure()
                 .notes()
                 .join(QLatin1Char('\n'))
                 .contains(QLatin1String("cubic-P2 ss: its sockets are drawn as "
                                         "the flows of cubic-P2 iperf3")),
             qPrintable(view.figure().notes().join(QLatin1Char('\n'))));
    const auto states =
        TcpState::statesOf(store.find(client)->dataset(), {&store.find(sampler)->dataset()});
    for (std::size_t k = 0; k < flows.size(); ++k) {
        QCOMPARE(states[k].kind, TcpStateSource::SsSamples);
        compareGraph(flows[k], TcpState::series(states[k], TcpMetric::Cwnd), 1024);
    }
    QCOMPARE(view.plot()->graphCount(), 2 + 1);
    // Throughput too: the client's flows and SUM only.
    view.setMetric(TcpMetric::Throughput);
    QVERIFY(!view.figure().sumGraph(sampler));
    QCOMPARE(view.plot()->graphCount(), 2 + 1);
    // The match is the analyses', among all the store's datasets: a hidden sampler still
    // gives the client its state, and the sockets of a hidden client are not drawn as the
    // sampler's.
    view.setMetric(TcpMetric::Cwnd);
    store.setVisible(sampler, false);
    QVERIFY(view.plot()->xAxis->label().contains(QLatin1String("ss -tin samples")));
    QCOMPARE(view.figure().flowGraphs(client).size(), std::size_t(2));
    store.setVisible(sampler, true);
    store.setVisible(client, false);
    QVERIFY(!view.figure().sumGraph(sampler));
    QVERIFY(view.figure()
                .notes()
                .join(QLatin1Char('\n'))
                .contains(QLatin1String(
                    "cubic-P2 ss: its sockets are drawn as the flows of a hidden run")));
    // Not of the same step: two recordings, both drawn, the client from its Cwnd column.
    DatasetStore apart;
    ThroughputTimeView apartView(&apart);
    apartView.setMetric(TcpMetric::Cwnd);
    const auto [apartSampler, apartClient] = addMatchedStep(apart, false);
    QVERIFY(apartView.figure().sumGraph(apartSampler));
    // Two sources: each line names its own.
    QVERIFY(apartView.figure().flowGraphs(apartClient)[0]->name().contains(
        QLatin1String("(iperf3 text)")));
    QVERIFY(apartView.figure()
                .sumGraph(apartSampler)
                ->name()
                .contains(QLatin1String("(ss -tin samples)")));
}

void TestTcpStateView::groupsArePooled() {
    DatasetStore store;
    ThroughputTimeView view(&store);
    view.setMetric(TcpMetric::Cwnd);
    const int reno = addSample(store, "iperf3-reno-P4.json");
    addSample(store, "iperf3-cubic-P4.json");
    store.setGroupKey(QStringLiteral("congestion_control"));
    const TcpDatasetLines& lines = store.find(reno)->analysis->tcpLines;
    // A group of one run: that run's mean of its flows, no band.
    const QCPGraph* group = view.figure().groupGraph(QStringLiteral("congestion_control=reno"));
    compareGraph(group, TcpStateLines::combined(lines, TcpMetric::Cwnd), 1024);
    QVERIFY(view.figure().groupGraph(QStringLiteral("congestion_control=cubic")));
    QCOMPARE(view.plot()->graphCount(), 4); // per group its run faint and its line
    QCOMPARE(view.plot()->legend->itemCount(), 2);
    QVERIFY(view.figure().flowGraphs(reno).empty());
}

namespace {

// A run's value at t, linear between its points around t.
double interpolated(const std::vector<TcpPoint>& run, double t) {
    for (std::size_t i = 0; i + 1 < run.size(); ++i)
        if (run[i].t <= t && t <= run[i + 1].t)
            return run[i + 1].t == run[i].t
                       ? run[i].value
                       : run[i].value + (t - run[i].t) / (run[i + 1].t - run[i].t) *
                                            (run[i + 1].value - run[i].value);
    return run.back().value;
}

} // namespace

// Six runs, three cubic and three reno (iperf3 -J, iperf3 text, iperf3 -J through the deep
// queue): one colour and one legend entry per group, its median line at each time the
// middle of its three runs' values there, a band and each run faint behind.
void TestTcpStateView::groupsDrawMedianBandAndFaintRuns() {
    DatasetStore store;
    ThroughputTimeView view(&store);
    view.setMetric(TcpMetric::Cwnd);
    QHash<QString, std::vector<int>> runs;
    for (const char* cc : {"cubic", "reno"}) {
        for (const QString& name :
             {QStringLiteral("iperf3-%1-P4.json"), QStringLiteral("iperf3-%1-P4.txt")})
            runs[cc].push_back(test::addLog(store, test::samplePath(name.arg(cc)), name.arg(cc)));
        const QDir deep(test::samplePath(QStringLiteral("bottleneck/iperf3-%1").arg(cc)));
        const QString log = deep.entryList({QStringLiteral("*.iperf3-%1.log").arg(cc)}).value(0);
        runs[cc].push_back(test::addLog(store, deep.filePath(log), log));
        for (int id : runs[cc]) {
            QVERIFY(id >= 0);
            store.setTags(id, {QStringLiteral("cc=%1").arg(cc)});
        }
    }
    QCOMPARE(store.entries().size(), std::size_t(6));
    store.setGroupKey(QStringLiteral("tag.cc"));
    const QCustomPlot* plot = view.plot();
    QCOMPARE(plot->legend->itemCount(), 2);
    QSet<QRgb> colors;
    const std::vector<PooledGroup> groups = DatasetGrouping::of(&store)->throughputGroups();
    QCOMPARE(groups.size(), std::size_t(2));
    for (const PooledGroup& group : groups) {
        const QString cc = group.name.section(QLatin1Char('='), -1);
        QVERIFY2(runs.contains(cc), qPrintable(group.name));
        const QCPGraph* median = view.figure().groupGraph(group.name);
        QVERIFY(median);
        QVERIFY(median->name().contains(QStringLiteral("median of 3 runs")));
        QVERIFY(median->name().contains(QStringLiteral("min–max")));
        colors.insert(median->pen().color().rgb());
        const std::vector<QCPGraph*> faint = view.figure().groupRunGraphs(group.name);
        QCOMPARE(faint.size(), std::size_t(3));
        std::vector<std::vector<TcpPoint>> lines;
        for (int id : runs[cc])
            lines.push_back(
                TcpStateLines::combined(store.find(id)->analysis->tcpLines, TcpMetric::Cwnd));
        double first = 0;
        double last = std::numeric_limits<double>::max();
        for (std::size_t r = 0; r < lines.size(); ++r) {
            // Each run faint, named for the read-out, with as many points as its line.
            const QCPGraph* own = nullptr;
            for (const QCPGraph* graph : faint)
                if (graph->name() == store.find(runs[cc][r])->label)
                    own = graph;
            QVERIFY(own);
            QCOMPARE(own->dataCount(), int(lines[r].size()));
            QCOMPARE(own->pen().color().rgb(), median->pen().color().rgb());
            QVERIFY(own->pen().color().alpha() < 128);
            QVERIFY(!plot->legend->hasItemWithPlottable(own));
            first = std::max(first, lines[r].front().t);
            last = std::min(last, lines[r].back().t);
        }
        // Where every run has data, from the latest first point.
        QVERIFY(median->dataCount() > 20);
        QCOMPARE(median->data()->at(0)->key, first);
        QVERIFY(median->data()->at(median->dataCount() - 1)->key <= last);
        for (int i = 0; i < median->dataCount(); ++i) {
            const double t = median->data()->at(i)->key;
            std::vector<double> values;
            for (const std::vector<TcpPoint>& line : lines)
                values.push_back(interpolated(line, t) / 1024); // KBytes
            std::sort(values.begin(), values.end());
            QVERIFY2(qAbs(median->data()->at(i)->value - values[1]) < 1e-9 * values[1],
                     qPrintable(QStringLiteral("%1 s: %2 vs %3")
                                    .arg(t)
                                    .arg(median->data()->at(i)->value)
                                    .arg(values[1])));
        }
    }
    QCOMPARE(colors.size(), 2);
    // Behind the medians: a band per group (two edge graphs each, filled between them).
    int filled = 0;
    for (int i = 0; i < plot->graphCount(); ++i)
        filled += plot->graph(i)->channelFillGraph() ? 1 : 0;
    QCOMPARE(filled, 2);
    QCOMPARE(plot->graphCount(), 6 + 2 * 2 + 2);
    QVERIFY(view.drawingNote().contains(QStringLiteral("median")));
    // The choice of line and band is offered while grouped, and changes the line.
    auto* groupLine = view.findChild<QComboBox*>(QStringLiteral("groupLine"));
    view.resize(1100, 650);
    view.show();
    QCoreApplication::processEvents(); // the toolbar lays out its shown box
    QVERIFY(groupLine && groupLine->isVisibleTo(&view));
    view.setGroupLine(RunsOverTime::Centre::Mean, RunsOverTime::Spread::Interquartile);
    QCOMPARE(groupLine->currentText(), QStringLiteral("mean, band interquartile range"));
    QVERIFY(view.figure().groupGraph(groups.front().name)->name().contains("mean of 3 runs"));
    store.setGroupKey({});
    QCoreApplication::processEvents();
    QVERIFY(!groupLine->isVisibleTo(&view));
}

namespace {
// More iperf3 clients of step cubic-P2 than the store matches at once; returns the first's id.
int addManyClients(DatasetStore& store) {
    Dataset client = test::firstDatasetOf(test::dataPath("ss/iperf3-cubic-P2-client.txt"));
    client.info.parameters.insert("step", "cubic-P2");
    for (std::size_t i = 0; i <= DatasetStore::kBackgroundMatches; ++i)
        test::addDataset(store, client, QStringLiteral("run %1").arg(i));
    return store.entries().front().id;
}

// The step's ss sampler; returns its id.
int addSampler(DatasetStore& store) {
    Dataset sampler = test::firstDatasetOf(test::dataPath("ss/iperf3-cubic-P2.ss.log"));
    sampler.info.parameters.insert("step", "cubic-P2");
    return test::addDataset(store, std::move(sampler), "cubic-P2 ss");
}
} // namespace

void TestTcpStateView::manyRunsMatchedInBackground() {
    // The window's store matches a large folder off the GUI thread: the sampler's arrival
    // leaves the clients as they were until the matched analyses come back with changed(-1).
    DatasetStore store;
    store.matchInBackground();
    const int first = addManyClients(store);
    QSignalSpy changed(&store, &DatasetStore::changed);
    const int samplerId = addSampler(store);
    QCOMPARE(store.find(first)->analysis->tcpSource(), TcpStateSource::Iperf3Text);
    QTRY_COMPARE(changed.count(), 1);
    QCOMPARE(changed.front().front().toInt(), -1);
    QCOMPARE(store.find(first)->analysis->tcpSource(), TcpStateSource::SsSamples);
    QVERIFY(store.find(samplerId)->analysis->tcpLines.flows.empty());
}

// An export while a background match is pending (MainWindow calls settleMatching) reads the
// matched analyses at once; the late background result changes nothing more.
void TestTcpStateView::exportSettlesPendingMatch() {
    DatasetStore store;
    store.matchInBackground();
    const int first = addManyClients(store);
    addSampler(store);
    QCOMPARE(store.find(first)->analysis->tcpSource(), TcpStateSource::Iperf3Text);
    QSignalSpy changed(&store, &DatasetStore::changed);
    store.settleMatching();
    QCOMPARE(changed.count(), 1);
    QCOMPARE(store.find(first)->analysis->tcpSource(), TcpStateSource::SsSamples);
    const auto settled = store.find(first)->analysis;
    QTest::qWait(500); // the background match ends meanwhile; its result is dropped
    QCOMPARE(changed.count(), 1);
    QCOMPARE(store.find(first)->analysis, settled);
    store.settleMatching(); // nothing pending: nothing to do
    QCOMPARE(changed.count(), 1);
}

void TestTcpStateView::settingsRoundTrip() {
    DatasetStore store;
    ThroughputTimeView view(&store);
    view.setMetric(TcpMetric::Rtt);
    ThroughputTimeView again(&store);
    again.restoreSettings(view.saveSettings());
    QCOMPARE(again.options().metric, TcpMetric::Rtt);
    QCOMPARE(metricBox(again)->currentData().toString(), QStringLiteral("rtt"));
    again.restoreSettings({});
    QCOMPARE(again.options().metric, TcpMetric::Throughput);
}

// The report adds a cwnd and an RTT figure where the runs have them, whatever the tab shows.
void TestTcpStateView::reportHasCwndAndRttFigures() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    DatasetStore store;
    addSample(store, "iperf3-reno-P4.json");
    addSample(store, "iperf3-cubic-P4.json");
    ReportSource source;
    source.title = QStringLiteral("cubic vs reno");
    ThroughputTimeView tab(&store);
    tab.setMetric(TcpMetric::Retransmits); // the tab's choice does not change the figures
    source.viewSettings.insert(tab.settingsKey(), tab.saveSettings());
    QCOMPARE(source.content(store).tcpFigures,
             (std::vector<TcpMetric>{TcpMetric::Cwnd, TcpMetric::Rtt}));
    QString error;
    const QString path = dir.filePath("report.html");
    QVERIFY2(ReportWriter::write(&store, source, path, &error), qPrintable(error));
    const QString html = QString::fromUtf8(test::readAll(path));
    QCOMPARE(html.count("<svg"), 4); // flow bars, throughput, cwnd, RTT
    QVERIFY(html.contains("Throughput per report interval"));
    QVERIFY(html.contains("Congestion window of each flow"));
    QVERIFY(html.contains("Smoothed RTT of each flow"));
    QVERIFY(html.contains("TCP state from iperf3 -J"));

    // iperf 2 without -e: neither figure.
    DatasetStore plain;
    addSample(plain, "tcp-cubic-P30-client.txt");
    QVERIFY(ReportSource{}.content(plain).tcpFigures.empty());
    QVERIFY2(ReportWriter::write(&plain, ReportSource{}, path, &error), qPrintable(error));
    QCOMPARE(QString::fromUtf8(test::readAll(path)).count("<svg"), 2);
}

// Not a check: renders the tab for a human to look at (WIREBENCH_SCREENSHOTS=dir).
void TestTcpStateView::screenshots() {
    const QString dir = qEnvironmentVariable("WIREBENCH_SCREENSHOTS");
    if (dir.isEmpty())
        QSKIP("set WIREBENCH_SCREENSHOTS=DIR to write screenshots");
    DatasetStore store;
    ThroughputTimeView view(&store);
    addSample(store, "iperf3-reno-P4.json");
    addSample(store, "iperf3-cubic-P4.json");
    for (const QSize size : {QSize(1366, 768), QSize(1920, 1080)})
        for (TcpMetric metric : {TcpMetric::Cwnd, TcpMetric::Rtt}) {
            view.setMetric(metric);
            view.resize(size);
            view.show();
            view.plot()->replot();
            view.grab().save(QStringLiteral("%1/%2-%3x%4.png")
                                 .arg(dir, view.exportName())
                                 .arg(size.width())
                                 .arg(size.height()));
        }
    view.resize(1100, 650);
    store.setGroupKey(QStringLiteral("congestion_control"));
    QCoreApplication::processEvents(); // the toolbar shows the group line box
    view.plot()->replot();
    view.grab().save(dir + QStringLiteral("/tcp-grouped.png"));
    store.setGroupKey({});
    store.clear();
    addMatchedStep(store, true);
    view.setFlowsChoice(true);
    for (TcpMetric metric : {TcpMetric::Cwnd, TcpMetric::Rtt, TcpMetric::PacingRate}) {
        view.setMetric(metric);
        view.plot()->replot();
        view.grab().save(QStringLiteral("%1/ss-matched-%2.png").arg(dir, TcpState::key(metric)));
    }
}

QTEST_MAIN(TestTcpStateView)
#include "tst_tcpstateview.moc"
