// The Sweep tab driven as a user does: a file-name pattern typed, the parameter and metric
// chosen from the keyboard; its table has one row per configured value in numeric order,
// whose measured loss is the Server Report's Lost/Total read here from each log, and its
// plot the same points. The figure alone: a legend only for two series or more, the y = x
// line only where both axes are one quantity, log axes when the values span two decades.

#include "StoreSupport.h"
#include "TestSupport.h"

#include "DatasetStore.h"
#include "ImportController.h"
#include "MainWindow.h"
#include "PlotExporter.h"
#include "ReportSource.h"
#include "ReportWriter.h"
#include "SweepFigure.h"
#include "SweepView.h"
#include "TableModel.h"

#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <map>

using namespace wb;

namespace {

QStringList samplesNamed(const QString& glob) {
    const QDir folder(test::samplePath(QString()));
    QStringList paths;
    for (const QString& name : folder.entryList({glob}, QDir::Files))
        paths << folder.filePath(name);
    return paths;
}

// Configured loss (from the name) -> 100 · Lost/Total of the log's Server Report.
std::map<double, double> serverReportLoss(const QStringList& paths) {
    static const QRegularExpression name(QStringLiteral("udp-loss-([0-9.]+)pct-client"));
    static const QRegularExpression lostTotal(
        QStringLiteral("Server Report:[^\\n]*\\n[^\\n]*\\n[^\\n]* ([0-9]+)/ *([0-9]+) \\("));
    std::map<double, double> loss;
    for (const QString& path : paths) {
        const QRegularExpressionMatch report =
            lostTotal.match(QString::fromUtf8(test::readAll(path)));
        if (report.hasMatch())
            loss[name.match(path).captured(1).toDouble()] =
                100 * report.captured(1).toDouble() / report.captured(2).toDouble();
    }
    return loss;
}

// The first number of a cell ("0.130 %" -> 0.13).
double numberIn(const QString& cell) {
    static const QRegularExpression number(QStringLiteral("-?[0-9]+(\\.[0-9]+)?"));
    return number.match(cell).captured(0).toDouble();
}

int columnNamed(const Table& table, const QString& start) {
    for (int i = 0; i < table.header.size(); ++i)
        if (table.header[i].startsWith(start, Qt::CaseInsensitive))
            return i;
    return -1;
}

// Chooses the entry of a combo box whose data is `data` as the keyboard does: focus, then
// arrow keys until it is current (activated fires on each).
bool chooseByKeyboard(QComboBox* box, const QString& data) {
    const int target = box->findData(data);
    if (target < 0)
        return false;
    box->setFocus();
    for (int guard = 0; box->currentIndex() != target && guard < box->count(); ++guard)
        QTest::keyClick(box, box->currentIndex() < target ? Qt::Key_Down : Qt::Key_Up);
    return box->currentIndex() == target;
}

SweepPlotData twoSeries(bool sameQuantity) {
    SweepPlotData data;
    data.configuredTitle = QStringLiteral("configured rate (Mbit/s)");
    data.measuredTitle = QStringLiteral("measured rate (Mbit/s)");
    data.sameQuantity = sameQuantity;
    for (const char* name : {"up", "down"}) {
        SweepPlotData::Series series;
        series.name = QString::fromLatin1(name);
        for (double rate : {0.01, 0.1, 1.0, 10.0, 100.0})
            series.points.push_back({rate, 0.97 * rate, 0.9 * rate, rate});
        data.series.push_back(series);
    }
    return data;
}

} // namespace

class TestSweepView : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true); // keep QSettings away from the user's
    }
    void patternParameterAndMetricGiveTheLossTable();
    void legendOnlyForTwoSeries();
    void identityLineOnlyForOneQuantity();
    void logAxesWhenValuesSpanDecades();
    void reportHasTheFigureAndItsTable();
    void screenshots();
};

