#pragma once

#include "DatasetGroups.h"
#include "RunLevelStatistics.h"
#include "RunValues.h"

#include <QString>

#include <vector>

namespace wb {

// One statistic of a group (its p99, its SUM). With two runs or more it is at run level:
// each run reduced to one value first (RunValues), then the mean of those values, a CI of
// that mean drawn by resampling whole runs (RunLevelStatistics::summarize bootstraps the run
// values, which is a cluster bootstrap with one value per run), and the spread between runs
// (min–max and population SD). With one run `runs.mean` is that run's own value, computed
// from its samples, and there is no CI and no spread.
struct GroupStatistic {
    QString name; // RunStatistic::name, "p99 (ms)"
    RunLevelSummary runs;
};

struct GroupSummary {
    QString name;             // the group's name, "congestion_control=cubic"
    std::size_t runCount = 0; // runs in the group (RunValues::runs: a step is one run)
    std::vector<GroupStatistic> statistics;

    // Two runs or more: the figures are run-level; one run: sample-level.
    bool runLevel() const { return runCount >= 2; }
    const GroupStatistic* find(const QString& statistic) const;
};

class GroupSummaries {
public:
    // The group's datasets summarised per RunValues statistic, one value per run
    // (RunValues::runs: a concurrent step's datasets are one run).
    static GroupSummary of(const QString& name, const std::vector<const Dataset*>& runs,
                           const BootstrapOptions& options = {});
    // Each group of members (DatasetGroups::group) summarised, in the groups' order: what
    // `table --group-by` and the report show.
    static std::vector<GroupSummary> of(const std::vector<GroupMember>& members,
                                        const std::vector<DatasetGroup>& groups,
                                        const BootstrapOptions& options = {});

    // "run level: mean of 3 runs' values, 95 % CI resampling runs, spread min–max of runs";
    // "one run: sample level, no between-run variation" when no group has two runs. Says
    // which kind of figure the group rows show.
    static QString levelCaption(const std::vector<GroupSummary>& groups,
                                const BootstrapOptions& options);
};

} // namespace wb
