#pragma once

#include "model/Dataset.h"

#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>
#include <unordered_map>
#include <vector>

namespace wb {

// The bookkeeping both iperf3 readers (text and JSON) share: which Flow a stream report
// belongs to. iperf3 numbers streams by socket, and a --bidir run carries both directions,
// so a flow is keyed by (stream number, direction) and its id names the direction whenever
// the number alone could be ambiguous ("5/send", "7/receive").
class Iperf3FlowTable {
public:
    void reset();

    // In --bidir runs every id carries its direction, so ids read the same in both directions.
    void setBidirectional(bool bidirectional) { m_bidirectional = bidirectional; }
    bool bidirectional() const { return m_bidirectional; }

    // "[  5] local A port p connected to B port q" / JSON start.connected[]: remembered until
    // the stream's first report creates its flow.
    void noteConnection(int stream, const QString& local, const QString& remote);
    int connections() const { return static_cast<int>(m_addresses.size()); }

    Flow& flow(FlowSeries& series, int stream, const QString& direction);

    // FlowSeries holds one SUM: of --bidir's two, the client-to-server one is kept (its reverse
    // has no place there yet). That direction as the host of the log's `role` saw it.
    static QString forwardDirection(const QString& role) {
        return role == QLatin1String("server") ? QStringLiteral("receive") : QStringLiteral("send");
    }
    // Whether the SUM reports of `direction` are the ones kept.
    bool isForward(const QString& direction, const QString& role) const {
        return !m_bidirectional || direction == forwardDirection(role);
    }

    // What finishing a test found, for the parser to warn about.
    struct TestEnd {
        QStringList intervalOrder; // IperfIntervalOrder's findings
        QStringList totals;        // whole-run figures taken from the intervals or the sender
    };
    // Completes a test: its intervals in time order (IperfIntervalOrder), its whole-run figures
    // (takeZeroTotalsFromIntervals, takeSenderTotalsForEmptyReceiver, completeTotals) and its
    // stream count from the connections noted. cutShort: the run ended with an interrupt or an
    // error (the server terminated, the control connection closed), so the receiver's figures
    // may never have come.
    TestEnd finishTest(Dataset& test, const std::optional<FlowInterval>& sumSender,
                       bool cutShort) const;

private:
    // A receiver's whole-run figure that says zero while the receiver's own intervals carry
    // bytes contradicts them (iperf3's UDP server writes zeros there: all of its -J end block
    // in 3.7, the per-stream bytes still in 3.12, "0.00 Bytes" summary lines in 3.1): its zero
    // figures are taken from the intervals. Returns how many whole-run figures were replaced.
    static int takeZeroTotalsFromIntervals(FlowSeries& series);
    // A client stopped by SIGINT, or whose server terminated, prints its receiver's whole-run
    // figures as 0 bytes (text: "0.00 Bytes  0.00 bits/sec  receiver"; -J: zero "receiver" and
    // "sum_received"), because the server's never came, while its sender figures hold what was
    // sent. In a run `cutShort`, or where the receiver's figure spans no time, such a figure is
    // replaced by the sender's, per flow and for the sum (`sumSender`, the sender's sum when the
    // log has one; FlowSeries::sumTotalFromSender then says so). A UDP receiver that counted
    // datagrams and got none (all lost) keeps its zero. Returns how many figures were replaced.
    static int takeSenderTotalsForEmptyReceiver(FlowSeries& series,
                                                const std::optional<FlowInterval>& sumSender,
                                                bool cutShort);
    // A whole-run figure for every flow: the receiver's line when the log has it, else the
    // only whole-run line there is (a server in -R mode prints only "sender" lines).
    static void completeTotals(FlowSeries& series);

    struct Key {
        QString direction;
        std::size_t index; // into FlowSeries::flows
    };
    std::unordered_map<int, std::vector<Key>> m_keys; // by stream number
    QMap<int, std::pair<QString, QString>> m_addresses;
    bool m_bidirectional = false;
};

} // namespace wb
