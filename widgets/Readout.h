#pragma once

#include <QPointF>
#include <QString>

#include <optional>
#include <utility>

namespace wb {

// What a figure's hover read-out says of the point under the mouse, and where the data point it
// reads is drawn (plot pixels), which the view marks (HoverMark). Empty text: nothing is near.
struct Readout {
    Readout() = default;
    // A read-out that names no point (an axis label's full text): nothing is marked.
    Readout(QString text) : text(std::move(text)) {} // NOLINT: a QString is such a read-out
    Readout(QString text, const QPointF& point) : text(std::move(text)), point(point) {}

    bool isEmpty() const { return text.isEmpty(); }

    QString text;
    std::optional<QPointF> point;
};

} // namespace wb
