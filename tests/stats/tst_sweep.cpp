#include "AnalyzeIntervals.h"
#include "ReferenceReadings.h"
#include "TestSupport.h"
#include "files/NamePattern.h"
#include "import/FileImporter.h"
#include "stats/ConfiguredValue.h"
#include "stats/SweepTable.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <memory>

using namespace wb;

namespace {

// Logs imported for a sweep; the imports own the datasets the members point to.
struct Imported {
    std::vector<std::unique_ptr<ImportResult>> imports;
    std::vector<GroupMember> members;
};

Imported importAll(const QStringList& paths) {
    Imported out;
    for (const QString& path : paths) {
        auto result = std::make_unique<ImportResult>(FileImporter::importFile(path));
        if (!result->ok())
            qFatal("cannot import %s", qPrintable(path));
        out.imports.push_back(std::move(result));
    }
    for (const auto& import : out.imports)
        for (const Dataset& dataset : import->datasets)
            out.members.push_back({&dataset, {}, {}, {}});
    return out;
}

QStringList samples(const QString& glob) {
    QStringList paths;
    for (const QString& name :
         QDir(QStringLiteral(WIREBENCH_SAMPLES_DIR)).entryList({glob}, QDir::Files))
        paths << test::samplePath(name);
    return paths;
}

// P(X <= k) for X ~ Binomial(n, p), summed term by term from the log of each probability.
double binomialCdf(std::int64_t k, std::int64_t n, double p) {
    if (k < 0)
        return 0;
    double sum = 0;
    for (std::int64_t i = 0; i <= k && i <= n; ++i) {
        const double logTerm = std::lgamma(n + 1.0) - std::lgamma(i + 1.0) -
                               std::lgamma(n - i + 1.0) + i * std::log(p) +
                               (n - i) * std::log1p(-p);
        sum += std::exp(logTerm);
    }
    return sum;
}

// A ping log of the given RTTs (ms), iputils style.
QByteArray pingLog(const std::vector<double>& rtts) {
    QByteArray log = "PING 198.18.0.9 (198.18.0.9) 56(84) bytes of data.\n";
    for (std::size_t i = 0; i < rtts.size(); ++i)
        log += "64 bytes from 198.18.0.9: icmp_seq=" + QByteArray::number(qulonglong(i + 1)) +
               " ttl=64 time=" + QByteArray::number(rtts[i], 'f', 3) + " ms\n";
    return log;
}

} // namespace

class TestSweep : public QObject {
    Q_OBJECT

private slots:
    void configuredValuesWithUnits_data();
    void configuredValuesWithUnits();
    void configuredValuesThatAreNot();
    void configuredValuesSortNumerically();
    void unitWordsAfterPatternFields();
    void namePatternReadsFields();
    void namePatternRefusesBadPatterns();
    void lossSweepEqualsServerReports();
    void bandwidthSweepEqualsAnalyzePl();
    void delaySweepFromGeneratedPingLogs();
    void pingLossSweepFromPlanParameters();
    void unmatchedFilesAreListed();
    void metricNames();
};

