#pragma once

#include <QByteArray>
#include <QPointF>
#include <QRegularExpression>
#include <QString>

#include <vector>

namespace wb::test {

// The points of every polyline in an SVG with more than `minimum` of them (the curves; grid
// lines and ticks have two).
inline std::vector<std::vector<QPointF>> svgPolylines(const QByteArray& svg, int minimum) {
    std::vector<std::vector<QPointF>> lines;
    static const QRegularExpression polyline(QStringLiteral("<polyline[^>]* points=\"([^\"]*)\""));
    for (auto match = polyline.globalMatch(QString::fromUtf8(svg)); match.hasNext();) {
        std::vector<QPointF> points;
        for (const QString& pair : match.next().captured(1).split(' ', Qt::SkipEmptyParts))
            points.emplace_back(pair.section(',', 0, 0).toDouble(),
                                pair.section(',', 1).toDouble());
        if (static_cast<int>(points.size()) > minimum)
            lines.push_back(std::move(points));
    }
    return lines;
}

} // namespace wb::test
