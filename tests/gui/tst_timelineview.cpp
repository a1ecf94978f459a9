#include "StoreSupport.h"
#include "SvgReadBack.h"
#include "TestSupport.h"

#include "DatasetStore.h"
#include "PlotExporter.h"
#include "TimelineFigure.h"
#include "TimelineView.h"

#include <qcustomplot.h>

#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <limits>

using namespace wb;

namespace {

int addIdle(DatasetStore& store) {
    return test::addLog(store, test::samplePath(QStringLiteral("ping18_np")),
                        QStringLiteral("ping18_np"));
}

int addLossy(DatasetStore& store) {
    return test::addLog(store, test::dataPath(QStringLiteral("ping/iputils_O_loss.txt")),
                        QStringLiteral("iputils_O_loss"));
}

// A long run with -D timestamps and one 500 ms spike, built in memory.
int addSpiky(DatasetStore& store, std::size_t count, std::size_t spikeAt) {
    Dataset dataset;
    dataset.label = QStringLiteral("spiky");
    LatencySeries& s = dataset.latency;
    s.rttMs.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
        s.rttMs.push_back(0.05 + 0.01 * static_cast<double>(i % 7));
        s.sequence.push_back(static_cast<std::int64_t>(i + 1));
        s.timestamps.push_back(1.7e9 + 0.001 * static_cast<double>(i));
    }
    s.rttMs[spikeAt] = 500;
    return test::addDataset(store, std::move(dataset), QStringLiteral("spiky"));
}

int legendCount(QCustomPlot* plot) {
    return plot->legend->itemCount();
}

} // namespace

class TestTimelineView : public QObject {
    Q_OBJECT

private slots:
    void oneLinePerVisibleDataset();
    void lostMarksMatchLostSequence();
    void lossFreeRunsShareOneLane();
    void lossStripShadesTheShareLost();
    void xAxisSaysWhatItShows();
    void logYToggle();
    void spikeSurvivesReduction();
    void exportedLineIsWithinOnePixelOfEveryReply();
    void readoutNamesSampleAndLoss();
    void settingsRoundTrip();
    void screenshot();
};

void TestTimelineView::oneLinePerVisibleDataset() {
    DatasetStore store;
    const int idle = addIdle(store);
    const int lossy = addLossy(store);
    QVERIFY(idle > 0 && lossy > 0);
    test::addLog(store, test::samplePath(QStringLiteral("geni-cubic-P30.txt")),
                 QStringLiteral("flows")); // throughput: no line
    TimelineView view(&store);
    QCOMPARE(view.title(), QStringLiteral("RTT over time"));
    QCOMPARE(view.exportName(), QStringLiteral("rtt-timeline"));
    QVERIFY(view.figure().graphOf(idle));
    QVERIFY(view.figure().graphOf(lossy));
    int lines = 0;
    for (int i = 0; i < view.plot()->graphCount(); ++i)
        lines += view.plot()->graph(i)->valueAxis() == view.plot()->yAxis &&
                         view.plot()->graph(i)->lineStyle() == QCPGraph::lsLine
                     ? 1
                     : 0;
    QCOMPARE(lines, 2);
    QCOMPARE(view.figure().graphOf(idle)->name(), QStringLiteral("ping18_np"));
    QVERIFY(view.figure().graphOf(idle)->data()->size() > 10);
    store.setVisible(idle, false);
    QVERIFY(!view.figure().graphOf(idle));
    QVERIFY(view.figure().graphOf(lossy));
    store.setVisible(idle, true);
    store.setLabel(idle, QStringLiteral("idle"));
    QCOMPARE(view.figure().graphOf(idle)->name(), QStringLiteral("idle"));
    store.remove(lossy);
    QVERIFY(!view.figure().graphOf(lossy));
    QVERIFY(!view.figure().lostGraphOf(lossy));
}

