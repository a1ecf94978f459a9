#pragma once

#include "stats/DatasetGroups.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace wb {

// One metadata key over some datasets, as the Set metadata dialog lists it.
struct MetadataField {
    QString key;
    QStringList logValues;  // the distinct values their logs (and sidecars) give
    QStringList userValues; // the distinct values the user set
    int userSetCount = 0;   // how many of the datasets have a value the user set
    // The log values the user's replace: those of the datasets whose log gives a value other
    // than the one the user set. Empty when the user's values fill gaps or agree with the log.
    QStringList overriddenLogValues;

    bool overridesLog() const { return !overriddenLogValues.isEmpty(); }
};

// The one key space of a dataset's metadata: the fields read from its log or sidecar (the
// keys of DatasetGroups, plan parameters as parameters.NAME) and the keys the user set
// (GroupMember::metadata), whose values take the place of the log's. Tags stay free labels
// outside it; the label is edited as the label.
class DatasetMetadata {
public:
    // Why the user cannot set this key, or empty when it can be set.
    static QString refusal(const QString& key);
    // What the log says for the key, the user's own value left aside.
    static QStringList logValues(const GroupMember& member, const QString& key);
    // Every key of the members: the log's keys (whether or not a log gives a value, so a gap
    // can be filled), their plan parameters, then the keys only the user set; each once.
    static QStringList keysOf(const std::vector<GroupMember>& members);
    static MetadataField fieldOf(const std::vector<GroupMember>& members, const QString& key);
    static std::vector<MetadataField> fieldsOf(const std::vector<GroupMember>& members);

    // A value the user set, as tables that also show the log's values print it ("cubic*"),
    // and the note that explains the mark.
    static QString markedAsUsers(const QString& value);
    static QString userMarkNote();
};

} // namespace wb
