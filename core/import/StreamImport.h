#pragma once

#include "import/FileImporter.h"
#include "model/Dataset.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

namespace wb {

// What a dataset that is still being parsed (a live run's) gained since it was last looked
// at. A latency dataset grows at its end, so only the replies, duplicates, losses and errors
// beyond those seen before are copied, with its description (info, label, summary) as it is
// now: a snapshot of an hour of 1 ms pings costs what arrived since the previous one. A
// throughput dataset (a few intervals a second per flow, reordered and completed when its
// test ends) is copied whole, as is a latency dataset whose lists shrank.
struct DatasetGrowth {
    Dataset part;
    bool whole = true; // `part` is the whole dataset, not what it gained

    // Brings `dataset` (an earlier state of the same parse, grown by every growth before
    // this one) up to date.
    void applyTo(Dataset& dataset) const;
};

// Remembers how much of one dataset was handed out, so the next cut takes only the rest.
class DatasetGrowthCutter {
public:
    DatasetGrowth cut(const Dataset& now);

private:
    struct Seen {
        std::size_t rtt = 0;
        std::size_t sequence = 0;
        std::size_t timestamps = 0;
        std::size_t duplicateRtt = 0;
        std::size_t duplicateSequence = 0;
        std::size_t lost = 0;
        std::size_t errors = 0;
        std::size_t damaged = 0;
    };
    bool m_started = false;
    Seen m_seen;
};

// What a log that is still being written (a running tool's stdout) holds so far: the report of
// every line read and, per dataset, what it gained since the previous snapshot.
struct LiveSnapshot {
    QString file;
    const FormatEntry* format = nullptr;
    std::int64_t bytesRead = 0; // of the log, by the parser
    ParseReport report;
    std::vector<DatasetGrowth> datasets; // by index in the log
};

// Reads a log as it is written: one parser lives across appends, so an append costs what it
// adds, and a snapshot what was added since the previous one. finish() gives exactly what
// FileImporter::importBytes() gives for all the bytes appended.
// Implemented in FileImporter.cpp, beside the import it shares with importBytes().
class StreamImport {
public:
    explicit StreamImport(QString name, ImportOptions options = {});
    ~StreamImport();
    StreamImport(const StreamImport&) = delete;
    StreamImport& operator=(const StreamImport&) = delete;

    void append(std::string_view bytes);
    std::int64_t bytesAppended() const;
    LiveSnapshot snapshot();
    ImportResult finish();

private:
    struct State;
    std::unique_ptr<State> m;
};

} // namespace wb
