#include "OutputFolder.h"

#include <QDir>
#include <QFileInfo>

namespace wb {

namespace {

// The deepest part of path that exists (as anything, a dangling link included).
QString nearestExisting(QString path) {
    while (!QFileInfo::exists(path) && !QFileInfo(path).isSymLink()) {
        const QString parent = QFileInfo(path).path();
        if (parent == path)
            break;
        path = parent;
    }
    return path;
}

bool isInside(const QString& path, const QString& folder) {
    return path == folder ||
           path.startsWith(folder.endsWith(QLatin1Char('/')) ? folder : folder + QLatin1Char('/'));
}

// path with every symbolic link resolved, also when its last parts do not exist yet.
QString resolved(const QString& path) {
    const QString existing = nearestExisting(path);
    const QString canonical = QFileInfo(existing).canonicalFilePath();
    if (canonical.isEmpty())
        return {}; // a dangling link: leads nowhere that can be checked
    return QDir::cleanPath(canonical + path.mid(existing.size()));
}

QString linkProblem(const QFileInfo& info) {
    return QStringLiteral("is a symbolic link to %1; give the folder itself")
        .arg(QDir::toNativeSeparators(info.symLinkTarget()));
}

} // namespace

QString OutputFolder::problem(const QString& path) {
    const QString absolute = QDir::cleanPath(QDir(path).absolutePath());
    const QFileInfo info(absolute);
    if (info.isSymLink())
        return linkProblem(info);
    if (info.exists())
        return info.isDir() ? QString() : QStringLiteral("is a file, not a folder");
    const QString ancestor = nearestExisting(absolute);
    const QFileInfo above(ancestor);
    const QString where = QDir::toNativeSeparators(ancestor);
    if (above.isSymLink())
        return QStringLiteral("would be made inside %1, which %2").arg(where, linkProblem(above));
    if (!above.isDir())
        return QStringLiteral("would be made inside %1, which is a file, not a folder").arg(where);
    return {};
}

bool OutputFolder::prepare(const QString& path, QString* why) {
    if (const QString wrong = problem(path); !wrong.isEmpty()) {
        *why = QStringLiteral("the output folder %1 %2").arg(QDir::toNativeSeparators(path), wrong);
        return false;
    }
    if (!QDir().mkpath(path)) {
        *why = QStringLiteral("cannot create the output folder %1").arg(path);
        return false;
    }
    return true;
}

bool OutputFolder::claimStem(const QString& folder, const QString& stem, const TryStem& tryStem,
                             QString* why) {
    if (!prepare(folder, why))
        return false;
    const QDir dir(folder);
    for (int attempt = 1; attempt < 10000; ++attempt) {
        const QString numbered =
            attempt == 1 ? stem : QStringLiteral("%1-%2").arg(stem).arg(attempt);
        switch (tryStem(dir, numbered, why)) {
        case StemTry::Created:
            return true;
        case StemTry::Failed:
            return false;
        case StemTry::Taken:
            break;
        }
    }
    *why = QStringLiteral("no free file name for %1 in %2").arg(stem, folder);
    return false;
}

QString OutputFolder::planOutputProblem(const QString& planDir, const QString& output) {
    if (QDir::isAbsolutePath(output))
        return {};
    const QString base = QDir::cleanPath(QDir(planDir).absolutePath());
    const QString target = QDir::cleanPath(base + QLatin1Char('/') + output);
    if (!isInside(target, base))
        return QStringLiteral("\"%1\" leads outside the plan's folder (to %2); a relative "
                              "output stays inside it")
            .arg(output, QDir::toNativeSeparators(target));
    const QString realBase = resolved(base);
    const QString realTarget = resolved(target);
    if (!realBase.isEmpty() && !isInside(realTarget, realBase))
        return QStringLiteral("\"%1\" leads outside the plan's folder through a symbolic link "
                              "(to %2); a relative output stays inside it")
            .arg(output, realTarget.isEmpty() ? QStringLiteral("a link that leads nowhere")
                                              : QDir::toNativeSeparators(realTarget));
    return {};
}

} // namespace wb
