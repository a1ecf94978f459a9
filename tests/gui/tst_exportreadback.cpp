// Every exported plot type read back from its SVG: each drawn point, mapped through the
// figure's axes into data units, against what the log's numbers give when the statistics are
// computed here (numpy's ECDF, histogram counts and linear percentiles, per-interval
// throughput), within one output pixel, at a paper column's size and at a slide's. The
// figures' own statistics classes are not used: only the parsers' raw numbers.

#include "ReferenceReadings.h"
#include "StoreSupport.h"
#include "SvgReadBack.h"
#include "TestSupport.h"

#include "BandsFigure.h"
#include "CdfFigure.h"
#include "DatasetStore.h"
#include "DistributionsFigure.h"
#include "FlowBarsFigure.h"
#include "LoadTimeFigure.h"
#include "PlotExporter.h"
#include "PlotStyle.h"
#include "SweepFigure.h"
#include "SweepPlotSource.h"
#include "SweepSource.h"
#include "ThroughputTimeFigure.h"

#include <QBuffer>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSvgGenerator>
#include <QTest>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <map>

using namespace wb;
using test::SvgShape;

namespace {

// A paper's column (3.5 × 2.5 in) and a 16:9 slide (10 × 5.63 in), in layout units.
const QSize kSizes[] = {QSize(336, 240), QSize(960, 540)};

ExportOptions atLayoutSize(QSize units) {
    return ExportOptions::ofLayoutSize(units);
}

// An export read back, with the plot laid out as it was drawn so that its axes map the
// drawing's coordinates.
struct Readback {
    QSize size;
    std::vector<SvgShape> shapes;
    double pixel = 0; // one output pixel, in layout units
    QString where;    // "336x240", for messages
};

// What an export draws, as SVG: the SVG file PlotExporter writes, or the vector drawing a PDF
// (and the report's PDF) gets from PlotExporter::paint, recorded by an SVG generator.
enum class Drawing { SvgFile, PdfPainting };

QByteArray pdfPainting(QCustomPlot* plot, QSize units) {
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setResolution(qRound(ExportOptions::layoutDpi()));
    generator.setSize(units);
    generator.setViewBox(QRect(QPoint(), units));
    QCPPainter painter;
    if (!painter.begin(&generator))
        return {};
    PlotExporter::paint(plot, &painter, atLayoutSize(units));
    painter.end();
    return buffer.data();
}

Readback exportAt(QCustomPlot* plot, QSize units, Drawing drawing = Drawing::PdfPainting) {
    Readback read;
    read.size = units;
    read.where = QStringLiteral("%1x%2").arg(units.width()).arg(units.height());
    double pixelsPerUnit = 0;
    const QMetaObject::Connection watch =
        QObject::connect(plot, &QCustomPlot::afterLayout, plot, [&] {
            pixelsPerUnit = std::max(pixelsPerUnit, PlotStyle::outputPixelsPerUnit(plot));
        });
    const QByteArray svg = drawing == Drawing::SvgFile
                               ? PlotExporter::toSvg(plot, atLayoutSize(units))
                               : pdfPainting(plot, units);
    QObject::disconnect(watch);
    PlotExporter::layOut(plot, atLayoutSize(units));
    read.shapes = test::svgShapes(svg);
    read.pixel = pixelsPerUnit > 0 ? 1 / pixelsPerUnit : 1;
    return read;
}

QPointF pixelOf(const QCPAxis* x, const QCPAxis* y, double key, double value) {
    return {x->coordToPixel(key), y->coordToPixel(value)};
}

// Points in data units (key, value) where the axes draw them.
std::vector<QPointF> pixelsOf(const QCPAxis* x, const QCPAxis* y,
                              const std::vector<QPointF>& points) {
    std::vector<QPointF> pixels;
    for (const QPointF& p : points)
        pixels.push_back(pixelOf(x, y, p.x(), p.y()));
    return pixels;
}

bool within(const QPointF& a, const QPointF& b, double tolerance) {
    return std::abs(a.x() - b.x()) <= tolerance && std::abs(a.y() - b.y()) <= tolerance;
}

QString dataText(const QCPAxis* x, const QCPAxis* y, const QPointF& pixel) {
    return QStringLiteral("(%1, %2)")
        .arg(x->pixelToCoord(pixel.x()), 0, 'g', 7)
        .arg(y->pixelToCoord(pixel.y()), 0, 'g', 7);
}

// The axis rect's area, as far as drawn data may reach (its frame included).
QRectF areaOf(const QCPAxisRect* rect) {
    return QRectF(rect->rect()).adjusted(-0.5, -0.5, 1.5, 1.5);
}

// Whether a shape's bounds lie in an area, or reach into it; a line's bounds have no width or
// no height, which QRectF's own tests take for no rectangle at all.
bool inside(const QRectF& area, const QRectF& bounds) {
    return area.contains(bounds.topLeft()) && area.contains(bounds.bottomRight());
}

bool reaches(const QRectF& area, const QRectF& bounds) {
    return bounds.right() >= area.left() && bounds.left() <= area.right() &&
           bounds.bottom() >= area.top() && bounds.top() <= area.bottom();
}

// Each of the axis' ticks is drawn within one output pixel of where the axis maps its value:
// the axes used here to read the data back are the ones the drawing shows.
bool ticksWhereTheAxisPutsThem(const Readback& read, const QCPAxis* axis, QString* why) {
    if (!axis->visible() || !axis->ticks())
        return true;
    const QRect rect = axis->axisRect()->rect();
    const bool horizontal = axis->orientation() == Qt::Horizontal;
    const double edge = axis->axisType() == QCPAxis::atBottom ? rect.top() + rect.height()
                        : axis->axisType() == QCPAxis::atTop  ? rect.top()
                        : axis->axisType() == QCPAxis::atLeft ? rect.left()
                                                              : rect.left() + rect.width();
    const double length = axis->tickLengthIn() + axis->tickLengthOut();
    const double low = horizontal ? rect.left() : rect.top();
    const double high = horizontal ? rect.left() + rect.width() : rect.top() + rect.height();
    const std::vector<double> drawn =
        test::svgTickMarks(read.shapes, axis->orientation(), edge, low, high, length);
    std::vector<double> expected;
    for (double value : axis->tickVector()) {
        const double at = axis->coordToPixel(value);
        if (at >= low - 0.5 && at <= high + 0.5)
            expected.push_back(at);
    }
    std::sort(expected.begin(), expected.end());
    bool same = drawn.size() == expected.size() && !expected.empty();
    for (std::size_t i = 0; same && i < drawn.size(); ++i)
        same = std::abs(drawn[i] - expected[i]) <= read.pixel;
    if (!same) {
        QStringList d, e;
        for (double v : drawn)
            d << QString::number(v);
        for (double v : expected)
            e << QString::number(v);
        *why = QStringLiteral("%1: the %2 axis' tick marks are at %3 in the SVG, its ticks at %4")
                   .arg(read.where, axis->label(), d.join(' '), e.join(' '));
    }
    return same;
}

#define VERIFY_TICKS(read, axis)                                                                   \
    do {                                                                                           \
        QString why;                                                                               \
        QVERIFY2(ticksWhereTheAxisPutsThem(read, axis, &why), qPrintable(why));                    \
    } while (false)

std::vector<double> sortedCopy(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    return values;
}

// numpy.histogram(values, bins, (lo, hi)): equal bins, each half-open but the last.
std::vector<long long> histogramCounts(const std::vector<double>& values, int bins, double lo,
                                       double hi) {
    std::vector<long long> counts(static_cast<std::size_t>(bins), 0);
    std::vector<double> edges(static_cast<std::size_t>(bins) + 1);
    for (int i = 0; i <= bins; ++i) // numpy.linspace
        edges[static_cast<std::size_t>(i)] =
            i == bins ? hi : lo + (hi - lo) * static_cast<double>(i) / bins;
    const double norm = bins / (hi - lo);
    for (double v : values) {
        if (v < lo || v > hi)
            continue;
        auto index = static_cast<long long>((v - lo) * norm);
        if (index == bins)
            --index;
        if (v < edges[static_cast<std::size_t>(index)])
            --index;
        else if (index != bins - 1 && v >= edges[static_cast<std::size_t>(index) + 1])
            ++index;
        ++counts[static_cast<std::size_t>(index)];
    }
    return counts;
}

// A line drawn for a series of points: a polyline of the SVG whose vertices are the series'
// points in order, each within `tolerance` of its own (in layout units). Returns the number of
// such polylines.
int polylinesDrawing(const std::vector<SvgShape>& shapes, std::vector<QPointF> series,
                     double tolerance) {
    // A vertex drawn twice in a row draws nothing more; nor does one closer to the last than
    // the SVG's six significant digits tell apart.
    const auto once = [](std::vector<QPointF>& points) {
        points.erase(std::unique(points.begin(), points.end(),
                                 [](const QPointF& a, const QPointF& b) {
                                     return std::abs(a.x() - b.x()) < 0.01 &&
                                            std::abs(a.y() - b.y()) < 0.01;
                                 }),
                     points.end());
    };
    once(series);
    int found = 0;
    for (const SvgShape& shape : shapes) {
        if (shape.kind != SvgShape::Kind::Polyline)
            continue;
        std::vector<QPointF> drawn = shape.parts.front();
        once(drawn);
        if (drawn.size() != series.size())
            continue;
        bool same = true;
        for (std::size_t i = 0; same && i < series.size(); ++i)
            same = within(drawn[i], series[i], tolerance);
        found += same ? 1 : 0;
    }
    return found;
}

// Whether a shape is drawn inside the plot's legend (a legend icon).
bool inLegend(const QCustomPlot* plot, const SvgShape& shape) {
    return plot->legend && plot->legend->visible() &&
           inside(QRectF(plot->legend->outerRect()).adjusted(-1, -1, 1, 1), shape.bounds);
}

// The polylines of more than `minimum` points inside an axis rect.
std::vector<const SvgShape*> linesIn(const Readback& read, const QCPAxisRect* rect,
                                     std::size_t minimum) {
    std::vector<const SvgShape*> lines;
    for (const SvgShape& shape : read.shapes)
        if (shape.kind == SvgShape::Kind::Polyline && shape.parts.front().size() > minimum &&
            reaches(areaOf(rect), shape.bounds) && !inLegend(rect->parentPlot(), shape))
            lines.push_back(&shape);
    return lines;
}

QString describePoints(const std::vector<QPointF>& points, std::size_t most = 6) {
    QStringList text;
    for (std::size_t i = 0; i < std::min(most, points.size()); ++i)
        text << QStringLiteral("(%1, %2)").arg(points[i].x()).arg(points[i].y());
    return text.join(' ');
}

// The throughput logs' flows, in the order a figure lists them (stream number, then id).
std::vector<const Flow*> flowsInStreamOrder(const Dataset& dataset) {
    std::vector<const Flow*> flows;
    for (const Flow& flow : dataset.flows.flows)
        flows.push_back(&flow);
    std::stable_sort(flows.begin(), flows.end(), [](const Flow* a, const Flow* b) {
        return a->streamNumber != b->streamNumber ? a->streamNumber < b->streamNumber
                                                  : a->id < b->id;
    });
    return flows;
}

} // namespace

