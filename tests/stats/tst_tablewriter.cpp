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
    void latexUsesBooktabsRules();
    void csvReadsBackAsRfc4180();
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

// booktabs: \toprule above the header, \midrule under it, \bottomrule under the last row,
// and no \hline or vertical rule anywhere.
void TestTableWriter::latexUsesBooktabsRules() {
    const QString tex = TableWriter::write(sample(), TableWriter::Format::Latex);
    QCOMPARE(tex, QStringLiteral("% needs \\usepackage{booktabs}\n"
                                 "\\begin{table}[ht]\n\\centering\n\\begin{tabular}{lr}\n"
                                 "\\toprule\n"
                                 "label & p50 ($\\mu$s) \\\\\n"
                                 "\\midrule\n"
                                 "ping18\\_np & 85.0 \\\\\n"
                                 "a,b\\textbar{}c\\_d\\&e & 1260.5 \\\\\n"
                                 "\\bottomrule\n\\end{tabular}\n"
                                 "\\caption{Latency}\n\\end{table}\n"));
}

// RFC 4180 read by hand: a field is quoted when it holds a comma, a quote, CR or LF; a quote
// inside is doubled; records end with a line end outside quotes.
void TestTableWriter::csvReadsBackAsRfc4180() {
    Table table;
    table.header = {"a", "b"};
    const QStringList cells{"x,y",         "say \"hi\"", "line\nbreak", "cr\ronly",
                            "crlf\r\nend", "plain",      "-0.5",        "1e-3"};
    for (const QString& cell : cells)
        table.rows.push_back({cell, QStringLiteral("1")});
    const QString csv = TableWriter::write(table, TableWriter::Format::Csv);
    std::vector<QStringList> records;
    QStringList record;
    QString field;
    bool quoted = false;
    bool wasQuoted = false;
    for (qsizetype i = 0; i < csv.size(); ++i) {
        const QChar c = csv[i];
        if (quoted) {
            if (c == '"' && i + 1 < csv.size() && csv[i + 1] == '"')
                field += csv[++i];
            else if (c == '"')
                quoted = false;
            else
                field += c;
        } else if (c == '"') {
            QVERIFY2(field.isEmpty(), "a quote inside an unquoted field");
            quoted = wasQuoted = true;
        } else if (c == ',' || c == '\n') {
            QVERIFY2(wasQuoted || (!field.contains('\r') && !field.contains('\n')),
                     "a line end outside quotes");
            record << field;
            field.clear();
            wasQuoted = false;
            if (c == '\n') {
                records.push_back(record);
                record.clear();
            }
        } else {
            field += c;
        }
    }
    QVERIFY(!quoted);
    QCOMPARE(records.size(), std::size_t(cells.size() + 1));
    for (qsizetype i = 0; i < cells.size(); ++i)
        QCOMPARE(records[static_cast<std::size_t>(i) + 1], (QStringList{cells[i], "1"}));
    // Numbers, negative ones too, are written as they are: a spreadsheet keeps them numbers.
    QVERIFY(csv.contains(QStringLiteral("\n-0.5,1\n")));
}

void TestTableWriter::formatNames() {
    TableWriter::Format format;
    QVERIFY(TableWriter::parseFormat("latex", &format));
    QCOMPARE(format, TableWriter::Format::Latex);
    QVERIFY(!TableWriter::parseFormat("xml", &format));
}

QTEST_APPLESS_MAIN(TestTableWriter)
#include "tst_tablewriter.moc"
