#pragma once

// Helpers for the Windows ping and fping tests: golden files, and the shared corpus of
// published logs (outside the repository) with its MANIFEST.tsv, whose expected_facts column
// quotes what each log says.

#include "TestSupport.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStringList>

#include <cmath>
#include <optional>

namespace wb::test {

// Compares the import of `log` with <log>.golden.json beside it (DatasetJson::describe, as
// tst_unixping does); returns what differs, or an empty string. With WIREBENCH_UPDATE_GOLDEN
// set it rewrites the golden file instead: check every changed value against the log by hand.
inline QString goldenMismatch(const QString& log, const ImportResult& result) {
    const QFileInfo info(log);
    const QString goldenPath = info.dir().filePath(info.completeBaseName() + ".golden.json");
    const QByteArray actual = describe(result);
    if (qEnvironmentVariableIsSet("WIREBENCH_UPDATE_GOLDEN")) {
        QFile file(goldenPath);
        if (!file.open(QIODevice::WriteOnly) || file.write(actual) != actual.size())
            return QStringLiteral("cannot write ") + goldenPath;
        qInfo("rewrote %s", qPrintable(goldenPath));
        return {};
    }
    const QByteArray expected = readAll(goldenPath);
    if (expected.isEmpty())
        return QStringLiteral("missing golden file ") + goldenPath;
    const QList<QByteArray> a = actual.split('\n');
    const QList<QByteArray> e = expected.split('\n');
    for (qsizetype i = 0; i < std::max(a.size(), e.size()); ++i) {
        const QByteArray left = i < a.size() ? a[i].trimmed() : QByteArray("(end)");
        const QByteArray right = i < e.size() ? e[i].trimmed() : QByteArray("(end)");
        if (left != right)
            return QStringLiteral("%1 line %2: actual %3, golden %4")
                .arg(goldenPath)
                .arg(i + 1)
                .arg(QString::fromUtf8(left), QString::fromUtf8(right));
    }
    return {};
}

// The corpus of logs published by other projects lives outside the repository, in the folder
// WIREBENCH_CORPUS_DIR names (with its MANIFEST.tsv); a test that reads it skips without it.
inline bool haveCorpus() {
    return !qEnvironmentVariable("WIREBENCH_CORPUS_DIR").isEmpty();
}
inline QDir corpusDir() {
    return QDir(qEnvironmentVariable("WIREBENCH_CORPUS_DIR"));
}
#define WB_SKIP_WITHOUT_CORPUS()                                                                   \
    if (!wb::test::haveCorpus())                                                                   \
    QSKIP("set WIREBENCH_CORPUS_DIR to the corpus of public logs to run this")

// The expected_facts of one corpus file (`stats block: '...'`, `'Reply from' lines=10`,
// `stated: '...'`), or an empty list when the manifest does not describe it.
inline QStringList manifestFacts(const QDir& dir, const QString& file) {
    const QString manifest =
        QString::fromUtf8(readAll(dir.filePath(QStringLiteral("MANIFEST.tsv"))));
    const QString prefix = file + QLatin1Char('\t');
    for (const QString& row : manifest.split(QLatin1Char('\n'))) {
        if (!row.startsWith(prefix))
            continue;
        QStringList facts = row.section(QLatin1Char('\t'), 4).split(QStringLiteral(" | "));
        for (QString& fact : facts)
            fact = fact.trimmed();
        return facts;
    }
    return {};
}

// The text inside `label: '...'`, or a null string when fact is not of that form.
inline QString quotedFact(const QString& fact, const QString& label) {
    const QString start = label + QStringLiteral(": '");
    if (!fact.startsWith(start) || !fact.endsWith(QLatin1Char('\'')))
        return {};
    return fact.mid(start.size()).chopped(1);
}

// Optional values compare (and print) as numbers, an absent one as NaN.
inline double orNaN(std::optional<double> value) {
    return value.value_or(std::nan(""));
}
inline double orNaN(std::optional<std::int64_t> value) {
    return value ? static_cast<double>(*value) : std::nan("");
}

} // namespace wb::test
