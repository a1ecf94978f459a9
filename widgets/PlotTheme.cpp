#include "PlotTheme.h"

#include "OwnValue.h"

#include <qcustomplot.h>

#include <QApplication>
#include <QHash>
#include <QMetaProperty>
#include <QPalette>

#include <algorithm>
#include <cmath>
#include <functional>
#include <utility>

namespace wb {

namespace {

// Channels closer than this (0..1) are a grey, recoloured along the background-foreground scale.
constexpr double kNeutralChroma = 0.05;
// On a dark background every colour of some hue is lifted toward white by the same share:
// distances between colours shrink alike (the palette's closest pair stays apart), their
// order of lightness stays, and the palette's darkest colour (the darkened wine) reaches a
// contrast of 3 on a near-black background. A darker colour (one the user chose) is lifted
// further until it does too.
constexpr double kLift = 0.30;
constexpr double kLeastDataContrast = 3.0;

QVariant recoloured(const QVariant& own, const PlotColours& colours) {
    switch (own.typeId()) {
    case QMetaType::QColor:
        return PlotTheme::recolour(own.value<QColor>(), colours);
    case QMetaType::QPen: {
        QPen pen = own.value<QPen>();
        if (pen.style() == Qt::NoPen || pen.brush().style() != Qt::SolidPattern)
            return own;
        pen.setColor(PlotTheme::recolour(pen.color(), colours));
        return pen;
    }
    case QMetaType::QBrush: {
        QBrush brush = own.value<QBrush>();
        if (brush.style() == Qt::NoBrush || brush.gradient() || brush.style() == Qt::TexturePattern)
            return own;
        brush.setColor(PlotTheme::recolour(brush.color(), colours));
        return brush;
    }
    default:
        return own;
    }
}

// One colour, pen or brush of an object, recoloured from its own value (see OwnValue.h).
void recolourValue(QObject* object, const QByteArray& name, const QVariant& current,
                   const PlotColours& colours, const std::function<void(const QVariant&)>& set) {
    const QByteArray key = QByteArrayLiteral("wbColour_") + name;
    const QVariant own = ownValue<QVariant>(object, key.constData(), current);
    const QVariant shown = recoloured(own, colours);
    if (shown != current)
        set(shown);
    rememberValue<QVariant>(object, key.constData(), own, shown);
}

// The colour properties QCustomPlot declares on a class (pens, brushes, colours), without
// the selection colours, which keep QCustomPlot's own.
const QVector<int>& colourProperties(const QMetaObject* meta) {
    static QHash<const QMetaObject*, QVector<int>> known;
    auto found = known.find(meta);
    if (found != known.end())
        return *found;
    QVector<int> indexes;
    for (int i = QObject::staticMetaObject.propertyCount(); i < meta->propertyCount(); ++i) {
        const QMetaProperty property = meta->property(i);
        const int type = property.metaType().id();
        const QByteArray name = property.name();
        if ((type != QMetaType::QColor && type != QMetaType::QPen && type != QMetaType::QBrush) ||
            name.startsWith("selected") || !property.isWritable())
            continue;
        // A legend's text colour is its entries' default and, when set, overwrites theirs:
        // the entries are recoloured each on their own.
        if (meta->inherits(&QCPLegend::staticMetaObject) && name == "textColor")
            continue;
        indexes.push_back(i);
    }
    return *known.insert(meta, indexes);
}

void recolourScatter(QObject* object, const char* name, QCPScatterStyle style,
                     const PlotColours& colours,
                     const std::function<void(const QCPScatterStyle&)>& set) {
    bool changed = false;
    if (style.isPenDefined())
        recolourValue(object, QByteArray(name) + "Pen", style.pen(), colours,
                      [&](const QVariant& pen) {
                          style.setPen(pen.value<QPen>());
                          changed = true;
                      });
    recolourValue(object, QByteArray(name) + "Brush", style.brush(), colours,
                  [&](const QVariant& brush) {
                      style.setBrush(brush.value<QBrush>());
                      changed = true;
                  });
    if (changed)
        set(style);
}

void recolourLayerable(QCPLayerable* layerable, const PlotColours& colours) {
    const QMetaObject* meta = layerable->metaObject();
    for (int index : colourProperties(meta)) {
        const QMetaProperty property = meta->property(index);
        recolourValue(layerable, property.name(), property.read(layerable), colours,
                      [&](const QVariant& value) { property.write(layerable, value); });
    }
    if (auto* rect = qobject_cast<QCPAxisRect*>(layerable))
        recolourValue(
            rect, "background", rect->backgroundBrush(), colours,
            [rect](const QVariant& brush) { rect->setBackground(brush.value<QBrush>()); });
    else if (auto* graph = qobject_cast<QCPGraph*>(layerable))
        recolourScatter(graph, "scatter", graph->scatterStyle(), colours,
                        [graph](const QCPScatterStyle& style) { graph->setScatterStyle(style); });
    else if (auto* curve = qobject_cast<QCPCurve*>(layerable))
        recolourScatter(curve, "scatter", curve->scatterStyle(), colours,
                        [curve](const QCPScatterStyle& style) { curve->setScatterStyle(style); });
    else if (auto* box = qobject_cast<QCPStatisticalBox*>(layerable))
        recolourScatter(box, "outlier", box->outlierStyle(), colours,
                        [box](const QCPScatterStyle& style) { box->setOutlierStyle(style); });
}

// Asks for a replot, which recolours, when the palette of a plot on screen changes. A hidden
// plot (on a tab not shown) replots when it is shown next: its view may have nothing new to
// draw then, and would keep the old palette's colours.
class PaletteFollower : public QObject {
public:
    explicit PaletteFollower(QCustomPlot* plot) : QObject(plot), m_plot(plot) {}

