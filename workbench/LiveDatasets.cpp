#include "LiveDatasets.h"

#include "parse/FormatRegistry.h"

#include <algorithm>
#include <numeric>

namespace wb {

namespace {

std::size_t valuesIn(const ImportResult& result) {
    return std::accumulate(result.datasets.begin(), result.datasets.end(), std::size_t{0},
                           [](std::size_t sum, const Dataset& dataset) {
                               std::size_t n = dataset.latency.size();
                               for (const Flow& flow : dataset.flows.flows)
                                   n += flow.intervals.size();
                               return sum + n;
                           });
}

// `base` grown by `pending`, in order; from the last growth that is a whole dataset.
Dataset grown(const std::shared_ptr<const Dataset>& base,
              const std::vector<DatasetGrowth>& pending) {
    const auto lastWhole = std::find_if(pending.rbegin(), pending.rend(),
                                        [](const DatasetGrowth& g) { return g.whole; });
    auto from = pending.begin();
    Dataset dataset;
    if (lastWhole != pending.rend())
        from = std::prev(lastWhole.base());
    else if (base)
        dataset = *base;
    for (auto it = from; it != pending.end(); ++it)
        it->applyTo(dataset);
    return dataset;
}

} // namespace

LiveDatasets::LiveDatasets(DatasetStore* store, QString label, QObject* parent)
    : QObject(parent), m_store(store), m_label(std::move(label)), m_jobs(this) {
    m_refreshTimer.setSingleShot(true);
    connect(&m_refreshTimer, &QTimer::timeout, this, &LiveDatasets::refresh);
}

LiveDatasets::~LiveDatasets() = default;

void LiveDatasets::grow(const LiveSnapshot& growth) {
    if (m_final || m_completed)
        return;
    m_format = growth.format;
    m_report = growth.report;
    m_growing.resize(std::max(m_growing.size(), growth.datasets.size()));
    for (std::size_t i = 0; i < growth.datasets.size(); ++i)
        m_growing[i].pending.push_back(growth.datasets[i]);
    scheduleRefresh();
}

void LiveDatasets::scheduleRefresh() {
    if (m_analysing || m_refreshTimer.isActive())
        return;
    const qint64 since = m_sinceShown.isValid() ? m_sinceShown.elapsed() : m_gapMs;
    m_refreshTimer.start(static_cast<int>(std::max<qint64>(0, m_gapMs - since)));
}

void LiveDatasets::refresh() {
    if (m_analysing || m_final)
        return;
    struct Work {
        std::size_t index;
        std::shared_ptr<const Dataset> base;
        std::vector<DatasetGrowth> pending;
    };
    std::vector<Work> work;
    for (std::size_t i = 0; i < m_growing.size(); ++i)
        if (!m_growing[i].pending.empty())
            work.push_back({i, m_growing[i].shown, std::exchange(m_growing[i].pending, {})});
    if (work.empty())
        return;
    m_analysing = true;
    m_analysis.start();
    const FormatEntry* format = m_format;
    m_jobs.run(
        [work = std::move(work), format, report = m_report] {
            std::vector<Analysed> analysed;
            for (const Work& item : work) {
                ImportResult result;
                result.format = format;
                result.report = report;
                result.datasets.push_back(grown(item.base, item.pending));
                DatasetEntry entry = std::move(DatasetEntry::fromImport(std::move(result)).front());
                entry.indexInFile = static_cast<int>(item.index);
                analysed.push_back({item.index, std::move(entry)});
            }
            return analysed;
        },
        [this](std::vector<Analysed> analysed) {
            m_analysing = false;
            if (m_final) {
                analyseFinal();
                return;
            }
            const qint64 analysisMs = m_analysis.elapsed();
            show(std::move(analysed));
            m_gapMs = std::max(m_gapMs, kAnalysisFactor * analysisMs);
            if (std::any_of(m_growing.begin(), m_growing.end(),
                            [](const Growing& g) { return !g.pending.empty(); }))
                scheduleRefresh();
        });
}

void LiveDatasets::show(std::vector<Analysed> analysed) {
    QElapsedTimer cost;
    cost.start();
    for (Analysed& item : analysed) {
        if (item.index < m_growing.size())
            m_growing[item.index].shown = item.entry.analysis->dataset;
        const std::size_t i = item.index;
        if (i < m_ids.size() && m_store->find(m_ids[i])) {
            m_store->replaceData(m_ids[i], std::move(item.entry));
            continue;
        }
        item.entry.label = i == 0 ? m_label : QStringLiteral("%1 (%2)").arg(m_label).arg(i + 1);
        const int id = m_store->add(std::move(item.entry));
        if (i < m_ids.size())
            m_ids[i] = id; // the user removed it while the run went on: add it again
        else {
            m_ids.resize(i, 0);
            m_ids.push_back(id);
        }
    }
    m_gapMs = std::max<qint64>(kMinGapMs, kCostFactor * cost.elapsed());
    m_sinceShown.start();
}

void LiveDatasets::complete(const ImportResult& result, QObject* keeper) {
    if (m_final || m_completed)
        return;
    m_refreshTimer.stop();
    for (Growing& growing : m_growing)
        growing.pending.clear();
    if (keeper) {
        m_keeper = keeper;
        m_keeper->setParent(this);
        m_final = &result;
    } else {
        m_finalCopy = result;
        m_final = &*m_finalCopy;
    }
    if (!m_analysing)
        analyseFinal();
}

void LiveDatasets::analyseFinal() {
    const auto analyse = [result = m_final] {
        return DatasetEntry::fromImport(ImportResult(*result));
    };
    if (valuesIn(*m_final) <= kAnalyseAtOnce) {
        showFinal(analyse());
        return;
    }
    m_analysing = true;
    m_jobs.run(analyse, [this](std::vector<DatasetEntry> entries) {
        m_analysing = false;
        showFinal(std::move(entries));
    });
}

void LiveDatasets::showFinal(std::vector<DatasetEntry> entries) {
    std::vector<Analysed> analysed;
    for (std::size_t i = 0; i < entries.size(); ++i)
        analysed.push_back({i, std::move(entries[i])});
    show(std::move(analysed));
    m_growing.clear();
    m_completed = true;
    // The final result is read: the run that holds it may go.
    if (m_keeper)
        std::exchange(m_keeper, nullptr)->deleteLater();
    m_finalCopy.reset();
    m_final = nullptr;
    emit finalInStore();
    if (m_deleteWhenCompleted)
        deleteLater();
}

void LiveDatasets::deleteWhenCompleted() {
    m_deleteWhenCompleted = true;
    if (m_completed || (!m_final && !m_analysing))
        deleteLater();
}

} // namespace wb
