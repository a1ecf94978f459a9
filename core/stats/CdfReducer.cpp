#include "CdfReducer.h"

#include <algorithm>
#include <cmath>

namespace wb {

namespace {

// Which pixel column a value falls in; values outside the range clamp to the edge columns.
class ColumnMap {
public:
    ColumnMap(double xMin, double xMax, int columns, CdfReducer::Scale scale)
        : m_log(scale == CdfReducer::Scale::Log && xMin > 0 && xMax > 0),
          m_columns(std::max(columns, 1)) {
        m_lo = m_log ? std::log(xMin) : xMin;
        const double hi = m_log ? std::log(xMax) : xMax;
        m_perUnit = hi > m_lo ? m_columns / (hi - m_lo) : 0;
    }

    long long column(double x) const {
        const double position = m_log ? (x > 0 ? std::log(x) : m_lo) : x;
        const double scaled = (position - m_lo) * m_perUnit;
        return static_cast<long long>(
            std::clamp(std::floor(scaled), -1.0, static_cast<double>(m_columns)));
    }

private:
    bool m_log;
    int m_columns;
    double m_lo = 0;
    double m_perUnit = 0;
};

} // namespace

CdfReducer::Points CdfReducer::reduce(const std::vector<double>& sorted, double xMin, double xMax,
                                      int columns, Scale scale, double tailLevel) {
    Points points;
    const std::size_t n = sorted.size();
    if (n == 0)
        return points;
    const ColumnMap map(xMin, xMax, columns, scale);
    const auto total = static_cast<double>(n);
    auto keep = [&](std::size_t i) {
        if (!points.x.empty() && points.x.back() == sorted[i] && points.y.back() == (i + 1) / total)
            return;
        points.x.push_back(sorted[i]);
        points.y.push_back(static_cast<double>(i + 1) / total);
    };
    // Step tops only: the last index of each run of equal values.
    auto isStepTop = [&](std::size_t i) { return i + 1 == n || sorted[i + 1] != sorted[i]; };
    const auto tailStart = static_cast<std::size_t>(std::floor(tailLevel * total));

    std::size_t i = 0;
    while (i < n) {
        if (i >= tailStart) { // the tail: every step
            if (isStepTop(i))
                keep(i);
            ++i;
            continue;
        }
        // One column: keep its first step top and its last. The column of a value grows
        // with it, so the column's end and each run of equal values are found by binary
        // search: O(columns log n), not a std::log per sample.
        const auto begin = sorted.begin();
        const long long column = map.column(sorted[i]);
        const auto stepTop = [&](std::size_t at) {
            return static_cast<std::size_t>(
                       std::upper_bound(begin + static_cast<std::ptrdiff_t>(at), sorted.end(),
                                        sorted[at]) -
                       begin) -
                   1;
        };
        const std::size_t last = static_cast<std::size_t>(
            std::partition_point(begin + static_cast<std::ptrdiff_t>(i),
                                 begin + static_cast<std::ptrdiff_t>(tailStart),
                                 [&](double v) { return map.column(v) == column; }) -
            begin);
        if (const std::size_t firstTop = stepTop(i); firstTop < last)
            keep(firstTop);
        // The last index in this column, advanced to its step top so F is exact.
        const std::size_t top = stepTop(last - 1);
        keep(top);
        i = std::max(last, top + 1);
    }
    return points;
}

} // namespace wb
