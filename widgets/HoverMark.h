#pragma once

#include <QPointF>
#include <qcustomplot.h>

#include <optional>

namespace wb {

// The data point a hover read-out reads, marked on the plot with a small ring while the mouse
// is over it. It is no plottable or item, so figures clearing theirs leave it alone, and it is
// drawn on the plot's buffered overlay layer, so moving it repaints only that layer.
class HoverMark : public QCPLayerable {
public:
    // The plot's mark, made on first use.
    static HoverMark* of(QCustomPlot* plot);

    // Marks the point at `pixel` (plot pixels), or nothing when there is none.
    void markAt(const std::optional<QPointF>& pixel);
    // Where the mark is, if shown.
    const std::optional<QPointF>& at() const { return m_at; }

    static constexpr double kDiameter = 9; // pixels

protected:
    void applyDefaultAntialiasingHint(QCPPainter* painter) const override;
    void draw(QCPPainter* painter) override;
    QRect clipRect() const override;

private:
    explicit HoverMark(QCustomPlot* plot);

    std::optional<QPointF> m_at;
};

} // namespace wb
