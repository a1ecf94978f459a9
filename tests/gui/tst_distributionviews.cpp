#include "StoreSupport.h"
#include "TestSupport.h"

#include "BandsView.h"
#include "DatasetStore.h"
#include "DistributionsView.h"
#include "LegendLayout.h"
#include "PlotExporter.h"
#include "stats/WindowedPercentiles.h"

#include <qcustomplot.h>

#include <QDir>
#include <QSet>
#include <QTest>

#include <cmath>
#include <random>
#include <set>

using namespace wb;

namespace {

using test::addDataset;
using test::addQjumpSamples;

// A long run with lossy stretches, so every loss colour of the bands appears.
int addLossyRun(DatasetStore& store) {
    Dataset dataset;
    std::mt19937_64 random(3);
    std::lognormal_distribution<double> rtt(std::log(0.4), 0.5);
    std::uniform_real_distribution<double> coin(0, 1);
    for (std::int64_t seq = 1; seq <= 20'000; ++seq) {
        const double lossRate = seq < 5'000 ? 0 : seq < 10'000 ? 0.005 : seq < 15'000 ? 0.03 : 0.1;
        if (coin(random) < lossRate) {
            dataset.latency.lostSequence.push_back(seq);
            continue;
        }
        dataset.latency.sequence.push_back(seq);
        dataset.latency.rttMs.push_back(rtt(random) * (seq > 12'000 ? 3 : 1));
    }
    return addDataset(store, std::move(dataset), QStringLiteral("lossy"));
}

void compareGraph(QCPGraph* graph, const std::vector<PercentileWindow>& windows,
                  double PercentileWindow::*field) {
    QVERIFY(graph);
    QCOMPARE(graph->data()->size(), static_cast<int>(windows.size()));
    int i = 0;
    for (const QCPGraphData& point : *graph->data()) {
        QCOMPARE(point.key, windows[static_cast<std::size_t>(i)].sequenceCentre);
        QCOMPARE(point.value, windows[static_cast<std::size_t>(i)].*field);
        ++i;
    }
}

} // namespace

class TestDistributionViews : public QObject {
    Q_OBJECT

private slots:
    void histogramBarsAreCorePercentages();
    void histogramBinsAndRangeAdjustable();
    void oneBoxPerDatasetFromBoxSummary();
    void bandsEqualWindowedPercentiles();
    void bandsColourMedianByLoss();
    void settingsRoundTrip();
    void boxNamesShortenedInAColumnOnly();
    void bandsLegendNamesWhatIsDrawn();
    void screenshots();
};

void TestDistributionViews::histogramBarsAreCorePercentages() {
    DatasetStore store;
    const std::vector<int> ids = addQjumpSamples(store);
    QCOMPARE(ids.size(), std::size_t{5});
    DistributionsView view(&store);
    QCOMPARE(view.exportName(), QStringLiteral("rtt-histogram"));
    QCOMPARE(view.bins(), 25);
    // Default range: [min, max] over everything shown.
    double lo = INFINITY, hi = -INFINITY;
    for (const DatasetEntry& e : store.entries()) {
        lo = std::min(lo, e.analysis->sortedRttMs.front());
        hi = std::max(hi, e.analysis->sortedRttMs.back());
    }
    QCOMPARE(view.figure().histogramRange(), std::make_pair(lo, hi));
    for (int id : ids) {
        const Histogram expected = Histogram::of(store.find(id)->analysis->sortedRttMs, 25, lo, hi);
        QCPBars* bars = view.figure().barsOf(id);
        QVERIFY(bars);
        QCOMPARE(bars->data()->size(), 25);
        int bin = 0;
        for (const QCPBarsData& bar : *bars->data()) {
            const auto b = static_cast<std::size_t>(bin);
            QCOMPARE(bar.key, 0.5 * (expected.edges[b] + expected.edges[b + 1]));
            QCOMPARE(bar.value, expected.percent(b));
            ++bin;
        }
    }
    // Hidden datasets have no bars.
    store.setVisible(ids[0], false);
    QVERIFY(!view.figure().barsOf(ids[0]));
    QVERIFY(view.figure().barsOf(ids[1]));
}

void TestDistributionViews::histogramBinsAndRangeAdjustable() {
    DatasetStore store;
    const std::vector<int> ids = addQjumpSamples(store);
    DistributionsView view(&store);
    view.setBins(10);
    view.setRange(0.0, 0.1);
    const Histogram expected = Histogram::of(store.find(ids[0])->analysis->sortedRttMs, 10, 0, 0.1);
    QCOMPARE(view.figure().histogramOf(ids[0])->counts, expected.counts);
    QCOMPARE(view.figure().barsOf(ids[0])->data()->size(), 10);
    view.setLogY(true);
    QCOMPARE(view.plot()->yAxis->scaleType(), QCPAxis::stLogarithmic);
    for (const QCPBarsData& bar : *view.figure().barsOf(ids[0])->data())
        QVERIFY(bar.value > 0); // empty bins are left out on a log axis
}

void TestDistributionViews::oneBoxPerDatasetFromBoxSummary() {
    DatasetStore store;
    const std::vector<int> ids = addQjumpSamples(store);
    DistributionsView view(&store);
    view.setMode(DistributionsView::Mode::Box);
    QCOMPARE(view.exportName(), QStringLiteral("rtt-boxplots"));
    for (BoxSummary::Whiskers whiskers :
         {BoxSummary::Whiskers::Percentile1To99, BoxSummary::Whiskers::Tukey}) {
        view.setWhiskers(whiskers);
        QCOMPARE(view.plot()->plottableCount(), 5);
        for (int id : ids) {
            const BoxSummary expected =
                BoxSummary::of(store.find(id)->analysis->sortedRttMs, whiskers);
            QCPStatisticalBox* box = view.figure().boxOf(id);
            QVERIFY(box);
            QCOMPARE(box->data()->size(), 1);
            const QCPStatisticalBoxData& data = *box->data()->constBegin();
            QCOMPARE(data.minimum, expected.lowerWhisker);
            QCOMPARE(data.lowerQuartile, expected.q1);
            QCOMPARE(data.median, expected.median);
            QCOMPARE(data.upperQuartile, expected.q3);
            QCOMPARE(data.maximum, expected.upperWhisker);
            QCOMPARE(view.figure().boxSummaryOf(id)->outliers(), expected.outliers());
        }
    }
    // The outlier count is written under each box.
    auto ticker = view.plot()->xAxis->ticker().dynamicCast<QCPAxisTickerText>();
    QVERIFY(ticker);
    const BoxSummary first = *view.figure().boxSummaryOf(ids[0]);
    QVERIFY(ticker->ticks().value(1).contains(QLocale().toString(qulonglong(first.outliers()))));
}

void TestDistributionViews::bandsEqualWindowedPercentiles() {
    DatasetStore store;
    const std::vector<int> ids = addQjumpSamples(store);
    BandsView view(&store);
    QCOMPARE(view.exportName(), QStringLiteral("rtt-bands"));
    QCOMPARE(view.figure().options().shown, ids[0]);
    for (int id : ids) {
        view.setShownDataset(id);
        const LatencySeries& series = store.find(id)->dataset().latency;
        // Auto: about 200 windows over the whole run.
        const std::size_t window = WindowedPercentiles::windowFor(series.size());
        QCOMPARE(view.figure().bandsOf(id).window, window);
        const std::vector<PercentileWindow> expected = WindowedPercentiles::of(series, window);
        QCOMPARE(view.figure().bandsOf(id).windows.size(), expected.size());
        compareGraph(view.figure().graphOf(id, BandsFigure::Curve::Median), expected,
                     &PercentileWindow::p50);
        compareGraph(view.figure().graphOf(id, BandsFigure::Curve::P5), expected,
                     &PercentileWindow::p5);
        compareGraph(view.figure().graphOf(id, BandsFigure::Curve::P95), expected,
                     &PercentileWindow::p95);
        compareGraph(view.figure().graphOf(id, BandsFigure::Curve::P1), expected,
                     &PercentileWindow::p1);
        compareGraph(view.figure().graphOf(id, BandsFigure::Curve::P99), expected,
                     &PercentileWindow::p99);
        QCOMPARE(view.figure().graphOf(id, BandsFigure::Curve::P5)->channelFillGraph(),
                 view.figure().graphOf(id, BandsFigure::Curve::P95));
    }
    view.setWindowReplies(100);
    QCOMPARE(view.figure().bandsOf(ids.back()).windows.size(), std::size_t{50});
    // All runs overlaid: every dataset drawn, without the p1–p99 band.
    view.setShownDataset(BandsFigure::kAllDatasets);
    for (int id : ids) {
        QVERIFY(view.figure().graphOf(id, BandsFigure::Curve::Median));
        QVERIFY(!view.figure().graphOf(id, BandsFigure::Curve::P1));
    }
}

void TestDistributionViews::bandsColourMedianByLoss() {
    DatasetStore store;
    const int id = addLossyRun(store);
    BandsView view(&store);
    view.setWindowReplies(500);
    const std::vector<PercentileWindow>& windows = view.figure().bandsOf(id).windows;
    QVERIFY(!windows.empty());
    std::set<BandsFigure::LossClass> classes;
    for (const PercentileWindow& w : windows)
        classes.insert(BandsFigure::lossClassOf(w.lossPercent));
    QCOMPARE(classes.size(), std::size_t{4});
    // One line per loss class, in its colour, each named in the legend.
    for (BandsFigure::LossClass c : classes) {
        const QColor colour = BandsFigure::lossColor(c);
        bool found = false;
        for (int i = 0; i < view.plot()->graphCount(); ++i)
            found |= view.plot()->graph(i)->pen().color() == colour &&
                     view.plot()->graph(i)->data()->size() > 0;
        QVERIFY(found);
    }
    QCOMPARE(BandsFigure::lossClassOf(0), BandsFigure::LossClass::None);
    QCOMPARE(BandsFigure::lossClassOf(0.5), BandsFigure::LossClass::Below1);
    QCOMPARE(BandsFigure::lossClassOf(1), BandsFigure::LossClass::Below5);
    QCOMPARE(BandsFigure::lossClassOf(5), BandsFigure::LossClass::AtLeast5);
}

void TestDistributionViews::settingsRoundTrip() {
    DatasetStore store;
    addQjumpSamples(store);
    DistributionsView view(&store);
    view.setMode(DistributionsView::Mode::Box);
    view.setBins(40);
    view.setLogY(true);
    view.setWhiskers(BoxSummary::Whiskers::Tukey);
    view.setRange(0.01, std::nullopt);
    DistributionsView restored(&store);
    restored.restoreSettings(view.saveSettings());
    QCOMPARE(restored.mode(), DistributionsView::Mode::Box);
    QCOMPARE(restored.bins(), 40);
    QVERIFY(restored.logY());
    QCOMPARE(restored.whiskers(), BoxSummary::Whiskers::Tukey);
    QCOMPARE(restored.rangeMin(), std::optional<double>(0.01));
    QCOMPARE(restored.rangeMax(), std::optional<double>());
    QCOMPARE(restored.saveSettings(), view.saveSettings());

    BandsView bands(&store);
    bands.setWindowReplies(50);
    bands.setLogY(true);
    bands.setShownDataset(BandsFigure::kAllDatasets);
    BandsView bandsRestored(&store);
    bandsRestored.restoreSettings(bands.saveSettings());
    QCOMPARE(bandsRestored.figure().options().windowReplies, 50);
    QVERIFY(bandsRestored.figure().options().logY);
    QCOMPARE(bandsRestored.figure().options().shown, BandsFigure::kAllDatasets);
    QCOMPARE(bandsRestored.saveSettings(), bands.saveSettings());
}

// Names too long for a paper column's slots, even broken into lines: each is shortened in the
// middle there, distinct from its neighbours and whole in its tooltip, and the boxes keep 70 %
// of the height; at a window's size every name shows whole.
void TestDistributionViews::boxNamesShortenedInAColumnOnly() {
    const QStringList names = {
        "QJump testbed, ping behind nothing, run of 5000 replies (idle)",
        "QJump testbed, ping behind iperf at priority 18, run of 5000 replies",
        "QJump testbed, ping behind iperf at priority 16, run of 5000 replies",
        "QJump testbed, ping behind iperf at priority 68, run of 5000 replies",
        "QJump testbed, ping behind iperf at priorities 18 and 68, run of 5000 replies"};
    DatasetStore store;
    for (int i = 0; i < names.size(); ++i)
        QVERIFY(test::addLog(store, test::samplePath(QString::fromLatin1(test::kQjumpSamples[i])),
                             names[i]) > 0);
    DistributionsView view(&store);
    view.setMode(DistributionsView::Mode::Box);
    QCustomPlot* plot = view.plot();
    for (const QSize size : {QSize(336, 240), QSize(1100, 600)}) {
        ExportOptions options;
        options.points = ExportOptions::ofLayoutSize(QSize(size.width(), size.height())).points;
        PlotExporter::layOut(plot, options);
        const bool column = size.width() < 400;
        QCOMPARE(plot->xAxis->tickLabelRotation(), 0.0);
        QVERIFY2(plot->axisRect()->height() >= LegendLayout::kDataShare * size.height() - 1,
                 qPrintable(QString::number(plot->axisRect()->height())));
        const QStringList shown = view.figure().boxLabels().shown();
        QCOMPARE(shown.size(), names.size());
        QCOMPARE(QSet<QString>(shown.begin(), shown.end()).size(), names.size());
        int shortened = 0;
        for (int i = 0; i < names.size(); ++i) {
            const QString label = QString(shown[i]).replace('\n', ' ');
            if (label.contains(QChar(0x2026)))
                ++shortened;
            else
                QVERIFY2(label.startsWith(names[i]), qPrintable(label));
            const QPointF under(plot->xAxis->coordToPixel(i + 1), plot->axisRect()->bottom() + 6);
            const QString tip = view.figure().boxLabels().toolTipAt(plot, under);
            QVERIFY2(tip.startsWith(names[i] + '\n') && tip.contains(" outside ("),
                     qPrintable(tip));
        }
        QCOMPARE(shortened, column ? names.size() : 0);
    }
}

// The bands' legend is the plot's own, placed as every plot's is: it names the run shown and
// only the loss classes its median is drawn in.
void TestDistributionViews::bandsLegendNamesWhatIsDrawn() {
    const auto legendNames = [](QCustomPlot* plot) {
        QStringList entries;
        for (int i = 0; i < plot->legend->itemCount(); ++i)
            if (auto* item = qobject_cast<QCPPlottableLegendItem*>(plot->legend->item(i)))
                entries << item->plottable()->name();
        return entries;
    };
    DatasetStore store;
    addQjumpSamples(store); // ping18_np, first, lost no reply
    BandsView view(&store);
    ExportOptions column; // a paper column
    PlotExporter::layOut(view.plot(), column);
    QCOMPARE(legendNames(view.plot()),
             (QStringList{"p1–p99", "p5–p95", "median of ping18_np, loss 0 %"}));
    // The bands fill the plot's width: the legend is inside, above them.
    QCOMPARE(LegendLayout::sideOf(view.plot()), QString());
    QCOMPARE(view.plot()->plotLayout()->elements(true).count(view.plot()->legend), 1);

    DatasetStore lossyStore;
    addLossyRun(lossyStore);
    BandsView lossy(&lossyStore);
    lossy.setWindowReplies(500);
    QCOMPARE(legendNames(lossy.plot()),
             (QStringList{"p1–p99", "p5–p95", "median of lossy, loss 0 %", "loss < 1 %",
                          "loss < 5 %", "loss ≥ 5 %"}));
}

void TestDistributionViews::screenshots() {
    const QString dir = qEnvironmentVariable("WIREBENCH_SCREENSHOTS");
    if (dir.isEmpty())
        QSKIP("set WIREBENCH_SCREENSHOTS=DIR to write screenshots");
    QDir().mkpath(dir);
    DatasetStore store;
    const std::vector<int> ids = addQjumpSamples(store);
    auto shoot = [&](WorkbenchView& view, const QString& name) {
        view.resize(1100, 600);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QTest::qWait(20);
        view.plot()->replot(QCustomPlot::rpImmediateRefresh);
        QVERIFY(view.grab().save(dir + QLatin1Char('/') + name));
    };
    DistributionsView distributions(&store);
    shoot(distributions, QStringLiteral("hist.png"));
    distributions.setLogY(true);
    shoot(distributions, QStringLiteral("hist-logy.png"));
    distributions.setMode(DistributionsView::Mode::Box);
    shoot(distributions, QStringLiteral("box-logy.png"));
    distributions.setLogY(false);
    distributions.setWhiskers(BoxSummary::Whiskers::Tukey);
    shoot(distributions, QStringLiteral("box-tukey.png"));

    BandsView bands(&store);
    bands.setShownDataset(ids[1]);
    shoot(bands, QStringLiteral("bands-iperf16.png"));
    bands.setLogY(true);
    bands.setShownDataset(BandsFigure::kAllDatasets);
    shoot(bands, QStringLiteral("bands-all-logy.png"));

    DatasetStore lossyStore;
    addLossyRun(lossyStore);
    BandsView lossy(&lossyStore);
    shoot(lossy, QStringLiteral("bands-lossy.png"));

    // Twenty runs in one box-plot figure.
    DatasetStore many;
    for (int i = 0; i < 4; ++i)
        addQjumpSamples(many);
    DistributionsView manyBoxes(&many);
    manyBoxes.setMode(DistributionsView::Mode::Box);
    manyBoxes.setLogY(true);
    shoot(manyBoxes, QStringLiteral("box-twenty.png"));
}

QTEST_MAIN(TestDistributionViews)
#include "tst_distributionviews.moc"
