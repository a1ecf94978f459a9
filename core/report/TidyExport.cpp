#include "report/TidyExport.h"

#include "files/OutputFile.h"
#include "report/TextEscaping.h"
#include "stats/FlowStatistics.h"
#include "stats/LoadTimeline.h"
#include "stats/Measured.h"
#include "stats/RunValues.h"

#include <QMap>

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstring>
#include <future>
#include <limits>
#include <map>
#include <set>
#include <string>
#include <unordered_map>

namespace wb {

namespace {

using Format = TidyExport::Format;
using Table = TidyExport::Table;

// Rows go to the sink in pieces of about this size: large enough that the system calls cost
// nothing next to the formatting, small enough to stay in the caches.
constexpr std::size_t kFlushBytes = 1 << 20;
// Progress is told every so many rows.
constexpr std::int64_t kProgressRows = 1 << 16;

const QStringList kIdentityColumns{"run", "file", "label"};

QStringList tableColumns(Table table) {
    switch (table) {
    case Table::Samples:
        return {"seq", "time_s", "rtt_ms", "status", "send_delay_ms", "receive_delay_ms"};
    case Table::Intervals:
        return {"flow",      "flow_direction",  "start_s",    "end_s",
                "bytes",     "bits_per_second", "cwnd_bytes", "rtt_ms",
                "rttvar_ms", "retransmits",     "jitter_ms",  "lost_datagrams",
                "datagrams"};
    case Table::Flows:
        return {"flow",      "flow_direction", "bytes",     "seconds",     "bits_per_second",
                "jitter_ms", "lost_datagrams", "datagrams", "loss_percent"};
    case Table::Runs:
        return {"statistic", "value"};
    }
    return {};
}

// A JSON string literal of text (RFC 8259: quote, backslash and control characters escaped).
std::string jsonString(const QString& text) {
    const QByteArray utf8 = text.toUtf8();
    std::string out;
    out.reserve(static_cast<std::size_t>(utf8.size()) + 2);
    out += '"';
    for (const char c : utf8) {
        const auto byte = static_cast<unsigned char>(c);
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (byte < 0x20) {
            char escaped[8];
            std::snprintf(escaped, sizeof escaped, "\\u%04x", byte);
            out += escaped;
        } else {
            out += c;
        }
    }
    return out + '"';
}

// A text cell as the format writes it.
std::string encodedText(Format format, const QString& text) {
    if (format == Format::Jsonl)
        return jsonString(text);
    return TextEscaping::csvField(text).toUtf8().toStdString();
}

// The metadata columns: every key a member has a value for, sorted.
struct MetadataColumns {
    QStringList keys;  // as DatasetGroups reads them
    QStringList names; // as the header names them

    static MetadataColumns of(const std::vector<GroupMember>& members, Table table) {
        std::set<QString> keys;
        for (const GroupMember& member : members) {
            for (const auto& [key, value] : DatasetGroups::logFields(*member.dataset))
                keys.insert(key);
            for (auto it = member.metadata.begin(); it != member.metadata.end(); ++it)
                if (!it.value().isEmpty())
                    keys.insert(it.key());
            if (!member.tags.isEmpty())
                keys.insert(QStringLiteral("tag"));
        }
        const QStringList fixed = kIdentityColumns + tableColumns(table);
        MetadataColumns columns;
        for (const QString& key : keys) {
            columns.keys << key;
            columns.names << (fixed.contains(key) ? QStringLiteral("metadata.") + key : key);
        }
        return columns;
    }
};

// The run each member belongs to (TidyExport's "run" column).
std::vector<QString> runNames(const std::vector<GroupMember>& members) {
    std::unordered_map<QString, int> perFile;
    for (const GroupMember& member : members)
        ++perFile[member.dataset->sourceFile];
    std::unordered_map<QString, int> seen;
    std::vector<QString> names;
    names.reserve(members.size());
    for (const GroupMember& member : members) {
        const QString step = LoadTimeline::stepOf(*member.dataset);
        const QString& file = member.dataset->sourceFile;
        const int n = ++seen[file];
        if (!step.isEmpty())
            names.push_back(step);
        else
            names.push_back(perFile[file] > 1 ? file + QLatin1Char('#') + QString::number(n)
                                              : file);
    }
    return names;
}

QString labelOf(const GroupMember& member) {
    return member.label.isEmpty() ? member.dataset->label : member.label;
}

// Bytes of rows, appended without the bookkeeping of std::string: the export's inner loop.
class RowBytes {
public:
    RowBytes() { m_data.resize(kFlushBytes + kSlack); }

