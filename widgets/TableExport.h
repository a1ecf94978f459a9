#pragma once

#include "io/TableWriter.h"

#include <QString>

#include <vector>

namespace wb {

// Copy and Export of the table views: tab-separated text for the clipboard, and CSV,
// Markdown or LaTeX (chosen by the file's suffix) through core's TableWriter.
class TableExport {
public:
    // Tables one after the other, a blank line between them.
    static QString tabSeparated(const std::vector<Table>& tables);
    // Written atomically: a failed export never leaves half a table behind.
    static bool save(const QString& path, const std::vector<Table>& tables, QString* error);
    // For QFileDialog: "CSV (*.csv);;Markdown (*.md);;LaTeX (*.tex)".
    static QString fileFilter();
};

} // namespace wb