void TestTimelineView::lostMarksMatchLostSequence() {
    DatasetStore store;
    const int idle = addIdle(store);
    const int lossy = addLossy(store);
    TimelineView view(&store);
    const LatencySeries& series = store.find(lossy)->dataset().latency;
    QVERIFY(!series.lostSequence.empty());
    QCPGraph* lost = view.figure().lostGraphOf(lossy);
    QVERIFY(lost);
    QCOMPARE(static_cast<std::size_t>(lost->data()->size()), series.lostSequence.size());
    QCOMPARE(lost->keyAxis()->axisRect(),
             view.figure().lossStrip()); // on the strip, not over the data
    // Sequence axis: each mark sits at its lost sequence number.
    QCOMPARE(view.figure().xAxisKind(), TimelineReducer::XAxis::Sequence);
    QCOMPARE(lost->data()->constBegin()->key, static_cast<double>(series.lostSequence.front()));
    const std::size_t idleLost = store.find(idle)->dataset().latency.lostSequence.size();
    QCOMPARE(view.figure().lostGraphOf(idle)
                 ? std::size_t(view.figure().lostGraphOf(idle)->data()->size())
                 : 0u,
             idleLost);
    // The strip shares the x range, also after a zoom.
    view.plot()->xAxis->setRange(3, 12);
    QCOMPARE(view.figure().lossStrip()->axis(QCPAxis::atBottom)->range().lower, 3.0);
    QCOMPARE(view.figure().lossStrip()->axis(QCPAxis::atBottom)->range().upper, 12.0);
}

// 0.05 % of 200,000 requests lost, one in every 2,000: the strip shades each pixel column
// by the share lost in it, a faint mark where one request of hundreds was lost and nothing
// where none was (not a solid band), and says the run's loss % beside the lane.
void TestTimelineView::lossStripShadesTheShareLost() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("sparse-loss.txt"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    QByteArray log = "PING 198.18.0.2 (198.18.0.2) 56(84) bytes of data.\n";
    constexpr int kRequests = 200'000;
    for (int seq = 1; seq <= kRequests; ++seq)
        if (seq % 2000 != 1000)
            log += "64 bytes from 198.18.0.2: icmp_seq=" + QByteArray::number(seq) +
                   " ttl=64 time=0.0" + QByteArray::number(40 + seq % 7) + " ms\n";
    log += "\n--- 198.18.0.2 ping statistics ---\n200000 packets transmitted, 199900 received, "
           "0.05% packet loss, time 199999ms\n";
    file.write(log);
    file.close();
    DatasetStore store;
    const int id = test::addLog(store, path, QStringLiteral("sparse loss"));
    QVERIFY(id > 0);
    QCOMPARE(store.find(id)->dataset().latency.lostSequence.size(), std::size_t(100));
    TimelineView view(&store);
    ExportOptions column;
    view.resize(column.layoutSize());
    PlotExporter::layOut(view.plot(), column);
    QCPColorMap* shade = view.figure().lossShadeOf(id);
    QVERIFY(shade);
    QCOMPARE(shade->keyAxis()->axisRect(), view.figure().lossStrip());
    QVERIFY(!view.figure().lostGraphOf(id)->visible()); // the marks are not drawn: they made a band
    QCPColorMapData* cells = shade->data();
    const int columns = cells->keySize();
    QVERIFY2(columns >= 100, qPrintable(QString::number(columns)));
    int shaded = 0;
    for (int c = 0; c < columns; ++c) {
        const double value = cells->cell(c, 0);
        if (value == 0)
            continue;
        ++shaded;
        // One loss among hundreds of requests: the least visible shade, not a solid one.
        QVERIFY2(value >= 0.3 && value < 0.36, qPrintable(QString::number(value)));
    }
    // A loss every 2,000 requests: in every column when columns are wider than that, else
    // in about one column of each 2,000 requests' width.
    const int expected = std::min(100, columns);
    QVERIFY2(shaded >= 0.9 * expected && shaded <= expected && shaded < columns,
             qPrintable(QStringLiteral("%1 of %2").arg(shaded).arg(columns)));
    // The cells tile the visible range exactly.
    const QCPRange range = view.plot()->xAxis->range();
    const double width = range.size() / columns;
    QVERIFY(std::abs(cells->keyRange().lower - (range.lower + width / 2)) < 1e-9 * range.size());
    const QStringList lanes = view.figure()
                                  .lossStrip()
                                  ->axis(QCPAxis::atLeft)
                                  ->ticker()
                                  .dynamicCast<QCPAxisTickerText>()
                                  ->ticks()
                                  .values();
    QCOMPARE(lanes, QStringList{QStringLiteral("lost 0.05 %")});
}