    void append(const char* data, std::size_t size) {
        if (m_size + size > m_data.size())
            m_data.resize(std::max(m_data.size() * 2, m_size + size));
        std::memcpy(m_data.data() + m_size, data, size);
        m_size += size;
    }
    void append(const std::string& text) { append(text.data(), text.size()); }
    void append(char c) {
        if (m_size == m_data.size())
            m_data.resize(m_data.size() * 2);
        m_data[m_size++] = c;
    }
    // Room for `size` more bytes written in place through end(), then added by grow().
    char* reserve(std::size_t size) {
        if (m_size + size > m_data.size())
            m_data.resize(std::max(m_data.size() * 2, m_size + size));
        return m_data.data() + m_size;
    }
    void grow(std::size_t size) { m_size += size; }

    const char* data() const { return m_data.data(); }
    std::size_t size() const { return m_size; }
    void clear() { m_size = 0; }

private:
    static constexpr std::size_t kSlack = 1 << 16;
    std::vector<char> m_data;
    std::size_t m_size = 0;
};

// value with `decimals` digits after the point (none: an integer), from its digits scaled.
char* fixedDigits(char* out, std::int64_t scaled, int decimals) {
    if (scaled < 0) {
        *out++ = '-';
        scaled = -scaled;
    }
    char digits[24];
    const auto end =
        std::to_chars(digits, digits + sizeof digits, static_cast<std::uint64_t>(scaled)).ptr;
    auto count = static_cast<int>(end - digits);
    if (count <= decimals) { // 0.039: zeros between the point and the digits
        *out++ = '0';
        *out++ = '.';
        for (int i = count; i < decimals; ++i)
            *out++ = '0';
        std::memcpy(out, digits, static_cast<std::size_t>(count));
        return out + count;
    }
    std::memcpy(out, digits, static_cast<std::size_t>(count - decimals));
    out += count - decimals;
    if (decimals > 0) {
        *out++ = '.';
        std::memcpy(out, end - decimals, static_cast<std::size_t>(decimals));
        out += decimals;
    }
    return out;
}

// A double in the fewest digits after the point that read back as the same double, in fixed
// notation ("102000000", "0.039") where it is a measurement's size; the exponent form only
// for the far ends of the range.
char* shortestFixed(char* out, char* last, double value) {
    // Most figures of a log (RTTs, seconds, bytes) have a few decimals: found by scaling,
    // which is exact there (the scaled value is below 2^53 and 10^k is exact), and several
    // times faster than the general algorithm.
    static constexpr double kPowers[] = {1, 10, 100, 1e3, 1e4, 1e5, 1e6};
    if (std::fabs(value) < 1e9) {
        for (int decimals = 0; decimals < 7; ++decimals) {
            const double scaled = std::nearbyint(value * kPowers[decimals]);
            if (scaled / kPowers[decimals] == value)
                return fixedDigits(out, static_cast<std::int64_t>(scaled), decimals);
        }
    }
    const double magnitude = std::fabs(value);
    if (magnitude >= 1e-6 && magnitude < 1e15)
        return std::to_chars(out, last, value, std::chars_format::fixed).ptr;
    return std::to_chars(out, last, value).ptr;
}

// One table's rows in one format, handed to the sink in large pieces on a thread of their own,
// so that the next piece is formatted while the last one is written. A row is a prefix (the
// identity cells, the same for every row of a dataset), the table's own cells, and a suffix
// (the metadata cells, also the same for every row of a dataset).
class RowWriter {
public:
    RowWriter(OutputSink& sink, Format format, const TidyExport::Progress& progress)
        : m_sink(sink), m_format(format), m_progress(progress) {}
    ~RowWriter() { waitForWrite(); }

    void header(const QStringList& columns) {
        if (m_format == Format::Jsonl)
            return;
        for (qsizetype i = 0; i < columns.size(); ++i) {
            if (i > 0)
                m_buffer.append(',');
            m_buffer.append(encodedText(Format::Csv, columns[i]));
        }
        m_buffer.append('\n');
    }