class TestExportReadback : public QObject {
    Q_OBJECT

private slots:
    void ccdfStepsAreTheEcdf();
    void bandEdgesAreTheWindowsPercentiles_data();
    void bandEdgesAreTheWindowsPercentiles();
    void histogramBarsAreTheCounts();
    void boxesAreTheQuartilesAndWhiskers();
    void flowBarsAreTheFlowsMeanRates();
    void throughputLinesAreEveryInterval_data();
    void throughputLinesAreEveryInterval();
    void cwndAndRttAreEverySample_data();
    void cwndAndRttAreEverySample();
    void loadTimeLanesAreTheRepliesAndIntervals();
    void denseLinesKeepEverySample_data();
    void denseLinesKeepEverySample();
    void svgFileDrawsTheDataWhereThePdfDoes();
    void sweepPointsAreTheLogsFigures_data();
    void sweepPointsAreTheLogsFigures();
};

void TestExportReadback::ccdfStepsAreTheEcdf() {
    DatasetStore store;
    const int id = test::addLog(store, test::samplePath("ping18_iperf18_np"), "np");
    QVERIFY(id > 0);
    const std::vector<double> sorted = sortedCopy(store.find(id)->dataset().latency.rttMs);
    const double n = static_cast<double>(sorted.size());
    // The share of samples above x, counting those equal to it or not.
    const auto aboveOrAt = [&](double x) {
        return 1 - static_cast<double>(std::lower_bound(sorted.begin(), sorted.end(), x) -
                                       sorted.begin()) /
                       n;
    };
    const auto above = [&](double x) {
        return 1 - static_cast<double>(std::upper_bound(sorted.begin(), sorted.end(), x) -
                                       sorted.begin()) /
                       n;
    };
    for (const QSize size : kSizes) {
        FigureAlone alone;
        auto& figure = alone.make<CdfFigure>();
        CdfFigure::Options options;
        options.ccdf = true;
        figure.setOptions({}, options);
        figure.draw(store, {}, options);
        const Readback read = exportAt(alone.plot.get(), size);
        const QCPAxis* x = alone.plot->xAxis;
        const QCPAxis* y = alone.plot->yAxis;
        VERIFY_TICKS(read, x);
        VERIFY_TICKS(read, y);
        const QRectF area = areaOf(alone.plot->axisRect());
        const std::vector<const SvgShape*> curves = linesIn(read, alone.plot->axisRect(), 10);
        QCOMPARE(static_cast<int>(curves.size()), 1);
        int checked = 0;
        for (const QPointF& vertex : curves.front()->parts.front()) {
            if (!area.contains(vertex))
                continue; // clipped to the axes
            // Within one pixel left or right of the vertex the data give a range of values;
            // the vertex is within one pixel above or below it.
            const double highest = aboveOrAt(x->pixelToCoord(vertex.x() - read.pixel));
            const double lowest = std::max(above(x->pixelToCoord(vertex.x() + read.pixel)), 1 / n);
            const double top = y->coordToPixel(highest) - read.pixel;
            const double bottom = y->coordToPixel(lowest) + read.pixel;
            QVERIFY2(vertex.y() >= top && vertex.y() <= bottom,
                     qPrintable(QStringLiteral("%1: vertex %2 reads %3; the data give %4 to %5")
                                    .arg(read.where, dataText(x, y, vertex))
                                    .arg(y->pixelToCoord(vertex.y()))
                                    .arg(lowest)
                                    .arg(highest)));
            ++checked;
        }
        QVERIFY2(checked > 100, qPrintable(QString::number(checked)));
    }
}

void TestExportReadback::bandEdgesAreTheWindowsPercentiles_data() {
    QTest::addColumn<QString>("log");
    QTest::addColumn<bool>("seconds");
    QTest::newRow("timestamps, loss")
        << test::dataPath("ping/iputils_random_loss_5pct.txt") << true;
    QTest::newRow("sequence") << test::samplePath("ping18_iperf18_np") << false;
}

