#pragma once

#include <QAction>
#include <QObject>
#include <QString>

class QToolBar;

namespace wb {

// An on/off setting in a view's tool bar, drawn as a check box. A tool bar's own buttons take
// no keyboard focus and, flat and text only, look like labels; a check box shows its state,
// is reached with Tab and is toggled with Space. The returned action stays the setting's
// handle (setChecked, toggled, setToolTip, setEnabled) and the box follows it both ways.
namespace ToolBarToggle {

QAction* add(QToolBar* bar, const QString& text);

// As above; onTriggered(bool on) runs when the user toggles the box or triggers the action.
template <typename Functor>
QAction* add(QToolBar* bar, const QString& text, const QObject* context, Functor onTriggered) {
    QAction* action = add(bar, text);
    QObject::connect(action, &QAction::triggered, context, onTriggered);
    return action;
}

} // namespace ToolBarToggle

} // namespace wb
