#pragma once

#include <QObject>
#include <QStringList>

#include <atomic>
#include <memory>

class QThread;

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

    // Folders are expanded to the files inside them (recursively, sorted by name).
    void importPaths(const QStringList& paths);
    void cancel();
    bool busy() const { return m_worker != nullptr; }

    static QStringList expandPaths(const QStringList& paths);

signals:
    void started(int files);
    // Overall progress in per mille of all bytes, and the file being read.
    void progress(int perMille, const QString& file);
    void fileFailed(const QString& file, const QString& why);
    void finished(int datasetsAdded, int filesFailed, bool cancelled);

private:
    void run(const QStringList& files);

    DatasetStore* m_store;
    QThread* m_worker = nullptr;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    QStringList m_queued; // paths dropped while an import is running
};

} // namespace wb
