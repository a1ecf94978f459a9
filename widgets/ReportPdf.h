#pragma once

#include <QString>

namespace wb {

struct ReportDocument;

// A report as an A4 PDF through Qt's PDF writer: plots drawn as vectors by PlotExporter,
// tables with their header repeated on every page they span, no figure cut across pages,
// and "page N of M" in the footer.
class ReportPdf {
public:
    static bool write(const ReportDocument& document, const QString& path, QString* error);
};

} // namespace wb
