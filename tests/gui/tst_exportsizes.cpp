#include "StoreSupport.h"
#include "TestSupport.h"

#include "CdfFigure.h"
#include "DatasetStore.h"
#include "PlotExporter.h"

#include <qcustomplot.h>

#include <QPainter>
#include <QPainterPath>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <optional>

using namespace wb;

// A figure's size and its text are physical and the same in every format: the PDF's page and
// the SVG's width and height are the size asked for, a PNG is that size at its dpi, and a text
// of N pt measures N pt in each, rasterised at one resolution (the PDF by poppler, the SVG by
// Qt's SVG renderer, the PNG as written).
class TestExportSizes : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void everyFormatHasTheSizeAskedFor_data();
    void everyFormatHasTheSizeAskedFor();
    void textMeasuresItsPointSizeInEveryFormat_data();
    void textMeasuresItsPointSizeInEveryFormat();
    void lengthsTakeTheirUnits();

private:
    QTemporaryDir m_dir;
};

namespace {

constexpr double kDpi = 300;
const QString kTitle = QStringLiteral("Hg"); // from the cap height to the descender

// One CDF figure of a QJump sample, drawn as `plot` draws it.
struct CdfOfSample {
    DatasetStore store;
    FigureAlone alone;
    CdfOfSample() {
        test::addLog(store, test::samplePath("ping18_np"), QStringLiteral("ping18_np"));
        alone.make<CdfFigure>().draw(store, {}, CdfFigure::Options{});
    }
};

// The rows [first, last] of the first band of rows holding ink (lightness below half), from
// the top or from the bottom of the image.
struct InkRows {
    int first = -1;
    int last = -1;
    int height() const { return first < 0 ? 0 : last - first + 1; }
};

bool rowHasInk(const QImage& image, int y) {
    for (int x = 0; x < image.width(); ++x)
        if (qGray(image.pixel(x, y)) < 128)
            return true;
    return false;
}

InkRows firstInkBand(const QImage& image, bool fromBottom) {
    InkRows rows;
    for (int i = 0; i < image.height(); ++i) {
        const int y = fromBottom ? image.height() - 1 - i : i;
        const bool ink = rowHasInk(image, y);
        if (ink && rows.first < 0)
            rows.first = rows.last = y;
        else if (ink)
            (fromBottom ? rows.first : rows.last) = y;
        else if (rows.first >= 0)
            break;
    }
    return rows;
}

// The ink height of `text` in `font` at `points` pt, in pixels at kDpi: from the glyphs'
// outlines at a large pixel size, so it does not depend on any screen's dpi.
double inkHeightPixels(QFont font, const QString& text, double points) {
    constexpr int kPixels = 1000;
    font.setPixelSize(kPixels);
    QPainterPath path;
    path.addText(0, 0, font, text);
    return path.boundingRect().height() / kPixels * points / 72 * kDpi;
}

std::optional<QImage> rasterisedPdf(const QString& pdf, const QString& prefix) {
    const QString pdftoppm = QStandardPaths::findExecutable(QStringLiteral("pdftoppm"));
    if (pdftoppm.isEmpty())
        return std::nullopt;
    QProcess::execute(pdftoppm,
                      {QStringLiteral("-r"), QString::number(kDpi), QStringLiteral("-singlefile"),
                       QStringLiteral("-png"), pdf, prefix});
    return QImage(prefix + QStringLiteral(".png"));
}

QImage rasterisedSvg(const QString& svg, QSizeF points) {
    QSvgRenderer renderer(svg);
    QImage image((points / 72 * kDpi).toSize(), QImage::Format_RGB32);
    image.fill(Qt::white);
    QPainter painter(&image);
    renderer.render(&painter);
    return image;
}

} // namespace

void TestExportSizes::initTestCase() {
    QVERIFY(m_dir.isValid());
}

void TestExportSizes::everyFormatHasTheSizeAskedFor_data() {
    QTest::addColumn<QString>("preset");
    for (const FigureSizePreset& preset : figureSizePresets())
        QTest::newRow(preset.key) << QString::fromLatin1(preset.key);
}

