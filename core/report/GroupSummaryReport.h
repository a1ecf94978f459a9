#pragma once

#include "report/TableWriter.h"
#include "stats/GroupSummary.h"

#include <QJsonObject>

#include <vector>

namespace wb {

// Group summaries (GroupSummaries::of) as `wirebench-cli table --group-by`, the Percentiles
// and Flows tabs and the report show them: one row per group, columns saying the kind of
// figure (run level or, for a group of one run, sample level).
class GroupSummaryReport {
public:
    // group, runs, level ("run" / "sample (one run)"), then per statistic (in the order the
    // groups name them) "NAME mean of runs", "NAME 95 % CI (runs resampled)" and
    // "NAME min–max of runs"; the caption is GroupSummaries::levelCaption.
    static Table table(const std::vector<GroupSummary>& groups, const BootstrapOptions& options);
    // Two groups side by side, a row per statistic (in the order the groups name them):
    // "statistic", "A runs", "A mean of runs", "B runs", "B mean of runs", "B − A"; "-" where
    // a side lacks the statistic. For a comparison whose run values are more than its sides'
    // samples show (a latency-under-load step's SUMs beside its ping).
    static Table sideBySide(const GroupSummary& a, const GroupSummary& b);
    // Runs by name, each the datasets RunValues makes one run of (a latency-under-load
    // step's ping, flows and ss log).
    using NamedRuns = std::vector<std::pair<QString, std::vector<const Dataset*>>>;
    // A row per run: "run", then each statistic RunValues gives any of them, in its order,
    // "-" where a run lacks it. What `table` shows of latency-under-load steps.
    static Table runsTable(const NamedRuns& runs);
    // [{"run":NAME,"kind":"latency_under_load","values":{STATISTIC:value,…}}, …]
    static QJsonArray runsJson(const NamedRuns& runs);
    // {"level":"run","groups":[{"group","runs","level":"run"|"sample","statistics":[
    //   {"statistic","mean","ci":[lo,hi]|null,"min","max","stddev","median"}]}],
    //  "bootstrap":{"resamples","seed","confidence","resampled":"runs"}}
    static QJsonObject json(const std::vector<GroupSummary>& groups,
                            const BootstrapOptions& options);
    // The statistics any group has, in the order they first appear.
    static QStringList statisticNames(const std::vector<GroupSummary>& groups);
    // "[lo, hi]" with the statistic's decimals, "-" when invalid.
    static QString intervalText(const ConfidenceInterval& interval, const QString& statistic);
    static QString valueText(double value, const QString& statistic);
};

} // namespace wb
