#include "TestSupport.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace wb;
using test::CliRun;
using test::runCli;
using test::samplePath;

namespace {

QJsonObject jsonOf(const CliRun& run) {
    return QJsonDocument::fromJson(run.out.toUtf8()).object();
}

QStringList sortedKeys(const QJsonObject& object) {
    QStringList keys = object.keys();
    keys.sort();
    return keys;
}

} // namespace

class TestCompareCli : public QObject {
    Q_OBJECT

private slots:
    void latencyJsonMatchesStats();
    void throughputJsonMatchesFlows();
    void groupByCongestionControl();
    void foldersAndCommaListsPool();
    void tableFormats_data();
    void tableFormats();
    void textIsReadable();
    void subMillisecondRunsInMicroseconds();
    void usageErrors();
    void interruptedRepetitionIsNamed();
    void plainWordsFollowTheRuns();
};

void TestCompareCli::latencyJsonMatchesStats() {
    const QString idle = samplePath("ping18_np");
    const QString loaded = samplePath("ping18_iperf16_np");
    const CliRun run = runCli({"compare", "--format", "json", idle, loaded});
    QCOMPARE(run.exitCode, 0);
    const QJsonObject c = jsonOf(run);
    for (const char* key : {"a", "b", "ks_statistic", "ks_p_value", "mann_whitney_u",
                            "mann_whitney_p_value", "percentiles", "bootstrap_ci", "summary"})
        QVERIFY2(c.contains(QLatin1String(key)), key);
    QCOMPARE(c["a"].toString(), idle);
    QCOMPARE(c["b"].toString(), loaded);
    const QJsonObject p = c["percentiles"].toObject();
    QCOMPARE(sortedKeys(p), QStringList({"0", "1", "10", "100", "25", "50", "75", "90", "99"}));
    for (const QString& level : p.keys())
        QCOMPARE(sortedKeys(p[level].toObject()), QStringList({"a", "b", "diff", "ratio"}));
    QCOMPARE(sortedKeys(c["bootstrap_ci"].toObject()), QStringList({"p50", "p99"}));
    const QJsonObject ci99 = c["bootstrap_ci"].toObject()["p99"].toObject();
    QCOMPARE(sortedKeys(ci99), QStringList({"a", "b"}));
    QCOMPARE(ci99["b"].toArray().size(), 2);

    // The same numbers as `stats --format json` of the same files.
    const CliRun stats = runCli({"stats", "--format", "json", idle, loaded});
    const QJsonArray datasets = jsonOf(stats)["datasets"].toArray();
    QCOMPARE(datasets.size(), 2);
    for (const QString& level : p.keys()) {
        const QJsonObject row = p[level].toObject();
        const double a = datasets[0].toObject()["percentiles"].toObject()[level].toDouble();
        const double b = datasets[1].toObject()["percentiles"].toObject()[level].toDouble();
        QCOMPARE(row["a"].toDouble(), a);
        QCOMPARE(row["b"].toDouble(), b);
        QCOMPARE(row["diff"].toDouble(), b - a);
        QCOMPARE(row["ratio"].toDouble(), b / a);
    }
    // Loaded p99 is far higher, and the tests say so.
    QVERIFY(p["99"].toObject()["ratio"].toDouble() > 50);
    QVERIFY(ci99["b"].toArray()[0].toDouble() > ci99["a"].toArray()[1].toDouble());
    QCOMPARE(c["ks_statistic"].toDouble(), 1.0);
    QVERIFY(c["ks_p_value"].toDouble() < 1e-100);
    QCOMPARE(c["mann_whitney_u"].toDouble(), 0.0);
    QVERIFY(c["mann_whitney_p_value"].toDouble() < 1e-100);
    QVERIFY(c["summary"].toString().contains("p99 is 93.7× higher"));
    // --percentiles chooses the table's levels.
    const CliRun custom =
        runCli({"compare", "--format", "json", "--percentiles", "50,99.9", idle, loaded});
    QCOMPARE(sortedKeys(jsonOf(custom)["percentiles"].toObject()), QStringList({"50", "99.9"}));
}

