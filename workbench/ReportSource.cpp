#include "ReportSource.h"

#include "DatasetStore.h"

#include <QDateTime>

namespace wb {

namespace {
std::vector<ReportRun> visibleRuns(const DatasetStore& store) {
    std::vector<ReportRun> runs;
    for (const DatasetEntry& entry : store.entries())
        if (entry.visible)
            runs.push_back({entry.analysis, &entry.report, entry.label, entry.formatId, entry.tags,
                            entry.metadata});
    return runs;
}
} // namespace

ReportContent ReportSource::content(const DatasetStore& store) const {
    // Without a grouping chosen in the workbench, the user's tags ("cubic", "reno") are
    // the best guess at what was meant to be compared.
    const QString groupKey = store.groupKey().isEmpty() ? QStringLiteral("tag") : store.groupKey();
    return ReportContent::of(title, visibleRuns(store), problems, groupKey,
                             ChosenComparison::fromViewSettings(viewSettings));
}

QString ReportSource::subtitle(const DatasetStore& store) {
    const std::size_t shown = visibleRuns(store).size();
    QString text = QStringLiteral("Wirebench report of %1 run(s), generated %2.")
                       .arg(shown)
                       .arg(QDateTime::currentDateTime().toString(Qt::ISODate));
    const std::size_t hidden = store.entries().size() - shown;
    if (hidden > 0)
        text += QStringLiteral(" %1 further run(s) of the workspace are hidden in the "
                               "workbench and left out.")
                    .arg(hidden);
    return text;
}

} // namespace wb
