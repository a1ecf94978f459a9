#include "DatasetGroups.h"

#include "ConfiguredValue.h"

#include "LoadTimeline.h"
#include "Measured.h"
#include "RunValues.h"
#include "model/NaturalOrder.h"

#include <algorithm>
#include <functional>
#include <map>
#include <numeric>
#include <optional>
#include <unordered_set>

namespace wb {

namespace {

const QLatin1String kParameterPrefix("parameters.");
const QLatin1String kTagPrefix("tag.");

// A positive number as a key's value ("10", "0.2"), empty when unknown (0).
QString positive(double value) {
    return value > 0 ? QString::number(value, 'g', 12) : QString();
}

// The RunInfo fields by key; one table serves the key list, the lookup and the fields a
// dataset lists (DatasetGroups::logFields).
const std::vector<std::pair<QString, std::function<QString(const Dataset&)>>>& infoFields() {
    static const std::vector<std::pair<QString, std::function<QString(const Dataset&)>>> fields{
        {"tool", [](const Dataset& d) { return d.info.tool; }},
        {"dialect", [](const Dataset& d) { return d.info.dialect; }},
        {"version", [](const Dataset& d) { return d.info.version; }},
        {"target", [](const Dataset& d) { return d.info.target; }},
        {"protocol", [](const Dataset& d) { return d.info.protocol; }},
        {"role", [](const Dataset& d) { return d.info.role; }},
        {"direction", [](const Dataset& d) { return d.info.direction; }},
        {"streams",
         [](const Dataset& d) {
             // A throughput log that does not print -P still shows its flows.
             if (d.info.streams > 0)
                 return QString::number(d.info.streams);
             if (d.kind == Dataset::Kind::Throughput && !d.flows.flows.empty())
                 return QString::number(d.flows.flows.size());
             return QString();
         }},
        {"congestion_control", [](const Dataset& d) { return d.info.congestionControl; }},
        {"duration", [](const Dataset& d) { return positive(d.info.durationSeconds); }},
        {"interval", [](const Dataset& d) { return positive(d.info.intervalSeconds); }},
        {"packet_size",
         [](const Dataset& d) {
             return d.info.packetBytes >= 0 ? QString::number(d.info.packetBytes) : QString();
         }},
        {"ping_interval", [](const Dataset& d) { return positive(d.info.pingIntervalSeconds); }},
        {"host", [](const Dataset& d) { return d.info.host; }},
        {"kernel", [](const Dataset& d) { return d.info.kernel; }},
        {"command_line", [](const Dataset& d) { return d.info.commandLine; }},
        {"kind",
         [](const Dataset& d) {
             return d.kind == Dataset::Kind::Latency ? QStringLiteral("latency")
                                                     : QStringLiteral("throughput");
         }},
    };
    return fields;
}

// Numbers in ascending order that lie within 5 % of each other: the lengths of runs of one -t
// as their logs show them (60 s, and 61 s where the last slow datagram left late).
bool closeNumbers(const QStringList& ascending) {
    const double first = ascending.front().toDouble();
    const double last = ascending.back().toDouble();
    return first > 0 && last - first <= 0.05 * last;
}

} // namespace

QStringList DatasetGroups::mixes(const std::vector<GroupMember>& members, const QString& groupKey) {
    // An ss log beside the run of its step is that run's TCP state, not a run made otherwise.
    std::vector<const Dataset*> datasets;
    for (const GroupMember& member : members)
        datasets.push_back(member.dataset);
    const std::vector<const Dataset*> kept = RunValues::measurements(datasets);
    const std::unordered_set<const Dataset*> measured(kept.begin(), kept.end());
    std::vector<GroupMember> runs;
    for (const GroupMember& member : members)
        if (measured.count(member.dataset))
            runs.push_back(member);
    using Phrase = std::function<QString(const QStringList&)>;
    const auto plain = [](const QString& what) -> Phrase {
        return [what](const QStringList& values) {
            return QStringLiteral("%1 %2").arg(what, values.join(QStringLiteral(" and ")));
        };
    };
    const auto withUnit = [](const QString& what, const QString& unit) -> Phrase {
        return [what, unit](QStringList values) {
            for (QString& v : values)
                v.append(unit);
            return what + values.join(QStringLiteral(" and "));
        };
    };
    // The keys whose differences change a result; the report interval only changes how the
    // result is sampled, the host facts and version rarely matter alone.
    std::vector<std::pair<QString, Phrase>> keys{
        {"tool", plain(QStringLiteral("tools"))},
        {"protocol", plain(QStringLiteral("protocols"))},
        {"role", plain(QStringLiteral("roles"))},
        {"direction", plain(QStringLiteral("directions"))},
        {"streams",
         [](QStringList values) {
             for (QString& v : values)
                 v.prepend(QStringLiteral("-P "));
             return values.join(QStringLiteral(" and ")) + QStringLiteral(" runs");
         }},
        {"target", plain(QStringLiteral("targets"))},
        {"congestion_control", plain(QStringLiteral("congestion control"))},
        {"duration", withUnit(QStringLiteral("durations "), QStringLiteral(" s"))},
        {"packet_size", withUnit(QStringLiteral("packet sizes "), QStringLiteral(" bytes"))},
        {"ping_interval", withUnit(QStringLiteral("ping intervals "), QStringLiteral(" s"))},
    };
    // Plan parameters, from the runs' sidecars or set by the user; one named as a fact above
    // (a plan's "streams") is that fact, said once.
    const auto isFact = [&keys](const QString& name) {
        return std::any_of(keys.begin(), keys.end(),
                           [&](const auto& key) { return key.first == name; });
    };
    QStringList parameters;
    const auto noteParameter = [&](const QString& name) {
        if (!parameters.contains(name) && name != QLatin1String("repetition") &&
            name != QLatin1String("step") && name != QLatin1String("member") && !isFact(name))
            parameters << name;
    };
    for (const GroupMember& run : runs) {
        for (auto it = run.dataset->info.parameters.begin();
             it != run.dataset->info.parameters.end(); ++it)
            noteParameter(it.key());
        for (auto it = run.metadata.begin(); it != run.metadata.end(); ++it)
            if (it.key().startsWith(kParameterPrefix))
                noteParameter(it.key().mid(kParameterPrefix.size()));
    }
    parameters.sort();
    for (const QString& name : parameters)
        keys.emplace_back(kParameterPrefix + name, plain(QStringLiteral("parameter ") + name));
    const QString shared = canonicalKey(groupKey);
    QStringList out;
    for (const auto& [key, phrase] : keys) {
        if (key == shared)
            continue;
        QStringList values;
        for (std::size_t i = 0; i < runs.size(); ++i)
            for (const QString& value : stepValues(runs, i, key))
                if (!values.contains(value))
                    values << value;
        std::sort(values.begin(), values.end(), &NaturalOrder::less);
        if (values.size() < 2 || (key == QLatin1String("duration") && closeNumbers(values)))
            continue;
        out << phrase(values);
    }
    // A run Wirebench recorded whose sidecar says it did not end as planned (killed,
    // cancelled, failed) has valid samples, so it stays in the pool, but it is shorter than
    // its siblings and may be cut mid-transient: the pool says so.
    QStringList unfinished;
    for (const GroupMember& run : runs) {
        const QString status = run.dataset->info.extra.value(QStringLiteral("run_status"));
        if (status.isEmpty() || status == QLatin1String("completed"))
            continue;
        const QString label = run.label.isEmpty() ? run.dataset->label : run.label;
        const QString named = QStringLiteral("%1 (%2)").arg(label, status);
        if (!unfinished.contains(named))
            unfinished << named;
    }
    if (!unfinished.isEmpty())
        out << (unfinished.size() == 1
                    ? QStringLiteral("a run that did not complete: %1")
                    : QStringLiteral("%1 runs that did not complete: %2").arg(unfinished.size()))
                   .arg(unfinished.join(QStringLiteral(", ")));
    return out;
}

QStringList DatasetGroups::mixes(const std::vector<const Dataset*>& runs, const QString& groupKey) {
    std::vector<GroupMember> members;
    for (const Dataset* run : runs)
        members.push_back({run, {}, {}, {}});
    return mixes(members, groupKey);
}

QStringList DatasetGroups::mixes(const std::vector<GroupMember>& members,
                                 const DatasetGroup& group) {
    std::vector<GroupMember> runs;
    for (std::size_t i : group.members)
        runs.push_back(members[i]);
    return mixes(runs, group.key);
}

QString DatasetGroups::mixWarning(const QString& groupName, const QStringList& mixes) {
    return mixes.isEmpty()
               ? QString()
               : QStringLiteral("%1: pools %2").arg(groupName, mixes.join(QStringLiteral("; ")));
}

std::vector<std::pair<QString, QString>> DatasetGroups::logFields(const Dataset& dataset) {
    std::vector<std::pair<QString, QString>> fields;
    for (const auto& [key, valueOf] : infoFields())
        if (QString value = valueOf(dataset); !value.isEmpty())
            fields.emplace_back(key, std::move(value));
    for (auto it = dataset.info.parameters.begin(); it != dataset.info.parameters.end(); ++it)
        if (!it.value().isEmpty())
            fields.emplace_back(kParameterPrefix + it.key(), it.value());
    return fields;
}

QString DatasetGroup::name() const {
    if (!value.isEmpty())
        return key + QLatin1Char('=') + value;
    // Named for what its members lack: "(none)" read as one more value of the key.
    return key == QLatin1String("tag") ? QStringLiteral("no tag")
                                       : key + QStringLiteral(" not recorded");
}

QString DatasetGroups::canonicalKey(const QString& key) {
    QString k = key.trimmed();
    if (!k.startsWith(kParameterPrefix) && !k.startsWith(kTagPrefix))
        k = k.toLower().replace(QLatin1Char('-'), QLatin1Char('_'));
    return k;
}

QStringList DatasetGroups::fixedKeys() {
    QStringList keys;
    for (const auto& field : infoFields())
        keys << field.first;
    keys << QStringLiteral("label") << QStringLiteral("tag");
    return keys;
}

bool DatasetGroups::isKey(const QString& key) {
    const QString k = canonicalKey(key);
    if (k.startsWith(kParameterPrefix) || k.startsWith(kTagPrefix))
        return k.size() > (k.startsWith(kTagPrefix) ? kTagPrefix.size() : kParameterPrefix.size());
    return fixedKeys().contains(k);
}

QStringList DatasetGroups::valuesOf(const GroupMember& member, const QString& key) {
    const QString k = canonicalKey(key);
    const Dataset& dataset = *member.dataset;
    QStringList values;
    const auto userValue = member.metadata.constFind(k);
    if (userValue != member.metadata.constEnd()) {
        values << *userValue;
    } else if (k == QLatin1String("tag")) {
        values = member.tags;
    } else if (k.startsWith(kTagPrefix)) {
        const QString prefix = k.mid(kTagPrefix.size()) + QLatin1Char('=');
        for (const QString& tag : member.tags)
            if (tag.startsWith(prefix))
                values << tag.mid(prefix.size());
    } else if (k.startsWith(kParameterPrefix)) {
        values << dataset.info.parameters.value(k.mid(kParameterPrefix.size()));
    } else if (k == QLatin1String("label")) {
        values << (member.label.isEmpty() ? dataset.label : member.label);
    } else {
        for (const auto& [name, valueOf] : infoFields())
            if (name == k)
                values << valueOf(dataset);
    }
    values.removeAll(QString());
    values.removeDuplicates();
    return values;
}

namespace {

// The datasets of the step members[index] belongs to (only that member outside a step).
std::vector<const Dataset*> stepDatasets(const std::vector<GroupMember>& members,
                                         std::size_t index) {
    const QString step = LoadTimeline::stepOf(*members[index].dataset);
    if (step.isEmpty())
        return {members[index].dataset};
    std::vector<const Dataset*> datasets;
    for (const GroupMember& member : members)
        if (LoadTimeline::stepOf(*member.dataset) == step)
            datasets.push_back(member.dataset);
    return datasets;
}

} // namespace

DatasetGroups::RunKind DatasetGroups::runKindOf(const std::vector<GroupMember>& members,
                                                std::size_t index) {
    const std::vector<const Dataset*> measured =
        RunValues::measurements(stepDatasets(members, index));
    const auto any = [&](Dataset::Kind kind) {
        return std::any_of(measured.begin(), measured.end(),
                           [kind](const Dataset* d) { return d->kind == kind; });
    };
    if (any(Dataset::Kind::Latency) && any(Dataset::Kind::Throughput))
        return RunKind::LoadStep;
    return any(Dataset::Kind::Latency) ? RunKind::Latency : RunKind::Throughput;
}

std::vector<GroupMember> DatasetGroups::ofRunKind(const std::vector<GroupMember>& members,
                                                  RunKind kind) {
    std::vector<GroupMember> out;
    for (std::size_t i = 0; i < members.size(); ++i)
        if (runKindOf(members, i) == kind)
            out.push_back(members[i]);
    return out;
}

QString DatasetGroups::runKindName(RunKind kind) {
    switch (kind) {
    case RunKind::Latency:
        return QStringLiteral("latency");
    case RunKind::Throughput:
        return QStringLiteral("throughput");
    case RunKind::LoadStep:
        break;
    }
    return QStringLiteral("latency under load");
}

QStringList DatasetGroups::stepValues(const std::vector<GroupMember>& members, std::size_t index,
                                      const QString& key) {
    const QString step = LoadTimeline::stepOf(*members[index].dataset);
    if (step.isEmpty())
        return valuesOf(members[index], key);
    if (canonicalKey(key) == QLatin1String("kind") &&
        !members[index].metadata.contains(QStringLiteral("kind")))
        return {runKindName(runKindOf(members, index))};
    // The step's measurements say what it was; its ss sampler only where none of them
    // says (an iperf3 log that does not print its congestion control).
    std::vector<const Dataset*> datasets;
    for (const GroupMember& member : members)
        if (LoadTimeline::stepOf(*member.dataset) == step)
            datasets.push_back(member.dataset);
    const std::vector<const Dataset*> measured = RunValues::measurements(datasets);
    for (bool measurements : {true, false}) {
        std::optional<QStringList> agreed;
        for (const GroupMember& member : members) {
            if (LoadTimeline::stepOf(*member.dataset) != step ||
                (std::find(measured.begin(), measured.end(), member.dataset) != measured.end()) !=
                    measurements)
                continue;
            const QStringList values = valuesOf(member, key);
            if (values.isEmpty())
                continue;
            if (!agreed) {
                agreed = values;
                continue;
            }
            QStringList kept;
            for (const QString& value : *agreed)
                if (values.contains(value))
                    kept << value;
            agreed = kept;
        }
        if (agreed)
            return *agreed;
    }
    return {};
}

std::vector<DatasetGroup> DatasetGroups::group(const std::vector<GroupMember>& members,
                                               const QString& key) {
    std::map<QString, std::vector<std::size_t>, bool (*)(const QString&, const QString&)> byValue(
        &NaturalOrder::less);
    std::vector<std::size_t> withoutValue;
    for (std::size_t i = 0; i < members.size(); ++i) {
        const QStringList values = stepValues(members, i, key);
        if (values.isEmpty())
            withoutValue.push_back(i);
        for (const QString& value : values)
            byValue[value].push_back(i);
    }
    std::vector<DatasetGroup> groups;
    const QString k = canonicalKey(key);
    for (auto& [value, indices] : byValue)
        groups.push_back({k, value, std::move(indices)});
    // Values that are all numbers with units (a swept loss, delay or rate: "0.125", "0.5";
    // "500K", "1M") in the order of their numbers, not of their text.
    std::vector<std::optional<ConfiguredValue>> numbers;
    for (const DatasetGroup& g : groups)
        numbers.push_back(ConfiguredValue::parse(k, g.value));
    if (!groups.empty() &&
        std::all_of(numbers.begin(), numbers.end(), [](const auto& n) { return n.has_value(); })) {
        std::vector<std::size_t> order(groups.size());
        std::iota(order.begin(), order.end(), std::size_t{0});
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
            return numbers[a]->value < numbers[b]->value;
        });
        std::vector<DatasetGroup> sorted;
        for (std::size_t i : order)
            sorted.push_back(std::move(groups[i]));
        groups = std::move(sorted);
    }
    if (!withoutValue.empty())
        groups.push_back({k, QString(), std::move(withoutValue)});
    return groups;
}

