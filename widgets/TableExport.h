#pragma once

#include "report/TableWriter.h"

#include <QString>

#include <functional>
#include <vector>

class QPushButton;
class QWidget;

namespace wb {

class WorkbenchView;

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
    static void copyToClipboard(const std::vector<Table>& tables);
    // Saves, or reports why it could not as the view's problem.
    static bool saveAs(WorkbenchView* view, const QString& path, const std::vector<Table>& tables);

    // The Copy and Export… buttons of a table view, and Ctrl+C anywhere in the view (what goes
    // into a report is the whole table, not the selected cell). `what`: "table" or "tables";
    // Export… asks where, suggesting the view's export name and `suffix`, and saves there
    // (saveAs). Both take what `tables` returns when clicked; nothing to save asks nothing.
    struct Buttons {
        QPushButton* copy = nullptr;
        QPushButton* save = nullptr;
    };
    static Buttons createButtons(WorkbenchView* view, const QString& what, const QString& suffix,
                                 const std::function<std::vector<Table>()>& tables);
};

} // namespace wb
