#include "StoreSupport.h"
#include "TestSupport.h"

#include "DatasetStore.h"
#include "PercentileTableModel.h"
#include "PercentileView.h"
#include "PlotExporter.h"
#include "report/LatencyReport.h"

#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <qcustomplot.h>

using namespace wb;

namespace {

// The store's datasets and, for comparison, core's own report of each file.
struct Loaded {
    std::vector<int> ids;
    std::vector<LatencyReport> reports;
};

Loaded loadQjumpSamples(DatasetStore& store, const std::vector<double>& levels) {
    Loaded loaded;
    for (const char* name : test::kQjumpSamples) {
        const QString path = test::samplePath(QString::fromLatin1(name));
        const ImportResult result = FileImporter::importFile(path);
        loaded.reports.push_back(LatencyReport::of(
            result.file, result.report,
            DatasetAnalysis::of(std::make_shared<const Dataset>(result.datasets.front()), {},
                                {levels, false})));
        loaded.ids.push_back(test::addLog(store, path, QString::fromLatin1(name)));
    }
    return loaded;
}

QString fixed(double value, int decimals) {
    return QString::number(value, 'f', decimals);
}

int columnOf(const Table& table, const QString& header) {
    return static_cast<int>(table.header.indexOf(header));
}

} // namespace

class TestPercentileView : public QObject {
    Q_OBJECT

private slots:
    void cellsEqualCoreReport_data();
    void cellsEqualCoreReport();
    void table1IsFourColumnsInMicroseconds();
    void exportsCarryLabels();
    void sortsNumerically();
    void followsStoreAndLevels();
    void settingsRoundTrip();
    void runNamesBreakUnderTheirMarkers();
    void irttLossesByDirection();
};

void TestPercentileView::cellsEqualCoreReport_data() {
    QTest::addColumn<bool>("micro");
    QTest::newRow("ms") << false;
    QTest::newRow("µs") << true;
}

void TestPercentileView::cellsEqualCoreReport() {
    QFETCH(bool, micro);
    const std::vector<double> levels = PercentileTableModel::defaultLevels();
    DatasetStore store;
    const Loaded loaded = loadQjumpSamples(store, levels);
    PercentileView view(&store);
    view.model()->setUnit(micro ? PercentileTableModel::Unit::Microseconds
                                : PercentileTableModel::Unit::Milliseconds);
    const double scale = micro ? 1000 : 1;
    const int decimals = micro ? 1 : 3;
    const QString unit = micro ? QStringLiteral(" (µs)") : QStringLiteral(" (ms)");
    const Table table = view.currentTable();
    QCOMPARE(table.header.size(),
             qsizetype(6 + levels.size() + 3)); // + loss %, longest burst, reordered
    QCOMPARE(table.rows.size(), std::size_t{5});
    for (std::size_t r = 0; r < loaded.reports.size(); ++r) {
        const LatencySummary& core = loaded.reports[r].stats();
        const QStringList& row = table.rows[r];
        QCOMPARE(row[0], QString::fromLatin1(test::kQjumpSamples[r]));
        QCOMPARE(row[columnOf(table, "count")], QString::number(core.count));
        QCOMPARE(row[columnOf(table, "min" + unit)], fixed(core.min * scale, decimals));
        QCOMPARE(row[columnOf(table, "mean" + unit)], fixed(core.mean * scale, decimals));
        QCOMPARE(row[columnOf(table, "stddev" + unit)], fixed(core.stddev * scale, decimals));
        QCOMPARE(row[columnOf(table, "max" + unit)], fixed(core.max * scale, decimals));
        const LossStructure& loss = loaded.reports[r].analysis->loss;
        QCOMPARE(row[columnOf(table, "loss (%)")], fixed(loss.lossPercent, 2));
        QCOMPARE(row[columnOf(table, "longest burst")], QString::number(loss.longestBurst));
        QCOMPARE(row[columnOf(table, "reordered")], QString::number(loss.reordered));
        for (std::size_t i = 0; i < levels.size(); ++i) {
            const QString header = "p" + LatencyReport::levelName(levels[i]) + unit;
            QVERIFY2(columnOf(table, header) > 0, qPrintable(header));
            QCOMPARE(row[columnOf(table, header)],
                     fixed(core.percentileValues[i] * scale, decimals));
            // and the number behind the text is core's, exactly
            const QModelIndex index =
                view.model()->index(static_cast<int>(r), columnOf(table, header));
            QCOMPARE(index.data(PercentileTableModel::SortRole).toDouble(),
                     core.percentileValues[i] * scale);
        }
    }
    QVERIFY(view.model()
                ->headerData(5, Qt::Horizontal, Qt::ToolTipRole)
                .toString()
                .contains(unit.mid(2, 2)));
}

