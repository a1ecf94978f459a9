#pragma once

#include <QObject>
#include <QString>
#include <QStringList>

#include <vector>

class QAction;
class QAbstractItemView;
class QWidget;

namespace wb {

class DatasetListModel;
class DatasetStore;

// Bulk edits of the datasets selected in the dataset list: add a tag, remove a tag, relabel
// with a pattern (LabelPattern), set metadata (MetadataDialog, DatasetStore::setMetadata).
// The actions (with shortcuts) go on the list and its context menu, and are public for
// menus; the dialogs ask, and the edits themselves are public so tests and other callers
// need no dialog.
class DatasetEditActions : public QObject {
    Q_OBJECT

public:
    DatasetEditActions(QAbstractItemView* list, DatasetListModel* model, DatasetStore* store);

    QAction* addTagAction() const { return m_addTag; }
    QAction* relabelAction() const { return m_relabel; }
    QAction* setMetadataAction() const { return m_setMetadata; }
    // Selected datasets in list order.
    std::vector<int> selectedIds() const;

    // "a, b=c" adds the tags a and b=c to each dataset that lacks them.
    static void addTags(DatasetStore* store, const std::vector<int>& ids, const QString& tags);
    static void removeTag(DatasetStore* store, const std::vector<int>& ids, const QString& tag);
    // Each dataset's label from the pattern, {n} counting 1, 2, … in the order of ids; false
    // (nothing changed) when the pattern has an unknown placeholder or gives an empty label.
    static bool relabel(DatasetStore* store, const std::vector<int>& ids, const QString& pattern,
                        QString* error);

signals:
    // An edit that could not be made (a pattern with an unknown placeholder), for the
    // window's Problems panel.
    void problem(const QString& title, const QStringList& details);

private:
    void askAddTags();
    void askRemoveTag();
    void askRelabel();
    void askSetMetadata();
    QWidget* dialogParent() const;

    QAbstractItemView* m_list;
    DatasetListModel* m_model;
    DatasetStore* m_store;
    QAction* m_addTag;
    QAction* m_removeTag;
    QAction* m_relabel;
    QAction* m_setMetadata;
    QString m_lastPattern;
};

} // namespace wb
