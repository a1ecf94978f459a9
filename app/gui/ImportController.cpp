#include "ImportController.h"

#include "DatasetStore.h"
#include "io/FileImporter.h"
#include "parse/FormatRegistry.h"

#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QPointer>
#include <QThread>

namespace wb {

ImportController::ImportController(DatasetStore* store, QObject* parent) : QObject(parent), m_store(store) {}

ImportController::~ImportController() {
    if (m_worker) {
        m_cancel->store(true);
        m_worker->wait();
    }
}

QStringList ImportController::expandPaths(const QStringList& paths) {
    QStringList files;
    for (const QString& path : paths) {
        const QFileInfo info(path);
        if (!info.isDir()) {
            files << path;
            continue;
        }
        QStringList inside;
        QDirIterator it(path, QDir::Files | QDir::Readable, QDirIterator::Subdirectories);
        while (it.hasNext())
            inside << it.next();
        inside.sort();
        files += inside;
    }
    return files;
}

void ImportController::cancel() {
    m_queued.clear();
    if (m_cancel)
        m_cancel->store(true);
}

void ImportController::importPaths(const QStringList& paths) {
    if (m_worker) { // one import at a time; later drops wait their turn
        m_queued += paths;
        return;
    }
    run(expandPaths(paths));
}

void ImportController::run(const QStringList& files) {
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    auto cancelFlag = m_cancel;
    emit started(static_cast<int>(files.size()));
    QPointer<ImportController> self(this);

    qint64 totalBytes = 0;
    for (const QString& file : files)
        totalBytes += QFileInfo(file).size();

    // Results travel to the GUI thread as queued calls; the worker never touches the store.
    auto onGui = [self](auto function) {
        QMetaObject::invokeMethod(
            self.data(), [self, function]() mutable { if (self) function(*self); }, Qt::QueuedConnection);
    };

    m_worker = QThread::create([files, totalBytes, cancelFlag, onGui]() {
        int added = 0;
        int failed = 0;
        qint64 doneBefore = 0;
        QElapsedTimer sinceReport;
        sinceReport.start();
        for (const QString& file : files) {
            if (cancelFlag->load())
                break;
            ImportOptions options;
            options.progress = [&](qint64 done, qint64) {
                if (sinceReport.elapsed() >= 50) { // ~20 updates a second are plenty
                    sinceReport.restart();
                    const int perMille =
                        totalBytes > 0 ? static_cast<int>((doneBefore + done) * 1000 / totalBytes) : 0;
                    onGui([perMille, file](ImportController& c) { emit c.progress(perMille, file); });
                }
                return !cancelFlag->load();
            };
            ImportResult result = FileImporter::importFile(file, options);
            doneBefore += QFileInfo(file).size();
            if (!result.ok() || result.datasets.empty()) {
                ++failed;
                const QString why = result.error.isEmpty() ? QStringLiteral("no data in this file") : result.error;
                onGui([file, why](ImportController& c) { emit c.fileFailed(file, why); });
                if (result.datasets.empty())
                    continue;
            }
            for (DatasetEntry& entry : DatasetEntry::fromImport(std::move(result))) {
                ++added;
                onGui([entry = std::move(entry)](ImportController& c) mutable { c.m_store->add(std::move(entry)); });
            }
        }
        const bool cancelled = cancelFlag->load();
        onGui([added, failed, cancelled](ImportController& c) {
            c.m_worker->wait();
            c.m_worker->deleteLater();
            c.m_worker = nullptr;
            emit c.progress(1000, QString());
            emit c.finished(added, failed, cancelled);
            if (!c.m_queued.isEmpty())
                c.run(expandPaths(std::exchange(c.m_queued, {})));
        });
    });
    m_worker->start();
}

} // namespace wb
