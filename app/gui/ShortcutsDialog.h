#pragma once

#include <QDialog>

class QTreeWidget;

namespace wb {

// Help ▸ Keyboard shortcuts: every shortcut of the window's actions (menus, the dataset
// list, the views), read from the actions themselves, with the menu or panel it works in.
class ShortcutsDialog : public QDialog {
    Q_OBJECT

public:
    explicit ShortcutsDialog(QWidget* window);

    QTreeWidget* table() const { return m_table; }

private:
    QTreeWidget* m_table;
};

} // namespace wb