void TestSweep::configuredValuesWithUnits_data() {
    QTest::addColumn<QString>("parameter");
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("quantity");
    QTest::addColumn<double>("value");
    const auto row = [](const char* name, const char* parameter, const char* text,
                        Quantity quantity, double value) {
        QTest::newRow(name) << QString::fromLatin1(parameter) << QString::fromLatin1(text)
                            << static_cast<int>(quantity) << value;
    };
    // Loss: a bare number in [0, 1] of a loss parameter is a probability, above 1 a percent.
    row("probability", "loss", "0.05", Quantity::Percent, 5);
    row("probability one", "loss", "1", Quantity::Percent, 100);
    row("bare percent", "loss", "5", Quantity::Percent, 5);
    row("pct", "loss", "0.125pct", Quantity::Percent, 0.125);
    row("percent sign", "drop_rate", "5%", Quantity::Percent, 5);
    row("percent word", "x", "2 percent", Quantity::Percent, 2);
    row("prob name", "probability", "0.2", Quantity::Percent, 20);
    row("plan parameter", "parameters.loss", "0.01", Quantity::Percent, 1);
    // Delays, in ms.
    row("ms", "delay", "20ms", Quantity::Milliseconds, 20);
    row("s", "anything", "0.5s", Quantity::Milliseconds, 500);
    row("us", "delay", "250us", Quantity::Milliseconds, 0.25);
    row("msec", "rtt", "3msec", Quantity::Milliseconds, 3);
    row("bare delay", "rtt", "40", Quantity::Milliseconds, 40);
    // Rates, 1000 per step as iperf -b and tc.
    row("K", "bandwidth", "10K", Quantity::BitsPerSecond, 1e4);
    row("M", "bandwidth", "100M", Quantity::BitsPerSecond, 1e8);
    row("G", "x", "1G", Quantity::BitsPerSecond, 1e9);
    row("lower k", "x", "10k", Quantity::BitsPerSecond, 1e4);
    row("tc mbit", "rate", "10mbit", Quantity::BitsPerSecond, 1e7);
    row("tc kbit", "rate", "512kbit", Quantity::BitsPerSecond, 512e3);
    row("Mbps", "rate", "1.5Mbps", Quantity::BitsPerSecond, 1.5e6);
    row("Mbit/s", "rate", "2Mbit/s", Quantity::BitsPerSecond, 2e6);
    row("iperf word", "rate", "94.2 Mbits/sec", Quantity::BitsPerSecond, 94.2e6);
    row("byte rate", "rate", "1MB/s", Quantity::BitsPerSecond, 8e6);
    row("bit", "rate", "9600bit", Quantity::BitsPerSecond, 9600);
    row("bare rate", "bw", "150000000", Quantity::BitsPerSecond, 1.5e8);
    // Plain numbers.
    row("streams", "streams", "30", Quantity::Number, 30);
    row("buffer", "queue_packets", "0.5", Quantity::Number, 0.5);
}

void TestSweep::configuredValuesWithUnits() {
    QFETCH(QString, parameter);
    QFETCH(QString, text);
    QFETCH(int, quantity);
    QFETCH(double, value);
    const std::optional<ConfiguredValue> parsed = ConfiguredValue::parse(parameter, text);
    QVERIFY(parsed.has_value());
    QCOMPARE(static_cast<int>(parsed->quantity), quantity);
    QVERIFY2(std::abs(parsed->value - value) <= 1e-9 * std::max(1.0, value),
             qPrintable(QString::number(parsed->value, 'g', 17)));
    QVERIFY(!parsed->unlimited);
    QCOMPARE(parsed->text, text);
}

void TestSweep::configuredValuesThatAreNot() {
    for (const char* text : {"", "abc", "5 apples", "10x", "1.2.3", "-5"})
        QVERIFY2(!ConfiguredValue::parse(QStringLiteral("loss"), QString::fromLatin1(text)), text);
    for (const char* text : {"unlimited", "none", "NONE", "inf"}) {
        const auto value =
            ConfiguredValue::parse(QStringLiteral("rate"), QString::fromLatin1(text));
        QVERIFY2(value && value->unlimited && std::isinf(value->value), text);
        QCOMPARE(value->quantity, Quantity::BitsPerSecond);
        QCOMPARE(value->display(), QStringLiteral("unlimited"));
    }
    QCOMPARE(ConfiguredValue::parse(QStringLiteral("rate"), QStringLiteral("100M"))->display(),
             QStringLiteral("100 Mbit/s"));
    QCOMPARE(ConfiguredValue::parse(QStringLiteral("rate"), QStringLiteral("500K"))->display(),
             QStringLiteral("500 kbit/s"));
    QCOMPARE(ConfiguredValue::parse(QStringLiteral("loss"), QStringLiteral("0.00125"))->display(),
             QStringLiteral("0.125 %"));
    QCOMPARE(ConfiguredValue::parse(QStringLiteral("delay"), QStringLiteral("1s"))->display(),
             QStringLiteral("1000 ms"));
}

