#pragma once

#include "Iperf3Flows.h"
#include "model/Dataset.h"

#include <QJsonObject>
#include <QStringList>

#include <cstdint>
#include <optional>
#include <vector>

namespace wb {

// One stream or sum object of an iperf3 interval as the JSON reader collects it, with what
// QJsonValue would make of each key (toDouble() of a string is 0, toInteger() of 1.5 is 0).
struct Iperf3StreamRecord {
    bool present = false; // an object with at least one key
    int socket = 0;
    double start = 0, end = 0, bytes = 0, bitsPerSecond = 0;
    std::optional<std::int64_t> retransmits, lostPackets, packets, outOfOrder;
    std::optional<double> jitterMs, sndCwnd, rtt, rttvar, meanRtt;
    std::optional<bool> sender;
    bool omitted = false;
};

// Turns the sections of iperf3's JSON output into datasets, one per test (run) in the log: "start"
// (the run's facts and connections), each interval (flow data) and "end" (the whole-run totals). It
// knows iperf3's meaning of the sections: which direction a stream went, which of --bidir's two
// SUMs is kept, that -O's warm-up intervals are no measurement. How the sections are found in the
// bytes is Iperf3JsonParser's business; what is worth a warning is returned to it, since only the
// parser knows the line.
class Iperf3SectionReader {
public:
    // The datasets of the parser: the last one is the current test's.
    explicit Iperf3SectionReader(std::vector<Dataset>& datasets) : m_datasets(datasets) {}

    // What every dataset of this reader is before anything is read into it.
    static void describe(Dataset& dataset);

    // A test begins: it gets a dataset of its own unless the current one is still unused.
    void beginTest();
    // What finishing a test found for the parser to warn about.
    struct TestEnd : Iperf3FlowTable::TestEnd {
        std::int64_t omitted = 0; // intervals -O marked as omitted, left out since the last call
    };
    // Completes the current test's totals.
    TestEnd finishTest();

    void readStart(const QJsonObject& start);
    // One interval object: its stream reports and SUMs (reverseSum: --bidir's other direction).
    // Returns how many stream reports became flow data (the samples).
    std::size_t readInterval(const Iperf3StreamRecord* streams, std::size_t streamCount,
                             const Iperf3StreamRecord& sum, const Iperf3StreamRecord& reverseSum);
    void readEnd(const QJsonObject& end);
    void readError(const QString& error) {
        current().info.extra.insert(QStringLiteral("error"), error);
    }
    // Interval data that holds no interval (an "intervals" element that is not an object) still
    // puts the current dataset in use: the next test gets a dataset of its own.
    void noteData() { m_sawData = true; }

private:
    Dataset& current() { return m_datasets.back(); }
    const Dataset& current() const { return m_datasets.back(); }
    QString directionOf(const QJsonObject& stream) const;
    QString direction(std::optional<bool> sender) const;
    bool isForward(const QString& direction) const;
    void keepSumDirection();

    std::vector<Dataset>& m_datasets;
    Iperf3FlowTable m_flows;
    bool m_reverse = false;
    bool m_sawData = false;
    std::int64_t m_omitted = 0;
    std::optional<FlowInterval> m_sumSender; // end.sum_sent of the test's direction
};

} // namespace wb
