#include "WorkspaceOpening.h"

#include "io/WorkspaceFile.h"

#include <QDir>
#include <QFileInfo>

namespace wb {

namespace {

// The path with every link resolved, so a link inside the folder counts where it points.
QString resolved(const QString& path) {
    const QString canonical = QFileInfo(path).canonicalFilePath();
    return canonical.isEmpty() ? QDir::cleanPath(path) : canonical;
}

bool isInside(const QString& path, const QString& folder) {
    return path.startsWith(folder.endsWith(QLatin1Char('/')) ? folder : folder + QLatin1Char('/'));
}

} // namespace

WorkspaceOpening::WorkspaceOpening(Workspace workspace, const QString& workspacePath)
    : m_workspace(std::move(workspace)), m_missing(WorkspaceFile::missingRawLogs(m_workspace)) {
    const QString folder = resolved(QFileInfo(workspacePath).absolutePath());
    for (const WorkspaceDataset& dataset : m_workspace.datasets) {
        const QString& log = dataset.absoluteSource;
        if (!m_missing.contains(log) && !m_outside.contains(log) &&
            !isInside(resolved(log), folder))
            m_outside << log;
    }
    decide(false);
}

void WorkspaceOpening::decide(bool readOutside) {
    m_toImport = m_workspace;
    m_toImport.datasets.clear();
    m_notLoaded.clear();
    for (const WorkspaceDataset& dataset : m_workspace.datasets) {
        if (m_missing.contains(dataset.absoluteSource))
            m_notLoaded.push_back({dataset, missingReason()});
        else if (!readOutside && m_outside.contains(dataset.absoluteSource))
            m_notLoaded.push_back({dataset, declinedReason()});
        else
            m_toImport.datasets.push_back(dataset);
    }
}

QString WorkspaceOpening::missingReason() {
    return QStringLiteral("raw log not found (moved or deleted)");
}

QString WorkspaceOpening::declinedReason() {
    return QStringLiteral("outside the workspace's folder; not read, as chosen when it was "
                          "opened");
}

} // namespace wb
