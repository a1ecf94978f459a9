#include "CategoryAxisLabels.h"

#include "PlotStyle.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace wb {

void CategoryAxisLabels::setCategories(std::vector<Category> categories) {
    m_categories = std::move(categories);
    m_shown.clear(); // fit() sets them once the plot is laid out
    m_applied = false;
}

void CategoryAxisLabels::fit(QCustomPlot* plot) {
    const auto runs = static_cast<int>(m_categories.size());
    // Rotated labels widen the left margin; the slots are what the rect has without them.
    const QCPAxisRect* rect = plot->axisRect();
    if (plot->xAxis->tickLabelRotation() == 0)
        m_sideMargins = rect->outerRect().width() - rect->width();
    const double slot = 0.92 * (rect->outerRect().width() - m_sideMargins) / std::max(runs, 1);
    constexpr double kRotation = -35;
    auto height = [](const QStringList& labels, const QFont& font, bool rotated) {
        const QFontMetricsF metrics(font);
        const double sine = std::abs(std::sin(kRotation * M_PI / 180));
        double tallest = 0;
        for (const QString& label : labels)
            tallest = std::max(
                tallest, rotated ? PlotStyle::widestLine(label, font) * sine + metrics.height()
                                 : metrics.lineSpacing() * (label.count(QLatin1Char('\n')) + 1));
        return tallest;
    };
    // The labels may grow into what the data can spare of its height.
    const double room = PlotStyle::dataSpare(plot) +
                        (m_shown.isEmpty() ? 0.0
                                           : height(m_shown, plot->xAxis->tickLabelFont(),
                                                    plot->xAxis->tickLabelRotation() != 0));
    auto wrapped = [&](const QFont& font, bool breakWords, bool compact) {
        QStringList labels;
        for (const Category& category : m_categories) {
            const QString& detail = compact ? category.shortDetail : category.detail;
            QString label = PlotStyle::wrapText(category.name, font, slot, breakWords);
            if (!detail.isEmpty())
                label += QLatin1Char('\n') + PlotStyle::wrapText(detail, font, slot, breakWords);
            if (PlotStyle::widestLine(label, font) > slot)
                return QStringList();
            labels << label;
        }
        return labels;
    };
    const std::vector<QFont> fonts = PlotStyle::shrinkingFonts(PlotStyle::axisFont());
    QStringList labels;
    QFont font = fonts.back();
    bool rotate = false;
    for (int variant = 0; variant < 3 && labels.isEmpty(); ++variant) {
        for (const QFont& candidate : fonts) {
            const QStringList fitted = wrapped(candidate, variant > 0, variant > 1);
            if (!fitted.isEmpty() && height(fitted, candidate, false) <= room) {
                labels = fitted;
                font = candidate;
                break;
            }
        }
    }
    if (labels.isEmpty()) {
        rotate = true;
        for (const Category& category : m_categories)
            labels << (category.shortDetail.isEmpty()
                           ? category.name
                           : category.name + QLatin1Char(' ') + category.shortDetail);
        for (const QFont& candidate : fonts) {
            font = candidate;
            if (height(labels, candidate, true) <= room)
                break;
        }
    }
    // Compared only once applied: no categories left fit as no labels, which must still
    // replace the last run's on the axis.
    if (m_applied && labels == m_shown && font == plot->xAxis->tickLabelFont())
        return;
    m_applied = true;
    m_shown = labels;
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (int i = 0; i < runs; ++i)
        ticker->addTick(i + 1, labels[i]);
    plot->xAxis->setTicker(ticker);
    plot->xAxis->setTickLabelFont(font);
    // Negative: rotated labels end at their tick instead of starting there, so each stays
    // under its own box.
    plot->xAxis->setTickLabelRotation(rotate ? kRotation : 0);
    // QCustomPlot skips a tick label that leaves the widget, which the first rotated one does
    // when the left margin (sized for the y labels) is narrower than its slant.
    const int firstSlant = rotate && runs > 0
                               ? static_cast<int>(std::cos(kRotation * M_PI / 180) *
                                                  QFontMetricsF(font).horizontalAdvance(labels[0]))
                               : 0;
    QMargins margins = PlotStyle::minimumMargins();
    margins.setLeft(std::max(margins.left(), firstSlant + 8));
    plot->axisRect()->setMinimumMargins(margins);
    PlotStyle::relayout(plot);
}

} // namespace wb
