#include "files/OutputFile.h"
#include "report/TidyExport.h"
#include "report/TidyExportRows.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <charconv>
#include <limits>
#include <random>

using namespace wb;

// TidyExport on datasets made here, whose rows are known without running it: the columns,
// the order and status of the requests, the numbers' digits, JSON's escaping, and that an
// export stopped half-way leaves the file that was there.
class TestTidyExport : public QObject {
    Q_OBJECT

private slots:
    void columnsAreTheUnionOfMetadataSorted();
    void samplesFollowTheSequenceWithTheirStatus();
    void damagedRepliesHaveRowsOfTheirOwn();
    void oneWayDelaysWhereTheToolMeasuredThem();
    void lostRowsSayTheDirectionTheToolTold();
    void numbersReadBackAsTheSameDouble();
    void fastNumbersAreTheStandardLibrarys();
    void jsonLinesEscapeText();
    void stoppedExportKeepsTheOldFile();
    void rowCountIsTheRowsWritten();

private:
    static Dataset latency();
    static QString exported(const std::vector<GroupMember>& members, TidyExport::Table table,
                            TidyExport::Format format);

    QTemporaryDir m_dir;
};

// Requests 0..5: 0, 2 and 5 answered (2 twice), 1 and 4 lost, 3 answered by an ICMP error.
Dataset TestTidyExport::latency() {
    Dataset dataset;
    dataset.kind = Dataset::Kind::Latency;
    dataset.sourceFile = QStringLiteral("/logs/a.txt");
    dataset.label = QStringLiteral("a");
    dataset.info.tool = QStringLiteral("ping");
    dataset.info.parameters.insert(QStringLiteral("rate"), QStringLiteral("20mbit"));
    dataset.latency.rttMs = {1.5, 2.5, 3.5};
    dataset.latency.sequence = {0, 2, 5};
    dataset.latency.timestamps = {100.25, 100.5, 101.75};
    dataset.latency.lostSequence = {1, 4};
    dataset.latency.duplicateRttMs = {2.625};
    dataset.latency.duplicateSequence = {2};
    dataset.latency.errorSequence = {3};
    return dataset;
}

QString TestTidyExport::exported(const std::vector<GroupMember>& members, TidyExport::Table table,
                                 TidyExport::Format format) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("out"));
    QString why;
    const bool written = OutputFile::stream(
        path,
        [&](OutputSink& sink, QString* error) {
            return TidyExport::write(sink, table, format, members, {}, error);
        },
        &why);
    if (!written)
        qWarning("export failed: %s", qPrintable(why));
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

void TestTidyExport::columnsAreTheUnionOfMetadataSorted() {
    const Dataset a = latency();
    Dataset b = latency();
    b.sourceFile = QStringLiteral("/logs/b.txt");
    b.info.congestionControl = QStringLiteral("cubic");
    b.info.parameters.clear();
    // "seq" is also a column of the table: the user's key of that name is kept apart.
    const std::vector<GroupMember> members{
        {&a, {}, {}, {{QStringLiteral("testbed"), QStringLiteral("geni")}}},
        {&b, {QStringLiteral("x")}, {}, {{QStringLiteral("seq"), QStringLiteral("7")}}}};
    const QStringList expected{"run",
                               "file",
                               "label",
                               "seq",
                               "time_s",
                               "rtt_ms",
                               "status",
                               "send_delay_ms",
                               "receive_delay_ms",
                               "lost_direction",
                               "congestion_control",
                               "kind",
                               "parameters.rate",
                               "metadata.seq",
                               "tag",
                               "testbed",
                               "tool"};
    QCOMPARE(TidyExport::columns(TidyExport::Table::Samples, members), expected);
    const QStringList lines =
        exported(members, TidyExport::Table::Samples, TidyExport::Format::Csv).split('\n');
    QCOMPARE(lines.front(), expected.join(','));
    // a's first row: no congestion control, its parameter, no user seq, no tag, its testbed.
    QCOMPARE(lines[1], QStringLiteral("/logs/a.txt,/logs/a.txt,a,0,100.25,1.5,ok,,,,,latency,"
                                      "20mbit,,,geni,ping"));
    QVERIFY2(lines.contains(QStringLiteral("/logs/b.txt,/logs/b.txt,a,5,101.75,3.5,ok,,,,cubic,"
                                           "latency,,7,x,,ping")),
             qPrintable(lines.join('\n')));
}

void TestTidyExport::samplesFollowTheSequenceWithTheirStatus() {
    const Dataset a = latency();
    const QString csv =
        exported({{&a, {}, {}, {}}}, TidyExport::Table::Samples, TidyExport::Format::Csv);
    QStringList cells;
    for (const QString& line : csv.split('\n', Qt::SkipEmptyParts).mid(1))
        cells << line.section(',', 3, 6);
    QCOMPARE(cells, (QStringList{"0,100.25,1.5,ok", "1,,,lost", "2,100.5,2.5,ok", "2,,2.625,dup",
                                 "3,,,error", "4,,,lost", "5,101.75,3.5,ok"}));
}