void TestExportReadback::bandEdgesAreTheWindowsPercentiles() {
    QFETCH(QString, log);
    QFETCH(bool, seconds);
    DatasetStore store;
    const int id = test::addLog(store, log, "run");
    QVERIFY(id > 0);
    const LatencySeries& series = store.find(id)->dataset().latency;
    QCOMPARE(series.hasTimestamps(), seconds);
    // About 200 windows of whole replies, aligned from the first reply.
    const std::size_t replies = series.size();
    const std::size_t window = (replies + 199) / 200;
    struct Window {
        double x;
        double p1, p5, p50, p95, p99;
    };
    std::vector<Window> windows;
    for (std::size_t first = 0; first < replies; first += window) {
        const std::size_t last = std::min(first + window, replies) - 1;
        const std::vector<double> values = sortedCopy(
            std::vector<double>(series.rttMs.begin() + static_cast<std::ptrdiff_t>(first),
                                series.rttMs.begin() + static_cast<std::ptrdiff_t>(last) + 1));
        const double x =
            seconds ? 0.5 * (series.timestamps[first] + series.timestamps[last]) -
                          series.timestamps.front()
                    : 0.5 * static_cast<double>(series.sequence[first] + series.sequence[last]);
        windows.push_back(
            {x, test::numpyPercentileOfSorted(values, 1), test::numpyPercentileOfSorted(values, 5),
             test::numpyPercentileOfSorted(values, 50), test::numpyPercentileOfSorted(values, 95),
             test::numpyPercentileOfSorted(values, 99)});
    }
    for (const QSize size : kSizes) {
        FigureAlone alone;
        auto& figure = alone.make<BandsFigure>();
        figure.draw(store, {});
        QCOMPARE(figure.bandsOf(id).window, window);
        const Readback read = exportAt(alone.plot.get(), size);
        const QCPAxis* x = alone.plot->xAxis;
        const QCPAxis* y = alone.plot->yAxis;
        VERIFY_TICKS(read, x);
        VERIFY_TICKS(read, y);
        const QRectF area = areaOf(alone.plot->axisRect());
        const double tolerance = read.pixel;
        // Every vertex of the two bands' outlines is a window's edge, and every vertex of the
        // median's loss-coloured segments its median; vertices on the rect's left and right
        // edges are where the outline is clipped, between two windows.
        const auto matches = [&](const QPointF& vertex,
                                 std::initializer_list<double Window::*> of) {
            for (const Window& w : windows)
                for (double Window::*edge : of)
                    if (within(vertex, pixelOf(x, y, w.x, w.*edge), tolerance))
                        return true;
            return false;
        };
        const QRect frame = alone.plot->axisRect()->rect();
        const auto onRectSide = [&](const QPointF& vertex) {
            return std::abs(vertex.x() - frame.left()) <= 1 ||
                   std::abs(vertex.x() - (frame.left() + frame.width())) <= 1;
        };
        QStringList lossColours;
        for (auto lossClass : {BandsFigure::LossClass::None, BandsFigure::LossClass::Below1,
                               BandsFigure::LossClass::Below5, BandsFigure::LossClass::AtLeast5})
            lossColours << BandsFigure::lossColor(lossClass).name();
        int bandVertices = 0, medianVertices = 0, paths = 0;
        for (const SvgShape& shape : read.shapes) {
            if (!reaches(area, shape.bounds) || inLegend(alone.plot.get(), shape))
                continue;
            const bool band = shape.kind == SvgShape::Kind::Path && shape.fill != "none" &&
                              shape.points().size() > 8;
            const bool median = shape.kind == SvgShape::Kind::Polyline &&
                                lossColours.contains(shape.stroke, Qt::CaseInsensitive);
            if (!band && !median)
                continue;
            paths += band ? 1 : 0;
            for (const QPointF& vertex : shape.points()) {
                if (!area.contains(vertex) || onRectSide(vertex))
                    continue;
                const bool ok =
                    band ? matches(vertex, {&Window::p1, &Window::p5, &Window::p95, &Window::p99})
                         : matches(vertex, {&Window::p50});
                QVERIFY2(ok, qPrintable(
                                 QStringLiteral("%1: %2 vertex %3 is no window's %4")
                                     .arg(read.where, QLatin1String(band ? "band" : "median"),
                                          dataText(x, y, vertex),
                                          QLatin1String(band ? "p1, p5, p95 or p99" : "median"))));
                (band ? bandVertices : medianVertices) += 1;
            }
        }
        QCOMPARE(paths, 2); // p1–p99 and p5–p95
        QVERIFY2(bandVertices >= 4 * static_cast<int>(windows.size()) - 8,
                 qPrintable(QString::number(bandVertices)));
        QVERIFY2(medianVertices >= static_cast<int>(windows.size()) - 2,
                 qPrintable(QString::number(medianVertices)));
    }
}

