#include "StoreSupport.h"
#include "SvgReadBack.h"
#include "TestSupport.h"

#include "AppTheme.h"
#include "CdfFigure.h"
#include "CdfView.h"
#include "DatasetStore.h"
#include "LogAxisTicker.h"
#include "PercentileView.h"
#include "PlotExporter.h"
#include "PlotStyle.h"
#include "PlotTheme.h"
#include "SeriesColor.h"

#include <qcustomplot.h>

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QLabel>
#include <QRegularExpression>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <random>

using namespace wb;

namespace {

using test::addQjumpSamples;

// Log-normal RTTs rounded to ping's microsecond resolution, like a long loaded run.
int addSynthetic(DatasetStore& store, std::size_t count) {
    Dataset dataset;
    dataset.label = QStringLiteral("synthetic");
    std::mt19937_64 random(42);
    std::lognormal_distribution<double> rtt(std::log(0.5), 0.8);
    dataset.latency.rttMs.reserve(count);
    for (std::size_t i = 0; i < count; ++i)
        dataset.latency.rttMs.push_back(std::round(rtt(random) * 1000) / 1000);
    return test::addDataset(store, std::move(dataset), {});
}

int curveCount(QCustomPlot* plot) {
    int curves = 0;
    for (int i = 0; i < plot->graphCount(); ++i)
        curves += plot->legend->hasItemWithPlottable(plot->graph(i)) ? 1 : 0;
    return curves;
}

// A live run's dataset as it grows: RTTs 1..n ms.
DatasetEntry rampEntry(int n) {
    Dataset dataset;
    for (int i = 1; i <= n; ++i)
        dataset.latency.rttMs.push_back(i);
    DatasetEntry entry;
    entry.analysis = DatasetAnalysis::of(std::make_shared<const Dataset>(std::move(dataset)));
    return entry;
}

// The colour the shown plot's widget paints in a corner of its background (outside the axes).
QColor backgroundShown(QCustomPlot* plot) {
    plot->replot(QCustomPlot::rpImmediateRefresh);
    return plot->grab().toImage().pixelColor(2, 2);
}

// Every text the plot draws (tick labels, axis titles, legend entries) against `background`:
// the lowest contrast ratio among them.
double lowestTextContrast(QCustomPlot* plot, const QColor& background) {
    double lowest = 21;
    for (QCPAxis* axis : plot->axisRect()->axes())
        if (axis->visible())
            lowest = std::min({lowest, PlotTheme::contrast(axis->tickLabelColor(), background),
                               PlotTheme::contrast(axis->labelColor(), background),
                               PlotTheme::contrast(axis->basePen().color(), background)});
    for (int i = 0; i < plot->legend->itemCount(); ++i)
        if (QCPAbstractLegendItem* item = plot->legend->item(i))
            lowest = std::min(lowest, PlotTheme::contrast(item->textColor(), background));
    return lowest;
}

} // namespace

class TestCdfView : public QObject {
    Q_OBJECT

private slots:
    void oneCurvePerVisibleLatencyDataset();
    void curveRunsFromMinToMaxAtOne();
    void millionsOfSamplesStaySmall();
    void exportedCurveIsWithinOnePixelOfTheData();
    void logAndCcdfChangeAxes();
    void logAxesLabelThreeValuesAtLeast();
    void markersSitAtCorePercentiles();
    void readoutNamesCurveAndPercentile();
    void settingsRoundTrip();
    void followsGrowingDataUntilTheUserZooms();
    void darkPaletteDrawsADarkPlot();
    void seriesColoursStayApartOnDark();
    void paletteChangeRestylesAnOpenView();
    void screenshots();
};

void TestCdfView::oneCurvePerVisibleLatencyDataset() {
    DatasetStore store;
    const std::vector<int> ids = addQjumpSamples(store);
    test::addLog(store, test::samplePath(QStringLiteral("geni-cubic-P30.txt")),
                 QStringLiteral("geni-cubic-P30.txt")); // throughput: no curve
    CdfView view(&store);
    QCOMPARE(view.plot()->graphCount(), 5);
    QCOMPARE(curveCount(view.plot()), 5);
    for (int id : ids)
        QVERIFY(view.graphOf(id));
    store.setVisible(ids[1], false);
    QCOMPARE(view.plot()->graphCount(), 4);
    QVERIFY(!view.graphOf(ids[1]));
    store.remove(ids[2]);
    QCOMPARE(view.plot()->graphCount(), 3);
    store.setLabel(ids[0], QStringLiteral("idle"));
    QCOMPARE(view.graphOf(ids[0])->name(), QStringLiteral("idle"));
    QCOMPARE(view.title(), QStringLiteral("Latency CDF"));
    QCOMPARE(view.exportName(), QStringLiteral("latency-cdf"));
}

