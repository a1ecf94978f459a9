#include "import/LogFiles.h"
#include "model/NaturalOrder.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <random>

using namespace wb;

// Run names in the order people number them: "-1, -2, -10", not "-1, -10, -100".
class TestNaturalOrder : public QObject {
    Q_OBJECT

private slots:
    void numbersCompareByValue();
    void matchesTheNumbersOfShuffledRuns();
    void isAStrictWeakOrder();
    void foldersListTheirLogsInIt();
};

void TestNaturalOrder::numbersCompareByValue() {
    QStringList names{QStringLiteral("tcp-cubic-P30-client"),
                      QStringLiteral("run-100"),
                      QStringLiteral("run-10"),
                      QStringLiteral("run-2"),
                      QStringLiteral("run"),
                      QStringLiteral("run-1"),
                      QStringLiteral("tcp-cubic-P4-client"),
                      QStringLiteral("tcp-cubic-P1-client")};
    NaturalOrder::sort(&names);
    const QStringList expected{QStringLiteral("run"),
                               QStringLiteral("run-1"),
                               QStringLiteral("run-2"),
                               QStringLiteral("run-10"),
                               QStringLiteral("run-100"),
                               QStringLiteral("tcp-cubic-P1-client"),
                               QStringLiteral("tcp-cubic-P4-client"),
                               QStringLiteral("tcp-cubic-P30-client")};
    QCOMPARE(names, expected);
    // Numbers beyond any integer type still compare by value (length, then digits).
    QVERIFY(NaturalOrder::less(QStringLiteral("x99999999999999999999999"),
                               QStringLiteral("x100000000000000000000000")));
    QVERIFY(!NaturalOrder::less(QStringLiteral("x100000000000000000000000"),
                                QStringLiteral("x99999999999999999999999")));
    QVERIFY(NaturalOrder::less(QStringLiteral("a9b"), QStringLiteral("a10a")));
    QVERIFY(NaturalOrder::less(QStringLiteral("2.5 ms"), QStringLiteral("10 ms")));
}

void TestNaturalOrder::matchesTheNumbersOfShuffledRuns() {
    // Names whose order is known independently: by the numbers they were made from.
    std::vector<std::pair<int, int>> runs; // (step, repetition)
    for (int step = 1; step <= 12; ++step)
        for (int repetition = 1; repetition <= 25; repetition += 3)
            runs.emplace_back(step, repetition);
    auto nameOf = [](const std::pair<int, int>& run) {
        return QStringLiteral("step%1-rep%2.log").arg(run.first).arg(run.second);
    };
    QStringList names;
    for (const auto& run : runs)
        names << nameOf(run);
    std::mt19937 random(20150504);
    std::shuffle(names.begin(), names.end(), random);
    NaturalOrder::sort(&names);
    std::sort(runs.begin(), runs.end());
    QStringList expected;
    for (const auto& run : runs)
        expected << nameOf(run);
    QCOMPARE(names, expected);
}

void TestNaturalOrder::isAStrictWeakOrder() {
    const QStringList names{QStringLiteral("run-7"),  QStringLiteral("run-007"),
                            QStringLiteral("run-07"), QStringLiteral("run-8"),
                            QStringLiteral("run-"),   QStringLiteral("Run-7"),
                            QStringLiteral(""),       QStringLiteral("7")};
    for (const QString& a : names) {
        QVERIFY2(!NaturalOrder::less(a, a), qPrintable(a)); // irreflexive
        for (const QString& b : names) {
            if (a != b) // names that differ are ordered one way, never both or neither
                QVERIFY2(NaturalOrder::less(a, b) != NaturalOrder::less(b, a),
                         qPrintable(a + QLatin1Char(' ') + b));
            for (const QString& c : names) // transitive
                if (NaturalOrder::less(a, b) && NaturalOrder::less(b, c))
                    QVERIFY2(NaturalOrder::less(a, c),
                             qPrintable(a + QLatin1Char(' ') + b + QLatin1Char(' ') + c));
        }
    }
    // Leading zeros do not change the value: 007 comes before 8.
    QVERIFY(NaturalOrder::less(QStringLiteral("run-007"), QStringLiteral("run-8")));
}

void TestNaturalOrder::foldersListTheirLogsInIt() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QStringList made{QStringLiteral("ping-10.log"), QStringLiteral("ping-1.log"),
                           QStringLiteral("ping-100.log"), QStringLiteral("ping-2.log")};
    for (const QString& name : made) {
        QFile file(dir.filePath(name));
        QVERIFY(file.open(QIODevice::WriteOnly));
    }
    const LogFiles::List list = LogFiles::expand({dir.path()});
    QStringList names;
    for (const QString& file : list.files)
        names << QFileInfo(file).fileName();
    QCOMPARE(names, (QStringList{QStringLiteral("ping-1.log"), QStringLiteral("ping-2.log"),
                                 QStringLiteral("ping-10.log"), QStringLiteral("ping-100.log")}));
}

QTEST_GUILESS_MAIN(TestNaturalOrder)
#include "tst_naturalorder.moc"