void TestExportReadback::histogramBarsAreTheCounts() {
    DatasetStore store;
    const int idle = test::addLog(store, test::samplePath("ping18_np"), "idle");
    const int loaded = test::addLog(store, test::samplePath("ping18_iperf16_np"), "loaded");
    QVERIFY(idle > 0 && loaded > 0);
    const std::vector<int> ids{idle, loaded};
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (int id : ids)
        for (double v : store.find(id)->dataset().latency.rttMs) {
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
    constexpr int kBins = 25;
    const double binWidth = (hi - lo) / kBins;
    for (const QSize size : kSizes) {
        FigureAlone alone;
        auto& figure = alone.make<DistributionsFigure>();
        figure.draw(store.visibleLatency(), {});
        const Readback read = exportAt(alone.plot.get(), size);
        const QCPAxis* x = alone.plot->xAxis;
        const QCPAxis* y = alone.plot->yAxis;
        VERIFY_TICKS(read, x);
        VERIFY_TICKS(read, y);
        for (std::size_t run = 0; run < ids.size(); ++run) {
            const std::vector<double>& rtt = store.find(ids[run])->dataset().latency.rttMs;
            const std::vector<long long> counts = histogramCounts(rtt, kBins, lo, hi);
            const QString colour = figure.barsOf(ids[run])->brush().color().name();
            std::vector<SvgShape> bars =
                test::svgShapesIn(read.shapes, SvgShape::Kind::Path, colour);
            bars.erase(std::remove_if(bars.begin(), bars.end(),
                                      [&](const SvgShape& bar) {
                                          return bar.fill != colour ||
                                                 inLegend(alone.plot.get(), bar);
                                      }),
                       bars.end());
            QCOMPARE(static_cast<int>(bars.size()), kBins);
            std::sort(bars.begin(), bars.end(), [](const SvgShape& a, const SvgShape& b) {
                return a.bounds.left() < b.bounds.left();
            });
            // Two runs side by side in each bin: run r fills the bin's r-th half.
            for (int bin = 0; bin < kBins; ++bin) {
                const double left = lo + bin * binWidth + static_cast<double>(run) * binWidth / 2;
                const double percent =
                    100.0 * static_cast<double>(counts[bin]) / static_cast<double>(rtt.size());
                const QRectF drawn = bars[static_cast<std::size_t>(bin)].bounds;
                const QPointF topLeft = pixelOf(x, y, left, percent);
                const QPointF bottomRight = pixelOf(x, y, left + binWidth / 2, 0);
                QVERIFY2(within(drawn.topLeft(), topLeft, read.pixel) &&
                             within(drawn.bottomRight(), bottomRight, read.pixel),
                         qPrintable(QStringLiteral("%1: run %2, bin %3 is drawn from %4 to %5; "
                                                   "the data give %6 to %7 (%8 samples)")
                                        .arg(read.where)
                                        .arg(run)
                                        .arg(bin)
                                        .arg(dataText(x, y, drawn.topLeft()),
                                             dataText(x, y, drawn.bottomRight()))
                                        .arg(QStringLiteral("(%1, %2)").arg(left).arg(percent),
                                             QStringLiteral("(%1, 0)").arg(left + binWidth / 2))
                                        .arg(counts[bin])));
            }
        }
    }
}

void TestExportReadback::boxesAreTheQuartilesAndWhiskers() {
    DatasetStore store;
    const int idle = test::addLog(store, test::samplePath("ping18_np"), "idle");
    const int loaded = test::addLog(store, test::samplePath("ping18_iperf18_np"), "loaded");
    QVERIFY(idle > 0 && loaded > 0);
    const std::vector<int> ids{idle, loaded};
    for (const QSize size : kSizes) {
        FigureAlone alone;
        auto& figure = alone.make<DistributionsFigure>();
        DistributionsFigure::Options options;
        options.mode = DistributionsFigure::Mode::Box;
        figure.draw(store.visibleLatency(), options);
        const Readback read = exportAt(alone.plot.get(), size);
        const QCPAxis* x = alone.plot->xAxis;
        const QCPAxis* y = alone.plot->yAxis;
        VERIFY_TICKS(read, y);
        const QRectF area = areaOf(alone.plot->axisRect());
        const double tolerance = read.pixel;
        for (std::size_t run = 0; run < ids.size(); ++run) {
            const std::vector<double> sorted =
                sortedCopy(store.find(ids[run])->dataset().latency.rttMs);
            const double p1 = test::numpyPercentileOfSorted(sorted, 1),
                         q1 = test::numpyPercentileOfSorted(sorted, 25),
                         median = test::numpyPercentileOfSorted(sorted, 50),
                         q3 = test::numpyPercentileOfSorted(sorted, 75),
                         p99 = test::numpyPercentileOfSorted(sorted, 99);
            const double key = static_cast<double>(run + 1);
            const double centre = x->coordToPixel(key);
            const double halfBox = std::abs(x->coordToPixel(key + 0.55 / 2) - centre);
            // The box from q1 to q3, 0.55 wide.
            bool box = false;
            for (const SvgShape& shape : read.shapes)
                if (shape.kind == SvgShape::Kind::Rect && inside(area, shape.bounds) &&
                    std::abs(shape.bounds.center().x() - centre) <= tolerance)
                    box = within(shape.bounds.topLeft(),
                                 QPointF(centre - halfBox, y->coordToPixel(q3)), tolerance) &&
                          within(shape.bounds.bottomRight(),
                                 QPointF(centre + halfBox, y->coordToPixel(q1)), tolerance);
            QVERIFY2(box, qPrintable(QStringLiteral("%1: no box from q1 %2 to q3 %3 ms at %4")
                                         .arg(read.where)
                                         .arg(q1)
                                         .arg(q3)
                                         .arg(key)));
            // Every horizontal line at the box is the median or a whisker's end, every vertical
            // line a whisker from the box to p1 or p99; each of them is drawn.
            std::map<QString, bool> drawn{{"median", false},
                                          {"p1", false},
                                          {"p99", false},
                                          {"whisker to p1", false},
                                          {"whisker to p99", false}};
            for (const SvgShape& shape : read.shapes) {
                // Vertical grid lines span the rect; tick marks have the axis' tick lengths.
                const QRect frame = alone.plot->axisRect()->rect();
                const double tick = x->tickLengthIn() + x->tickLengthOut();
                const double subTick = x->subTickLengthIn() + x->subTickLengthOut();
                if (shape.kind != SvgShape::Kind::Polyline || shape.parts.front().size() != 2 ||
                    !inside(area, shape.bounds) ||
                    std::abs(shape.bounds.center().x() - centre) > tolerance ||
                    shape.bounds.width() > 2 * halfBox + tolerance ||
                    (shape.bounds.width() < 1e-6 &&
                     (std::abs(shape.bounds.height() - frame.height()) < 1.5 ||
                      std::abs(shape.bounds.height() - tick) < 1e-3 ||
                      std::abs(shape.bounds.height() - subTick) < 1e-3)))
                    continue;
                const QPointF a = shape.parts.front()[0], b = shape.parts.front()[1];
                // Where values lie within a pixel of each other (an idle run's box beside a
                // loaded one's), a line is the one it is nearest to.
                const auto off = [&](double value, double pixelY) {
                    return std::abs(pixelY - y->coordToPixel(value));
                };
                QString what;
                double nearest = tolerance;
                const auto consider = [&](const char* name, double error) {
                    if (error <= nearest) {
                        nearest = error;
                        what = QLatin1String(name);
                    }
                };
                if (std::abs(a.y() - b.y()) < 1e-6) {
                    consider("median", off(median, a.y()));
                    consider("p1", off(p1, a.y()));
                    consider("p99", off(p99, a.y()));
                } else {
                    const double top = std::min(a.y(), b.y()), bottom = std::max(a.y(), b.y());
                    consider("whisker to p99", std::max(off(p99, top), off(q3, bottom)));
                    consider("whisker to p1", std::max(off(q1, top), off(p1, bottom)));
                }
                QVERIFY2(!what.isEmpty(),
                         qPrintable(QStringLiteral("%1: run %2 draws a line from %3 to %4, none "
                                                   "of p1 %5, q1 %6, median %7, q3 %8, p99 %9")
                                        .arg(read.where)
                                        .arg(run)
                                        .arg(dataText(x, y, a), dataText(x, y, b))
                                        .arg(p1)
                                        .arg(q1)
                                        .arg(median)
                                        .arg(q3)
                                        .arg(p99)));
                drawn[what] = true;
            }
            for (const auto& [what, seen] : drawn)
                QVERIFY2(
                    seen,
                    qPrintable(
                        QStringLiteral("%1: run %2 has no %3").arg(read.where).arg(run).arg(what)));
            // Every outlier mark is a sample outside the whiskers.
            int outliers = 0;
            for (const SvgShape& shape : read.shapes) {
                if (shape.kind != SvgShape::Kind::Circle ||
                    std::abs(shape.bounds.center().x() - centre) > tolerance)
                    continue;
                const double value = y->pixelToCoord(shape.bounds.center().y());
                const double slack =
                    std::abs(y->pixelToCoord(shape.bounds.center().y() - tolerance) - value);
                // The lowest and the highest sample within a pixel of the mark.
                const auto lowest = std::lower_bound(sorted.begin(), sorted.end(), value - slack);
                const auto highest = std::upper_bound(sorted.begin(), sorted.end(), value + slack);
                const bool sampled = lowest < highest;
                QVERIFY2(sampled && (*lowest < p1 || *(highest - 1) > p99),
                         qPrintable(QStringLiteral("%1: run %2 marks %3 ms as outside p1 %4 to "
                                                   "p99 %5")
                                        .arg(read.where)
                                        .arg(run)
                                        .arg(value)
                                        .arg(p1)
                                        .arg(p99)));
                ++outliers;
            }
            QVERIFY(outliers > 0);
        }
    }
}

void TestExportReadback::flowBarsAreTheFlowsMeanRates() {
    DatasetStore store;
    const int id = test::addLog(store, test::samplePath("tcp-cubic-P30-client.txt"), "cubic");
    QVERIFY(id > 0);
    const Dataset& dataset = store.find(id)->dataset();
    // A flow's mean rate: its whole-run line's, else its intervals' bytes over their span.
    std::vector<double> rates;
    for (const Flow* flow : flowsInStreamOrder(dataset)) {
        double bytes = 0;
        for (const FlowInterval& interval : flow->intervals)
            bytes += interval.bytes;
        rates.push_back(
            flow->total
                ? flow->total->bitsPerSecond / 1e6
                : bytes * 8 / (flow->intervals.back().end - flow->intervals.front().start) / 1e6);
    }
    QCOMPARE(static_cast<int>(rates.size()), 30);
    double mean = 0;
    for (double rate : rates)
        mean += rate / static_cast<double>(rates.size());
    for (const QSize size : kSizes) {
        FigureAlone alone;
        auto& figure = alone.make<FlowBarsFigure>();
        figure.draw(store.visibleThroughput(), {}, {}, {});
        const Readback read = exportAt(alone.plot.get(), size);
        const QCPAxis* x = alone.plot->xAxis;
        const QCPAxis* y = alone.plot->yAxis;
        VERIFY_TICKS(read, y);
        const QString colour = figure.barsOf(id)->brush().color().name();
        std::vector<SvgShape> bars = test::svgShapesIn(read.shapes, SvgShape::Kind::Path, colour);
        bars.erase(std::remove_if(bars.begin(), bars.end(),
                                  [&](const SvgShape& bar) {
                                      return bar.fill != colour ||
                                             !inside(areaOf(alone.plot->axisRect()), bar.bounds);
                                  }),
                   bars.end());
        std::sort(bars.begin(), bars.end(), [](const SvgShape& a, const SvgShape& b) {
            return a.bounds.left() < b.bounds.left();
        });
        // A bar per flow at 1, 2, … and the flows' mean in a slot of its own after them.
        QCOMPARE(bars.size(), rates.size() + 1);
        for (std::size_t i = 0; i < bars.size(); ++i) {
            const bool meanBar = i == rates.size();
            const double key =
                meanBar ? static_cast<double>(rates.size()) + 1.5 : static_cast<double>(i + 1);
            const double value = meanBar ? mean : rates[i];
            const QRectF drawn = bars[i].bounds;
            const QPointF top(x->coordToPixel(key), y->coordToPixel(value));
            QVERIFY2(within(QPointF(drawn.center().x(), drawn.top()), top, read.pixel) &&
                         std::abs(drawn.bottom() - y->coordToPixel(0)) <= read.pixel,
                     qPrintable(QStringLiteral("%1: bar %2 reads %3 Mbit/s at %4; the flow's "
                                               "mean rate is %5 Mbit/s")
                                    .arg(read.where)
                                    .arg(i)
                                    .arg(y->pixelToCoord(drawn.top()))
                                    .arg(x->pixelToCoord(drawn.center().x()))
                                    .arg(value)));
        }
    }
}

void TestExportReadback::throughputLinesAreEveryInterval_data() {
    QTest::addColumn<QString>("log");
    QTest::addColumn<bool>("flowLines");
    QTest::newRow("iperf3 -P 4") << test::samplePath("iperf3-cubic-P4.json") << true;
    QTest::newRow("iperf2 -P 30") << test::samplePath("tcp-cubic-P30-client.txt") << false;
}

void TestExportReadback::throughputLinesAreEveryInterval() {
    QFETCH(QString, log);
    QFETCH(bool, flowLines);
    DatasetStore store;
    const int id = test::addLog(store, log, "run");
    QVERIFY(id > 0);
    const Dataset& dataset = store.find(id)->dataset();
    // Each flow at its intervals' midpoints, and the SUM at its: the log's SUM lines, or
    // where it has none the flows' rates added up per report.
    std::vector<std::vector<QPointF>> flows;
    std::map<long long, std::pair<QPointF, int>> added; // report end (ms) -> midpoint, rate
    for (const Flow& flow : dataset.flows.flows) {
        std::vector<QPointF> points;
        for (const FlowInterval& interval : flow.intervals) {
            const QPointF point((interval.start + interval.end) / 2, interval.bitsPerSecond / 1e6);
            points.push_back(point);
            auto& [sum, count] = added[std::llround(interval.end * 1e3)];
            sum += QPointF(point.x() / static_cast<double>(dataset.flows.flows.size()), point.y());
            ++count;
        }
        flows.push_back(points);
    }
    std::vector<QPointF> sumLine;
    for (const FlowInterval& interval : dataset.flows.sumIntervals)
        sumLine.emplace_back((interval.start + interval.end) / 2, interval.bitsPerSecond / 1e6);
    if (sumLine.empty())
        for (const auto& [end, sum] : added)
            sumLine.push_back(sum.first);
    QVERIFY(sumLine.size() >= 10);
    for (const QSize size : kSizes) {
        FigureAlone alone;
        auto& figure = alone.make<ThroughputTimeFigure>();
        figure.draw(store.visibleThroughput(), {}, {});
        QCOMPARE(figure.flowsShown(), flowLines);
        const Readback read = exportAt(alone.plot.get(), size);
        const QCPAxis* x = alone.plot->xAxis;
        const QCPAxis* y = alone.plot->yAxis;
        VERIFY_TICKS(read, x);
        VERIFY_TICKS(read, y);
        std::vector<std::vector<QPointF>> expected{pixelsOf(x, y, sumLine)};
        if (flowLines)
            for (const std::vector<QPointF>& flow : flows)
                expected.push_back(pixelsOf(x, y, flow));
        for (std::size_t k = 0; k < expected.size(); ++k)
            QVERIFY2(polylinesDrawing(read.shapes, expected[k], read.pixel) == 1,
                     qPrintable(QStringLiteral("%1: no line draws %2 %3")
                                    .arg(read.where, QLatin1String(k == 0 ? "the SUM" : "a flow"),
                                         describePoints(k == 0 ? sumLine : flows[k - 1]))));
        // And no other line is drawn in the axes.
        QCOMPARE(linesIn(read, alone.plot->axisRect(), 2).size(), expected.size());
    }
}

void TestExportReadback::cwndAndRttAreEverySample_data() {
    QTest::addColumn<QString>("type");
    QTest::newRow("cwnd") << "cwnd";
    QTest::newRow("rtt") << "rtt";
}

void TestExportReadback::cwndAndRttAreEverySample() {
    QFETCH(QString, type);
    const bool cwnd = type == QLatin1String("cwnd");
    // iperf3's JSON, read here: each stream's snd_cwnd (bytes), rtt and rttvar (µs) at the end
    // of every interval.
    const QString log = test::samplePath("iperf3-cubic-P4.json");
    const QJsonObject root = QJsonDocument::fromJson(test::readAll(log)).object();
    std::map<int, std::vector<QPointF>> streams; // socket -> (end, value)
    std::map<int, std::vector<std::pair<double, double>>> bands;
    for (const QJsonValue interval : root.value("intervals").toArray())
        for (const QJsonValue stream : interval.toObject().value("streams").toArray()) {
            const QJsonObject s = stream.toObject();
            const double value =
                cwnd ? s.value("snd_cwnd").toDouble() / 1024 : s.value("rtt").toDouble() / 1000;
            streams[s.value("socket").toInt()].emplace_back(s.value("end").toDouble(), value);
            const double rttvar = s.value("rttvar").toDouble() / 1000;
            bands[s.value("socket").toInt()].emplace_back(value - rttvar, value + rttvar);
        }
    QCOMPARE(static_cast<int>(streams.size()), 4);
    // The run's line: per report, the mean of its streams' values at the mean of their times
    // (each stream's interval ends a few µs apart).
    std::vector<QPointF> meanLine(streams.begin()->second.size());
    for (const auto& [socket, points] : streams) {
        QCOMPARE(points.size(), meanLine.size());
        for (std::size_t i = 0; i < points.size(); ++i)
            meanLine[i] += points[i] / static_cast<double>(streams.size());
    }
    DatasetStore store;
    QVERIFY(test::addLog(store, log, "cubic") > 0);
    for (const QSize size : kSizes) {
        FigureAlone alone;
        auto& figure = alone.make<ThroughputTimeFigure>();
        figure.draw(store.visibleThroughput(), {}, {cwnd ? TcpMetric::Cwnd : TcpMetric::Rtt, true});
        const Readback read = exportAt(alone.plot.get(), size);
        const QCPAxis* x = alone.plot->xAxis;
        const QCPAxis* y = alone.plot->yAxis;
        VERIFY_TICKS(read, x);
        VERIFY_TICKS(read, y);
        QVERIFY2(polylinesDrawing(read.shapes, pixelsOf(x, y, meanLine), read.pixel) == 1,
                 qPrintable(QStringLiteral("%1: no line draws the flows' mean %2")
                                .arg(read.where, describePoints(meanLine))));
        for (const auto& [socket, points] : streams)
            QVERIFY2(polylinesDrawing(read.shapes, pixelsOf(x, y, points), read.pixel) == 1,
                     qPrintable(QStringLiteral("%1: no line draws socket %2's %3")
                                    .arg(read.where)
                                    .arg(socket)
                                    .arg(describePoints(points))));
        QCOMPARE(linesIn(read, alone.plot->axisRect(), 2).size(), streams.size() + 1);
        if (cwnd)
            continue;
        // srtt ± rttvar: every vertex of a band's outline is a sample's edge.
        int bandVertices = 0;
        for (const SvgShape& shape : read.shapes) {
            if (shape.kind != SvgShape::Kind::Path || shape.fill == "none" ||
                !inside(areaOf(alone.plot->axisRect()), shape.bounds))
                continue;
            for (const QPointF& vertex : shape.points()) {
                bool edge = false;
                for (const auto& [socket, points] : streams)
                    for (std::size_t i = 0; i < points.size() && !edge; ++i)
                        edge = within(vertex, pixelOf(x, y, points[i].x(), bands[socket][i].first),
                                      read.pixel) ||
                               within(vertex, pixelOf(x, y, points[i].x(), bands[socket][i].second),
                                      read.pixel);
                QVERIFY2(edge, qPrintable(QStringLiteral("%1: band vertex %2 is no sample's "
                                                         "srtt ± rttvar")
                                              .arg(read.where, dataText(x, y, vertex))));
                ++bandVertices;
            }
        }
        QVERIFY(bandVertices >= 4 * 2 * 10);
    }
}

void TestExportReadback::loadTimeLanesAreTheRepliesAndIntervals() {
    const QDir recording(test::dataPath("loadtime"));
    DatasetStore store;
    for (const QString& log : recording.entryList({"*.log"}, QDir::Files, QDir::Name)) {
        ImportResult result = FileImporter::importFile(recording.filePath(log));
        QVERIFY2(result.ok(), qPrintable(log));
        store.add(DatasetEntry::fromImport(std::move(result)));
    }
    // The axis' zero: the first start a member's sidecar recorded (the sampler is no member).
    const auto startOf = [&](const QString& log) {
        const QString sidecar = QString(log).replace(".log", ".run.json");
        const QJsonObject sidecarRoot =
            QJsonDocument::fromJson(test::readAll(recording.filePath(sidecar))).object();
        return QDateTime::fromString(sidecarRoot.value("start").toString(), Qt::ISODateWithMs)
                   .toMSecsSinceEpoch() /
               1000.0;
    };
    double origin = std::numeric_limits<double>::infinity();
    for (const QString& log : recording.entryList({"*.log"}, QDir::Files))
        if (!log.endsWith(".ss.log"))
            origin = std::min(origin, startOf(log));
    std::vector<QPointF> replies;
    struct Step {
        double start, end, mbits;
    };
    std::vector<std::vector<Step>> flows;
    for (const DatasetEntry& entry : store.entries()) {
        const Dataset& dataset = entry.dataset();
        if (dataset.info.tool == "ping") {
            for (std::size_t i = 0; i < dataset.latency.size(); ++i)
                replies.emplace_back(dataset.latency.timestamps[i] - origin,
                                     dataset.latency.rttMs[i]);
        } else if (dataset.info.tool == "iperf3") {
            const double offset = startOf(QFileInfo(dataset.sourceFile).fileName()) - origin;
            for (const Flow& flow : dataset.flows.flows) {
                std::vector<Step> steps;
                for (const FlowInterval& interval : flow.intervals)
                    steps.push_back({offset + interval.start, offset + interval.end,
                                     interval.bitsPerSecond / 1e6});
                flows.push_back(steps);
            }
        }
    }
    QVERIFY(replies.size() > 300);
    QCOMPARE(static_cast<int>(flows.size()), 2);
    // The flows' rates added up at time t (an interval holds from its start to its end).
    const auto sumAt = [&](double t) {
        double sum = 0;
        for (const std::vector<Step>& steps : flows)
            for (const Step& step : steps)
                if (t >= step.start && t < step.end)
                    sum += step.mbits;
        return sum;
    };
    for (const QSize size : kSizes) {
        FigureAlone alone;
        auto& figure = alone.make<LoadTimeFigure>();
        figure.draw(store, {});
        const Readback read = exportAt(alone.plot.get(), size);
        const double tolerance = read.pixel;
        // The RTT lane: a mark at every reply, and a line through them.
        const QCPAxisRect* rttLane = figure.lane(LoadTimeFigure::LatencyLane);
        const QCPAxis* t = rttLane->axis(QCPAxis::atBottom);
        const QCPAxis* rtt = rttLane->axis(QCPAxis::atLeft);
        VERIFY_TICKS(read, rtt);
        VERIFY_TICKS(read, figure.lane(LoadTimeFigure::TcpLane)->axis(QCPAxis::atBottom));
        std::vector<QPointF> replyPixels;
        for (const QPointF& reply : replies)
            replyPixels.push_back(pixelOf(t, rtt, reply.x(), reply.y()));
        int marks = 0;
        for (const SvgShape& shape : read.shapes) {
            if (shape.kind != SvgShape::Kind::Circle ||
                !areaOf(rttLane).contains(shape.bounds.center()) ||
                inLegend(alone.plot.get(), shape))
                continue;
            const QPointF centre = shape.bounds.center();
            QVERIFY2(std::any_of(replyPixels.begin(), replyPixels.end(),
                                 [&](const QPointF& p) { return within(centre, p, tolerance); }),
                     qPrintable(QStringLiteral("%1: RTT mark %2 is no reply")
                                    .arg(read.where, dataText(t, rtt, centre))));
            ++marks;
        }
        QCOMPARE(marks, static_cast<int>(replies.size()));
        QVERIFY2(polylinesDrawing(read.shapes, replyPixels, tolerance) == 1,
                 qPrintable(read.where + ": no line joins the replies"));
        // The throughput lane: each flow's steps and their SUM.
        const QCPAxisRect* rateLane = figure.lane(LoadTimeFigure::ThroughputLane);
        const QCPAxis* rate = rateLane->axis(QCPAxis::atLeft);
        VERIFY_TICKS(read, rate);
        const auto stepsOf = [&](const std::function<double(double)>& valueAt,
                                 const std::vector<double>& edges) {
            std::vector<QPointF> pixels;
            for (std::size_t i = 0; i < edges.size(); ++i) {
                const double x = t->coordToPixel(edges[i]);
                if (i > 0)
                    pixels.emplace_back(x, rate->coordToPixel(valueAt(edges[i - 1])));
                if (i + 1 < edges.size())
                    pixels.emplace_back(x, rate->coordToPixel(valueAt(edges[i])));
            }
            return pixels;
        };
        std::vector<double> allEdges;
        for (const std::vector<Step>& steps : flows) {
            std::vector<double> edges;
            for (const Step& step : steps)
                edges.push_back(step.start);
            edges.push_back(steps.back().end);
            const auto valueAt = [&steps](double at) {
                for (const Step& step : steps)
                    if (at >= step.start && at < step.end)
                        return step.mbits;
                return steps.back().mbits;
            };
            QVERIFY2(polylinesDrawing(read.shapes, stepsOf(valueAt, edges), tolerance) == 1,
                     qPrintable(read.where + ": no line draws a flow's intervals"));
            allEdges.insert(allEdges.end(), edges.begin(), edges.end());
        }
        // The SUM changes wherever a flow's interval starts or ends.
        std::sort(allEdges.begin(), allEdges.end());
        allEdges.erase(std::unique(allEdges.begin(), allEdges.end(),
                                   [](double a, double b) { return std::abs(a - b) < 1e-6; }),
                       allEdges.end());
        const auto sumLeftOf = [&](double at) {
            return at >= allEdges.back() ? sumAt(allEdges[allEdges.size() - 2]) : sumAt(at);
        };
        const std::vector<QPointF> sumSteps = stepsOf(sumLeftOf, allEdges);
        bool sumDrawn = false;
        std::vector<QPointF> closest;
        for (const SvgShape* line : linesIn(read, rateLane, 4)) {
            // Vertices where the SUM does not change may be left out: every drawn vertex is
            // one of the SUM's.
            bool all = true;
            for (const QPointF& vertex : line->parts.front())
                all = all && std::any_of(sumSteps.begin(), sumSteps.end(), [&](const QPointF& p) {
                          return within(vertex, p, tolerance);
                      });
            if (all && line->parts.front().size() + 8 >= sumSteps.size() / 2) {
                sumDrawn = true;
                break;
            }
        }
        QVERIFY2(sumDrawn, qPrintable(read.where + ": no line draws the SUM of the flows"));
    }
}

void TestExportReadback::denseLinesKeepEverySample_data() {
    QTest::addColumn<QString>("type");
    QTest::addColumn<QString>("folder");
    // ss -tin every 0.1 s: about 600 samples a flow over a minute, more than two per layout
    // unit of a column's width.
    QTest::newRow("cwnd") << "cwnd" << QString(WIREBENCH_SAMPLES_DIR "/bottleneck/iperf3-cubic");
}

// A line with more samples than the layout has units across is still drawn through every
// sample in an export: it is thinned (if at all) at the output's resolution, not the layout's.
// The samples are the lines' own data, which the tests above check against the logs where
// they are sparse.
void TestExportReadback::denseLinesKeepEverySample() {
    QFETCH(QString, type);
    QFETCH(QString, folder);
    const QDir recording(folder);
    DatasetStore store;
    for (const QString& log : recording.entryList({"*.log"}, QDir::Files, QDir::Name)) {
        if (log.endsWith(".server.log"))
            continue;
        ImportResult result = FileImporter::importFile(recording.filePath(log));
        QVERIFY2(result.ok(), qPrintable(log));
        store.add(DatasetEntry::fromImport(std::move(result)));
    }
    for (const QSize size : kSizes) {
        FigureAlone alone;
        std::vector<const QCPAxisRect*> rects;
        if (type == QLatin1String("cwnd")) {
            auto& figure = alone.make<ThroughputTimeFigure>();
            figure.draw(store.visibleThroughput(), {}, {TcpMetric::Cwnd, true});
            rects.push_back(alone.plot->axisRect());
        } else {
            auto& figure = alone.make<LoadTimeFigure>();
            figure.draw(store, {});
            rects.push_back(figure.lane(LoadTimeFigure::TcpLane));
        }
        const Readback read = exportAt(alone.plot.get(), size);
        for (const QCPAxisRect* rect : rects) {
            // Every sample of every line in the rect, where its axes put it.
            std::vector<QPointF> samples;
            std::size_t most = 0;
            for (int i = 0; i < alone.plot->graphCount(); ++i) {
                const QCPGraph* graph = alone.plot->graph(i);
                if (graph->keyAxis()->axisRect() != rect || graph->pen().style() == Qt::NoPen)
                    continue;
                most = std::max(most, static_cast<std::size_t>(graph->dataCount()));
                for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it)
                    samples.push_back(
                        pixelOf(graph->keyAxis(), graph->valueAxis(), it->key, it->value));
            }
            // Dense at a column's width at least.
            QVERIFY2(
                size != kSizes[0] || static_cast<double>(most) > 2 * rect->width(),
                qPrintable(
                    QStringLiteral("%1 samples across %2 units").arg(most).arg(rect->width())));
            std::vector<QPointF> drawn;
            for (const SvgShape* line : linesIn(read, rect, 10))
                drawn.insert(drawn.end(), line->parts.front().begin(), line->parts.front().end());
            const auto byX = [](const QPointF& a, const QPointF& b) { return a.x() < b.x(); };
            std::sort(samples.begin(), samples.end(), byX);
            std::sort(drawn.begin(), drawn.end(), byX);
            // Each drawn vertex is a sample, and each sample a drawn vertex.
            const auto near = [&](const std::vector<QPointF>& among, const QPointF& point) {
                auto it = std::lower_bound(among.begin(), among.end(),
                                           QPointF(point.x() - read.pixel, 0), byX);
                for (; it != among.end() && it->x() <= point.x() + read.pixel; ++it)
                    if (within(*it, point, read.pixel))
                        return true;
                return false;
            };
            const QRectF area = areaOf(rect);
            for (const QPointF& vertex : drawn)
                QVERIFY2(!area.contains(vertex) || near(samples, vertex),
                         qPrintable(QStringLiteral("%1: vertex (%2, %3) is no sample")
                                        .arg(read.where)
                                        .arg(vertex.x())
                                        .arg(vertex.y())));
            for (const QPointF& sample : samples)
                QVERIFY2(!area.contains(sample) || near(drawn, sample),
                         qPrintable(QStringLiteral("%1: sample (%2, %3) is not drawn")
                                        .arg(read.where)
                                        .arg(sample.x())
                                        .arg(sample.y())));
        }
    }
}

