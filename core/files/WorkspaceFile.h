#pragma once

// Workspace files (*.wbws, MIME type application/x-wirebench-workspace): UTF-8 JSON.
//
//   {
//     "format": "wirebench-workspace",       required, identifies the file
//     "version": 1,                          required; newer than this build = refused
//     "title": "QJump Table 1",
//     "datasets": [
//       {
//         "path": "samples/ping18_np.txt",   required; relative to this file's folder
//         "absolutePath": "/home/me/exp/samples/ping18_np.txt",
//         "format": "ping/iputils",          registry id; "" = detect
//         "index": 0,                        dataset within the file (fping: one per target)
//         "label": "no interference",
//         "color": "#1f77b4",
//         "visible": true,
//         "tags": ["qjump", "baseline"],
//         "metadata": { "congestion_control": "cubic", "testbed": "geni" }
//       }
//     ],
//     "views": { "latency-cdf": { "logX": true } },
//     "extra": {}
//   }
//
// "tags" are the user's free labels. "metadata" holds the values the user set, by metadata
// key (the keys Group by and Relabel know, or names of the user's own): each takes the place
// of what the log says for its key; a key the log has no field for is added. Values are
// strings; an empty one says nothing. "metadata" is written only for a dataset the user set
// values on, so workspaces written before it existed open and save as they were.
//
// Only "format", "version" and each dataset's "path" are required; every other member has
// the default of Workspace/WorkspaceDataset. Unknown members are ignored so a later version
// can add members without breaking this reader; it bumps "version" only for changes an
// older reader would misread.
//
// Raw logs are looked up at "path" resolved against the workspace file's folder first (the
// folder may have been copied to another machine together with its logs), then at
// "absolutePath" (the workspace file alone was moved). A log found at neither keeps its
// place from "path"; loading still succeeds.
//
// Loading only reads JSON: it never runs a command, opens the network or imports a log.

#include "model/Workspace.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace wb {

class WorkspaceFile {
public:
    static constexpr const char* kFormatName = "wirebench-workspace";
    static constexpr const char* kSuffix = "wbws";

    // Writes the workspace atomically: either the complete new file replaces the old one or,
    // on any error, nothing on disk changes. Always writes Workspace::kCurrentVersion.
    static bool save(const Workspace& workspace, const QString& path, QString* error);
    // nullopt with a message naming the file and what is wrong.
    static std::optional<Workspace> load(const QString& path, QString* error);

    // Same as load/save, on bytes; `path` names the file in messages and anchors relative paths.
    static std::optional<Workspace> fromJson(const QByteArray& bytes, const QString& path,
                                             QString* error);
    static QByteArray toJson(const Workspace& workspace, const QString& path, QString* error);
};

} // namespace wb
