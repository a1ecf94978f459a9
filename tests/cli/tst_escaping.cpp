#include "TestSupport.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

using namespace wb;
using test::CliRun;
using test::runCli;

namespace {

// Log names (the labels the commands show) and metadata values a hostile colleague could send.
// A file name cannot hold a "/" (OWASP's formula, a closing tag); a metadata value can.
const QString kFormulaName = QStringLiteral("=cmd|' -C calc'!A0");
const QString kMarkupName =
    QStringLiteral("<img src=x onerror=\"alert('x')\"> & 'q' ^~\\{}$%#_ |pipe\nsecond line");
const QString kFormulaValue = QStringLiteral("=cmd|' /C calc'!A0");
const QString kLinkValue = QStringLiteral("=HYPERLINK(\"http://evil.invalid\",\"x\")");
const QString kMarkupValue = QStringLiteral("<script>alert(1)</script>&amp;");
const QString kFamily = QStringLiteral("Evil\"><script>alert(1)</script><g a='");

// RFC 4180, as a spreadsheet reads it: quoted fields may hold commas, quotes and line ends.
std::vector<QStringList> readCsv(const QString& text) {
    std::vector<QStringList> rows;
    QStringList row;
    QString field;
    bool quoted = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (quoted) {
            if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
                field += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                field += c;
            }
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            row << field;
            field.clear();
        } else if (c == '\n') {
            row << field;
            field.clear();
            rows.push_back(row);
            row.clear();
        } else {
            field += c;
        }
    }
    return rows;
}

// The cells of a GitHub-flavoured Markdown table row, unescaped as a renderer reads them.
QStringList readMarkdownRow(const QString& line) {
    QStringList cells;
    QString cell;
    for (qsizetype i = 0; i < line.size(); ++i) {
        if (line[i] == '\\' && i + 1 < line.size()) {
            cell += line[++i];
        } else if (line[i] == '|') {
            cells << cell.trimmed();
            cell.clear();
        } else if (line.mid(i, 4) == QLatin1String("<br>")) {
            cell += '\n';
            i += 3;
        } else {
            cell += line[i];
        }
    }
    if (!cells.isEmpty())
        cells.removeFirst(); // before the leading |
    return cells;
}

struct ParsedXml {
    QString error;
    QStringList elements;
    QString text;                       // every text node, in order
    QMultiMap<QString, QString> values; // attribute name -> value
};

ParsedXml parseXml(const QByteArray& bytes) {
    ParsedXml parsed;
    QXmlStreamReader xml(bytes);
    while (!xml.atEnd()) {
        const auto token = xml.readNext();
        if (token == QXmlStreamReader::StartElement) {
            parsed.elements << xml.name().toString();
            for (const QXmlStreamAttribute& attribute : xml.attributes())
                parsed.values.insert(attribute.name().toString(), attribute.value().toString());
        } else if (token == QXmlStreamReader::Characters) {
            parsed.text += xml.text();
        }
    }
    if (xml.hasError())
        parsed.error = QStringLiteral("%1 at line %2").arg(xml.errorString()).arg(xml.lineNumber());
    return parsed;
}

// Ping logs and an iperf3 log under hostile names, with a metadata file of hostile values.
struct HostileLogs {
    QTemporaryDir dir;
    QString formulaPing;
    QString markupPing;
    QString plainPing; // a metadata file cannot name a log whose name holds a line end
    QString formulaIperf;
    QString metadata;

    HostileLogs() {
        formulaPing = test::writeTestFile(dir.path(), kFormulaName + ".txt", test::cleanPingLog());
        markupPing = test::writeTestFile(dir.path(), kMarkupName + ".txt", test::cleanPingLog());
        formulaIperf = dir.filePath(kFormulaName + " iperf.txt");
        QFile::copy(test::dataPath("iperf3/tcp-client.txt"), formulaIperf);
        plainPing = test::writeTestFile(dir.path(), "plain.txt", test::cleanPingLog());
        metadata =
            test::writeTestFile(dir.path(), "meta.tsv",
                                (QFileInfo(formulaPing).fileName() + "\ttestbed\t" + kFormulaValue +
                                 "\nplain.txt\ttestbed\t" + kMarkupValue + "\n")
                                    .toUtf8());
    }
};

} // namespace

