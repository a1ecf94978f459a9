#include "report/TidyExport.h"

#include "report/TidyExportRows.h"
#include "stats/FlowStatistics.h"
#include "stats/LoadTimeline.h"
#include "stats/Measured.h"
#include "stats/RunValues.h"

#include <QMap>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <set>
#include <string>
#include <unordered_map>

namespace wb {

namespace {

using Format = TidyExport::Format;
using Table = TidyExport::Table;
using tidy::encodedText;
using tidy::RowWriter;

const QStringList kIdentityColumns{"run", "file", "label"};

QStringList tableColumns(Table table) {
    switch (table) {
    case Table::Samples:
        return {"seq",           "time_s",           "rtt_ms",        "status",
                "send_delay_ms", "receive_delay_ms", "lost_direction"};
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
// lost requests, duplicates, ICMP errors and damaged replies merged. A request with several
// facts has a row for each, in the order of Status (a reply with a bad checksum answers no
// request: "damaged", then "lost").
class SampleMerge {
public:
    enum Status { Ok, Dup, Error, Damaged, Lost, StatusCount };

    explicit SampleMerge(const LatencySeries& series) : m_series(series) {
        m_withSequence = series.sequence.size() == series.rttMs.size();
        m_sizes = {series.rttMs.size(), series.duplicateRttMs.size(), series.errorSequence.size(),
                   std::min(series.damagedSequence.size(), series.damagedRttMs.size()),
                   series.lostSequence.size()};
        for (int s = 0; s < StatusCount; ++s)
            refreshKey(static_cast<Status>(s));
    }

    std::int64_t count() const {
        return static_cast<std::int64_t>(m_sizes[Ok] + m_sizes[Dup] + m_sizes[Error] +
                                         m_sizes[Damaged] + m_sizes[Lost]);
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
        case Damaged:
            return m_series.damagedSequence[index];
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
    static const std::array<const char*, SampleMerge::StatusCount> kStatusNames = {
        "ok", "dup", "error", "damaged", "lost"};
    std::array<std::string, SampleMerge::StatusCount> statuses;
    const std::string up = encodedText(rows.format(), QStringLiteral("up"));
    const std::string down = encodedText(rows.format(), QStringLiteral("down"));
    for (std::size_t i : latencyMembers(members)) {
        const MemberCells cells = cellsOf(members, runs, columns, i);
        rows.setDataset(kIdentityColumns, cells.identity, columns.names, cells.metadata,
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
            else if (status == SampleMerge::Damaged && !std::isnan(series.damagedRttMs[index]))
                rows.number(series.damagedRttMs[index]);
            else
                rows.empty();
            rows.encoded(statuses[static_cast<std::size_t>(status)]);
            // One-way delays where the tool measured them (irtt), of a reply only.
            for (const std::vector<double>* delays : {&series.sendDelayMs, &series.receiveDelayMs})
                if (status == SampleMerge::Ok && delays->size() == series.rttMs.size() &&
                    !std::isnan((*delays)[index]))
                    rows.number((*delays)[index]);
                else
                    rows.empty();
            // Which way a loss went, where the tool told it (irtt); the lists are ascending.
            const std::optional<std::int64_t> seq = merge.sequence(status, index);
            const auto listed = [&seq](const std::vector<std::int64_t>& ascending) {
                return std::binary_search(ascending.begin(), ascending.end(), *seq);
            };
            if (status == SampleMerge::Lost && seq && listed(series.lostUpSequence))
                rows.encoded(up);
            else if (status == SampleMerge::Lost && seq && listed(series.lostDownSequence))
                rows.encoded(down);
            else
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
        rows.setDataset(kIdentityColumns, cells.identity, columns.names, cells.metadata,
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
        rows.setDataset(kIdentityColumns, cells.identity, columns.names, cells.metadata,
                        tableColumns(Table::Flows));
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
        rows.setDataset(kIdentityColumns,
                        {runs[run.first], file, labels.join(QStringLiteral(" + "))}, columns.names,
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
