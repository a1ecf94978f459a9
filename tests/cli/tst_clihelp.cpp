// `wirebench-cli --help`, every `wirebench-cli COMMAND --help` and the man page
// wirebench-cli(1): each command prints its own usage, the options it documents are the ones
// it reads, the overview names every format, and the man page says what --help says.
#include "TestSupport.h"

#include "parse/FormatRegistry.h"
#include "run/RunOptions.h"
#include "stats/Bootstrap.h"
#include "stats/DatasetGroups.h"
#include "stats/LatencySummary.h"

#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTest>

#include <set>

using namespace wb;

namespace {

using test::CliRun;
using test::runCli;

// Every command of the contract (README: the command-line tool), spelt here independently of the
// program's table.
const QStringList kCommands = {"detect", "stats", "table",   "flows",
                               "plot",   "run",   "compare", "report"};

void addCommandRows() {
    QTest::addColumn<QString>("command");
    for (const QString& command : kCommands)
        QTest::newRow(qPrintable(command)) << command;
}

// Whitespace collapsed: the terminal and roff wrap the same words differently.
QString simplified(const QString& text) {
    return text.simplified();
}

// The man page's source as plain words: request names (.TP, .B, ...) and escapes removed.
QString manText(const QString& roff) {
    QStringList lines;
    for (QString line : roff.split(QLatin1Char('\n'))) {
        if (line.startsWith(QLatin1Char('.')))
            line = line.section(QLatin1Char(' '), 1);
        line.remove(QRegularExpression(QStringLiteral(R"(\\f[BIRP])")));
        line.replace(QLatin1String("\\-"), QLatin1String("-"));
        line.replace(QLatin1String("\\ "), QLatin1String(" "));
        line.remove(QLatin1String("\\&"));
        line.replace(QLatin1String("\\e"), QLatin1String("\\"));
        lines << line;
    }
    return simplified(lines.join(QLatin1Char(' ')));
}

QString manPageSource() {
    return QString::fromUtf8(test::readAll(QStringLiteral(WIREBENCH_MAN_PAGE)));
}

// From ".SS command" to the next section or subsection.
QString manSection(const QString& roff, const QString& command) {
    const QRegularExpression section(QStringLiteral(R"(^\.SS %1\n(.*?)(?=^\.S[SH] ))").arg(command),
                                     QRegularExpression::MultilineOption |
                                         QRegularExpression::DotMatchesEverythingOption);
    return section.match(roff).captured(1);
}

// The option names (--format, -o) in the Options list of a command's help.
QStringList documentedOptions(const QString& help) {
    QStringList options;
    const QString list = help.section(QStringLiteral("\nOptions:\n"), 1).section("\n\n", 0, 0);
    static const QRegularExpression name(QStringLiteral(R"((?:^|[ ,|\[])(--?[a-z][a-z-]*))"));
    for (const QString& line : list.split(QLatin1Char('\n'))) {
        if (!line.startsWith(QLatin1String("  -")))
            continue; // a description's continuation
        const QString flags = line.mid(2).section(QStringLiteral("  "), 0, 0);
        for (auto match = name.globalMatch(flags); match.hasNext();)
            options << match.next().captured(1);
    }
    return options;
}

QString runOptionFlag(const RunOption& option) {
    return QStringLiteral("--") + QString::fromLatin1(option.key).replace(QLatin1Char('_'), '-');
}

} // namespace

class TestCliHelp : public QObject {
    Q_OBJECT

private slots:
    void overviewListsEveryCommand();
    void commandHelpIsItsOwn_data() { addCommandRows(); }
    void commandHelpIsItsOwn();
    void documentedOptionsAreRead_data() { addCommandRows(); }
    void documentedOptionsAreRead();
    void readOptionsAreDocumented_data() { addCommandRows(); }
    void readOptionsAreDocumented();
    void overviewAndManPageListEveryFormat();
    void runHelpCoversEveryRunOption();
    void helpStatesTheDefaults();
    void compareHelpNamesEveryGroupKey();
    void manPageSaysWhatHelpSays_data() { addCommandRows(); }
    void manPageSaysWhatHelpSays();
    void manPageRendersWithoutWarnings();
};

