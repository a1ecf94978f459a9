#pragma once

#include "BackgroundJobs.h"
#include "model/Workspace.h"

#include <QObject>
#include <QStringList>

#include <atomic>
#include <map>
#include <memory>
#include <vector>

namespace wb {

class DatasetStore;

// Imports files and folders off the GUI thread. Each file is parsed and analysed (sorted,
// summarised) in a worker; its datasets reach the store as soon as that file is done, so the
// window fills up while a large drop is still being read. Cancel keeps what was read.
class ImportController : public QObject {
    Q_OBJECT

public:
    explicit ImportController(DatasetStore* store, QObject* parent = nullptr);
    ~ImportController() override;

    // One file to read, and (for workspaces) which of its datasets to keep with what the
    // user had chosen for them; an empty choice keeps every dataset as it comes.
    struct Request {
        QString path;
        QString formatId;
        std::map<int, WorkspaceDataset> chosen; // by index in the file
        QString refusal; // non-empty: not read, only reported with this reason (LogFiles)
    };

    // Folders are expanded to the files inside them (recursively, sorted by name); what a
    // folder holds that is not read is reported through fileFailed().
    void importPaths(const QStringList& paths);
    // Re-reads the raw logs of a workspace and restores labels, colours, visibility, tags.
    void importWorkspace(const Workspace& workspace);
    void cancel();
    bool busy() const { return m_busy; }

    static QStringList expandPaths(const QStringList& paths);

signals:
    void started(int files);
    // Overall progress in per mille of all bytes, and the file being read.
    void progress(int perMille, const QString& file);
    void fileFailed(const QString& file, const QString& why);
    void finished(int datasetsAdded, int filesFailed, bool cancelled);

private:
    void run(std::vector<Request> requests);
    static std::vector<Request> requestsFor(const QStringList& paths);

    DatasetStore* m_store;
    bool m_busy = false;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    std::vector<Request> m_queued; // what was asked for while an import was running
    BackgroundJobs m_jobs{this};
};

} // namespace wb
