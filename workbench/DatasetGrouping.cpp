#include "DatasetGrouping.h"

#include "DatasetStore.h"

namespace wb {

namespace {

// What a pooled analysis was made from: the key, the group and each member's data and
// label (pooled flow ids carry the label). The analysis pointer changes when a live run's
// data grows, so a grown member re-pools its group.
QString signatureOf(const QString& key, const DatasetGroup& group,
                    const std::vector<const DatasetEntry*>& entries) {
    QString signature = key + QLatin1Char('\x1f') + group.value;
    for (std::size_t member : group.members) {
        const DatasetEntry* entry = entries[member];
        signature += QStringLiteral("\x1f%1:%2:%3")
                         .arg(entry->id)
                         .arg(reinterpret_cast<quintptr>(entry->analysis.get()))
                         .arg(entry->label);
    }
    return signature;
}

} // namespace

DatasetGrouping::DatasetGrouping(DatasetStore* store) : QObject(store), m_store(store) {
    setObjectName(QStringLiteral("datasetGrouping"));
}

DatasetGrouping* DatasetGrouping::of(DatasetStore* store) {
    if (auto* existing = store->findChild<DatasetGrouping*>(QString(), Qt::FindDirectChildrenOnly))
        return existing;
    return new DatasetGrouping(store);
}

bool DatasetGrouping::active() const {
    return !m_store->groupKey().isEmpty();
}

std::vector<PooledGroup> DatasetGrouping::latencyGroups() {
    return groups(m_store->visibleLatency(), &m_latencyCache, &m_latencySummaries);
}

std::vector<PooledGroup> DatasetGrouping::throughputGroups() {
    return groups(m_store->visibleThroughput(), &m_throughputCache, &m_throughputSummaries);
}

GroupMember DatasetGrouping::memberOf(const DatasetEntry& entry) {
    return {&entry.dataset(), entry.tags, entry.label, entry.metadata};
}

QStringList DatasetGrouping::mixWarnings() {
    return mixWarnings(latencyGroups()) + mixWarnings(throughputGroups());
}

QStringList DatasetGrouping::mixWarnings(const std::vector<PooledGroup>& groups) {
    QStringList warnings;
    for (const PooledGroup& group : groups)
        if (!group.mixes.isEmpty())
            warnings << DatasetGroups::mixWarning(group.name, group.mixes);
    return warnings;
}

std::vector<PooledGroup> DatasetGrouping::groups(const std::vector<const DatasetEntry*>& entries,
                                                 Cache* cache, SummaryCache* summaries) {
    const QString key = m_store->groupKey();
    if (key.isEmpty()) {
        cache->clear();
        summaries->clear();
        return {};
    }
    std::vector<GroupMember> members;
    for (const DatasetEntry* entry : entries)
        members.push_back(memberOf(*entry));
    std::vector<PooledGroup> out;
    Cache kept; // only what is shown now, so the cache never outgrows the store
    SummaryCache keptSummaries;
    for (const DatasetGroup& group : DatasetGroups::group(members, key)) {
        PooledGroup pooled;
        pooled.name = group.name();
        pooled.recorded = !group.value.isEmpty();
        pooled.color = SeriesColor::palette(static_cast<int>(out.size()));
        std::vector<std::shared_ptr<const Dataset>> datasets;
        std::vector<const Dataset*> runs;
        std::size_t samples = 0;
        for (std::size_t member : group.members) {
            pooled.memberIds.push_back(entries[member]->id);
            datasets.push_back(entries[member]->analysis->dataset);
            runs.push_back(datasets.back().get());
            samples += datasets.back()->latency.size();
        }
        pooled.mixes = DatasetGroups::mixes(members, group); // the user's values count
        const QString signature = signatureOf(key, group, entries);
        pooled.analysis = cache->value(signature);
        if (!pooled.analysis && !m_pending.contains(signature)) {
            if (samples > kBackgroundSamples) {
                poolInBackground(signature, pooled.name, std::move(datasets), cache);
            } else {
                pooled.analysis = DatasetAnalysis::of(
                    std::make_shared<const Dataset>(DatasetGroups::pool(runs, pooled.name)));
            }
        }
        pooled.runLevel = summaries->value(signature);
        if (!pooled.runLevel)
            pooled.runLevel =
                std::make_shared<const GroupSummary>(GroupSummaries::of(pooled.name, runs));
        kept.insert(signature, pooled.analysis);
        keptSummaries.insert(signature, pooled.runLevel);
        out.push_back(std::move(pooled));
    }
    *cache = std::move(kept);
    *summaries = std::move(keptSummaries);
    return out;
}

void DatasetGrouping::poolInBackground(const QString& signature, const QString& name,
                                       std::vector<std::shared_ptr<const Dataset>> datasets,
                                       Cache* cache) {
    m_pending.insert(signature);
    auto pool = [datasets = std::move(datasets), name] {
        std::vector<const Dataset*> members;
        for (const auto& dataset : datasets)
            members.push_back(dataset.get());
        return DatasetAnalysis::of(
            std::make_shared<const Dataset>(DatasetGroups::pool(members, name)));
    };
    m_jobs.run(std::move(pool), [this, signature, cache](auto analysis) {
        m_pending.remove(signature);
        // Still wanted only if the group's members and data are what they were.
        if (!cache->contains(signature))
            return;
        cache->insert(signature, std::move(analysis));
        emit m_store->changed(-1); // every view draws the finished group
    });
}

QStringList DatasetGrouping::offeredKeys(const DatasetStore& store) {
    QStringList keys = DatasetGroups::fixedKeys();
    QStringList parameters;
    QStringList tagKeys;
    QStringList usersKeys;
    for (const DatasetEntry& entry : store.entries()) {
        for (const QString& name : entry.dataset().info.parameters.keys())
            parameters << QStringLiteral("parameters.") + name;
        for (const QString& key : entry.metadata.keys())
            if (!keys.contains(key) && !key.startsWith(QLatin1String("parameters.")))
                usersKeys << key;
        for (const QString& tag : entry.tags)
            if (const qsizetype equals = tag.indexOf(QLatin1Char('=')); equals > 0)
                tagKeys << QStringLiteral("tag.") + tag.left(equals);
    }
    for (QStringList* found : {&parameters, &usersKeys, &tagKeys}) {
        found->removeDuplicates();
        found->sort();
        keys << *found;
    }
    return keys;
}

} // namespace wb
