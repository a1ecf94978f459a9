#include "ShortcutsDialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QMenu>
#include <QSet>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace wb {

namespace {
QString plainText(QString text) {
    text.remove(QLatin1Char('&'));
    if (text.endsWith(QStringLiteral("…")))
        text.chop(1);
    return text;
}

// The menus an action is in ("File"), or the panel whose focus it needs ("dataset list").
QString whereOf(const QAction* action) {
    QStringList places;
    for (QObject* object : action->associatedObjects()) {
        if (const auto* menu = qobject_cast<const QMenu*>(object)) {
            if (!menu->title().isEmpty())
                places << plainText(menu->title());
        } else if (const auto* widget = qobject_cast<const QWidget*>(object);
                   widget && action->shortcutContext() != Qt::WindowShortcut &&
                   !widget->accessibleName().isEmpty()) {
            places << QObject::tr("when the %1 has the focus").arg(widget->accessibleName());
        }
    }
    places.removeDuplicates();
    return places.join(QStringLiteral(", "));
}
} // namespace

ShortcutsDialog::ShortcutsDialog(QWidget* window)
    : QDialog(window), m_table(new QTreeWidget(this)) {
    setWindowTitle(tr("Keyboard shortcuts"));
    m_table->setObjectName(QStringLiteral("shortcuts"));
    m_table->setRootIsDecorated(false);
    m_table->setHeaderLabels({tr("Action"), tr("Shortcut"), tr("Where")});
    QSet<QString> listed; // an action may be in a menu and on a panel
    for (const QAction* action : window->findChildren<QAction*>()) {
        if (action->shortcuts().isEmpty() || action->menu())
            continue;
        QStringList keys;
        for (const QKeySequence& key : action->shortcuts())
            keys << key.toString(QKeySequence::NativeText);
        const QStringList row{plainText(action->text()), keys.join(QStringLiteral(", ")),
                              whereOf(action)};
        const QString key = row.join(QChar(0));
        if (listed.contains(key))
            continue;
        listed.insert(key);
        new QTreeWidgetItem(m_table, row);
    }
    m_table->sortItems(2, Qt::AscendingOrder);
    m_table->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_table, 1);
    layout->addWidget(buttons);
    resize(600, 520);
}

} // namespace wb