void TestSweep::configuredValuesSortNumerically() {
    QStringList texts = {"unlimited", "100M", "10K", "1M", "20K", "2M", "500K"};
    std::vector<ConfiguredValue> values;
    for (const QString& text : texts)
        values.push_back(*ConfiguredValue::parse(QStringLiteral("bandwidth"), text));
    std::sort(values.begin(), values.end(), ConfiguredValue::less);
    QStringList sorted;
    for (const ConfiguredValue& value : values)
        sorted << value.text;
    QCOMPARE(sorted, (QStringList{"10K", "20K", "500K", "1M", "2M", "100M", "unlimited"}));
}

void TestSweep::unitWordsAfterPatternFields() {
    QCOMPARE(ConfiguredValue::unitPrefixLength(QStringLiteral("pct-client.txt")), 3);
    QCOMPARE(ConfiguredValue::unitPrefixLength(QStringLiteral("ms.log")), 2);
    QCOMPARE(ConfiguredValue::unitPrefixLength(QStringLiteral("M-server.csv")), 1);
    QCOMPARE(ConfiguredValue::unitPrefixLength(QStringLiteral("%_x")), 1);
    QCOMPARE(ConfiguredValue::unitPrefixLength(QStringLiteral("-server.csv")), 0);
    QCOMPARE(ConfiguredValue::unitPrefixLength(QStringLiteral("server.csv")), 0);
    QCOMPARE(ConfiguredValue::unitPrefixLength(QString()), 0);
}

void TestSweep::namePatternReadsFields() {
    QString error;
    const auto loss = NamePattern::parse(QStringLiteral("udp-loss-{loss}pct-client.txt"), &error);
    QVERIFY2(loss, qPrintable(error));
    QCOMPARE(loss->fields(), QStringList{QStringLiteral("loss")});
    // The unit the pattern writes after the field belongs to the value.
    QCOMPARE(loss->match(QStringLiteral("/x/udp-loss-0.125pct-client.txt"))->value("loss"),
             QStringLiteral("0.125pct"));
    QVERIFY(!loss->match(QStringLiteral("udp-loss-5pct-server.txt")));
    QVERIFY(!loss->match(QStringLiteral("udp-loss-5pct-client.txt.bak")));

    const auto two = NamePattern::parse(QStringLiteral("{tool}-bw-{bandwidth}-*.csv"), &error);
    QVERIFY2(two, qPrintable(error));
    const auto fields = two->match(QStringLiteral("iperf-bw-100M-server.csv"));
    QVERIFY(fields);
    QCOMPARE(fields->value("tool"), QStringLiteral("iperf"));
    QCOMPARE(fields->value("bandwidth"), QStringLiteral("100M"));

    // A pattern with '/' matches the end of the path.
    const auto folder = NamePattern::parse(QStringLiteral("rate-{rate}/*.json"), &error);
    QVERIFY2(folder, qPrintable(error));
    QCOMPARE(folder->match(QStringLiteral("/runs/rate-10mbit/a.json"))->value("rate"),
             QStringLiteral("10mbit"));
    QVERIFY(!folder->match(QStringLiteral("/runs/other/a.json")));

    const NamePattern::Split split = loss->split(
        {"a/udp-loss-1pct-client.txt", "a/udp-loss-1pct-server.txt", "udp-loss-2pct-client.txt"});
    QCOMPARE(split.matched.size(), std::size_t{2});
    QCOMPARE(split.matched[1].second.value("loss"), QStringLiteral("2pct"));
    QCOMPARE(split.unmatched, QStringList{QStringLiteral("a/udp-loss-1pct-server.txt")});
}

void TestSweep::namePatternRefusesBadPatterns() {
    for (const char* bad : {"no-field.txt", "{}.txt", "{a}-{a}.txt", "{open.txt"}) {
        QString error;
        QVERIFY2(!NamePattern::parse(QString::fromLatin1(bad), &error), bad);
        QVERIFY2(!error.isEmpty(), bad);
    }
}

