#pragma once

#include "stats/DatasetGroups.h"
#include "stats/SweepTable.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <vector>

namespace wb {

class DatasetStore;

// What the Sweep tab offers and shows of a store: the runs a sweep takes (the visible
// datasets with the user's values), the keys a parameter may be, and what a file-name pattern
// reads from the runs' files, so the user sees the values it produced and the files it missed.
class SweepSource {
    Q_DECLARE_TR_FUNCTIONS(SweepSource)

public:
    static std::vector<GroupMember> membersOf(const DatasetStore& store);

    // The pattern's fields (empty or unreadable pattern: none), then every metadata key of
    // the visible runs with two or more distinct configured values (numbers with a unit
    // ConfiguredValue knows): a key that does not vary sweeps nothing. In DatasetMetadata's
    // order.
    static QStringList parameterKeys(const DatasetStore& store, const QString& namePattern);

    // What a pattern read from the visible runs' files.
    struct PatternPreview {
        QString error;         // why the pattern cannot be read; empty when it can
        QStringList fields;    // its fields
        int matchedFiles = 0;  // files it matched
        QStringList values;    // "loss = 0.125pct" per distinct value, in numeric order
        QStringList unmatched; // files it did not match (names without folders), in order
    };
    static PatternPreview previewOf(const DatasetStore& store, const QString& pattern);

    // The metric a configured quantity is usually measured by, as SweepTables::metricNamed
    // reads it: loss % by UDP loss (ping loss for latency runs), a delay by the mean RTT, a
    // rate by the mean per-interval bandwidth; empty for a plain number.
    static QString metricFor(Quantity configured, bool latency);

    // The sweep of the visible runs.
    static SweepTable tableOf(const DatasetStore& store, const SweepOptions& options);
};

} // namespace wb
