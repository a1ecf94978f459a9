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
#include <QSvgGenerator>

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

// A PDF or SVG figure is printed or rasterised; at 300 dpi one point is this many pixels.
constexpr double kVectorPixelsPerPoint = 300.0 / 72.0;

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
    generator.setSize(QSize(options.width, options.height));
    generator.setViewBox(QRect(0, 0, options.width, options.height));
    generator.setTitle(TextEscaping::xml(options.title));
    generator.setDescription(QStringLiteral("Wirebench plot"));
    QCPPainter painter;
    if (!painter.begin(&generator))
        return false;
    bool drawn = false;
    {
        const TemporaryFigureStyle style(plot, options, kVectorPixelsPerPoint);
        plot->toPainter(&painter, options.width, options.height);
        drawn = painter.end();
    }
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

// What QCustomPlot::savePng writes (96 dpi recorded in the file), into a device.
bool writePng(QCustomPlot* plot, QIODevice* device, const ExportOptions& options, QString* why) {
    const TemporaryFigureStyle style(plot, options, options.scale);
    QImage image = plot->toPixmap(options.width, options.height, options.scale).toImage();
    constexpr int kDotsPerMeter = static_cast<int>(96 / 0.0254);
    image.setDotsPerMeterX(kDotsPerMeter);
    image.setDotsPerMeterY(kDotsPerMeter);
    QImageWriter writer(device, "png");
    if (writer.write(image))
        return true;
    *why = writer.errorString();
    return false;
}

// A one-page PDF of the plot's size in points, drawn as the report's PDF figures are.
bool writePdf(QCustomPlot* plot, QIODevice* device, const ExportOptions& options, QString* why) {
    QPdfWriter writer(device);
    writer.setResolution(72);
    writer.setPageSize(QPageSize(QSizeF(options.width, options.height), QPageSize::Point, QString(),
                                 QPageSize::ExactMatch));
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
    if (options.width <= 0 || options.height <= 0 || options.scale <= 0) {
        if (error)
            *error = QStringLiteral("width, height and scale must be positive");
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
    // What QCustomPlot::savePdf sets up: vectors only, no cached pixmaps, no hairlines.
    painter->setMode(QCPPainter::pmVectorized);
    painter->setMode(QCPPainter::pmNoCaching);
    painter->setMode(QCPPainter::pmNonCosmetic);
    const TemporaryFigureStyle style(plot, options, kVectorPixelsPerPoint);
    plot->toPainter(painter, options.width, options.height);
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
    const TemporaryFigureStyle style(plot, options, options.scale);
    const QPixmap pixmap = plot->toPixmap(options.width, options.height, options.scale);
    QGuiApplication::clipboard()->setPixmap(pixmap);
}

FigureAlone::FigureAlone() : plot(PlotExporter::detachedPlot()) {}
FigureAlone::FigureAlone(FigureAlone&&) noexcept = default;
FigureAlone& FigureAlone::operator=(FigureAlone&&) noexcept = default;
FigureAlone::~FigureAlone() = default;

} // namespace wb
