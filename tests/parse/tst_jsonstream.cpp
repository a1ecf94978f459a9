#include "JsonStreamReading.h"
#include "TestSupport.h"
#include "parse/JsonStream.h"

#include <QDir>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <charconv>
#include <cstring>
#include <random>
#include <string>
#include <vector>

using namespace wb;

// JsonStream reads an object that repeats the bytes between the values of the previous flat
// object at its depth (as iperf3 -J's stream and sum objects do) by comparison instead of token
// by token. That replay must be invisible: for any input cut into chunks anywhere, the handler
// sees the same events at the same line and depth, errors stop reading at the same byte with
// the same message, and feed() consumes the same bytes, with the replay on and off; a handler
// that takes replayed objects whole (Handler::flatObject) gets the same members. Checked on
// every iperf3 JSON log of samples/ and tests/data/, on generated 30-stream logs, and on inputs
// made to break it (objects differing from the previous one in one place, cut at every byte).
class TestJsonStream : public QObject {
    Q_OBJECT

private slots:
    void iperf3LogsReadTheSame_data();
    void iperf3LogsReadTheSame();
    void generatedLogsReadTheSame();
    void trickyInputsReadTheSame_data();
    void trickyInputsReadTheSame();
    void replayedObjectsGiveTheirOwnValues();
    void numbersConvertAsFromChars();
    void replayedNumbersConvertAsTheirText();
};

namespace {

using test::Feeding;
using test::read;
using test::Reading;

// The first line where two transcripts differ, with the lines before it.
QString firstDifference(const std::string& replayed, const std::string& general) {
    const QList<QByteArray> a = QByteArray::fromStdString(replayed).split('\n');
    const QList<QByteArray> b = QByteArray::fromStdString(general).split('\n');
    for (qsizetype i = 0; i < std::min(a.size(), b.size()); ++i) {
        if (a[i] == b[i])
            continue;
        QString context;
        for (qsizetype j = std::max<qsizetype>(0, i - 4); j < i; ++j)
            context += QString::fromUtf8(a[j]) + QLatin1String(" | ");
        return QStringLiteral("event %1: replay '%2', general path '%3' (after %4)")
            .arg(i + 1)
            .arg(QString::fromUtf8(a[i]), QString::fromUtf8(b[i]), context);
    }
    return QStringLiteral("lengths %1 and %2 events").arg(a.size()).arg(b.size());
}

// Reads with the replay on (members as events, and objects whole) and off, and fails on the
// first difference; returns the replayed read.
Reading compareReads(std::string_view input, const Feeding& feeding, const char* how) {
    Reading replayed;
    if (const auto differs = test::compareReaders(input, feeding, &replayed)) {
        QTest::qFail(qPrintable(QStringLiteral("%1, %2: %3")
                                    .arg(QLatin1String(how), QLatin1String(differs->reader),
                                         firstDifference(differs->replayed, differs->general))),
                     __FILE__, __LINE__);
        replayed.transcript.clear();
    }
    return replayed;
}

// Random pieces of 1 to maxPiece bytes.
Feeding randomCuts(std::size_t size, std::size_t maxPiece, std::mt19937& random) {
    Feeding feeding;
    std::uniform_int_distribution<std::size_t> length(1, maxPiece);
    for (std::size_t at = length(random); at < size; at += length(random))
        feeding.cuts.push_back(at);
    return feeding;
}

// Whole, line by line, and in random pieces of several sizes (each with its own seed); true
// when every reading agreed. The whole reading is returned in *whole.
bool agreesWhenFedAnyWay(std::string_view input, Reading* whole, int randomReadings) {
    *whole = compareReads(input, Feeding{}, "whole");
    if (whole->transcript.empty())
        return false;
    if (compareReads(input, Feeding{{}, true}, "line by line").transcript.empty())
        return false;
    std::mt19937 random(static_cast<unsigned>(input.size()));
    const std::size_t maxPieces[] = {1, 7, 64, 700, 5000};
    for (int i = 0; i < randomReadings / test::kSlowdown + 1; ++i) {
        const std::size_t maxPiece = maxPieces[i % std::size(maxPieces)];
        const std::string how = "random pieces up to " + std::to_string(maxPiece) + " bytes";
        if (compareReads(input, randomCuts(input.size(), maxPiece, random), how.c_str())
                .transcript.empty())
            return false;
    }
    return true;
}

std::string toCrlf(std::string_view lf) {
    std::string crlf;
    for (char c : lf) {
        if (c == '\n')
            crlf += '\r';
        crlf += c;
    }
    return crlf;
}

std::string readFile(const QString& path) {
    return test::readAll(path).toStdString();
}

// Nearly every flat object of a long iperf3 log is replayed: not the first of each shape and
// depth, nor the end section's, whose shapes alternate.
void verifyMostlyReplayed(const Reading& whole, int percent) {
    QVERIFY2(whole.replayedObjects * 100 >= static_cast<std::size_t>(whole.flatObjects * percent),
             qPrintable(QStringLiteral("%1 of %2 flat objects replayed")
                            .arg(whole.replayedObjects)
                            .arg(whole.flatObjects)));
}

// A two-member flat object followed by another, `[A,B]` with A and B spliced in.
std::string pair(std::string_view first, std::string_view second) {
    return "[" + std::string(first) + ",\n" + std::string(second) + "]";
}

} // namespace

