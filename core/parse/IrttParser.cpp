#include "IrttParser.h"

#include "TextScan.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>

#include <algorithm>
#include <cmath>
#include <unordered_set>

namespace wb {

using scan::contains;
using scan::startsWith;
using scan::trimmed;

namespace {

constexpr double kNanosecondsPerMs = 1e6;
constexpr std::int64_t kMaxTrailingLosses = 10'000'000;

std::optional<double> nanosecondsAsMs(const QJsonObject& object, const char* key) {
    const QJsonValue value = object.value(QLatin1String(key));
    if (!value.isDouble())
        return std::nullopt;
    return value.toDouble() / kNanosecondsPerMs;
}

double valueOrNan(const std::optional<double>& value) {
    return value.value_or(std::nan(""));
}

void fillRunInfo(RunInfo& info, const QJsonObject& root) {
    const QJsonObject config = root.value(QLatin1String("config")).toObject();
    const QJsonObject params = config.value(QLatin1String("params")).toObject();
    const QString remote = config.value(QLatin1String("remote_address")).toString();
    const qsizetype colon = remote.lastIndexOf(QLatin1Char(':'));
    QString host = colon > 0 ? remote.left(colon) : remote;
    if (host.startsWith(QLatin1Char('[')) && host.endsWith(QLatin1Char(']')))
        host = host.mid(1, host.size() - 2); // an IPv6 address as "[2001:db8::1]:2112"
    info.target = host;
    if (params.value(QLatin1String("length")).isDouble())
        info.packetBytes =
            static_cast<std::int64_t>(params.value(QLatin1String("length")).toDouble());
    if (params.value(QLatin1String("interval")).isDouble())
        info.pingIntervalSeconds = params.value(QLatin1String("interval")).toDouble() / 1e9;
    if (params.value(QLatin1String("duration")).isDouble())
        info.durationSeconds = params.value(QLatin1String("duration")).toDouble() / 1e9;
    info.version =
        root.value(QLatin1String("version")).toObject().value(QLatin1String("irtt")).toString();
    info.host = root.value(QLatin1String("system_info"))
                    .toObject()
                    .value(QLatin1String("hostname"))
                    .toString();
    const QString start =
        root.value(QLatin1String("stats")).toObject().value(QLatin1String("start_time")).toString();
    if (!start.isEmpty())
        info.start = QDateTime::fromString(start, Qt::ISODateWithMs);
}

void fillSummary(PingSummary& summary, const QJsonObject& stats) {
    auto count = [&](const char* key) -> std::optional<std::int64_t> {
        const QJsonValue value = stats.value(QLatin1String(key));
        if (!value.isDouble())
            return std::nullopt;
        return scan::countFrom(value.toDouble());
    };
    summary.transmitted = count("packets_sent");
    summary.received = count("packets_received");
    summary.duplicates = count("duplicates");
    if (stats.value(QLatin1String("packet_loss_percent")).isDouble())
        summary.lossPercent = stats.value(QLatin1String("packet_loss_percent")).toDouble();
    summary.timeMs = nanosecondsAsMs(stats, "duration");
    const QJsonObject rtt = stats.value(QLatin1String("rtt")).toObject();
    summary.rttMin = nanosecondsAsMs(rtt, "min");
    summary.rttAvg = nanosecondsAsMs(rtt, "mean");
    summary.rttMax = nanosecondsAsMs(rtt, "max");
    summary.rttDeviation = nanosecondsAsMs(rtt, "stddev");
}

// Fills the losses up to `end` (exclusive) that have no reply, given the sorted replies.
void fillUndividedLosses(LatencySeries& series, const std::unordered_set<std::int64_t>& replied,
                         std::int64_t end) {
    std::vector<std::int64_t> seen(replied.begin(), replied.end());
    std::sort(seen.begin(), seen.end());
    auto next = seen.begin();
    for (std::int64_t sequence = 0; sequence < end; ++sequence) {
        while (next != seen.end() && *next < sequence)
            ++next;
        if (next == seen.end() || *next != sequence)
            series.lostSequence.push_back(sequence);
    }
}

} // namespace

std::optional<IrttRoundTrip> readIrttRoundTrip(const QJsonObject& record) {
    const QJsonValue seqno = record.value(QLatin1String("seqno"));
    if (!seqno.isDouble())
        return std::nullopt;
    const std::optional<std::int64_t> sequence = scan::countFrom(seqno.toDouble());
    if (!sequence)
        return std::nullopt;
    IrttRoundTrip trip;
    trip.sequence = *sequence;
    const QString lost = record.value(QLatin1String("lost")).toString();
    if (lost == QLatin1String("false"))
        trip.lost = IrttRoundTrip::Lost::No;
    else if (lost == QLatin1String("true_up"))
        trip.lost = IrttRoundTrip::Lost::Up;
    else if (lost == QLatin1String("true_down"))
        trip.lost = IrttRoundTrip::Lost::Down;
    else if (lost == QLatin1String("true"))
        trip.lost = IrttRoundTrip::Lost::Unknown;
    else
        return std::nullopt;
    const QJsonObject delay = record.value(QLatin1String("delay")).toObject();
    trip.rttMs = nanosecondsAsMs(delay, "rtt");
    trip.sendDelayMs = nanosecondsAsMs(delay, "send");
    trip.receiveDelayMs = nanosecondsAsMs(delay, "receive");
    const QJsonObject ipdv = record.value(QLatin1String("ipdv")).toObject();
    trip.ipdvMs = nanosecondsAsMs(ipdv, "rtt");
    trip.sendIpdvMs = nanosecondsAsMs(ipdv, "send");
    trip.receiveIpdvMs = nanosecondsAsMs(ipdv, "receive");
    const QJsonObject clientSend = record.value(QLatin1String("timestamps"))
                                       .toObject()
                                       .value(QLatin1String("client"))
                                       .toObject()
                                       .value(QLatin1String("send"))
                                       .toObject();
    if (const std::optional<double> wallMs = nanosecondsAsMs(clientSend, "wall"))
        trip.sentAtEpochSeconds = *wallMs / 1e3;
    return trip;
}

void appendIrttRoundTrip(LatencySeries& series, const IrttRoundTrip& trip) {
    series.lossDirectionsTold = true;
    switch (trip.lost) {
    case IrttRoundTrip::Lost::Up:
        series.lostUpSequence.push_back(trip.sequence);
        series.lostSequence.push_back(trip.sequence);
        return;
    case IrttRoundTrip::Lost::Down:
        series.lostDownSequence.push_back(trip.sequence);
        series.lostSequence.push_back(trip.sequence);
        return;
    case IrttRoundTrip::Lost::Unknown:
        series.lostSequence.push_back(trip.sequence);
        return;
    case IrttRoundTrip::Lost::No:
        break;
    }
    if (!trip.rttMs)
        return;
    series.rttMs.push_back(*trip.rttMs);
    series.sequence.push_back(trip.sequence);
    if (trip.sentAtEpochSeconds)
        series.timestamps.push_back(*trip.sentAtEpochSeconds);
    series.sendDelayMs.push_back(valueOrNan(trip.sendDelayMs));
    series.receiveDelayMs.push_back(valueOrNan(trip.receiveDelayMs));
    series.ipdvMs.push_back(valueOrNan(trip.ipdvMs));
    series.sendIpdvMs.push_back(valueOrNan(trip.sendIpdvMs));
    series.receiveIpdvMs.push_back(valueOrNan(trip.receiveIpdvMs));
}

void sortIrttLosses(LatencySeries& series) {
    for (std::vector<std::int64_t>* lost :
         {&series.lostSequence, &series.lostUpSequence, &series.lostDownSequence})
        std::sort(lost->begin(), lost->end());
}

std::optional<double> irttDurationMs(std::string_view text) {
    // Go's time.Duration text: one or more number-unit pairs ("1h2m3.5s", "90.3µs").
    static constexpr std::pair<std::string_view, double> kUnits[] = {
        {"ns", 1e-6}, {"µs", 1e-3}, {"us", 1e-3}, {"ms", 1.0},
        {"s", 1e3},   {"m", 6e4},   {"h", 3.6e6}};
    bool negative = false;
    if (!text.empty() && text.front() == '-') {
        negative = true;
        text.remove_prefix(1);
    }
    if (text.empty())
        return std::nullopt;
    double total = 0;
    while (!text.empty()) {
        if (!std::isdigit(static_cast<unsigned char>(text.front())))
            return std::nullopt;
        const std::optional<double> value = scan::takeDouble(text);
        if (!value)
            return std::nullopt;
        bool matched = false;
        for (const auto& [unit, factor] : kUnits) {
            // "ms" before "m" and "s": the table lists the longer spellings first.
            if (startsWith(text, unit)) {
                total += *value * factor;
                text.remove_prefix(unit.size());
                matched = true;
                break;
            }
        }
        if (!matched)
            return std::nullopt;
    }
    return negative ? -total : total;
}

// ---------------------------------------------------------------------------------- JSON

IrttJsonParser::IrttJsonParser() : LogParser(Input::Bytes) {
    dataset().info.tool = QStringLiteral("irtt");
    dataset().info.dialect = QStringLiteral("json");
    dataset().info.protocol = QStringLiteral("udp");
    dataset().info.role = QStringLiteral("client");
}

int IrttJsonParser::sniff(std::string_view head) {
    const std::string_view body = trimmed(head);
    if (body.empty() || body.front() != '{')
        return 0;
    if (contains(head, "\"json_format\"") && contains(head, "\"irtt\""))
        return 90;
    return 0;
}

void IrttJsonParser::parseLine(std::string_view line) {
    (void)line; // the document is read as bytes
}

void IrttJsonParser::parseBytes(std::string_view chunk) {
    mutableReport().linesRead += std::count(chunk.begin(), chunk.end(), '\n');
    if (m_tooLarge)
        return;
    if (m_document.size() + chunk.size() > kMaxDocumentBytes) {
        m_tooLarge = true;
        m_document.clear();
        m_document.shrink_to_fit();
        parseError({},
                   QStringLiteral("the irtt JSON document is larger than %1 MiB; it is not read")
                       .arg(kMaxDocumentBytes / (1024 * 1024)));
        return;
    }
    m_document.append(chunk);
}

void IrttJsonParser::finishDatasets() {
    if (m_tooLarge)
        return;
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(
        QByteArray::fromRawData(m_document.data(), static_cast<qsizetype>(m_document.size())),
        &error);
    if (error.error != QJsonParseError::NoError) {
        const auto offset = static_cast<std::size_t>(std::max(0, error.offset));
        const std::size_t lineStart = m_document.rfind('\n', offset == 0 ? 0 : offset - 1);
        const std::size_t from = lineStart == std::string::npos ? 0 : lineStart + 1;
        const std::string_view near = std::string_view(m_document).substr(from, 200);
        parseError(near.substr(0, near.find('\n')),
                   QStringLiteral("irtt JSON cannot be read at byte %1: %2")
                       .arg(error.offset)
                       .arg(error.errorString()));
    } else if (!document.isObject()) {
        parseError({}, QStringLiteral("irtt JSON is not an object"));
    } else {
        readDocument(document.object());
    }
    m_document.clear();
    m_document.shrink_to_fit();
}

void IrttJsonParser::readDocument(const QJsonObject& root) {
    RunInfo& info = dataset().info;
    fillRunInfo(info, root);
    const QJsonObject stats = root.value(QLatin1String("stats")).toObject();
    fillSummary(dataset().latency.summary, stats);
    const QJsonValue trips = root.value(QLatin1String("round_trips"));
    if (!trips.isArray()) {
        warning({}, QStringLiteral("irtt JSON without \"round_trips\": no samples"));
        return;
    }
    LatencySeries& series = dataset().latency;
    std::int64_t index = 0;
    for (const QJsonValue& value : trips.toArray()) {
        const std::optional<IrttRoundTrip> trip = readIrttRoundTrip(value.toObject());
        if (!trip) {
            parseError({},
                       QStringLiteral("round trip %1 is not an irtt round-trip record").arg(index));
        } else if (trip->rttMs && scan::isImpossibleRtt(*trip->rttMs)) {
            rangeError({}, QStringLiteral("round trip %1 has an impossible RTT of %2 ms")
                               .arg(trip->sequence)
                               .arg(*trip->rttMs));
        } else {
            appendIrttRoundTrip(series, *trip);
            if (trip->lost == IrttRoundTrip::Lost::No)
                countSample();
        }
        ++index;
    }
    if (series.timestamps.size() != series.rttMs.size())
        series.timestamps.clear();
    sortIrttLosses(series);
}

// ---------------------------------------------------------------------------------- text

IrttTextParser::IrttTextParser() {
    dataset().info.tool = QStringLiteral("irtt");
    dataset().info.dialect = QStringLiteral("text");
    dataset().info.protocol = QStringLiteral("udp");
    dataset().info.role = QStringLiteral("client");
}

int IrttTextParser::sniff(std::string_view head) {
    int score = 0;
    while (!head.empty() && score < 90) {
        const std::size_t end = std::min(head.find('\n'), head.size());
        const std::string_view body = trimmed(head.substr(0, end));
        head.remove_prefix(std::min(end + 1, head.size()));
        if (startsWith(body, "seq=") && contains(body, " rtt=") &&
            (contains(body, " ipdv=") || contains(body, " rd=")))
            score += 10;
        else if (startsWith(body, "[Connecting] connecting to "))
            score += 30;
        else if (startsWith(body, "packets sent/received:") ||
                 startsWith(body, "server packets received:") || startsWith(body, "timer stats:"))
            score += 30;
    }
    return std::min(score, 90);
}

void IrttTextParser::parseLine(std::string_view line) {
    const std::string_view body = trimmed(line);
    if (startsWith(body, "seq=")) {
        readReply(line);
        return;
    }
    if (startsWith(body, "[Connecting] connecting to ")) {
        dataset().info.target = qStringOf(trimmed(body.substr(27)));
        return;
    }
    if (!readSummaryLine(body) && !body.empty() && body.front() != '[')
        ignoreLine();
}

void IrttTextParser::readReply(std::string_view line) {
    // Tokens "key=value" separated by spaces.
    std::optional<std::int64_t> sequence;
    std::optional<double> rtt, receiveDelay, sendDelay, ipdv;
    std::string_view rest = trimmed(line);
    while (!rest.empty()) {
        const std::size_t space = std::min(rest.find(' '), rest.size());
        const std::string_view token = rest.substr(0, space);
        rest = scan::skipSpaces(rest.substr(space));
        const std::size_t equals = token.find('=');
        if (equals == std::string_view::npos)
            continue;
        const std::string_view key = token.substr(0, equals);
        const std::string_view value = token.substr(equals + 1);
        if (key == "seq") {
            std::string_view digits = value;
            const std::optional<std::int64_t> number = scan::takeInt(digits);
            if (number && digits.empty() && *number >= 0)
                sequence = number;
        } else if (key == "rtt") {
            rtt = irttDurationMs(value);
        } else if (key == "rd") {
            receiveDelay = irttDurationMs(value);
        } else if (key == "sd") {
            sendDelay = irttDurationMs(value);
        } else if (key == "ipdv") {
            ipdv = irttDurationMs(value);
        }
    }
    if (!sequence || !rtt) {
        parseError(line, QStringLiteral("an irtt reply line without a readable seq= and rtt="));
        return;
    }
    if (scan::isImpossibleRtt(*rtt)) {
        rangeError(line, QStringLiteral("impossible RTT"));
        return;
    }
    LatencySeries& series = dataset().latency;
    if (!m_seen.insert(*sequence).second) {
        series.duplicateRttMs.push_back(*rtt);
        series.duplicateSequence.push_back(*sequence);
        return;
    }
    series.rttMs.push_back(*rtt);
    series.sequence.push_back(*sequence);
    series.sendDelayMs.push_back(valueOrNan(sendDelay));
    series.receiveDelayMs.push_back(valueOrNan(receiveDelay));
    series.ipdvMs.push_back(valueOrNan(ipdv));
    countSample();
}

bool IrttTextParser::readSummaryLine(std::string_view body) {
    PingSummary& summary = dataset().latency.summary;
    if (const std::optional<std::string_view> counts = scan::after(body, "packets sent/received:");
        counts && startsWith(body, "packets")) {
        std::string_view text = scan::skipSpaces(*counts);
        summary.transmitted = scan::takeInt(text);
        if (startsWith(text, "/")) {
            text.remove_prefix(1);
            summary.received = scan::takeInt(text);
        }
        if (startsWith(text, " (")) {
            text.remove_prefix(2);
            summary.lossPercent = scan::takeDouble(text);
        }
        return true;
    }
    if (startsWith(body, "RTT ")) {
        // "RTT  min  mean  median  max  stddev"
        std::vector<std::optional<double>> columns;
        std::string_view rest = scan::skipSpaces(body.substr(4));
        while (!rest.empty()) {
            const std::size_t space = std::min(rest.find(' '), rest.size());
            columns.push_back(irttDurationMs(rest.substr(0, space)));
            rest = scan::skipSpaces(rest.substr(space));
        }
        if (columns.size() == 5) {
            summary.rttMin = columns[0];
            summary.rttAvg = columns[1];
            summary.rttMax = columns[3];
            summary.rttDeviation = columns[4];
        }
        return true;
    }
    if (startsWith(body, "duration:")) {
        std::string_view rest = scan::skipSpaces(body.substr(9));
        if (const std::optional<double> ms = irttDurationMs(rest.substr(0, rest.find(' '))))
            summary.timeMs = ms;
        return true;
    }
    if (startsWith(body, "packet length:")) {
        std::string_view rest = scan::skipSpaces(body.substr(14));
        if (const std::optional<std::int64_t> bytes = scan::takeInt(rest))
            dataset().info.packetBytes = *bytes;
        return true;
    }
    // The rest of the summary table and its totals: known, nothing to take.
    static constexpr std::string_view kKnown[] = {
        "Min ",           "---",          "send delay",        "receive delay", "IPDV",
        "send IPDV",      "receive IPDV", "send call time",    "timer error",   "server proc.",
        "server packets", "bytes sent",   "send/receive rate", "timer stats:"};
    for (std::string_view known : kKnown)
        if (startsWith(body, known))
            return true;
    return false;
}

void IrttTextParser::finishDatasets() {
    LatencySeries& series = dataset().latency;
    std::int64_t end = 0;
    for (const std::int64_t sequence : m_seen)
        end = std::max(end, sequence + 1);
    // Requests after the last reply were lost too; a count that would list more of them than
    // any real run sends is not believed.
    if (series.summary.transmitted && *series.summary.transmitted > end) {
        if (*series.summary.transmitted - end <= kMaxTrailingLosses)
            end = *series.summary.transmitted;
        else
            warning({}, QStringLiteral("%1 packets sent but the last reply is number %2: the "
                                       "packets after it are not listed as lost")
                            .arg(*series.summary.transmitted)
                            .arg(end - 1));
    }
    fillUndividedLosses(series, m_seen, end);
    // Without any IPDV read, the series stays absent rather than all NaN.
    const auto allNan = [](const std::vector<double>& values) {
        return std::all_of(values.begin(), values.end(), [](double v) { return std::isnan(v); });
    };
    if (allNan(series.sendDelayMs) && allNan(series.receiveDelayMs)) {
        series.sendDelayMs.clear();
        series.receiveDelayMs.clear();
    }
    if (allNan(series.ipdvMs))
        series.ipdvMs.clear();
}

} // namespace wb