    // The prefix and suffix of every row of one dataset (or run), and the JSON keys of the
    // table's own cells.
    void setDataset(const QStringList& identity, const QStringList& metadataNames,
                    const QStringList& metadataValues, const QStringList& ownColumns) {
        m_prefix.clear();
        m_suffix.clear();
        m_keys.clear();
        const bool json = m_format == Format::Jsonl;
        m_prefix = json ? "{" : "";
        for (qsizetype i = 0; i < identity.size(); ++i) {
            if (i > 0)
                m_prefix += ',';
            if (json)
                m_prefix += jsonString(kIdentityColumns[i]) + ':';
            m_prefix += encodedText(m_format, identity[i]);
        }
        for (const QString& column : ownColumns)
            m_keys.push_back(json ? ',' + jsonString(column) + ':' : std::string(","));
        for (qsizetype i = 0; i < metadataNames.size(); ++i) {
            m_suffix += ',';
            if (json) {
                m_suffix += jsonString(metadataNames[i]) + ':';
                m_suffix += metadataValues[i].isEmpty() ? std::string("null")
                                                        : jsonString(metadataValues[i]);
            } else {
                m_suffix += encodedText(m_format, metadataValues[i]);
            }
        }
        m_suffix += json ? "}\n" : "\n";
    }

    Format format() const { return m_format; }

    void beginRow() {
        m_buffer.append(m_prefix);
        m_cell = 0;
    }

    void empty() {
        key();
        if (m_format == Format::Jsonl)
            m_buffer.append("null", 4);
    }
    void number(double value) {
        if (!std::isfinite(value))
            return empty();
        key();
        constexpr std::size_t kRoom = 400; // the longest fixed double has 328 characters
        char* out = m_buffer.reserve(kRoom);
        m_buffer.grow(static_cast<std::size_t>(shortestFixed(out, out + kRoom, value) - out));
    }
    void integer(std::int64_t value) {
        key();
        char* out = m_buffer.reserve(24);
        m_buffer.grow(static_cast<std::size_t>(std::to_chars(out, out + 24, value).ptr - out));
    }
    template <typename T> void optional(const std::optional<T>& value) {
        if (!value)
            return empty();
        if constexpr (std::is_floating_point_v<T>)
            number(*value);
        else
            integer(*value);
    }
    // A text cell already in the format's encoding (encodedText).
    void encoded(const std::string& text) {
        key();
        m_buffer.append(text);
    }

    // False when the sink failed or progress asked to stop.
    bool endRow() {
        m_buffer.append(m_suffix);
        ++m_rows;
        if (m_buffer.size() >= kFlushBytes && !flush())
            return false;
        if (m_rows % kProgressRows == 0 && m_progress && !m_progress(m_rows)) {
            m_stopped = true;
            return false;
        }
        return true;
    }

    bool finish(QString* why) {
        const bool written = !m_stopped && flush() && waitForWrite();
        if (written && (!m_progress || m_progress(m_rows)))
            return true;
        waitForWrite();
        if (why)
            *why = m_sink.failed() ? m_sink.error() : QStringLiteral("cancelled");
        return false;
    }

private:
    void key() { m_buffer.append(m_keys[m_cell++]); }

    // Hands the rows so far to the writing thread, once it is done with the ones before.
    bool flush() {
        if (!waitForWrite())
            return false;
        std::swap(m_buffer, m_writing);
        m_buffer.clear();
        m_write = std::async(std::launch::async,
                             [this] { return m_sink.write(m_writing.data(), m_writing.size()); });
        return true;
    }
    bool waitForWrite() {
        if (!m_write.valid())
            return !m_sink.failed();
        return m_write.get();
    }