void TestJsonStream::iperf3LogsReadTheSame_data() {
    QTest::addColumn<QString>("path");
    QTest::addColumn<bool>("crlf");
    QStringList paths;
    for (const QString& root : {test::samplePath(QString()), test::dataPath(QString())}) {
        const QDir dir(root);
        const QStringList folders = dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot) << ".";
        for (const QString& folder : folders)
            for (const QString& name :
                 QDir(dir.filePath(folder)).entryList({"*.json"}, QDir::Files))
                if (test::readAll(dir.filePath(folder + '/' + name)).contains("\"intervals\""))
                    paths << QDir::cleanPath(dir.filePath(folder + '/' + name));
    }
    // The fuzzers' findings in JSON logs: they broke readers before.
    const QDir regressions(test::dataPath("../fuzz/regressions"));
    for (const QString target : {"fuzz_iperf3_json", "fuzz_import"})
        for (const QString& name : QDir(regressions.filePath(target)).entryList(QDir::Files))
            paths << QDir::cleanPath(regressions.filePath(target + '/' + name));
    QVERIFY(paths.size() >= 8); // two samples, six logs of tests/data/iperf3, the regressions
    for (const QString& path : paths) {
        const QString name = QDir(test::dataPath("..")).relativeFilePath(path);
        QTest::newRow(qPrintable(name)) << path << false;
        QTest::newRow(qPrintable(name + " (CRLF)")) << path << true;
    }
}

void TestJsonStream::iperf3LogsReadTheSame() {
    QFETCH(QString, path);
    QFETCH(bool, crlf);
    std::string log = readFile(path);
    QVERIFY(!log.empty());
    if (crlf)
        log = toCrlf(log);
    Reading whole;
    QVERIFY(agreesWhenFedAnyWay(log, &whole, 10));
    // A fuzzer's finding is not an iperf3 log; tests/data's logs are a few seconds long.
    if (path.contains(QLatin1String("/fuzz/")))
        return;
    if (path.contains(QLatin1String("/samples/")))
        verifyMostlyReplayed(whole, 85);

    // Cuts in the second interval's first 800 bytes, where objects are replayed: every one
    // while they cost under 8 MB of reading, else an even spread (the long samples).
    std::size_t second = log.find("\"streams\"", log.find("\"streams\"") + 1);
    if (second == std::string::npos) // one interval or none: from the start
        second = 0;
    const std::size_t window = 800 / test::kSlowdown;
    const std::size_t affordable = (std::size_t{8} << 20) / test::kSlowdown / log.size() + 1;
    const std::size_t stride = window / std::min(window, affordable);
    for (std::size_t cut = second; cut < std::min(log.size(), second + window); cut += stride)
        if (compareReads(log, Feeding{{cut}}, "cut in two").transcript.empty())
            QFAIL(qPrintable(QStringLiteral("cut at byte %1").arg(cut)));
}

// 30 streams, as the big logs of issue 7: make_iperf3_json.py writes them as iperf3 does.
void TestJsonStream::generatedLogsReadTheSame() {
    const QString script = QStringLiteral(WIREBENCH_TEST_DATA_DIR "/../bench/make_iperf3_json.py");
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    for (const QString cc : {"cubic", "reno"}) {
        const QString path = dir.filePath(cc + ".json");
        QProcess generate;
        generate.start(QStringLiteral("/usr/bin/python3"),
                       {script, QStringLiteral("45"), path, QStringLiteral("--cc"), cc,
                        QStringLiteral("--seed"), QStringLiteral("3")});
        QVERIFY(generate.waitForFinished(60000));
        QCOMPARE(generate.exitCode(), 0);
        const std::string log = readFile(path);
        QVERIFY(log.size() > 400000);
        Reading whole;
        QVERIFY(agreesWhenFedAnyWay(log, &whole, 5));
        QVERIFY(whole.flatObjects > 45 * 31);
        verifyMostlyReplayed(whole, 95);
    }
}