void TestCdfView::curveRunsFromMinToMaxAtOne() {
    DatasetStore store;
    const std::vector<int> ids = addQjumpSamples(store);
    CdfView view(&store);
    view.resize(1000, 650);
    for (bool logX : {true, false}) {
        view.setLogX(logX);
        for (int id : ids) {
            const std::vector<double>& sorted = store.find(id)->analysis->sortedRttMs;
            const auto data = view.graphOf(id)->data();
            QVERIFY(data->size() >= 2);
            QCOMPARE(data->constBegin()->key, sorted.front());
            QCOMPARE(data->constBegin()->value, 0.0); // the rise at the minimum
            QCOMPARE((data->constEnd() - 1)->key, sorted.back());
            QCOMPARE((data->constEnd() - 1)->value, 1.0);
        }
    }
}

void TestCdfView::millionsOfSamplesStaySmall() {
    DatasetStore store;
    const int id = addSynthetic(store, 2'000'000);
    const std::vector<double>& sorted = store.find(id)->analysis->sortedRttMs;
    CdfView view(&store);
    view.resize(1000, 650);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QTest::qWait(20); // let the resize reduction run
    const int width = view.plot()->axisRect()->width();
    // Every distinct value above p99 is a step the reducer keeps.
    const auto tailStart =
        sorted.begin() + static_cast<std::ptrdiff_t>(0.99 * static_cast<double>(sorted.size()));
    long long tailSteps = 0;
    for (auto it = tailStart; it != sorted.end(); ++it)
        tailSteps += (it + 1 == sorted.end() || *(it + 1) != *it) ? 1 : 0;
    for (bool logX : {true, false}) {
        view.setLogX(logX);
        const int points = view.graphOf(id)->data()->size();
        qInfo("%s x: %d points for %zu samples, plot %d px wide, %lld tail steps",
              logX ? "log" : "linear", points, sorted.size(), width,
              static_cast<long long>(tailSteps));
        QVERIFY(points <= 2 * width + tailSteps + 4);
        QVERIFY(points > 100);
        QElapsedTimer timer;
        timer.start();
        view.plot()->replot(QCustomPlot::rpImmediateRefresh);
        const qint64 replotMs = timer.elapsed();
        // A zoom: new range, new reduction, one replot, as a wheel event does.
        timer.restart();
        view.plot()->xAxis->scaleRange(0.5);
        QTest::qWait(0);
        QCoreApplication::processEvents();
        view.plot()->replot(QCustomPlot::rpImmediateRefresh);
        const qint64 zoomMs = timer.elapsed();
        qInfo("replot %lld ms, zoom + reduce + replot %lld ms", static_cast<long long>(replotMs),
              static_cast<long long>(zoomMs));
        QVERIFY(replotMs < 500 * test::kSlowdown);
        QVERIFY(zoomMs < 1000 * test::kSlowdown);
    }
}

namespace {

// The labels an axis shows within its range.
QStringList shownLabels(const QCPAxis* axis) {
    QStringList shown;
    for (int i = 0; i < axis->tickVector().size(); ++i)
        if (axis->range().contains(axis->tickVector()[i]) &&
            !axis->tickVectorLabels().value(i).isEmpty())
            shown << axis->tickVectorLabels().value(i);
    return shown;
}

} // namespace

