#pragma once

#include "Iperf3Flows.h"
#include "LinePrefixReader.h"
#include "LogParser.h"

#include <optional>
#include <string_view>

namespace wb {

// iperf3's human-readable output, client or server: TCP (Retr/Cwnd), UDP (jitter, lost/total),
// -P with [SUM] lines, -R, --bidir ([TX-C]/[RX-C], [TX-S]/[RX-S]), -O (omitted) intervals,
// the sender/receiver summary after the "- - -" separator, -V details and iperf3's errors.
// Several tests in one file (a server that accepts test after test, or runs appended to one
// log) give one Dataset each. A time in front of the lines (--timestamps, default or with a
// FORMAT; `| ts`) is read by LinePrefixReader: the dated time of a test's first line is
// the test's start, its intervals keep iperf3's seconds since then.
class Iperf3TextParser : public LogParser {
public:
    Iperf3TextParser();
    static int sniff(std::string_view head);

protected:
    void parseLine(std::string_view line) override;
    void finishDatasets() override;

private:
    enum class Label { None, Sender, Receiver, Omitted };
    struct Report {
        FlowInterval interval;
        Label label = Label::None;
    };

    static void describe(Dataset& data);
    Dataset& current() { return allDatasets().back(); }
    const Dataset& current() const { return datasets().back(); }
    void beginTest();
    void finishTest();
    bool readVerboseLine(std::string_view body);
    void readHeader(std::string_view body);
    void readBracketLine(std::string_view line, std::string_view body);
    void readConnection(int stream, std::string_view rest);
    std::optional<Report> readReport(std::string_view line, std::string_view rest);
    void storeReport(std::string_view line, std::optional<int> stream, std::string_view roleTag,
                     const Report& report);
    void readOutOfOrder(std::string_view line, std::optional<int> stream, std::string_view roleTag,
                        std::string_view rest);
    QString directionFor(std::string_view roleTag);

    LinePrefixReader m_prefix;
    QDateTime m_lineDate; // of the current line's time prefix; invalid without one
    Iperf3FlowTable m_flows;
    std::optional<FlowInterval> m_sumSender; // the [SUM] sender line until the test ends
    QString m_plainDirection; // direction of untagged stream lines, fixed at the first interval
    bool m_directionKnown = false;
    bool m_reverse = false;     // "Reverse mode, remote host X is sending"
    bool m_summary = false;     // after the separator: whole-run lines, never intervals
    bool m_sawInterval = false; // in the current test
    bool m_sawData = false;     // the current dataset holds something from this test
    bool m_warnedRounded = false;
    // Columns of the last "[ ID] Interval ..." header.
    bool m_headerRetr = false;
    bool m_headerDatagramsSent = false; // "Total Datagrams" without "Lost/Total": UDP sender
    bool m_headerJitter = false;
};

} // namespace wb
