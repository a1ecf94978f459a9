#include "DatasetMetadata.h"

#include <QCoreApplication>

namespace wb {

namespace {

const QLatin1String kParameterPrefix("parameters.");

// Keys grouping knows that are not facts a user corrects: the label has its own editor, tags
// are free labels, and whether a dataset holds latency or throughput is what its data is.
bool isUsersOwn(const QString& key) {
    return key == QLatin1String("label") || key == QLatin1String("tag") ||
           key.startsWith(QLatin1String("tag.")) || key == QLatin1String("kind");
}

QString tr(const char* text) {
    return QCoreApplication::translate("DatasetMetadata", text);
}

} // namespace

QString DatasetMetadata::refusal(const QString& key) {
    const QString k = DatasetGroups::canonicalKey(key);
    if (k.isEmpty())
        return tr("A metadata key needs a name.");
    if (k == QLatin1String("label"))
        return tr("\"label\" is the dataset's label: use Relabel… to change it.");
    if (k == QLatin1String("tag") || k.startsWith(QLatin1String("tag.")))
        return tr("Tags stay free labels: use Add tag… for \"%1\".").arg(k);
    if (k == QLatin1String("kind"))
        return tr("\"kind\" (latency or throughput) is what the data is and cannot be set.");
    if (k == kParameterPrefix)
        return tr("\"parameters.\" needs the parameter's name after the dot.");
    if (k.contains(QLatin1Char('{')) || k.contains(QLatin1Char('}')))
        return tr("A metadata key cannot hold { or } (they mark Relabel placeholders).");
    return {};
}

QStringList DatasetMetadata::logValues(const GroupMember& member, const QString& key) {
    GroupMember logOnly = member;
    logOnly.metadata.clear();
    return DatasetGroups::valuesOf(logOnly, key);
}

QStringList DatasetMetadata::keysOf(const std::vector<GroupMember>& members) {
    QStringList keys;
    for (const QString& key : DatasetGroups::fixedKeys())
        if (!isUsersOwn(key))
            keys << key;
    QStringList parameters; // the log's keys beyond the fixed ones: a run plan's
    QStringList own;
    for (const GroupMember& member : members) {
        for (const auto& [key, value] : DatasetGroups::logFields(*member.dataset))
            if (!keys.contains(key) && !isUsersOwn(key))
                parameters << key;
        for (const QString& key : member.metadata.keys())
            if (!keys.contains(key))
                own << key;
    }
    for (QStringList* found : {&parameters, &own}) {
        found->sort();
        for (const QString& key : *found)
            if (!keys.contains(key))
                keys << key;
    }
    return keys;
}

MetadataField DatasetMetadata::fieldOf(const std::vector<GroupMember>& members,
                                       const QString& key) {
    MetadataField field;
    field.key = key;
    for (const GroupMember& member : members) {
        const QStringList fromLog = logValues(member, key);
        for (const QString& value : fromLog)
            if (!field.logValues.contains(value))
                field.logValues << value;
        const auto set = member.metadata.constFind(key);
        if (set == member.metadata.constEnd())
            continue;
        ++field.userSetCount;
        if (!field.userValues.contains(*set))
            field.userValues << *set;
        for (const QString& value : fromLog)
            if (value != *set && !field.overriddenLogValues.contains(value))
                field.overriddenLogValues << value;
    }
    return field;
}

std::vector<MetadataField> DatasetMetadata::fieldsOf(const std::vector<GroupMember>& members) {
    std::vector<MetadataField> fields;
    for (const QString& key : keysOf(members))
        fields.push_back(fieldOf(members, key));
    return fields;
}

QString DatasetMetadata::markedAsUsers(const QString& value) {
    return value + QLatin1Char('*');
}

QString DatasetMetadata::userMarkNote() {
    return tr("* set by the user, in place of what the log says or where it says nothing.");
}

} // namespace wb
