#include "DatasetEditActions.h"

#include "DatasetGrouping.h"
#include "DatasetListModel.h"
#include "DatasetStore.h"
#include "LabelPattern.h"
#include "MetadataDialog.h"
#include "ScreenFit.h"

#include <QAbstractItemView>
#include <QAction>
#include <QInputDialog>
#include <QItemSelectionModel>

#include <algorithm>

namespace wb {

namespace {
QStringList splitTags(const QString& text) {
    QStringList tags;
    for (const QString& tag : text.split(QLatin1Char(','), Qt::SkipEmptyParts))
        if (!tag.trimmed().isEmpty())
            tags << tag.trimmed();
    tags.removeDuplicates();
    return tags;
}
} // namespace

DatasetEditActions::DatasetEditActions(QAbstractItemView* list, DatasetListModel* model,
                                       DatasetStore* store)
    : QObject(list), m_list(list), m_model(model), m_store(store),
      m_addTag(new QAction(tr("Add tag…"), list)),
      m_removeTag(new QAction(tr("Remove tag…"), list)),
      m_relabel(new QAction(tr("Relabel…"), list)),
      m_setMetadata(new QAction(tr("Set metadata…"), list)),
      m_lastPattern(QStringLiteral("{label}")) {
    m_addTag->setShortcut(QKeySequence(tr("Ctrl+T")));
    m_removeTag->setShortcut(QKeySequence(tr("Ctrl+Shift+T")));
    m_relabel->setShortcut(QKeySequence(tr("Ctrl+L")));
    m_addTag->setToolTip(tr("Tag the selected datasets; \"NAME=VALUE\" tags can be grouped by "
                            "tag.NAME"));
    m_relabel->setToolTip(tr("Rename the selected datasets from their metadata"));
    m_setMetadata->setShortcut(QKeySequence(tr("Ctrl+M")));
    m_setMetadata->setToolTip(tr("Set or correct metadata of the selected datasets (e.g. "
                                 "congestion_control where the log does not say it)"));
    m_setMetadata->setObjectName(QStringLiteral("setMetadata"));
    for (QAction* action : {m_addTag, m_removeTag, m_relabel, m_setMetadata}) {
        action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        list->addAction(action);
    }
    connect(m_addTag, &QAction::triggered, this, &DatasetEditActions::askAddTags);
    connect(m_removeTag, &QAction::triggered, this, &DatasetEditActions::askRemoveTag);
    connect(m_relabel, &QAction::triggered, this, &DatasetEditActions::askRelabel);
    connect(m_setMetadata, &QAction::triggered, this, &DatasetEditActions::askSetMetadata);
}

QWidget* DatasetEditActions::dialogParent() const {
    return m_list->window();
}

std::vector<int> DatasetEditActions::selectedIds() const {
    QModelIndexList rows = m_list->selectionModel()->selectedRows();
    std::sort(rows.begin(), rows.end(),
              [](const QModelIndex& a, const QModelIndex& b) { return a.row() < b.row(); });
    std::vector<int> ids;
    for (const QModelIndex& index : rows)
        ids.push_back(m_model->idAt(index.row()));
    return ids;
}

void DatasetEditActions::addTags(DatasetStore* store, const std::vector<int>& ids,
                                 const QString& tags) {
    const DatasetStore::ChangeBatch batch(store); // one redraw for the selection
    for (int id : ids) {
        const DatasetEntry* entry = store->find(id);
        if (!entry)
            continue;
        QStringList updated = entry->tags;
        for (const QString& tag : splitTags(tags))
            if (!updated.contains(tag))
                updated << tag;
        store->setTags(id, updated);
    }
}

void DatasetEditActions::removeTag(DatasetStore* store, const std::vector<int>& ids,
                                   const QString& tag) {
    const DatasetStore::ChangeBatch batch(store); // one redraw for the selection
    for (int id : ids) {
        if (const DatasetEntry* entry = store->find(id)) {
            QStringList updated = entry->tags;
            updated.removeAll(tag.trimmed());
            store->setTags(id, updated);
        }
    }
}

bool DatasetEditActions::relabel(DatasetStore* store, const std::vector<int>& ids,
                                 const QString& pattern, QString* error) {
    return LabelPattern::relabel(store, ids, pattern, error);
}

void DatasetEditActions::askAddTags() {
    const std::vector<int> ids = selectedIds();
    if (ids.empty())
        return;
    bool ok = false;
    const QString text = ScreenFit::askText(
        dialogParent(), tr("Add tag"),
        tr("Tag(s) for %n dataset(s), comma separated (NAME=VALUE tags can be grouped by "
           "tag.NAME):",
           nullptr, static_cast<int>(ids.size())),
        QString(), &ok);
    if (ok)
        addTags(m_store, ids, text);
}

void DatasetEditActions::askRemoveTag() {
    const std::vector<int> ids = selectedIds();
    QStringList present;
    for (int id : ids)
        if (const DatasetEntry* entry = m_store->find(id))
            present << entry->tags;
    present.removeDuplicates();
    if (present.isEmpty())
        return;
    bool ok = false;
    const QString tag = QInputDialog::getItem(
        dialogParent(), tr("Remove tag"),
        tr("Tag to remove from %n dataset(s):", nullptr, static_cast<int>(ids.size())), present, 0,
        false, &ok);
    if (ok)
        removeTag(m_store, ids, tag);
}

void DatasetEditActions::askRelabel() {
    const std::vector<int> ids = selectedIds();
    if (ids.empty())
        return;
    bool ok = false;
    const QString pattern = ScreenFit::askText(
        dialogParent(), tr("Relabel"),
        tr("New label of %n dataset(s):\n", nullptr, static_cast<int>(ids.size())) +
            LabelPattern::help(),
        m_lastPattern, &ok);
    if (!ok || pattern.trimmed().isEmpty())
        return;
    m_lastPattern = pattern;
    QString error;
    if (!relabel(m_store, ids, pattern, &error))
        emit problem(tr("Not relabelled"), {error});
}

void DatasetEditActions::askSetMetadata() {
    const std::vector<int> ids = selectedIds();
    if (ids.empty())
        return;
    std::vector<GroupMember> members;
    // The members point into the analyses: held here while the dialog is open, should a
    // live run's data be replaced meanwhile.
    std::vector<std::shared_ptr<const DatasetAnalysis>> held;
    QList<int> present;
    for (int id : ids)
        if (const DatasetEntry* entry = m_store->find(id)) {
            members.push_back(DatasetGrouping::memberOf(*entry));
            held.push_back(entry->analysis);
            present << id;
        }
    MetadataDialog dialog(std::move(members), dialogParent());
    if (dialog.exec() != QDialog::Accepted)
        return;
    // The datasets may have changed while the dialog was open (a live run); those still there
    // get the edits.
    m_store->setMetadata(present, dialog.edits());
}

} // namespace wb
