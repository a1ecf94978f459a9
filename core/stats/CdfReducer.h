#pragma once

#include <vector>

namespace wb {

// Reduces an empirical CDF to what a plot of a given width can show. A multi-million-sample
// CDF drawn point by point is slow and no sharper than one pair of points per pixel column:
// within a column only the lowest and highest step matter. The minimum, the maximum and every
// step above the tail level (default p99) are always kept, because that is where users look.
class CdfReducer {
public:
    enum class Scale { Linear, Log };

    struct Points {
        std::vector<double> x;
        std::vector<double> y; // F(x) in (0, 1]
    };

    // sorted: ascending samples without NaN. [xMin, xMax] is the visible range, columns the
    // plot width in pixels. Points outside the range are reduced with the edge columns.
    static Points reduce(const std::vector<double>& sorted, double xMin, double xMax, int columns,
                         Scale scale = Scale::Linear, double tailLevel = 0.99);
};

} // namespace wb