// No visible run lost a request: one lane that says so instead of a lane per run, until a
// run with losses is shown again.
void TestTimelineView::lossFreeRunsShareOneLane() {
    DatasetStore store;
    const int idle = addIdle(store);
    const int busy = test::addLog(store, test::samplePath(QStringLiteral("ping18_iperf68_np")),
                                  QStringLiteral("ping18_iperf68_np"));
    TimelineView view(&store);
    QCPAxis* laneAxis = view.figure().lossStrip()->axis(QCPAxis::atLeft);
    auto laneLabels = [laneAxis] {
        return laneAxis->ticker().dynamicCast<QCPAxisTickerText>()->ticks().values();
    };
    for (int id : {idle, busy})
        QVERIFY(store.find(id)->dataset().latency.lostSequence.empty());
    QVERIFY(view.figure().lossFreeNote());
    QVERIFY(view.figure().lossFreeNote()->text().contains(QStringLiteral("no lost requests")));
    QVERIFY(laneLabels().isEmpty());
    QCOMPARE(laneAxis->range().upper, 1.0);

    const int lossy = addLossy(store);
    QVERIFY(!view.figure().lossFreeNote());
    // Each lane: its run's loss %, after the run's number in the legend (the names and the
    // percentages are wider than a lane label may be).
    QCOMPARE(laneLabels(), (QList<QString>{"(1) 0 %", "(2) 0 %", "(3) 40 %"}));
    QCOMPARE(laneAxis->range().upper, 3.0);
    QVERIFY(view.figure().lostGraphOf(lossy));

    store.setVisible(lossy, false); // hidden runs' losses are not shown, so not counted
    QVERIFY(view.figure().lossFreeNote());
    QVERIFY(laneLabels().isEmpty());
}

void TestTimelineView::xAxisSaysWhatItShows() {
    DatasetStore store;
    addIdle(store);
    TimelineView view(&store);
    QCOMPARE(view.plot()->xAxis->label(), QStringLiteral("sequence number"));
    QCOMPARE(view.plot()->yAxis->label(), QStringLiteral("RTT (ms)"));
    view.setInterval(0.2);
    QCOMPARE(view.figure().xAxisKind(), TimelineReducer::XAxis::SequenceTimesInterval);
    QVERIFY(
        view.plot()->xAxis->label().startsWith(QStringLiteral("sequence number × interval (s)")));
    const int timed = test::addLog(store, test::dataPath(QStringLiteral("ping/iputils_D.txt")),
                                   QStringLiteral("with -D"));
    QVERIFY(store.find(timed)->dataset().latency.hasTimestamps());
    // Mixed: one run has time, the other not: sequence for both, said on the axis.
    QCOMPARE(view.figure().xAxisKind(), TimelineReducer::XAxis::SequenceTimesInterval);
    store.setVisible(store.entries().front().id, false);
    QCOMPARE(view.figure().xAxisKind(), TimelineReducer::XAxis::TimeSinceFirstReply);
    QCOMPARE(view.plot()->xAxis->label(), QStringLiteral("time since first reply (s)"));
    QCOMPARE(view.figure().graphOf(timed)->data()->constBegin()->key, 0.0);
}

void TestTimelineView::logYToggle() {
    DatasetStore store;
    addIdle(store);
    addLossy(store);
    TimelineView view(&store);
    QVERIFY(!view.figure().options().logY);
    QCOMPARE(view.plot()->yAxis->scaleType(), QCPAxis::stLinear);
    view.setLogY(true);
    QCOMPARE(view.plot()->yAxis->scaleType(), QCPAxis::stLogarithmic);
    QVERIFY(view.plot()->yAxis->range().lower > 0);
    view.setLogY(false);
    QCOMPARE(view.plot()->yAxis->scaleType(), QCPAxis::stLinear);
}