// A log axis over any range labels three values or more: 1-2-5 steps over few decades, every
// decade (or every few) over many; the CDF of ping18_np (0.003 to 0.088 ms) at a paper
// column's size reads more than "0.05". A run spanning under a decade gets a linear axis
// unless the user chose log, and the choice is kept with the settings.
// An exported CDF is reduced at the export's resolution, not at the width of a plot never shown
// (as wirebench-cli plot draws it): every drawn vertex lies on the ECDF of the log's RTTs
// within one output pixel at 300 dpi or 0.5 % of the axis, whichever is larger (SVG rounds
// its coordinates to whole points), at one-column and at slide size.
void TestCdfView::exportedCurveIsWithinOnePixelOfTheData() {
    DatasetStore store;
    const int id = test::addLog(store, test::samplePath("ping18_iperf18_np"), "np");
    QVERIFY(id > 0);
    std::vector<double> sorted = store.find(id)->analysis->dataset->latency.rttMs;
    std::sort(sorted.begin(), sorted.end());
    const double n = static_cast<double>(sorted.size());
    const auto below = [&](double x) { // how many samples are < x, and <= x
        return std::lower_bound(sorted.begin(), sorted.end(), x) - sorted.begin();
    };
    const auto atMost = [&](double x) {
        return std::upper_bound(sorted.begin(), sorted.end(), x) - sorted.begin();
    };
    for (const QSize size : {QSize(252, 180), QSize(720, 405)}) {
        FigureAlone alone;
        auto& figure = alone.make<CdfFigure>();
        CdfFigure::Options options;
        options.logX = false;
        figure.setOptions({}, options);
        figure.draw(store, {}, options);
        ExportOptions exported;
        exported.points = ExportOptions::ofLayoutSize(QSize(size.width(), size.height())).points;
        const QByteArray svg = PlotExporter::toSvg(alone.plot.get(), exported);
        PlotExporter::layOut(alone.plot.get(), exported); // the SVG's layout, to map its points
        const QCPAxis* x = alone.plot->xAxis;
        const QCPAxis* y = alone.plot->yAxis;
        const QRect rect = alone.plot->axisRect()->rect();
        const double tolX = std::max(72.0 / 300, 0.005 * rect.width());
        const double tolY = std::max(72.0 / 300, 0.005 * rect.height());
        const std::vector<std::vector<QPointF>> curves = test::svgPolylines(svg, 10);
        QCOMPARE(static_cast<int>(curves.size()), 1);
        int checked = 0;
        for (const QPointF& point : curves.front()) {
            if (point.x() < rect.left() || point.x() > rect.right())
                continue; // clipped to the axes
            const double lowest = below(x->pixelToCoord(point.x() - tolX)) / n;
            const double highest = atMost(x->pixelToCoord(point.x() + tolX)) / n;
            const double value = y->pixelToCoord(point.y());
            const double slack = std::fabs(y->pixelToCoord(point.y() + tolY) - value);
            QVERIFY2(value >= lowest - slack && value <= highest + slack,
                     qPrintable(QStringLiteral("%1x%2: vertex (%3, %4) reads F = %5 at %6 ms; "
                                               "the data give %7 to %8")
                                    .arg(size.width())
                                    .arg(size.height())
                                    .arg(point.x())
                                    .arg(point.y())
                                    .arg(value)
                                    .arg(x->pixelToCoord(point.x()))
                                    .arg(lowest)
                                    .arg(highest)));
            ++checked;
        }
        QVERIFY2(checked > 200, qPrintable(QString::number(checked)));
    }
}

