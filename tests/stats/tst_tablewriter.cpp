#include "io/TableWriter.h"

#include <QTest>

using namespace wb;

class TestTableWriter : public QObject {
    Q_OBJECT

private slots:
    void textAlignsColumns();
    void csvQuotesSpecialCells();
    void markdownEscapesPipes();
    void latexEscapesSpecials();
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

void TestTableWriter::markdownEscapesPipes() {
    const QString md = TableWriter::write(sample(), TableWriter::Format::Markdown);
    QVERIFY(md.contains(QStringLiteral("| --- | ---: |")));
    QVERIFY(md.contains(QStringLiteral("| a,b\\|c_d&e | 1260.5 |")));
}

void TestTableWriter::latexEscapesSpecials() {
    const QString tex = TableWriter::write(sample(), TableWriter::Format::Latex);
    QVERIFY(tex.contains(QStringLiteral("\\begin{tabular}{lr}")));
    QVERIFY(tex.contains(QStringLiteral("label & p50 ($\\mu$s) \\\\")));
    QVERIFY(tex.contains(QStringLiteral("a,b|c\\_d\\&e & 1260.5 \\\\")));
    QVERIFY(tex.contains(QStringLiteral("\\caption{Latency}")));
}

void TestTableWriter::formatNames() {
    TableWriter::Format format;
    QVERIFY(TableWriter::parseFormat("latex", &format));
    QCOMPARE(format, TableWriter::Format::Latex);
    QVERIFY(!TableWriter::parseFormat("xml", &format));
}

QTEST_APPLESS_MAIN(TestTableWriter)
#include "tst_tablewriter.moc"
