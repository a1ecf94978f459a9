#pragma once

#include "io/ReportContent.h"

#include <QJsonObject>
#include <QMap>
#include <QString>

#include <vector>

namespace wb {

class DatasetStore;

// What a report needs besides the datasets: its title, the settings the workbench's views
// had (axis scales, chosen percentiles; keyed like workspace files, by
// WorkbenchView::settingsKey()), and the files that could not be loaded.
struct ReportSource {
    QString title;
    QMap<QString, QJsonObject> viewSettings;
    std::vector<ReportProblem> problems;
};

// Writes the report of a workspace, in the manner of a paper's appendix: the runs and their
// metadata, every plot and table the workbench shows for the visible datasets (numbered
// figures and tables with captions), and the problems the parsers found. A .pdf through
// Qt's PDF writer with vector plots, or one self-contained .html with inline SVG plots.
// The GUI (File ▸ Export report) and wirebench-cli report both come through here.
class ReportWriter {
public:
    // "pdf" or "html" by the path's suffix (.pdf, .html, .htm); empty for anything else.
    static QString formatOf(const QString& path);
    static bool write(DatasetStore* store, const ReportSource& source, const QString& path,
                      QString* error);
};

} // namespace wb
