#pragma once

#include "ReportPdf.h"
#include "ReportSource.h"

#include <QString>

namespace wb {

class DatasetStore;

// Writes the report of a workspace, in the manner of a paper's appendix: the runs and their
// metadata, every plot and table the workbench shows for the visible datasets (numbered
// figures and tables with captions), and the problems the parsers found. A .pdf through
// Qt's PDF writer with vector plots, or one self-contained .html with inline SVG plots.
// The GUI (File ▸ Export report) and wirebench-cli report both come through here.
class ReportWriter {
public:
    // "pdf" or "html" by the path's suffix (.pdf, .html, .htm); empty for anything else.
    static QString formatOf(const QString& path);
    // Written whole or not at all (OutputFile): on failure an existing file keeps its bytes
    // and *error says why, without the path. A PDF's `pdfLayout`, when given, receives where
    // each piece went on its pages.
    static bool write(DatasetStore* store, const ReportSource& source, const QString& path,
                      QString* error, ReportPdfLayout* pdfLayout = nullptr);
};

} // namespace wb
