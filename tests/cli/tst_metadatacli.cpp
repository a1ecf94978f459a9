#include "TestSupport.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace wb;
using test::CliRun;
using test::runCli;

namespace {

QJsonObject jsonOf(const CliRun& run) {
    return QJsonDocument::fromJson(run.out.toUtf8()).object();
}

// The GENI logs (which do not name their algorithm) copied into a folder with a metadata
// file beside them that names it.
struct GeniStudy {
    QTemporaryDir dir;
    QStringList logs;
    QString metadata;

    explicit GeniStudy(const QByteArray& metadataText) {
        for (const char* name :
             {"geni-cubic-P30.txt", "geni-cubic-P1.txt", "geni-reno-P30.txt", "geni-reno-P1.txt"}) {
            logs << dir.filePath(QLatin1String(name));
            QFile::copy(test::samplePath(QLatin1String(name)), logs.back());
        }
        metadata = test::writeTestFile(dir.path(), QStringLiteral("study.tsv"), metadataText);
    }
};

const QByteArray kGeniMetadata = "# file\tkey\tvalue\n"
                                 "geni-cubic-P30.txt\tcongestion_control\tcubic\n"
                                 "geni-cubic-P1.txt\tcongestion_control\tcubic\n"
                                 "\n"
                                 "geni-reno-P30.txt\tCongestion-Control\treno\r\n"
                                 "geni-reno-P1.txt\tcongestion_control\treno\n";

} // namespace

class TestMetadataCli : public QObject {
    Q_OBJECT

private slots:
    void metadataFileGroupsTheGeniLogs();
    void setAppliesToEveryLog();
    void detectShowsTheLogsAndTheUsersValues();
    void logsTheFileNamesButTheCommandDoesNotRead();
    void errorsExitBeforeAnyOutput();
    void plotLabelsFromPatternAndUsersValues();
    void plotDrawsAWorkspaceAsTheWindowShowsIt();
    void plotOrdersRunsNaturally();
};

// Without metadata no GENI log records its congestion control; with it, cubic is compared with
// reno, and each side that pools -P 30 with -P 1 says so.
void TestMetadataCli::metadataFileGroupsTheGeniLogs() {
    GeniStudy study(kGeniMetadata);
    const QStringList compare{"compare", "--format", "json", "--group-by", "congestion_control"};
    const CliRun without = runCli(compare + study.logs);
    QCOMPARE(without.exitCode, 2);
    QVERIFY2(without.err.contains("needs exactly two values"), qPrintable(without.err));

    const CliRun with = runCli(compare + QStringList{"--metadata", study.metadata} + study.logs);
    QCOMPARE(with.exitCode, 0);
    const QJsonObject c = jsonOf(with);
    QCOMPARE(c["a"].toString(), QStringLiteral("congestion_control=cubic"));
    QCOMPARE(c["b"].toString(), QStringLiteral("congestion_control=reno"));
    QCOMPARE(c["flows"].toObject()["a"].toInt(), 31);
    QCOMPARE(c["flows"].toObject()["b"].toInt(), 31);
    for (const char* side : {"cubic", "reno"})
        QVERIFY2(with.err.contains(QStringLiteral("congestion_control=%1: warning: pools -P 1 and "
                                                  "-P 30 runs")
                                       .arg(QLatin1String(side))),
                 qPrintable(with.err));
    // The user's value for the mixed key settles it: no warning when all are said to be -P 30.
    const CliRun settled = runCli(
        compare + QStringList{"--metadata", study.metadata, "--set", "streams=30"} + study.logs);
    QCOMPARE(settled.exitCode, 0);
    QVERIFY2(!settled.err.contains("pools"), qPrintable(settled.err));
    QCOMPARE(jsonOf(settled)["flows"], c["flows"]);
}

// --set gives every log of the command the value, and takes the place of a metadata file's.
void TestMetadataCli::setAppliesToEveryLog() {
    GeniStudy study(kGeniMetadata);
    const CliRun one =
        runCli(QStringList{"compare", "--format", "json", "--group-by", "congestion_control",
                           "--metadata", study.metadata, "--set", "congestion_control=cubic"} +
               study.logs);
    QCOMPARE(one.exitCode, 2);
    QVERIFY2(one.err.contains("found 1 (cubic)"), qPrintable(one.err));
    // Group by a key only the user has.
    const CliRun byTestbed =
        runCli({"compare", "--format", "json", "--group-by", "testbed", "--set=testbed=geni",
                study.logs[0], test::samplePath("tcp-cubic-P30-client.txt")});
    QCOMPARE(byTestbed.exitCode, 2);
    QVERIFY2(byTestbed.err.contains("found 1 (geni)"), qPrintable(byTestbed.err));
}