void TestCdfView::logAxesLabelThreeValuesAtLeast() {
    for (double lower : {0.003, 0.01, 1.0, 7.0, 123.0})
        for (double decades : {0.35, 0.5, 0.8, 1.0, 1.47, 2.0, 3.0, 6.0, 12.0}) {
            const QCPRange range(lower, lower * std::pow(10.0, decades));
            for (int most : {2, 3, 5, 8}) {
                LogAxisTicker ticker;
                ticker.setTickCount(most);
                QVector<double> ticks;
                QVector<QString> labels;
                ticker.generate(range, QLocale::c(), 'g', 6, ticks, nullptr, &labels);
                int within = 0;
                for (double tick : ticks)
                    within += range.contains(tick) ? 1 : 0;
                QVERIFY2(within >= 3, qPrintable(QStringLiteral("%1 .. %2: %3")
                                                     .arg(range.lower)
                                                     .arg(range.upper)
                                                     .arg(labels.join(' '))));
            }
        }

    DatasetStore store;
    QVERIFY(test::addLog(store, test::samplePath("ping18_np"), "ping18_np") > 0);
    CdfView view(&store);
    QVERIFY(view.logX()); // 0.003 to 0.088 ms: more than a decade
    ExportOptions column;
    view.resize(column.layoutSize());
    PlotExporter::layOut(view.plot(), column);
    const QStringList labels = shownLabels(view.plot()->xAxis);
    QVERIFY2(labels.size() >= 3, qPrintable(labels.join(' ')));
    QVERIFY(labels.contains("0.01") && labels.contains("0.02"));

    // ping18_iperf16_np stays within one decade (about 2 to 7 ms): linear by default.
    DatasetStore narrow;
    QVERIFY(test::addLog(narrow, test::samplePath("ping18_iperf16_np"), "iperf16") > 0);
    const std::vector<double>& sorted = narrow.entries().front().analysis->sortedRttMs;
    QVERIFY(sorted.back() < 10 * sorted.front());
    CdfView linear(&narrow);
    QVERIFY(!linear.logX() && !linear.logXChosen());
    QCOMPARE(linear.plot()->xAxis->scaleType(), QCPAxis::stLinear);
    QVERIFY(!linear.saveSettings().contains("logX")); // decided by the data when read again
    linear.setLogX(true);
    QCOMPARE(linear.plot()->xAxis->scaleType(), QCPAxis::stLogarithmic);
    linear.resize(column.layoutSize());
    PlotExporter::layOut(linear.plot(), column);
    QVERIFY2(shownLabels(linear.plot()->xAxis).size() >= 3,
             qPrintable(shownLabels(linear.plot()->xAxis).join(' ')));
    CdfView restored(&narrow);
    restored.restoreSettings(linear.saveSettings());
    QVERIFY(restored.logX() && restored.logXChosen());
}

void TestCdfView::logAndCcdfChangeAxes() {
    DatasetStore store;
    const std::vector<int> ids = addQjumpSamples(store);
    CdfView view(&store);
    QVERIFY(view.logX()); // default: idle (~10 µs) and loaded (~15 ms) runs differ by 3 decades
    QCOMPARE(view.plot()->xAxis->scaleType(), QCPAxis::stLogarithmic);
    QVERIFY(view.plot()->xAxis->range().lower > 0);
    view.setLogX(false);
    QCOMPARE(view.plot()->xAxis->scaleType(), QCPAxis::stLinear);
    QCOMPARE(view.plot()->yAxis->scaleType(), QCPAxis::stLinear);
    QCOMPARE(view.plot()->yAxis->range().lower, 0.0);
    view.setCcdf(true);
    QCOMPARE(view.plot()->yAxis->scaleType(), QCPAxis::stLogarithmic);
    QVERIFY(view.plot()->yAxis->label().contains(QStringLiteral("CCDF")));
    QCOMPARE(view.exportName(), QStringLiteral("latency-ccdf"));
    QVERIFY(view.plot()->xAxis->label().contains(QStringLiteral("(ms)")));
    for (int id : ids) {
        const auto data = view.graphOf(id)->data();
        const double n = static_cast<double>(store.find(id)->analysis->sortedRttMs.size());
        QCOMPARE(data->constBegin()->value, 1.0);
        QCOMPARE((data->constEnd() - 1)->key, store.find(id)->analysis->sortedRttMs.back());
        QVERIFY((data->constEnd() - 1)->value > 0); // drawable on a log axis
        QVERIFY(view.plot()->yAxis->range().lower <= 1 / n);
    }
    view.setCcdf(false);
    QCOMPARE(view.plot()->yAxis->scaleType(), QCPAxis::stLinear);
}

void TestCdfView::markersSitAtCorePercentiles() {
    DatasetStore store;
    const std::vector<int> ids = addQjumpSamples(store);
    CdfView view(&store);
    QVERIFY(view.markerLevels().empty());
    view.setMarkerLevels({50, 99});
    QCOMPARE(view.plot()->graphCount(), 10); // five curves, five marker sets
    QCOMPARE(curveCount(view.plot()), 5);    // markers stay out of the legend
    bool found = false;
    for (int i = 0; i < view.plot()->graphCount(); ++i) {
        const auto data = view.plot()->graph(i)->data();
        if (view.plot()->graph(i)->lineStyle() != QCPGraph::lsNone || data->size() != 2)
            continue;
        const double p99 = (data->constEnd() - 1)->key;
        for (int id : ids)
            found = found || p99 == store.find(id)->analysis->percentile(99);
    }
    QVERIFY(found);
    view.setMarkerLevels({});
    QCOMPARE(view.plot()->graphCount(), 5);
}

