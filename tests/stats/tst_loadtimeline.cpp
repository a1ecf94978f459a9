#include "TestSupport.h"

#include "stats/LoadTimeline.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

using namespace wb;

namespace {

const QDateTime kT0 = QDateTime::fromMSecsSinceEpoch(1764633228123, Qt::UTC);

Dataset pingMember(const QString& step, qint64 startMs, const std::vector<double>& timestamps) {
    Dataset d;
    d.kind = Dataset::Kind::Latency;
    d.info.tool = QStringLiteral("ping");
    d.info.parameters = {{"step", step}, {"member", "ping"}};
    if (startMs >= 0)
        d.info.start = kT0.addMSecs(startMs);
    for (std::size_t i = 0; i < timestamps.size(); ++i) {
        d.latency.rttMs.push_back(1.0 + double(i));
        d.latency.sequence.push_back(std::int64_t(i) + 1);
        d.latency.timestamps.push_back(timestamps[i]);
    }
    return d;
}

// One flow with intervals [k, k+1) at `rate`, n of them, starting at `first`.
Dataset flowMember(const QString& step, const QString& member, qint64 startMs, double first, int n,
                   double rate) {
    Dataset d;
    d.kind = Dataset::Kind::Throughput;
    d.info.tool = QStringLiteral("iperf3");
    if (!step.isEmpty())
        d.info.parameters = {{"step", step}, {"member", member}};
    if (startMs >= 0)
        d.info.start = kT0.addMSecs(startMs);
    Flow flow;
    flow.id = QStringLiteral("5");
    for (int k = 0; k < n; ++k) {
        FlowInterval interval;
        interval.start = first + k;
        interval.end = first + k + 1;
        interval.bitsPerSecond = rate;
        flow.intervals.push_back(interval);
    }
    d.flows.flows.push_back(flow);
    return d;
}

double epoch(qint64 ms) {
    return double(kT0.toMSecsSinceEpoch() + ms) / 1000;
}

} // namespace

class TstLoadTimeline : public QObject {
    Q_OBJECT

private slots:
    void stepMembersAlignedByRecordedStarts() {
        // The ping starts first; the flows 5.012 s and 5.047 s later, their intervals from
        // 0.003 s after their own starts (connection set-up).
        const Dataset ping = pingMember("s1", 0, {epoch(40), epoch(140), epoch(240)});
        const Dataset up1 = flowMember("s1", "up-1", 5012, 0.003, 10, 8e6);
        const Dataset up2 = flowMember("s1", "up-2", 5047, 0.003, 10, 4e6);
        Dataset sampler = flowMember("s1", "", 4990, 0, 3, 1e6);
        sampler.info.tool = QStringLiteral("ss");
        sampler.info.parameters = {{"step", "s1"}};
        const Dataset otherStep = flowMember("s2", "up-1", 99000, 0, 10, 1e6);
        const LoadTimeline timeline = LoadTimeline::of({&sampler, &ping, &up1, &otherStep, &up2});

        QCOMPARE(timeline.basis(), LoadTimeline::Basis::ConcurrentStep);
        QCOMPARE(timeline.step(), QStringLiteral("s1"));
        QCOMPARE(*timeline.originMs(), kT0.toMSecsSinceEpoch());
        QCOMPARE(timeline.throughput().size(), std::size_t(2));
        // Offsets are the differences of the recorded starts, exactly.
        QCOMPARE(timeline.throughput()[0].offset,
                 double(ping.info.start.msecsTo(up1.info.start)) / 1000);
        QCOMPARE(timeline.throughput()[1].offset,
                 double(ping.info.start.msecsTo(up2.info.start)) / 1000);
        QVERIFY(timeline.throughput()[1].placed);
        // The other step's member is left out, the sampler is nobody's member.
        QCOMPARE(timeline.leftOut(), std::vector<const Dataset*>{&otherStep});
        QVERIFY(timeline.unplaced().empty());

        // Reply times are the timestamps less the step's start.
        QCOMPARE(timeline.latency().size(), std::size_t(1));
        const std::vector<double> replies = timeline.replyTimes(timeline.latency()[0]);
        QCOMPARE(replies.size(), std::size_t(3));
        for (std::size_t i = 0; i < replies.size(); ++i)
            QCOMPARE(replies[i], ping.latency.timestamps[i] - epoch(0));

        // Load: from the first interval's start to the last one's end.
        QVERIFY(timeline.loadPeriod());
        QCOMPARE(timeline.loadPeriod()->first, 5.012 + 0.003);
        QCOMPARE(timeline.loadPeriod()->second, 5.047 + 0.003 + 10);
        QVERIFY(LoadTimeline::isLoadStep({&ping, &up1}));
        QVERIFY(!LoadTimeline::isLoadStep({&up1, &up2}));
        QVERIFY(!LoadTimeline::isLoadStep({&ping}));
    }