    OutputSink& m_sink;
    Format m_format;
    const TidyExport::Progress& m_progress;
    RowBytes m_buffer;
    RowBytes m_writing; // being written, on m_write's thread
    std::future<bool> m_write;
    std::string m_prefix;
    std::string m_suffix;
    std::vector<std::string> m_keys;
    std::size_t m_cell = 0;
    std::int64_t m_rows = 0;
    bool m_stopped = false;
};

// The members that are throughput runs (Measured::runs): an ss log beside its run is that
// run's TCP state, and one beside no run is TCP state too, never flows to add up.
std::vector<std::size_t> throughputRuns(const std::vector<GroupMember>& members) {
    std::vector<std::size_t> indices(members.size());
    for (std::size_t i = 0; i < members.size(); ++i)
        indices[i] = i;
    const auto measured = Measured<std::size_t>::of(
        indices, [&members](std::size_t i) -> const Dataset& { return *members[i].dataset; });
    std::vector<std::size_t> runs;
    for (std::size_t i : measured.runs)
        if (members[i].dataset->kind == Dataset::Kind::Throughput)
            runs.push_back(i);
    return runs;
}

std::vector<std::size_t> latencyMembers(const std::vector<GroupMember>& members) {
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < members.size(); ++i)
        if (members[i].dataset->kind == Dataset::Kind::Latency)
            out.push_back(i);
    return out;
}

// The requests of a latency series in the order of their sequence numbers: its replies,
// lost requests, duplicates and ICMP errors merged.
class SampleMerge {
public:
    enum Status { Ok, Dup, Error, Lost, StatusCount };

    explicit SampleMerge(const LatencySeries& series) : m_series(series) {
        m_withSequence = series.sequence.size() == series.rttMs.size();
        m_sizes = {series.rttMs.size(), series.duplicateRttMs.size(), series.errorSequence.size(),
                   series.lostSequence.size()};
        for (int s = 0; s < StatusCount; ++s)
            refreshKey(static_cast<Status>(s));
    }

    std::int64_t count() const {
        return static_cast<std::int64_t>(m_sizes[Ok] + m_sizes[Dup] + m_sizes[Error] +
                                         m_sizes[Lost]);
    }

    // The next request's status and its index in its list; false when none is left.
    bool next(Status* status, std::size_t* index) {
        int best = -1;
        for (int s = 0; s < StatusCount; ++s)
            if (m_next[s] < m_sizes[s] && (best < 0 || m_keys[s] < m_keys[best]))
                best = s;
        if (best < 0)
            return false;
        *status = static_cast<Status>(best);
        *index = m_next[best]++;
        refreshKey(*status);
        return true;
    }

    std::optional<std::int64_t> sequence(Status status, std::size_t index) const {
        switch (status) {
        case Ok:
            if (!m_withSequence)
                return std::nullopt;
            return m_series.sequence[index];
        case Dup:
            if (index < m_series.duplicateSequence.size())
                return m_series.duplicateSequence[index];
            return std::nullopt;
        case Error:
            return m_series.errorSequence[index];
        case Lost:
            return m_series.lostSequence[index];
        case StatusCount:
            break;
        }
        return std::nullopt;
    }

private:
    // The key of each list's next request: its sequence number; replies without one come
    // first, in the order they arrived.
    void refreshKey(Status status) {
        if (m_next[status] < m_sizes[status])
            m_keys[status] =
                sequence(status, m_next[status]).value_or(std::numeric_limits<std::int64_t>::min());
    }