class TestEscaping : public QObject {
    Q_OBJECT

private slots:
    void csvCellsReadBackAsText();
    void markdownRowsStayRows();
    void latexEscapesEverySpecial();
    void reportAndSvgHoldNoForeignMarkup();
    void numberOptionsRefuseWhatIsNoNumber_data();
    void numberOptionsRefuseWhatIsNoNumber();
    void hostileWorkspaceNumbersAreBounded();
};

void TestEscaping::csvCellsReadBackAsText() {
    HostileLogs logs;
    for (const char* command : {"table", "stats"}) {
        const CliRun run = runCli({command, "--format", "csv", logs.formulaPing, logs.markupPing});
        QCOMPARE(run.exitCode, 0);
        const std::vector<QStringList> rows = readCsv(run.out);
        QCOMPARE(rows.size(), std::size_t(3));
        // A formula becomes text with a leading ', as a spreadsheet shows it; the rest is as it
        // was.
        QCOMPARE(rows[1].front(), "'" + kFormulaName);
        QCOMPARE(rows[2].front(), kMarkupName);
        QCOMPARE(rows[1].size(), rows[0].size());
        QCOMPARE(rows[2].size(), rows[0].size());
        const qsizetype samples = rows[0].indexOf("samples");
        QCOMPARE(rows[1].at(samples), QStringLiteral("200")); // numbers stay numbers
    }
    const CliRun flows = runCli({"table", "--format", "csv", logs.formulaIperf});
    QCOMPARE(flows.exitCode, 0);
    QCOMPARE(readCsv(flows.out).at(1).front(), "'" + kFormulaName + " iperf");
    const CliRun flowTable = runCli({"flows", "--format", "csv", logs.formulaIperf});
    QCOMPARE(flowTable.exitCode, 0);
    for (const QStringList& row : readCsv(flowTable.out))
        QCOMPARE(row.size(), qsizetype(6));

    const CliRun groups = runCli({"table", "--format", "csv", "--group-by", "testbed", "--metadata",
                                  logs.metadata, logs.formulaPing, logs.plainPing});
    QCOMPARE(groups.exitCode, 0);
    QStringList names;
    for (const QStringList& row : readCsv(groups.out))
        names << row.front();
    QVERIFY2(names.contains("testbed=" + kFormulaValue), qPrintable(groups.out));
    QVERIFY2(names.contains("testbed=" + kMarkupValue), qPrintable(groups.out));
    // A negative number is a number, not a formula.
    const CliRun compare = runCli({"compare", "--format", "csv", "--group-by", "testbed",
                                   "--metadata", logs.metadata, logs.formulaPing, logs.plainPing});
    QCOMPARE(compare.exitCode, 0);
    QVERIFY2(!compare.out.contains(",'-0") && !compare.out.contains(",'-1"),
             qPrintable(compare.out));
}

void TestEscaping::markdownRowsStayRows() {
    HostileLogs logs;
    const CliRun run = runCli({"table", "--format", "markdown", logs.formulaPing, logs.markupPing});
    QCOMPARE(run.exitCode, 0);
    const QStringList lines = run.out.split('\n').filter(QRegularExpression("^\\|"));
    QCOMPARE(lines.size(), qsizetype(4)); // header, rule, two rows: no line end inside a cell
    QCOMPARE(readMarkdownRow(lines[2]).front(), kFormulaName);
    QCOMPARE(readMarkdownRow(lines[3]).front(), kMarkupName);
    QCOMPARE(readMarkdownRow(lines[3]).size(), readMarkdownRow(lines[0]).size());
    QVERIFY2(
        lines[3].startsWith("| \\<img src=x onerror=\"alert('x')\"\\> \\& 'q' ^\\~\\\\{}$%#\\_ "
                            "\\|pipe<br>second line |"),
        qPrintable(lines[3]));

    // Group names reach captions and findings; no HTML a renderer would run gets through.
    const CliRun compare = runCli({"compare", "--format", "markdown", "--group-by", "testbed",
                                   "--metadata", logs.metadata, logs.formulaPing, logs.plainPing});
    QCOMPARE(compare.exitCode, 0);
    QVERIFY2(compare.out.contains("\\<script\\>alert(1)\\</script\\>\\&amp;"),
             qPrintable(compare.out));
    const QString withoutBreaks = QString(compare.out).remove("<br>");
    QVERIFY2(!withoutBreaks.contains(QRegularExpression("(^|[^\\\\])<")), qPrintable(compare.out));
}

