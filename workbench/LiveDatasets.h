#pragma once

#include "BackgroundJobs.h"
#include "DatasetStore.h"
#include "import/FileImporter.h"
#include "import/StreamImport.h"

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <memory>
#include <optional>
#include <vector>

namespace wb {

// The datasets of one running measurement as the workbench shows them: they appear in the
// store with the run's first data, grow with its snapshots, and end as the run's final
// datasets (exactly the import of its log). A snapshot brings only what the run gained
// (DatasetGrowth), which is kept here; the grown dataset is copied and analysed (sorted,
// summarised) off the GUI thread, one analysis at a time, and replaces the store's entry.
// The store's change (the views redraw) is the only work on the GUI thread that grows with
// the run; it happens at most every kCostFactor times its own duration, and the analysis
// waits kAnalysisFactor times its own before it starts again, so that the run, its parser
// and the window keep most of the cores.
class LiveDatasets : public QObject {
    Q_OBJECT

public:
    LiveDatasets(DatasetStore* store, QString label, QObject* parent = nullptr);
    ~LiveDatasets() override;

    void grow(const LiveSnapshot& growth);
    // The run's final result replaces what grew; completed() when it is in the store. A
    // small result is analysed at once, so it is in the store when this returns. `keeper`,
    // when given, is the object that holds `result` (the finished run): it is taken over and
    // deleted when the result has been read, off the GUI thread for a large one; without it
    // the result is copied here.
    void complete(const ImportResult& result, QObject* keeper = nullptr);
    bool completed() const { return m_completed; }
    // Deletes this object once the final result is in the store (at once when it is).
    void deleteWhenCompleted();

    // The store is updated at most once per this many times the duration of its last update.
    static constexpr int kCostFactor = 10;
    static constexpr int kAnalysisFactor = 2;
    static constexpr int kMinGapMs = 250;
    // A final result with up to this many samples and intervals is analysed on the caller's
    // thread (a few milliseconds); a larger one off it.
    static constexpr std::size_t kAnalyseAtOnce = 100000;

signals:
    void finalInStore();

private:
    struct Growing {
        std::shared_ptr<const Dataset> shown; // the dataset of the store's entry
        std::vector<DatasetGrowth> pending;   // gained since
    };
    struct Analysed {
        std::size_t index = 0;
        DatasetEntry entry;
    };

    void scheduleRefresh();
    void refresh();
    void analyseFinal();
    void show(std::vector<Analysed> analysed);
    void showFinal(std::vector<DatasetEntry> entries);

    DatasetStore* m_store;
    QString m_label;
    std::vector<int> m_ids;         // store ids of the run's datasets, by index in its log
    std::vector<Growing> m_growing; // by index in the log
    const FormatEntry* m_format = nullptr;
    ParseReport m_report;
    const ImportResult* m_final = nullptr;   // the run's final result, once it ended
    std::optional<ImportResult> m_finalCopy; // when no keeper holds it
    QObject* m_keeper = nullptr;             // holds *m_final; a child of this object
    bool m_analysing = false;
    bool m_completed = false;
    bool m_deleteWhenCompleted = false;
    qint64 m_gapMs = kMinGapMs;
    QElapsedTimer m_sinceShown;
    QElapsedTimer m_analysis; // since the running analysis started
    QTimer m_refreshTimer;
    BackgroundJobs m_jobs; // last: see BackgroundJobs
};

} // namespace wb
