// Every plot type, drawn from the sample logs and laid out at a paper column's size (3.5 × 2.5
// in), at two columns' (7.16 × 3 in) and at a slide's (10 × 5.63 in), gives its data most of
// the figure and keeps its text readable and whole: the axes rectangles take at least 70 % of
// the figure, the legend covers no data and no label, no label runs off the figure, no axis
// has more than seven labelled ticks, each role of text (tick labels, axis titles, legend) has
// one size of at least 8 pt, and the grid stays quiet.

#include "TestSupport.h"

#include "BandsFigure.h"
#include "CdfFigure.h"
#include "DatasetStore.h"
#include "DistributionsFigure.h"
#include "FlowBarsFigure.h"
#include "LoadTimeFigure.h"
#include "PlotExporter.h"
#include "SweepFigure.h"
#include "SweepPlotSource.h"
#include "SweepSource.h"
#include "ThroughputTimeFigure.h"
#include "TimelineFigure.h"

#include <qcustomplot.h>

#include <QDir>
#include <QFontMetrics>
#include <QHash>
#include <QRegularExpression>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <functional>
#include <optional>

using namespace wb;

namespace {

// The share of the figure the data keeps, the most labelled ticks an axis may have, and the
// smallest text a paper prints.
constexpr double kLeastDataShare = 0.70;
constexpr int kMostTickLabels = 7;
constexpr double kLeastPointSize = 8;
// A paper column, 3.5 × 2.5 in, in layout units (1/96 in under the offscreen platform).
constexpr int kColumnWidth = 336;
constexpr int kColumnHeight = 240;
// loadtime's three lanes at the height `wirebench-cli plot` gives them without --size (300 pt).
constexpr int kLoadTimeHeight = 400;

// A size preset of `wirebench-cli plot --size`, in points.
QSizeF presetPoints(const QString& key) {
    for (const FigureSizePreset& preset : figureSizePresets())
        if (key == QLatin1String(preset.key))
            return preset.points;
    return {};
}

// Every dataset of each log, labelled as `wirebench-cli plot` labels them.
void addLogs(DatasetStore& store, const QStringList& paths) {
    for (const QString& path : paths) {
        ImportResult result = FileImporter::importFile(path);
        QVERIFY2(result.ok() && !result.datasets.empty(), qPrintable(path));
        for (DatasetEntry& entry : DatasetEntry::fromImport(std::move(result)))
            store.add(std::move(entry));
    }
}

QStringList samples(std::initializer_list<const char*> names) {
    QStringList paths;
    for (const char* name : names)
        paths << test::samplePath(QString::fromLatin1(name));
    return paths;
}

// A latency-under-load step as a plan writes it: its ping, iperf and ss logs.
QStringList loadStepLogs(const QString& sample = QStringLiteral("latency-under-load")) {
    const QDir folder(test::samplePath(sample));
    QStringList paths;
    for (const QString& name : folder.entryList({QStringLiteral("*.log")}, QDir::Files))
        paths << folder.filePath(name);
    return paths;
}

// The samples' sweeps, as `plot --type sweep` takes them: configured loss against UDP loss
// (a linear axis from 0), configured rate against the mean per-interval bandwidth of the
// first 60 intervals (four decades: log axes).
QStringList sweepSamples(const QString& pattern) {
    const QDir folder(test::samplePath(QString()));
    QStringList paths;
    for (const QString& name : folder.entryList({pattern}, QDir::Files))
        paths << folder.filePath(name);
    return paths;
}

SweepOptions sweepOptionsOf(const QString& type) {
    SweepOptions options;
    if (type == QLatin1String("sweep-loss")) {
        options.parameter = QStringLiteral("loss");
        options.namePattern = QStringLiteral("udp-loss-{loss}pct-client.txt");
        options.metric = SweepMetric::UdpLoss;
    } else {
        options.parameter = QStringLiteral("bandwidth");
        options.namePattern = QStringLiteral("udp-bw-{bandwidth}-server.csv");
        options.metric = SweepMetric::IntervalMean;
        options.firstIntervals = 60;
    }
    return options;
}

// A figure of one plot type drawn as `wirebench-cli plot --type TYPE` draws it.
using Draw = std::function<void(FigureAlone&, const DatasetStore&)>;

Draw drawOf(const QString& type) {
    if (type.startsWith(QLatin1String("sweep")))
        return [type](FigureAlone& alone, const DatasetStore& store) {
            const SweepTable table = SweepSource::tableOf(store, sweepOptionsOf(type));
            alone.make<SweepFigure>().draw(SweepPlotSource::of(table));
        };
    if (type == QLatin1String("cdf") || type == QLatin1String("ccdf"))
        return
            [ccdf = type == QLatin1String("ccdf")](FigureAlone& alone, const DatasetStore& store) {
                CdfFigure::Options options;
                options.ccdf = ccdf;
                auto& figure = alone.make<CdfFigure>();
                figure.setOptions({}, options);
                figure.draw(store, {}, options);
            };
    if (type == QLatin1String("hist") || type == QLatin1String("box"))
        return
            [hist = type == QLatin1String("hist")](FigureAlone& alone, const DatasetStore& store) {
                DistributionsFigure::Options options;
                options.mode =
                    hist ? DistributionsFigure::Mode::Histogram : DistributionsFigure::Mode::Box;
                alone.make<DistributionsFigure>().draw(store.visibleLatency(), options);
            };
    if (type == QLatin1String("timeline"))
        return [](FigureAlone& alone, const DatasetStore& store) {
            alone.make<TimelineFigure>().draw(store.visibleLatency(), {false});
        };
    if (type == QLatin1String("bands"))
        return [](FigureAlone& alone, const DatasetStore& store) {
            alone.make<BandsFigure>().draw(store, {0, false});
        };
    if (type == QLatin1String("flows"))
        return [](FigureAlone& alone, const DatasetStore& store) {
            alone.make<FlowBarsFigure>().draw(store.visibleThroughput(), {}, {}, {});
        };
    if (type == QLatin1String("loadtime"))
        return [](FigureAlone& alone, const DatasetStore& store) {
            alone.make<LoadTimeFigure>().draw(store, {});
        };
    const std::optional<TcpMetric> metric =
        type == QLatin1String("timeseries") ? std::nullopt : TcpState::fromKey(type);
    return [metric](FigureAlone& alone, const DatasetStore& store) {
        const ThroughputTimeFigure::Options options{metric.value_or(TcpMetric::Throughput),
                                                    metric ? std::optional(true) : std::nullopt};
        alone.make<ThroughputTimeFigure>().draw(store.visibleThroughput(), {}, options);
    };
}

// A text's box as QCustomPlot measures it (QCPAxisPainterPrivate), lines stacked.
QSizeF textSize(const QFont& font, const QString& text) {
    const QRect bounds = QFontMetrics(font).boundingRect(0, 0, 0, 0, Qt::TextDontClip, text);
    return bounds.size();
}

// A tick label's box: with "beautiful powers" (number format "eb") QCustomPlot draws 1e-03
// as 10 with a raised exponent at three quarters of the font's size.
QSizeF tickLabelSize(const QCPAxis* axis, const QString& label) {
    const QFont font = axis->tickLabelFont();
    static const QRegularExpression number(QStringLiteral("^[-+]?[0-9.]+e[-+]?[0-9]+$"));
    const bool beautiful = axis->numberFormat().startsWith(QLatin1Char('e')) &&
                           axis->numberFormat().contains(QLatin1Char('b'));
    if (!beautiful || !number.match(label).hasMatch())
        return textSize(font, label);
    const qsizetype e = label.indexOf(QLatin1Char('e'));
    const QString mantissa = label.left(e);
    QString exponent = label.mid(e + 1);
    exponent.remove(QLatin1Char('+'));
    exponent.replace(QRegularExpression(QStringLiteral("^(-?)0+(?=\\d)")), QStringLiteral("\\1"));
    QFont small = font;
    small.setPointSize(qRound(font.pointSize() * 0.75));
    const QSizeF base =
        textSize(font, mantissa == QLatin1String("1") ? QStringLiteral("10")
                                                      : mantissa + QString::fromUtf8("\u00b710"));
    const QSizeF raised = textSize(small, exponent);
    return {base.width() + raised.width() + 2, base.height() + 0.4 * raised.height()};
}

struct Label {
    QString text;
    QRectF rect;
};

bool isDrawn(const QCPAxis* axis) {
    return axis->visible() && axis->axisRect()->visible();
}

// The labelled ticks an axis draws: within its range, with text.
std::vector<std::pair<double, QString>> tickLabelsOf(const QCPAxis* axis) {
    std::vector<std::pair<double, QString>> labels;
    if (!isDrawn(axis) || !axis->tickLabels())
        return labels;
    const QVector<double> ticks = axis->tickVector();
    const QVector<QString> texts = axis->tickVectorLabels();
    for (int i = 0; i < ticks.size() && i < texts.size(); ++i)
        if (axis->range().contains(ticks[i]) && !texts[i].trimmed().isEmpty())
            labels.emplace_back(ticks[i], texts[i]);
    return labels;
}

// Where an axis draws its tick labels and its title, computed from the axis rect's edge as
// QCustomPlot places them: ticks pointing out, the tick label padding, the widest (or
// tallest) tick label, the label padding, then the title centred on the axis.
std::vector<Label> labelsOf(const QCPAxis* axis) {
    std::vector<Label> labels;
    if (!isDrawn(axis))
        return labels;
    const QRectF rect = axis->axisRect()->rect();
    const bool vertical = axis->orientation() == Qt::Vertical;
    const double sign =
        axis->axisType() == QCPAxis::atLeft || axis->axisType() == QCPAxis::atTop ? -1.0 : 1.0;
    const double edge = axis->axisType() == QCPAxis::atLeft    ? rect.left()
                        : axis->axisType() == QCPAxis::atRight ? rect.right() + 1
                        : axis->axisType() == QCPAxis::atTop   ? rect.top()
                                                               : rect.bottom() + 1;
    double distance = axis->offset();
    const auto ticks = tickLabelsOf(axis);
    if (!ticks.empty()) {
        distance += std::max({0, axis->tickLengthOut(), axis->subTickLengthOut()}) +
                    axis->tickLabelPadding();
        double depth = 0; // the widest (vertical axis) or tallest label
        for (const auto& [tick, text] : ticks) {
            const QSizeF size = tickLabelSize(axis, text);
            const double at = axis->coordToPixel(tick);
            QRectF box;
            if (vertical) {
                const double x = sign < 0 ? edge - distance - size.width() : edge + distance;
                box = QRectF(x, at - size.height() / 2, size.width(), size.height());
            } else {
                const double y = sign < 0 ? edge - distance - size.height() : edge + distance;
                box = QRectF(at - size.width() / 2, y, size.width(), size.height());
            }
            labels.push_back({text, box});
            depth = std::max(depth, vertical ? size.width() : size.height());
        }
        distance += depth;
    }
    if (!axis->label().isEmpty()) {
        distance += axis->labelPadding();
        const QSizeF size = textSize(axis->labelFont(), axis->label());
        QRectF box; // a vertical axis' title is turned a quarter: its lines stack across
        if (vertical) {
            const double x = sign < 0 ? edge - distance - size.height() : edge + distance;
            box = QRectF(x, rect.center().y() - size.width() / 2, size.height(), size.width());
        } else {
            const double y = sign < 0 ? edge - distance - size.height() : edge + distance;
            box = QRectF(rect.center().x() - size.width() / 2, y, size.width(), size.height());
        }
        labels.push_back({axis->label(), box});
    }
    return labels;
}

std::vector<QCPAxis*> axesOf(QCustomPlot* plot) {
    std::vector<QCPAxis*> axes;
    for (QCPAxisRect* rect : plot->axisRects())
        for (auto type : {QCPAxis::atLeft, QCPAxis::atBottom, QCPAxis::atRight, QCPAxis::atTop})
            for (QCPAxis* axis : rect->axes(type))
                if (isDrawn(axis))
                    axes.push_back(axis);
    return axes;
}

// Whether a segment from a to b passes through the box (its ends or any point between).
bool segmentCrosses(QPointF a, QPointF b, const QRectF& box) {
    if (box.contains(a) || box.contains(b))
        return true;
    // Sampled at a fraction of a pixel: a segment crossing the box spends at least that long
    // inside it.
    const double length = std::hypot(b.x() - a.x(), b.y() - a.y());
    const int steps = static_cast<int>(std::ceil(length / 0.25));
    for (int i = 1; i < steps; ++i) {
        const double t = static_cast<double>(i) / steps;
        if (box.contains(a + (b - a) * t))
            return true;
    }
    return false;
}

// The first thing a graph draws inside the box (a point or a line through it), described;
// empty when it draws nothing there.
QString graphInside(const QCPGraph* graph, const QRectF& box) {
    const QCPAxis* key = graph->keyAxis();
    const QCPAxis* value = graph->valueAxis();
    const QRectF area = key->axisRect()->rect();
    std::optional<QPointF> previous;
    for (const QCPGraphData& point : *graph->data()) {
        if (!std::isfinite(point.key) || !std::isfinite(point.value)) {
            previous.reset();
            continue;
        }
        const QPointF at(key->coordToPixel(point.key), value->coordToPixel(point.value));
        std::vector<std::pair<QPointF, QPointF>> segments;
        if (previous && graph->lineStyle() == QCPGraph::lsLine)
            segments.emplace_back(*previous, at);
        if (previous && graph->lineStyle() == QCPGraph::lsStepLeft)
            segments = {{*previous, QPointF(at.x(), previous->y())},
                        {QPointF(at.x(), previous->y()), at}};
        if (previous && graph->lineStyle() == QCPGraph::lsStepRight)
            segments = {{*previous, QPointF(previous->x(), at.y())},
                        {QPointF(previous->x(), at.y()), at}};
        if (graph->lineStyle() == QCPGraph::lsImpulse)
            segments.emplace_back(QPointF(at.x(), value->coordToPixel(0)), at);
        previous = at;
        // Only what the axis rect shows is drawn.
        const QRectF seen = box.intersected(area);
        if (seen.isEmpty())
            return {};
        if (seen.contains(at) &&
            (graph->lineStyle() != QCPGraph::lsNone || !graph->scatterStyle().isNone()))
            return QStringLiteral("point (%1, %2) of \"%3\"")
                .arg(point.key)
                .arg(point.value)
                .arg(graph->name());
        for (const auto& [a, b] : segments)
            if (segmentCrosses(a, b, seen))
                return QStringLiteral("the line to (%1, %2) of \"%3\"")
                    .arg(point.key)
                    .arg(point.value)
                    .arg(graph->name());
    }
    return {};
}

// The first data item under the box: a graph's point or line, a bar, a box plot's box.
QString dataUnder(QCustomPlot* plot, const QRectF& box) {
    for (int i = 0; i < plot->plottableCount(); ++i) {
        QCPAbstractPlottable* plottable = plot->plottable(i);
        if (!plottable->visible() || !plottable->keyAxis())
            continue;
        if (const auto* graph = qobject_cast<const QCPGraph*>(plottable)) {
            if (const QString found = graphInside(graph, box); !found.isEmpty())
                return found;
        } else if (QCPPlottableInterface1D* data = plottable->interface1D()) {
            const QRectF seen = box.intersected(plottable->keyAxis()->axisRect()->rect());
            if (!seen.isEmpty() && data->selectTestRect(seen, false).dataPointCount() > 0)
                return QStringLiteral("a data point of \"%1\"").arg(plottable->name());
        }
    }
    return {};
}

QString describe(const QRectF& rect) {
    return QStringLiteral("%1,%2 %3x%4")
        .arg(rect.x(), 0, 'f', 1)
        .arg(rect.y(), 0, 'f', 1)
        .arg(rect.width(), 0, 'f', 1)
        .arg(rect.height(), 0, 'f', 1);
}

// A laid-out figure's data share: its visible axis rects' area over the figure's.
double dataShare(QCustomPlot* plot, const QRect& figure) {
    double data = 0;
    for (const QCPAxisRect* rect : plot->axisRects())
        if (rect->visible())
            data += static_cast<double>(rect->width()) * rect->height();
    return data / (static_cast<double>(figure.width()) * figure.height());
}

} // namespace

