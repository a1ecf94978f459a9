#include "SweepSource.h"

#include "DatasetGrouping.h"
#include "DatasetMetadata.h"
#include "DatasetStore.h"
#include "files/NamePattern.h"

#include <QFileInfo>
#include <QSet>

#include <algorithm>

namespace wb {

namespace {

// The distinct files of the visible runs, in the store's order (a file may hold several runs).
QStringList filesOf(const DatasetStore& store) {
    QStringList files;
    for (const DatasetEntry& entry : store.entries())
        if (entry.visible && !files.contains(entry.dataset().sourceFile))
            files << entry.dataset().sourceFile;
    return files;
}

// Whether the values could be swept: two or more of them are configured values.
bool sweeps(const QString& key, const QStringList& values) {
    QSet<QString> configured;
    for (const QString& value : values)
        if (ConfiguredValue::parse(key, value))
            configured.insert(value);
    return configured.size() >= 2;
}

} // namespace

std::vector<GroupMember> SweepSource::membersOf(const DatasetStore& store) {
    std::vector<GroupMember> members;
    for (const DatasetEntry& entry : store.entries())
        if (entry.visible)
            members.push_back(DatasetGrouping::memberOf(entry));
    return members;
}

QStringList SweepSource::parameterKeys(const DatasetStore& store, const QString& namePattern) {
    QStringList keys;
    if (!namePattern.isEmpty()) {
        QString error;
        if (const std::optional<NamePattern> pattern = NamePattern::parse(namePattern, &error))
            keys << pattern->fields();
    }
    for (const MetadataField& field : DatasetMetadata::fieldsOf(membersOf(store)))
        if (!keys.contains(field.key) && sweeps(field.key, field.logValues + field.userValues))
            keys << field.key;
    return keys;
}

SweepSource::PatternPreview SweepSource::previewOf(const DatasetStore& store, const QString& text) {
    PatternPreview preview;
    const std::optional<NamePattern> pattern = NamePattern::parse(text, &preview.error);
    if (!pattern)
        return preview;
    preview.fields = pattern->fields();
    const NamePattern::Split split = pattern->split(filesOf(store));
    preview.matchedFiles = static_cast<int>(split.matched.size());
    for (const QString& file : split.unmatched)
        preview.unmatched << QFileInfo(file).fileName();
    for (const QString& field : preview.fields) {
        // Numeric order where the values are configured values, their text's otherwise.
        std::vector<QString> values;
        for (const auto& [file, fields] : split.matched)
            if (std::find(values.begin(), values.end(), fields.value(field)) == values.end())
                values.push_back(fields.value(field));
        std::stable_sort(values.begin(), values.end(),
                         [&field](const QString& a, const QString& b) {
                             const auto x = ConfiguredValue::parse(field, a);
                             const auto y = ConfiguredValue::parse(field, b);
                             if (x && y)
                                 return ConfiguredValue::less(*x, *y);
                             return x ? true : y ? false : a < b;
                         });
        for (const QString& value : values)
            preview.values << QStringLiteral("%1 = %2").arg(field, value);
    }
    return preview;
}

QString SweepSource::metricFor(Quantity configured, bool latency) {
    switch (configured) {
    case Quantity::Percent:
        return latency ? QStringLiteral("ping-loss") : QStringLiteral("udp-loss");
    case Quantity::Milliseconds:
        return QStringLiteral("rtt-mean");
    case Quantity::BitsPerSecond:
        return QStringLiteral("interval-mean");
    case Quantity::Number:
        break;
    }
    return {};
}

SweepTable SweepSource::tableOf(const DatasetStore& store, const SweepOptions& options) {
    return SweepTables::of(membersOf(store), options);
}

} // namespace wb
