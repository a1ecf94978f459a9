#include "ToolBarToggle.h"

#include <QActionEvent>
#include <QCheckBox>
#include <QToolBar>

namespace wb {

namespace {
// A check box showing one checkable action. It follows the action through the ActionChanged
// events an action sends the widgets it belongs to: views set their actions with their
// signals blocked (restoring settings must not run the handlers), and events still arrive.
class ActionCheckBox : public QCheckBox {
public:
    ActionCheckBox(QAction* action, QWidget* parent) : QCheckBox(parent), m_action(action) {
        addAction(action);
        follow();
        // A click has already changed the box; trigger() brings the action to the same state
        // and tells the view.
        connect(this, &QCheckBox::clicked, action, [action](bool checked) {
            if (action->isChecked() != checked)
                action->trigger();
        });
    }

protected:
    void actionEvent(QActionEvent* event) override {
        if (event->type() == QEvent::ActionChanged && event->action() == m_action)
            follow();
        QCheckBox::actionEvent(event);
    }

private:
    void follow() {
        setText(m_action->text());
        setToolTip(m_action->toolTip());
        setEnabled(m_action->isEnabled());
        setChecked(m_action->isChecked());
    }

    QAction* m_action;
};
} // namespace

QAction* ToolBarToggle::add(QToolBar* bar, const QString& text) {
    auto* action = new QAction(text, bar);
    action->setCheckable(true);
    bar->addWidget(new ActionCheckBox(action, bar));
    return action;
}

} // namespace wb
