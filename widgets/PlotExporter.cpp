#include "PlotExporter.h"

#include <qcustomplot.h>

#include "PlotStyle.h"
#include "files/OutputFile.h"
#include "report/TextEscaping.h"

#include <QBuffer>
#include <QClipboard>
#include <QFileInfo>
#include <QGuiApplication>
#include <QImageWriter>
#include <QPdfWriter>
#include <QPicture>
#include <QScreen>
#include <QSvgGenerator>

#include <cmath>

namespace wb {

namespace {

// Adds a title row for the duration of an export.
class TemporaryTitle {
public:
    TemporaryTitle(QCustomPlot* plot, const QString& title) : m_plot(plot) {
        if (title.isEmpty())
            return;
        m_plot->plotLayout()->insertRow(0);
        QFont font(QStringLiteral("DejaVu Sans"), 11, QFont::Bold);
        m_element = new QCPTextElement(m_plot, title, font);
        m_plot->plotLayout()->addElement(0, 0, m_element);
    }
    ~TemporaryTitle() {
        if (!m_element)
            return;
        m_plot->plotLayout()->remove(m_element);
        m_plot->plotLayout()->simplify();
    }
    TemporaryTitle(const TemporaryTitle&) = delete;
    TemporaryTitle& operator=(const TemporaryTitle&) = delete;

private:
    QCustomPlot* m_plot;
    QCPTextElement* m_element = nullptr;
};

// A PDF or SVG figure is printed or rasterised: drawn data is reduced for 300 dpi.
constexpr double kVectorDpi = 300;

double vectorPixelsPerUnit() {
    return kVectorDpi / ExportOptions::layoutDpi();
}

double pngPixelsPerUnit(const ExportOptions& options) {
    return options.dpi / ExportOptions::layoutDpi();
}

// The export's legend place, fonts, colours and resolution (output pixels per layout unit)
// for the duration of an export; the screen's afterwards.
class TemporaryFigureStyle {
public:
    TemporaryFigureStyle(QCustomPlot* plot, const ExportOptions& options, double pixelsPerUnit)
        : m_plot(plot), m_place(LegendLayout::of(plot)->place()) {
        PlotStyle::setOutputPixelsPerUnit(plot, pixelsPerUnit);
        LegendLayout::of(plot)->setPlace(options.legend);
        m_styled = !options.fontFamily.isEmpty() || options.fontSize > 0;
        if (m_styled)
            PlotStyle::setTextStyle(
                plot, options.fontFamily,
                options.fontSize > 0 ? options.fontSize / ExportOptions::kDefaultFontSize : 1.0);
        PlotTheme::apply(plot, options.colours == FigureColours::Screen ? PlotTheme::screen(plot)
                                                                        : PlotTheme::paper());
    }
    ~TemporaryFigureStyle() {
        PlotStyle::setOutputPixelsPerUnit(m_plot, 1.0);
        PlotTheme::apply(m_plot, PlotTheme::screen(m_plot));
        LegendLayout::of(m_plot)->setPlace(m_place);
        if (m_styled)
            PlotStyle::setTextStyle(m_plot, QString(), 1.0);
    }
    TemporaryFigureStyle(const TemporaryFigureStyle&) = delete;
    TemporaryFigureStyle& operator=(const TemporaryFigureStyle&) = delete;

private:
    QCustomPlot* m_plot;
    LegendPlace m_place;
    bool m_styled = false;
};

// The plot as vectors, as QCustomPlot::savePdf draws: no cached pixmaps, no hairlines, and
// pmVectorized, without which QCustomPlot shifts lines half a unit for crisp pixels (off the
// axes in a vector file). The title, if any, is the caller's.
void drawVectors(QCustomPlot* plot, QCPPainter* painter, const ExportOptions& options) {
    painter->setMode(QCPPainter::pmVectorized);
    painter->setMode(QCPPainter::pmNoCaching);
    painter->setMode(QCPPainter::pmNonCosmetic);
    const TemporaryFigureStyle style(plot, options, vectorPixelsPerUnit());
    const QSize units = options.layoutSize();
    plot->toPainter(painter, units.width(), units.height());
}

// QSvgGenerator writes the title, the description and font families into the document as
// they are, and drawn text with its control characters: a family or a label holding markup
// (a shared workspace's) would become markup. So the title goes in escaped, and the document
// is mended afterwards: the export's family escaped where it stands, XML-invalid characters
// replaced.
bool writeSvg(QCustomPlot* plot, QIODevice* device, const ExportOptions& options) {
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    // At the layout's dpi the document's width and height (in mm) are the figure's own.
    const QSize units = options.layoutSize();
    generator.setResolution(qRound(ExportOptions::layoutDpi()));
    generator.setSize(units);
    generator.setViewBox(QRect(QPoint(), units));
    generator.setTitle(TextEscaping::xml(options.title));
    generator.setDescription(QStringLiteral("Wirebench plot"));
    QCPPainter painter;
    if (!painter.begin(&generator))
        return false;
    drawVectors(plot, &painter, options);
    const bool drawn = painter.end();
    if (!drawn)
        return false;
    QByteArray svg = buffer.data();
    if (!options.fontFamily.isEmpty()) {
        const QByteArray attribute = QByteArrayLiteral("font-family=\"");
        svg.replace(attribute + options.fontFamily.toUtf8() + '"',
                    attribute + TextEscaping::xml(options.fontFamily).toUtf8() + '"');
    }
    svg = TextEscaping::withoutXmlInvalidCharacters(svg);
    return device->write(svg) == svg.size();
}

// The plot at its size in inches times the dpi, which the file records. The image works at the
// screen's dpi, the layout's, while it is drawn (a new QImage's), and the layout is scaled onto
// its pixels: exactly inches × dpi of them, whatever the layout's rounding to whole units.
QImage renderImage(QCustomPlot* plot, const ExportOptions& options) {
    const TemporaryFigureStyle style(plot, options, pngPixelsPerUnit(options));
    const QSize units = options.layoutSize();
    const QSize pixels = (options.points / 72 * options.dpi).toSize();
    QImage image(pixels, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent); // toPainter fills it with the plot's background
    QCPPainter painter(&image);
    if (pixels.width() > units.width()) // else keep cosmetic pens: thin lines must not vanish
        painter.setMode(QCPPainter::pmNonCosmetic);
    painter.scale(double(pixels.width()) / units.width(), double(pixels.height()) / units.height());
    plot->toPainter(&painter, units.width(), units.height());
    painter.end();
    const int dotsPerMeter = qRound(options.dpi / 0.0254);
    image.setDotsPerMeterX(dotsPerMeter);
    image.setDotsPerMeterY(dotsPerMeter);
    return image;
}

bool writePng(QCustomPlot* plot, QIODevice* device, const ExportOptions& options, QString* why) {
    const QImage image = renderImage(plot, options);
    QImageWriter writer(device, "png");
    if (writer.write(image))
        return true;
    *why = writer.errorString();
    return false;
}

// A one-page PDF of the plot's size, drawn as the report's PDF figures are, at the layout's dpi.
// Qt writes a page size in whole points: within half a point of the size asked for.
bool writePdf(QCustomPlot* plot, QIODevice* device, const ExportOptions& options, QString* why) {
    QPdfWriter writer(device);
    writer.setResolution(qRound(ExportOptions::layoutDpi()));
    writer.setPageSize(
        QPageSize(options.points, QPageSize::Point, QString(), QPageSize::ExactMatch));
    writer.setPageMargins(QMarginsF(0, 0, 0, 0));
    writer.setCreator(QStringLiteral("Wirebench"));
    writer.setTitle(options.title);
    QCPPainter painter;
    if (!painter.begin(&writer)) {
        *why = QStringLiteral("the PDF could not be started");
        return false;
    }
    PlotExporter::paint(plot, &painter, options);
    return painter.end();
}

} // namespace

const std::vector<FigureSizePreset>& figureSizePresets() {
    static const std::vector<FigureSizePreset> presets{
        {"column", QT_TRANSLATE_NOOP("ExportSize", "Paper, one column (3.5 × 2.5 in)"),
         QSizeF(3.5 * 72, 2.5 * 72)},
        {"two-column", QT_TRANSLATE_NOOP("ExportSize", "Paper, two columns (7.16 × 3 in)"),
         QSizeF(7.16 * 72, 3 * 72)},
        {"slide", QT_TRANSLATE_NOOP("ExportSize", "Slide, 16:9 (10 × 5.63 in)"),
         QSizeF(10 * 72, 5.625 * 72)},
    };
    return presets;
}

double ExportOptions::layoutDpi() {
    // The dpi QFont resolves point sizes at when no device is given.
    if (QCoreApplication::testAttribute(Qt::AA_Use96Dpi))
        return 96;
    const QScreen* screen = QGuiApplication::primaryScreen();
    return screen ? qRound(screen->logicalDotsPerInchY()) : 96;
}

QSize ExportOptions::layoutSize() const {
    const double unitsPerPoint = layoutDpi() / 72;
    return QSize(qRound(points.width() * unitsPerPoint), qRound(points.height() * unitsPerPoint));
}

ExportOptions ExportOptions::ofLayoutSize(QSize units) {
    ExportOptions options;
    options.points = QSizeF(units) * (72 / layoutDpi());
    return options;
}

std::optional<double> ExportOptions::pointsOf(const QString& length) {
    static const std::pair<const char*, double> kPointsPerUnit[] = {
        {"in", 72}, {"cm", 72 / 2.54}, {"mm", 72 / 25.4}, {"pt", 1}};
    const QString text = length.trimmed().toLower();
    double factor = 1;
    QStringView number(text);
    for (const auto& [unit, points] : kPointsPerUnit)
        if (text.endsWith(QLatin1String(unit))) {
            number.chop(2);
            factor = points;
            break;
        }
    bool ok = false;
    const double value = number.trimmed().toDouble(&ok);
    if (!ok || !(value > 0) || !std::isfinite(value))
        return std::nullopt;
    return value * factor;
}

QString PlotExporter::formatOf(const QString& path) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    return suffix == QLatin1String("png") || suffix == QLatin1String("pdf") ||
                   suffix == QLatin1String("svg")
               ? suffix
               : QString();
}

