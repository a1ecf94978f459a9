#pragma once

#include "ReportSource.h"
#include "model/Workspace.h"

#include <QObject>

#include <optional>

namespace wb {

class DatasetStore;
class ImportController;

// The workspace open in the workbench, for the window and `wirebench-cli report` alike: saving
// the store (labels, colours, visibility, tags, metadata, grouping) and the views' settings,
// opening them again, and the report's title and logs not read. Logs outside the workspace's
// folder (`../../etc/shadow`, or a link inside it to such a place) are read only when the user
// agrees: a workspace from someone else must not make the workbench read this machine's files.
class WorkspaceSession : public QObject {
public:
    // A workspace file as read, with its logs checked (thousands take a while: read it off
    // the GUI thread). Logs as absolute paths, each once.
    struct Read {
        std::optional<Workspace> workspace;
        QString error; // why there is no workspace
        QStringList missingLogs;
        QStringList outsideLogs; // existing ones outside the workspace's folder
    };
    static Read read(const QString& path);
    static bool isWorkspaceFile(const QString& path);

    // Lists the files `importer` cannot read among the logs not read.
    WorkspaceSession(DatasetStore* store, ImportController* importer, QObject* parent = nullptr);

    // The workspace file last opened or saved; empty when none.
    const QString& path() const { return m_path; }
    QString displayTitle() const; // the title, else the file name

    // Saves the store's datasets, then `notLoaded`, the views' settings (by
    // WorkbenchView::settingsKey()) and the window's tab.
    bool save(const QString& path, const std::vector<NotLoadedDataset>& notLoaded,
              const QMap<QString, QJsonObject>& viewSettings, int currentTab, QString* error);

    // Clears the store and takes the workspace's path, title and grouping; import() follows.
    void open(const QString& path, const Workspace& workspace);
    // Imports the workspace's datasets but those of missing logs and (unless `readOutside`)
    // of outside logs: those are returned, with why, and listed as not read.
    std::vector<NotLoadedDataset> import(const Read& read, bool readOutside);
    static int currentTab(const Workspace& workspace);

    // The report of the store with the views' settings: the title ("Wirebench report" when
    // no workspace is open) and the logs not read since the workspace was opened.
    ReportSource reportSource(const QMap<QString, QJsonObject>& viewSettings) const;

private:
    DatasetStore* m_store;
    ImportController* m_importer;
    QString m_path;
    QString m_title;
    std::vector<ReportProblem> m_notRead;
};

} // namespace wb
