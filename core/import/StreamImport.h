#pragma once

#include "import/FileImporter.h"
#include "model/DatasetGrowth.h"

#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

namespace wb {

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
