#pragma once

// For GUI tests: fill a DatasetStore the way the workbench's importer does.

#include "DatasetStore.h"
#include "TestSupport.h"

namespace wb::test {

// Imports a log and adds its first dataset (analysed, with its parse report) under label;
// returns the id, or -1 when the log cannot be read.
inline int addLog(DatasetStore& store, const QString& path, const QString& label) {
    ImportResult result = FileImporter::importFile(path);
    if (!result.ok() || result.datasets.empty())
        return -1;
    std::vector<DatasetEntry> entries = DatasetEntry::fromImport(std::move(result));
    entries.front().label = label;
    return store.add(std::move(entries.front()));
}

// A dataset built in memory (synthetic runs), analysed and added under label.
inline int addDataset(DatasetStore& store, Dataset dataset, const QString& label) {
    DatasetEntry entry;
    entry.analysis = DatasetAnalysis::of(std::make_shared<const Dataset>(std::move(dataset)));
    entry.label = label;
    return store.add(std::move(entry));
}

// The five QJump Table 1 samples, labelled by file name; their ids in order.
inline std::vector<int> addQjumpSamples(DatasetStore& store) {
    std::vector<int> ids;
    for (const char* name : kQjumpSamples)
        ids.push_back(
            addLog(store, samplePath(QString::fromLatin1(name)), QString::fromLatin1(name)));
    return ids;
}

} // namespace wb::test