// detect --format json: each dataset's metadata, what its log says and what the user set.
void TestMetadataCli::detectShowsTheLogsAndTheUsersValues() {
    GeniStudy study(kGeniMetadata);
    const CliRun run =
        runCli({"detect", "--format", "json", "--metadata", study.metadata, "--set", "testbed=geni",
                study.logs[1], test::samplePath("iperf3-cubic-P4.json")});
    QCOMPARE(run.exitCode, 0);
    const QJsonArray files = jsonOf(run)["files"].toArray();
    QCOMPARE(files.size(), 2);
    const QJsonObject geni = files[0].toObject()["metadata"].toObject();
    // "Client connecting to 10.10.1.1", one connection, "0.0-60.0 sec"; no algorithm named.
    QCOMPARE(geni["log"].toObject(), QJsonObject({{"tool", "iperf"},
                                                  {"dialect", "text"},
                                                  {"version", "2.0"},
                                                  {"target", "10.10.1.1"},
                                                  {"protocol", "tcp"},
                                                  {"role", "client"},
                                                  {"direction", "upload"},
                                                  {"streams", "1"},
                                                  {"duration", "60"},
                                                  {"kind", "throughput"}}));
    QCOMPARE(geni["user"].toObject(),
             QJsonObject({{"congestion_control", "cubic"}, {"testbed", "geni"}}));
    const QJsonObject iperf3 = files[1].toObject()["metadata"].toObject();
    QCOMPARE(iperf3["log"].toObject()["congestion_control"].toString(), QStringLiteral("cubic"));
    QCOMPARE(iperf3["log"].toObject()["duration"].toString(), QStringLiteral("30"));
    QCOMPARE(iperf3["user"].toObject(), QJsonObject({{"testbed", "geni"}}));
}

// A file the metadata names that the command does not read is told, and changes nothing else.
void TestMetadataCli::logsTheFileNamesButTheCommandDoesNotRead() {
    GeniStudy study(kGeniMetadata + "missing-run.txt\tcongestion_control\tbbr\n");
    const CliRun run =
        runCli({"detect", "--format", "json", "--metadata", study.metadata, study.logs[0]});
    QCOMPARE(run.exitCode, 0);
    for (const char* named : {"line 6: ", "missing-run.txt is not among the logs read",
                              "geni-reno-P1.txt is not among the logs read"})
        QVERIFY2(run.err.contains(QLatin1String(named)), qPrintable(run.err));
    QVERIFY2(!run.err.contains("geni-cubic-P30.txt is not"), qPrintable(run.err));
    QVERIFY2(run.err.contains(study.metadata + ": warning: "), qPrintable(run.err));
}

// A malformed line, a missing metadata file or a --set without "=": exit 2 naming the file
// and line, nothing on stdout.
void TestMetadataCli::errorsExitBeforeAnyOutput() {
    GeniStudy study("# runs\ngeni-cubic-P30.txt\tcongestion_control\tcubic\n"
                    "geni-reno-P30.txt congestion_control reno\n");
    for (const char* command : {"detect", "compare", "stats", "flows", "table"}) {
        const CliRun bad =
            runCli({command, "--metadata", study.metadata, study.logs[0], study.logs[2]});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.out.isEmpty(), qPrintable(bad.out));
        QVERIFY2(bad.err.contains(study.metadata + ": line 3: expected file<TAB>key<TAB>value"),
                 qPrintable(bad.err));
    }
    const QString missing = study.dir.filePath("absent.tsv");
    const CliRun absent = runCli({"detect", "--metadata", missing, study.logs[0]});
    QCOMPARE(absent.exitCode, 2);
    QVERIFY(absent.out.isEmpty());
    QVERIFY2(absent.err.contains(missing + ": cannot read the metadata file"),
             qPrintable(absent.err));
    const CliRun noValue = runCli({"detect", "--set", "congestion_control", study.logs[0]});
    QCOMPARE(noValue.exitCode, 2);
    QVERIFY(noValue.out.isEmpty());
    QVERIFY2(noValue.err.contains("needs KEY=VALUE"), qPrintable(noValue.err));
    GeniStudy emptyKey("geni-cubic-P30.txt\t\tcubic\n");
    const CliRun noKey = runCli({"detect", "--metadata", emptyKey.metadata, emptyKey.logs[0]});
    QCOMPARE(noKey.exitCode, 2);
    QVERIFY2(noKey.err.contains(": line 1: "), qPrintable(noKey.err));
}

namespace {

// The legend texts of a plot, in the order drawn: SVG <text> elements whose whole text is one
// of `names`.
QStringList textsAmong(const QString& svg, const QStringList& names) {
    QStringList found;
    static const QRegularExpression text(QStringLiteral(">([^<>]+)</text>"));
    for (auto it = text.globalMatch(svg); it.hasNext();) {
        const QString shown = it.next().captured(1).trimmed();
        if (names.contains(shown))
            found << shown;
    }
    return found;
}

} // namespace