void TestPercentileView::table1IsFourColumnsInMicroseconds() {
    DatasetStore store;
    const Loaded loaded = loadQjumpSamples(store, {50, 99});
    PercentileView view(&store);
    view.model()->setUnit(PercentileTableModel::Unit::Milliseconds);
    view.setQjumpTable1(true);
    const Table table = view.currentTable();
    QCOMPARE(table.header, (QStringList{"label", "samples", "p50 (µs)", "p99 (µs)"}));
    for (std::size_t r = 0; r < loaded.reports.size(); ++r) {
        const LatencySummary& core = loaded.reports[r].stats();
        QCOMPARE(table.rows[r],
                 (QStringList{QString::fromLatin1(test::kQjumpSamples[r]),
                              QString::number(core.count), fixed(core.percentile(50) * 1000, 1),
                              fixed(core.percentile(99) * 1000, 1)}));
    }
    QCOMPARE(view.exportName(), QStringLiteral("latency-table1"));
    view.setQjumpTable1(false);
    QCOMPARE(view.currentTable().header.size(), qsizetype(18));
    QCOMPARE(view.model()->shownUnit(), PercentileTableModel::Unit::Milliseconds);
}

void TestPercentileView::exportsCarryLabels() {
    DatasetStore store;
    loadQjumpSamples(store, {50});
    PercentileView view(&store);
    view.setQjumpTable1(true);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    for (const QString& suffix :
         {QStringLiteral("csv"), QStringLiteral("md"), QStringLiteral("tex")}) {
        const QString path = dir.filePath("table." + suffix);
        QString error;
        QVERIFY2(view.exportTo(path, &error), qPrintable(error));
        const QString text = QString::fromUtf8(test::readAll(path));
        for (const char* name : test::kQjumpSamples) {
            QString label = QString::fromLatin1(name);
            if (suffix == QLatin1String("tex"))
                label.replace("_", "\\_");
            QVERIFY2(text.contains(label), qPrintable(suffix + ": " + label));
        }
        QVERIFY(text.contains(suffix == QLatin1String("tex") ? "p99 ($\\mu$s)" : "p99 (µs)"));
    }
    QString error;
    QVERIFY(!view.exportTo(dir.filePath("table.xyz"), &error));
    QVERIFY(error.contains(".csv"));
    const QString tsv = view.tabSeparated();
    QVERIFY(tsv.startsWith("label\tsamples\tp50 (µs)\tp99 (µs)\n"));
    QCOMPARE(tsv.count('\n'), 6);
}

void TestPercentileView::sortsNumerically() {
    DatasetStore store;
    loadQjumpSamples(store, {99});
    PercentileView view(&store);
    const int p99 = columnOf(view.currentTable(), "p99 (ms)");
    QVERIFY(p99 > 0);
    for (Qt::SortOrder order : {Qt::AscendingOrder, Qt::DescendingOrder}) {
        view.sortBy(p99, order);
        const Table table = view.currentTable();
        QStringList texts;
        for (std::size_t r = 0; r < table.rows.size(); ++r) {
            texts << table.rows[r][p99];
            if (r == 0)
                continue;
            const double a = table.rows[r - 1][p99].toDouble(), b = table.rows[r][p99].toDouble();
            QVERIFY2(order == Qt::AscendingOrder ? a <= b : a >= b,
                     qPrintable(table.rows[r - 1][p99] + " then " + table.rows[r][p99]));
        }
        qInfo("p99 %s: %s", order == Qt::AscendingOrder ? "ascending" : "descending",
              qPrintable(texts.join(", ")));
    }
    // In µs the p99s are "24.0" … "15900.0": as text "9020.3" would sort after "15900.0".
    view.model()->setUnit(PercentileTableModel::Unit::Microseconds);
    view.sortBy(p99, Qt::AscendingOrder);
    const Table micro = view.currentTable();
    QCOMPARE(micro.rows.back()[p99], QStringLiteral("15900.0"));
    QCOMPARE(micro.rows.front()[p99], QStringLiteral("24.0"));
}

void TestPercentileView::followsStoreAndLevels() {
    DatasetStore store;
    const Loaded loaded = loadQjumpSamples(store, {50});
    PercentileView view(&store);
    QCOMPARE(view.model()->rowCount(), 5);
    store.setVisible(loaded.ids[1], false);
    QCOMPARE(view.model()->rowCount(), 4);
    store.setLabel(loaded.ids[0], QStringLiteral("idle"));
    QCOMPARE(view.currentTable().rows.front().front(), QStringLiteral("idle"));
    view.model()->setLevels({99.9});
    QCOMPARE(view.currentTable().header,
             (QStringList{"dataset", "count", "min (ms)", "mean (ms)", "stddev (ms)", "p99.9 (ms)",
                          "max (ms)", "loss (%)", "longest burst", "reordered"}));
    std::vector<double> levels;
    QVERIFY(LatencyReport::parseLevels(" 0, 1,99.99 ,100", &levels));
    QCOMPARE(levels, (std::vector<double>{0, 1, 99.99, 100}));
    QVERIFY(!LatencyReport::parseLevels("50,101", &levels));
    QVERIFY(!LatencyReport::parseLevels("p50", &levels));
    QCOMPARE(LatencyReport::levelsText(PercentileTableModel::defaultLevels()),
             QStringLiteral("0,1,10,25,50,75,90,99,100"));
}

