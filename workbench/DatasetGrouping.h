#pragma once

#include "BackgroundJobs.h"
#include "SeriesColor.h"
#include "stats/DatasetAnalysis.h"
#include "stats/DatasetGroups.h"
#include "stats/GroupSummary.h"

#include <QHash>
#include <QObject>
#include <QSet>
#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

namespace wb {

class DatasetStore;
struct DatasetEntry;

// One group of visible datasets of one kind as the views draw it: its members and their
// pooled dataset (DatasetGroups::pool), analysed like any other so every statistic applies.
struct PooledGroup {
    QString name; // DatasetGroup::name(), e.g. "congestion_control=cubic"
    // False for the group of the members without a value for the key ("congestion_control
    // not recorded"): compared only when the user chooses it.
    bool recorded = true;
    SeriesColor color;
    std::vector<int> memberIds;
    QStringList mixes; // what its runs differ in (DatasetGroups::mixes)
    // nullptr while a large group is pooled in the background (DatasetGrouping::pooling()).
    std::shared_ptr<const DatasetAnalysis> analysis;
    // The group at run level (each member one run, GroupSummaries::of with the default
    // bootstrap): what the views show by default.
    std::shared_ptr<const GroupSummary> runLevel;
};

// The store's datasets grouped by its group key (DatasetStore::groupKey). Grouping and pooling
// are core's (DatasetGroups); this keeps the pooled analyses so the CDF, the flow bars and the
// Compare tab share one copy, recomputed only when a group's members or their data change.
// Pooling sorts all samples again (0.7 s for 5M), so large groups are pooled off the GUI
// thread; the store then reports a change and the views draw the finished group.
class DatasetGrouping : public QObject {
    Q_OBJECT

public:
    // The grouping of a store: created on first use as the store's child, shared by all views.
    static DatasetGrouping* of(DatasetStore* store);

    bool active() const;
    // True while a group is pooled in the background.
    bool pooling() const { return !m_pending.isEmpty(); }
    // Groups with more samples than this are pooled off the GUI thread (and PairComparison
    // compares such sides there).
    static constexpr std::size_t kBackgroundSamples = 1000000;
    // The groups of the visible latency (throughput) datasets; empty when grouping is off.
    std::vector<PooledGroup> latencyGroups();
    std::vector<PooledGroup> throughputGroups();
    // "NAME: pools …" for every group of either kind whose runs differ in how they were made.
    QStringList mixWarnings();
    // The same for the given groups, in their order.
    static QStringList mixWarnings(const std::vector<PooledGroup>& groups);

    // What "Group by" offers: DatasetGroups::fixedKeys(), then the parameters.NAME keys, the
    // keys only the user's metadata names, and the tag.NAME keys of the loaded datasets (tags
    // written "NAME=VALUE").
    static QStringList offeredKeys(const DatasetStore& store);
    static GroupMember memberOf(const DatasetEntry& entry);

private:
    using Cache = QHash<QString, std::shared_ptr<const DatasetAnalysis>>;
    using SummaryCache = QHash<QString, std::shared_ptr<const GroupSummary>>;

    explicit DatasetGrouping(DatasetStore* store);
    std::vector<PooledGroup> groups(const std::vector<const DatasetEntry*>& entries, Cache* cache,
                                    SummaryCache* summaries);
    // Pools on m_jobs; the result goes into the cache and the store reports a change.
    void poolInBackground(const QString& signature, const QString& name,
                          std::vector<std::shared_ptr<const Dataset>> datasets, Cache* cache);

    DatasetStore* m_store;
    Cache m_latencyCache; // pooled analyses by what they were pooled from
    Cache m_throughputCache;
    SummaryCache m_latencySummaries; // run-level summaries by the same signatures
    SummaryCache m_throughputSummaries;
    QSet<QString> m_pending; // signatures being pooled in the background
    BackgroundJobs m_jobs{this};
};

} // namespace wb