void TestEscaping::latexEscapesEverySpecial() {
    HostileLogs logs;
    const CliRun run = runCli({"table", "--format", "latex", logs.markupPing});
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.out.contains("\\textless{}img src=x onerror=\"alert('x')\"\\textgreater{}"
                              " \\& 'q' \\textasciicircum{}"
                              "\\textasciitilde{}\\textbackslash{}\\{\\}\\$\\%\\#\\_ "
                              "\\textbar{}pipe second line & 200 &"),
             qPrintable(run.out));
}

void TestEscaping::reportAndSvgHoldNoForeignMarkup() {
    HostileLogs logs;
    const QString title = QStringLiteral("<script>alert(1)</script> & \"t\" 'q'");
    QJsonArray datasets;
    for (const QString& log : {logs.formulaPing, logs.formulaIperf})
        datasets.append(QJsonObject{
            {"path", QFileInfo(log).fileName()},
            {"label", kMarkupName},
            {"tags", QJsonArray{kMarkupValue, kLinkValue}},
            {"metadata", QJsonObject{{"testbed", kMarkupValue}, {"note", kFormulaValue}}}});
    const QJsonObject workspace{
        {"format", "wirebench-workspace"},
        {"version", 1},
        {"title", title},
        {"datasets", datasets},
        {"views", QJsonObject{{"figures", QJsonObject{{"fontFamily", kFamily}}}}}};
    const QString path =
        test::writeTestFile(logs.dir.path(), "hostile.wbws", QJsonDocument(workspace).toJson());
    const QString html = logs.dir.filePath("report.html");
    const CliRun run = runCli({"report", path, "-o", html});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const ParsedXml report = parseXml(test::readAll(html));
    QVERIFY2(report.error.isEmpty(), qPrintable(report.error));
    QVERIFY(!report.elements.contains("script"));
    QVERIFY(!report.elements.contains("img"));
    QVERIFY(report.text.contains(title));
    QVERIFY(report.text.contains(kMarkupName));
    QVERIFY(report.text.contains(kMarkupValue));
    QVERIFY(report.values.values("font-family").contains(kFamily));

    // --font, and plot's --title and --font, reach the SVG escaped too.
    const QString family = QStringLiteral("A\" onload=\"alert(1)");
    QCOMPARE(runCli({"report", path, "-o", html, "--font", family}).exitCode, 0);
    const ParsedXml fromOption = parseXml(test::readAll(html));
    QVERIFY2(fromOption.error.isEmpty(), qPrintable(fromOption.error));
    QVERIFY(!fromOption.values.contains("onload"));
    QVERIFY(fromOption.values.values("font-family").contains(family));
    const QString svg = logs.dir.filePath("plot.svg");
    QCOMPARE(runCli({"plot", "--type", "cdf", "-o", svg, "--title", title, "--font", kFamily,
                     logs.markupPing})
                 .exitCode,
             0);
    const ParsedXml plot = parseXml(test::readAll(svg));
    QVERIFY2(plot.error.isEmpty(), qPrintable(plot.error));
    QVERIFY(!plot.elements.contains("script"));
    QVERIFY(plot.text.contains(title));
    QVERIFY(plot.values.values("font-family").contains(kFamily));
}