// The tests above read the vector drawing a PDF gets; an SVG file is drawn by another painter
// set-up, and must put the data in the same places.
void TestExportReadback::svgFileDrawsTheDataWhereThePdfDoes() {
    DatasetStore store;
    QVERIFY(test::addLog(store, test::samplePath("ping18_np"), "idle") > 0);
    QVERIFY(test::addLog(store, test::samplePath("ping18_iperf16_np"), "loaded") > 0);
    FigureAlone alone;
    alone.make<DistributionsFigure>().draw(store.visibleLatency(), {});
    const QSize size = kSizes[0];
    const auto dataShapes = [&](const Readback& read) {
        std::vector<const SvgShape*> shapes;
        const QRectF area = areaOf(alone.plot->axisRect());
        for (const SvgShape& shape : read.shapes)
            if (shape.kind == SvgShape::Kind::Path && inside(area, shape.bounds) &&
                !inLegend(alone.plot.get(), shape))
                shapes.push_back(&shape);
        return shapes;
    };
    const Readback pdf = exportAt(alone.plot.get(), size, Drawing::PdfPainting);
    const Readback svg = exportAt(alone.plot.get(), size, Drawing::SvgFile);
    const std::vector<const SvgShape*> inPdf = dataShapes(pdf);
    const std::vector<const SvgShape*> inSvg = dataShapes(svg);
    QCOMPARE(inSvg.size(), inPdf.size());
    QVERIFY(inPdf.size() >= 50); // two runs' bars in 25 bins
    double farthest = 0;
    for (std::size_t i = 0; i < inPdf.size(); ++i) {
        const std::vector<QPointF> a = inPdf[i]->points(), b = inSvg[i]->points();
        QCOMPARE(a.size(), b.size());
        for (std::size_t k = 0; k < a.size(); ++k)
            farthest =
                std::max({farthest, std::abs(a[k].x() - b[k].x()), std::abs(a[k].y() - b[k].y())});
    }
    QVERIFY2(farthest <= pdf.pixel,
             qPrintable(QStringLiteral("the SVG file's bars are up to %1 layout units from the "
                                       "PDF's; one output pixel is %2")
                            .arg(farthest)
                            .arg(pdf.pixel)));
}