void TestCdfView::readoutNamesCurveAndPercentile() {
    DatasetStore store;
    const std::vector<int> ids = addQjumpSamples(store);
    CdfView view(&store);
    view.resize(1000, 650);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.plot()->replot(QCustomPlot::rpImmediateRefresh);
    const DatasetAnalysis& analysis = *store.find(ids[0])->analysis;
    const double median = analysis.percentile(50);
    QCPGraph* graph = view.graphOf(ids[0]);
    const QPointF pixel(graph->keyAxis()->coordToPixel(median * 1.0001),
                        graph->valueAxis()->coordToPixel(0.5));
    view.showReadoutAt(pixel);
    QVERIFY2(view.readout().startsWith(QStringLiteral("ping18_np: ")), qPrintable(view.readout()));
    QVERIFY2(view.readout().contains(QStringLiteral(" ms at p")), qPrintable(view.readout()));
    view.showReadoutAt(QPointF(-1000, -1000));
    QVERIFY(view.readout().isEmpty());
}

void TestCdfView::settingsRoundTrip() {
    DatasetStore store;
    addQjumpSamples(store);
    CdfView view(&store);
    view.setLogX(false);
    view.setCcdf(true);
    view.setMarkerLevels({50, 99.9});
    const QJsonObject settings = view.saveSettings();
    CdfView restored(&store);
    restored.restoreSettings(settings);
    QCOMPARE(restored.logX(), false);
    QCOMPARE(restored.ccdf(), true);
    QCOMPARE(restored.markerLevels(), (std::vector<double>{50, 99.9}));
    QCOMPARE(restored.plot()->yAxis->scaleType(), QCPAxis::stLogarithmic);
    QCOMPARE(restored.saveSettings(), settings);
}

