#pragma once

#include "stats/Bootstrap.h"
#include "stats/DatasetGroups.h"

#include <vector>

namespace wb::cli {

class CliContext;
class OptionParser;
struct CommonOptions;

// The options of the commands that group logs (compare, table): --group-by KEY, the
// bootstrap's --seed and --resamples and, where accepted, --pooled.
struct GroupOptions {
    QString groupBy;
    BootstrapOptions bootstrap;
    bool pooled = false; // the groups' samples pooled as one run instead of run level
};

// Reads the group options through the command's parser (parseCommonOptions); --pooled where
// the command declares it.
void bindGroupOptions(OptionParser& parser, CliContext& context, GroupOptions* options);

// True when KEY (if given) is a key grouping knows or one the user gave values for (--set,
// --metadata); else a usage error. After parseCommonOptions, which reads the user's values.
bool checkGroupKey(const QString& key, const CommonOptions& common, CliContext& context);

} // namespace wb::cli
