#pragma once

#include <QStringList>

namespace wb {

// Which log files a list of paths names, the same for a folder dropped on the workbench and
// one given to wirebench-cli: files as given, folders searched recursively with their files
// sorted. Workspace files in a folder are not logs (they are opened on their own), and a
// run's description and its server's log belong to its client log, which reads them.
class LogFiles {
public:
    static QStringList expand(const QStringList& paths);
};

} // namespace wb
