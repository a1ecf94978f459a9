#pragma once

#include <QSize>
#include <QString>

class QRect;
class QWidget;

namespace wb {

// Sizes that fit the screen a window opens on, laptops (1366×768) and scaled screens
// (2560×1440 at 200 %: 1280×720 logical pixels) included.
namespace ScreenFit {

// The main window's first size: `preferred` where the screen has room, else the screen's
// available area less a margin for the window frame.
QSize initialWindowSize(const QSize& preferred, const QRect& available);

// QInputDialog::getText whose label wraps: a long explanation (the relabel placeholders)
// breaks into lines instead of widening the dialog past the screen.
QString askText(QWidget* parent, const QString& title, const QString& label, const QString& text,
                bool* ok);

} // namespace ScreenFit

} // namespace wb