bool DatasetGroups::sameKind(const std::vector<const Dataset*>& datasets) {
    return std::all_of(datasets.begin(), datasets.end(),
                       [&](const Dataset* d) { return d->kind == datasets.front()->kind; });
}

namespace {

// Keeps a field of the pooled RunInfo only when every member has the same value.
template <typename T> void keepCommon(T* pooled, const T& value, bool first) {
    if (first)
        *pooled = value;
    else if (!(*pooled == value))
        *pooled = T();
}

void keepCommonEntries(QMap<QString, QString>* pooled, const QMap<QString, QString>& map,
                       bool first) {
    if (first) {
        *pooled = map;
        return;
    }
    for (auto it = pooled->begin(); it != pooled->end();) {
        const auto other = map.constFind(it.key());
        it = other != map.constEnd() && *other == it.value() ? std::next(it) : pooled->erase(it);
    }
}

void mergeInfo(RunInfo* pooled, const RunInfo& info, bool first) {
    keepCommon(&pooled->tool, info.tool, first);
    keepCommon(&pooled->dialect, info.dialect, first);
    keepCommon(&pooled->target, info.target, first);
    keepCommon(&pooled->protocol, info.protocol, first);
    keepCommon(&pooled->role, info.role, first);
    keepCommon(&pooled->streams, info.streams, first);
    keepCommon(&pooled->congestionControl, info.congestionControl, first);
    keepCommon(&pooled->direction, info.direction, first);
    keepCommon(&pooled->durationSeconds, info.durationSeconds, first);
    keepCommon(&pooled->intervalSeconds, info.intervalSeconds, first);
    keepCommon(&pooled->packetBytes, info.packetBytes, first);
    keepCommon(&pooled->pingIntervalSeconds, info.pingIntervalSeconds, first);
    keepCommon(&pooled->version, info.version, first);
    keepCommon(&pooled->start, info.start, first);
    keepCommon(&pooled->commandLine, info.commandLine, first);
    keepCommon(&pooled->host, info.host, first);
    keepCommon(&pooled->kernel, info.kernel, first);
    keepCommonEntries(&pooled->parameters, info.parameters, first);
    keepCommonEntries(&pooled->extra, info.extra, first);
}

} // namespace