void TestTimelineView::spikeSurvivesReduction() {
    DatasetStore store;
    const std::size_t n = 2'000'000;
    const int id = addSpiky(store, n, 1'500'000);
    TimelineView view(&store);
    view.resize(1100, 600);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QTest::qWait(20);
    QCOMPARE(view.figure().xAxisKind(), TimelineReducer::XAxis::TimeSinceFirstReply);
    auto maxOf = [&] {
        double m = 0;
        for (const QCPGraphData& p : *view.figure().graphOf(id)->data())
            m = std::max(m, p.value);
        return m;
    };
    const int points = view.figure().graphOf(id)->data()->size();
    qInfo("%zu samples drawn as %d points", n, points);
    QVERIFY(points <= 2 * view.plot()->xAxis->axisRect()->width() + 4);
    QCOMPARE(maxOf(), 500.0);
    QVERIFY(view.plot()->yAxis->range().upper >= 500);
    // Zoom into one second around the spike: exact samples, y fitted to them.
    QElapsedTimer timer;
    timer.start();
    view.plot()->xAxis->setRange(1499.5, 1500.5);
    QTest::qWait(0);
    QCoreApplication::processEvents();
    view.plot()->replot(QCustomPlot::rpImmediateRefresh);
    qInfo("zoom + reduce + replot: %lld ms", static_cast<long long>(timer.elapsed()));
    QCOMPARE(maxOf(), 500.0);
    QVERIFY(view.figure().graphOf(id)->data()->size() >= 1000); // every sample of that second
    // Zoom next to the spike: y follows the visible data, not the spike.
    view.plot()->xAxis->setRange(100, 101);
    QTest::qWait(0);
    QCoreApplication::processEvents();
    QVERIFY(view.plot()->yAxis->range().upper < 1);
}

// An exported timeline is reduced at the export's resolution, not at the width of a plot never
// shown (as wirebench-cli plot draws it): every reply, at its time since the first reply,
// lies on the drawn line within one output pixel at 300 dpi or 0.5 % of the axis, whichever
// is larger, at one-column and at slide size.
void TestTimelineView::exportedLineIsWithinOnePixelOfEveryReply() {
    DatasetStore store;
    const int id = test::addLog(store, test::dataPath("ping/iputils_random_loss_5pct.txt"), "loss");
    QVERIFY(id > 0);
    const LatencySeries& series = store.find(id)->analysis->dataset->latency;
    QVERIFY(!series.timestamps.empty());
    for (const QSize size : {QSize(252, 180), QSize(720, 405)}) {
        FigureAlone alone;
        auto& figure = alone.make<TimelineFigure>();
        figure.draw(store.visibleLatency(), {});
        QCOMPARE(figure.xAxisKind(), TimelineReducer::XAxis::TimeSinceFirstReply);
        ExportOptions exported;
        exported.points = ExportOptions::ofLayoutSize(QSize(size.width(), size.height())).points;
        const QByteArray svg = PlotExporter::toSvg(alone.plot.get(), exported);
        PlotExporter::layOut(alone.plot.get(), exported); // the SVG's layout, to map replies
        const QCPAxis* x = alone.plot->xAxis;
        const QCPAxis* y = alone.plot->yAxis;
        const double tolerance = std::max(72.0 / 300, 0.005 * x->axisRect()->width());
        const std::vector<std::vector<QPointF>> lines = test::svgPolylines(svg, 10);
        QCOMPARE(static_cast<int>(lines.size()), 1);
        const std::vector<QPointF>& line = lines.front();
        const auto distanceToLine = [&line](const QPointF& p) {
            double nearest = std::numeric_limits<double>::infinity();
            for (std::size_t k = 1; k < line.size(); ++k) {
                const QPointF a = line[k - 1];
                const QPointF ab = line[k] - a;
                const double length2 = QPointF::dotProduct(ab, ab);
                const double t =
                    length2 > 0 ? std::clamp(QPointF::dotProduct(p - a, ab) / length2, 0.0, 1.0)
                                : 0.0;
                const QPointF off = p - (a + t * ab);
                nearest = std::min(nearest, std::hypot(off.x(), off.y()));
            }
            return nearest;
        };
        for (std::size_t i = 0; i < series.rttMs.size(); ++i) {
            const double seconds = series.timestamps[i] - series.timestamps.front();
            // +0.5: the SVG's line is drawn with QCustomPlot's half-pixel pen offset.
            const QPointF reply(x->coordToPixel(seconds) + 0.5,
                                y->coordToPixel(series.rttMs[i]) + 0.5);
            const double distance = distanceToLine(reply);
            QVERIFY2(distance <= tolerance,
                     qPrintable(QStringLiteral("%1x%2: reply %3 (%4 s, %5 ms) is %6 from the line")
                                    .arg(size.width())
                                    .arg(size.height())
                                    .arg(i)
                                    .arg(seconds)
                                    .arg(series.rttMs[i])
                                    .arg(distance)));
        }
    }
}

