// LoadPhases on the recorded latency-under-load step (samples/latency-under-load): the phase
// percentiles and losses equal this test's own split of the ping log's -D times by the load
// members' sidecar start and end, read from the raw files with a regular expression and
// QJsonDocument and never through the parsers or LoadTimeline; numpy's linear percentile is
// written out here. A copy of the step with replies cut out gives losses in every phase, and
// a copy whose record says a member started late gives the warning, in core and in the CLI.

#include "ReferenceReadings.h"
#include "TestSupport.h"
#include "files/StepRecord.h"
#include "stats/LoadPhases.h"

#include <QDateTime>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <ctime>
#include <map>
#include <set>

using namespace wb;

namespace {

const QString kStep = QStringLiteral("rrul-congestion-cubic");
const QStringList kLoadMembers{"up-1", "up-2", "down-1", "down-2"};

// ---- the independent reading ----------------------------------------------------------

struct Reply {
    double time = 0; // the -D timestamp, epoch seconds
    std::int64_t seq = 0;
    double rttMs = 0;
};

std::vector<Reply> repliesOf(const QString& pingLog) {
    static const QRegularExpression line(
        QStringLiteral(R"(^\[(\d+\.\d+)\] \d+ bytes from .*icmp_seq=(\d+) .*time=([\d.]+) ms$)"));
    std::vector<Reply> replies;
    for (const QByteArray& text : test::readAll(pingLog).split('\n')) {
        const QRegularExpressionMatch match = line.match(QString::fromUtf8(text));
        if (match.hasMatch())
            replies.push_back({match.captured(1).toDouble(), match.captured(2).toLongLong(),
                               match.captured(3).toDouble()});
    }
    return replies;
}

// "N packets transmitted" of the log's summary.
std::int64_t transmittedOf(const QString& pingLog) {
    static const QRegularExpression summary(QStringLiteral(R"((\d+) packets transmitted)"));
    return summary.match(QString::fromUtf8(test::readAll(pingLog))).captured(1).toLongLong();
}

// A sidecar's "start" or "end", epoch seconds.
double sidecarTime(const QString& sidecar, const char* key) {
    const QJsonObject object = QJsonDocument::fromJson(test::readAll(sidecar)).object();
    return double(QDateTime::fromString(object[QLatin1String(key)].toString(), Qt::ISODateWithMs)
                      .toMSecsSinceEpoch()) /
           1000;
}

struct ExpectedPhase {
    std::vector<double> rtts;
    std::size_t lost = 0;
};

// The ping of the step in `folder` split by the load members' sidecar times: a reply by its
// -D time; a lost request by its time interpolated by sequence number between the replies
// around it (before the first or after the last: at the mean spacing of the replies).
std::array<ExpectedPhase, 3> expectedSplit(const QString& folder, double* loadStart,
                                           double* loadEnd, double* allRunning) {
    const QDir dir(folder);
    double start = HUGE_VAL, end = -HUGE_VAL, lastStart = -HUGE_VAL, firstEnd = HUGE_VAL;
    for (const QString& member : kLoadMembers) {
        const QString sidecar = dir.filePath(kStep + '.' + member + ".run.json");
        start = std::min(start, sidecarTime(sidecar, "start"));
        lastStart = std::max(lastStart, sidecarTime(sidecar, "start"));
        end = std::max(end, sidecarTime(sidecar, "end"));
        firstEnd = std::min(firstEnd, sidecarTime(sidecar, "end"));
    }
    *loadStart = start;
    *loadEnd = end;
    *allRunning = std::max(0.0, firstEnd - lastStart);
    const auto phaseOf = [&](double t) { return t < start ? 0 : t > end ? 2 : 1; };
    const QString pingLog = dir.filePath(kStep + ".ping.log");
    const std::vector<Reply> replies = repliesOf(pingLog);
    std::array<ExpectedPhase, 3> phases;
    std::map<std::int64_t, double> timeOfSeq;
    for (const Reply& reply : replies) {
        phases[std::size_t(phaseOf(reply.time))].rtts.push_back(reply.rttMs);
        timeOfSeq[reply.seq] = reply.time;
    }
    const auto first = timeOfSeq.begin();
    const auto last = std::prev(timeOfSeq.end());
    const double spacing = (last->second - first->second) / double(last->first - first->first);
    for (std::int64_t seq = 1; seq <= transmittedOf(pingLog); ++seq) {
        if (timeOfSeq.count(seq))
            continue;
        const auto next = timeOfSeq.lower_bound(seq);
        double t = 0;
        if (next == timeOfSeq.begin())
            t = next->second - double(next->first - seq) * spacing;
        else if (next == timeOfSeq.end())
            t = last->second + double(seq - last->first) * spacing;
        else {
            const auto previous = std::prev(next);
            t = previous->second + double(seq - previous->first) /
                                       double(next->first - previous->first) *
                                       (next->second - previous->second);
        }
        ++phases[std::size_t(phaseOf(t))].lost;
    }
    return phases;
}

// ---- the code under test -------------------------------------------------------------

struct Imported {
    std::vector<ImportResult> results;
    std::vector<const Dataset*> datasets;
};

// The step's client logs and its ss samples, imported as the CLI imports them.
void importStep(const QString& folder, Imported* imported) {
    const QDir dir(folder);
    QStringList logs{kStep + ".ping.log", kStep + ".ss.log"};
    for (const QString& member : kLoadMembers)
        logs << kStep + '.' + member + ".log";
    for (const QString& log : logs)
        imported->results.push_back(FileImporter::importFile(dir.filePath(log)));
    for (const ImportResult& result : imported->results)
        for (const Dataset& dataset : result.datasets)
            imported->datasets.push_back(&dataset);
}

QString copyStep(const QString& to) {
    const QDir from(test::samplePath(QStringLiteral("latency-under-load")));
    for (const QString& name : from.entryList(QDir::Files))
        if (!QFile::copy(from.filePath(name), QDir(to).filePath(name)))
            qFatal("cannot copy %s", qPrintable(name));
    return to;
}

void comparePhases(const LoadPhases& phases, const std::array<ExpectedPhase, 3>& expected) {
    QCOMPARE(phases.pings().size(), std::size_t(1));
    const LoadPhases::PingPhases& ping = phases.pings().front();
    for (std::size_t p = 0; p < 3; ++p) {
        const LoadPhases::PhaseLatency& phase = ping.phases[p];
        QCOMPARE(phase.replies, expected[p].rtts.size());
        QCOMPARE(phase.lost, expected[p].lost);
        for (double level : {50.0, 90.0, 99.0})
            QCOMPARE(phase.percentileMs(level), test::numpyPercentile(expected[p].rtts, level));
    }
    QCOMPARE(ping.increaseP50Ms, test::numpyPercentile(expected[1].rtts, 50) -
                                     test::numpyPercentile(expected[0].rtts, 50));
    QCOMPARE(ping.increaseP99Ms, test::numpyPercentile(expected[1].rtts, 99) -
                                     test::numpyPercentile(expected[0].rtts, 99));
}

} // namespace

