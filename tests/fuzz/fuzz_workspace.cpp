// Workspace loading (WorkspaceFile::fromJson), what File > Open does with a .wbws someone sent.
// A workspace that loads must also save, and what is saved must load again to the same file:
// a workspace never changes by being opened and saved.

#include "FuzzSupport.h"

#include "files/WorkspaceFile.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    // A folder that does not exist: relative raw-log paths resolve without finding anything.
    const QString path = QStringLiteral("/nonexistent-wirebench-fuzz/workspace.wbws");
    const QByteArray input(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    QString error;
    const std::optional<wb::Workspace> loaded = wb::WorkspaceFile::fromJson(input, path, &error);
    if (!loaded) {
        if (error.isEmpty())
            wb::fuzz::fail("a refused workspace comes with a reason", "a reason", "none");
        return 0;
    }

    const QByteArray saved = wb::WorkspaceFile::toJson(*loaded, path, &error);
    if (saved.isEmpty())
        wb::fuzz::fail("a loaded workspace saves", "a workspace", error.toUtf8());
    const std::optional<wb::Workspace> reloaded = wb::WorkspaceFile::fromJson(saved, path, &error);
    if (!reloaded)
        wb::fuzz::fail("a saved workspace loads", saved, error.toUtf8());
    const QByteArray savedAgain = wb::WorkspaceFile::toJson(*reloaded, path, &error);
    if (savedAgain != saved)
        wb::fuzz::fail("a workspace saves as it was loaded", saved, savedAgain);
    return 0;
}
