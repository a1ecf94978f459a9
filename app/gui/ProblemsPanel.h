#pragma once

#include <QStringList>
#include <QWidget>

class QPushButton;
class QTreeWidget;

namespace wb {

// The problems of imports, workspaces and runs, newest first, in a panel that blocks
// nothing: each a title ("Some files were not loaded") with what it said and one line per
// detail (a file and its reason). The window keeps taking drops while it is shown.
class ProblemsPanel : public QWidget {
    Q_OBJECT

public:
    explicit ProblemsPanel(QWidget* parent = nullptr);

    void add(const QString& title, const QString& text, const QStringList& details);
    int count() const;
    // The detail lines of the newest problem (for tests and the status bar's tooltip).
    QStringList newestDetails() const;

signals:
    void countChanged(int count);

private:
    QTreeWidget* m_tree = nullptr;
    QPushButton* m_clear = nullptr;
};

} // namespace wb
