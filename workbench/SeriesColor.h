#pragma once

#include <QString>

namespace wb {

// A dataset's or group's colour as the model keeps it: 16 bits a channel, QColor's own
// precision, so a view draws exactly the colour the palette or the user chose without the
// model needing QtGui. Widgets convert with PlotStyle::toColor / PlotStyle::fromColor.
struct SeriesColor {
    quint16 red = 0;
    quint16 green = 0;
    quint16 blue = 0;
    bool isSet = false; // unset: DatasetStore::add gives the next palette colour

    // From 8 bits a channel, as QColor widens them.
    static SeriesColor rgb8(int red, int green, int blue);
    // A workspace's "#rrggbb", both ways; name() rounds to 8 bits a channel as QColor::name().
    static SeriesColor fromName(const QString& name);
    QString name() const;
    // The Okabe–Ito palette (its yellow, unreadable on white, swapped for Tol's wine), then
    // the same darkened (QColor::darker(150)) when more series are needed, then again.
    static SeriesColor palette(int index);

    friend bool operator==(const SeriesColor& a, const SeriesColor& b) {
        return a.red == b.red && a.green == b.green && a.blue == b.blue && a.isSet == b.isSet;
    }
    friend bool operator!=(const SeriesColor& a, const SeriesColor& b) { return !(a == b); }
};

} // namespace wb
