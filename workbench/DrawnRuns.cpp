#include "DrawnRuns.h"

#include "DatasetStore.h"

namespace wb {

DrawnRuns DrawnRuns::of(const std::vector<const DatasetEntry*>& entries, const QString& what,
                        std::size_t max) {
    DrawnRuns runs;
    runs.total = entries.size();
    if (entries.size() <= max) {
        runs.drawn = entries;
        return runs;
    }
    runs.drawn.assign(entries.begin(), entries.begin() + static_cast<std::ptrdiff_t>(max));
    const std::size_t leftOut = entries.size() - max;
    const QString first = entries[max]->label;
    const QString last = entries.back()->label;
    runs.note =
        QStringLiteral("Drawn: the first %1 of %2 %3; the other %4 (%5) are left out of this "
                       "figure, which could not be read with all of them. Tables list every run; "
                       "in the workbench, Group by or hiding runs chooses what is drawn.")
            .arg(max)
            .arg(entries.size())
            .arg(what)
            .arg(leftOut)
            .arg(leftOut == 1 ? QStringLiteral("“%1”").arg(first)
                              : QStringLiteral("“%1” to “%2”").arg(first, last));
    return runs;
}

} // namespace wb