void TestSweep::lossSweepEqualsServerReports() {
    const QStringList files = samples(QStringLiteral("udp-loss-*-client.txt"));
    QCOMPARE(files.size(), 11);
    const Imported imported = importAll(files);
    SweepOptions options;
    options.parameter = QStringLiteral("loss");
    options.metric = SweepMetric::UdpLoss;
    options.namePattern = QStringLiteral("udp-loss-{loss}pct-client.txt");
    const SweepTable table = SweepTables::of(imported.members, options);
    QVERIFY(table.unmatchedFiles.isEmpty());
    QVERIFY2(table.skipped.isEmpty(), qPrintable(table.skipped.join('\n')));
    QCOMPARE(table.source, QStringLiteral("name pattern udp-loss-{loss}pct-client.txt"));
    QCOMPARE(table.series.size(), std::size_t{1});
    QVERIFY(table.sameQuantity());
    const std::vector<double> expectedOrder = {0, 0.125, 0.25, 0.5, 1, 2, 5, 10, 20, 40, 80};
    const std::vector<SweepRow>& rows = table.series.front().rows;
    QCOMPARE(rows.size(), expectedOrder.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const SweepRow& row = rows[i];
        QCOMPARE(row.configured.value, expectedOrder[i]);
        QCOMPARE(row.configured.quantity, Quantity::Percent);
        QCOMPARE(row.runValues.size(), std::size_t{1});
        // The file of this row, its Server Report read from the text here.
        const QString file = test::samplePath(
            QStringLiteral("udp-loss-%1pct-client.txt").arg(row.configured.text.chopped(3)));
        QCOMPARE(row.labels, QStringList{QFileInfo(file).completeBaseName()});
        const auto [lost, total] = wb::test::serverReportCountsOf(file);
        QVERIFY(total > 0);
        QCOMPARE(row.measured, 100.0 * static_cast<double>(lost) / static_cast<double>(total));
        QVERIFY(row.binomial);
        QCOMPARE(row.binomial->lost, lost);
        QCOMPARE(row.binomial->total, total);
        const double p = expectedOrder[i] / 100;
        if (p == 0) {
            QCOMPARE(row.binomial->low, std::int64_t{0});
            QCOMPARE(row.binomial->high, std::int64_t{0});
        } else {
            // The range holds at least 95 %: at most 2.5 % below it and above it, and it is
            // no wider than a count beyond the exact 2.5 % points on either side.
            const std::int64_t low = row.binomial->low;
            const std::int64_t high = row.binomial->high;
            QVERIFY(binomialCdf(low - 1, total, p) <= 0.025);
            QVERIFY(1 - binomialCdf(high, total, p) <= 0.025 + 1e-9);
            QVERIFY(binomialCdf(low + 1, total, p) > 0.025);
            QVERIFY(1 - binomialCdf(high - 2, total, p) > 0.025);
        }
        // Every recorded run is within 1.2 binomial sigma of its setting (samples/README.md).
        QCOMPARE(row.binomial->inside, row.binomial->low <= lost && lost <= row.binomial->high);
        QVERIFY(row.binomial->inside);
        if (expectedOrder[i] > 0)
            QCOMPARE(*row.percentOfConfigured, 100 * row.measured / expectedOrder[i]);
        else
            QVERIFY(!row.percentOfConfigured);
    }
    // A range the count misses is flagged: 13375 of 267497 is not 4 %.
    const BinomialCheck off = SweepTables::binomial(13375, 267497, 0.04);
    QVERIFY(!off.inside);
    QVERIFY(off.high < 13375);
}