void TestSweepView::patternParameterAndMetricGiveTheLossTable() {
    DatasetStore store;
    const QStringList loss = samplesNamed(QStringLiteral("udp-loss-*-client.txt"));
    QCOMPARE(loss.size(), 11);
    // A log the pattern does not match: listed, not dropped silently.
    const QString other = test::samplePath(QStringLiteral("udp-bw-1M-client.txt"));
    for (const QString& path : loss + QStringList{other})
        QVERIFY(test::addLog(store, path, QFileInfo(path).fileName()) > 0);
    SweepView view(&store);
    view.resize(1200, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));

    auto* names = view.findChild<QLineEdit*>(QStringLiteral("sweepNames"));
    names->setFocus();
    QTest::keyClicks(names, QStringLiteral("udp-loss-{loss}pct-client.txt"));
    QTest::keyClick(names, Qt::Key_Return);
    // The field becomes the parameter; the metric follows its quantity (%: UDP loss).
    QCOMPARE(view.options().parameter, QStringLiteral("loss"));
    QVERIFY(view.offeredParameters().contains(QStringLiteral("loss")));
    QCOMPARE(view.options().metric, SweepMetric::UdpLoss);
    const QString line = view.patternText();
    QVERIFY2(line.contains(QStringLiteral("matched 11 file(s)")) &&
                 line.contains(QStringLiteral("loss = 0pct, loss = 0.125pct")) &&
                 line.contains(QStringLiteral("udp-bw-1M-client.txt")),
             qPrintable(line));

    // One row per configured value, in numeric order; the measured loss is the log's.
    const std::map<double, double> expected = serverReportLoss(loss);
    QCOMPARE(expected.size(), std::size_t(11));
    const Table& table = view.tableModel()->table();
    QCOMPARE(table.rows.size(), expected.size());
    const int configured = columnNamed(table, QStringLiteral("configured"));
    const int measured = columnNamed(table, QStringLiteral("UDP loss")); // the metric's title
    QVERIFY(configured >= 0 && measured >= 0);
    auto want = expected.begin();
    for (const QStringList& row : table.rows) {
        QCOMPARE(numberIn(row[configured]), want->first);
        QVERIFY2(row[configured].contains(QLatin1Char('%')) &&
                     row[measured].contains(QLatin1Char('%')),
                 qPrintable(row.join(QStringLiteral(" | "))));
        QVERIFY2(std::abs(numberIn(row[measured]) - want->second) < 0.0005 + 1e-9,
                 qPrintable(QStringLiteral("%1: %2, the Server Report gives %3")
                                .arg(row[configured], row[measured])
                                .arg(want->second)));
        ++want;
    }
    // The plot draws the same rows: one series, a point per row, and y = x (both in %).
    const SweepFigure& figure = view.figure();
    QCOMPARE(figure.seriesGraphs().size(), std::size_t(1));
    QCOMPARE(figure.seriesGraphs().front()->dataCount(), 11);
    QVERIFY(figure.identityLine());
    QVERIFY(!view.plot()->legend->visible());

    // The metric chosen from the keyboard: the rows stay, the measured column changes kind.
    auto* metric = view.findChild<QComboBox*>(QStringLiteral("sweepMetric"));
    QVERIFY(chooseByKeyboard(metric, QStringLiteral("interval-mean")));
    QCOMPARE(view.options().metric, SweepMetric::IntervalMean);
    QCOMPARE(view.tableModel()->table().rows.size(), expected.size());
    QVERIFY(!view.figure().identityLine()); // % against bit/s: no y = x
    // The parameter box offers the pattern's field first; choosing it keeps the sweep.
    auto* parameter = view.findChild<QComboBox*>(QStringLiteral("sweepParameter"));
    QCOMPARE(parameter->itemData(0).toString(), QStringLiteral("loss"));
    QVERIFY(chooseByKeyboard(parameter, QStringLiteral("loss")));
    QVERIFY(view.parameterChosen());
    // The settings a workspace keeps bring the same sweep back.
    SweepView again(&store);
    again.restoreSettings(view.saveSettings());
    QCOMPARE(again.options().namePattern, view.options().namePattern);
    QCOMPARE(again.options().metric, SweepMetric::IntervalMean);
    QCOMPARE(again.tableModel()->table().rows, view.tableModel()->table().rows);
}

void TestSweepView::legendOnlyForTwoSeries() {
    FigureAlone alone;
    auto& figure = alone.make<SweepFigure>();
    figure.draw(twoSeries(true));
    QVERIFY(alone.plot->legend->visible());
    QCOMPARE(alone.plot->legend->itemCount(), 2); // the series; not y = x, not the bars
    SweepPlotData one = twoSeries(true);
    one.series.pop_back();
    figure.draw(one);
    QVERIFY(!alone.plot->legend->visible());
}

void TestSweepView::identityLineOnlyForOneQuantity() {
    FigureAlone alone;
    auto& figure = alone.make<SweepFigure>();
    figure.draw(twoSeries(true));
    QVERIFY(figure.identityLine());
    // From corner to corner of the common range.
    const QCPRange x = alone.plot->xAxis->range();
    const QCPRange y = alone.plot->yAxis->range();
    QCOMPARE(x.lower, y.lower);
    QCOMPARE(x.upper, y.upper);
    const auto line = figure.identityLine()->data();
    QCOMPARE(line->size(), 2);
    QCOMPARE(line->at(0)->key, line->at(0)->value);
    QCOMPARE(line->at(1)->key, line->at(1)->value);
    QVERIFY(line->at(0)->key <= x.lower && line->at(1)->key >= x.upper);
    figure.draw(twoSeries(false));
    QVERIFY(!figure.identityLine());
}