// Requests 0..4: 0 answered; 1's only reply had a bad checksum (damaged, and lost as ping
// counts it); 2's reply was truncated (damaged, no time); 3 answered, then a damaged copy of
// its reply; 4 lost.
void TestTidyExport::damagedRepliesHaveRowsOfTheirOwn() {
    Dataset a = latency();
    a.latency.rttMs = {1.5, 3.5};
    a.latency.sequence = {0, 3};
    a.latency.timestamps = {100.25, 101.75};
    a.latency.duplicateRttMs.clear();
    a.latency.duplicateSequence.clear();
    a.latency.errorSequence.clear();
    a.latency.lostSequence = {1, 4};
    a.latency.damagedRttMs = {1.75, std::numeric_limits<double>::quiet_NaN(), 3.625};
    a.latency.damagedSequence = {1, 2, 3};
    const std::vector<GroupMember> members{{&a, {}, {}, {}}};
    const QString csv = exported(members, TidyExport::Table::Samples, TidyExport::Format::Csv);
    QStringList cells;
    for (const QString& line : csv.split('\n', Qt::SkipEmptyParts).mid(1))
        cells << line.section(',', 3, 6);
    QCOMPARE(cells, (QStringList{"0,100.25,1.5,ok", "1,,1.75,damaged", "1,,,lost", "2,,,damaged",
                                 "3,101.75,3.5,ok", "3,,3.625,damaged", "4,,,lost"}));
    QCOMPARE(TidyExport::rowCount(TidyExport::Table::Samples, members), cells.size());
}

// As irtt gives them: per reply, NaN where the server's timestamps were missing.
void TestTidyExport::oneWayDelaysWhereTheToolMeasuredThem() {
    Dataset a = latency();
    const double none = std::numeric_limits<double>::quiet_NaN();
    a.latency.sendDelayMs = {0.5, none, 1.75};
    a.latency.receiveDelayMs = {1.0, 1.25, none};
    const QString csv =
        exported({{&a, {}, {}, {}}}, TidyExport::Table::Samples, TidyExport::Format::Csv);
    const QStringList lines = csv.split('\n', Qt::SkipEmptyParts);
    QVERIFY(lines.front().contains(QStringLiteral("status,send_delay_ms,receive_delay_ms")));
    QStringList cells;
    for (const QString& line : lines.mid(1))
        cells << line.section(',', 3, 8);
    QCOMPARE(cells,
             (QStringList{"0,100.25,1.5,ok,0.5,1", "1,,,lost,,", "2,100.5,2.5,ok,,1.25",
                          "2,,2.625,dup,,", "3,,,error,,", "4,,,lost,,", "5,101.75,3.5,ok,1.75,"}));
}

// As irtt tells them: request 1 never reached the server, 4's reply never came back; a third
// loss (6) went untold (irtt's plain "true").
void TestTidyExport::lostRowsSayTheDirectionTheToolTold() {
    Dataset a = latency();
    a.latency.lostSequence = {1, 4, 6};
    a.latency.lostUpSequence = {1};
    a.latency.lostDownSequence = {4};
    a.latency.lossDirectionsTold = true;
    const QString csv =
        exported({{&a, {}, {}, {}}}, TidyExport::Table::Samples, TidyExport::Format::Csv);
    const QStringList lines = csv.split('\n', Qt::SkipEmptyParts);
    QVERIFY(lines.front().contains(QStringLiteral("receive_delay_ms,lost_direction,")));
    QStringList cells;
    for (const QString& line : lines.mid(1))
        cells << line.section(',', 3, 9);
    QCOMPARE(cells, (QStringList{"0,100.25,1.5,ok,,,", "1,,,lost,,,up", "2,100.5,2.5,ok,,,",
                                 "2,,2.625,dup,,,", "3,,,error,,,", "4,,,lost,,,down",
                                 "5,101.75,3.5,ok,,,", "6,,,lost,,,"}));
}

