#pragma once

#include "report/TableWriter.h"
#include "stats/Bootstrap.h"
#include "stats/DatasetGroups.h"

#include <QJsonObject>

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

// The groups' values as their own numeric column when every value is a number with a unit
// (ConfiguredValue: a swept loss, delay or rate), so a spreadsheet or a script reads the
// parameter without parsing "parameters.loss=0.05". CSV: a column "KEY (UNIT)" after the
// first, in the unit the value's quantity uses (%, ms, bit/s; a probability as %). JSON: each
// of json["groups"] gets "value" (that number, null for the group without a value) and
// "value_unit". Tables and groups one to one, in order; unchanged otherwise.
void addGroupValueColumn(const std::vector<DatasetGroup>& groups, Table* table);
void addGroupValues(const std::vector<DatasetGroup>& groups, QJsonObject* json);

} // namespace wb::cli
