#include "GroupOptions.h"

#include "CliContext.h"
#include "OptionParser.h"

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

} // namespace wb::cli
