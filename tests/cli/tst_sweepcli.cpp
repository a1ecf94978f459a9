#include "ReferenceReadings.h"
#include "TestSupport.h"

#include <QDir>
#include <QFileInfo>
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

QStringList samples(const QString& glob) {
    QStringList paths;
    for (const QString& name :
         QDir(QStringLiteral(WIREBENCH_SAMPLES_DIR)).entryList({glob}, QDir::Files))
        paths << samplePath(name);
    return paths;
}

// A CSV without quoted fields (the sweep's and the group table's are numbers and plain
// words) as rows of cells, header first.
std::vector<QStringList> csvRows(const QString& text) {
    std::vector<QStringList> rows;
    for (const QString& line : text.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
        rows.push_back(line.split(QLatin1Char(',')));
    return rows;
}

const QStringList kLossSweep = {
    "sweep", "--param", "loss", "--names", "udp-loss-{loss}pct-client.txt", "--metric", "udp-loss"};

} // namespace

class TestSweepCli : public QObject {
    Q_OBJECT

private slots:
    void lossCsvEqualsServerReports();
    void lossJsonNamesItsSource();
    void bandwidthTextReadsLikeTheSeed();
    void unmatchedFilesAreNamed();
    void usageErrors();
    void groupTableSortsNumbersAndAddsTheirColumn();
};

void TestSweepCli::lossCsvEqualsServerReports() {
    const QStringList files = samples(QStringLiteral("udp-loss-*-client.txt"));
    QCOMPARE(files.size(), 11);
    const CliRun run = runCli(kLossSweep + QStringList{"--format", "csv"} + files);
    QCOMPARE(run.exitCode, 0);
    const std::vector<QStringList> rows = csvRows(run.out);
    QCOMPARE(rows.size(), std::size_t{12});
    const QStringList& header = rows.front();
    const qsizetype configured = header.indexOf(QStringLiteral("configured loss (%)"));
    const qsizetype measured = header.indexOf(QStringLiteral("UDP loss (%)"));
    const qsizetype lost = header.indexOf(QStringLiteral("lost"));
    const qsizetype total = header.indexOf(QStringLiteral("total"));
    const qsizetype inRange = header.indexOf(QStringLiteral("in range"));
    QVERIFY2(configured >= 0 && measured >= 0 && lost >= 0 && total >= 0 && inRange >= 0,
             qPrintable(header.join(',')));
    const QStringList order = {"0", "0.125", "0.25", "0.5", "1", "2", "5", "10", "20", "40", "80"};
    for (std::size_t i = 1; i < rows.size(); ++i) {
        const QStringList& row = rows[i];
        QCOMPARE(row[configured], order[static_cast<qsizetype>(i - 1)]);
        const auto [l, t] = test::serverReportCountsOf(
            samplePath(QStringLiteral("udp-loss-%1pct-client.txt").arg(row[configured])));
        QCOMPARE(row[lost].toLongLong(), l);
        QCOMPARE(row[total].toLongLong(), t);
        QVERIFY(std::abs(row[measured].toDouble() - 100.0 * l / t) <= 1e-12);
        QCOMPARE(row[inRange], QStringLiteral("yes"));
    }
}

void TestSweepCli::lossJsonNamesItsSource() {
    const CliRun run =
        runCli(kLossSweep + QStringList{"--format", "json"} + samples("udp-loss-*-client.txt"));
    QCOMPARE(run.exitCode, 0);
    const QJsonObject json = QJsonDocument::fromJson(run.out.toUtf8()).object();
    QCOMPARE(json["source"].toString(),
             QStringLiteral("name pattern udp-loss-{loss}pct-client.txt"));
    QCOMPARE(json["metric"].toObject()["unit"].toString(), QStringLiteral("%"));
    const QJsonArray rows = json["series"].toArray().at(0).toObject()["rows"].toArray();
    QCOMPARE(rows.size(), 11);
    const QJsonObject fivePercent = rows.at(6).toObject();
    QCOMPARE(fivePercent["configured"].toDouble(), 5.0);
    QCOMPARE(fivePercent["configured_text"].toString(), QStringLiteral("5pct"));
    QCOMPARE(fivePercent["configured_unit"].toString(), QStringLiteral("%"));
    const auto [l, t] = test::serverReportCountsOf(samplePath("udp-loss-5pct-client.txt"));
    QCOMPARE(fivePercent["binomial"].toObject()["lost"].toInteger(), l);
    QCOMPARE(fivePercent["percent_of_configured"].toDouble(), 100.0 * (100.0 * l / t) / 5);
    QCOMPARE(fivePercent["logs"].toArray().at(0).toString(),
             QStringLiteral("udp-loss-5pct-client"));
}