void TestCompareCli::throughputJsonMatchesFlows() {
    const QString cubic = samplePath("tcp-cubic-P30-client.txt");
    const QString reno = samplePath("tcp-reno-P30-client.txt");
    const CliRun run = runCli({"compare", "--format", "json", cubic, reno});
    QCOMPARE(run.exitCode, 0);
    const QJsonObject c = jsonOf(run);
    for (const char* key :
         {"a", "b", "mean_flow_bits_per_second", "jain_fairness", "bootstrap_ci", "summary"})
        QVERIFY2(c.contains(QLatin1String(key)), key);
    QCOMPARE(sortedKeys(c["bootstrap_ci"].toObject()), QStringList{"mean_flow_bits_per_second"});
    const QJsonArray flows =
        jsonOf(runCli({"flows", "--format", "json", cubic, reno}))["datasets"].toArray();
    QCOMPARE(flows.size(), 2);
    for (int side = 0; side < 2; ++side) {
        const QString key = side == 0 ? "a" : "b";
        const QJsonObject dataset = flows[side].toObject();
        double sum = 0;
        const QJsonArray perFlow = dataset["flows"].toArray();
        for (const QJsonValue& flow : perFlow)
            sum += flow.toObject()["bits_per_second"].toDouble();
        QCOMPARE(perFlow.size(), 30);
        QCOMPARE(c["mean_flow_bits_per_second"].toObject()[key].toDouble(), sum / perFlow.size());
        QCOMPARE(c["jain_fairness"].toObject()[key].toDouble(),
                 dataset["jain_fairness"].toDouble());
        const QJsonArray ci =
            c["bootstrap_ci"].toObject()["mean_flow_bits_per_second"].toObject()[key].toArray();
        QVERIFY(ci[0].toDouble() < sum / perFlow.size() && sum / perFlow.size() < ci[1].toDouble());
    }
    // Seeded: the same run prints the same intervals.
    QCOMPARE(runCli({"compare", "--format", "json", cubic, reno}).out, run.out);
}