void TestPercentileView::settingsRoundTrip() {
    DatasetStore store;
    loadQjumpSamples(store, {50});
    PercentileView view(&store);
    view.model()->setLevels({50, 99.9});
    view.model()->setUnit(PercentileTableModel::Unit::Microseconds);
    view.sortBy(5, Qt::DescendingOrder);
    const QJsonObject settings = view.saveSettings();
    PercentileView restored(&store);
    restored.restoreSettings(settings);
    QCOMPARE(restored.model()->levels(), (std::vector<double>{50, 99.9}));
    QCOMPARE(restored.model()->unit(), PercentileTableModel::Unit::Microseconds);
    QCOMPARE(restored.currentTable().rows, view.currentTable().rows);
    QCOMPARE(restored.saveSettings(), settings);
}

// The p50/p99 markers of each run stand over its name. Long names (the QJump seed's "shared
// destination host, ingress port") written on one line ran into each other; they are broken
// between words to their run's slot instead, whole and unrotated, at a report figure's size
// and at the window's.
void TestPercentileView::runNamesBreakUnderTheirMarkers() {
    const QStringList names = {
        "QJump: shared source host, egress port", "QJump: two hosts, shared switch queue",
        "QJump: shared host, ingress + egress", "QJump: shared destination host, ingress port",
        "QJump: one host, idle"};
    DatasetStore store;
    for (int i = 0; i < names.size(); ++i)
        test::addLog(store, test::samplePath(QString::fromLatin1(test::kQjumpSamples[i])),
                     names[i]);
    PercentileView view(&store);
    for (const QSize size : {QSize(480, 300), QSize(1100, 400)}) {
        ExportOptions options;
        options.points = ExportOptions::ofLayoutSize(QSize(size.width(), size.height())).points;
        PlotExporter::layOut(view.plot(), options);
        const QCPAxis* axis = view.plot()->xAxis;
        QCOMPARE(axis->tickLabelRotation(), 0.0);
        const auto labels = axis->ticker().dynamicCast<QCPAxisTickerText>()->ticks();
        QCOMPARE(labels.size(), names.size());
        const double slot = axis->axisRect()->width() / static_cast<double>(names.size());
        const QFontMetricsF metrics(axis->tickLabelFont());
        for (int i = 0; i < names.size(); ++i) {
            const QString label = labels.value(i + 1);
            QCOMPARE(label.split('\n').join(' '), names[i]);
            for (const QString& line : label.split('\n'))
                QVERIFY2(
                    metrics.horizontalAdvance(line) <= slot,
                    qPrintable(QStringLiteral("%1 px wide: '%2'").arg(size.width()).arg(line)));
        }
    }
}

// irtt tells which way a loss went: the table gains "lost up" and "lost down" while such a
// run is shown, with the counts of irtt's own "true_up"/"true_down" round trips, and "-" for
// a ping log beside it.
void TestPercentileView::irttLossesByDirection() {
    const QString irtt = QStringLiteral(WIREBENCH_TEST_DATA_DIR "/irtt/irtt-loss-updown.json");
    const QString json = QString::fromUtf8(test::readAll(irtt));
    const auto tripsLost = [&json](const char* state) {
        return QString::number(
            json.count(QStringLiteral("\"lost\": \"%1\"").arg(QLatin1String(state))));
    };
    DatasetStore store;
    const int ping =
        test::addLog(store, test::samplePath(QStringLiteral("ping18_np")), QStringLiteral("ping"));
    PercentileView view(&store);
    QVERIFY(!view.currentTable().header.contains(QStringLiteral("lost up")));
    const int irttId = test::addLog(store, irtt, QStringLiteral("irtt"));
    Table table = view.currentTable();
    const int up = columnOf(table, QStringLiteral("lost up"));
    const int down = columnOf(table, QStringLiteral("lost down"));
    QVERIFY(up > 0 && down == up + 1);
    QCOMPARE(table.rows.size(), std::size_t{2});
    QCOMPARE(table.rows[0][up], QStringLiteral("-"));
    QCOMPARE(table.rows[1][up], tripsLost("true_up"));
    QCOMPARE(table.rows[1][down], tripsLost("true_down"));
    QVERIFY(tripsLost("true_up") != tripsLost("true_down"));
    store.setVisible(irttId, false);
    QVERIFY(!view.currentTable().header.contains(QStringLiteral("lost up")));
    store.setVisible(ping, false);
    store.setVisible(irttId, true);
    QCOMPARE(view.currentTable().rows.size(), std::size_t{1});
    QVERIFY(view.currentTable().header.contains(QStringLiteral("lost down")));
}

QTEST_MAIN(TestPercentileView)
#include "tst_percentileview.moc"
