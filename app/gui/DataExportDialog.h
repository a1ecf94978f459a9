#pragma once

#include "report/TidyExport.h"

#include <QDialog>

#include <memory>
#include <vector>

class QComboBox;
class QLabel;
class QLineEdit;

namespace wb {

struct DatasetAnalysis;

// File ▸ Export data: asks which tidy table (samples, intervals, flows, runs), in which format
// (CSV, JSON lines) and to which file; the file's suffix follows the format. The rows are
// TidyExport's, the same as `wirebench-cli export` writes.
class DataExportDialog : public QDialog {
    Q_OBJECT

public:
    DataExportDialog(const QString& suggestedPath, QWidget* parent = nullptr);

    QString path() const;
    TidyExport::Table table() const;
    TidyExport::Format format() const;

private:
    void browse();
    void matchSuffix();
    void describeTable();

    QComboBox* m_table;
    QComboBox* m_format;
    QLineEdit* m_path;
    QLabel* m_description;
};

// Writes a tidy table of datasets on a thread of its own, showing its progress after a moment
// and letting the user cancel; the window stays responsive meanwhile. The file is written
// through OutputFile: a cancelled or failed export leaves an existing file as it was.
class DataExport {
public:
    // The datasets' analyses are held for the time of the export, so that removing a dataset
    // from the window meanwhile cannot pull its data away from under the writer.
    struct Member {
        std::shared_ptr<const DatasetAnalysis> analysis;
        GroupMember member;
    };

    // Blocks (running the event loop) until the file is written, failed or cancelled; false
    // with *why otherwise. `parent` owns the progress dialog.
    static bool run(const std::vector<Member>& members, const QString& path,
                    TidyExport::Table table, TidyExport::Format format, QWidget* parent,
                    QString* why);
};

} // namespace wb