void TestSweep::bandwidthSweepEqualsAnalyzePl() {
    if (test::analyzeIntervals("1\n").empty())
        QSKIP("perl with Math::NumberCruncher (libmath-numbercruncher-perl) is not installed");
    const QStringList files = samples(QStringLiteral("udp-bw-*-server.csv"));
    QCOMPARE(files.size(), 13);
    const Imported imported = importAll(files);
    SweepOptions options;
    options.parameter = QStringLiteral("bandwidth");
    options.metric = SweepMetric::IntervalMean;
    options.firstIntervals = 60;
    options.namePattern = QStringLiteral("udp-bw-{bandwidth}-server.csv");
    const SweepTable table = SweepTables::of(imported.members, options);
    QVERIFY2(table.skipped.isEmpty(), qPrintable(table.skipped.join('\n')));
    QCOMPARE(table.series.size(), std::size_t{1});
    const std::vector<SweepRow>& rows = table.series.front().rows;
    QCOMPARE(rows.size(), std::size_t{13});
    const QStringList order = {"10K", "20K", "50K", "100K", "200K", "500K", "1M",
                               "2M",  "5M",  "10M", "20M",  "50M",  "100M"};
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const SweepRow& row = rows[i];
        QCOMPARE(row.configured.text, order[static_cast<qsizetype>(i)]);
        // analyze.pl on `head -n 60 | cut -d, -f 9` of the row's file.
        const QString file =
            test::samplePath(QStringLiteral("udp-bw-%1-server.csv").arg(row.configured.text));
        const QList<QByteArray> lines = test::readAll(file).split('\n');
        QByteArray field9;
        for (qsizetype k = 0; k < 60; ++k)
            field9 += lines[k].split(',').value(8) + '\n';
        const std::vector<double> perl = test::analyzeIntervals(field9);
        QCOMPARE(perl.size(), std::size_t{3});
        // Perl prints %f of a one-pass formula: agree to 1e-6 relative.
        QVERIFY2(std::abs(row.measured - perl[0]) <= 1e-6 * perl[0],
                 qPrintable(QStringLiteral("%1 mean: ours %2, analyze.pl %3")
                                .arg(row.configured.text)
                                .arg(row.measured, 0, 'f', 6)
                                .arg(perl[0], 0, 'f', 6)));
        QVERIFY(row.sampleStddev);
        QVERIFY2(std::abs(*row.sampleStddev - perl[2]) <= 1e-6 * std::max(1.0, perl[2]),
                 qPrintable(QStringLiteral("%1 stddev: ours %2, analyze.pl %3")
                                .arg(row.configured.text)
                                .arg(*row.sampleStddev, 0, 'f', 6)
                                .arg(perl[2], 0, 'f', 6)));
        // % of configured: the mean over R, R from the name (K = 1000, M = 10^6).
        const QString r = row.configured.text;
        const double configured =
            r.chopped(1).toDouble() * (r.endsWith(QLatin1Char('M')) ? 1e6 : 1e3);
        QVERIFY(row.percentOfConfigured);
        QVERIFY(std::abs(*row.percentOfConfigured - 100 * perl[0] / configured) <=
                1e-6 * *row.percentOfConfigured);
    }
}

