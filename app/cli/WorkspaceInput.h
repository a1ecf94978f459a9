#pragma once

#include "ImportController.h"
#include "WorkspaceSession.h"

#include <QString>

namespace wb::cli {

class CliContext;

// A workspace file given to a command (report, plot), opened as the workbench opens it: its
// raw logs re-imported into a store with the workspace's labels, colours, visibility, tags,
// metadata and grouping. Every log is read, outside the workspace's folder too: the user
// named the workspace on the command line.
class WorkspaceInput {
public:
    explicit WorkspaceInput(DatasetStore* store)
        : m_store(store), m_importer(store), m_session(store, &m_importer) {}

    // Reads the workspace file; false after naming why it cannot be read.
    bool read(const QString& path, CliContext& context);
    // The file as read (after read() succeeded): its view settings, for instance.
    const Workspace& workspace() const { return *m_read.workspace; }
    // Imports its logs, waiting for the end and naming every log that failed; false (named)
    // when none could be read.
    bool import(CliContext& context);
    const WorkspaceSession& session() const { return m_session; }

private:
    DatasetStore* m_store;
    ImportController m_importer;
    WorkspaceSession m_session;
    QString m_path;
    WorkspaceSession::Read m_read;
};

} // namespace wb::cli
