#include "DatasetStore.h"

#include "parse/FormatRegistry.h"
#include "stats/DatasetGroups.h"

#include <algorithm>
#include <utility>

namespace wb {

std::vector<DatasetEntry> DatasetEntry::fromImport(ImportResult&& result) {
    std::vector<DatasetEntry> entries;
    for (Dataset& dataset : result.datasets) {
        DatasetEntry entry;
        entry.analysis = DatasetAnalysis::of(std::make_shared<const Dataset>(std::move(dataset)));
        entry.formatId = result.format ? QString::fromLatin1(result.format->id) : QString();
        entry.formatDescription =
            result.format ? QString::fromLatin1(result.format->description) : QString();
        entry.report = result.report;
        entry.indexInFile = static_cast<int>(entries.size());
        entries.push_back(std::move(entry));
    }
    result.datasets.clear();
    return entries;
}

DatasetStore::DatasetStore(QObject* parent) : QObject(parent) {}

const DatasetEntry* DatasetStore::find(int id) const {
    const int index = indexOf(id);
    return index < 0 ? nullptr : &m_entries[static_cast<std::size_t>(index)];
}

DatasetEntry* DatasetStore::entry(int id) {
    return const_cast<DatasetEntry*>(std::as_const(*this).find(id));
}

int DatasetStore::indexOf(int id) const {
    // Ids are handed out in increasing order and entries are only appended or erased.
    const auto it =
        std::lower_bound(m_entries.begin(), m_entries.end(), id,
                         [](const DatasetEntry& e, int wanted) { return e.id < wanted; });
    return it != m_entries.end() && it->id == id ? static_cast<int>(it - m_entries.begin()) : -1;
}

std::vector<const DatasetEntry*> DatasetStore::visible(bool latency) const {
    std::vector<const DatasetEntry*> out;
    for (const DatasetEntry& e : m_entries)
        if (e.visible && e.isLatency() == latency && (!latency || showsLatencyMetric(e)))
            out.push_back(&e);
    return out;
}

bool DatasetStore::showsLatencyMetric(const DatasetEntry& entry) const {
    if (m_latencyMetric == LatencyMetric::Rtt)
        return true;
    const DatasetAnalysis& rtt = entry.rttAnalysis ? *entry.rttAnalysis : *entry.analysis;
    return hasLatencyMetric(rtt.dataset->latency, m_latencyMetric);
}

void DatasetStore::showLatencyMetric(DatasetEntry& entry) const {
    if (!entry.isLatency())
        return;
    std::shared_ptr<const DatasetAnalysis> rtt =
        entry.rttAnalysis ? std::move(entry.rttAnalysis) : entry.analysis;
    entry.rttAnalysis.reset();
    if (m_latencyMetric == LatencyMetric::Rtt ||
        !hasLatencyMetric(rtt->dataset->latency, m_latencyMetric)) {
        entry.analysis = std::move(rtt);
        return;
    }
    entry.analysis = DatasetAnalysis::of(
        std::make_shared<const Dataset>(withLatencyMetric(*rtt->dataset, m_latencyMetric)));
    entry.rttAnalysis = std::move(rtt);
}

void DatasetStore::setLatencyMetric(LatencyMetric metric) {
    if (m_latencyMetric == metric)
        return;
    m_latencyMetric = metric;
    for (DatasetEntry& e : m_entries)
        showLatencyMetric(e);
    emit changed(-1);
}

bool DatasetStore::visibleLatencyHasOtherMetrics() const {
    for (const DatasetEntry& e : m_entries) {
        if (!e.visible || !e.isLatency())
            continue;
        const DatasetAnalysis& rtt = e.rttAnalysis ? *e.rttAnalysis : *e.analysis;
        if (hasLatencyMetric(rtt.dataset->latency, LatencyMetric::SendDelay) ||
            hasLatencyMetric(rtt.dataset->latency, LatencyMetric::Ipdv))
            return true;
    }
    return false;
}

int DatasetStore::add(DatasetEntry entry) {
    std::vector<DatasetEntry> one;
    one.push_back(std::move(entry));
    return add(std::move(one)).front();
}

QList<int> DatasetStore::add(std::vector<DatasetEntry> entries) {
    QList<int> ids;
    if (entries.empty())
        return ids;
    const int first = static_cast<int>(m_entries.size());
    emit aboutToAdd(first, first + static_cast<int>(entries.size()) - 1);
    m_entries.reserve(m_entries.size() + entries.size());
    ids.reserve(static_cast<qsizetype>(entries.size()));
    for (DatasetEntry& entry : entries) {
        entry.id = m_nextId++;
        if (!entry.color.isSet)
            entry.color = SeriesColor::palette(m_colorsUsed++);
        if (entry.label.isEmpty())
            entry.label = entry.dataset().label;
        ids << entry.id;
        showLatencyMetric(entry);
        m_entries.push_back(std::move(entry));
    }
    matchTcpState(m_matchInBackground);
    emit added(ids);
    return ids;
}

void DatasetStore::remove(int id) {
    remove(QList<int>{id});
}

void DatasetStore::remove(const QList<int>& ids) {
    QList<int> gone;
    for (int id : ids)
        if (indexOf(id) >= 0)
            gone << id;
    if (gone.isEmpty())
        return;
    std::sort(gone.begin(), gone.end());
    gone.erase(std::unique(gone.begin(), gone.end()), gone.end());
    m_entries.erase(std::remove_if(m_entries.begin(), m_entries.end(),
                                   [&gone](const DatasetEntry& e) {
                                       return std::binary_search(gone.begin(), gone.end(), e.id);
                                   }),
                    m_entries.end());
    matchTcpState(m_matchInBackground);
    emit removed(gone);
}

void DatasetStore::clear() {
    QList<int> ids;
    for (const DatasetEntry& e : m_entries)
        ids << e.id;
    remove(ids);
    m_colorsUsed = 0;
}

void DatasetStore::setMetadata(const QList<int>& ids, const QMap<QString, QString>& values) {
    const ChangeBatch batch(this);
    for (int id : ids) {
        DatasetEntry* e = entry(id);
        if (!e)
            continue;
        QMap<QString, QString> updated = e->metadata;
        for (auto it = values.begin(); it != values.end(); ++it) {
            const QString key = DatasetGroups::canonicalKey(it.key());
            if (key.isEmpty())
                continue;
            if (it.value().isEmpty())
                updated.remove(key);
            else
                updated.insert(key, it.value());
        }
        if (updated != e->metadata) {
            e->metadata = std::move(updated);
            reportChange(id);
        }
    }
}

void DatasetStore::setGroupKey(const QString& key) {
    if (m_groupKey == key)
        return;
    m_groupKey = key;
    emit changed(-1);
}

void DatasetStore::replaceData(int id, DatasetEntry fresh) {
    DatasetEntry* e = entry(id);
    if (!e)
        return;
    e->analysis = std::move(fresh.analysis);
    e->rttAnalysis.reset();
    showLatencyMetric(*e);
    e->formatId = std::move(fresh.formatId);
    e->formatDescription = std::move(fresh.formatDescription);
    e->report = std::move(fresh.report);
    e->indexInFile = fresh.indexInFile;
    reportChange(matchTcpState(m_matchInBackground) ? -1 : id);
}

bool DatasetStore::matchTcpState(bool mayWait) {
    DatasetAnalysis::Analyses analyses;
    for (const DatasetEntry& e : m_entries)
        analyses.push_back(e.analysis);
    const int generation = ++m_matchGeneration;
    m_matchPending = mayWait && m_entries.size() > kBackgroundMatches;
    if (m_matchPending) {
        m_jobs.run([analyses] { return DatasetAnalysis::matchedAmong(analyses); },
                   [this, generation](const DatasetAnalysis::Analyses& matched) {
                       if (generation != m_matchGeneration)
                           return; // superseded, or settled meanwhile
                       m_matchPending = false;
                       if (replaceAnalyses(matched))
                           reportChange(-1);
                   });
        return false;
    }
    return replaceAnalyses(DatasetAnalysis::matchedAmong(analyses));
}

void DatasetStore::settleMatching() {
    if (!m_matchPending)
        return;
    if (matchTcpState(false))
        reportChange(-1);
}

bool DatasetStore::replaceAnalyses(const DatasetAnalysis::Analyses& matched) {
    bool replaced = false;
    for (std::size_t i = 0; i < matched.size(); ++i)
        if (m_entries[i].analysis != matched[i]) {
            m_entries[i].analysis = matched[i];
            replaced = true;
        }
    return replaced;
}

void DatasetStore::reportChange(int id) {
    if (m_openBatches > 0)
        m_batchChanged = true;
    else
        emit changed(id);
}

DatasetStore::ChangeBatch::ChangeBatch(DatasetStore* store) : m_store(store) {
    ++m_store->m_openBatches;
}

DatasetStore::ChangeBatch::~ChangeBatch() {
    if (--m_store->m_openBatches == 0 && std::exchange(m_store->m_batchChanged, false))
        emit m_store->changed(-1);
}

} // namespace wb