// Pictures to look at, not to compare: WIREBENCH_SCREENSHOTS=DIR writes them there.
// A live run replaces its dataset's data: the axis keeps showing all of it, until the user
// zooms; then their range stays, and Reset view follows the data again.
void TestCdfView::followsGrowingDataUntilTheUserZooms() {
    DatasetStore store;
    CdfView view(&store);
    view.resize(600, 400);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setLogX(false);
    const int id = store.add(rampEntry(10));
    QCustomPlot* plot = view.plot();
    QVERIFY(plot->xAxis->range().upper >= 10);
    store.replaceData(id, rampEntry(50));
    QVERIFY(plot->xAxis->range().upper >= 50);
    QWheelEvent wheel(QPointF(300, 200), plot->mapToGlobal(QPointF(300, 200)), QPoint(),
                      QPoint(0, 120), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(plot, &wheel);
    const QCPRange zoomed = plot->xAxis->range();
    QVERIFY(zoomed.upper < 50); // zoomed in
    store.replaceData(id, rampEntry(200));
    QCOMPARE(plot->xAxis->range().upper, zoomed.upper);
    view.resetView();
    QVERIFY(plot->xAxis->range().upper >= 200);
    store.replaceData(id, rampEntry(400));
    QVERIFY(plot->xAxis->range().upper >= 400);
}

// A dark palette gives the plot on screen a dark background (the palette's Base) and light
// text and axes that read on it (WCAG AA, 4.5:1); the curves keep at least 3:1.
void TestCdfView::darkPaletteDrawsADarkPlot() {
    DatasetStore store;
    addQjumpSamples(store);
    CdfView view(&store);
    view.setPalette(AppTheme::darkPalette());
    view.resize(900, 600);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const QColor base = AppTheme::darkPalette().color(QPalette::Base);
    const QColor shown = backgroundShown(view.plot());
    QCOMPARE(shown.name(), base.name());
    QVERIFY2(lowestTextContrast(view.plot(), shown) >= 4.5,
             qPrintable(QString::number(lowestTextContrast(view.plot(), shown))));
    for (int i = 0; i < view.plot()->graphCount(); ++i)
        QVERIFY(PlotTheme::contrast(view.plot()->graph(i)->pen().color(), shown) >= 3);
    // The grid is subdued: closer to the background than to the text.
    const QColor grid = view.plot()->xAxis->grid()->pen().color();
    QVERIFY(PlotTheme::contrast(grid, shown) < 2);
    // Back to a light palette: the views' own colours exactly.
    view.setPalette(view.style()->standardPalette());
    QCOMPARE(backgroundShown(view.plot()), QColor(Qt::white));
    QCOMPARE(view.plot()->xAxis->tickLabelColor(), QColor(Qt::black));
    QCOMPARE(view.plot()->graph(0)->pen().color(),
             PlotStyle::toColor(store.entries().front().color));
}

// Every series colour, recoloured for the dark palette, reads against its background (3:1)
// and stays apart from every other one: no pair comes closer than 0.6 of its distance on
// paper (black, which becomes the text colour, 60 in RGB from any other).
void TestCdfView::seriesColoursStayApartOnDark() {
    const PlotColours dark = PlotTheme::of(AppTheme::darkPalette());
    std::vector<QColor> own, shown;
    for (int i = 0; i < 16; ++i) {
        own.push_back(PlotStyle::toColor(SeriesColor::palette(i)));
        shown.push_back(PlotTheme::recolour(own.back(), dark));
        QVERIFY2(PlotTheme::contrast(shown.back(), dark.background) >= 3,
                 qPrintable(shown.back().name()));
    }
    auto distance = [](const QColor& a, const QColor& b) {
        return std::hypot(a.red() - b.red(), a.green() - b.green(), a.blue() - b.blue());
    };
    for (std::size_t i = 0; i < own.size(); ++i)
        for (std::size_t j = i + 1; j < own.size(); ++j)
            if (own[i] != own[j])
                QVERIFY2(distance(shown[i], shown[j]) >=
                             std::min(0.6 * distance(own[i], own[j]), 60.0),
                         qPrintable(shown[i].name() + QLatin1Char(' ') + shown[j].name()));
}

// The application's palette switched while a view is open: the view recolours by itself, from
// the data it holds.
void TestCdfView::paletteChangeRestylesAnOpenView() {
    DatasetStore store;
    addQjumpSamples(store);
    CdfView view(&store);
    view.resize(900, 600);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const QPalette before = QApplication::palette();
    QCOMPARE(backgroundShown(view.plot()), QColor(Qt::white));
    QApplication::setPalette(AppTheme::darkPalette());
    const QColor base = AppTheme::darkPalette().color(QPalette::Base);
    QTRY_COMPARE(view.plot()->xAxis->tickLabelColor(),
                 AppTheme::darkPalette().color(QPalette::Text));
    QCOMPARE(view.plot()->grab().toImage().pixelColor(2, 2).name(), base.name());
    QApplication::setPalette(before);
    QTRY_COMPARE(view.plot()->xAxis->tickLabelColor(), QColor(Qt::black));
}

void TestCdfView::screenshots() {
    const QString dir = qEnvironmentVariable("WIREBENCH_SCREENSHOTS");
    if (dir.isEmpty())
        QSKIP("set WIREBENCH_SCREENSHOTS=DIR to write screenshots");
    QDir().mkpath(dir);
    DatasetStore store;
    addQjumpSamples(store);
    CdfView view(&store);
    view.resize(1000, 650);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    auto shoot = [&](const QString& name) {
        QTest::qWait(20);
        view.plot()->replot(QCustomPlot::rpImmediateRefresh);
        QVERIFY(view.grab().save(dir + QLatin1Char('/') + name));
    };
    shoot(QStringLiteral("cdf-logx.png"));
    view.setLogX(false);
    shoot(QStringLiteral("cdf-linear.png"));
    view.setLogX(true);
    view.setCcdf(true);
    shoot(QStringLiteral("ccdf-logx.png"));
    view.setCcdf(false);
    view.setMarkerLevels({50, 99});
    QCPGraph* graph = view.graphOf(store.entries()[3].id);
    view.showReadoutAt(
        QPointF(graph->keyAxis()->coordToPixel(store.entries()[3].analysis->percentile(90)),
                graph->valueAxis()->coordToPixel(0.9)));
    shoot(QStringLiteral("cdf-markers.png"));

    PercentileView table(&store);
    table.resize(1000, 300);
    table.show();
    QVERIFY(QTest::qWaitForWindowExposed(&table));
    QVERIFY(table.grab().save(dir + QStringLiteral("/percentiles.png")));
    table.setQjumpTable1(true);
    QVERIFY(table.grab().save(dir + QStringLiteral("/percentiles-table1.png")));
}

QTEST_MAIN(TestCdfView)
#include "tst_cdfview.moc"
