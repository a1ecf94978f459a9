#include "ScreenFit.h"

#include <QInputDialog>
#include <QLabel>

namespace wb {

namespace {
// Room left around the first window for the frame and anything docked at the screen's edge.
constexpr double kScreenShare = 0.92;
} // namespace

QSize ScreenFit::initialWindowSize(const QRect& available, const QSize& largest) {
    if (available.isEmpty())
        return largest;
    return largest.boundedTo(QSize(static_cast<int>(available.width() * kScreenShare),
                                   static_cast<int>(available.height() * kScreenShare)));
}

QRect ScreenFit::fitted(const QRect& geometry, const QRect& available) {
    if (available.isEmpty() || available.contains(geometry))
        return geometry;
    QRect shrunk(QPoint(), initialWindowSize(available, geometry.size()));
    shrunk.moveCenter(available.center());
    return shrunk;
}

QString ScreenFit::askText(QWidget* parent, const QString& title, const QString& label,
                           const QString& text, bool* ok) {
    QInputDialog dialog(parent);
    dialog.setWindowTitle(title);
    dialog.setLabelText(label);
    dialog.setTextValue(text);
    for (QLabel* shown : dialog.findChildren<QLabel*>())
        shown->setWordWrap(true);
    *ok = dialog.exec() == QDialog::Accepted;
    return *ok ? dialog.textValue() : QString();
}

} // namespace wb