void TestJsonStream::trickyInputsReadTheSame_data() {
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<bool>("replays"); // the whole input, read, replays an object

    const std::string a = "{\n\t\"n\":\t1,\n\t\"s\":\t\"x\",\n\t\"t\":\ttrue,\n\t\"z\":\tnull\n}";
    auto like = [&a](std::string_view from, std::string_view to) {
        std::string b = a;
        b.replace(b.find(from), from.size(), to);
        return b;
    };
    auto row = [](const char* name, const std::string& input, bool replays) {
        QTest::newRow(name) << QByteArray::fromStdString(input) << replays;
        QTest::newRow((std::string(name) + " (CRLF)").c_str())
            << QByteArray::fromStdString(toCrlf(input)) << replays;
    };

    row("same shape, other values",
        pair(a, like("1,", "-12.5e+3,")) + like("\"x\"", "\"y z\"") + "\n" + like("true", "false") +
            like("null", "true"),
        true);
    row("same object three times", "[" + a + ", " + a + ", " + a + "]", true);
    row("flat objects one after the other at the top", a + "\n" + a + "\n" + a + "\n", true);
    const std::string spread = like("\"n\":\t1", "\"n\"\n:\n1");
    row("line breaks around the colon", pair(spread, spread) + "\n" + spread, true);
    row("only whitespace differs", pair(a, like("\t1", " 1")), false);
    row("one more line break", pair(a, like("\n}", "\n\n}")), false);
    row("a key differs", pair(a, like("\"s\"", "\"S\"")), false);
    row("a longer key", pair(a, like("\"s\"", "\"ss\"")), false);
    row("number where a string was", pair(a, like("\"x\"", "5")), false);
    row("string where a number was", pair(a, like("1,", "\"1\",")), false);
    row("number where true was", pair(a, like("true", "1")), false);
    row("string where null was", pair(a, like("null", "\"null\"")), false);
    row("object where a number was", pair(a, like("1,", "{\"x\":1},")), false);
    row("array where a string was", pair(a, like("\"x\"", "[1, 2]")), false);
    row("fewer members", pair(a, "{\n\t\"n\":\t1\n}"), false);
    row("more members", pair(a, like("null\n", "null,\n\t\"m\":\t2\n")), false);
    row("empty object between", "[" + a + ", {}, " + a + "]", true);
    row("number followed by junk", pair(a, like("1,", "12x,")), false);
    row("number followed by a quote", pair(a, like("1,", "12\",")), false);
    row("number valid as a prefix only: 1.5e", pair(a, like("1,", "1.5e,")), false);
    row("number valid as a prefix only: 1.", pair(a, like("1,", "1.,")), false);
    row("number valid as a prefix only: 1e+", pair(a, like("1,", "1e+,")), false);
    row("number with a leading zero", pair(a, like("1,", "01,")), false);
    row("a minus only", pair(a, like("1,", "-,")), false);
    row("two points", pair(a, like("1,", "1.2.3,")), false);
    row("number ending in a letter", pair(a, like("1,", "1.5f,")), false);
    row("number ending in a blank first", pair(a, like("1,", "1 ,")), false);
    row("a word that is none", pair(a, like("true", "truex")), false);
    row("a word cut short", pair(a, like("true", "tru")), false);
    row("a word with a capital", pair(a, like("true", "True")), false);
    row("a string with an escaped quote", pair(a, like("\"x\"", "\"x\\\"y\"")), false);
    row("a string with a unicode escape", pair(a, like("\"x\"", "\"\\u00e9\"")), false);
    row("a string with a bad escape", pair(a, like("\"x\"", "\"\\q\"")), false);
    row("a string with a tab", pair(a, like("\"x\"", "\"x\ty\"")), false);
    row("a string with a line break", pair(a, like("\"x\"", "\"x\ny\"")), false);
    row("a string not closed", pair(a, like("\"x\",", "\"x,")), false);
    row("a string with braces, colons and commas", pair(a, like("\"x\"", "\"},{:,\"")), true);
    row("a string with UTF-8", pair(a, like("\"x\"", "\"d\xc3\xa9j\xc3\xa0\"")), true);
    row("an escaped key in the learned object",
        pair(like("\"s\"", "\"\\u0073\""), like("\"x\"", "\"w\"")), false);
    row("an escaped value in the learned object",
        pair(like("\"x\"", "\"\\n\""), like("\"x\"", "\"w\"")), false);
    const std::string escapedKey = like("\"s\"", "\"\\u0073\"");
    row("the same escaped key twice", pair(escapedKey, escapedKey), false);
    const std::string escapedQuote = like("\"x\"", "\"a\\\",\\\"b\"");
    row("the same escaped quote twice", pair(escapedQuote, escapedQuote), false);
    row("nested objects", "[{\"o\": " + a + ", \"p\": " + a + "}, {\"o\": " + a + "}]", true);
    row("flat objects at two depths, alternating",
        "[[" + a + "], " + a + ", [" + a + "], " + a + ", [[" + a + "]], " + a + "]", true);
    row("an object with containers repeated", "[{\"a\": [1], \"b\": 2}, {\"a\": [1], \"b\": 2}]",
        false);
    row("the replayed object is the last before an error", "[" + a + ", " + a + " x]", true);
    row("the replayed object is followed by '}'", "[" + a + ", " + a + "}", true);
    row("the replayed object is followed by a colon", "[" + a + ", " + a + ":", true);
    row("the replayed object is followed by junk at the top", a + "\n" + a + "^C\n" + a, true);
    row("an object cut short", "[" + a + ", " + a.substr(0, a.size() - 4), false);
    row("a closing bracket where the brace was", pair(a, like("\n}", "\n]")), false);
    row("no colon", pair(a, like("\"s\":", "\"s\"")), false);
    row("two commas", pair(a, like("1,", "1,,")), false);
    row("a trailing comma", pair(a, like("null\n", "null,\n")), false);
    row("a compact object", "[{\"a\":1,\"b\":2},{\"a\":3,\"b\":4},{\"a\":5,\"b\":6}]", true);
    row("a one-member object", "[{\"a\":1},{\"a\":-0.0e-0},{\"a\":1E5}]", true);
    row("an empty key", "[{\"\":1},{\"\":2}]", true);
    row("duplicate keys", "[{\"a\":1,\"a\":2},{\"a\":3,\"a\":4}]", true);
    row("long number", "[{\"a\":1},{\"a\":" + std::string(300, '7') + "}]", true);
    std::string big = "{";
    for (int i = 0; i < 400; ++i)
        big += "\"key" + std::to_string(i) + "\": " + std::to_string(i) + ", ";
    big += "\"last\": 0}";
    row("objects too big to learn", "[" + big + ", " + big + "]", false);
    std::string deep;
    for (int i = 0; i < 40; ++i)
        deep += "[{\"d\": " + std::to_string(i) + "}, ";
    deep += "{\"d\": 0}" + std::string(40, ']');
    row("flat objects at many depths", deep, true);
}

