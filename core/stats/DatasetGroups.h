#pragma once

#include "model/Dataset.h"

#include <QMap>
#include <QString>
#include <QStringList>

#include <vector>

namespace wb {

// A dataset as grouping sees it: the data plus the user's tags (the CLI has none; the GUI
// has DatasetEntry::tags, a workspace WorkspaceDataset::tags) and the metadata the user set.
// The label used is dataset->label, so callers pass the user's label there (or via `label`
// when it differs).
struct GroupMember {
    const Dataset* dataset = nullptr;
    QStringList tags;
    QString label; // empty = dataset->label
    // Values the user set, by key ("congestion_control" -> "cubic"): they take the place of
    // what the log says for that key, and may name keys the log has no field for.
    QMap<QString, QString> metadata;
};

// One group: the value of the key its members share, and which members (indices into the
// list given to DatasetGroups::group) belong to it.
struct DatasetGroup {
    QString key;
    QString value; // empty when the members do not say
    std::vector<std::size_t> members;

    // "congestion_control=cubic"; for the members without a value what they lack,
    // "congestion_control not recorded" ("no tag" for the members without tags).
    QString name() const;
};

// Groups datasets by what a run was (RunInfo, plan parameters) or by the user's tags, and
// pools a group into one dataset so every statistic applies to it unchanged.
//
// The members of one concurrent step of a plan (LoadTimeline::stepOf: a ping beside flows up
// and down, the ss sampler of their sockets) are one run: they are grouped together, by the
// values they agree on (stepValues), and compared with other runs as one.
class DatasetGroups {
public:
    // The kind of run a member belongs to, which decides the table it is in: the members of a
    // step with a latency and a throughput measurement make a latency-under-load run; any
    // other member is of its dataset's kind.
    enum class RunKind { Latency, Throughput, LoadStep };
    static RunKind runKindOf(const std::vector<GroupMember>& members, std::size_t index);
    // The members of one kind of run, in order.
    static std::vector<GroupMember> ofRunKind(const std::vector<GroupMember>& members,
                                              RunKind kind);
    // "latency", "throughput", "latency under load": the value of the key `kind` for a run.
    static QString runKindName(RunKind kind);

    // The keys grouping understands: tool, dialect, version, target, protocol, role,
    // direction (upload, download, bidir), streams, congestion_control, duration (s),
    // interval (report interval, s), packet_size (payload bytes), ping_interval (s), host,
    // kernel, command_line, kind, label, tag; plus parameters.NAME (any plan parameter) and
    // tag.NAME (a tag written "NAME=VALUE").
    static QStringList fixedKeys();
    static bool isKey(const QString& key);
    // A key as the table spells it: "Congestion-Control" is "congestion_control"; the NAME
    // of parameters.NAME and tag.NAME is kept as written. GroupMember::metadata is keyed so.
    static QString canonicalKey(const QString& key);

    // What the log (and a run's sidecar) says of a dataset, by key in the order of
    // fixedKeys(), then parameters.NAME in order of name; keys without a value are left out.
    // The values are those valuesOf gives when the user set none.
    static std::vector<std::pair<QString, QString>> logFields(const Dataset& dataset);

    // The member's values for `key`: the user's value when it set one, else the log's; one
    // value, except for `tag`, where each tag is a value. Empty when the member has none.
    static QStringList valuesOf(const GroupMember& member, const QString& key);
    // The values of the run members[index] belongs to: valuesOf for a member outside any
    // step; for a step's member, the values every measurement of the step (not its ss
    // sampler) that has a value for the key has, else those its samplers agree on (the ping
    // of a cubic step, which has no congestion control of its own, is in
    // congestion_control=cubic; a step of flows up and down has no direction; a step of an
    // iperf3 run and its ss log has tool iperf3), and for `kind` the step's run kind.
    static QStringList stepValues(const std::vector<GroupMember>& members, std::size_t index,
                                  const QString& key);

    // Groups in ascending order of value (natural order: "P2" before "P10"; values that are all
    // numbers with units, ConfiguredValue, by number: "0.125" before "0.5"); a member with
    // several values (several tags) is in each of their groups; members without a value form
    // one group with an empty value, last. A step's members are grouped by stepValues, so
    // they stay together.
    static std::vector<DatasetGroup> group(const std::vector<GroupMember>& members,
                                           const QString& key);

    // One dataset holding every sample (latency: all RTTs concatenated in member order) or
    // every flow (throughput: flow ids prefixed with the member's label) of the members.
    // RunInfo keeps each field the members agree on. All members must be of one kind
    // (sameKind); empty input gives an empty latency dataset. An ss log recorded beside a
    // run of the list is that run's flows' TCP state (RunValues::measurements), and no ss log
    // is a run's flows: ss logs are pooled only when there is no run among the datasets.
    static Dataset pool(const std::vector<const Dataset*>& datasets, const QString& label);
    // The datasets of a group's members, one per run.
    static std::vector<const Dataset*> runsOf(const std::vector<GroupMember>& members,
                                              const DatasetGroup& group);

    // What the runs of one group differ in that changes a result, one phrase each ("-P 30 and
    // -P 4 runs", "protocols tcp and udp", "durations 10 s and 60 s", "parameter rate 20mbit
    // and 50mbit"); empty when they agree. Values are those valuesOf gives (the user's where
    // set; a step's, stepValues). Runs that do not say are not counted as differing; groupKey (what
    // the group shares anyway) and a plan's repetition, step and member are left out. Last, the
    // runs whose sidecar says they did not complete ("a run that did not complete: LABEL
    // (interrupted)"), which stay in the pool. An ss log recorded beside a run of the list is
    // that run's TCP state (RunValues::measurements), not a run: it mixes nothing.
    static QStringList mixes(const std::vector<GroupMember>& runs, const QString& groupKey);
    // The same for runs without tags or user metadata.
    static QStringList mixes(const std::vector<const Dataset*>& runs, const QString& groupKey);
    // The same for one group that group(members, key) made.
    static QStringList mixes(const std::vector<GroupMember>& members, const DatasetGroup& group);
    // "NAME: pools …; …" for a group that mixes, else empty.
    static QString mixWarning(const QString& groupName, const QStringList& mixes);
    static bool sameKind(const std::vector<const Dataset*>& datasets);
};

} // namespace wb
