#include "GroupOptions.h"

#include "CliContext.h"
#include "OptionParser.h"

#include "stats/ConfiguredValue.h"

#include <QJsonArray>

#include <optional>

namespace wb::cli {

void bindGroupOptions(OptionParser& parser, CliContext& context, GroupOptions* options) {
    // The key is checked with the user's keys (checkGroupKey).
    parser.on(QStringLiteral("--group-by"), &options->groupBy);
    parser.on(QStringLiteral("--seed"), [&context, options](const QString& value) {
        bool ok = false;
        options->bootstrap.seed = value.toULongLong(&ok);
        if (!ok)
            context.usageError(QStringLiteral("--seed \"%1\": not a whole number").arg(value));
        return ok;
    });
    parser.on(QStringLiteral("--resamples"), [&context, options](const QString& value) {
        bool ok = false;
        options->bootstrap.resamples = value.toInt(&ok);
        ok = ok && options->bootstrap.resamples > 0;
        if (!ok)
            context.usageError(
                QStringLiteral("--resamples \"%1\": needs a positive number").arg(value));
        return ok;
    });
    if (parser.declares(QStringLiteral("--pooled")))
        parser.on(QStringLiteral("--pooled"), &options->pooled);
}

bool checkGroupKey(const QString& key, const CommonOptions& common, CliContext& context) {
    if (key.isEmpty() || DatasetGroups::isKey(key) || common.metadata.hasKey(key))
        return true;
    context.usageError(
        QStringLiteral("--group-by \"%1\": not a key (%2, parameters.NAME, tag.NAME, or a key "
                       "given by --set or --metadata)")
            .arg(key, DatasetGroups::fixedKeys().join(QStringLiteral(", "))));
    return false;
}

namespace {

// The groups' values as numbers, or nullopt unless every value (but the empty one of the
// members without) is one; *unit is their quantity's unit when they agree on one.
std::optional<std::vector<std::optional<ConfiguredValue>>>
numericValues(const std::vector<DatasetGroup>& groups, QString* unit) {
    std::vector<std::optional<ConfiguredValue>> values;
    std::optional<Quantity> quantity;
    for (const DatasetGroup& group : groups) {
        if (group.value.isEmpty()) {
            values.emplace_back();
            continue;
        }
        const std::optional<ConfiguredValue> value = ConfiguredValue::parse(group.key, group.value);
        if (!value || (quantity && *quantity != value->quantity))
            return std::nullopt;
        quantity = value->quantity;
        values.push_back(value);
    }
    if (!quantity)
        return std::nullopt;
    *unit = unitOf(*quantity);
    return values;
}

} // namespace

void addGroupValueColumn(const std::vector<DatasetGroup>& groups, Table* table) {
    QString unit;
    const auto values = numericValues(groups, &unit);
    if (!values || table->rows.size() != groups.size() || table->header.isEmpty())
        return;
    const QString key = groups.front().key;
    table->header.insert(1, unit.isEmpty() ? key : QStringLiteral("%1 (%2)").arg(key, unit));
    table->rightAligned.insert(table->rightAligned.begin() + 1, true);
    for (std::size_t i = 0; i < groups.size(); ++i) {
        const auto& value = (*values)[i];
        table->rows[i].insert(1, !value             ? QString()
                                 : value->unlimited ? QStringLiteral("inf")
                                                    : QString::number(value->value, 'g', 15));
    }
}

void addGroupValues(const std::vector<DatasetGroup>& groups, QJsonObject* json) {
    QString unit;
    const auto values = numericValues(groups, &unit);
    QJsonArray array = json->value(QStringLiteral("groups")).toArray();
    if (!values || static_cast<std::size_t>(array.size()) != groups.size())
        return;
    for (qsizetype i = 0; i < array.size(); ++i) {
        QJsonObject group = array[i].toObject();
        const auto& value = (*values)[static_cast<std::size_t>(i)];
        group.insert(QStringLiteral("value"),
                     value && !value->unlimited ? QJsonValue(value->value) : QJsonValue());
        group.insert(QStringLiteral("value_unit"), unit);
        array[i] = group;
    }
    json->insert(QStringLiteral("groups"), array);
}

} // namespace wb::cli