void TestCliHelp::overviewListsEveryCommand() {
    const CliRun help = runCli({"--help"});
    QCOMPARE(help.exitCode, 0);
    QVERIFY(help.out.startsWith(QLatin1String("Usage: wirebench-cli COMMAND")));
    for (const QString& command : kCommands)
        QVERIFY2(help.out.contains(QRegularExpression(QStringLiteral("\n  %1 +\\S").arg(command))),
                 qPrintable(command + " is not in the overview"));
    QCOMPARE(runCli({"help"}).out, help.out);
    QCOMPARE(runCli({"-h"}).out, help.out);
    // Without arguments the overview is a usage error.
    const CliRun bare = runCli({});
    QCOMPARE(bare.exitCode, 2);
    QCOMPARE(bare.out, help.out);
}

void TestCliHelp::commandHelpIsItsOwn() {
    QFETCH(QString, command);
    const CliRun help = runCli({command, "--help"});
    QCOMPARE(help.exitCode, 0);
    QVERIFY2(help.err.isEmpty(), qPrintable(help.err));
    QVERIFY2(help.out.startsWith(QStringLiteral("Usage: wirebench-cli %1 ").arg(command)),
             qPrintable(help.out.left(200)));
    QVERIFY(help.out.contains(QLatin1String("\nOptions:\n")));
    QVERIFY(help.out.contains(QLatin1String("\n  -h, --help ")));
    QVERIFY(help.out.contains(QLatin1String("\nExit status: ")));
    for (const QString& other : kCommands)
        if (other != command)
            QVERIFY2(!help.out.contains(QStringLiteral("wirebench-cli %1 ").arg(other)),
                     qPrintable(other + " is described in the help of " + command));
    for (const QString& line : help.out.split(QLatin1Char('\n')))
        QVERIFY2(line.size() <= 79, qPrintable("longer than 79 columns: " + line));
    // -h, and --help after other options, ask for the same; after "--" it is a file name.
    QCOMPARE(runCli({command, "-h"}).out, help.out);
    QCOMPARE(runCli({command, "--format", "json", "--help"}).out, help.out);
    QVERIFY(!runCli({command, "--", "--help"}).out.startsWith(QLatin1String("Usage:")));
}

void TestCliHelp::documentedOptionsAreRead() {
    QFETCH(QString, command);
    const CliRun help = runCli({command, "--help"});
    const QStringList options = documentedOptions(help.out);
    QVERIFY2(options.size() >= 2, qPrintable(options.join(' ')));
    // Commands that arrive with later issues have their help before their code.
    if (runCli({command}).err.contains(QLatin1String("unknown command")))
        QSKIP(qPrintable(command + " is documented but not built into this wirebench-cli yet"));
    for (const QString& option : options) {
        if (option == QLatin1String("-h") || option == QLatin1String("--help"))
            continue;
        // Alone the option lacks its value or the files: a usage error, but not "unknown".
        const CliRun run = runCli({command, option});
        QVERIFY2(run.exitCode == 2, qPrintable(option + ": " + run.err));
        QVERIFY2(!run.err.contains(QLatin1String("unknown option")),
                 qPrintable(command + " does not read its documented " + option + ": " + run.err));
    }
}

// Each command reads its options by its help's declaration (OptionParser): one it reads that
// the help leaves out fails every call (one the help declares but it does not read is unknown,
// documentedOptionsAreRead).
void TestCliHelp::readOptionsAreDocumented() {
    QFETCH(QString, command);
    const CliRun run = runCli({command, "--no-such-option"});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(!run.err.contains(QLatin1String("internal error")), qPrintable(run.err));
    QVERIFY2(run.err.contains(QLatin1String("unknown option")), qPrintable(run.err));
}

