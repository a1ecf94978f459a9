#pragma once

#include "model/Dataset.h"
#include "model/ParseReport.h"

#include <QByteArray>
#include <QString>

#include <functional>
#include <string_view>
#include <vector>

namespace wb {

struct FormatEntry;

struct ImportOptions {
    // A registry id ("ping/iputils") to skip detection; empty = sniff the content.
    QString format;
    // Read with the QJump artifact's rules (grep "time=" | cut -d= -f4 | cut -d" " -f1).
    bool qjumpCompat = false;
    // Bytes handed to the parser at a time; tests shrink it to prove chunking is invisible.
    std::size_t chunkSize = 1 << 20;
    // When set, the size of each next piece instead of chunkSize (tests: random sizes).
    std::function<std::size_t()> nextChunkSize;
    // Called after each chunk with bytes done and total (0 when unknown); return false to cancel.
    std::function<bool(qint64 done, qint64 total)> progress;
};

// Everything one file produced: its datasets (usually one), what the parser saw, and, when
// the file could not be read at all, why.
struct ImportResult {
    QString file;
    const FormatEntry* format = nullptr;
    std::vector<Dataset> datasets;
    ParseReport report;
    // Non-empty: the file was not read (missing, not a regular file, binary, unknown), or not
    // whole (a read error, cut short while it was read); then `datasets` hold what was read.
    QString error;
    bool cancelled = false;

    bool ok() const { return error.isEmpty(); }
};

class FileImporter {
public:
    static ImportResult importFile(const QString& path, const ImportOptions& options = {});
    // Parses bytes already in memory as if they were the file `name`.
    static ImportResult importBytes(std::string_view bytes, const QString& name,
                                    const ImportOptions& options = {});
    // Which format a file is, from its first bytes; nullptr with a reason in *why otherwise.
    static const FormatEntry* detect(std::string_view head, QString* why);
};

} // namespace wb
