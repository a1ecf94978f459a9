// The number reader every parser uses: its fast path for plain decimals must give exactly
// what std::from_chars gives (bit for bit), and leave everything else to it.

#include "parse/PlainPingReply.h"
#include "parse/TextScan.h"

#include <QTest>

#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

using namespace wb;

namespace {

struct Read {
    bool ok = false;
    double value = 0;
    std::size_t consumed = 0;
};

Read withFromChars(std::string_view text) {
    double value = 0;
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    return {ec == std::errc(), value, static_cast<std::size_t>(ptr - text.data())};
}

Read withTakeDouble(std::string_view text) {
    std::string_view rest = text;
    const auto value = scan::takeDouble(rest);
    return {value.has_value(), value.value_or(0), text.size() - rest.size()};
}

bool sameBits(double a, double b) {
    return std::memcmp(&a, &b, sizeof a) == 0;
}

} // namespace

class TestTextScan : public QObject {
    Q_OBJECT

private slots:
    void fastPathEqualsFromChars() {
        std::mt19937_64 random(7);
        std::uniform_int_distribution<int> length(1, 19);
        std::uniform_int_distribution<int> digit(0, 9);
        const char* const tails[] = {"", " ms", "ms", "/", "e3", "E-2", ".", "..5", ",5"};
        for (int i = 0; i < 200000; ++i) {
            std::string text;
            const int n = length(random);
            const int point = std::uniform_int_distribution<int>(-1, n)(random);
            for (int d = 0; d < n; ++d) {
                if (d == point)
                    text += '.';
                text += static_cast<char>('0' + digit(random));
            }
            text += tails[i % std::size(tails)];
            const Read expected = withFromChars(text);
            const Read ours = withTakeDouble(text);
            if (ours.ok != expected.ok || ours.consumed != expected.consumed ||
                (ours.ok && !sameBits(ours.value, expected.value)))
                QFAIL(qPrintable(QStringLiteral("\"%1\": ours %2 (%3 chars), from_chars %4 (%5)")
                                     .arg(QString::fromStdString(text))
                                     .arg(ours.value, 0, 'g', 17)
                                     .arg(ours.consumed)
                                     .arg(expected.value, 0, 'g', 17)
                                     .arg(expected.consumed)));
        }
    }

    void oddSpellingsStillRead() {
        for (const char* text : {"1.", ".5", "-0.25", "1e400", "inf", "nan", "0.1234567890123456",
                                 "1234567890123456", "00000000000000000001.5"}) {
            const Read expected = withFromChars(text);
            const Read ours = withTakeDouble(text);
            QCOMPARE(ours.consumed, expected.consumed);
            if (expected.ok && !std::isinf(expected.value))
                QVERIFY2(sameBits(ours.value, expected.value), text);
        }
    }

    // The one-pass reply reader reads its numbers eight bytes at a time, and a line that
    // repeats the previous one's address by comparison: every time, sequence number and
    // length a reply can print must read as strtod and strtol read them, the same whether
    // the line is read alone or in a block after another reply (where a time of up to six
    // digits is read with one load), and a number too long for the reader, or a point with
    // no digit on one side, must be refused (the general reader takes it then).
    void plainRepliesReadTheirNumbersExactly() {
        std::mt19937_64 random(20261130);
        const auto digits = [&random](int count) {
            std::string out;
            for (int i = 0; i < count; ++i)
                out += static_cast<char>('0' +
                                         (i == 0 && count > 1 ? 1 + random() % 9 : random() % 10));
            return out;
        };
        std::string block;
        std::vector<std::string> lines;
        for (int i = 0; i < 60000; ++i) {
            const int wholeDigits = 1 + static_cast<int>(random() % 10);   // 10: too long
            const int decimals = static_cast<int>(random() % 8);           // 7: too long
            const int sequenceDigits = 1 + static_cast<int>(random() % 6); // may exceed 65535
            // Now and then a point with no digits on one side ("1. ms", ".5 ms"): no reply.
            const int missing = static_cast<int>(random() % 32);
            std::string time = missing == 0 ? std::string() : digits(wholeDigits);
            if (decimals > 0 || missing == 1)
                time += "." + (missing == 1 ? std::string() : digits(decimals));
            const std::string sequence = digits(sequenceDigits);
            const std::string address = random() % 8 == 0 ? "2001:db8::7" : "198.18.0.8";
            lines.push_back("64 bytes from " + address + ": icmp_seq=" + sequence +
                            " ttl=64 time=" + time + " ms");
            block += lines.back() + "\n";

            const std::string& line = lines.back();
            double rtt = 0;
            std::int32_t printed = 0;
            const char* next =
                takePlainPingReply(line.data(), line.data() + line.size(), &rtt, &printed);
            const bool readable = missing > 1 && wholeDigits <= 9 && decimals <= 6 &&
                                  std::strtol(sequence.c_str(), nullptr, 10) <= 0xffff;
            QVERIFY2((next != nullptr) == readable, line.c_str());
            if (!next)
                continue;
            QVERIFY2(sameBits(rtt, std::strtod(time.c_str(), nullptr)), line.c_str());
            QCOMPARE(printed,
                     static_cast<std::int32_t>(std::strtol(sequence.c_str(), nullptr, 10)));
        }
        // The same lines as one block: each read as it was alone.
        std::size_t at = 0;
        forEachPingLine(
            block,
            [&](double rtt, std::int32_t printed) {
                const std::string& line = lines[at++];
                double alone = 0;
                std::int32_t alonePrinted = 0;
                QVERIFY(takePlainPingReply(line.data(), line.data() + line.size(), &alone,
                                           &alonePrinted));
                QVERIFY(sameBits(rtt, alone));
                QCOMPARE(printed, alonePrinted);
            },
            [&](std::size_t, std::size_t, bool) {
                const std::string& line = lines[at++];
                double rtt = 0;
                std::int32_t printed = 0;
                QVERIFY2(
                    !takePlainPingReply(line.data(), line.data() + line.size(), &rtt, &printed),
                    line.c_str());
            });
        QCOMPARE(at, lines.size());
    }
};

QTEST_GUILESS_MAIN(TestTextScan)
#include "tst_textscan.moc"