void TestJsonStream::trickyInputsReadTheSame() {
    QFETCH(QByteArray, input);
    QFETCH(bool, replays);
    const std::string text = input.toStdString();
    Reading whole;
    QVERIFY(agreesWhenFedAnyWay(text, &whole, 20));
    QCOMPARE(whole.replayedObjects > 0, replays);
    // Every cut of the short inputs, some 400 of the long ones (40 in a sanitized build).
    const std::size_t stride = text.size() * test::kSlowdown / 400 + 1;
    for (std::size_t cut = 1; cut < text.size(); cut += stride)
        if (compareReads(text, Feeding{{cut}}, "cut in two").transcript.empty())
            QFAIL(qPrintable(QStringLiteral("cut at byte %1").arg(cut)));
    // Three pieces: a token or object cut twice, close together or not.
    for (std::size_t first = 1; first + 1 < text.size(); first += stride)
        for (std::size_t gap : {1, 2, 5, 11, 23, 47})
            if (const std::size_t second = first + gap; second < text.size())
                if (compareReads(text, Feeding{{first, second}}, "cut in three").transcript.empty())
                    QFAIL(qPrintable(
                        QStringLiteral("cut at bytes %1 and %2").arg(first).arg(second)));
}

// The events of a replayed object, spelled out: its own values, not the learned object's.
void TestJsonStream::replayedObjectsGiveTheirOwnValues() {
    const std::string input = "[{\"a\": 1, \"b\": \"x\", \"c\": true},\n"
                              " {\"a\": 2.5, \"b\": \"yy\", \"c\": null},\n"
                              " {\"a\": -3, \"b\": \"\", \"c\": false}]";
    const Reading reading = read(input, Feeding{}, test::Reader::Replay);
    QCOMPARE(reading.replayedObjects, std::size_t{2});
    const std::string expected = "[  @1/1\n"
                                 "{  @1/2\n"
                                 "key a @1/2\nnumber 1 = 1 = int 1 @1/2\n"
                                 "key b @1/2\nstring x @1/2\n"
                                 "key c @1/2\ntrue  @1/2\n"
                                 "}  @1/1\n"
                                 "{  @2/2\n"
                                 "key a @2/2\nnumber 2.5 = 2.5 @2/2\n"
                                 "key b @2/2\nstring yy @2/2\n"
                                 "key c @2/2\nnull  @2/2\n"
                                 "}  @2/1\n"
                                 "{  @3/2\n"
                                 "key a @3/2\nnumber -3 = -3 = int -3 @3/2\n"
                                 "key b @3/2\nstring  @3/2\n"
                                 "key c @3/2\nfalse  @3/2\n"
                                 "}  @3/1\n"
                                 "]  @3/0\n"
                                 "fed " +
                                 std::to_string(input.size()) + " @3/0\nend  @3/0\n";
    QCOMPARE(reading.transcript, expected);
}

