#include "WorkspaceInput.h"

#include "CliContext.h"

#include "DatasetStore.h"
#include "files/WorkspaceFile.h"

#include <QEventLoop>

namespace wb::cli {

bool WorkspaceInput::read(const QString& path, CliContext& context) {
    m_path = path;
    // Missing logs are left to the importer, which says why each was not read.
    m_read.workspace = WorkspaceFile::load(path, &m_read.error);
    if (m_read.workspace)
        return true;
    context.fileProblem(path,
                        m_read.error.isEmpty() ? QStringLiteral("not readable") : m_read.error);
    return false;
}

bool WorkspaceInput::import(CliContext& context) {
    QEventLoop loop;
    // Connected for this import only: the loop is their context.
    QObject::connect(
        &m_importer, &ImportController::fileFailed, &loop,
        [&context](const QString& file, const QString& why) { context.fileProblem(file, why); });
    QObject::connect(&m_importer, &ImportController::finished, &loop, &QEventLoop::quit);
    m_session.open(m_path, *m_read.workspace);
    m_session.import(m_read, true);
    loop.exec();
    if (!m_store->entries().empty())
        return true;
    context.fileProblem(m_path, QStringLiteral("none of its raw logs could be read"));
    return false;
}

} // namespace wb::cli
