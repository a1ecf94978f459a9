#include "LogFiles.h"

#include "RunSidecar.h"

#include <QDirIterator>
#include <QFileInfo>

namespace wb {

QStringList LogFiles::expand(const QStringList& paths) {
    QStringList files;
    for (const QString& path : paths) {
        if (!QFileInfo(path).isDir()) {
            files << path;
            continue;
        }
        QStringList inside;
        QDirIterator it(path, QDir::Files | QDir::Readable, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString file = it.next();
            if (!file.endsWith(QLatin1String(".wbws")) && !RunSidecar::isRunCompanion(file))
                inside << file;
        }
        inside.sort();
        files += inside;
    }
    return files;
}

} // namespace wb
