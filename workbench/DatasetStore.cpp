#include "DatasetStore.h"

#include "parse/FormatRegistry.h"

#include <algorithm>

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
    for (std::size_t i = 0; i < m_entries.size(); ++i)
        if (m_entries[i].id == id)
            return static_cast<int>(i);
    return -1;
}

std::vector<const DatasetEntry*> DatasetStore::visibleLatency() const {
    std::vector<const DatasetEntry*> out;
    for (const DatasetEntry& e : m_entries)
        if (e.visible && e.isLatency())
            out.push_back(&e);
    return out;
}

std::vector<const DatasetEntry*> DatasetStore::visibleThroughput() const {
    std::vector<const DatasetEntry*> out;
    for (const DatasetEntry& e : m_entries)
        if (e.visible && !e.isLatency())
            out.push_back(&e);
    return out;
}

int DatasetStore::add(DatasetEntry entry) {
    entry.id = m_nextId++;
    if (!entry.color.isSet)
        entry.color = SeriesColor::palette(m_colorsUsed++);
    if (entry.label.isEmpty())
        entry.label = entry.dataset().label;
    emit aboutToAdd(static_cast<int>(m_entries.size()));
    m_entries.push_back(std::move(entry));
    emit added(m_entries.back().id);
    return m_entries.back().id;
}

void DatasetStore::remove(int id) {
    const int index = indexOf(id);
    if (index < 0)
        return;
    m_entries.erase(m_entries.begin() + index);
    emit removed(id);
}

void DatasetStore::clear() {
    while (!m_entries.empty())
        remove(m_entries.back().id);
    m_colorsUsed = 0;
}

void DatasetStore::setLabel(int id, const QString& label) {
    if (DatasetEntry* e = entry(id); e && e->label != label) {
        e->label = label;
        emit changed(id);
    }
}

void DatasetStore::setColor(int id, const SeriesColor& color) {
    if (DatasetEntry* e = entry(id); e && e->color != color) {
        e->color = color;
        emit changed(id);
    }
}

void DatasetStore::setVisible(int id, bool visible) {
    if (DatasetEntry* e = entry(id); e && e->visible != visible) {
        e->visible = visible;
        emit changed(id);
    }
}

void DatasetStore::setTags(int id, const QStringList& tags) {
    if (DatasetEntry* e = entry(id); e && e->tags != tags) {
        e->tags = tags;
        emit changed(id);
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
    e->formatId = std::move(fresh.formatId);
    e->formatDescription = std::move(fresh.formatDescription);
    e->report = std::move(fresh.report);
    e->indexInFile = fresh.indexInFile;
    emit changed(id);
}

} // namespace wb
