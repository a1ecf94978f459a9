#include "GroupSummary.h"

#include <algorithm>

namespace wb {

const GroupStatistic* GroupSummary::find(const QString& statistic) const {
    for (const GroupStatistic& candidate : statistics)
        if (candidate.name == statistic)
            return &candidate;
    return nullptr;
}

GroupSummary GroupSummaries::of(const QString& name, const std::vector<const Dataset*>& runs,
                                const BootstrapOptions& options) {
    GroupSummary summary;
    summary.name = name;
    summary.runCount = RunValues::measurements(runs).size();
    for (const RunStatistic& statistic : RunValues::of(runs))
        if (!statistic.values.empty())
            summary.statistics.push_back(
                {statistic.name, RunLevelStatistics::summarize(statistic.values, options)});
    return summary;
}

std::vector<GroupSummary> GroupSummaries::of(const std::vector<GroupMember>& members,
                                             const std::vector<DatasetGroup>& groups,
                                             const BootstrapOptions& options) {
    std::vector<GroupSummary> summaries;
    for (const DatasetGroup& group : groups)
        summaries.push_back(of(group.name(), DatasetGroups::runsOf(members, group), options));
    return summaries;
}

QString GroupSummaries::levelCaption(const std::vector<GroupSummary>& groups,
                                     const BootstrapOptions& options) {
    const bool anyRunLevel = std::any_of(groups.begin(), groups.end(),
                                         [](const GroupSummary& g) { return g.runLevel(); });
    const bool anySingle = std::any_of(groups.begin(), groups.end(),
                                       [](const GroupSummary& g) { return !g.runLevel(); });
    const QString confidence = QString::number(options.confidence * 100, 'g', 3);
    QString caption;
    if (anyRunLevel)
        caption = QStringLiteral("Run level: each run summarised first; per group the mean of "
                                 "its runs' values, %1 % CI resampling whole runs (%2 resamples, "
                                 "seed %3), spread = min–max between runs")
                      .arg(confidence)
                      .arg(options.resamples)
                      .arg(options.seed);
    const bool anyFew = std::any_of(groups.begin(), groups.end(), [](const GroupSummary& g) {
        return g.runLevel() && g.runCount < RunLevelStatistics::kBootstrapRuns;
    });
    if (anyFew)
        caption += QStringLiteral("; no CI for a group of fewer than %1 runs, where resampling "
                                  "them does not hold the %2 % coverage")
                       .arg(RunLevelStatistics::kBootstrapRuns)
                       .arg(confidence);
    if (anySingle)
        caption += (caption.isEmpty() ? QString() : QStringLiteral("; ")) +
                   QStringLiteral("a group of one run shows that run's sample-level values: no "
                                  "between-run variation could be estimated");
    if (!caption.isEmpty())
        caption[0] = caption[0].toUpper(); // a sentence, even when this clause stands alone
    return caption;
}

} // namespace wb