bool PlotExporter::save(QCustomPlot* plot, const QString& path, const ExportOptions& options,
                        QString* error) {
    const QString format = formatOf(path);
    if (format.isEmpty()) {
        if (error)
            *error = QStringLiteral("unknown image type (use .png, .pdf or .svg)");
        return false;
    }
    if (options.layoutSize().isEmpty() || options.dpi <= 0) {
        if (error)
            *error = QStringLiteral("width, height and dpi must be positive");
        return false;
    }
    QString why;
    const bool ok = OutputFile::write(
        path,
        [&](QIODevice& device, QString* reason) {
            if (format == QLatin1String("pdf"))
                return writePdf(plot, &device, options, reason); // paint() adds the title
            TemporaryTitle title(plot, options.title);
            if (format == QLatin1String("png"))
                return writePng(plot, &device, options, reason);
            return writeSvg(plot, &device, options);
        },
        &why);
    if (!ok && error)
        *error = QStringLiteral("could not be written: %1").arg(why);
    return ok;
}

QByteArray PlotExporter::toSvg(QCustomPlot* plot, const ExportOptions& options) {
    TemporaryTitle title(plot, options.title);
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    return writeSvg(plot, &buffer, options) ? buffer.data() : QByteArray();
}

void PlotExporter::paint(QCustomPlot* plot, QCPPainter* painter, const ExportOptions& options) {
    TemporaryTitle title(plot, options.title);
    drawVectors(plot, painter, options);
}

void PlotExporter::layOut(QCustomPlot* plot, const ExportOptions& options) {
    // QCustomPlot lays out only to draw; a picture that is thrown away is the cheapest target.
    QPicture picture;
    QCPPainter painter(&picture);
    paint(plot, &painter, options);
}

std::unique_ptr<QCustomPlot> PlotExporter::detachedPlot() {
    auto plot = std::make_unique<QCustomPlot>();
    plot->setViewport(QRect(0, 0, 100, 30)); // Qt's geometry of a new child widget
    return plot;
}

void PlotExporter::copyToClipboard(QCustomPlot* plot, const ExportOptions& options) {
    TemporaryTitle title(plot, options.title);
    QGuiApplication::clipboard()->setImage(renderImage(plot, options));
}

FigureAlone::FigureAlone() : plot(PlotExporter::detachedPlot()) {}
FigureAlone::FigureAlone(FigureAlone&&) noexcept = default;
FigureAlone& FigureAlone::operator=(FigureAlone&&) noexcept = default;
FigureAlone::~FigureAlone() = default;

} // namespace wb
