#pragma once

#include "stats/DatasetGroups.h"

#include <QDialog>
#include <QMap>
#include <QString>

#include <vector>

class QLineEdit;
class QPushButton;
class QTableView;

namespace wb {

class MetadataTableModel;

// "Set metadata…" for the selected datasets: every metadata key with what the logs say and
// what the user set (bold, with the log's value in the tooltip, where the user's replaces
// it). Typing in "set by you" sets a key on all of them; "Use the log's value" (Delete) takes
// the user's value away; a new key is added below the table. Nothing changes until OK.
class MetadataDialog : public QDialog {
    Q_OBJECT

public:
    MetadataDialog(std::vector<GroupMember> members, QWidget* parent = nullptr);

    MetadataTableModel* model() const { return m_model; }
    QTableView* table() const { return m_table; }
    // What to apply on OK: key -> value; an empty value takes the user's value away.
    QMap<QString, QString> edits() const;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void addKey();
    void clearCurrent();
    void showError(const QString& error);

    MetadataTableModel* m_model;
    QTableView* m_table;
    QLineEdit* m_newKey;
    QLineEdit* m_newValue;
    QPushButton* m_clear;
};

} // namespace wb
