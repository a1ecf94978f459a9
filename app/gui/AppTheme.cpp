#include "AppTheme.h"

#include "PlotTheme.h"

#include <QApplication>
#include <QEvent>
#include <QPainter>
#include <QProxyStyle>
#include <QStyle>
#include <QStyleFactory>
#include <QWidget>

#include <functional>

namespace wb {

namespace {

struct PlatformLook {
    QString style;
    QPalette palette;
};

// The look the platform gave the application, before the first change.
const PlatformLook& platformLook() {
    static const PlatformLook look{QApplication::style()->name(), QApplication::palette()};
    return look;
}

void setStyle(const QString& name) {
    if (QApplication::style()->name().compare(name, Qt::CaseInsensitive) != 0 ||
        qobject_cast<QProxyStyle*>(QApplication::style()))
        QApplication::setStyle(QStyleFactory::create(name));
}

// Fusion outlines a check box a shade darker than the window and fills it with Base: on a
// dark palette an unticked box in a list (Base on Base) cannot be seen. This draws its
// outline between the background and the text.
class DarkFusionStyle : public QProxyStyle {
public:
    DarkFusionStyle() : QProxyStyle(QStyleFactory::create(QStringLiteral("Fusion"))) {}

    void drawPrimitive(PrimitiveElement element, const QStyleOption* option, QPainter* painter,
                       const QWidget* widget) const override {
        QProxyStyle::drawPrimitive(element, option, painter, widget);
        if (element != PE_IndicatorCheckBox)
            return;
        const QColor base = option->palette.color(QPalette::Base);
        const QColor text = option->palette.color(QPalette::Text);
        const QColor outline =
            QColor::fromRgbF((base.redF() + text.redF()) / 2, (base.greenF() + text.greenF()) / 2,
                             (base.blueF() + text.blueF()) / 2);
        painter->save();
        painter->setRenderHint(QPainter::Antialiasing);
        painter->setPen(QPen(outline, 1));
        painter->setBrush(Qt::NoBrush);
        painter->drawRoundedRect(QRectF(option->rect).adjusted(1.5, 1.5, -1.5, -1.5), 1.5, 1.5);
        painter->restore();
    }
};

// Calls `restyle` now and whenever the widget's or the application's palette changes.
class PaletteWatcher : public QObject {
public:
    PaletteWatcher(QWidget* widget, std::function<void(QWidget*)> restyle)
        : QObject(widget), m_restyle(std::move(restyle)) {
        widget->installEventFilter(this);
        m_restyle(widget);
    }

    bool eventFilter(QObject* watched, QEvent* event) override {
        // A widget whose palette is its own gets PaletteChange, not ApplicationPaletteChange,
        // when the application's changes; restyling changes nothing the second time.
        if (event->type() == QEvent::ApplicationPaletteChange ||
            event->type() == QEvent::PaletteChange)
            m_restyle(static_cast<QWidget*>(watched));
        return false;
    }

private:
    std::function<void(QWidget*)> m_restyle;
};

// The window colour text is drawn on. The application's palette: when it changes, the
// widgets' own are brought up to date in no particular order.
QColor windowColour() {
    return QApplication::palette().color(QPalette::Active, QPalette::Window);
}

} // namespace

QString AppTheme::nameOf(Theme theme) {
    switch (theme) {
    case Theme::Light:
        return QStringLiteral("light");
    case Theme::Dark:
        return QStringLiteral("dark");
    case Theme::System:
        break;
    }
    return QStringLiteral("system");
}

AppTheme::Theme AppTheme::fromName(const QString& name) {
    if (name == QLatin1String("light"))
        return Theme::Light;
    if (name == QLatin1String("dark"))
        return Theme::Dark;
    return Theme::System;
}

void AppTheme::apply(Theme theme) {
    const PlatformLook& platform = platformLook();
    // Until the look is changed the platform's palette is not set as the application's own,
    // so the application keeps following the platform's changes of it.
    static bool changed = false;
    changed = changed || theme != Theme::System;
    if (!changed)
        return;
    switch (theme) {
    case Theme::System:
        setStyle(platform.style);
        QApplication::setPalette(platform.palette);
        break;
    case Theme::Light:
        setStyle(QStringLiteral("Fusion"));
        QApplication::setPalette(QApplication::style()->standardPalette());
        break;
    case Theme::Dark:
        if (!dynamic_cast<DarkFusionStyle*>(QApplication::style()))
            QApplication::setStyle(new DarkFusionStyle);
        QApplication::setPalette(darkPalette());
        break;
    }
}

QPalette AppTheme::darkPalette() {
    const QColor window(45, 45, 48);
    const QColor base(30, 30, 32);
    const QColor text(232, 232, 232);
    const QColor disabledText(130, 130, 130);
    QPalette palette(text, window, QColor(75, 75, 80), QColor(20, 20, 22), QColor(60, 60, 64), text,
                     QColor(255, 255, 255), base, window);
    palette.setColor(QPalette::AlternateBase, QColor(40, 40, 43));
    palette.setColor(QPalette::Button, QColor(53, 53, 57));
    palette.setColor(QPalette::Highlight, QColor(42, 130, 218));
    palette.setColor(QPalette::HighlightedText, Qt::white);
    palette.setColor(QPalette::Link, QColor(110, 170, 255));
    palette.setColor(QPalette::LinkVisited, QColor(190, 140, 255));
    palette.setColor(QPalette::ToolTipBase, QColor(60, 60, 64));
    palette.setColor(QPalette::ToolTipText, text);
    palette.setColor(QPalette::PlaceholderText, QColor(150, 150, 150));
    for (QPalette::ColorRole role :
         {QPalette::WindowText, QPalette::Text, QPalette::ButtonText, QPalette::HighlightedText})
        palette.setColor(QPalette::Disabled, role, disabledText);
    palette.setColor(QPalette::Disabled, QPalette::Highlight, QColor(70, 70, 74));
    return palette;
}

void AppTheme::keepTextReadable(QWidget* widget, const QColor& wanted) {
    new PaletteWatcher(widget, [wanted](QWidget* target) {
        const QColor color = PlotTheme::readable(wanted, windowColour());
        QPalette palette = target->palette();
        if (palette.color(QPalette::WindowText) == color && palette.color(QPalette::Text) == color)
            return;
        palette.setColor(QPalette::WindowText, color);
        palette.setColor(QPalette::Text, color);
        target->setPalette(palette);
    });
}

void AppTheme::keepWarningStyle(QWidget* widget) {
    new PaletteWatcher(widget, [](QWidget* target) {
        const bool dark = windowColour().lightnessF() < 0.5;
        const QColor background = dark ? QColor(70, 56, 10) : QColor(0xff, 0xf3, 0xcd);
        const QColor border = dark ? QColor(140, 110, 30) : QColor(0xe6, 0xc3, 0x5c);
        const QColor text = PlotTheme::readable(QColor(0x66, 0x4d, 0x03), background);
        const QString sheet = QStringLiteral("background: %1; color: %2; border: 1px solid %3")
                                  .arg(background.name(), text.name(), border.name());
        if (target->styleSheet() != sheet)
            target->setStyleSheet(sheet);
    });
}

} // namespace wb
