#include "ProblemsPanel.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDateTime>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QPushButton>
#include <QStyle>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace wb {

ProblemsPanel::ProblemsPanel(QWidget* parent) : QWidget(parent) {
    m_tree = new QTreeWidget(this);
    m_tree->setObjectName(QStringLiteral("problemList"));
    m_tree->setHeaderLabels({tr("Problem"), tr("Time")});
    m_tree->header()->setStretchLastSection(false);
    m_tree->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_tree->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_tree->setWordWrap(true);
    m_tree->setToolTip(tr("Ctrl+C copies the selected lines"));
    m_tree->setSelectionMode(QAbstractItemView::ExtendedSelection);
    auto* copy = new QAction(tr("Copy"), m_tree);
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetShortcut);
    connect(copy, &QAction::triggered, this, [this] {
        QStringList lines;
        for (QTreeWidgetItem* item : m_tree->selectedItems())
            lines << item->text(0);
        QApplication::clipboard()->setText(lines.join(QLatin1Char('\n')));
    });
    m_tree->addAction(copy);
    m_tree->setContextMenuPolicy(Qt::ActionsContextMenu);

    m_clear = new QPushButton(tr("C&lear"), this);
    m_clear->setEnabled(false);
    connect(m_clear, &QPushButton::clicked, this, [this] {
        m_tree->clear();
        m_clear->setEnabled(false);
        emit countChanged(0);
    });
    auto* buttons = new QHBoxLayout;
    buttons->addStretch(1);
    buttons->addWidget(m_clear);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_tree, 1);
    layout->addLayout(buttons);
}

void ProblemsPanel::add(const QString& title, const QString& text, const QStringList& details) {
    auto* problem = new QTreeWidgetItem;
    problem->setText(0, text.isEmpty() ? title : QStringLiteral("%1: %2").arg(title, text));
    problem->setText(1, QDateTime::currentDateTime().toString(QStringLiteral("HH:mm:ss")));
    problem->setIcon(0, style()->standardIcon(QStyle::SP_MessageBoxWarning));
    for (const QString& detail : details) {
        auto* line = new QTreeWidgetItem(problem);
        line->setText(0, detail);
        line->setToolTip(0, detail);
    }
    m_tree->insertTopLevelItem(0, problem);
    problem->setExpanded(true);
    m_tree->setCurrentItem(problem);
    m_clear->setEnabled(true);
    emit countChanged(count());
}

int ProblemsPanel::count() const {
    return m_tree->topLevelItemCount();
}

QStringList ProblemsPanel::newestDetails() const {
    QStringList lines;
    if (QTreeWidgetItem* newest = m_tree->topLevelItem(0))
        for (int i = 0; i < newest->childCount(); ++i)
            lines << newest->child(i)->text(0);
    return lines;
}

} // namespace wb
