#include "WorkspaceSession.h"

#include "DatasetStore.h"
#include "ImportController.h"
#include "files/WorkspaceFile.h"
#include "import/FileKind.h"

#include <QDir>
#include <QFileInfo>
#include <QSet>

namespace wb {

namespace {
// The members of a workspace's "extra" that the workbench writes and reads back.
const QString kGroupBy = QStringLiteral("groupBy");       // DatasetStore::groupKey()
const QString kCurrentTab = QStringLiteral("currentTab"); // the window's tab, by index

// The path with every link resolved, so a link inside the folder counts where it points.
QString resolved(const QString& path) {
    const QString canonical = QFileInfo(path).canonicalFilePath();
    return canonical.isEmpty() ? QDir::cleanPath(path) : canonical;
}
} // namespace

WorkspaceSession::Read WorkspaceSession::read(const QString& path) {
    Read read;
    read.workspace = WorkspaceFile::load(path, &read.error);
    if (!read.workspace)
        return read;
    QString folder = resolved(QFileInfo(path).absolutePath());
    if (!folder.endsWith(QLatin1Char('/')))
        folder += QLatin1Char('/'); // not "/" alone
    QSet<QString> seen;             // a log may hold several datasets
    for (const WorkspaceDataset& dataset : read.workspace->datasets) {
        const QString& log = dataset.absoluteSource;
        if (seen.contains(log))
            continue;
        seen.insert(log);
        // One that exists but is no regular file (a FIFO, a device) is left to the importer,
        // which refuses it with its kind.
        if (!FileKind::exists(log))
            read.missingLogs << log;
        else if (!resolved(log).startsWith(folder))
            read.outsideLogs << log;
    }
    return read;
}

bool WorkspaceSession::isWorkspaceFile(const QString& path) {
    return path.endsWith(QLatin1Char('.') + QLatin1String(WorkspaceFile::kSuffix));
}

WorkspaceSession::WorkspaceSession(DatasetStore* store, ImportController* importer, QObject* parent)
    : QObject(parent), m_store(store), m_importer(importer) {
    connect(importer, &ImportController::fileFailed, this,
            [this](const QString& file, const QString& why) {
                m_notRead.push_back({file, why});
            });
}

QString WorkspaceSession::displayTitle() const {
    return m_title.isEmpty() ? QFileInfo(m_path).fileName() : m_title;
}

bool WorkspaceSession::save(const QString& path, const std::vector<NotLoadedDataset>& notLoaded,
                            const QMap<QString, QJsonObject>& viewSettings, int currentTab,
                            QString* error) {
    Workspace workspace;
    workspace.title = m_title;
    for (const DatasetEntry& entry : m_store->entries()) {
        const QString& log = entry.dataset().sourceFile;
        workspace.datasets.push_back(
            {log, QFileInfo(log).absoluteFilePath(), QString(), entry.formatId, entry.indexInFile,
             entry.label, entry.color.name(), entry.visible, entry.tags, entry.metadata});
    }
    for (const NotLoadedDataset& kept : notLoaded)
        workspace.datasets.push_back(kept.dataset);
    workspace.viewSettings = viewSettings;
    workspace.extra.insert(kCurrentTab, currentTab);
    workspace.extra.insert(kGroupBy, m_store->groupKey());
    const bool saved = WorkspaceFile::save(workspace, path, error);
    if (saved)
        m_path = path;
    return saved;
}

void WorkspaceSession::open(const QString& path, const Workspace& workspace) {
    m_store->clear();
    m_store->setGroupKey(workspace.extra.value(kGroupBy).toString());
    m_path = path;
    m_title = workspace.title;
}

std::vector<NotLoadedDataset> WorkspaceSession::import(const Read& read, bool readOutside) {
    // On the GUI thread, and thousands of logs may be missing: sets, not lists, to look up.
    const QSet<QString> missing(read.missingLogs.begin(), read.missingLogs.end());
    const QSet<QString> outside(read.outsideLogs.begin(), read.outsideLogs.end());
    Workspace toImport = *read.workspace;
    toImport.datasets.clear();
    std::vector<NotLoadedDataset> notLoaded;
    for (const WorkspaceDataset& dataset : read.workspace->datasets) {
        if (missing.contains(dataset.absoluteSource))
            notLoaded.push_back({dataset, QStringLiteral("raw log not found (moved or deleted)")});
        else if (!readOutside && outside.contains(dataset.absoluteSource))
            notLoaded.push_back({dataset, QStringLiteral("outside the workspace's folder; not "
                                                         "read, as chosen when it was opened")});
        else
            toImport.datasets.push_back(dataset);
    }
    m_notRead.clear();
    for (const NotLoadedDataset& entry : notLoaded)
        m_notRead.push_back({entry.dataset.absoluteSource, entry.why});
    m_importer->importWorkspace(toImport);
    return notLoaded;
}

int WorkspaceSession::currentTab(const Workspace& workspace) {
    return workspace.extra.value(kCurrentTab).toInt();
}

ReportSource WorkspaceSession::reportSource(const QMap<QString, QJsonObject>& viewSettings) const {
    ReportSource source;
    source.title =
        m_path.isEmpty() && m_title.isEmpty() ? QStringLiteral("Wirebench report") : displayTitle();
    source.viewSettings = viewSettings;
    source.problems = m_notRead;
    return source;
}

} // namespace wb
