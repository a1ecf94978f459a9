#include "SeriesColor.h"

#include <array>

namespace wb {

SeriesColor SeriesColor::rgb8(int red, int green, int blue) {
    return {quint16(red * 257), quint16(green * 257), quint16(blue * 257), true};
}

SeriesColor SeriesColor::fromName(const QString& name) {
    const uint rgb = name.mid(1).toUInt(nullptr, 16);
    return rgb8(int(rgb >> 16), int(rgb >> 8 & 0xff), int(rgb & 0xff));
}

QString SeriesColor::name() const {
    const auto eightBits = [](uint channel) { return (channel + 128) / 257; }; // as QColor rounds
    const uint rgb = eightBits(red) << 16 | eightBits(green) << 8 | eightBits(blue);
    return QLatin1Char('#') + QString::number(rgb | 0x1000000, 16).right(6);
}

SeriesColor SeriesColor::palette(int index) {
    // Channels of 16 bits: the darkened colours are not whole 8-bit values.
    static const std::array<SeriesColor, 16> colors = {
        rgb8(0, 114, 178),       rgb8(213, 94, 0),
        rgb8(0, 158, 115),       rgb8(204, 121, 167),
        rgb8(230, 159, 0),       rgb8(86, 180, 233),
        rgb8(0, 0, 0),           rgb8(136, 34, 85),
        {0, 19533, 30497, true}, {36494, 16106, 0, true},
        {0, 27070, 19702, true}, {34952, 20731, 28612, true},
        {39406, 27243, 0, true}, {14734, 30841, 39920, true},
        {0, 0, 0, true},         {23301, 5825, 14563, true}};
    return colors[static_cast<std::size_t>(index) % colors.size()];
}

} // namespace wb