void TestCompareCli::groupByCongestionControl() {
    const QString cubic = samplePath("tcp-cubic-P30-client.txt");
    const QString reno = samplePath("tcp-reno-P30-client.txt");
    const CliRun grouped =
        runCli({"compare", "--format", "json", "--group-by", "congestion_control", reno, cubic});
    QCOMPARE(grouped.exitCode, 0);
    const QJsonObject g = jsonOf(grouped);
    QCOMPARE(g["a"].toString(), QStringLiteral("congestion_control=cubic"));
    QCOMPARE(g["b"].toString(), QStringLiteral("congestion_control=reno"));
    // One log per group: the numbers of comparing the two files directly.
    const QJsonObject direct = jsonOf(runCli({"compare", "--format", "json", cubic, reno}));
    for (const char* key : {"mean_flow_bits_per_second", "jain_fairness", "bootstrap_ci"})
        QCOMPARE(g[key], direct[key]);
    // P1 and P30 together: 31 flows per group.
    const CliRun four = runCli({"compare", "--format", "json", "--group-by", "congestion_control",
                                samplePath("tcp-cubic-P1-client.txt"), cubic,
                                samplePath("tcp-reno-P1-client.txt"), reno});
    QCOMPARE(four.exitCode, 0);
    QCOMPARE(jsonOf(four)["flows"].toObject()["a"].toInt(), 31);
    // ... and each side says that it pools runs of different stream counts.
    for (const char* side : {"cubic", "reno"})
        QVERIFY2(four.err.contains(QStringLiteral("congestion_control=%1: warning: pools -P 1 and "
                                                  "-P 30 runs")
                                       .arg(QLatin1String(side))),
                 qPrintable(four.err));
    QVERIFY(!grouped.err.contains("pools"));
    // Two runs a side: compared run by run first, each run's SUM as `flows` gives it.
    QVERIFY(!g.contains("run_level")); // one run a side: the sample-level comparison only
    const QJsonArray runLevel = jsonOf(four)["run_level"].toArray();
    QVERIFY(!runLevel.isEmpty());
    const QJsonObject sum = runLevel.first().toObject();
    QCOMPARE(sum["statistic"].toString(), QStringLiteral("SUM (Mbits/s)"));
    QCOMPARE(sum["runs"]["a"].toInt(), 2);
    QCOMPARE(sum["runs"]["b"].toInt(), 2);
    QCOMPARE(sum["permutation_method"].toString(), QStringLiteral("exact"));
    QVERIFY(sum["between_run_variation"].toBool());
    const auto sumOf = [](const QString& file) {
        const QJsonObject flows =
            QJsonDocument::fromJson(runCli({"flows", "--format", "json", file}).out.toUtf8())
                .object();
        return flows["datasets"][0]["sum"]["bits_per_second"].toDouble() / 1e6;
    };
    const double cubicP1 = sumOf(samplePath("tcp-cubic-P1-client.txt"));
    const double cubicP30 = sumOf(cubic);
    QCOMPARE(sum["median"]["a"].toDouble(), (cubicP1 + cubicP30) / 2);
    // Two runs against two: 6 splits, the observed one and its mirror among them.
    QVERIFY(sum["permutation_p"].toDouble() >= 2.0 / 6 - 1e-12);
    // Three values of a key cannot be compared two by two.
    const CliRun streams =
        runCli({"compare", "--group-by", "streams", samplePath("geni-cubic-P1.txt"), cubic,
                samplePath("iperf3-cubic-P4.json")});
    QCOMPARE(streams.exitCode, 2);
    QVERIFY2(streams.err.contains("exactly two values"), qPrintable(streams.err));
}

void TestCompareCli::foldersAndCommaListsPool() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QDir folder(dir.path());
    QVERIFY(folder.mkpath("loaded"));
    for (const char* name : {"ping18_iperf16_np", "ping18_iperf68_np"})
        QVERIFY(QFile::copy(samplePath(name), folder.filePath(QStringLiteral("loaded/") + name)));
    const QString commaList =
        samplePath("ping18_iperf16_np") + "," + samplePath("ping18_iperf68_np");
    const CliRun fromFolder =
        runCli({"compare", "--format", "json", samplePath("ping18_np"), folder.filePath("loaded")});
    const CliRun fromList =
        runCli({"compare", "--format", "json", samplePath("ping18_np"), commaList});
    QCOMPARE(fromFolder.exitCode, 0);
    QCOMPARE(fromList.exitCode, 0);
    const QJsonObject a = jsonOf(fromFolder);
    const QJsonObject b = jsonOf(fromList);
    QCOMPARE(a["samples"].toObject()["b"].toInt(), 10000);
    QCOMPARE(a["b"].toString(), folder.filePath("loaded"));
    QCOMPARE(b["b"].toString(), commaList);
    for (const char* key : {"percentiles", "bootstrap_ci", "ks_statistic", "mann_whitney_u"})
        QCOMPARE(a[key], b[key]);
}

void TestCompareCli::tableFormats_data() {
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("marker");
    QTest::newRow("csv") << "csv"
                         << "percentile,A (ms),B (ms)";
    QTest::newRow("markdown") << "markdown"
                              << "| p99 |";
    QTest::newRow("latex") << "latex"
                           << "\\begin{tabular}";
}

void TestCompareCli::tableFormats() {
    QFETCH(QString, format);
    QFETCH(QString, marker);
    const CliRun run = runCli(
        {"compare", "--format", format, samplePath("ping18_np"), samplePath("ping18_iperf16_np")});
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.out.contains(marker), qPrintable(run.out));
    QVERIFY(run.out.contains("Mann"));
}

