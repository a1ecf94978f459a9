#pragma once

#include <QJsonObject>
#include <QMap>
#include <QString>
#include <QStringList>

#include <vector>

namespace wb {

// What the user chose for one dataset, and where to re-import it from. A workspace keeps
// references to raw logs, never the parsed data: the logs stay the source of truth and a
// parser fix applies the next time the workspace is opened.
struct WorkspaceDataset {
    // The raw log as the user gave it. In a loaded workspace: as written in the file, i.e.
    // relative to the workspace file's folder.
    QString source;
    // The raw log as an absolute path. In a loaded workspace this is where the log was found
    // (or, when it is missing, where it was expected); re-import from here.
    QString absoluteSource;
    // The "absolutePath" member as the file had it (empty: none). A log found at neither
    // place is saved with both places as they were, so a later open can still find it.
    QString storedAbsoluteSource;
    QString formatId;    // registry id ("ping/iputils"); empty = detect from the content
    int indexInFile = 0; // which dataset of the file (fping writes one per target)
    QString label;       // empty = the GUI's default (the file name)
    QString color;       // "#rrggbb"; empty = the next palette colour
    bool visible = true;
    QStringList tags;
    // Values the user set, by metadata key ("congestion_control" -> "cubic"): they take the
    // place of what the log says for that key (GroupMember::metadata), or add keys of their own.
    QMap<QString, QString> metadata;
};

// A dataset of a workspace whose raw log was not read, kept with everything the workspace
// says about it (label, colour, tags, place) so that saving the workspace keeps it too.
struct NotLoadedDataset {
    WorkspaceDataset dataset;
    QString why;
};

struct Workspace {
    // The newest file layout this build reads and the one it writes.
    static constexpr int kCurrentVersion = 1;

    int version = kCurrentVersion;
    QString title;
    std::vector<WorkspaceDataset> datasets;
    QMap<QString, QJsonObject> viewSettings; // per view export name, e.g. "latency-cdf"
    QJsonObject extra; // anything else the GUI wants to keep (window state, selection)
};

} // namespace wb