void TestSweep::delaySweepFromGeneratedPingLogs() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    // Configured RTTs 5, 20, 100 ms (written so that text order differs from numeric order),
    // two repetitions of 20 ms; replies spread around the setting.
    struct Log {
        const char* name;
        std::vector<double> rtts;
    };
    const std::vector<Log> logs = {
        {"ping-rtt-100ms-rep1.txt", {100.512, 101.203, 100.100, 103.877, 100.950}},
        {"ping-rtt-20ms-rep1.txt", {20.101, 20.340, 21.020, 20.007}},
        {"ping-rtt-20ms-rep2.txt", {20.900, 22.115, 20.050, 20.430, 20.222, 20.601}},
        {"ping-rtt-5ms-rep1.txt", {5.012, 5.300, 5.101}},
    };
    QStringList paths;
    for (const Log& log : logs)
        paths << test::writeTestFile(dir.path(), QString::fromLatin1(log.name), pingLog(log.rtts));
    const Imported imported = importAll(paths);
    SweepOptions options;
    options.parameter = QStringLiteral("rtt");
    options.metric = SweepMetric::RttMean;
    options.namePattern = QStringLiteral("ping-rtt-{rtt}ms-rep*.txt");
    const SweepTable table = SweepTables::of(imported.members, options);
    QCOMPARE(table.series.size(), std::size_t{1});
    const std::vector<SweepRow>& rows = table.series.front().rows;
    QCOMPARE(rows.size(), std::size_t{3});
    QVERIFY(table.sameQuantity());
    // Independently: each run's mean, the rows' means of runs and pooled population stddev.
    const auto mean = [](const std::vector<double>& v) {
        long double sum = 0;
        for (double x : v)
            sum += x;
        return static_cast<double>(sum / v.size());
    };
    const auto populationStddev = [&](const std::vector<double>& v) {
        const double m = mean(v);
        long double squares = 0;
        for (double x : v)
            squares += (x - m) * (x - m);
        return static_cast<double>(std::sqrt(squares / v.size()));
    };
    const std::vector<std::vector<std::size_t>> rowLogs = {{3}, {1, 2}, {0}};
    const std::vector<double> configured = {5, 20, 100};
    for (std::size_t i = 0; i < rows.size(); ++i) {
        QCOMPARE(rows[i].configured.value, configured[i]);
        QCOMPARE(rows[i].configured.quantity, Quantity::Milliseconds);
        std::vector<double> pooled;
        std::vector<double> runMeans;
        for (std::size_t k : rowLogs[i]) {
            pooled.insert(pooled.end(), logs[k].rtts.begin(), logs[k].rtts.end());
            runMeans.push_back(mean(logs[k].rtts));
        }
        QCOMPARE(rows[i].runValues.size(), rowLogs[i].size());
        QVERIFY(std::abs(rows[i].measured - mean(runMeans)) < 1e-9);
        QVERIFY(std::abs(*rows[i].sampleStddev - populationStddev(pooled)) < 1e-9);
        QVERIFY(std::abs(*rows[i].percentOfConfigured - 100 * mean(runMeans) / configured[i]) <
                1e-9);
    }
    // Two runs: their spread is between the runs' means.
    QCOMPARE(rows[1].runs.runs, std::size_t{2});
    QVERIFY(std::abs(rows[1].runs.min - std::min(mean(logs[1].rtts), mean(logs[2].rtts))) < 1e-9);

    // The same through a plan parameter with a unit, no pattern.
    std::vector<GroupMember> members = imported.members;
    for (std::size_t i = 0; i < members.size(); ++i)
        members[i].metadata.insert(QStringLiteral("delay"),
                                   QStringLiteral("%1ms").arg(configured[i == 0   ? 2
                                                                         : i == 3 ? 0
                                                                                  : 1]));
    SweepOptions byMetadata;
    byMetadata.parameter = QStringLiteral("delay");
    byMetadata.metric = SweepMetric::RttStddev;
    const SweepTable stddev = SweepTables::of(members, byMetadata);
    QCOMPARE(stddev.source, QStringLiteral("metadata delay"));
    QCOMPARE(stddev.series.front().rows.size(), std::size_t{3});
    QVERIFY(std::abs(stddev.series.front().rows.front().measured - populationStddev(logs[3].rtts)) <
            1e-9);
    QVERIFY(!stddev.sameQuantity()); // a stddev is no estimate of the configured delay
}