void TestCompareCli::textIsReadable() {
    const CliRun run = runCli(
        {"compare", samplePath("tcp-cubic-P30-client.txt"), samplePath("tcp-reno-P30-client.txt")});
    QCOMPARE(run.exitCode, 0);
    QVERIFY(run.out.contains("A: " + samplePath("tcp-cubic-P30-client.txt") + " (30 flows"));
    QVERIFY(run.out.contains("Jain fairness"));
    QVERIFY(run.out.contains("the 95 % intervals overlap: the difference may be noise"));
}

void TestCompareCli::subMillisecondRunsInMicroseconds() {
    // The idle QJump run's p50 is 9 µs: "0.009 ms" would hide its digits.
    const CliRun idle = runCli(
        {"compare", "--format", "csv", samplePath("ping18_np"), samplePath("ping18_iperf18_np")});
    QCOMPARE(idle.exitCode, 0);
    QVERIFY2(idle.out.contains("percentile,A (ms),B (ms)"), qPrintable(idle.out));
    const CliRun both =
        runCli({"compare", "--format", "csv", samplePath("ping18_np"), samplePath("ping18_np")});
    QVERIFY2(both.out.contains("percentile,A (µs),B (µs)"), qPrintable(both.out));
    const QJsonObject json =
        QJsonDocument::fromJson(runCli({"compare", "--format", "json", samplePath("ping18_np"),
                                        samplePath("ping18_np")})
                                    .out.toUtf8())
            .object();
    const double p50 = json["percentiles"].toObject()["50"].toObject()["a"].toDouble();
    QVERIFY2(both.out.contains(QStringLiteral("p50,%1,").arg(p50 * 1000, 0, 'f', 1)),
             qPrintable(both.out));
}

void TestCompareCli::usageErrors() {
    const CliRun mixed =
        runCli({"compare", samplePath("ping18_np"), samplePath("tcp-reno-P30-client.txt")});
    QCOMPARE(mixed.exitCode, 2);
    QVERIFY2(mixed.err.contains("is a latency log and") && mixed.err.contains("a throughput log"),
             qPrintable(mixed.err));
    QCOMPARE(runCli({"compare", samplePath("ping18_np")}).exitCode, 2);
    QCOMPARE(runCli({"compare", "--group-by", "colour", samplePath("ping18_np")}).exitCode, 2);
    const CliRun missing = runCli({"compare", samplePath("ping18_np"), samplePath("no-such-log")});
    QCOMPARE(missing.exitCode, 2);
    QVERIFY(missing.err.contains("no-such-log"));
}

