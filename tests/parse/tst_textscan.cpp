// The number reader every parser uses: its fast path for plain decimals must give exactly
// what std::from_chars gives (bit for bit), and leave everything else to it.

#include "parse/TextScan.h"

#include <QTest>

#include <cstring>
#include <random>
#include <string>

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
};

QTEST_GUILESS_MAIN(TestTextScan)
#include "tst_textscan.moc"