void TestSweepView::logAxesWhenValuesSpanDecades() {
    FigureAlone alone;
    auto& figure = alone.make<SweepFigure>();
    QCOMPARE(figure.draw(twoSeries(true)), QString()); // 0.01 to 100: four decades
    QVERIFY(figure.logX() && figure.logY());
    QCOMPARE(alone.plot->xAxis->scaleType(), QCPAxis::stLogarithmic);
    // A value at 0 keeps the axis linear; chosen log, it is left out and said so.
    SweepPlotData withZero = twoSeries(true);
    withZero.series.front().points.insert(withZero.series.front().points.begin(),
                                          {0.0, 0.0, 0.0, 0.0});
    QCOMPARE(figure.draw(withZero), QString());
    QVERIFY(!figure.logX() && !figure.logY());
    SweepFigure::Options log;
    log.logX = log.logY = true;
    QVERIFY(figure.draw(withZero, log).contains(QStringLiteral("1 point")));
    QVERIFY(figure.logX() && figure.logY());
    QVERIFY(!SweepFigure::spansDecades({1, 50}));
    QVERIFY(SweepFigure::spansDecades({1, 100}));
    QVERIFY(!SweepFigure::spansDecades({0, 1, 100}));
}

// The report of a workspace whose Sweep tab chose the loss sweep: the figure, then the table
// with its caption and one row per configured value.
void TestSweepView::reportHasTheFigureAndItsTable() {
    DatasetStore store;
    const QStringList loss = samplesNamed(QStringLiteral("udp-loss-*-client.txt"));
    for (const QString& path : loss)
        QVERIFY(test::addLog(store, path, QFileInfo(path).fileName()) > 0);
    SweepView view(&store);
    auto* names = view.findChild<QLineEdit*>(QStringLiteral("sweepNames"));
    names->setText(QStringLiteral("udp-loss-{loss}pct-client.txt"));
    QTest::keyClick(names, Qt::Key_Return);
    QCOMPARE(view.options().parameter, QStringLiteral("loss"));
    ReportSource source;
    source.title = QStringLiteral("loss sweep");
    source.viewSettings.insert(QLatin1String(SweepView::staticMetaObject.className()),
                               view.saveSettings());
    QTemporaryDir dir;
    const QString html = dir.filePath(QStringLiteral("report.html"));
    QString error;
    QVERIFY2(ReportWriter::write(&store, source, html, &error), qPrintable(error));
    const QString text = QString::fromUtf8(test::readAll(html));
    const qsizetype figure = text.indexOf(QStringLiteral("class=\"sweep\""));
    const qsizetype caption = text.indexOf(QStringLiteral("UDP loss against configured loss"));
    QVERIFY2(figure >= 0 && caption > figure, qPrintable(QString::number(caption)));
    // A row per value, each with its measured loss as the Server Report gives it.
    for (const auto& [configured, measured] : serverReportLoss(loss))
        QVERIFY2(text.contains(QString::number(measured, 'f', 3) + QStringLiteral(" %")),
                 qPrintable(QStringLiteral("%1 %: %2 %").arg(configured).arg(measured)));
}

void TestSweepView::screenshots() {
    // For people: with WIREBENCH_SCREENSHOTS=DIR set, saves the window's Sweep tab with the
    // loss and the bandwidth samples, at the size the window opens at on the screen.
    const QString dir = qEnvironmentVariable("WIREBENCH_SCREENSHOTS");
    if (dir.isEmpty())
        QSKIP("set WIREBENCH_SCREENSHOTS=DIR to save screenshots of the Sweep tab");
    const std::pair<const char*, const char*> sweeps[] = {
        {"udp-loss-*-client.txt", "udp-loss-{loss}pct-client.txt"},
        {"udp-bw-*-server.csv", "udp-bw-{bandwidth}-server.csv"},
    };
    for (const auto& [files, pattern] : sweeps) {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QSignalSpy finished(window.importer(), &ImportController::finished);
        window.importPaths(samplesNamed(QString::fromLatin1(files)));
        QVERIFY(finished.wait(60000));
        auto* view = window.findChild<SweepView*>();
        window.findChild<QTabWidget*>()->setCurrentWidget(view);
        view->setNamePattern(QString::fromLatin1(pattern));
        if (QString::fromLatin1(files).contains(QLatin1String("bw")))
            view->setFirstIntervals(60);
        QTest::qWait(300);
        QVERIFY(window.grab().save(
            QStringLiteral("%1/%2x%3-sweep-%4.png")
                .arg(dir)
                .arg(window.width())
                .arg(window.height())
                .arg(QString::fromLatin1(files).section(QLatin1Char('-'), 1, 1))));
    }
}

QTEST_MAIN(TestSweepView)
#include "tst_sweepview.moc"
