#include "stats/PairwiseDifferences.h"
#include "stats/Percentiles.h"
#include "stats/RunLevelStatistics.h"

#include <QTest>

#include <cmath>
#include <cstring>
#include <random>

#include <sys/resource.h>
#include <unistd.h>

using namespace wb;

// Order statistics of all pairwise differences b - a (Hodges–Lehmann's median) without forming
// them: the same numbers, to the bit, as sorting all n · m differences, in O(n + m) memory.
class TestPairwiseDifferences : public QObject {
    Q_OBJECT

private slots:
    void sameAsSortingAllDifferences();
    void zeroMedianIsPositiveZero();
    void nanDifferencesGiveNaN();
    void twentyThousandRunsASideStayLinearInMemory();
};

namespace {

// Every difference, sorted: what hodgesLehmann() kept in memory before.
std::vector<double> allDifferencesSorted(const std::vector<double>& a,
                                         const std::vector<double>& b) {
    std::vector<double> differences;
    for (double x : a)
        for (double y : b)
            differences.push_back(y - x);
    Percentiles::sortAscending(differences);
    return differences;
}

bool sameBits(double x, double y) {
    return std::memcmp(&x, &y, sizeof x) == 0;
}

// Resident memory now, in bytes.
long residentBytes() {
    long pages = 0;
    long resident = 0;
    FILE* statm = std::fopen("/proc/self/statm", "r");
    if (statm) {
        if (std::fscanf(statm, "%ld %ld", &pages, &resident) != 2)
            resident = 0;
        std::fclose(statm);
    }
    return resident * ::sysconf(_SC_PAGESIZE);
}

// The most memory the process ever held, in bytes.
long peakResidentBytes() {
    rusage usage{};
    ::getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss * 1024L;
}

} // namespace

// Small random samples with many ties (a few distinct values, shared by both sides, zeros and
// negative values among them), every rank and several percentiles, against the full sort.
void TestPairwiseDifferences::sameAsSortingAllDifferences() {
    std::mt19937_64 random(31);
    for (int trial = 0; trial < 2000; ++trial) {
        const auto draw = [&](std::size_t count) {
            std::vector<double> values;
            const int levels = 1 + int(random() % 6);
            for (std::size_t i = 0; i < count; ++i) {
                const int level = int(random() % std::uint64_t(levels)) - levels / 2;
                // Decimals that are not exact in binary, so differences round.
                values.push_back(trial % 3 == 0 ? level : 95.7 + level * 0.1 + (trial % 7) * 1e-3);
            }
            return values;
        };
        const std::vector<double> a = draw(1 + random() % 9);
        const std::vector<double> b = draw(1 + random() % 9);
        const std::vector<double> sorted = allDifferencesSorted(a, b);
        const PairwiseDifferences differences(a, b);
        QCOMPARE(differences.count(), std::uint64_t(sorted.size()));
        for (std::size_t k = 0; k < sorted.size(); ++k)
            QVERIFY2(sameBits(differences.kthSmallest(k), sorted[k]),
                     qPrintable(QStringLiteral("trial %1, k %2: %3 instead of %4")
                                    .arg(trial)
                                    .arg(k)
                                    .arg(differences.kthSmallest(k), 0, 'g', 17)
                                    .arg(sorted[k], 0, 'g', 17)));
        for (double p : {0.0, 2.5, 25.0, 50.0, 97.5, 100.0})
            QVERIFY2(sameBits(differences.percentile(p), Percentiles::ofSorted(sorted, p)),
                     qPrintable(QStringLiteral("trial %1, p %2").arg(trial).arg(p)));
        QVERIFY(
            sameBits(RunLevelStatistics::hodgesLehmann(a, b), Percentiles::ofSorted(sorted, 50)));
    }
}

// Equal runs on both sides: the shift is 0, printed "0.000", not "-0.000".
void TestPairwiseDifferences::zeroMedianIsPositiveZero() {
    const double shift = RunLevelStatistics::hodgesLehmann({1.5, 2.5, 3.5}, {1.5, 2.5, 3.5});
    QVERIFY(sameBits(shift, 0.0));
    QVERIFY(sameBits(PairwiseDifferences({-1.0, 0.0}, {-1.0, 0.0}).kthSmallest(1), 0.0));
}

void TestPairwiseDifferences::nanDifferencesGiveNaN() {
    const double inf = std::numeric_limits<double>::infinity();
    QVERIFY(std::isnan(RunLevelStatistics::hodgesLehmann({1.0, std::nan("")}, {2.0})));
    QVERIFY(std::isnan(RunLevelStatistics::hodgesLehmann({1.0, inf}, {inf, 2.0})));
    QVERIFY(std::isnan(RunLevelStatistics::hodgesLehmann({}, {2.0})));
    // Infinities of opposite signs differ by an infinity, not NaN: then the percentiles are
    // numpy's, as of the sorted differences (NaN where numpy interpolates between two
    // infinities).
    const std::vector<double> a{-inf, 1.0};
    const std::vector<double> b{inf, 1.0, 2.0};
    const std::vector<double> sorted = allDifferencesSorted(a, b);
    for (double p : {0.0, 10.0, 50.0, 90.0, 100.0}) {
        const double expected = Percentiles::ofSorted(sorted, p);
        const double actual = PairwiseDifferences(a, b).percentile(p);
        QVERIFY2(
            sameBits(actual, expected) || (std::isnan(actual) && std::isnan(expected)),
            qPrintable(QStringLiteral("p %1: %2 instead of %3").arg(p).arg(actual).arg(expected)));
    }
}

// `compare` of 20,000 runs a side: 400 million differences, 3.2 GB as doubles. The median of
// them costs the sorted runs only; the bound leaves room for the allocator, far below that.
void TestPairwiseDifferences::twentyThousandRunsASideStayLinearInMemory() {
    std::mt19937_64 random(7);
    std::uniform_real_distribution<double> rtt(10.0, 20.0);
    std::vector<double> a(20000);
    std::vector<double> b(20000);
    for (double& value : a)
        value = std::round(rtt(random) * 1000) / 1000;
    for (double& value : b)
        value = std::round((rtt(random) + 0.5) * 1000) / 1000;
    const long before = residentBytes();
    const double shift = RunLevelStatistics::hodgesLehmann(a, b);
    const long grown = peakResidentBytes() - before;
    QVERIFY2(grown < 200L << 20, qPrintable(QStringLiteral("%1 MB").arg(grown >> 20)));
    // Uniform on [10, 20] against the same shifted by 0.5: the shift is near 0.5.
    QVERIFY2(std::abs(shift - 0.5) < 0.1, qPrintable(QString::number(shift)));
}

QTEST_APPLESS_MAIN(TestPairwiseDifferences)
#include "tst_pairwisedifferences.moc"
