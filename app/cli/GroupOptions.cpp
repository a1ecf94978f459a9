#include "GroupOptions.h"

#include "CliContext.h"

namespace wb::cli {

bool takeGroupOptions(const QStringList& args, CliContext& context, bool acceptPooled,
                      GroupOptions* options, QStringList* rest) {
    for (int i = 0; i < args.size(); ++i) {
        const QString name = args[i].section(QLatin1Char('='), 0, 0);
        if (acceptPooled && args[i] == QLatin1String("--pooled")) {
            options->pooled = true;
            continue;
        }
        if (name != QLatin1String("--group-by") && name != QLatin1String("--seed") &&
            name != QLatin1String("--resamples")) {
            *rest << args[i];
            continue;
        }
        QString value;
        if (args[i].contains(QLatin1Char('='))) {
            value = args[i].section(QLatin1Char('='), 1);
        } else if (i + 1 < args.size()) {
            value = args[++i];
        } else {
            context.usageError(QStringLiteral("%1 needs a value").arg(name));
            return false;
        }
        bool ok = true;
        if (name == QLatin1String("--group-by")) {
            options->groupBy = value; // checked with the user's keys (checkGroupKey)
        } else if (name == QLatin1String("--seed")) {
            options->bootstrap.seed = value.toULongLong(&ok);
            if (!ok)
                context.usageError(QStringLiteral("--seed \"%1\": not a whole number").arg(value));
        } else {
            options->bootstrap.resamples = value.toInt(&ok);
            ok = ok && options->bootstrap.resamples > 0;
            if (!ok)
                context.usageError(
                    QStringLiteral("--resamples \"%1\": needs a positive number").arg(value));
        }
        if (!ok)
            return false;
    }
    return true;
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
