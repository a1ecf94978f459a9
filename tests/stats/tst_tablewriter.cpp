#include "report/TableWriter.h"

#include <QTest>

using namespace wb;

class TestTableWriter : public QObject {
    Q_OBJECT

private slots:
    void textAlignsColumns();
    void csvQuotesSpecialCells();
    void csvNeutralisesFormulas_data();
    void csvNeutralisesFormulas();
    void markdownEscapesPipes();
    void markdownKeepsEachRowOnItsLine();
    void latexEscapesSpecials();
    void latexEscapesEveryActiveCharacter();
    void formatNames();

private:
    static Table sample();
};

Table TestTableWriter::sample() {
    Table table;
    table.header = {"label", "p50 (µs)"};
    table.rightAligned = {false, true};
    table.rows = {{"ping18_np", "85.0"}, {"a,b|c_d&e", "1260.5"}};
    table.caption = "Latency";
    return table;
}

void TestTableWriter::textAlignsColumns() {
    const QString text = TableWriter::write(sample(), TableWriter::Format::Text);
    const QStringList lines = text.split('\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), qsizetype(3));
    QCOMPARE(lines[1], QStringLiteral("ping18_np      85.0"));
    QCOMPARE(lines[2], QStringLiteral("a,b|c_d&e    1260.5"));
}

void TestTableWriter::csvQuotesSpecialCells() {
    const QString csv = TableWriter::write(sample(), TableWriter::Format::Csv);
    QCOMPARE(csv, QStringLiteral("label,p50 (µs)\nping18_np,85.0\n\"a,b|c_d&e\",1260.5\n"));
}

// OWASP's CSV injection advice: a text cell a spreadsheet would run as a formula gets a
// leading '; numbers and the "-" of a missing value stay numbers and dashes.
void TestTableWriter::csvNeutralisesFormulas_data() {
    QTest::addColumn<QString>("cell");
    QTest::addColumn<QString>("written");
    QTest::newRow("=") << "=cmd|' /C calc'!A0"
                       << "'=cmd|' /C calc'!A0";
    QTest::newRow("+") << "+1+1"
                       << "'+1+1";
    QTest::newRow("-") << "-2+3"
                       << "'-2+3";
    QTest::newRow("@") << "@SUM(A1)"
                       << "'@SUM(A1)";
    QTest::newRow("tab") << "\t=1"
                         << "'\t=1";
    QTest::newRow("CR") << "\r=1"
                        << "\"'\r=1\"";
    QTest::newRow("quoted") << "=HYPERLINK(\"x\",\"y\")"
                            << "\"'=HYPERLINK(\"\"x\"\",\"\"y\"\")\"";
    QTest::newRow("negative number") << "-1.5"
                                     << "-1.5";
    QTest::newRow("signed exponent") << "+3e-2"
                                     << "+3e-2";
    QTest::newRow("missing value") << "-"
                                   << "-";
    QTest::newRow("text") << "ping18_np"
                          << "ping18_np";
    QTest::newRow("CR inside") << "a\rb"
                               << "\"a\rb\"";
}

void TestTableWriter::csvNeutralisesFormulas() {
    QFETCH(QString, cell);
    QFETCH(QString, written);
    Table table;
    table.header = {"label"};
    table.rows = {{cell}};
    QCOMPARE(TableWriter::write(table, TableWriter::Format::Csv), "label\n" + written + "\n");
}

void TestTableWriter::markdownEscapesPipes() {
    const QString md = TableWriter::write(sample(), TableWriter::Format::Markdown);
    QVERIFY(md.contains(QStringLiteral("| --- | ---: |")));
    QVERIFY(md.contains(QStringLiteral("| a,b\\|c_d\\&e | 1260.5 |")));
}

void TestTableWriter::markdownKeepsEachRowOnItsLine() {
    Table table;
    table.header = {"label", "n"};
    table.rows = {{"a\nb\r\nc|d", "1"}, {"<b>*x*</b> _y_ `z` ~~s~~ [l](http://x) [2, 3]", "2"}};
    table.caption = "A|B\nC";
    const QString md = TableWriter::write(table, TableWriter::Format::Markdown);
    QCOMPARE(md, QStringLiteral("**A\\|B<br>C**\n\n"
                                "| label | n |\n| --- | --- |\n"
                                "| a<br>b<br>c\\|d | 1 |\n"
                                "| \\<b\\>\\*x\\*\\</b\\> \\_y\\_ \\`z\\` \\~\\~s\\~\\~ "
                                "[l\\](http://x) [2, 3] | 2 |\n"));
}

void TestTableWriter::latexEscapesSpecials() {
    const QString tex = TableWriter::write(sample(), TableWriter::Format::Latex);
    QVERIFY(tex.contains(QStringLiteral("\\begin{tabular}{lr}")));
    QVERIFY(tex.contains(QStringLiteral("label & p50 ($\\mu$s) \\\\")));
    QVERIFY(tex.contains(QStringLiteral("a,b\\textbar{}c\\_d\\&e & 1260.5 \\\\")));
    QVERIFY(tex.contains(QStringLiteral("\\caption{Latency}")));
}

void TestTableWriter::latexEscapesEveryActiveCharacter() {
    Table table;
    table.header = {"label"};
    table.rows = {{"^~\\{}$&%#_<>|\n\nx"}};
    table.caption = "a^b~c";
    const QString tex = TableWriter::write(table, TableWriter::Format::Latex);
    QVERIFY2(tex.contains(QStringLiteral(
                 "\\textasciicircum{}\\textasciitilde{}\\textbackslash{}\\{\\}\\$\\&\\%\\#\\_"
                 "\\textless{}\\textgreater{}\\textbar{}  x \\\\\n")),
             qPrintable(tex));
    QVERIFY(tex.contains(QStringLiteral("\\caption{a\\textasciicircum{}b\\textasciitilde{}c}")));
}

void TestTableWriter::formatNames() {
    TableWriter::Format format;
    QVERIFY(TableWriter::parseFormat("latex", &format));
    QCOMPARE(format, TableWriter::Format::Latex);
    QVERIFY(!TableWriter::parseFormat("xml", &format));
}

QTEST_APPLESS_MAIN(TestTableWriter)
#include "tst_tablewriter.moc"