void TestCliHelp::overviewAndManPageListEveryFormat() {
    const QString overview = simplified(runCli({"--help"}).out);
    const QString man = manText(manPageSource());
    for (const FormatEntry& format : FormatRegistry::formats()) {
        QVERIFY2(overview.contains(QLatin1String(format.name)), format.name);
        QVERIFY2(man.contains(QLatin1String(format.name)), format.name);
    }
}

void TestCliHelp::runHelpCoversEveryRunOption() {
    const QStringList options = documentedOptions(runCli({"run", "--help"}).out);
    for (const RunOption& option : RunOptions::all()) {
        QVERIFY2(options.contains(runOptionFlag(option)),
                 qPrintable(runOptionFlag(option) + " is missing from run --help"));
    }
}

void TestCliHelp::helpStatesTheDefaults() {
    QStringList levels;
    for (double level : LatencySummary::defaultLevels())
        levels << QString::number(level);
    const QString defaultLevels = QStringLiteral("(default %1)").arg(levels.join(','));
    QVERIFY(simplified(runCli({"stats", "--help"}).out).contains(defaultLevels));
    const QString compare = simplified(runCli({"compare", "--help"}).out);
    QVERIFY(compare.contains(defaultLevels));
    QVERIFY(compare.contains(QStringLiteral("(default %1)").arg(BootstrapOptions::kDefaultSeed)));
    QVERIFY(
        compare.contains(QStringLiteral("(default %1)").arg(BootstrapOptions::kDefaultResamples)));
}

void TestCliHelp::compareHelpNamesEveryGroupKey() {
    const QString help = simplified(runCli({"compare", "--help"}).out);
    const QString keys = help.section(QLatin1String("--group-by KEY "), 1);
    for (const QString& key : DatasetGroups::fixedKeys())
        QVERIFY2(keys.contains(QRegularExpression(QStringLiteral("\\b%1\\b").arg(key))),
                 qPrintable(key + " is missing from compare --help"));
    for (const QString& key : QStringList{"tag.NAME", "parameters.NAME"}) {
        QVERIFY(DatasetGroups::isKey(QString(key).replace(QLatin1String("NAME"), "x")));
        QVERIFY2(keys.contains(key), qPrintable(key));
    }
}

void TestCliHelp::manPageSaysWhatHelpSays() {
    QFETCH(QString, command);
    const QString roff = manPageSource();
    QVERIFY2(!roff.isEmpty(), WIREBENCH_MAN_PAGE " is missing");
    const QString section = manText(manSection(roff, command));
    QVERIFY2(!section.isEmpty(), qPrintable("no .SS " + command));
    const QString whole = manText(roff);
    // Paragraph by paragraph, every word of --help in the same order; the exit status is
    // in the man page's own section.
    const QStringList paragraphs = runCli({command, "--help"}).out.split(QStringLiteral("\n\n"));
    for (const QString& paragraph : paragraphs) {
        QString text = simplified(paragraph);
        if (text.isEmpty())
            continue;
        for (const char* label : {"Usage: ", "Options: ", "Exit status: "})
            if (text.startsWith(QLatin1String(label)))
                text = text.mid(static_cast<int>(qstrlen(label)));
        const QString& in = paragraph.startsWith(QLatin1String("Exit status:")) ? whole : section;
        QVERIFY2(in.contains(text), qPrintable("not in the man page: " + text));
    }
}

void TestCliHelp::manPageRendersWithoutWarnings() {
    const QString groff = QStandardPaths::findExecutable(QStringLiteral("groff"));
    if (groff.isEmpty())
        QSKIP("groff is not installed");
    QProcess process;
    process.start(groff, {"-man", "-ww", "-z", "-Tutf8", WIREBENCH_MAN_PAGE});
    QVERIFY(process.waitForFinished(30000));
    QCOMPARE(process.exitCode(), 0);
    QCOMPARE(QString::fromUtf8(process.readAllStandardError()), QString());
}

QTEST_GUILESS_MAIN(TestCliHelp)
#include "tst_clihelp.moc"