namespace {

// udp-loss-{p}pct-client.txt: p, and 100 · Lost/Total of its Server Report.
QPointF lossSampleFigures(const QString& path) {
    static const QRegularExpression name(QStringLiteral("udp-loss-([0-9.]+)pct-client"));
    static const QRegularExpression lostTotal(
        QStringLiteral("Server Report:[^\\n]*\\n[^\\n]*\\n[^\\n]* ([0-9]+)/ *([0-9]+) \\("));
    const QString text = QString::fromUtf8(test::readAll(path));
    const QRegularExpressionMatch report = lostTotal.match(text);
    if (!report.hasMatch())
        return {std::nan(""), std::nan("")};
    return {name.match(path).captured(1).toDouble(),
            100 * report.captured(1).toDouble() / report.captured(2).toDouble()};
}

// udp-bw-{R}-server.csv: R in Mbit/s (K = 10^3, M = 10^6), and the mean of the ninth
// column over the first 60 lines (seed 002's `head -n 60 | cut -d, -f 9`), in Mbit/s.
QPointF bandwidthSampleFigures(const QString& path) {
    static const QRegularExpression name(QStringLiteral("udp-bw-([0-9]+)([KM])-server"));
    const QRegularExpressionMatch rate = name.match(path);
    const double configured =
        rate.captured(1).toDouble() * (rate.captured(2) == QLatin1String("M") ? 1 : 1e-3);
    const QList<QByteArray> lines = test::readAll(path).split('\n');
    double sum = 0;
    int count = 0;
    for (int i = 0; i < std::min<qsizetype>(60, lines.size()); ++i) {
        const QList<QByteArray> fields = lines[i].split(',');
        if (fields.size() < 9)
            continue;
        sum += fields[8].toDouble() / 1e6;
        ++count;
    }
    return {configured, count > 0 ? sum / count : std::nan("")};
}

} // namespace