class TstLoadPhases : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        // The sidecars' times carry no zone: the recording machine's local time, UTC.
        qputenv("TZ", "UTC");
        tzset();
    }

    void recordedStepSplitByMembersTimes() {
        const QString folder = test::samplePath(QStringLiteral("latency-under-load"));
        Imported imported;
        importStep(folder, &imported);
        const std::vector<LoadPhases> steps = LoadPhases::ofSteps(imported.datasets);
        QCOMPARE(steps.size(), std::size_t(1));
        const LoadPhases& phases = steps.front();
        QCOMPARE(phases.step(), kStep);

        double loadStart = 0, loadEnd = 0, allRunning = 0;
        const std::array<ExpectedPhase, 3> expected =
            expectedSplit(folder, &loadStart, &loadEnd, &allRunning);
        // Idle before the load and queued under it, as recorded: every phase has replies.
        QVERIFY(expected[0].rtts.size() > 40 && expected[1].rtts.size() > 150 &&
                expected[2].rtts.size() > 40);
        comparePhases(phases, expected);
        QVERIFY(phases.pings().front().increaseP50Ms > 10);

        // The load spans the members' recorded times (to the microsecond: epoch seconds as
        // doubles here); only the times from the first start to the last one and from the
        // first end to the last one are partial.
        QVERIFY(phases.load());
        QVERIFY(std::abs((phases.load()->second - phases.load()->first) - (loadEnd - loadStart)) <
                1e-6);
        QVERIFY(std::abs(phases.partialSeconds() - ((loadEnd - loadStart) - allRunning)) < 1e-6);

        // Real starts from the step's record: the flows planned at 5 s started 0.3 s to 0.41 s
        // later, below a tenth of the 30.6 s step; the ping as planned.
        const QJsonObject record =
            QJsonDocument::fromJson(test::readAll(QDir(folder).filePath(kStep + ".run.json")))
                .object();
        const double stepStart = record["start"].toString().toDouble();
        std::size_t checked = 0;
        for (const LoadPhases::Member& member : phases.members()) {
            QVERIFY2(member.schedule, qPrintable(member.name));
            for (const QJsonValue& value : record["members"].toArray()) {
                if (value["name"].toString() != member.name)
                    continue;
                const double started = value["client_start"].toString().toDouble() - stepStart;
                QVERIFY(std::abs(*member.lateBy() - (started - value["start_offset"].toDouble())) <
                        1e-6);
                ++checked;
            }
            QVERIFY(!member.late());
        }
        QCOMPARE(checked, std::size_t(5));
        QVERIFY(phases.lateWarnings().isEmpty());
    }

    void lossesFallInTheirPhases() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        copyStep(dir.path());
        // Replies cut out early, around the load's start and end, inside it and after it.
        const std::set<std::int64_t> cut{3, 10, 11, 51, 52, 53, 54, 150, 254, 255, 256, 290};
        const QString pingLog = QDir(dir.path()).filePath(kStep + ".ping.log");
        QByteArray kept;
        static const QRegularExpression seq(QStringLiteral(R"(icmp_seq=(\d+) )"));
        for (const QByteArray& line : test::readAll(pingLog).split('\n')) {
            const QRegularExpressionMatch match = seq.match(QString::fromUtf8(line));
            if (!match.hasMatch() || !cut.count(match.captured(1).toLongLong()))
                kept += line + '\n';
        }
        kept.chop(1);
        // The summary counts what is left, as ping would have: 12 of 300 lost.
        const std::int64_t transmitted = transmittedOf(pingLog);
        const QByteArray counted = QByteArray::number(transmitted) + " packets transmitted, " +
                                   QByteArray::number(transmitted) + " received, 0% packet loss";
        QVERIFY(kept.contains(counted));
        kept.replace(counted, QByteArray::number(transmitted) + " packets transmitted, " +
                                  QByteArray::number(transmitted - std::int64_t(cut.size())) +
                                  " received, 4% packet loss");
        QFile::remove(pingLog);
        test::writeTestFile(dir.path(), kStep + ".ping.log", kept);

        Imported imported;
        importStep(dir.path(), &imported);
        const std::vector<LoadPhases> steps = LoadPhases::ofSteps(imported.datasets);
        QCOMPARE(steps.size(), std::size_t(1));
        double loadStart = 0, loadEnd = 0, allRunning = 0;
        const std::array<ExpectedPhase, 3> expected =
            expectedSplit(dir.path(), &loadStart, &loadEnd, &allRunning);
        QCOMPARE(expected[0].lost + expected[1].lost + expected[2].lost, cut.size());
        QVERIFY(expected[0].lost > 0 && expected[1].lost > 0 && expected[2].lost > 0);
        comparePhases(steps.front(), expected);
        const LoadPhases::PhaseLatency& idle = steps.front().pings().front().phases[0];
        QCOMPARE(idle.lossPercent(), 100.0 * double(expected[0].lost) /
                                         double(expected[0].lost + expected[0].rtts.size()));
    }

    void lateMemberWarned() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        copyStep(dir.path());
        // up-2's client started 4 s after its planned 5 s, more than a tenth of the 30.6 s
        // step; down-1's 3 s after, less than that.
        const QString recordPath = QDir(dir.path()).filePath(kStep + ".run.json");
        QJsonObject record = QJsonDocument::fromJson(test::readAll(recordPath)).object();
        const QStringList start = record["start"].toString().split('.');
        const double stepSeconds = record["end"].toString().toDouble() - start[0].toDouble() -
                                   ("0." + start[1]).toDouble();
        QJsonArray members = record["members"].toArray();
        for (QJsonValueRef value : members) {
            QJsonObject member = value.toObject();
            const QString name = member["name"].toString();
            if (name == "up-2" || name == "down-1") {
                member["client_start"] =
                    QString::number(start[0].toLongLong() + (name == "up-2" ? 9 : 8)) + '.' +
                    start[1];
                value = member;
            }
        }
        record["members"] = members;
        QFile::remove(recordPath);
        test::writeTestFile(dir.path(), kStep + ".run.json", QJsonDocument(record).toJson());

        Imported imported;
        importStep(dir.path(), &imported);
        const std::vector<LoadPhases> steps = LoadPhases::ofSteps(imported.datasets);
        QCOMPARE(steps.size(), std::size_t(1));
        std::size_t late = 0;
        for (const LoadPhases::Member& member : steps.front().members()) {
            QVERIFY(member.schedule && member.schedule->stepSeconds);
            QVERIFY(std::abs(*member.schedule->stepSeconds - stepSeconds) < 1e-6);
            if (member.name == "down-1")
                QVERIFY(std::abs(*member.lateBy() - 3.0) < 1e-9);
            if (member.name != "up-2") {
                QVERIFY2(!member.late(), qPrintable(member.name));
                continue;
            }
            QVERIFY(std::abs(*member.lateBy() - 4.0) < 1e-9);
            QVERIFY(member.late());
            ++late;
        }
        QCOMPARE(late, std::size_t(1));
        QCOMPARE(steps.front().lateWarnings().size(), 1);
        QVERIFY(steps.front().lateWarnings().front().contains("up-2"));

        QVERIFY(0.1 * stepSeconds > 3.0 && 0.1 * stepSeconds < 4.0);

        // The CLI says so on stderr and in its JSON, beside the phases.
        QStringList logs;
        for (const QString& log : QDir(dir.path()).entryList({"*.log"}, QDir::Files))
            if (!log.endsWith(".server.log"))
                logs << QDir(dir.path()).filePath(log);
        const test::CliRun run = test::runCli(QStringList{"table", "--format", "json"} + logs);
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.err.contains("warning") && run.err.contains("up-2 of step " + kStep),
                 qPrintable(run.err));
        const QJsonObject json = QJsonDocument::fromJson(run.out.toUtf8()).object();
        const QJsonArray phases = json["load_phases"].toArray();
        QCOMPARE(phases.size(), 1);
        QCOMPARE(phases[0]["warnings"].toArray().size(), 1);
        double loadStart = 0, loadEnd = 0, allRunning = 0;
        const auto expected = expectedSplit(dir.path(), &loadStart, &loadEnd, &allRunning);
        const QJsonArray rows = phases[0]["pings"][0]["phases"].toArray();
        QCOMPARE(rows.size(), 3);
        for (int p = 0; p < 3; ++p) {
            QCOMPARE(rows[p]["samples"].toInteger(), qint64(expected[std::size_t(p)].rtts.size()));
            QCOMPARE(rows[p]["p99_ms"].toDouble(),
                     test::numpyPercentile(expected[std::size_t(p)].rtts, 99));
        }
    }
};

QTEST_GUILESS_MAIN(TstLoadPhases)
#include "tst_loadphases.moc"
