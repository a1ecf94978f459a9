#pragma once

#include <QDir>
#include <QString>

#include <functional>

namespace wb {

// Where a run may put its logs. Runs are often started as root, so a folder that is a
// symbolic link (planted in a shared place, pointing at /etc) is refused instead of
// followed, and a plan's relative output must stay inside the plan's folder.
class OutputFolder {
public:
    // Empty when path may take a run's files: an existing folder that is not a symbolic
    // link, or a path still to be created whose nearest existing ancestor is such a folder.
    // Otherwise the reason, starting with what is wrong ("is a symbolic link to /etc").
    static QString problem(const QString& path);

    // What trying one file stem gave: its files created, a name already taken (try the next
    // stem), or a failure for another reason (with why).
    enum class StemTry { Created, Taken, Failed };
    using TryStem = std::function<StemTry(const QDir& folder, const QString& stem, QString* why)>;
    // Prepares folder, then tries stem, stem-2, stem-3, ... until one is created; false with
    // the reason when the folder is refused, a try fails or no stem is free.
    static bool claimStem(const QString& folder, const QString& stem, const TryStem& tryStem,
                          QString* why);

    // Empty when a plan's output, relative to planDir, names planDir or a place inside it,
    // with ".." and symbolic links resolved. An absolute output is the user's own choice
    // and is left to problem().
    static QString planOutputProblem(const QString& planDir, const QString& output);

private:
    // Checks path as problem() does and creates it; false with the reason in a sentence
    // ("the output folder /x is a symbolic link to /etc", "cannot create ...") otherwise.
    static bool prepare(const QString& path, QString* why);
};

} // namespace wb