void TestExportSizes::everyFormatHasTheSizeAskedFor() {
    QFETCH(QString, preset);
    ExportOptions options;
    for (const FigureSizePreset& known : figureSizePresets())
        if (preset == QLatin1String(known.key))
            options.points = known.points;
    CdfOfSample figure;
    QString error;
    const QString base = m_dir.filePath(preset);
    for (const char* suffix : {".png", ".pdf", ".svg"})
        QVERIFY2(PlotExporter::save(figure.alone.plot.get(), base + suffix, options, &error),
                 qPrintable(error));

    const QImage png(base + ".png");
    QCOMPARE(png.width(), qRound(options.points.width() / 72 * options.dpi));
    QCOMPARE(png.height(), qRound(options.points.height() / 72 * options.dpi));
    QCOMPARE(qRound(png.dotsPerMeterX() * 0.0254), qRound(options.dpi));

    static const QRegularExpression mediaBox(
        QStringLiteral("/MediaBox \\[0 0 ([0-9.]+) ([0-9.]+)\\]"));
    const QRegularExpressionMatch page =
        mediaBox.match(QString::fromLatin1(test::readAll(base + ".pdf")));
    QVERIFY(page.hasMatch());
    // Qt writes a PDF page's size in whole points.
    QVERIFY(std::abs(page.captured(1).toDouble() - options.points.width()) <= 0.5);
    QVERIFY(std::abs(page.captured(2).toDouble() - options.points.height()) <= 0.5);

    static const QRegularExpression svgSize(
        QStringLiteral("<svg width=\"([0-9.]+)mm\" height=\"([0-9.]+)mm\""));
    const QRegularExpressionMatch svg =
        svgSize.match(QString::fromUtf8(test::readAll(base + ".svg")));
    QVERIFY(svg.hasMatch());
    // An SVG is whole layout units: within half of one (1/192 in) of the size asked for.
    const double halfUnitMm = 0.5 / ExportOptions::layoutDpi() * 25.4;
    QVERIFY(std::abs(svg.captured(1).toDouble() - options.points.width() / 72 * 25.4) <=
            halfUnitMm);
    QVERIFY(std::abs(svg.captured(2).toDouble() - options.points.height() / 72 * 25.4) <=
            halfUnitMm);
}

void TestExportSizes::textMeasuresItsPointSizeInEveryFormat_data() {
    QTest::addColumn<QSizeF>("points");
    QTest::newRow("column") << figureSizePresets().front().points;
    QTest::newRow("slide") << figureSizePresets().back().points;
}

// The title (11 pt bold, TemporaryTitle) is the first ink from the top; with no legend the
// x axis title is the first from the bottom. Each measures its stated size within 5 % in every
// format, and the formats agree within 5 %.
void TestExportSizes::textMeasuresItsPointSizeInEveryFormat() {
    QFETCH(QSizeF, points);
    CdfOfSample figure;
    QCustomPlot* plot = figure.alone.plot.get();
    ExportOptions options;
    options.points = points;
    options.dpi = kDpi;
    options.title = kTitle;
    options.legend = LegendPlace::None;
    const QString base = m_dir.filePath(QStringLiteral("text-%1").arg(points.width()));
    QString error;
    for (const char* suffix : {".png", ".pdf", ".svg"})
        QVERIFY2(PlotExporter::save(plot, base + suffix, options, &error), qPrintable(error));
    const std::optional<QImage> pdf = rasterisedPdf(base + ".pdf", base + "-pdf");
    if (!pdf)
        QSKIP("pdftoppm (poppler-utils, which ./setup.sh deps installs) is not installed");

    QFont titleFont(QStringLiteral("DejaVu Sans"));
    titleFont.setBold(true);
    const double titleHeight = inkHeightPixels(titleFont, kTitle, 11);
    const QFont labelFont = plot->xAxis->labelFont();
    const double labelHeight =
        inkHeightPixels(labelFont, plot->xAxis->label(), labelFont.pointSizeF());
    const std::pair<const char*, QImage> images[] = {{"png", QImage(base + ".png")},
                                                     {"pdf", *pdf},
                                                     {"svg", rasterisedSvg(base + ".svg", points)}};
    for (const auto& [format, image] : images) {
        QCOMPARE(image.size(), (points / 72 * kDpi).toSize());
        const int title = firstInkBand(image, false).height();
        const int label = firstInkBand(image, true).height();
        const QString why = QStringLiteral("%1: title %2 px (%3 expected), x axis title %4 px "
                                           "(%5 expected at %6 pt)")
                                .arg(format)
                                .arg(title)
                                .arg(titleHeight, 0, 'f', 1)
                                .arg(label)
                                .arg(labelHeight, 0, 'f', 1)
                                .arg(labelFont.pointSizeF());
        QVERIFY2(std::abs(title - titleHeight) <= 0.05 * titleHeight, qPrintable(why));
        QVERIFY2(std::abs(label - labelHeight) <= 0.05 * labelHeight, qPrintable(why));
    }
}

void TestExportSizes::lengthsTakeTheirUnits() {
    QCOMPARE(ExportOptions::pointsOf(QStringLiteral("3.5in")).value_or(0), 252.0);
    QCOMPARE(ExportOptions::pointsOf(QStringLiteral("2.54 cm")).value_or(0), 72.0);
    QCOMPARE(ExportOptions::pointsOf(QStringLiteral("25.4mm")).value_or(0), 72.0);
    QCOMPARE(ExportOptions::pointsOf(QStringLiteral("252pt")).value_or(0), 252.0);
    QCOMPARE(ExportOptions::pointsOf(QStringLiteral("252")).value_or(0), 252.0);
    for (const char* wrong : {"", "in", "-1in", "0", "nan", "inf", "3.5 furlongs", "0x10"})
        QVERIFY2(!ExportOptions::pointsOf(QString::fromLatin1(wrong)), wrong);
    // One column is 336 × 240 layout units where the screen has 96 dpi (the offscreen platform).
    QCOMPARE(ExportOptions::layoutDpi(), 96.0);
    QCOMPARE(ExportOptions().layoutSize(), QSize(336, 240));
}

QTEST_MAIN(TestExportSizes)
#include "tst_exportsizes.moc"