void TestTimelineView::readoutNamesSampleAndLoss() {
    DatasetStore store;
    const int lossy = addLossy(store);
    TimelineView view(&store);
    view.resize(1100, 600);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QTest::qWait(20);
    view.plot()->replot(QCustomPlot::rpImmediateRefresh);
    QCPGraph* line = view.figure().graphOf(lossy);
    const QCPGraphData first = *line->data()->constBegin();
    view.showReadoutAt(QPointF(view.plot()->xAxis->coordToPixel(first.key),
                               view.plot()->yAxis->coordToPixel(first.value)));
    QVERIFY2(view.readout().contains(QStringLiteral("seq 1")), qPrintable(view.readout()));
    QVERIFY(view.readout().contains(QStringLiteral("ms")));
    const LatencySeries& series = store.find(lossy)->dataset().latency;
    QCPAxisRect* strip = view.figure().lossStrip();
    view.showReadoutAt(
        QPointF(strip->axis(QCPAxis::atBottom)->coordToPixel(double(series.lostSequence.front())),
                strip->axis(QCPAxis::atLeft)->coordToPixel(0.5)));
    QVERIFY2(view.readout().contains(QStringLiteral("lost")), qPrintable(view.readout()));
    QVERIFY(view.readout().contains(QString::number(series.lostSequence.front())));
}

void TestTimelineView::settingsRoundTrip() {
    DatasetStore store;
    addIdle(store);
    TimelineView view(&store);
    view.setLogY(true);
    view.setInterval(0.5);
    const QJsonObject saved = view.saveSettings();
    QCOMPARE(saved.value(QStringLiteral("logY")).toBool(), true);
    TimelineView other(&store);
    QVERIFY(!other.figure().options().logY);
    other.restoreSettings(saved);
    QVERIFY(other.figure().options().logY);
    QCOMPARE(other.figure().options().interval, 0.5);
    QCOMPARE(other.plot()->yAxis->scaleType(), QCPAxis::stLogarithmic);
    QCOMPARE(other.saveSettings(), saved);
    other.restoreSettings(QJsonObject{}); // missing keys keep the current values
    QVERIFY(other.figure().options().logY);
}

void TestTimelineView::screenshot() {
    DatasetStore store;
    addIdle(store);
    addLossy(store);
    TimelineView view(&store);
    view.resize(1100, 600);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QTest::qWait(20);
    QVERIFY(view.grab().save(QStringLiteral("/tmp/timeline.png")));
    view.setLogY(true);
    QTest::qWait(0);
    QVERIFY(view.grab().save(QStringLiteral("/tmp/timeline-log.png")));
    QVERIFY(legendCount(view.plot()) >= 3); // two lines and the lost marks
    // Zoomed into the lossy run's sequence range, with a run that has duplicates.
    const int dup = test::addLog(store, test::dataPath(QStringLiteral("ping/iputils_dup.txt")),
                                 QStringLiteral("iputils_dup"));
    QVERIFY(view.figure().duplicateGraphOf(dup));
    QCOMPARE(std::size_t(view.figure().duplicateGraphOf(dup)->data()->size()),
             store.find(dup)->dataset().latency.duplicateRttMs.size());
    view.setLogY(false);
    view.plot()->xAxis->setRange(0, 21);
    QTest::qWait(0);
    QCoreApplication::processEvents();
    QVERIFY(view.grab().save(QStringLiteral("/tmp/timeline-zoom.png")));
}

QTEST_MAIN(TestTimelineView)
#include "tst_timelineview.moc"