std::vector<const Dataset*> DatasetGroups::runsOf(const std::vector<GroupMember>& members,
                                                  const DatasetGroup& group) {
    std::vector<const Dataset*> runs;
    for (std::size_t member : group.members)
        runs.push_back(members[member].dataset);
    return runs;
}

Dataset DatasetGroups::pool(const std::vector<const Dataset*>& runs, const QString& label) {
    // An ss log is no run's flows: pooled only where there is nothing else to pool.
    const Measured<const Dataset*> measured = Measured<const Dataset*>::of(
        runs, [](const Dataset* run) -> const Dataset& { return *run; });
    const std::vector<const Dataset*>& datasets =
        measured.runs.empty() ? measured.samplers : measured.runs;
    Dataset pooled;
    pooled.label = label;
    if (datasets.empty())
        return pooled;
    pooled.kind = datasets.front()->kind;
    for (std::size_t i = 0; i < datasets.size(); ++i) {
        const Dataset& d = *datasets[i];
        mergeInfo(&pooled.info, d.info, i == 0);
        if (pooled.kind == Dataset::Kind::Latency) {
            // Samples only: sequence numbers and timestamps of different runs do not mix.
            pooled.latency.rttMs.insert(pooled.latency.rttMs.end(), d.latency.rttMs.begin(),
                                        d.latency.rttMs.end());
            pooled.latency.duplicateRttMs.insert(pooled.latency.duplicateRttMs.end(),
                                                 d.latency.duplicateRttMs.begin(),
                                                 d.latency.duplicateRttMs.end());
        } else {
            for (Flow flow : d.flows.flows) {
                flow.id = d.label + QLatin1Char('/') + flow.id;
                pooled.flows.flows.push_back(std::move(flow));
            }
        }
    }
    return pooled;
}

} // namespace wb