    void eachStepFromItsOwnStart() {
        // Two steps recorded 99 s apart: each drawn from its own first start, the other
        // step's members left out.
        const Dataset ping1 = pingMember("s1", 0, {epoch(40), epoch(140)});
        const Dataset up1 = flowMember("s1", "up-1", 5012, 0.003, 10, 8e6);
        const Dataset ping2 = pingMember("s2", 99000, {epoch(99040), epoch(99140)});
        const Dataset up2 = flowMember("s2", "up-1", 99500, 0, 10, 1e6);
        const std::vector<const Dataset*> all{&ping1, &up2, &up1, &ping2};
        QCOMPARE(LoadTimeline::steps(all), (QStringList{"s1", "s2"}));
        const LoadTimeline second = LoadTimeline::ofStep(all, "s2");
        QCOMPARE(second.step(), QStringLiteral("s2"));
        QCOMPARE(second.basis(), LoadTimeline::Basis::ConcurrentStep);
        QCOMPARE(second.throughput().size(), std::size_t(1));
        QCOMPARE(second.throughput()[0].dataset, &up2);
        QCOMPARE(second.throughput()[0].offset, 0.5); // 99.5 s less the step's 99 s start
        QCOMPARE(second.latency().size(), std::size_t(1));
        QCOMPARE(second.replyTimes(second.latency()[0]).front(),
                 ping2.latency.timestamps[0] - epoch(99000));
        QCOMPARE(second.leftOut(), (std::vector<const Dataset*>{&ping1, &up1}));
        // of() draws the first step, as before there was a choice.
        QCOMPARE(LoadTimeline::of(all).step(), QStringLiteral("s1"));
        QCOMPARE(LoadTimeline::of(all).throughput()[0].offset, 5.012);
    }

    void absoluteTimesWithoutStep() {
        // A ping with -D timestamps and no recorded start, an iperf3 -J log with its start,
        // and an iperf log without one (drawn from 0).
        Dataset ping = pingMember("", -1, {epoch(2500), epoch(2600), epoch(2700)});
        ping.info.parameters.clear();
        const Dataset iperf3 = flowMember("", "", 4000, 0, 3, 1e6);
        const Dataset undated = flowMember("", "", -1, 0, 3, 1e6);
        Dataset noTimes = pingMember("", -1, {});
        noTimes.info.parameters.clear();
        noTimes.latency.rttMs = {1, 2};
        noTimes.latency.sequence = {1, 2};
        const LoadTimeline timeline = LoadTimeline::of({&ping, &iperf3, &undated, &noTimes});
        QCOMPARE(timeline.basis(), LoadTimeline::Basis::AbsoluteTimes);
        QCOMPARE(*timeline.originMs(), kT0.toMSecsSinceEpoch() + 2500);
        QCOMPARE(timeline.replyTimes(timeline.latency()[0]).front(), 0.0);
        QCOMPARE(timeline.throughput()[0].offset, 1.5);
        QVERIFY(!timeline.throughput()[1].placed);
        QCOMPARE(timeline.throughput()[1].offset, 0.0);
        QCOMPARE(timeline.unplaced(), std::vector<const Dataset*>{&undated});
        // A ping without reply times has no place on the axis.
        QCOMPARE(timeline.leftOut(), std::vector<const Dataset*>{&noTimes});
        QCOMPARE(timeline.loadPeriod()->first, 0.0);
        QCOMPARE(timeline.loadPeriod()->second, 4.5);
    }

    void nothingDated() {
        const Dataset a = flowMember("", "", -1, 1, 2, 1e6);
        const LoadTimeline timeline = LoadTimeline::of({&a});
        QCOMPARE(timeline.basis(), LoadTimeline::Basis::None);
        QVERIFY(!timeline.originMs());
        QCOMPARE(timeline.unplaced().size(), std::size_t(1));
        QCOMPARE(timeline.loadPeriod()->first, 1.0);
        QCOMPARE(timeline.loadPeriod()->second, 3.0);
    }