class TestFigureGeometry : public QObject {
    Q_OBJECT

private slots:
    void columnFigure_data();
    void columnFigure();
};

void TestFigureGeometry::columnFigure_data() {
    QTest::addColumn<QString>("type");
    QTest::addColumn<QStringList>("files");
    QTest::addColumn<QSizeF>("points");
    const QStringList pings = samples({"ping18_np", "ping18_iperf16_np"});
    const QStringList iperf3 = samples({"iperf3-cubic-P4.json", "iperf3-reno-P4.json"});
    const QStringList iperf2 = samples({"tcp-cubic-P30-client.txt"});
    const std::pair<const char*, QStringList> figures[] = {
        {"cdf", pings},
        {"ccdf", pings},
        {"timeline", pings},
        {"bands", pings},
        {"hist", pings},
        {"box", pings},
        {"flows-iperf3", iperf3},
        {"flows-iperf2-P30", iperf2},
        {"timeseries-iperf3", iperf3},
        {"timeseries-iperf2-P30", iperf2},
        {"cwnd", iperf3},
        {"rtt", iperf3},
        {"retransmits", iperf3},
        {"loadtime", loadStepLogs()},
        // A cubic and a reno step overlaid, one legend entry each.
        {"loadtime-steps",
         loadStepLogs() + loadStepLogs(QStringLiteral("latency-under-load-reno"))},
        {"sweep-loss", sweepSamples(QStringLiteral("udp-loss-*-client.txt"))},
        {"sweep-bw", sweepSamples(QStringLiteral("udp-bw-*-server.csv"))},
    };
    for (const char* size : {"column", "two-column", "slide"})
        for (const auto& [name, files] : figures) {
            const QString row = QString::fromLatin1(name);
            const QString tag = QStringLiteral("%1 %2").arg(row, QLatin1String(size));
            const QString type =
                row.startsWith(QLatin1String("sweep")) ? row : row.section(QLatin1Char('-'), 0, 0);
            QTest::newRow(qPrintable(tag)) << type << files << presetPoints(size);
        }
    // loadtime as `plot` draws it without --size: a column's width, 300 pt high.
    QTest::newRow("loadtime plot's default")
        << QStringLiteral("loadtime") << loadStepLogs()
        << QSizeF(kColumnWidth, kLoadTimeHeight) * 72.0 / ExportOptions::layoutDpi();
}

