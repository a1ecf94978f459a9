// Micro-benchmarks of the engine's hot paths (QBENCHMARK): a ping log imported from memory
// and from a file, percentiles selected, samples sorted and a latency report made.
// WIREBENCH_BENCH_REPLIES sets the size (default 200000, the CTest smoke run); run e.g.
//   WIREBENCH_BENCH_REPLIES=5000000 build/release/tests/bench_core
// Each benchmark also checks its result, so a fast wrong answer fails.

#include "TestSupport.h"
#include "parse/FormatRegistry.h"
#include "parse/LogParser.h"
#include "stats/LatencySummary.h"
#include "stats/Percentiles.h"

#include <QTemporaryDir>
#include <QTest>

#include <random>
#include <string>

using namespace wb;
using namespace wb::test;

namespace {

std::size_t benchReplies() {
    const QByteArray size = qgetenv("WIREBENCH_BENCH_REPLIES");
    return size.isEmpty() ? 200000 : size.toULongLong();
}

// An iputils log as tests/bench/make_ping_log.py writes it: RTTs around 0.2 ms with a tail.
std::string pingLog(std::size_t replies) {
    std::mt19937_64 random(7);
    std::lognormal_distribution<double> rtt(-1.6, 0.5);
    std::string log = "PING 198.18.0.8 (198.18.0.8) 56(84) bytes of data.\n";
    log.reserve(replies * 62);
    char line[128];
    for (std::size_t seq = 1; seq <= replies; ++seq) {
        const int length = std::snprintf(
            line, sizeof line, "64 bytes from 198.18.0.8: icmp_seq=%zu ttl=64 time=%.3f ms\n",
            seq % 65536, rtt(random));
        log.append(line, static_cast<std::size_t>(length));
    }
    return log;
}

std::vector<double> rtts(std::size_t count) {
    std::mt19937_64 random(11);
    std::lognormal_distribution<double> rtt(-1.6, 0.5);
    std::vector<double> values(count);
    for (double& value : values)
        value = std::round(rtt(random) * 1000) / 1000; // ping prints three decimals
    return values;
}

} // namespace

class BenchCore : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void importPingBytes();
    void importPingFile();
    void selectPercentiles();
    void sortSamples_data();
    void sortSamples();
    void latencyReport();

private:
    std::string m_log;
    QTemporaryDir m_dir;
    QString m_logPath;
};

void BenchCore::initTestCase() {
    m_log = pingLog(benchReplies());
    m_logPath = m_dir.filePath(QStringLiteral("ping.log"));
    QFile file(m_logPath);
    QVERIFY(file.open(QIODevice::WriteOnly));
    QCOMPARE(file.write(m_log.data(), static_cast<qint64>(m_log.size())),
             static_cast<qint64>(m_log.size()));
    qInfo("%zu replies, %.1f MB", benchReplies(), static_cast<double>(m_log.size()) / 1e6);
}

void BenchCore::importPingBytes() {
    ImportResult result;
    QBENCHMARK {
        result = FileImporter::importBytes(m_log, m_logPath);
    }
    QCOMPARE(result.datasets.front().latency.size(), benchReplies());
}

void BenchCore::importPingFile() {
    ImportResult result;
    QBENCHMARK {
        result = FileImporter::importFile(m_logPath);
    }
    QCOMPARE(result.datasets.front().latency.size(), benchReplies());
}

void BenchCore::selectPercentiles() {
    const std::vector<double> values = rtts(benchReplies());
    std::vector<double> selected;
    QBENCHMARK {
        selected = Percentiles::select(values, LatencySummary::defaultLevels());
    }
    QCOMPARE(selected, Percentiles(values).at(LatencySummary::defaultLevels()));
}

void BenchCore::sortSamples_data() {
    QTest::addColumn<bool>("radix");
    QTest::newRow("std::sort") << false;
    QTest::newRow("Percentiles::sortAscending (pdqsort)") << true;
}

void BenchCore::sortSamples() {
    // What the CDF, compare and pooling of a big dataset wait for.
    QFETCH(bool, radix);
    const std::vector<double> values = rtts(benchReplies());
    std::vector<double> sorted;
    QBENCHMARK {
        sorted = values;
        if (radix)
            Percentiles::sortAscending(sorted);
        else
            std::sort(sorted.begin(), sorted.end());
    }
    QVERIFY(std::is_sorted(sorted.begin(), sorted.end()));
    QCOMPARE(sorted.size(), values.size());
}

void BenchCore::latencyReport() {
    const std::vector<double> values = rtts(benchReplies());
    LatencySummary summary;
    QBENCHMARK {
        summary = LatencySummary::of(values);
    }
    QCOMPARE(summary.count, static_cast<std::int64_t>(values.size()));
    QCOMPARE(summary.percentileValues, Percentiles(values).at(LatencySummary::defaultLevels()));
}

QTEST_GUILESS_MAIN(BenchCore)
#include "bench_core.moc"
