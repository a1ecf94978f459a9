#include "MetadataTableModel.h"

#include <QFont>
#include <QPalette>

namespace wb {

MetadataTableModel::MetadataTableModel(std::vector<GroupMember> members, QObject* parent)
    : QAbstractTableModel(parent), m_members(std::move(members)),
      m_fields(DatasetMetadata::fieldsOf(m_members)) {}

int MetadataTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_fields.size());
}

int MetadataTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QString MetadataTableModel::userText(const MetadataField& field) const {
    const int datasets = static_cast<int>(m_members.size());
    if (field.userSetCount == 0)
        return {};
    const QString values = field.userValues.join(QStringLiteral(", "));
    if (field.userSetCount < datasets)
        return tr("%1 (on %2 of %3)").arg(values).arg(field.userSetCount).arg(datasets);
    return field.userValues.size() == 1 ? values : tr("%1 (differing)").arg(values);
}

QString MetadataTableModel::toolTip(const MetadataField& field) const {
    if (field.overridesLog())
        return tr("Set by you; the log says %1")
            .arg(field.overriddenLogValues.join(QStringLiteral(", ")));
    if (field.userSetCount > 0)
        return field.logValues.isEmpty() ? tr("Set by you; the log says nothing")
                                         : tr("Set by you, as the log says");
    return field.logValues.isEmpty() ? tr("The log says nothing; type a value to set one")
                                     : tr("From the log; type a value to set your own");
}

QVariant MetadataTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const MetadataField& field = m_fields[static_cast<std::size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case KeyColumn:
            return field.key;
        case LogColumn:
            return field.logValues.isEmpty() ? tr("—") : field.logValues.join(QStringLiteral(", "));
        case UserColumn:
            return userText(field);
        }
        return {};
    case Qt::EditRole:
        // One value on every dataset is edited as it is; otherwise the editor starts empty
        // and committing it empty changes nothing (setData).
        if (index.column() == UserColumn && field.userValues.size() == 1 &&
            field.userSetCount == static_cast<int>(m_members.size()))
            return field.userValues.front();
        return index.column() == KeyColumn ? QVariant(field.key) : QVariant(QString());
    case Qt::FontRole:
        if (field.overridesLog() && index.column() != LogColumn) {
            QFont font;
            font.setBold(true);
            return font;
        }
        if (index.column() == LogColumn && field.overridesLog()) {
            QFont font;
            font.setStrikeOut(field.userSetCount == static_cast<int>(m_members.size()));
            return font;
        }
        return {};
    case Qt::ForegroundRole:
        if (index.column() == LogColumn && field.logValues.isEmpty())
            return QPalette().brush(QPalette::Disabled, QPalette::Text);
        return {};
    case Qt::ToolTipRole:
        return toolTip(field);
    case Qt::AccessibleDescriptionRole:
        return index.column() == UserColumn ? toolTip(field) : QVariant();
    }
    return {};
}

bool MetadataTableModel::setData(const QModelIndex& index, const QVariant& value, int role) {
    if (role != Qt::EditRole || index.column() != UserColumn || index.row() >= rowCount())
        return false;
    const QString text = value.toString().trimmed();
    if (text == data(index, Qt::EditRole).toString())
        return false; // an editor opened and closed unchanged
    return setValue(m_fields[static_cast<std::size_t>(index.row())].key, text);
}

bool MetadataTableModel::setValue(const QString& key, const QString& value, QString* error) {
    if (const QString why = DatasetMetadata::refusal(key); !why.isEmpty()) {
        if (error)
            *error = why;
        return false;
    }
    const QString k = DatasetGroups::canonicalKey(key);
    const QString v = value.trimmed();
    for (GroupMember& member : m_members) {
        if (v.isEmpty())
            member.metadata.remove(k);
        else
            member.metadata.insert(k, v);
    }
    m_edits.insert(k, v);
    int row = rowOf(k);
    if (row < 0) {
        row = rowCount();
        beginInsertRows({}, row, row);
        m_fields.push_back(DatasetMetadata::fieldOf(m_members, k));
        endInsertRows();
        return true;
    }
    m_fields[static_cast<std::size_t>(row)] = DatasetMetadata::fieldOf(m_members, k);
    emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
    return true;
}

int MetadataTableModel::rowOf(const QString& key) const {
    const QString k = DatasetGroups::canonicalKey(key);
    for (std::size_t row = 0; row < m_fields.size(); ++row)
        if (m_fields[row].key == k)
            return static_cast<int>(row);
    return -1;
}

Qt::ItemFlags MetadataTableModel::flags(const QModelIndex& index) const {
    Qt::ItemFlags flags = QAbstractTableModel::flags(index);
    if (index.column() == UserColumn)
        flags |= Qt::ItemIsEditable;
    return flags;
}

QVariant MetadataTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case KeyColumn:
        return tr("key");
    case LogColumn:
        return tr("the log says");
    case UserColumn:
        return tr("set by you");
    }
    return {};
}

} // namespace wb
