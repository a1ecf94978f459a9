#pragma once

#include <QRect>
#include <QSize>
#include <QString>

class QWidget;

namespace wb {

// Sizes that fit the screen a window opens on, laptops (1366×768) and scaled screens
// (2560×1440 at 200 %: 1280×720 logical pixels) included.
namespace ScreenFit {

// The main window's first size: most of the screen's available area (a margin left for the
// window frame and what is docked at the screen's edges), at most `largest`.
QSize initialWindowSize(const QRect& available, const QSize& largest);

// A window's geometry (restored from a bigger screen, say) made to fit the available area:
// unchanged when it fits, else shrunk like initialWindowSize and centred.
QRect fitted(const QRect& geometry, const QRect& available);

// QInputDialog::getText whose label wraps: a long explanation (the relabel placeholders)
// breaks into lines instead of widening the dialog past the screen.
QString askText(QWidget* parent, const QString& title, const QString& label, const QString& text,
                bool* ok);

} // namespace ScreenFit

} // namespace wb