// Numbers as logs write them and as they break conversions: quotients that extended precision
// rounds onto a midpoint between two doubles (rounding that again would give the neighbour of
// the right double, 4882558812.3651905); 2^53 + 1 and + 3, midpoints themselves (ties go to
// even); the edges of a 64-bit integer; exponents and too many digits. Then, seeded, 1 to 19
// digits with the point anywhere (or none), either sign.
std::vector<std::string> decimalTexts(int seeded) {
    std::vector<std::string> texts = {"4882558812.365190983",
                                      "7143.587677120711760",
                                      "909431182516.8760376",
                                      "386608743188.9145813",
                                      "9007199254740993",
                                      "9007199254740995",
                                      "23800336.445059016",
                                      "1.0002009868621826",
                                      "-0.0",
                                      "0",
                                      "-0",
                                      "-12.5",
                                      "1e3",
                                      "1.5E-7",
                                      "-2E+2",
                                      "123456789012345678901",
                                      "9223372036854775807",
                                      "9223372036854775808",
                                      "-9223372036854775808",
                                      "-9223372036854775809",
                                      "18446744073709551615",
                                      "18446744073709551616",
                                      "99999999999999999999",
                                      "1234567890123456789.5",
                                      "0.1"};
    std::mt19937_64 random(20261130);
    for (int i = 0; i < seeded; ++i) {
        const std::size_t count = 1 + random() % 19;
        std::string digits = std::to_string(random() % 10000000000000000000ULL);
        digits = std::string(count > digits.size() ? count - digits.size() : 0, '0') + digits;
        digits.resize(count);
        if (digits.size() > 1 && digits[0] == '0')
            digits[0] = '1' + static_cast<char>(random() % 9);
        std::string text = random() % 4 == 0 ? "-" : "";
        const std::size_t point = random() % (count + 1);
        text += point == count ? digits : digits.substr(0, point) + '.' + digits.substr(point);
        if (point == 0 && point != count)
            text.insert(text.size() - count - 1, "0");
        texts.push_back(std::move(text));
    }
    return texts;
}

// Number::toDouble() reads up to 19 digits itself (iperf3 prints 17-digit rates); every value
// must be the one std::from_chars gives, bit for bit.
void TestJsonStream::numbersConvertAsFromChars() {
    const auto fromChars = [](const std::string& text) {
        double value = 0;
        std::from_chars(text.data(), text.data() + text.size(), value);
        return value;
    };
    const auto sameBits = [](double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; };
    for (const std::string& text : decimalTexts(300000 / test::kSlowdown))
        QVERIFY2(sameBits(JsonStream::Number{text}.toDouble(), fromChars(text)), text.c_str());
}

// The members of a replayed object are converted from the digits read with their grammar; the
// general path converts the text. Both must give the same double and the same exact integer
// (the transcript writes both), whatever the number.
void TestJsonStream::replayedNumbersConvertAsTheirText() {
    const std::vector<std::string> texts = decimalTexts(20000 / test::kSlowdown);
    std::string input = "[";
    for (const std::string& text : texts)
        input += "{\"n\": " + text + ", \"s\": 1},\n";
    input += "{}]";
    const Reading reading = compareReads(input, Feeding{}, "whole");
    QVERIFY(!reading.transcript.empty());
    QCOMPARE(reading.replayedObjects, texts.size() - 1);
}

QTEST_APPLESS_MAIN(TestJsonStream)
#include "tst_jsonstream.moc"