    void lossesBetweenTheirNeighbours() {
        Dataset ping = pingMember("s", 0, {epoch(100), epoch(200), epoch(400)});
        ping.latency.sequence = {1, 2, 4};
        ping.latency.lostSequence = {3};
        const Dataset flow = flowMember("s", "up", 50, 0, 1, 1e6);
        const LoadTimeline timeline = LoadTimeline::of({&ping, &flow});
        const std::vector<double> lost = timeline.lossTimes(timeline.latency()[0]);
        QCOMPARE(lost.size(), std::size_t(1));
        // Epoch seconds in a double carry about 0.2 µs.
        QVERIFY(std::abs(lost[0] - 0.3) < 1e-6);
    }

    void sumOfFlowsAddsOverlappingIntervals() {
        // Flow A from 1 to 3 at 8 and 4 Mbit/s, flow B from 1.5 to 2.5 at 2 Mbit/s.
        Dataset a = flowMember("s", "a", 1000, 0, 2, 8e6);
        a.flows.flows[0].intervals[1].bitsPerSecond = 4e6;
        const Dataset b = flowMember("s", "b", 1500, 0, 1, 2e6);
        const Dataset ping = pingMember("s", 0, {epoch(10)});
        const LoadTimeline timeline = LoadTimeline::of({&ping, &a, &b});
        double end = 0;
        const std::vector<LoadTimeline::Step> steps = timeline.sumOfFlows(&end);
        const std::vector<std::pair<double, double>> expected{
            {1, 8e6}, {1.5, 10e6}, {2, 6e6}, {2.5, 4e6}};
        QCOMPARE(steps.size(), expected.size());
        for (std::size_t i = 0; i < steps.size(); ++i) {
            QCOMPARE(steps[i].start, expected[i].first);
            QCOMPARE(steps[i].bitsPerSecond, expected[i].second);
        }
        QCOMPARE(end, 3.0);
    }

    void recordedStep() {
        // The recording under tests/data/loadtime: the offsets of the flows are the
        // differences of the starts their sidecars recorded.
        const QDir folder(test::dataPath(QStringLiteral("loadtime")));
        std::vector<Dataset> datasets;
        std::vector<QDateTime> starts;
        for (const QString& log :
             folder.entryList({QStringLiteral("*.log")}, QDir::Files, QDir::Name)) {
            ImportResult result = FileImporter::importFile(folder.filePath(log));
            QVERIFY2(result.ok(), qPrintable(log));
            const QJsonObject sidecar =
                QJsonDocument::fromJson(
                    test::readAll(folder.filePath(QString(log).replace(".log", ".run.json"))))
                    .object();
            for (Dataset& dataset : result.datasets) {
                datasets.push_back(std::move(dataset));
                starts.push_back(QDateTime::fromString(
                    sidecar.value(QStringLiteral("start")).toString(), Qt::ISODateWithMs));
            }
        }
        QVERIFY(datasets.size() >= 4); // ping, two flows, ss
        std::vector<const Dataset*> pointers;
        for (const Dataset& d : datasets)
            pointers.push_back(&d);
        QVERIFY(LoadTimeline::isLoadStep(pointers));
        const LoadTimeline timeline = LoadTimeline::of(pointers);
        QCOMPARE(timeline.throughput().size(), std::size_t(2));
        QCOMPARE(timeline.latency().size(), std::size_t(1));
        qint64 origin = std::numeric_limits<qint64>::max();
        for (std::size_t i = 0; i < datasets.size(); ++i)
            if (!LoadTimeline::isSampler(datasets[i]))
                origin = std::min(origin, starts[i].toMSecsSinceEpoch());
        QCOMPARE(*timeline.originMs(), origin);
        for (const LoadTimeline::Placement& p : timeline.throughput()) {
            const std::size_t i = std::size_t(p.dataset - datasets.data());
            QVERIFY(starts[i].isValid());
            QCOMPARE(p.offset, double(starts[i].toMSecsSinceEpoch() - origin) / 1000);
            QVERIFY(p.offset > 4 && p.offset < 6); // the flows start at 5 s
        }
        // The ping's replies: their -D timestamps less the step's start.
        const LoadTimeline::Placement& ping = timeline.latency().front();
        const std::vector<double> replies = timeline.replyTimes(ping);
        QCOMPARE(replies.size(), ping.dataset->latency.size());
        for (std::size_t i = 0; i < replies.size(); ++i)
            QCOMPARE(replies[i], ping.dataset->latency.timestamps[i] - double(origin) / 1000);
        QVERIFY(timeline.loadPeriod()->first > 4);
        QVERIFY(timeline.loadPeriod()->second - timeline.loadPeriod()->first > 9);
    }
};

QTEST_GUILESS_MAIN(TstLoadTimeline)
#include "tst_loadtimeline.moc"
