// Every list of formats people read is made from the registry (FormatRegistry) or checked here
// against it: a format added to the registry but missing from the README's table, the package
// description or the fuzz targets fails this test. --help and the man page are checked in
// tst_clihelp, Help > Formats in tst_windowfit.
#include "TestSupport.h"

#include "parse/FormatRegistry.h"

#include <QRegularExpression>
#include <QTest>

#include <set>

using namespace wb;

namespace {

QString sourceText(const QString& relative) {
    return QString::fromUtf8(test::readAll(QStringLiteral(WIREBENCH_SOURCE_DIR "/") + relative));
}

std::set<QString> registryIds() {
    std::set<QString> ids;
    for (const FormatEntry& format : FormatRegistry::formats())
        ids.insert(QString::fromLatin1(format.id));
    return ids;
}

// The first match's first capture in text, whitespace collapsed; fails the test when none.
QString captured(const QString& text, const QString& pattern) {
    const QRegularExpressionMatch match =
        QRegularExpression(pattern, QRegularExpression::DotMatchesEverythingOption |
                                        QRegularExpression::MultilineOption)
            .match(text);
    return match.captured(1).simplified();
}

} // namespace

class TestFormatLists : public QObject {
    Q_OBJECT

private slots:
    void everyFormatHasANameADescriptionAndExamples();
    void readmeTableListsEveryFormat();
    void packageDescriptionNamesEveryFormat();
    void everyFormatIsFuzzed();
};

void TestFormatLists::everyFormatHasANameADescriptionAndExamples() {
    for (const FormatEntry& format : FormatRegistry::formats()) {
        QVERIFY2(*format.name && *format.description, format.id);
        // Two lines or more of a log of its own format: the registry recognises it as that one.
        const std::string example = std::string(format.example) + '\n';
        QVERIFY2(QByteArray(format.example).count('\n') >= 1, format.id);
        const FormatEntry* detected = FormatRegistry::detect(example);
        QVERIFY2(detected == &format, format.id);
    }
    QVERIFY(QString::fromStdString(FormatRegistry::names()).endsWith(QLatin1String(" and ss")));
}

void TestFormatLists::readmeTableListsEveryFormat() {
    const QString table = sourceText(QStringLiteral("README.md"))
                              .section(QStringLiteral("\n## Formats read\n"), 1)
                              .section(QStringLiteral("\n\n"), 1, 1);
    std::set<QString> rows;
    static const QRegularExpression row(QStringLiteral("^\\| `([^`]+)` \\|"),
                                        QRegularExpression::MultilineOption);
    for (auto match = row.globalMatch(table); match.hasNext();)
        rows.insert(match.next().captured(1));
    QCOMPARE(rows, registryIds());
}

void TestFormatLists::packageDescriptionNamesEveryFormat() {
    // The CONCAT's quoted pieces, each ending in "\n", read as one text.
    QString description =
        captured(sourceText(QStringLiteral("CMakeLists.txt")),
                 QStringLiteral("string\\(CONCAT CPACK_PACKAGE_DESCRIPTION(.*?)\\)\n"));
    description.replace(QRegularExpression(QStringLiteral("\\\\n\"\\s*\"?")), QStringLiteral(" "));
    QVERIFY(description.size() > 100);
    for (const FormatEntry& format : FormatRegistry::formats())
        QVERIFY2(description.contains(QRegularExpression(
                     QStringLiteral("\\b%1\\b").arg(QRegularExpression::escape(format.name)))),
                 qPrintable(QStringLiteral("%1 is not in the package description: %2")
                                .arg(format.name, description)));
}

void TestFormatLists::everyFormatIsFuzzed() {
    const QString list = captured(sourceText(QStringLiteral("tests/fuzz/CMakeLists.txt")),
                                  QStringLiteral("^foreach\\(format ([^)]*)\\)"));
    const QStringList targets = list.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    QCOMPARE(std::set<QString>(targets.begin(), targets.end()), registryIds());
}

QTEST_GUILESS_MAIN(TestFormatLists)
#include "tst_formatlists.moc"
