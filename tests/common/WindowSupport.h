#pragma once

// For GUI tests: open a workspace in the window the way a user does, and wait for it.

#include "ImportController.h"
#include "MainWindow.h"
#include "TestSupport.h"

#include <QSignalSpy>

namespace wb::test {

// Opens the workspace and waits until its logs are imported; false, with the reason in
// error, when it could not be opened or its import did not finish in time.
inline bool openWorkspace(MainWindow& window, const QString& path, QString* error) {
    QSignalSpy opened(&window, &MainWindow::workspaceOpened);
    QSignalSpy imported(window.importer(), &ImportController::finished);
    window.openWorkspace(path);
    const int timeoutMs = 60000 * kSlowdown;
    if (opened.isEmpty() && !opened.wait(timeoutMs)) {
        *error = QStringLiteral("the workspace was not read in time");
        return false;
    }
    *error = opened.first().at(1).toString();
    if (!error->isEmpty())
        return false;
    if (imported.isEmpty() && !imported.wait(timeoutMs)) {
        *error = QStringLiteral("the workspace's logs were not imported in time");
        return false;
    }
    return true;
}

} // namespace wb::test
