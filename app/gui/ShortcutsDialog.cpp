#include "ShortcutsDialog.h"

#include "WorkbenchView.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QDockWidget>
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

// The panel or tab a widget is part of: "the dataset list", "the Run panel", "the Compare tab".
QString placeOf(const QWidget* widget) {
    for (; widget; widget = widget->parentWidget()) {
        if (!widget->accessibleName().isEmpty())
            return QObject::tr("the %1").arg(widget->accessibleName());
        if (const auto* view = qobject_cast<const WorkbenchView*>(widget))
            return QObject::tr("the %1 tab").arg(view->title());
        if (const auto* dock = qobject_cast<const QDockWidget*>(widget))
            return QObject::tr("the %1 panel").arg(dock->windowTitle());
    }
    return {};
}

// The menus an action is in ("Edit"), and the part of the window that must have the focus
// for its shortcut to work ("in the dataset list").
QString whereOf(const QAction* action) {
    QStringList menus;
    QString focus;
    for (QObject* object : action->associatedObjects()) {
        if (const auto* menu = qobject_cast<const QMenu*>(object)) {
            if (!menu->title().isEmpty())
                menus << plainText(menu->title());
        } else if (const auto* widget = qobject_cast<const QWidget*>(object);
                   widget && focus.isEmpty() && action->shortcutContext() != Qt::WindowShortcut &&
                   action->shortcutContext() != Qt::ApplicationShortcut) {
            focus = placeOf(widget);
        }
    }
    menus.removeDuplicates();
    QString where = menus.join(QStringLiteral(", "));
    if (!focus.isEmpty())
        where +=
            (where.isEmpty() ? QString() : QStringLiteral(" — ")) + QObject::tr("in %1").arg(focus);
    return where;
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