// --label names each dataset from the user's values (--metadata, --set) and the log's; the
// legend shows that name and nothing else (no SUM, no Jain's index). A pattern naming a key
// nobody gave is a usage error.
void TestMetadataCli::plotLabelsFromPatternAndUsersValues() {
    GeniStudy study(kGeniMetadata);
    const QString svg = study.dir.filePath("flows.svg");
    const CliRun run = runCli(QStringList{"plot", "--type", "flows", "-o", svg, "--metadata",
                                          study.metadata, "--set", "testbed=geni", "--label",
                                          "{congestion_control} -P {streams} at {testbed}"} +
                              study.logs);
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const QString figure = QString::fromUtf8(test::readAll(svg));
    // The names from the metadata file (algorithm) and the logs' names (streams).
    QStringList expected;
    for (const QString& log : study.logs) {
        const QStringList parts = QFileInfo(log).completeBaseName().split('-'); // geni-cubic-P30
        expected << QStringLiteral("%1 -P %2 at geni").arg(parts[1], parts[2].mid(1));
    }
    QCOMPARE(textsAmong(figure, expected), expected);
    QVERIFY2(!figure.contains("Jain") && !figure.contains("SUM") && !figure.contains("geni-"),
             qPrintable(figure.left(400)));

    const CliRun unknown = runCli({"plot", "--type", "flows", "-o", study.dir.filePath("bad.svg"),
                                   "--label", "{nobody_gave_this}", study.logs[0]});
    QCOMPARE(unknown.exitCode, 2);
    QVERIFY2(unknown.err.contains("{nobody_gave_this}"), qPrintable(unknown.err));
    QVERIFY(!QFile::exists(study.dir.filePath("bad.svg")));
}

// A workspace given to plot: its labels and colours are the legend's, its hidden datasets and
// its logs of the other kind are not drawn, and --label relabels what it holds.
void TestMetadataCli::plotDrawsAWorkspaceAsTheWindowShowsIt() {
    QTemporaryDir dir;
    for (const char* name : {"ping18_np", "ping18_iperf16_np", "geni-cubic-P30.txt"})
        QVERIFY(QFile::copy(test::samplePath(QLatin1String(name)), dir.filePath(name)));
    const QString workspace = test::writeTestFile(dir.path(), "study.wbws",
                                                  R"({"format": "wirebench-workspace", "version": 1,
            "datasets": [{"path": "ping18_np", "label": "idle link", "color": "#a01b7c",
                          "metadata": {"load": "none"}},
                         {"path": "ping18_iperf16_np", "label": "under load", "visible": false},
                         {"path": "geni-cubic-P30.txt", "label": "the load itself"}]})");
    const QString svg = dir.filePath("cdf.svg");
    const CliRun run = runCli({"plot", "--type", "cdf", "-o", svg, workspace});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    // The iperf log is not this plot's: left out without a word.
    QVERIFY2(!run.err.contains("wirebench-cli:"), qPrintable(run.err));
    const QString figure = QString::fromUtf8(test::readAll(svg));
    const QStringList names{"idle link", "under load", "the load itself"};
    QCOMPARE(textsAmong(figure, names), QStringList{"idle link"});
    QVERIFY2(figure.contains("stroke=\"#a01b7c\""), "the workspace's colour");

    const QString relabelled = dir.filePath("relabelled.svg");
    const CliRun again = runCli(
        {"plot", "--type", "cdf", "-o", relabelled, "--label", "{load} load, run {n}", workspace});
    QVERIFY2(again.exitCode == 0, qPrintable(again.err));
    QCOMPARE(textsAmong(QString::fromUtf8(test::readAll(relabelled)), {"none load, run 1"}),
             QStringList{"none load, run 1"});

    const CliRun both =
        runCli({"plot", "--type", "cdf", "-o", svg, workspace, dir.filePath("ping18_np")});
    QCOMPARE(both.exitCode, 2);
    QVERIFY2(both.err.contains("one WORKSPACE"), qPrintable(both.err));
}

// The logs of a folder are drawn, and listed in the legend, in the order of their numbers.
void TestMetadataCli::plotOrdersRunsNaturally() {
    QTemporaryDir dir;
    const QStringList runs{"run-1", "run-2", "run-10", "run-100"};
    for (const QString& name : runs)
        QVERIFY(QFile::copy(test::samplePath("ping18_np"), dir.filePath(name)));
    const QString svg = dir.filePath("runs.svg");
    const CliRun run =
        runCli({"plot", "--type", "cdf", "-o", svg, "--label", "{file}", dir.path()});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QCOMPARE(textsAmong(QString::fromUtf8(test::readAll(svg)), runs), runs);
}

QTEST_GUILESS_MAIN(TestMetadataCli)
#include "tst_metadatacli.moc"
