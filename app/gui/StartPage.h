#pragma once

#include <QFrame>
#include <QList>
#include <QString>
#include <QStringList>

class QAction;
class QLabel;
class QListWidget;
class QPushButton;

namespace wb {

// What an empty window shows in place of empty axes: what can be dropped (logs of every
// format the registry reads, folders, workspaces), buttons for the File menu's open actions
// and the samples, and the recent files and workspaces. It turns highlighted while a drag
// hovers over the window.
class StartPage : public QFrame {
    Q_OBJECT

public:
    explicit StartPage(QWidget* parent = nullptr);

    // Buttons for the window's own actions (Open logs, Open folder, Open workspace…), so
    // their shortcuts and tooltips stay in one place.
    void setOpenActions(const QList<QAction*>& actions);
    // The samples' demo workspace, or empty to hide "Open the demo workspace".
    void setSamplesWorkspace(const QString& path);
    void setRecentFiles(const QStringList& paths);
    void setDropHighlighted(bool highlighted);
    bool dropHighlighted() const { return m_highlighted; }

    // The formats read, one line each ("ping (iputils): Linux iputils ping/ping6"), from the
    // format registry.
    static QStringList formatLines();
    // The demo workspace of the samples installed with this build, else of its source tree,
    // if any.
    static QString findSamplesWorkspace();

signals:
    void openRequested(const QStringList& paths);

private:
    QWidget* m_actionsRow = nullptr;
    QPushButton* m_samples = nullptr;
    QListWidget* m_recent = nullptr;
    QLabel* m_recentTitle = nullptr;
    QString m_samplesPath;
    bool m_highlighted = false;
};

} // namespace wb
