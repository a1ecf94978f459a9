#include "DatasetListModel.h"

#include "DatasetGrouping.h"
#include "DatasetStore.h"
#include "PlotStyle.h"
#include "PlotTheme.h"
#include "stats/DatasetGroups.h"

#include <QIcon>
#include <QPainter>
#include <QPixmap>

#include <algorithm>

namespace wb {

namespace {
QIcon swatch(const QColor& color, bool warning) {
    QPixmap pixmap(28, 14);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setBrush(color);
    painter.setPen(Qt::NoPen);
    painter.drawRoundedRect(QRectF(0, 2, 12, 10), 2, 2);
    if (warning) { // a small amber triangle: this file's parse report has errors
        painter.setBrush(QColor(230, 159, 0));
        const QPointF triangle[] = {{21, 1}, {27, 13}, {15, 13}};
        painter.drawPolygon(triangle, 3);
        painter.setPen(Qt::black);
        painter.drawLine(QPointF(21, 5), QPointF(21, 9));
        painter.drawPoint(QPointF(21, 11));
    }
    return QIcon(pixmap);
}

// What tells runs apart, in the order a reader compares them; then every plan parameter and
// every key the user set.
QStringList identifyingKeys(const GroupMember& member) {
    QStringList keys{QStringLiteral("tool"),     QStringLiteral("target"),
                     QStringLiteral("protocol"), QStringLiteral("role"),
                     QStringLiteral("streams"),  QStringLiteral("congestion_control"),
                     QStringLiteral("duration"), QStringLiteral("host")};
    for (const QString& name : member.dataset->info.parameters.keys())
        keys << QStringLiteral("parameters.") + name;
    for (const QString& key : member.metadata.keys())
        if (!keys.contains(key) && key != QLatin1String("label"))
            keys << key;
    return keys;
}

QString toolTip(const DatasetEntry& e) {
    QStringList lines{e.label, QStringLiteral("file: %1").arg(e.dataset().sourceFile),
                      QStringLiteral("format: %1 (%2)").arg(e.formatDescription, e.formatId)};
    const GroupMember member = DatasetGrouping::memberOf(e);
    for (const QString& key : identifyingKeys(member)) {
        const QStringList values = DatasetGroups::valuesOf(member, key);
        if (!values.isEmpty())
            lines << QStringLiteral("%1: %2").arg(key, values.join(QStringLiteral(", ")));
    }
    if (e.isLatency())
        lines << QStringLiteral("%1 replies").arg(e.dataset().latency.size());
    else
        lines << QStringLiteral("%1 flows").arg(e.dataset().flows.flows.size());
    if (!e.tags.isEmpty())
        lines << QStringLiteral("tags: %1").arg(e.tags.join(QStringLiteral(", ")));
    if (e.hasProblems())
        lines << QStringLiteral("⚠ %1 parse errors, %2 range errors — see the parse report")
                     .arg(e.report.parseErrors.count())
                     .arg(e.report.rangeErrors.count());
    return lines.join(QLatin1Char('\n'));
}
} // namespace

DatasetListModel::DatasetListModel(DatasetStore* store, QObject* parent)
    : QAbstractTableModel(parent), m_store(store) {
    connect(store, &DatasetStore::aboutToAdd, this,
            [this](int first, int last) { beginInsertRows({}, first, last); });
    connect(store, &DatasetStore::added, this, [this] { endInsertRows(); });
    connect(store, &DatasetStore::removed, this, [this] {
        beginResetModel();
        endResetModel();
    });
    connect(store, &DatasetStore::changed, this, [this](int id) {
        const int row = m_store->indexOf(id);
        if (row < 0)
            emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
        else
            emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
    });
}

int DatasetListModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_store->entries().size());
}

int DatasetListModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant DatasetListModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case LabelColumn:
        return tr("dataset");
    case FormatColumn:
        return tr("format");
    default:
        return tr("tags");
    }
}

bool DatasetListModel::anyTags() const {
    const auto& entries = m_store->entries();
    return std::any_of(entries.begin(), entries.end(),
                       [](const DatasetEntry& e) { return !e.tags.isEmpty(); });
}

int DatasetListModel::idAt(int row) const {
    return row >= 0 && row < rowCount() ? m_store->entries()[static_cast<std::size_t>(row)].id : -1;
}

QVariant DatasetListModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const DatasetEntry& e = m_store->entries()[static_cast<std::size_t>(index.row())];
    if (index.column() == FormatColumn || index.column() == TagsColumn) {
        if (role == Qt::DisplayRole)
            return index.column() == FormatColumn ? e.formatId : e.tags.join(QStringLiteral(", "));
        if (role != Qt::ToolTipRole)
            return {};
    }
    switch (role) {
    case Qt::DisplayRole:
    case Qt::EditRole:
        return e.label;
    case Qt::DecorationRole:
        return swatch(PlotTheme::onScreen(PlotStyle::toColor(e.color)), e.hasProblems());
    case Qt::CheckStateRole:
        return e.visible ? Qt::Checked : Qt::Unchecked;
    case Qt::ToolTipRole:
        return toolTip(e);
    case IdRole:
        return e.id;
    case FormatRole:
        return e.formatId;
    case HasProblemsRole:
        return e.hasProblems();
    default:
        return {};
    }
}

bool DatasetListModel::setData(const QModelIndex& index, const QVariant& value, int role) {
    const int id = idAt(index.row());
    if (id < 0)
        return false;
    if (role == Qt::EditRole && !value.toString().trimmed().isEmpty()) {
        m_store->setLabel(id, value.toString().trimmed());
        return true;
    }
    if (role == Qt::CheckStateRole) {
        m_store->setVisible(id, value.toInt() == Qt::Checked);
        return true;
    }
    return false;
}

Qt::ItemFlags DatasetListModel::flags(const QModelIndex& index) const {
    if (!index.isValid())
        return Qt::NoItemFlags;
    if (index.column() != LabelColumn)
        return Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsEditable | Qt::ItemIsUserCheckable;
}

} // namespace wb
