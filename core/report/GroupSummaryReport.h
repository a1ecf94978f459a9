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
