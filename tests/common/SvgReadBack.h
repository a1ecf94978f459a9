#pragma once

#include <QByteArray>
#include <QPointF>
#include <QRectF>
#include <QRegularExpression>
#include <QString>
#include <QTransform>
#include <QXmlStreamReader>

#include <algorithm>
#include <cmath>
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

// One thing an SVG draws, in the document's coordinates: the transforms of the groups around
// it applied (QSvgGenerator puts every state change, a translation among them, on a <g>).
struct SvgShape {
    enum class Kind { Polyline, Path, Rect, Circle, Text };
    Kind kind = Kind::Polyline;
    // Polyline: its points; path: its vertices, one list per subpath (M starts one, Z closes
    // it back to its first point); rect: its four corners clockwise from the top left;
    // circle: its centre; text: where its baseline starts.
    std::vector<std::vector<QPointF>> parts;
    QRectF bounds;  // of every point (a circle's: of the circle)
    QString fill;   // "#rrggbb" or "none", as the element or its group says
    QString stroke; // likewise
    double fillOpacity = 1;
    QString text; // a text's characters

    // Every point of every part.
    std::vector<QPointF> points() const {
        std::vector<QPointF> all;
        for (const std::vector<QPointF>& part : parts)
            all.insert(all.end(), part.begin(), part.end());
        return all;
    }
};

namespace svgdetail {

inline QTransform transformOf(const QString& text) {
    static const QRegularExpression matrix(QStringLiteral(
        R"(matrix\(\s*([-+\d.eE]+)[ ,]+([-+\d.eE]+)[ ,]+([-+\d.eE]+)[ ,]+([-+\d.eE]+)[ ,]+([-+\d.eE]+)[ ,]+([-+\d.eE]+)\s*\))"));
    const QRegularExpressionMatch match = matrix.match(text);
    if (!match.hasMatch())
        return {};
    return QTransform(match.captured(1).toDouble(), match.captured(2).toDouble(),
                      match.captured(3).toDouble(), match.captured(4).toDouble(),
                      match.captured(5).toDouble(), match.captured(6).toDouble());
}

inline std::vector<QPointF> pointList(const QString& text) {
    std::vector<QPointF> points;
    for (const QString& pair : text.split(' ', Qt::SkipEmptyParts))
        points.emplace_back(pair.section(',', 0, 0).toDouble(), pair.section(',', 1).toDouble());
    return points;
}

// The subpaths of a path of straight lines (QSvgGenerator writes polygons as M, L and Z);
// nothing when it has curves, which no data item of a figure is drawn with.
inline std::vector<std::vector<QPointF>> pathParts(const QString& d) {
    std::vector<std::vector<QPointF>> parts;
    static const QRegularExpression token(
        QStringLiteral(R"(([MLZmlzCcQqAaHhVvSsTt])|([-+\d.eE]+))"));
    QChar command;
    std::vector<double> numbers;
    const auto flush = [&]() {
        for (std::size_t i = 0; i + 1 < numbers.size(); i += 2) {
            if (command == 'M' && i == 0)
                parts.emplace_back();
            if (parts.empty())
                parts.emplace_back();
            parts.back().emplace_back(numbers[i], numbers[i + 1]);
        }
        numbers.clear();
    };
    for (auto it = token.globalMatch(d); it.hasNext();) {
        const QRegularExpressionMatch match = it.next();
        if (match.capturedLength(1) > 0) {
            flush();
            command = match.captured(1).front();
            if (command == 'Z' || command == 'z') {
                if (!parts.empty() && !parts.back().empty())
                    parts.back().push_back(parts.back().front());
            } else if (command != 'M' && command != 'L') {
                return {}; // a curve: not a shape of straight lines
            }
        } else {
            numbers.push_back(match.captured(2).toDouble());
        }
    }
    flush();
    return parts;
}

} // namespace svgdetail

