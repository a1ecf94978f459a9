#include "ImportController.h"

#include "DatasetStore.h"
#include "io/FileImporter.h"
#include "io/LogFiles.h"
#include "parse/FormatRegistry.h"

#include <QElapsedTimer>
#include <QFileInfo>

#include <algorithm>
#include <tuple>
#include <utility>

namespace wb {

namespace {
// Restores what the workspace says about one dataset; false when it did not list it.
bool applyChoice(const ImportController::Request& request, DatasetEntry& entry) {
    const auto chosen = request.chosen.find(entry.indexInFile);
    if (chosen == request.chosen.end())
        return false;
    const WorkspaceDataset& saved = chosen->second;
    if (!saved.label.isEmpty())
        entry.label = saved.label;
    if (!saved.color.isEmpty()) {
        const uint rgb = saved.color.mid(1).toUInt(nullptr, 16); // "#rrggbb" (WorkspaceFile)
        entry.color = SeriesColor::rgb8(int(rgb >> 16), int(rgb >> 8 & 0xff), int(rgb & 0xff));
    }
    entry.visible = saved.visible;
    entry.tags = saved.tags;
    return true;
}
} // namespace

ImportController::ImportController(DatasetStore* store, QObject* parent)
    : QObject(parent), m_store(store) {}

// The running import stops at its next progress report; m_jobs then waits for it.
ImportController::~ImportController() {
    if (m_cancel)
        m_cancel->store(true);
}

QStringList ImportController::expandPaths(const QStringList& paths) {
    return LogFiles::expand(paths).files;
}

void ImportController::cancel() {
    m_queued.clear();
    if (m_cancel)
        m_cancel->store(true);
}

std::vector<ImportController::Request> ImportController::requestsFor(const QStringList& paths) {
    const LogFiles::List list = LogFiles::expand(paths);
    std::vector<Request> requests;
    for (const RefusedPath& refused : list.refused)
        requests.push_back({refused.path, {}, {}, refused.why});
    for (const QString& file : list.files)
        requests.push_back({file, {}, {}, {}});
    return requests;
}

void ImportController::importPaths(const QStringList& paths) {
    std::vector<Request> requests = requestsFor(paths);
    if (m_busy) { // one import at a time; later drops wait their turn
        m_queued.insert(m_queued.end(), requests.begin(), requests.end());
        return;
    }
    run(std::move(requests));
}

void ImportController::importWorkspace(const Workspace& workspace) {
    std::vector<Request> requests;
    for (const WorkspaceDataset& dataset : workspace.datasets) {
        auto same = std::find_if(requests.begin(), requests.end(), [&](const Request& r) {
            return r.path == dataset.absoluteSource;
        });
        if (same == requests.end())
            same =
                requests.insert(requests.end(), {dataset.absoluteSource, dataset.formatId, {}, {}});
        same->chosen[dataset.indexInFile] = dataset;
    }
    if (m_busy) {
        m_queued.insert(m_queued.end(), requests.begin(), requests.end());
        return;
    }
    run(std::move(requests));
}

void ImportController::run(std::vector<Request> requests) {
    m_busy = true;
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    auto cancelFlag = m_cancel;
    emit started(static_cast<int>(requests.size()));

    qint64 totalBytes = 0;
    for (const Request& request : requests)
        totalBytes += QFileInfo(request.path).size();

    // Results travel to the GUI thread as queued calls; the worker never touches the store.
    auto onGui = [this](auto function) {
        m_jobs.post([this, function = std::move(function)]() mutable { function(*this); });
    };

    auto job = [requests = std::move(requests), totalBytes, cancelFlag, onGui]() {
        int added = 0;
        int failed = 0;
        qint64 doneBefore = 0;
        QElapsedTimer sinceReport; // invalid until the first report, which comes at once
        for (const Request& request : requests) {
            if (cancelFlag->load())
                break;
            const QString& file = request.path;
            if (!request.refusal.isEmpty()) {
                ++failed;
                onGui([file, why = request.refusal](ImportController& c) {
                    emit c.fileFailed(file, why);
                });
                continue;
            }
            ImportOptions options;
            options.format = request.formatId;
            options.progress = [&](qint64 done, qint64) {
                if (!sinceReport.isValid() || sinceReport.elapsed() >= 50) { // ~20 a second
                    sinceReport.restart();
                    const int perMille =
                        totalBytes > 0 ? static_cast<int>((doneBefore + done) * 1000 / totalBytes)
                                       : 0;
                    onGui(
                        [perMille, file](ImportController& c) { emit c.progress(perMille, file); });
                }
                return !cancelFlag->load();
            };
            ImportResult result = FileImporter::importFile(file, options);
            doneBefore += QFileInfo(file).size();
            if (!result.ok() || result.datasets.empty()) {
                ++failed;
                const QString why =
                    result.error.isEmpty() ? QStringLiteral("no data in this file") : result.error;
                onGui([file, why](ImportController& c) { emit c.fileFailed(file, why); });
                if (result.datasets.empty())
                    continue;
            }
            for (DatasetEntry& entry : DatasetEntry::fromImport(std::move(result))) {
                if (!request.chosen.empty() && !applyChoice(request, entry))
                    continue;
                ++added;
                onGui([entry = std::move(entry)](ImportController& c) mutable {
                    c.m_store->add(std::move(entry));
                });
            }
        }
        return std::make_tuple(added, failed, cancelFlag->load());
    };
    m_jobs.run(std::move(job), [this](std::tuple<int, int, bool> outcome) {
        const auto [added, failed, cancelled] = outcome;
        m_busy = false;
        emit progress(1000, QString());
        emit finished(added, failed, cancelled);
        if (!m_queued.empty())
            run(std::exchange(m_queued, {}));
    });
}

} // namespace wb
