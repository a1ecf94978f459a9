#pragma once

#include "DatasetMetadata.h"

#include <QAbstractTableModel>
#include <QMap>
#include <QString>

#include <vector>

namespace wb {

// The rows of the Set metadata dialog: one per metadata key of the datasets being edited, with
// what their logs say and what the user set. Edits are kept here (on copies of the members)
// until the dialog is accepted, so Cancel changes nothing; the marks always show the edited
// state. Only the "set by you" column is editable: an empty value takes the user's value away.
class MetadataTableModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { KeyColumn, LogColumn, UserColumn, ColumnCount };

    explicit MetadataTableModel(std::vector<GroupMember> members, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    // Sets the key's value on every dataset (empty: takes the user's value away); a key not
    // listed yet gets a row. False, with the reason, for a key the user cannot set.
    bool setValue(const QString& key, const QString& value, QString* error = nullptr);
    int rowOf(const QString& key) const; // -1 when not listed
    const MetadataField& field(int row) const { return m_fields[static_cast<std::size_t>(row)]; }
    // What to apply: key -> value, an empty value taking the user's value away.
    const QMap<QString, QString>& edits() const { return m_edits; }

private:
    QString userText(const MetadataField& field) const;
    QString toolTip(const MetadataField& field) const;

    std::vector<GroupMember> m_members; // copies, their metadata edited
    std::vector<MetadataField> m_fields;
    QMap<QString, QString> m_edits;
};

} // namespace wb