    bool eventFilter(QObject* watched, QEvent* event) override {
        if (watched != m_plot)
            return false;
        switch (event->type()) {
        case QEvent::PaletteChange:
        case QEvent::ApplicationPaletteChange:
            if (m_plot->isVisible())
                m_plot->replot(QCustomPlot::rpQueuedReplot);
            else
                m_paletteChangedWhileHidden = true;
            break;
        case QEvent::Show:
            if (std::exchange(m_paletteChangedWhileHidden, false))
                m_plot->replot(QCustomPlot::rpQueuedReplot);
            break;
        default:
            break;
        }
        return false;
    }

private:
    QCustomPlot* m_plot;
    bool m_paletteChangedWhileHidden = false;
};

double luminance(const QColor& color) {
    auto linear = [](double channel) {
        return channel <= 0.04045 ? channel / 12.92 : std::pow((channel + 0.055) / 1.055, 2.4);
    };
    const QColor rgb = color.toRgb();
    return 0.2126 * linear(rgb.redF()) + 0.7152 * linear(rgb.greenF()) +
           0.0722 * linear(rgb.blueF());
}

} // namespace

PlotColours PlotTheme::paper() {
    return {QColor(Qt::white), QColor(Qt::black)};
}

PlotColours PlotTheme::of(const QPalette& palette) {
    return {palette.color(QPalette::Active, QPalette::Base),
            palette.color(QPalette::Active, QPalette::Text)};
}

PlotColours PlotTheme::screen(const QCustomPlot* plot) {
    return of(plot->palette());
}

QColor PlotTheme::recolour(const QColor& own, const PlotColours& colours) {
    if (!own.isValid() || colours == paper())
        return own;
    const QColor rgb = own.toRgb();
    const double channels[] = {rgb.redF(), rgb.greenF(), rgb.blueF()};
    const auto [least, most] = std::minmax_element(std::begin(channels), std::end(channels));
    double out[3];
    if (*most - *least <= kNeutralChroma) {
        const QColor background = colours.background.toRgb();
        const QColor foreground = colours.foreground.toRgb();
        const double from[] = {background.redF(), background.greenF(), background.blueF()};
        const double to[] = {foreground.redF(), foreground.greenF(), foreground.blueF()};
        for (int i = 0; i < 3; ++i)
            out[i] = from[i] + (to[i] - from[i]) * (1 - channels[i]);
    } else if (colours.dark()) {
        for (double lift = kLift; lift <= 1; lift += 0.05) {
            for (int i = 0; i < 3; ++i)
                out[i] = channels[i] + (1 - channels[i]) * lift;
            if (contrast(QColor::fromRgbF(static_cast<float>(out[0]), static_cast<float>(out[1]),
                                          static_cast<float>(out[2])),
                         colours.background) >= kLeastDataContrast)
                break;
        }
    } else {
        return own;
    }
    return QColor::fromRgbF(static_cast<float>(out[0]), static_cast<float>(out[1]),
                            static_cast<float>(out[2]), rgb.alphaF());
}

QColor PlotTheme::onScreen(const QColor& own) {
    return recolour(own, of(QApplication::palette()));
}

void PlotTheme::apply(QCustomPlot* plot, const PlotColours& colours) {
    // QCustomPlot keeps its background brush without a getter: the theme owns it (white on
    // paper, QCustomPlot's default).
    plot->setBackground(QBrush(colours.background));
    for (int i = 0; i < plot->layerCount(); ++i)
        for (QCPLayerable* layerable : plot->layer(i)->children())
            recolourLayerable(layerable, colours);
}

void PlotTheme::follow(QCustomPlot* plot) {
    QObject::connect(plot, &QCustomPlot::beforeReplot, plot, [plot] { apply(plot, screen(plot)); });
    plot->installEventFilter(new PaletteFollower(plot));
}

double PlotTheme::contrast(const QColor& a, const QColor& b) {
    const double first = luminance(a);
    const double second = luminance(b);
    return (std::max(first, second) + 0.05) / (std::min(first, second) + 0.05);
}

QColor PlotTheme::readable(const QColor& wanted, const QColor& background, double ratio) {
    const QColor hsl = wanted.toHsl();
    const double step = background.lightnessF() < 0.5 ? 0.02 : -0.02;
    double lightness = hsl.lightnessF();
    QColor color = wanted;
    while (contrast(color, background) < ratio && lightness > 0 && lightness < 1) {
        lightness = std::clamp(lightness + step, 0.0, 1.0);
        color = QColor::fromHslF(std::max(0.0f, hsl.hslHueF()), hsl.hslSaturationF(),
                                 static_cast<float>(lightness), hsl.alphaF());
    }
    return color;
}

} // namespace wb
