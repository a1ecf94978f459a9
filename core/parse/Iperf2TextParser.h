#pragma once

#include "BlockScanner.h"
#include "Iperf2FlowBuilder.h"
#include "IperfUnits.h"
#include "LinePrefixReader.h"
#include "LogParser.h"

namespace wb {

// iperf 2 text output, client and server, 2.0.x ("0.0-10.0 sec") and 2.1.x
// ("0.0000-10.0000 sec") styles: -i interval lines, whole-run lines, -P with [SUM], UDP with
// jitter/loss and the client's "Server Report", -e enhanced columns, -d/-r with both
// directions kept apart, and bare result lines without any header (emulab-iperf, seed 004).
// A log of several tests (a server receiving test after test, clients appended with `>>`)
// gives one Dataset per test: a test begins at a "Client connecting to"/"Server listening on"
// banner after data, or at a connection once every earlier connection has ended or when its
// [ID] is taken; the connection back of -d/-r belongs to the test that made it.
class Iperf2TextParser : public LogParser, public BlockScanner {
public:
    Iperf2TextParser();
    static int sniff(std::string_view head);

    // Big logs are scanned on every core: the figures of the plain result lines off the
    // parser's thread, everything that depends on earlier lines in order.
    std::unique_ptr<Scan> scan(std::string_view wholeLines,
                               std::unique_ptr<Scan> spare) const override;
    void apply(std::string_view wholeLines, Scan& scan) override;

protected:
    void parseLine(std::string_view line) override;
    void finishDatasets() override;

private:
    // What stands in the "[ … ]" at the start of a report line.
    struct Tag {
        enum Kind { None, Stream, Sum, Other } kind = None;
        int stream = -1;
        bool reverse = false; // "[ *2]": iperf 2.1 marks the reverse connection of -d/-r
    };
    static Tag takeTag(std::string_view& body);

    // A result line in the form nearly every line of a long log has ("[ 12] 0.0000-1.0000 sec
    // 23.0 MBytes  193 Mbits/sec"), read without the general dispatch, with the same outcome.
    // Its figures need no state but the memo (so a scan reads them on any thread); `rest` is
    // what follows the rate. nullopt when the line is anything else.
    struct PlainResult {
        Tag tag;
        iperf::ResultFields fields;
        std::string_view rest;
    };
    static std::optional<PlainResult> takePlainResult(std::string_view line, iperf::SpanMemo& memo);
    // What parseLine does with a plain result line, in log order.
    void applyPlainResult(std::string_view line, const PlainResult& plain);

    bool readBanner(std::string_view line, std::string_view body);
    void readCommand(std::string_view body);
    static void describe(Dataset& data);
    Dataset& current() { return allDatasets().back(); }
    const Dataset& current() const { return datasets().back(); }
    // A banner after data begins the next test, unless it is a -d/-r server's banner for the
    // connection back.
    void bannerBegins(bool clientBanner);
    bool connectionBegins(int stream, bool reverse, const QString& direction) const;
    // keepBanner: a server's next test, whose banner facts were printed once for all tests.
    void beginTest(bool keepBanner);
    void finishTest();
    void readStreamLine(std::string_view line, const Tag& tag, std::string_view body);
    void readConnection(const Tag& tag, std::string_view body);
    // Checks the fields of a result line and fills out; rest is what follows the rate.
    bool acceptResult(std::string_view line, const iperf::ResultFields& fields,
                      std::string_view rest, FlowInterval& out);
    static void readColumns(std::string_view rest, FlowInterval& out);
    void storeResult(const Tag& tag, const FlowInterval& result);
    void readDatagramCount(const Tag& tag, std::string_view body);
    QString directionOf(std::int64_t localPort, std::int64_t remotePort);
    void inferDirections();
    void readOutOfOrder(const Tag& tag, std::string_view body);

    Iperf2FlowBuilder m_flows;
    iperf::SpanMemo m_spanMemo;
    LinePrefixReader m_prefix;
    QDateTime m_lineDate; // of the current line's time prefix; invalid without one
    // Connections whose direction the banner had not told yet: iperf's threads may print
    // "connected with" lines before the "Client connecting to" banner.
    struct Undirected {
        std::size_t flow;
        std::int64_t localPort;
        std::int64_t remotePort;
    };
    std::vector<Undirected> m_undirected;
    int m_listenPort = -1;        // "Server listening on TCP port 5001"
    int m_connectPort = -1;       // "Client connecting to host, TCP port 5001"
    int m_reportStream = -2;      // stream whose "Server Report:" line came last (-2: none)
    int m_spanDecimals = -1;      // of the first result line: tells 2.0 from 2.1
    bool m_sawConnection = false; // in the current test
    bool m_reverseBanner = false; // a server's "Client connecting to" for -d/-r's connection back
    bool m_sawResult = false;     // a result line in the current test
    bool m_warnedRounded = false;
};

} // namespace wb
