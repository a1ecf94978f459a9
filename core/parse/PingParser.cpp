#include "PingParser.h"

#include "TextScan.h"

#include <QDateTime>
#include <QTimeZone>

#include <cmath>

namespace wb {

using namespace scan;

namespace {
// What take reads of the word before the first `key` in `body`, after its last separator
// ("+4 duplicates", "10% packet loss").
template <typename Take>
auto numberBefore(std::string_view body, std::string_view key, const char* separators, Take take) {
    std::string_view number = body.substr(0, body.find(key));
    number.remove_prefix(number.find_last_of(separators) + 1);
    return take(number);
}
} // namespace

bool readPingSummary(std::string_view body, PingSummary& summary) {
    if (contains(body, "packets transmitted")) {
        // iputils: "5 packets transmitted, 5 received, +4 duplicates, +1 corrupted, +3 errors,
        //           0% packet loss, time 4017ms"
        // BSD/BusyBox: "... 9 packets received, 2 duplicates, 10% packet loss"
        std::string_view rest = body;
        summary.transmitted = takeInt(rest);
        summary.received = intAfter(body, ", ");
        if (contains(body, " duplicates"))
            summary.duplicates = numberBefore(body, " duplicates", " +", takeInt);
        if (contains(body, " errors"))
            summary.errors = numberBefore(body, " errors", " +", takeInt);
        if (contains(body, " corrupted")) // iputils: "+2 corrupted", replies with a bad checksum
            summary.corrupted = numberBefore(body, " corrupted", " +", takeInt);
        if (contains(body, "% packet loss"))
            summary.lossPercent = numberBefore(body, "% packet loss", " ", takeDouble);
        summary.timeMs = doubleAfter(body, ", time ");
        return true;
    }
    if (contains(body, "min/avg/max")) {
        // "rtt min/avg/max/mdev = a/b/c/d ms[, pipe 2, ...]" or "round-trip min/avg/max = a/b/c ms"
        auto values = after(body, "= ");
        if (!values)
            return false;
        readSlashedValues(
            *values, {&summary.rttMin, &summary.rttAvg, &summary.rttMax, &summary.rttDeviation});
        return true;
    }
    return false;
}

void readSlashedValues(std::string_view text,
                       std::initializer_list<std::optional<double>*> fields) {
    for (std::optional<double>* field : fields) {
        *field = takeDouble(text);
        if (text.empty() || text.front() != '/')
            break;
        text.remove_prefix(1);
    }
}

PingParser::PingParser(const char* tool, const char* dialect, const char* protocol,
                       std::int64_t firstSequence, QString partialTimes)
    : m_sequences(firstSequence), m_partialTimes(std::move(partialTimes)) {
    RunInfo& info = dataset().info;
    info.tool = QString::fromLatin1(tool);
    info.dialect = QString::fromLatin1(dialect);
    if (protocol)
        info.protocol = QString::fromLatin1(protocol);
}

std::optional<std::string_view> PingParser::toolText(std::string_view line) {
    m_rawLine = line;
    m_prefixed = m_prefix.read(line);
    const std::string_view body = trimmed(m_prefixed.text);
    if (m_prefixed.framing || body.empty())
        return std::nullopt;
    return body;
}

bool PingParser::rttInRange(std::string_view line, double rtt) {
    if (!isImpossibleRtt(rtt))
        return true;
    rangeError(line, QStringLiteral("round-trip time %1 ms is out of range").arg(rtt));
    return false;
}

std::optional<double> PingParser::checkedRtt(std::string_view line, std::optional<double> rtt) {
    if (!rtt)
        parseError(line, QStringLiteral("reply without a readable round-trip time"));
    return rtt && rttInRange(line, *rtt) ? rtt : std::nullopt;
}

void PingParser::fileReply(LatencySeries& run, SequenceTracker& sequences, ReplyTimes& times,
                           std::optional<std::int64_t> placed, double rtt, bool markedDuplicate,
                           double time, double elapsedSum) {
    const std::int64_t sequence =
        placed ? *placed : (run.sequence.empty() ? sequences.firstSequence() : run.sequence.back());
    const bool firstReply = !placed || sequences.markReplied(sequence);
    if (markedDuplicate || !firstReply) {
        run.duplicateRttMs.push_back(rtt);
        run.duplicateSequence.push_back(sequence);
        return;
    }
    run.rttMs.push_back(rtt);
    run.sequence.push_back(sequence);
    times.add(run, time, elapsedSum);
    countSample();
}

Dataset& PingParser::addDataset() {
    const RunInfo first = allDatasets().front().info;
    Dataset& next = allDatasets().emplace_back();
    next.info.tool = first.tool;
    next.info.dialect = first.dialect;
    next.info.protocol = first.protocol;
    return next;
}

void PingParser::nextRun() {
    finishRun();
    addDataset();
    m_sequences = SequenceTracker(m_sequences.firstSequence());
    m_times.clear();
}

void PingParser::noteRunStart() {
    m_runStarts.resize(allDatasets().size());
    m_runStarts.back() = LinePrefixReader::prefixText(skipSpaces(m_rawLine));
}

void PingParser::finishRun() {
    m_times.finish(series(), m_prefix, m_partialTimes, mutableReport().warnings);
}

void PingParser::listLosses(std::int64_t from) {
    LatencySeries& run = series();
    IssueList& warnings = mutableReport().warnings;
    checkSummary(run, m_sequences.repliedCount(), m_sequences.repliedCount(), warnings);
    // When the log shows fewer replies than the summary counts (ping -q, or lines filtered
    // out), which requests went unanswered is unknown, and guessing would invent losses.
    if (run.summary.received && m_sequences.repliedCount() < *run.summary.received)
        return;
    run.lostSequence =
        m_sequences.losses(from, run.summary.transmitted.value_or(0), warnings, QString());
}

// The labels of a log's runs when it holds more than one (FileImporter puts the file's name in
// front): the target and when the run started (the time prefix of its header, else its first
// reply's epoch time), or "run N".
void PingParser::finishDatasets() {
    finishRun();
    m_oddSequences.report(mutableReport().warnings, QString());
    std::vector<Dataset>& runs = allDatasets();
    if (runs.size() < 2)
        return;
    for (std::size_t i = 0; i < runs.size(); ++i) {
        Dataset& run = runs[i];
        QString when = i < m_runStarts.size() ? QString::fromStdString(m_runStarts[i]) : QString();
        const std::vector<double>& times = run.latency.timestamps;
        // Epoch seconds (-D, a dated prefix) rather than a clock's seconds since its start.
        // Beyond year 9999 (an absurd -D time) no date is written.
        if (when.isEmpty() && run.latency.hasTimestamps() && times.front() > 1e9 &&
            times.front() < 253402300800.0)
            when = QDateTime::fromMSecsSinceEpoch(static_cast<qint64>(times.front() * 1000),
                                                  QTimeZone::utc())
                       .toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
        if (when.isEmpty())
            when = QStringLiteral("run %1").arg(i + 1);
        run.label = run.info.target.isEmpty() ? when : run.info.target + QLatin1Char(' ') + when;
    }
}

} // namespace wb
