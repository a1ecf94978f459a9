#include "ImportController.h"

#include "DatasetMetadata.h"
#include "DatasetStore.h"
#include "import/FileImporter.h"
#include "import/LogFiles.h"
#include "parse/FormatRegistry.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QHash>

#include <algorithm>
#include <iterator>
#include <set>
#include <tuple>
#include <utility>

namespace wb {

namespace {
// Restores what the workspace says about one dataset.
void applyChoice(const WorkspaceDataset& saved, DatasetEntry& entry) {
    if (!saved.label.isEmpty())
        entry.label = saved.label;
    if (!saved.color.isEmpty())
        entry.color = SeriesColor::fromName(saved.color);
    entry.visible = saved.visible;
    entry.tags = saved.tags;
    for (auto it = saved.metadata.begin(); it != saved.metadata.end(); ++it)
        if (DatasetMetadata::refusal(it.key()).isEmpty()) // a hand-edited "label" or "tag.x"
            entry.metadata.insert(DatasetGroups::canonicalKey(it.key()), it.value());
}
} // namespace

QString ImportController::cancelledReason() {
    return QStringLiteral("not read: the import was cancelled");
}

std::vector<DatasetEntry> ImportController::chosenEntries(const Request& request,
                                                          ImportResult&& result,
                                                          std::vector<NotLoadedDataset>& notLoaded,
                                                          QStringList& problems) {
    const QString error = result.error;
    const bool cancelled = result.cancelled;
    const std::size_t runs = result.datasets.size();
    std::vector<DatasetEntry> entries = DatasetEntry::fromImport(std::move(result));
    if (request.chosen.empty())
        return entries;
    std::vector<DatasetEntry> kept;
    std::set<int> given;
    for (const DatasetEntry& entry : entries) {
        const auto [first, last] = request.chosen.equal_range(entry.indexInFile);
        for (auto it = first; it != last; ++it) {
            kept.push_back(entry);
            applyChoice(it->second, kept.back());
        }
        given.insert(entry.indexInFile);
    }
    for (const auto& [index, saved] : request.chosen) {
        if (given.count(index))
            continue;
        if (cancelled) {
            notLoaded.push_back({saved, cancelledReason()});
            continue;
        }
        if (runs == 0 || !error.isEmpty()) { // not read, or not whole: fileFailed() said why
            notLoaded.push_back(
                {saved, error.isEmpty() ? QStringLiteral("no data in this file") : error});
            continue;
        }
        const QString why = QStringLiteral("run %1 of %2 is not in the log any more "
                                           "(re-recorded or split?)")
                                .arg(index + 1)
                                .arg(runs);
        if (!problems.contains(why))
            problems << why;
        notLoaded.push_back({saved, why});
    }
    return kept;
}

namespace {
// The first batch of an import waits this long for more; later ones wait kBatchCostFactor
// times what adding the previous batch took (views redrawing), at most kMaxBatchMs.
constexpr int kMinBatchMs = 50;
constexpr int kMaxBatchMs = 2000;
constexpr qint64 kBatchCostFactor = 4;
} // namespace

ImportController::ImportController(DatasetStore* store, QObject* parent)
    : QObject(parent), m_store(store) {
    m_batchTimer.setSingleShot(true);
    m_batchTimer.setInterval(kMinBatchMs);
    connect(&m_batchTimer, &QTimer::timeout, this, &ImportController::flush);
}

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

std::vector<ImportController::Request> ImportController::requestsFor(const Workspace& workspace) {
    std::vector<Request> requests;
    QHash<QString, std::size_t> requestOf; // by path: a workspace may name thousands of logs
    for (const WorkspaceDataset& dataset : workspace.datasets) {
        auto it = requestOf.constFind(dataset.absoluteSource);
        if (it == requestOf.constEnd()) {
            it = requestOf.insert(dataset.absoluteSource, requests.size());
            requests.push_back({dataset.absoluteSource, dataset.formatId, {}, {}});
        }
        requests[*it].chosen.emplace(dataset.indexInFile, dataset);
    }
    return requests;
}

void ImportController::importPaths(const QStringList& paths) {
    run([paths] { return requestsFor(paths); });
}

void ImportController::importWorkspace(const Workspace& workspace) {
    run([workspace] { return requestsFor(workspace); });
}

void ImportController::run(Requests makeRequests) {
    if (m_busy) { // one import at a time; later drops wait their turn
        m_queued.push_back(std::move(makeRequests));
        return;
    }
    m_busy = true;
    m_batchTimer.setInterval(kMinBatchMs);
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    auto cancelFlag = m_cancel;

    // Results travel to the GUI thread as queued calls; the worker never touches the store.
    auto onGui = [this](auto function) {
        m_jobs.post([this, function = std::move(function)]() mutable { function(*this); });
    };

    auto job = [makeRequests = std::move(makeRequests), cancelFlag, onGui]() {
        const std::vector<Request> requests = makeRequests();
        onGui([files = static_cast<int>(requests.size())](ImportController& c) {
            emit c.started(files);
        });
        // Sizes for the progress bar; a stat per file, so in the worker for thousands of files.
        qint64 totalBytes = 0;
        for (const Request& request : requests)
            totalBytes += QFileInfo(request.path).size();
        int added = 0;
        int failed = 0;
        qint64 doneBefore = 0;
        QElapsedTimer sinceReport; // invalid until the first report, which comes at once
        std::vector<NotLoadedDataset> notLoaded;
        for (const Request& request : requests) {
            if (cancelFlag->load()) {
                for (const auto& [index, saved] : request.chosen)
                    notLoaded.push_back({saved, cancelledReason()});
                continue;
            }
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
            }
            QStringList problems;
            std::vector<DatasetEntry> kept =
                chosenEntries(request, std::move(result), notLoaded, problems);
            for (const QString& why : problems)
                onGui([file, why](ImportController& c) { emit c.fileFailed(file, why); });
            added += static_cast<int>(kept.size());
            if (!kept.empty())
                onGui([kept = std::move(kept)](ImportController& c) mutable {
                    c.arrived(std::move(kept));
                });
        }
        if (!notLoaded.empty())
            onGui([notLoaded = std::move(notLoaded)](ImportController& c) {
                emit c.datasetsNotLoaded(notLoaded);
            });
        return std::make_tuple(added, failed, cancelFlag->load());
    };
    m_jobs.run(std::move(job), [this](std::tuple<int, int, bool> outcome) {
        const auto [added, failed, cancelled] = outcome;
        flush(); // the last datasets are in the store before finished() says so
        m_busy = false;
        emit progress(1000, QString());
        emit finished(added, failed, cancelled);
        if (!m_queued.empty()) {
            std::vector<Requests> queued = std::exchange(m_queued, {});
            run([queued = std::move(queued)] {
                std::vector<Request> all;
                for (const Requests& requests : queued)
                    for (Request& request : requests())
                        all.push_back(std::move(request));
                return all;
            });
        }
    });
}

void ImportController::arrived(std::vector<DatasetEntry> entries) {
    std::move(entries.begin(), entries.end(), std::back_inserter(m_arrived));
    if (!m_batchTimer.isActive())
        m_batchTimer.start();
}

void ImportController::flush() {
    m_batchTimer.stop();
    if (m_arrived.empty())
        return;
    QElapsedTimer cost;
    cost.start();
    m_store->add(std::exchange(m_arrived, {}));
    m_batchTimer.setInterval(static_cast<int>(
        std::clamp<qint64>(kBatchCostFactor * cost.elapsed(), kMinBatchMs, kMaxBatchMs)));
}

} // namespace wb
