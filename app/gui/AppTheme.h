#pragma once

#include <QColor>
#include <QPalette>
#include <QString>

class QWidget;

namespace wb {

// View ▸ Theme: the platform's own look, or Qt's Fusion style with a light or a dark palette
// (dark: with check boxes outlined to be seen on it). Qt 6.4 cannot ask the platform for a
// colour scheme, so the user chooses. Plots follow the palette on screen (PlotTheme); exports
// stay on paper unless chosen otherwise.
class AppTheme {
public:
    enum class Theme { System, Light, Dark };

    static QString nameOf(Theme theme);         // "system", "light", "dark"
    static Theme fromName(const QString& name); // System for anything else

    // Sets the application's style and palette. The platform's style and palette are taken
    // at the first call, before anything is changed, so System brings them back.
    static void apply(Theme theme);
    static QPalette darkPalette();

    // Keeps a widget's text in `wanted`, lightened or darkened to stay readable on the
    // application palette's window colour (PlotTheme::readable), also when it changes.
    static void keepTextReadable(QWidget* widget, const QColor& wanted);
    // A warning banner's style sheet (amber, readable) for a light or a dark palette; the
    // widget's style sheet follows the application palette.
    static void keepWarningStyle(QWidget* widget);
};

} // namespace wb