// Ping loss from logs whose plan parameter is a probability: the requests without a reply
// over those sent (the summary's count), and the binomial range of that count.
void TestSweep::pingLossSweepFromPlanParameters() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    struct Log {
        const char* probability;
        int sent;
        std::vector<int> lost; // sequence numbers without a reply
    };
    const std::vector<Log> logs = {{"0.1", 40, {3, 9, 17, 30}}, {"0.02", 50, {44}}};
    Imported imported;
    for (const Log& log : logs) {
        QByteArray text = "PING 198.18.0.9 (198.18.0.9) 56(84) bytes of data.\n";
        for (int seq = 1; seq <= log.sent; ++seq)
            if (std::find(log.lost.begin(), log.lost.end(), seq) == log.lost.end())
                text += "64 bytes from 198.18.0.9: icmp_seq=" + QByteArray::number(seq) +
                        " ttl=64 time=1.000 ms\n";
        text += "\n--- 198.18.0.9 ping statistics ---\n" + QByteArray::number(log.sent) +
                " packets transmitted, " + QByteArray::number(log.sent - int(log.lost.size())) +
                " received, " + QByteArray::number(100 * int(log.lost.size()) / log.sent) +
                "% packet loss, time 1000ms\n";
        const QString path = test::writeTestFile(
            dir.path(), QStringLiteral("ping-%1.txt").arg(log.probability), text);
        Imported one = importAll({path});
        // What a plan that set loss=P records in the run's sidecar.
        one.imports.front()->datasets.front().info.parameters.insert(
            QStringLiteral("loss"), QLatin1String(log.probability));
        imported.members.insert(imported.members.end(), one.members.begin(), one.members.end());
        for (auto& import : one.imports)
            imported.imports.push_back(std::move(import));
    }
    SweepOptions options;
    options.parameter = QStringLiteral("loss");
    options.metric = SweepMetric::PingLoss;
    const SweepTable table = SweepTables::of(imported.members, options);
    QCOMPARE(table.source, QStringLiteral("parameters.loss"));
    const std::vector<SweepRow>& rows = table.series.front().rows;
    QCOMPARE(rows.size(), std::size_t{2});
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const Log& log = logs[1 - i]; // 2 % first
        QCOMPARE(rows[i].configured.value, 100 * QByteArray(log.probability).toDouble());
        QCOMPARE(rows[i].measured, 100.0 * double(log.lost.size()) / log.sent);
        QCOMPARE(rows[i].binomial->lost, std::int64_t(log.lost.size()));
        QCOMPARE(rows[i].binomial->total, std::int64_t(log.sent));
        const double p = QByteArray(log.probability).toDouble();
        QVERIFY(binomialCdf(rows[i].binomial->low - 1, log.sent, p) <= 0.025);
        QVERIFY(1 - binomialCdf(rows[i].binomial->high, log.sent, p) <= 0.025 + 1e-12);
        QVERIFY(rows[i].binomial->inside);
    }
}

void TestSweep::unmatchedFilesAreListed() {
    const QStringList files = {test::samplePath(QStringLiteral("udp-loss-1pct-client.txt")),
                               test::samplePath(QStringLiteral("udp-loss-1pct-server.txt")),
                               test::samplePath(QStringLiteral("udp-loss-2pct-client.txt"))};
    const Imported imported = importAll(files);
    SweepOptions options;
    options.parameter = QStringLiteral("loss");
    options.metric = SweepMetric::UdpLoss;
    options.namePattern = QStringLiteral("udp-loss-{loss}pct-client.txt");
    const SweepTable table = SweepTables::of(imported.members, options);
    QCOMPARE(table.unmatchedFiles, QStringList{files[1]});
    QVERIFY(table.skipped.isEmpty()); // listed once, as unmatched
    QCOMPARE(table.series.front().rows.size(), std::size_t{2});

    // Without a pattern the logs have no loss: every one is named.
    SweepOptions noPattern = options;
    noPattern.namePattern.clear();
    const SweepTable none = SweepTables::of(imported.members, noPattern);
    QVERIFY(none.series.empty());
    QCOMPARE(none.skipped.size(), 3);
    QVERIFY(none.skipped.front().contains(QLatin1String("no value for loss")));
}

void TestSweep::metricNames() {
    double percentile = 0;
    const auto p99 = SweepTables::metricNamed(QStringLiteral("rtt-p99.9"), &percentile);
    QVERIFY(p99);
    QCOMPARE(p99->metric, SweepMetric::RttPercentile);
    QCOMPARE(percentile, 99.9);
    QVERIFY(!SweepTables::metricNamed(QStringLiteral("rtt-p101"), &percentile));
    QVERIFY(!SweepTables::metricNamed(QStringLiteral("speed"), &percentile));
    for (const SweepMetricInfo& metric : SweepTables::metrics())
        if (metric.metric != SweepMetric::RttPercentile)
            QCOMPARE(SweepTables::metricNamed(metric.id, nullptr)->metric, metric.metric);
}

QTEST_GUILESS_MAIN(TestSweep)
#include "tst_sweep.moc"