    const LatencySeries& m_series;
    bool m_withSequence = false;
    std::array<std::size_t, StatusCount> m_sizes{};
    std::array<std::size_t, StatusCount> m_next{};
    std::array<std::int64_t, StatusCount> m_keys{};
};

// What each member contributes to the rows: its run, file, label and metadata cells.
struct MemberCells {
    QStringList identity;
    QStringList metadata;
};

MemberCells cellsOf(const std::vector<GroupMember>& members, const std::vector<QString>& runs,
                    const MetadataColumns& columns, std::size_t i) {
    MemberCells cells;
    cells.identity = {runs[i], members[i].dataset->sourceFile, labelOf(members[i])};
    for (const QString& key : columns.keys)
        cells.metadata << DatasetGroups::valuesOf(members[i], key).join(QLatin1Char(';'));
    return cells;
}

void writeSamples(RowWriter& rows, const std::vector<GroupMember>& members,
                  const std::vector<QString>& runs, const MetadataColumns& columns) {
    static const std::array<const char*, SampleMerge::StatusCount> kStatusNames = {"ok", "dup",
                                                                                   "error", "lost"};
    std::array<std::string, SampleMerge::StatusCount> statuses;
    for (std::size_t i : latencyMembers(members)) {
        const MemberCells cells = cellsOf(members, runs, columns, i);
        rows.setDataset(cells.identity, columns.names, cells.metadata,
                        tableColumns(Table::Samples));
        const LatencySeries& series = members[i].dataset->latency;
        SampleMerge merge(series);
        for (int s = 0; s < SampleMerge::StatusCount; ++s)
            statuses[static_cast<std::size_t>(s)] = encodedText(
                rows.format(), QLatin1String(kStatusNames[static_cast<std::size_t>(s)]));
        SampleMerge::Status status;
        std::size_t index = 0;
        while (merge.next(&status, &index)) {
            rows.beginRow();
            rows.optional(merge.sequence(status, index));
            if (status == SampleMerge::Ok && series.hasTimestamps())
                rows.number(series.timestamps[index]);
            else
                rows.empty();
            if (status == SampleMerge::Ok)
                rows.number(series.rttMs[index]);
            else if (status == SampleMerge::Dup)
                rows.number(series.duplicateRttMs[index]);
            else
                rows.empty();
            rows.encoded(statuses[static_cast<std::size_t>(status)]);
            // No format Wirebench reads measures one-way delays yet: always unknown.
            rows.empty();
            rows.empty();
            if (!rows.endRow())
                return;
        }
    }
}

void writeIntervals(RowWriter& rows, const std::vector<GroupMember>& members,
                    const std::vector<QString>& runs, const MetadataColumns& columns) {
    for (std::size_t i : throughputRuns(members)) {
        const MemberCells cells = cellsOf(members, runs, columns, i);
        rows.setDataset(cells.identity, columns.names, cells.metadata,
                        tableColumns(Table::Intervals));
        for (const Flow& flow : members[i].dataset->flows.flows) {
            const std::string id = encodedText(rows.format(), flow.id);
            const std::string direction = encodedText(rows.format(), flow.direction);
            for (const FlowInterval& interval : flow.intervals) {
                rows.beginRow();
                rows.encoded(id);
                rows.encoded(direction);
                rows.number(interval.start);
                rows.number(interval.end);
                rows.number(interval.bytes);
                rows.number(interval.bitsPerSecond);
                rows.optional<double>(interval.cwndBytes);
                rows.optional<double>(interval.rttMs);
                rows.optional<double>(interval.rttvarMs);
                rows.optional<std::int64_t>(interval.retransmits);
                rows.optional<double>(interval.jitterMs);
                rows.optional<std::int64_t>(interval.lostDatagrams);
                rows.optional<std::int64_t>(interval.totalDatagrams);
                if (!rows.endRow())
                    return;
            }
        }
    }
}

void writeFlows(RowWriter& rows, const std::vector<GroupMember>& members,
                const std::vector<QString>& runs, const MetadataColumns& columns) {
    for (std::size_t i : throughputRuns(members)) {
        const MemberCells cells = cellsOf(members, runs, columns, i);
        rows.setDataset(cells.identity, columns.names, cells.metadata, tableColumns(Table::Flows));
        const FlowSeries& series = members[i].dataset->flows;
        const FlowStatistics stats = FlowStatistics::of(series);
        for (std::size_t f = 0; f < stats.flows.size(); ++f) {
            const FlowStatistics::PerFlow& flow = stats.flows[f];
            rows.beginRow();
            rows.encoded(encodedText(rows.format(), flow.id));
            rows.encoded(encodedText(rows.format(), series.flows[f].direction));
            rows.number(flow.totals.bytes);
            rows.number(flow.totals.seconds);
            rows.number(flow.totals.bitsPerSecond);
            rows.optional(flow.jitterMs);
            rows.optional(flow.lost);
            rows.optional(flow.totalDatagrams);
            rows.optional(flow.lossPercent);
            if (!rows.endRow())
                return;
        }
    }
}

// The runs RunValues makes of the members, each with the index of its first measurement.
struct RunOfMembers {
    MeasuredRun run;
    std::size_t first = 0;
};

std::vector<RunOfMembers> runsOf(const std::vector<GroupMember>& members) {
    std::vector<const Dataset*> datasets;
    std::unordered_map<const Dataset*, std::size_t> indexOf;
    for (std::size_t i = 0; i < members.size(); ++i) {
        datasets.push_back(members[i].dataset);
        indexOf.emplace(members[i].dataset, i);
    }
    std::vector<RunOfMembers> out;
    for (MeasuredRun& run : RunValues::runs(datasets)) {
        const Dataset* first =
            run.measurements.empty() ? run.datasets.front() : run.measurements.front();
        out.push_back({std::move(run), indexOf.at(first)});
    }
    return out;
}

// Each run's figures: RunValues::of over the run's own datasets, so a step counts once and
// its ss samples are its flows' TCP state.
void writeRuns(RowWriter& rows, const std::vector<GroupMember>& members,
               const std::vector<QString>& runs, const MetadataColumns& columns) {
    std::unordered_map<const Dataset*, std::size_t> indexOf;
    for (std::size_t i = 0; i < members.size(); ++i)
        indexOf.emplace(members[i].dataset, i);
    for (const RunOfMembers& run : runsOf(members)) {
        QStringList labels;
        for (const Dataset* dataset : run.run.measurements)
            labels << labelOf(members[indexOf.at(dataset)]);
        if (labels.isEmpty())
            labels << labelOf(members[run.first]);
        QStringList metadata;
        for (const QString& key : columns.keys)
            metadata << DatasetGroups::stepValues(members, run.first, key).join(QLatin1Char(';'));
        // A concurrent step's members are several logs: its run names it, no file does.
        const QString file =
            run.run.concurrent() ? QString() : members[run.first].dataset->sourceFile;
        rows.setDataset({runs[run.first], file, labels.join(QStringLiteral(" + "))}, columns.names,
                        metadata, tableColumns(Table::Runs));
        for (const RunStatistic& statistic : RunValues::of(run.run.datasets)) {
            for (double value : statistic.values) {
                rows.beginRow();
                rows.encoded(encodedText(rows.format(), statistic.name));
                rows.number(value);
                if (!rows.endRow())
                    return;
            }
        }
    }
}

} // namespace