// Everything an SVG written by QSvgGenerator draws, in document order.
inline std::vector<SvgShape> svgShapes(const QByteArray& svg) {
    struct Group {
        QTransform transform;
        QString fill, stroke;
        double fillOpacity = 1;
    };
    std::vector<Group> groups{Group{}};
    std::vector<SvgShape> shapes;
    QXmlStreamReader xml(svg);
    while (!xml.atEnd()) {
        const QXmlStreamReader::TokenType token = xml.readNext();
        if (token == QXmlStreamReader::EndElement && xml.name() == QLatin1String("g")) {
            if (groups.size() > 1)
                groups.pop_back();
            continue;
        }
        if (token != QXmlStreamReader::StartElement)
            continue;
        const QXmlStreamAttributes attributes = xml.attributes();
        const auto attribute = [&attributes](const char* name) {
            return attributes.value(QLatin1String(name)).toString();
        };
        const Group& outer = groups.back();
        if (xml.name() == QLatin1String("g")) {
            Group group = outer;
            if (attributes.hasAttribute(QLatin1String("transform")))
                group.transform = svgdetail::transformOf(attribute("transform")) * outer.transform;
            if (attributes.hasAttribute(QLatin1String("fill")))
                group.fill = attribute("fill");
            if (attributes.hasAttribute(QLatin1String("stroke")))
                group.stroke = attribute("stroke");
            if (attributes.hasAttribute(QLatin1String("fill-opacity")))
                group.fillOpacity = attribute("fill-opacity").toDouble();
            groups.push_back(group);
            continue;
        }
        SvgShape shape;
        shape.fill =
            attributes.hasAttribute(QLatin1String("fill")) ? attribute("fill") : outer.fill;
        shape.stroke =
            attributes.hasAttribute(QLatin1String("stroke")) ? attribute("stroke") : outer.stroke;
        shape.fillOpacity = outer.fillOpacity;
        const auto number = [&attribute](const char* name) { return attribute(name).toDouble(); };
        if (xml.name() == QLatin1String("polyline")) {
            shape.kind = SvgShape::Kind::Polyline;
            shape.parts.push_back(svgdetail::pointList(attribute("points")));
        } else if (xml.name() == QLatin1String("path")) {
            shape.kind = SvgShape::Kind::Path;
            shape.parts = svgdetail::pathParts(attribute("d"));
        } else if (xml.name() == QLatin1String("rect")) {
            shape.kind = SvgShape::Kind::Rect;
            const QRectF rect(number("x"), number("y"), number("width"), number("height"));
            shape.parts.push_back(
                {rect.topLeft(), rect.topRight(), rect.bottomRight(), rect.bottomLeft()});
        } else if (xml.name() == QLatin1String("circle")) {
            shape.kind = SvgShape::Kind::Circle;
            shape.parts.push_back({QPointF(number("cx"), number("cy"))});
            const double r = number("r");
            shape.bounds = QRectF(outer.transform.map(shape.parts.front().front()) - QPointF(r, r),
                                  QSizeF(2 * r, 2 * r));
        } else if (xml.name() == QLatin1String("text")) {
            shape.kind = SvgShape::Kind::Text;
            shape.parts.push_back({QPointF(number("x"), number("y"))});
            shape.text = xml.readElementText(QXmlStreamReader::IncludeChildElements);
        } else {
            continue;
        }
        for (std::vector<QPointF>& part : shape.parts)
            for (QPointF& point : part)
                point = outer.transform.map(point);
        if (shape.kind != SvgShape::Kind::Circle) {
            const std::vector<QPointF> all = shape.points();
            if (!all.empty()) {
                double left = all.front().x(), right = left, top = all.front().y(), bottom = top;
                for (const QPointF& p : all) {
                    left = std::min(left, p.x());
                    right = std::max(right, p.x());
                    top = std::min(top, p.y());
                    bottom = std::max(bottom, p.y());
                }
                shape.bounds = QRectF(QPointF(left, top), QPointF(right, bottom));
            }
        }
        shapes.push_back(std::move(shape));
    }
    return shapes;
}

// The shapes of one kind drawn with a fill or a stroke of `colour` ("#rrggbb").
inline std::vector<SvgShape> svgShapesIn(const std::vector<SvgShape>& shapes, SvgShape::Kind kind,
                                         const QString& colour) {
    std::vector<SvgShape> found;
    for (const SvgShape& shape : shapes)
        if (shape.kind == kind && (shape.fill.compare(colour, Qt::CaseInsensitive) == 0 ||
                                   shape.stroke.compare(colour, Qt::CaseInsensitive) == 0))
            found.push_back(shape);
    return found;
}

// The tick marks an axis draws: two-point lines `length` long at right angles to the axis,
// one end within 1.5 units of `edge` (where the axis runs: a y for a horizontal axis, an x for
// a vertical one), between `low` and `high` along it. Their positions along the axis, sorted.
inline std::vector<double> svgTickMarks(const std::vector<SvgShape>& shapes,
                                        Qt::Orientation orientation, double edge, double low,
                                        double high, double length) {
    const bool horizontal = orientation == Qt::Horizontal;
    std::vector<double> ticks;
    for (const SvgShape& shape : shapes) {
        if (shape.kind != SvgShape::Kind::Polyline || shape.parts.front().size() != 2)
            continue;
        const QPointF a = shape.parts.front()[0];
        const QPointF b = shape.parts.front()[1];
        const double across = horizontal ? std::abs(a.y() - b.y()) : std::abs(a.x() - b.x());
        const double along = horizontal ? std::abs(a.x() - b.x()) : std::abs(a.y() - b.y());
        const double fromEdge = horizontal
                                    ? std::min(std::abs(a.y() - edge), std::abs(b.y() - edge))
                                    : std::min(std::abs(a.x() - edge), std::abs(b.x() - edge));
        const double at = horizontal ? a.x() : a.y();
        if (along < 1e-6 && std::abs(across - length) < 1e-3 && fromEdge <= 1.5 && at >= low - 1 &&
            at <= high + 1)
            ticks.push_back(at);
    }
    std::sort(ticks.begin(), ticks.end());
    return ticks;
}

} // namespace wb::test