void TestTidyExport::numbersReadBackAsTheSameDouble() {
    Dataset a = latency();
    a.latency.rttMs = {0.1 + 0.2, 1e-7, 123456789.125};
    a.latency.timestamps = {1795993972.241117, std::nan(""), 3};
    const QString csv =
        exported({{&a, {}, {}, {}}}, TidyExport::Table::Samples, TidyExport::Format::Csv);
    QStringList rtts;
    QStringList times;
    for (const QString& line : csv.split('\n', Qt::SkipEmptyParts).mid(1))
        if (line.section(',', 6, 6) == QLatin1String("ok")) {
            times << line.section(',', 4, 4);
            rtts << line.section(',', 5, 5);
        }
    QCOMPARE(rtts.size(), qsizetype(3));
    for (int i = 0; i < 3; ++i)
        QCOMPARE(rtts[i].toDouble(), a.latency.rttMs[static_cast<std::size_t>(i)]);
    QCOMPARE(rtts[0], QStringLiteral("0.30000000000000004"));
    QCOMPARE(times[0].toDouble(), 1795993972.241117);
    QCOMPARE(times[1], QString()); // NaN: no time, an empty cell
    const QString json =
        exported({{&a, {}, {}, {}}}, TidyExport::Table::Samples, TidyExport::Format::Jsonl);
    const QJsonObject first = QJsonDocument::fromJson(json.section('\n', 0, 0).toUtf8()).object();
    QCOMPARE(first.value("rtt_ms").toDouble(), 0.1 + 0.2);
    QVERIFY(first.value("send_delay_ms").isNull());
}

// The export's fast path for numbers of few decimals writes what std::to_chars's shortest
// fixed form writes, for decimals as logs print them and for arbitrary doubles.
void TestTidyExport::fastNumbersAreTheStandardLibrarys() {
    std::mt19937_64 random(20261206);
    std::uniform_int_distribution<std::int64_t> digits(-9'000'000'000'000'000,
                                                       9'000'000'000'000'000);
    std::uniform_int_distribution<int> decimals(0, 9);
    std::uniform_real_distribution<double> anywhere(-1e10, 1e10);
    const double powers[] = {1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9};
    for (int i = 0; i < 200000; ++i) {
        const double value = i % 2 ? anywhere(random)
                                   : static_cast<double>(digits(random) % 10'000'000'000'000) /
                                         powers[decimals(random)];
        char mine[400];
        char standard[400];
        const std::string a(mine, tidy::shortestFixed(mine, mine + sizeof mine, value));
        const std::string b(standard, std::to_chars(standard, standard + sizeof standard, value,
                                                    std::chars_format::fixed)
                                          .ptr);
        if (a != b)
            QFAIL(qPrintable(QStringLiteral("%1: %2, std::to_chars %3")
                                 .arg(value, 0, 'g', 17)
                                 .arg(QString::fromStdString(a), QString::fromStdString(b))));
    }
}

void TestTidyExport::jsonLinesEscapeText() {
    Dataset a = latency();
    const QString label = QStringLiteral("q\"b\\s\nt\tc\x01 µs =1");
    const std::vector<GroupMember> members{
        {&a, {}, label, {{QStringLiteral("note"), QStringLiteral("a\r\nb")}}}};
    const QString json = exported(members, TidyExport::Table::Samples, TidyExport::Format::Jsonl);
    const QStringList lines = json.split('\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), qsizetype(7));
    for (const QString& line : lines) {
        QJsonParseError error;
        const QJsonObject row = QJsonDocument::fromJson(line.toUtf8(), &error).object();
        QCOMPARE(error.error, QJsonParseError::NoError);
        QCOMPARE(row.value("label").toString(), label); // JSON is not a spreadsheet: as given
        QCOMPARE(row.value("note").toString(), QStringLiteral("a\r\nb"));
        QCOMPARE(row.keys().size(),
                 TidyExport::columns(TidyExport::Table::Samples, members).size());
    }
}

void TestTidyExport::stoppedExportKeepsTheOldFile() {
    const QString path = m_dir.filePath(QStringLiteral("kept.csv"));
    QFile old(path);
    QVERIFY(old.open(QIODevice::WriteOnly));
    old.write("old\n");
    old.close();
    const Dataset a = latency();
    QString why;
    QVERIFY(!OutputFile::stream(
        path,
        [&](OutputSink& sink, QString* error) {
            return TidyExport::write(
                sink, TidyExport::Table::Samples, TidyExport::Format::Csv, {{&a, {}, {}, {}}},
                [](std::int64_t) { return false; }, error);
        },
        &why));
    QCOMPARE(why, QStringLiteral("cancelled"));
    QVERIFY(old.open(QIODevice::ReadOnly));
    QCOMPARE(old.readAll(), QByteArray("old\n"));
    QCOMPARE(QDir(m_dir.path()).entryList(QDir::Files), QStringList{"kept.csv"});
}

void TestTidyExport::rowCountIsTheRowsWritten() {
    const Dataset a = latency();
    const std::vector<GroupMember> members{{&a, {}, {}, {}}};
    const QString csv = exported(members, TidyExport::Table::Samples, TidyExport::Format::Csv);
    QCOMPARE(TidyExport::rowCount(TidyExport::Table::Samples, members),
             csv.count('\n') - 1); // less the header
    QCOMPARE(TidyExport::rowCount(TidyExport::Table::Flows, members), 0);
}

QTEST_GUILESS_MAIN(TestTidyExport)
#include "tst_tidyexport.moc"