void TestExportReadback::sweepPointsAreTheLogsFigures_data() {
    QTest::addColumn<QString>("files");
    QTest::addColumn<QString>("pattern");
    QTest::addColumn<bool>("loss");
    QTest::newRow("loss, linear") << QStringLiteral("udp-loss-*-client.txt")
                                  << QStringLiteral("udp-loss-{loss}pct-client.txt") << true;
    QTest::newRow("bandwidth, log") << QStringLiteral("udp-bw-*-server.csv")
                                    << QStringLiteral("udp-bw-{bandwidth}-server.csv") << false;
}

// Each point of the sweep, mapped through the axes, is the configured value its file name
// gives against the log's own figure (Lost/Total of the Server Report; the mean of the first
// 60 intervals' bandwidth), within one output pixel; the y = x line runs through the
// axes' common corner values.
void TestExportReadback::sweepPointsAreTheLogsFigures() {
    QFETCH(QString, files);
    QFETCH(QString, pattern);
    QFETCH(bool, loss);
    DatasetStore store;
    const QDir samples(test::samplePath(QString()));
    std::vector<QPointF> expected;
    for (const QString& name : samples.entryList({files}, QDir::Files)) {
        QVERIFY(test::addLog(store, samples.filePath(name), name) > 0);
        expected.push_back(loss ? lossSampleFigures(samples.filePath(name))
                                : bandwidthSampleFigures(samples.filePath(name)));
        QVERIFY2(std::isfinite(expected.back().y()), qPrintable(name));
    }
    std::sort(expected.begin(), expected.end(),
              [](const QPointF& a, const QPointF& b) { return a.x() < b.x(); });
    QCOMPARE(static_cast<int>(expected.size()), loss ? 11 : 13);
    SweepOptions options;
    options.namePattern = pattern;
    options.parameter = loss ? QStringLiteral("loss") : QStringLiteral("bandwidth");
    options.metric = loss ? SweepMetric::UdpLoss : SweepMetric::IntervalMean;
    options.firstIntervals = loss ? 0 : 60;
    const SweepTable table = SweepSource::tableOf(store, options);
    for (const QSize size : kSizes) {
        FigureAlone alone;
        auto& figure = alone.make<SweepFigure>();
        QVERIFY(figure.draw(SweepPlotSource::of(table)).isEmpty()); // every point drawn
        QCOMPARE(figure.logX(), !loss);
        QCOMPARE(figure.logY(), !loss);
        const Readback read = exportAt(alone.plot.get(), size);
        const QCPAxis* x = alone.plot->xAxis;
        const QCPAxis* y = alone.plot->yAxis;
        VERIFY_TICKS(read, x);
        VERIFY_TICKS(read, y);
        // The units the points are in, as the axis titles name them.
        const QString unit = loss ? QStringLiteral("(%)") : QStringLiteral("(Mbit/s)");
        QVERIFY2(x->label().endsWith(unit) && y->label().endsWith(unit),
                 qPrintable(x->label() + QStringLiteral(" / ") + y->label()));
        QCOMPARE(figure.seriesGraphs().size(), std::size_t(1));
        const std::vector<QPointF> pixels = pixelsOf(x, y, expected);
        QVERIFY2(polylinesDrawing(read.shapes, pixels, read.pixel) == 1,
                 qPrintable(QStringLiteral("%1: no line through %2")
                                .arg(read.where, describePoints(expected, 13))));
        // A marker on every point: a disc of the series' colour centred on it.
        const QString colour = figure.seriesGraphs().front()->pen().color().name();
        std::vector<QPointF> centres;
        for (const SvgShape& shape : read.shapes)
            if ((shape.kind == SvgShape::Kind::Path || shape.kind == SvgShape::Kind::Circle) &&
                shape.fill == colour && !inLegend(alone.plot.get(), shape))
                centres.push_back(shape.bounds.center());
        for (const QPointF& point : pixels)
            QVERIFY2(
                std::any_of(centres.begin(), centres.end(),
                            [&](const QPointF& c) { return within(c, point, read.pixel); }),
                qPrintable(
                    QStringLiteral("%1: no marker at %2").arg(read.where, dataText(x, y, point))));
        // y = x: one range on both axes, and the dashed line from corner to corner.
        QCOMPARE(x->range().lower, y->range().lower);
        QCOMPARE(x->range().upper, y->range().upper);
        QVERIFY(figure.identityLine());
    }
}

QTEST_MAIN(TestExportReadback)
#include "tst_exportreadback.moc"
