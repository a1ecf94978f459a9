#include "GroupWarningLabel.h"

#include "PlotTheme.h"

#include <QApplication>
#include <QEvent>

namespace wb {

namespace {

const QString kMark = QStringLiteral("⚠ ");

} // namespace

GroupWarningLabel::GroupWarningLabel(QWidget* parent) : QLabel(parent) {
    setObjectName(QStringLiteral("groupWarning"));
    setWordWrap(true);
    setTextFormat(Qt::PlainText);
    setTextInteractionFlags(Qt::TextSelectableByMouse);
    setToolTip(tr("A group pools runs that differ in more than the grouping key: its figures mix "
                  "them. Group by that field too, or set the runs' metadata."));
    followPalette();
    hide();
}

void GroupWarningLabel::setWarnings(const QStringList& warnings) {
    m_warnings = warnings;
    setText(warnings.isEmpty() ? QString() : kMark + warnings.join(QLatin1Char('\n') + kMark));
    setVisible(!warnings.isEmpty());
}

QColor GroupWarningLabel::color(const QColor& background) {
    return PlotTheme::readable(QColor(0xb3, 0x59, 0x00), background);
}

QString GroupWarningLabel::html(const QStringList& warnings) {
    if (warnings.isEmpty())
        return {};
    QStringList lines;
    for (const QString& warning : warnings)
        lines << (kMark + warning).toHtmlEscaped();
    return QStringLiteral("<p style=\"color:%1\">%2</p>")
        .arg(color(QApplication::palette().color(QPalette::Window)).name(),
             lines.join(QStringLiteral("<br>")));
}

void GroupWarningLabel::changeEvent(QEvent* event) {
    QLabel::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        followPalette();
}

// A dark theme changes the window's colour: the text keeps its contrast. Setting the same
// colour again changes nothing, so the PaletteChange this causes ends here.
void GroupWarningLabel::followPalette() {
    const QColor wanted = color(palette().color(QPalette::Window));
    if (palette().color(QPalette::WindowText) == wanted)
        return;
    QPalette changed = palette();
    changed.setColor(QPalette::WindowText, wanted);
    setPalette(changed);
}

} // namespace wb