void TestFigureGeometry::columnFigure() {
    QFETCH(QString, type);
    QFETCH(QStringList, files);
    QFETCH(QSizeF, points);
    DatasetStore store;
    addLogs(store, files);
    if (QTest::currentTestFailed())
        return;
    FigureAlone alone;
    drawOf(type)(alone, store);
    QCustomPlot* plot = alone.plot.get();
    ExportOptions options; // a column, the legend where the automatic choice puts it
    QCOMPARE(options.layoutSize(), QSize(kColumnWidth, kColumnHeight));
    options.points = points;
    PlotExporter::layOut(plot, options); // the layout stays, the viewport is the view's again
    const QRect figure(QPoint(), options.layoutSize());
    const double share = dataShare(plot, figure);
    qInfo("%s: axes rect %.1f %% of the figure", QTest::currentDataTag(), 100 * share);
    if (qEnvironmentVariableIsSet("WB_DEBUG_GEOMETRY"))
        for (QCPAxisRect* rect : plot->axisRects())
            qInfo() << rect->rect() << rect->margins() << rect->minimumMargins()
                    << plot->legend->outerRect();

    std::vector<Label> labels;
    for (QCPAxis* axis : axesOf(plot)) {
        const std::vector<Label> own = labelsOf(axis);
        labels.insert(labels.end(), own.begin(), own.end());
        const auto ticks = tickLabelsOf(axis);
        QVERIFY2(static_cast<int>(ticks.size()) <= kMostTickLabels,
                 qPrintable(QStringLiteral("%1 labelled ticks on the axis titled \"%2\"")
                                .arg(ticks.size())
                                .arg(axis->label())));
    }
    QVERIFY(!labels.empty());
    for (const Label& label : labels)
        QVERIFY2(QRectF(figure).contains(label.rect),
                 qPrintable(QStringLiteral("\"%1\" at %2 runs off the figure")
                                .arg(label.text, describe(label.rect))));

    if (plot->legend->visible() && plot->legend->layout()) {
        const QRectF legend = plot->legend->outerRect();
        QVERIFY2(QRectF(figure).contains(legend), qPrintable(describe(legend)));
        const QString hidden = dataUnder(plot, legend);
        QVERIFY2(
            hidden.isEmpty(),
            qPrintable(QStringLiteral("the legend at %1 covers %2").arg(describe(legend), hidden)));
        for (const Label& label : labels)
            QVERIFY2(!legend.intersects(label.rect),
                     qPrintable(QStringLiteral("the legend at %1 covers \"%2\" at %3")
                                    .arg(describe(legend), label.text, describe(label.rect))));
    }

    // One size per role of text, tick labels and titles not below 8 pt; a quiet grid: solid major
    // lines, minor ones hidden.
    QSet<double> tickSizes, titleSizes;
    for (QCPAxis* axis : axesOf(plot)) {
        if (!tickLabelsOf(axis).empty())
            tickSizes.insert(axis->tickLabelFont().pointSizeF());
        if (!axis->label().isEmpty())
            titleSizes.insert(axis->labelFont().pointSizeF());
        if (axis->grid()->visible())
            QCOMPARE(axis->grid()->pen().style(), Qt::SolidLine);
        QVERIFY2(!axis->grid()->subGridVisible(), qPrintable(axis->label()));
    }
    QCOMPARE(tickSizes.size(), 1);
    QCOMPARE(titleSizes.size(), 1);
    QVERIFY(*tickSizes.begin() >= kLeastPointSize && *titleSizes.begin() >= kLeastPointSize);
    // A legend inside the data keeps its own size; one in rows of its own may shrink, to 8 pt
    // at the least, to leave the data its share.
    if (plot->legend->visible() && qobject_cast<QCPLayoutInset*>(plot->legend->layout()))
        QCOMPARE(plot->legend->font().pointSizeF(), ExportOptions::kDefaultFontSize);
    if (plot->legend->visible())
        QVERIFY2(plot->legend->font().pointSizeF() >= kLeastPointSize,
                 qPrintable(QString::number(plot->legend->font().pointSizeF())));

    QVERIFY2(share >= kLeastDataShare,
             qPrintable(QStringLiteral("the data keeps %1 % of the figure").arg(100 * share)));
}

QTEST_MAIN(TestFigureGeometry)
#include "tst_figuregeometry.moc"