// A plan's output folder whose one repetition was killed (its sidecar says "interrupted"):
// the run keeps its samples in the pool, and every pooled result names it.
void TestCompareCli::interruptedRepetitionIsNamed() {
    QTemporaryDir dir;
    const QDir plan(samplePath("cubic-vs-reno"));
    for (const QString& name : plan.entryList({"*-streams-1-*"}, QDir::Files))
        QVERIFY(QFile::copy(plan.filePath(name), dir.filePath(name)));
    const QString sidecar = dir.filePath("tcp-congestion-cubic-streams-1-2.run.json");
    QByteArray record = test::readAll(sidecar);
    QVERIFY(record.contains("\"status\": \"completed\""));
    record.replace("\"status\": \"completed\"", "\"status\": \"interrupted\"");
    QFile::remove(sidecar);
    test::writeTestFile(dir.path(), "tcp-congestion-cubic-streams-1-2.run.json", record);
    const QString named =
        QStringLiteral("congestion_control=cubic: warning: pools a run that did not complete: "
                       "tcp congestion=cubic streams=1 #2 (interrupted)");
    for (const QStringList& command :
         {QStringList{"table", "--group-by", "congestion_control", dir.path()},
          QStringList{"table", "--group-by", "congestion_control", "--pooled", dir.path()},
          QStringList{"compare", "--group-by", "congestion_control", dir.path()}}) {
        const CliRun run = runCli(command);
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        QVERIFY2(run.err.contains(named), qPrintable(command.join(' ') + ": " + run.err));
        QVERIFY2(!run.err.contains("reno: warning: pools"), qPrintable(run.err));
    }
    // And so does the JSON, under "warnings".
    const QString warning = QString(named).remove(QStringLiteral(" warning:"));
    for (const QStringList& command :
         {QStringList{"table", "--format", "json", "--group-by", "congestion_control", dir.path()},
          QStringList{"compare", "--format", "json", "--group-by", "congestion_control",
                      dir.path()}}) {
        const CliRun run = runCli(command);
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        QCOMPARE(jsonOf(run)["warnings"].toArray(), QJsonArray{warning});
    }
    // The report names it beside the group's table.
    QJsonArray datasets;
    for (const QString& name : QDir(dir.path()).entryList({"*-streams-1-?.log"}, QDir::Files))
        datasets.append(QJsonObject{{"path", name}});
    const QString workspace = test::writeTestFile(
        dir.path(), "ws.wbws",
        QJsonDocument(QJsonObject{{"format", "wirebench-workspace"},
                                  {"version", 1},
                                  {"datasets", datasets},
                                  {"extra", QJsonObject{{"groupBy", "congestion_control"}}}})
            .toJson());
    const CliRun report = runCli({"report", workspace, "-o", dir.filePath("r.html")});
    QVERIFY2(report.exitCode == 0, qPrintable(report.err));
    QVERIFY(QString::fromUtf8(test::readAll(dir.filePath("r.html")))
                .contains("a run that did not complete: tcp congestion=cubic streams=1 #2 "
                          "(interrupted)"));
}

// With repetitions the sentence is the run level's, and says what the number of runs allows;
// the pooled samples' sentence follows, labelled. A null study (six consecutive parts of one
// ping run, three a side) and the recorded cubic/reno runs (three a side, -P 30).
void TestCompareCli::plainWordsFollowTheRuns() {
    QTemporaryDir dir;
    const QStringList parts = test::nullStudyParts(dir.path());
    QCOMPARE(parts.size(), 6);
    const CliRun null = runCli({"compare", parts.mid(0, 3).join(','), parts.mid(3).join(',')});
    QVERIFY2(null.exitCode == 0, qPrintable(null.err));
    const QString allows = QStringLiteral("Run level, 3 against 3 runs: the smallest possible p is "
                                          "0.1, so no difference can be significant at 0.05.");
    QVERIFY2(null.out.contains(allows), qPrintable(null.out));
    QVERIFY(null.out.contains("Medians of the runs: p50 (ms) "));
    QVERIFY(null.out.contains("\nPooled samples, runs treated as independent: "));
    QVERIFY(null.out.indexOf(allows) < null.out.indexOf("Pooled samples"));
    // No 95 % interval over three runs: the table's caption says why instead.
    const CliRun captioned = runCli(
        {"compare", "--format", "markdown", parts.mid(0, 3).join(','), parts.mid(3).join(',')});
    QVERIFY(captioned.out.contains("no 95 % interval with fewer than 5 runs a side"));

    QStringList runs;
    for (const QString& name : QDir(samplePath("cubic-vs-reno")).entryList({"*-30-?.log"}))
        runs << samplePath("cubic-vs-reno/" + name);
    QCOMPARE(runs.size(), 6);
    const CliRun real = runCli(
        QStringList{"compare", "--format", "json", "--group-by", "congestion_control"} + runs);
    QVERIFY2(real.exitCode == 0, qPrintable(real.err));
    const QString summary = jsonOf(real)["summary"].toString();
    QVERIFY2(summary.startsWith(allows), qPrintable(summary));
    QVERIFY(summary.contains("SUM (Mbits/s) ") && summary.contains("Jain's index "));
    QVERIFY(summary.contains("Pooled samples, runs treated as independent: Mean per-flow"));
}

QTEST_GUILESS_MAIN(TestCompareCli)
#include "tst_comparecli.moc"
