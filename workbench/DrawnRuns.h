#pragma once

#include <QString>

#include <cstddef>
#include <vector>

namespace wb {

struct DatasetEntry;

// Which of many runs one figure draws. Thousands of curves, bars or boxes in one plot are
// unreadable, and a legend of thousands of entries hides the plot, so a figure draws the
// first kMaxDrawn runs in the dataset list's order and its note names the runs left out:
// nothing is dropped silently, and the tables still list every run.
struct DrawnRuns {
    static constexpr std::size_t kMaxDrawn = 40;

    std::vector<const DatasetEntry*> drawn;
    std::size_t total = 0;
    QString note; // empty when every run is drawn

    // what: the runs' kind in the note, e.g. "runs" or "faint per-run curves".
    static DrawnRuns of(const std::vector<const DatasetEntry*>& entries,
                        const QString& what = QStringLiteral("runs"), std::size_t max = kMaxDrawn);
};

} // namespace wb