bool TidyExport::parseTable(const QString& name, Table* table) {
    for (Table t : {Table::Samples, Table::Intervals, Table::Flows, Table::Runs})
        if (name == tableName(t)) {
            *table = t;
            return true;
        }
    return false;
}

bool TidyExport::parseFormat(const QString& name, Format* format) {
    if (name == QLatin1String("csv"))
        *format = Format::Csv;
    else if (name == QLatin1String("jsonl"))
        *format = Format::Jsonl;
    else
        return false;
    return true;
}

QString TidyExport::tableName(Table table) {
    switch (table) {
    case Table::Samples:
        return QStringLiteral("samples");
    case Table::Intervals:
        return QStringLiteral("intervals");
    case Table::Flows:
        return QStringLiteral("flows");
    case Table::Runs:
        return QStringLiteral("runs");
    }
    return {};
}

QStringList TidyExport::columns(Table table, const std::vector<GroupMember>& members) {
    return kIdentityColumns + tableColumns(table) + MetadataColumns::of(members, table).names;
}

std::int64_t TidyExport::rowCount(Table table, const std::vector<GroupMember>& members) {
    std::int64_t rows = 0;
    switch (table) {
    case Table::Samples:
        for (std::size_t i : latencyMembers(members))
            rows += SampleMerge(members[i].dataset->latency).count();
        break;
    case Table::Intervals:
        for (std::size_t i : throughputRuns(members))
            for (const Flow& flow : members[i].dataset->flows.flows)
                rows += static_cast<std::int64_t>(flow.intervals.size());
        break;
    case Table::Flows:
        for (std::size_t i : throughputRuns(members))
            rows += static_cast<std::int64_t>(members[i].dataset->flows.flows.size());
        break;
    case Table::Runs:
        for (const RunOfMembers& run : runsOf(members))
            for (const RunStatistic& statistic : RunValues::of(run.run.datasets))
                rows += static_cast<std::int64_t>(statistic.values.size());
        break;
    }
    return rows;
}

bool TidyExport::write(OutputSink& sink, Table table, Format format,
                       const std::vector<GroupMember>& members, const Progress& progress,
                       QString* why) {
    const MetadataColumns metadata = MetadataColumns::of(members, table);
    const std::vector<QString> runs = runNames(members);
    RowWriter rows(sink, format, progress);
    rows.header(kIdentityColumns + tableColumns(table) + metadata.names);
    switch (table) {
    case Table::Samples:
        writeSamples(rows, members, runs, metadata);
        break;
    case Table::Intervals:
        writeIntervals(rows, members, runs, metadata);
        break;
    case Table::Flows:
        writeFlows(rows, members, runs, metadata);
        break;
    case Table::Runs:
        writeRuns(rows, members, runs, metadata);
        break;
    }
    return rows.finish(why);
}

} // namespace wb