void TestEscaping::numberOptionsRefuseWhatIsNoNumber_data() {
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    const QString dpi = QStringLiteral("--dpi must be PNG pixels per inch between 72 and 2400");
    const QString width = QStringLiteral("--width must be a length from 1 to 40 in");
    const QString points = QStringLiteral("--font-size must be points between 4 and 72");
    for (const char* value : {"nan", "inf", "-inf", "-1", "1e308", "0x10"}) {
        QTest::addRow("plot --dpi %s", value)
            << QStringList{"plot", "--type", "cdf", "-o", "x.png", "--dpi", value} << dpi;
        QTest::addRow("plot --width %s", value)
            << QStringList{"plot", "--type", "cdf", "-o", "x.png", "--width", value} << width;
        QTest::addRow("plot --width %sin", value)
            << QStringList{"plot", "--type", "cdf", "-o", "x.png", "--width", value + QString("in")}
            << width;
        QTest::addRow("plot --font-size %s", value)
            << QStringList{"plot", "--type", "cdf", "-o", "x.svg", "--font-size", value} << points;
        QTest::addRow("report --font-size %s", value)
            << QStringList{"report", "w.wbws", "-o", "r.html", "--font-size", value} << points;
    }
}

void TestEscaping::numberOptionsRefuseWhatIsNoNumber() {
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    QTemporaryDir dir; // what a command that wrongly accepts its option writes
    const QString output = arguments.at(arguments.indexOf("-o") + 1);
    arguments[arguments.indexOf("-o") + 1] = dir.filePath(output);
    const CliRun run = runCli(arguments + QStringList{test::samplePath("ping18_np")});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains(message), qPrintable(run.err));
}

void TestEscaping::hostileWorkspaceNumbersAreBounded() {
    QTemporaryDir dir;
    test::writeTestFile(dir.path(), "ping.txt", test::cleanPingLog());
    QJsonArray levels;
    for (int i = 0; i < 150; ++i)
        levels.append(i % 2 ? 50.0 : 1e300);
    const QJsonObject views{
        {"wb::DistributionsView",
         QJsonObject{
             {"bins", 2000000000.0}, {"min", -1.7e308}, {"max", 1.7e308}, {"mode", "histogram"}}},
        {"wb::BandsView", QJsonObject{{"windowReplies", 2000000000.0}}},
        {"wb::TimelineView", QJsonObject{{"interval", 1e300}}},
        {"wb::PercentileView", QJsonObject{{"levels", levels}, {"sortColumn", 2000000000.0}}},
        {"wb::CdfView", QJsonObject{{"markers", levels}}},
        // Too small rather than too large: 72 points is in range, and slow to lay out.
        {"figures", QJsonObject{{"fontSize", -5.0}, {"fontFamily", QString(100000, 'x')}}}};
    const QJsonObject workspace{{"format", "wirebench-workspace"},
                                {"version", 1},
                                {"datasets", QJsonArray{QJsonObject{{"path", "ping.txt"}}}},
                                {"views", views}};
    const QString path =
        test::writeTestFile(dir.path(), "numbers.wbws", QJsonDocument(workspace).toJson());
    const QString html = dir.filePath("report.html");
    const CliRun run = runCli({"report", path, "-o", html});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    for (const char* said :
         {"wb::DistributionsView.bins: 2000000000 is not a whole number from 1 to 10000; 10000 "
          "is used",
          "wb::BandsView.windowReplies", "wb::TimelineView.interval",
          "figures.fontSize: -5 is not a number from 4 to 72; 4 is used",
          "wb::PercentileView.levels: 75 of its 150 values left out", "wb::CdfView.markers",
          "figures.fontFamily: 100000 characters"})
        QVERIFY2(run.err.contains(QLatin1String(said)), qPrintable(run.err));
    const QByteArray report = test::readAll(html);
    QVERIFY(report.size() < 20 * 1024 * 1024);
    QVERIFY2(parseXml(report).error.isEmpty(), qPrintable(parseXml(report).error));
    QVERIFY(QString::fromUtf8(report).contains(QRegularExpression("10.?000 bins")));
}

QTEST_GUILESS_MAIN(TestEscaping)
#include "tst_escaping.moc"
