#pragma once

#include "model/Workspace.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace wb {

// A dataset of a workspace whose raw log was not read, kept with everything the workspace
// says about it (label, colour, tags, place) so that saving the workspace keeps it too.
struct NotLoadedDataset {
    WorkspaceDataset dataset;
    QString why;
};

// What opening a workspace reads. Logs that are missing stay in the workspace as not-loaded
// datasets. Logs outside the workspace's folder (`../../etc/shadow`, `/var/log/x`, or a link
// inside the folder to such a place) are read only when the user agrees: a workspace from
// someone else must not make the workbench read files of this machine unasked.
class WorkspaceOpening {
public:
    WorkspaceOpening(Workspace workspace, const QString& workspacePath);

    // The existing logs outside the workspace's folder (absolute paths, each once).
    const QStringList& outsideLogs() const { return m_outside; }
    // Splits the datasets into those to import and those kept without their data; the
    // outside logs are read only when `readOutside`.
    void decide(bool readOutside);

    const Workspace& toImport() const { return m_toImport; }
    const std::vector<NotLoadedDataset>& notLoaded() const { return m_notLoaded; }

    static QString missingReason();
    static QString declinedReason();

private:
    Workspace m_workspace;
    QStringList m_missing;
    QStringList m_outside;
    Workspace m_toImport;
    std::vector<NotLoadedDataset> m_notLoaded;
};

} // namespace wb
