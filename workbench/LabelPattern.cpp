#include "LabelPattern.h"

#include "DatasetGrouping.h"
#include "DatasetStore.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QRegularExpression>

namespace wb {

namespace {

const QRegularExpression& placeholder() {
    static const QRegularExpression pattern(QStringLiteral("\\{([^{}]+)\\}"));
    return pattern;
}

const QString kFile = QStringLiteral("file");
const QString kNumber = QStringLiteral("n");

} // namespace

QString LabelPattern::expand(const QString& pattern, const GroupMember& member, int n) {
    QString label;
    qsizetype copied = 0;
    for (auto it = placeholder().globalMatch(pattern); it.hasNext();) {
        const QRegularExpressionMatch match = it.next();
        label += pattern.mid(copied, match.capturedStart() - copied);
        copied = match.capturedEnd();
        const QString name = match.captured(1).trimmed();
        if (name == kNumber)
            label += QString::number(n);
        else if (name == kFile)
            label += QFileInfo(member.dataset->sourceFile).fileName();
        else if (DatasetGroups::isKey(name) ||
                 member.metadata.contains(DatasetGroups::canonicalKey(name)))
            label += DatasetGroups::valuesOf(member, name).join(QStringLiteral(","));
        else
            label += match.captured(0); // unknown: left as written
    }
    return (label + pattern.mid(copied)).trimmed();
}

QStringList LabelPattern::unknownPlaceholders(const QString& pattern,
                                              const QStringList& usersKeys) {
    QStringList unknown;
    for (auto it = placeholder().globalMatch(pattern); it.hasNext();) {
        const QString name = it.next().captured(1).trimmed();
        if (name != kNumber && name != kFile && !DatasetGroups::isKey(name) &&
            !usersKeys.contains(DatasetGroups::canonicalKey(name)))
            unknown << name;
    }
    unknown.removeDuplicates();
    return unknown;
}

QString LabelPattern::help() {
    QStringList names{QStringLiteral("{n} (1, 2, … in list order)"),
                      QStringLiteral("{file} (the log's file name)")};
    for (const QString& key : DatasetGroups::fixedKeys())
        names << QLatin1Char('{') + key + QLatin1Char('}');
    names << QStringLiteral("{NAME} (a metadata key you set)")
          << QStringLiteral("{tag.NAME} (the VALUE of a NAME=VALUE tag)")
          << QStringLiteral("{parameters.NAME} (a run plan's parameter)");
    return QCoreApplication::translate("LabelPattern", "Placeholders: %1.")
        .arg(names.join(QStringLiteral(", ")));
}

bool LabelPattern::relabel(DatasetStore* store, const std::vector<int>& ids, const QString& pattern,
                           QString* error) {
    QStringList usersKeys;
    for (int id : ids)
        if (const DatasetEntry* entry = store->find(id))
            usersKeys << entry->metadata.keys();
    const QStringList unknown = unknownPlaceholders(pattern, usersKeys);
    if (!unknown.isEmpty()) {
        *error = QCoreApplication::translate("LabelPattern", "Unknown placeholder(s): %1.\n\n%2")
                     .arg(unknown.join(QStringLiteral(", ")), help());
        return false;
    }
    std::vector<QString> labels; // all first: a pattern that fails for one changes none
    for (std::size_t i = 0; i < ids.size(); ++i) {
        const DatasetEntry* entry = store->find(ids[i]);
        if (!entry)
            continue;
        labels.push_back(
            expand(pattern, DatasetGrouping::memberOf(*entry), static_cast<int>(i + 1)));
        if (labels.back().isEmpty()) {
            *error =
                QCoreApplication::translate("LabelPattern", "The pattern gives %1 an empty label.")
                    .arg(entry->label);
            return false;
        }
    }
    const DatasetStore::ChangeBatch batch(store);
    for (std::size_t i = 0, next = 0; i < ids.size(); ++i)
        if (store->find(ids[i]))
            store->setLabel(ids[i], labels[next++]);
    return true;
}

} // namespace wb
