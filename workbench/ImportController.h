#pragma once

#include "BackgroundJobs.h"
#include "DatasetStore.h"
#include "model/Workspace.h"

#include <QObject>
#include <QStringList>
#include <QTimer>

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <vector>

namespace wb {

// Imports files and folders off the GUI thread. Each file is parsed and analysed (sorted,
// summarised) in a worker; its datasets reach the store soon after that file is done, so the
// window fills up while a large drop is still being read. Cancel keeps what was read.
// Datasets reach the store in batches (DatasetStore::add of many): every view redraws once a
// batch, and batches are spaced by several times what the last one cost the GUI thread, so
// redrawing stays a small share of an import of thousands of logs.
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
        // By index in the file; a workspace may list one dataset twice (a log opened twice),
        // and each listing is a dataset of its own.
        std::multimap<int, WorkspaceDataset> chosen;
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
    // Why a workspace's dataset is not loaded after a cancel.
    static QString cancelledReason();

signals:
    void started(int files); // once the folders are expanded and the files are known
    // Overall progress in per mille of all bytes, and the file being read.
    void progress(int perMille, const QString& file);
    void fileFailed(const QString& file, const QString& why);
    // Datasets a workspace lists that this import did not give (the file could not be read,
    // it holds fewer runs than the workspace's index, or the import was cancelled before it),
    // with everything the workspace says about them, so that saving it keeps them. A log that
    // holds fewer runs is also reported through fileFailed().
    void datasetsNotLoaded(const std::vector<NotLoadedDataset>& datasets);
    void finished(int datasetsAdded, int filesFailed, bool cancelled);

private:
    // What to read, worked out in the worker: expanding folders and matching thousands of a
    // workspace's datasets to their logs takes a while.
    using Requests = std::function<std::vector<Request>()>;
    // Starts the import, or queues it while another one runs.
    void run(Requests requests);
    static std::vector<Request> requestsFor(const QStringList& paths);
    static std::vector<Request> requestsFor(const Workspace& workspace);
    // The import's datasets of one request, each listing of the workspace its own dataset
    // with its choices restored; the listings the file did not give go to `notLoaded`.
    static std::vector<DatasetEntry> chosenEntries(const Request& request, ImportResult&& result,
                                                   std::vector<NotLoadedDataset>& notLoaded,
                                                   QStringList& problems);
    // Datasets a worker finished, waiting for the next batch; flush() adds them to the store.
    void arrived(std::vector<DatasetEntry> entries);
    void flush();

    DatasetStore* m_store;
    std::vector<DatasetEntry> m_arrived;
    QTimer m_batchTimer;
    bool m_busy = false;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    std::vector<Requests> m_queued; // what was asked for while an import was running
    BackgroundJobs m_jobs{this};
};

} // namespace wb
