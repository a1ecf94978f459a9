#pragma once

#include <QString>

namespace wb {

struct ReportDocument;

// A report as one self-contained HTML file: inline CSS, every plot as inline SVG, tables as
// HTML tables of the same cells the PDF shows. Nothing is fetched from elsewhere.
class ReportHtml {
public:
    static QString html(const ReportDocument& document);
    static bool write(const ReportDocument& document, const QString& path, QString* error);
};

} // namespace wb
