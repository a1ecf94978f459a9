#include "import/LogFiles.h"

#include "files/RunSidecar.h"
#include "import/FileKind.h"
#include "import/NativePath.h"
#include "model/NaturalOrder.h"

#include <filesystem>

namespace wb {

namespace fs = std::filesystem;

namespace {

QString pathOf(const fs::path& path) {
    return NativePath::decode(path.native());
}

QString reasonOf(const std::error_code& error) {
    return QString::fromStdString(error.message());
}

// Collects the logs under a folder (sorted by files()) and refuses in `list` what is not read.
class FolderWalk {
public:
    explicit FolderWalk(LogFiles::List& list) : m_list(list) {}

    QStringList files() {
        NaturalOrder::sort(&m_files); // run-2 before run-10, as the runs were made
        return m_files;
    }

    void walk(const fs::path& folder) {
        std::error_code error;
        fs::directory_iterator it(folder, error);
        if (error) {
            refuse(folder, QStringLiteral("cannot read the folder: %1").arg(reasonOf(error)));
            return;
        }
        for (const fs::directory_iterator end; it != end; it.increment(error)) {
            if (error)
                break;
            visit(it->path());
        }
        if (error)
            refuse(folder, QStringLiteral("cannot read the whole folder: %1").arg(reasonOf(error)));
    }

private:
    void visit(const fs::path& path) {
        if (path.filename().native().front() == '.')
            return;
        std::error_code error;
        const fs::file_status own = fs::symlink_status(path, error);
        if (own.type() == fs::file_type::directory) {
            walk(path);
            return;
        }
        const fs::file_status target = fs::status(path, error);
        if (fs::is_symlink(own)) {
            if (target.type() == fs::file_type::directory)
                return refuse(path, QStringLiteral("is a link to a folder; links to folders are "
                                                   "not followed (they may loop)"));
            if (target.type() == fs::file_type::not_found)
                return refuse(path, QStringLiteral("is a link to %1, which does not exist")
                                        .arg(pathOf(fs::read_symlink(path, error))));
        }
        if (error && target.type() != fs::file_type::not_found)
            return refuse(path, QStringLiteral("cannot read: %1").arg(reasonOf(error)));
        const QString why = FileKind::refusal(target.type());
        if (!why.isEmpty())
            return refuse(path, why);
        const QString file = pathOf(path);
        if (!file.endsWith(QLatin1String(".wbws")) && !RunSidecar::isRunCompanion(file))
            m_files << file;
    }

    void refuse(const fs::path& path, const QString& why) {
        m_list.refused.push_back({pathOf(path), why});
    }

    LogFiles::List& m_list;
    QStringList m_files;
};

} // namespace

LogFiles::List LogFiles::expand(const QStringList& paths) {
    List list;
    for (const QString& path : paths) {
        const fs::path native(NativePath::encode(path).toStdString());
        std::error_code error;
        if (!fs::is_directory(native, error)) {
            list.files << path;
            continue;
        }
        const std::size_t refusedBefore = list.refused.size();
        FolderWalk walk(list);
        walk.walk(native);
        const QStringList inside = walk.files();
        if (inside.isEmpty() && list.refused.size() == refusedBefore)
            list.refused.push_back({path, QStringLiteral("no log files in this folder")});
        list.files += inside;
    }
    return list;
}

} // namespace wb
