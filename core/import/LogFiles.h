#pragma once

#include <QString>
#include <QStringList>

#include <vector>

namespace wb {

// A path named (or found in a folder) that is not read, and why.
struct RefusedPath {
    QString path;
    QString why;
};

// Which log files a list of paths names, the same for a folder dropped on the workbench and
// one given to wirebench-cli: files as given, folders searched recursively with their files
// sorted in NaturalOrder. Workspace files in a folder are not logs (they are opened on their own),
// and a run's description and its server's log belong to its client log, which reads them. Hidden
// files and folders (".git", ".cache") are left out, as file managers do.
//
// Inside a folder, what cannot be read is named with the reason instead of skipped: a
// subfolder that cannot be listed, a FIFO, socket or device, a link to nothing, a link to a
// folder (not followed, so a link loop cannot recurse). Unreadable files are listed, so the
// importer names them with open()'s reason. Names that are not valid UTF-8 are listed by
// their bytes (NativePath).
class LogFiles {
public:
    struct List {
        QStringList files;
        std::vector<RefusedPath> refused;
    };
    static List expand(const QStringList& paths);
};

} // namespace wb
