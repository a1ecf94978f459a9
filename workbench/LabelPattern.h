#pragma once

#include "stats/DatasetGroups.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace wb {

class DatasetStore;

// Relabelling datasets in bulk: "{congestion_control} P{streams} #{n}". A placeholder is any
// key grouping knows (DatasetGroups::valuesOf, so the keys have one definition; a value the
// user set takes the place of the log's), a metadata key of the user's own, {file} (the log's
// file name) or {n} (1, 2, … in the order the datasets are relabelled).
class LabelPattern {
public:
    // The label for one dataset; a field the dataset has no value for becomes empty, and a
    // field with several values (tags) lists them separated by commas.
    static QString expand(const QString& pattern, const GroupMember& member, int n);
    // The placeholders of the pattern that are none of the above; relabel only when empty.
    // usersKeys: the metadata keys the user set on the datasets relabelled.
    static QStringList unknownPlaceholders(const QString& pattern,
                                           const QStringList& usersKeys = {});
    // Relabels the store's datasets `ids` (the window's Relabel, `plot --label`): each one's
    // label from the pattern with its user's values, {n} counting 1, 2, … in the order of ids.
    // False, with why, and nothing changed when the pattern has an unknown placeholder or gives
    // a dataset an empty label.
    static bool relabel(DatasetStore* store, const std::vector<int>& ids, const QString& pattern,
                        QString* error);
    // The placeholders understood, for a dialog: {n}, {file}, then the grouping keys.
    static QString help();
};

} // namespace wb