void TestSweepCli::bandwidthTextReadsLikeTheSeed() {
    const CliRun run = runCli(
        QStringList{"sweep", "--param", "bandwidth", "--names", "udp-bw-{bandwidth}-server.csv",
                    "--metric", "interval-mean", "--first", "60", "--format", "markdown"} +
        samples("udp-bw-*-server.csv"));
    QCOMPARE(run.exitCode, 0);
    const QStringList lines = run.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    // Caption, header, rule, 13 rows.
    QVERIFY2(run.out.contains(QLatin1String("first 60 intervals of each run")),
             qPrintable(run.out));
    const QStringList rowLines = lines.filter(QRegularExpression(QStringLiteral("^\\| [0-9]")));
    QCOMPARE(rowLines.size(), 13);
    // 10K first, 100M last; rates in kbit/s below 1 Mbit/s, Mbit/s above, % of configured.
    QVERIFY2(rowLines.front().startsWith(QLatin1String("| 10 kbit/s | ")),
             qPrintable(rowLines.front()));
    QVERIFY(rowLines.front().contains(QLatin1String(" kbit/s | ")));
    QVERIFY2(rowLines.back().startsWith(QLatin1String("| 100 Mbit/s | 97.")),
             qPrintable(rowLines.back()));
    QVERIFY(rowLines.back().contains(QLatin1String(" %")));
}

void TestSweepCli::unmatchedFilesAreNamed() {
    const CliRun run = runCli(kLossSweep + QStringList{samplePath("udp-loss-1pct-client.txt"),
                                                       samplePath("udp-loss-1pct-server.txt")});
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.err.contains(samplePath("udp-loss-1pct-server.txt") +
                              QStringLiteral(": warning: does not match the name pattern")),
             qPrintable(run.err));
    QVERIFY(!run.err.contains(QLatin1String("udp-loss-1pct-client.txt: warning")));
    QVERIFY(run.out.contains(QLatin1String("1 %")));

    // Nothing matched: nothing to show, exit 2.
    const CliRun none = runCli(kLossSweep + QStringList{samplePath("udp-loss-1pct-server.txt")});
    QCOMPARE(none.exitCode, 2);
    QVERIFY(none.out.isEmpty());
}

void TestSweepCli::usageErrors() {
    const QString log = samplePath("udp-loss-1pct-client.txt");
    const CliRun noParam = runCli({"sweep", "--metric", "udp-loss", log});
    QCOMPARE(noParam.exitCode, 2);
    QVERIFY(noParam.err.contains(QLatin1String("--param NAME is required")));
    const CliRun badMetric = runCli({"sweep", "--param", "loss", "--metric", "speed", log});
    QCOMPARE(badMetric.exitCode, 2);
    QVERIFY(badMetric.err.contains(QLatin1String("interval-mean")));
    const CliRun badPattern =
        runCli({"sweep", "--param", "loss", "--metric", "udp-loss", "--names", "x.txt", log});
    QCOMPARE(badPattern.exitCode, 2);
    QVERIFY(badPattern.err.contains(QLatin1String("has no {FIELD}")));
    const CliRun badFirst =
        runCli({"sweep", "--param", "loss", "--metric", "udp-loss", "--first", "0", log});
    QCOMPARE(badFirst.exitCode, 2);
    const CliRun help = runCli({"sweep", "--help"});
    QCOMPARE(help.exitCode, 0);
    QVERIFY(help.out.contains(QLatin1String("--names PATTERN")));
}

// table --group-by KEY of values that are numbers: groups in numeric order ("0.125" before
// "0.5", which text order would reverse) and, in CSV, the value as a column of its own.
void TestSweepCli::groupTableSortsNumbersAndAddsTheirColumn() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QStringList delays = {"2", "0.5", "0.125"};
    QByteArray metadata;
    QStringList logs;
    for (const QString& delay : delays) {
        const QString name = QStringLiteral("ping-%1.txt").arg(delay);
        logs << test::writeTestFile(dir.path(), name, test::cleanPingLog());
        metadata += QStringLiteral("%1\tdelay\t%2\n").arg(name, delay).toUtf8();
    }
    const QString tsv = test::writeTestFile(dir.path(), QStringLiteral("delays.tsv"), metadata);
    const CliRun csv = runCli(
        QStringList{"table", "--group-by", "delay", "--metadata", tsv, "--format", "csv"} + logs);
    QCOMPARE(csv.exitCode, 0);
    const std::vector<QStringList> rows = csvRows(csv.out);
    QCOMPARE(rows.size(), std::size_t{4});
    QCOMPARE(rows[0][1], QStringLiteral("delay (ms)"));
    QCOMPARE(rows[1][1], QStringLiteral("0.125"));
    QCOMPARE(rows[2][1], QStringLiteral("0.5"));
    QCOMPARE(rows[3][1], QStringLiteral("2"));
    QVERIFY(rows[1][0].contains(QLatin1String("0.125")));

    const CliRun json = runCli(
        QStringList{"table", "--group-by", "delay", "--metadata", tsv, "--format", "json"} + logs);
    QCOMPARE(json.exitCode, 0);
    const QJsonArray groups = QJsonDocument::fromJson(json.out.toUtf8())
                                  .object()["latency"]
                                  .toObject()["groups"]
                                  .toArray();
    QCOMPARE(groups.size(), 3);
    QCOMPARE(groups.at(0).toObject()["value"].toDouble(), 0.125);
    QCOMPARE(groups.at(2).toObject()["value"].toDouble(), 2.0);
    QCOMPARE(groups.at(2).toObject()["value_unit"].toString(), QStringLiteral("ms"));
}

QTEST_GUILESS_MAIN(TestSweepCli)
#include "tst_sweepcli.moc"
