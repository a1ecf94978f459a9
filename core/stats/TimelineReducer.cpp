#include "TimelineReducer.h"

#include "model/LatencySeries.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace wb {

namespace {

// Some dialects (Windows) print no sequence numbers; their replies count from 1 as ping's do.
double sequenceOf(const LatencySeries& series, std::size_t i) {
    return i < series.sequence.size() ? static_cast<double>(series.sequence[i])
                                      : static_cast<double>(i + 1);
}

} // namespace

TimelineReducer::XAxis TimelineReducer::axisFor(const LatencySeries& series,
                                                double intervalSeconds) {
    if (series.hasTimestamps())
        return XAxis::TimeSinceFirstReply;
    return intervalSeconds > 0 ? XAxis::SequenceTimesInterval : XAxis::Sequence;
}

std::vector<double> TimelineReducer::xValues(const LatencySeries& series, XAxis axis,
                                             double intervalSeconds) {
    const std::size_t n = series.size();
    std::vector<double> x(n);
    if (axis == XAxis::TimeSinceFirstReply && series.hasTimestamps()) {
        const double first = n ? series.timestamps.front() : 0;
        for (std::size_t i = 0; i < n; ++i)
            x[i] = series.timestamps[i] - first;
        return x;
    }
    const double scale =
        axis == XAxis::SequenceTimesInterval && intervalSeconds > 0 ? intervalSeconds : 1.0;
    for (std::size_t i = 0; i < n; ++i)
        x[i] = sequenceOf(series, i) * scale;
    return x;
}

std::vector<double> TimelineReducer::xOfSequences(const LatencySeries& series,
                                                  const std::vector<std::int64_t>& sequences,
                                                  XAxis axis, double intervalSeconds) {
    std::vector<double> out;
    out.reserve(sequences.size());
    if (axis != XAxis::TimeSinceFirstReply || !series.hasTimestamps() || series.size() == 0) {
        const double scale =
            axis == XAxis::SequenceTimesInterval && intervalSeconds > 0 ? intervalSeconds : 1.0;
        for (std::int64_t s : sequences)
            out.push_back(static_cast<double>(s) * scale);
        return out;
    }
    // Sequence -> time of the replies, ordered by sequence (reordered replies are rare, so
    // sort only when needed).
    const std::size_t n = series.size();
    std::vector<std::pair<double, double>> known(n);
    const double first = series.timestamps.front();
    for (std::size_t i = 0; i < n; ++i)
        known[i] = {sequenceOf(series, i), series.timestamps[i] - first};
    if (!std::is_sorted(known.begin(), known.end()))
        std::sort(known.begin(), known.end());
    const double spacing = n > 1 && known.back().first > known.front().first
                               ? (known.back().second - known.front().second) /
                                     (known.back().first - known.front().first)
                               : (intervalSeconds > 0 ? intervalSeconds : 1.0);
    for (std::int64_t s : sequences) {
        const double seq = static_cast<double>(s);
        auto next = std::lower_bound(known.begin(), known.end(), std::make_pair(seq, -HUGE_VAL));
        if (next == known.begin()) {
            out.push_back(next->second - (next->first - seq) * spacing);
        } else if (next == known.end()) {
            const auto& last = known.back();
            out.push_back(last.second + (seq - last.first) * spacing);
        } else {
            const auto& prev = *(next - 1);
            const double span = next->first - prev.first;
            const double f = span > 0 ? (seq - prev.first) / span : 0;
            out.push_back(prev.second + f * (next->second - prev.second));
        }
    }
    return out;
}

TimelineReducer::Columns TimelineReducer::reduce(const std::vector<double>& x,
                                                 const std::vector<double>& y, double xMin,
                                                 double xMax, int columns, bool xSorted) {
    Columns out;
    const std::size_t n = std::min(x.size(), y.size());
    columns = std::max(columns, 1);
    if (n == 0 || !(xMax >= xMin))
        return out;
    // Dense per-column accumulators, compacted at the end: a column per pixel is at most a
    // few thousand entries, far below the sample count.
    const double inf = std::numeric_limits<double>::infinity();
    std::vector<double> lo(static_cast<std::size_t>(columns), inf);
    std::vector<double> hi(static_cast<std::size_t>(columns), -inf);
    std::vector<std::size_t> loAt(static_cast<std::size_t>(columns), npos);
    std::vector<std::size_t> hiAt(static_cast<std::size_t>(columns), npos);
    const double perUnit = xMax > xMin ? columns / (xMax - xMin) : 0;

    std::size_t begin = 0, end = n;
    if (xSorted) {
        begin =
            static_cast<std::size_t>(std::lower_bound(x.begin(), x.begin() + n, xMin) - x.begin());
        end =
            static_cast<std::size_t>(std::upper_bound(x.begin(), x.begin() + n, xMax) - x.begin());
        // The nearest drawable neighbours outside, skipping NaN RTTs.
        for (std::size_t i = begin; i-- > 0;)
            if (!std::isnan(y[i])) {
                out.before = i;
                break;
            }
        for (std::size_t i = end; i < n; ++i)
            if (!std::isnan(y[i])) {
                out.after = i;
                break;
            }
    }
    double beforeX = -inf, afterX = inf;
    for (std::size_t i = begin; i < end; ++i) {
        const double v = y[i];
        if (std::isnan(v))
            continue;
        const double xi = x[i];
        if (!(xi >= xMin && xi <= xMax)) { // only reached when unsorted
            if (xi < xMin && xi > beforeX) {
                beforeX = xi;
                out.before = i;
            } else if (xi > xMax && xi < afterX) {
                afterX = xi;
                out.after = i;
            }
            continue;
        }
        const auto c = static_cast<std::size_t>(
            std::min(static_cast<double>(columns - 1), std::floor((xi - xMin) * perUnit)));
        // Strict comparisons keep the first of equal extremes: stable across zooms.
        if (v < lo[c]) {
            lo[c] = v;
            loAt[c] = i;
        }
        if (v > hi[c]) {
            hi[c] = v;
            hiAt[c] = i;
        }
    }
    const double width = xMax > xMin ? (xMax - xMin) / columns : 0;
    for (int c = 0; c < columns; ++c) {
        const auto k = static_cast<std::size_t>(c);
        if (loAt[k] == npos)
            continue;
        out.column.push_back(c);
        out.x.push_back(xMin + (c + 0.5) * width);
        out.min.push_back(lo[k]);
        out.max.push_back(hi[k]);
        out.minIndex.push_back(loAt[k]);
        out.maxIndex.push_back(hiAt[k]);
    }
    return out;
}

std::vector<double> TimelineReducer::lossPerColumn(const std::vector<double>& replyX,
                                                   const std::vector<double>& lostX, double xMin,
                                                   double xMax, int columns) {
    columns = std::max(columns, 1);
    std::vector<double> fraction(static_cast<std::size_t>(columns), 0.0);
    if (!(xMax > xMin))
        return fraction;
    const double perUnit = columns / (xMax - xMin);
    std::vector<std::int64_t> sent(fraction.size(), 0), lost(fraction.size(), 0);
    // The same columns as reduce(): x at xMax belongs to the last one.
    auto count = [&](const std::vector<double>& xs, std::vector<std::int64_t>* into) {
        for (double x : xs)
            if (x >= xMin && x <= xMax) {
                const auto column = static_cast<std::size_t>(
                    std::min(static_cast<double>(columns - 1), std::floor((x - xMin) * perUnit)));
                ++sent[column];
                if (into)
                    ++(*into)[column];
            }
    };
    count(replyX, nullptr);
    count(lostX, &lost);
    for (std::size_t c = 0; c < fraction.size(); ++c)
        if (lost[c] > 0)
            fraction[c] = static_cast<double>(lost[c]) / static_cast<double>(sent[c]);
    return fraction;
}

TimelineReducer::PolyLine TimelineReducer::toPolyLine(const Columns& columns,
                                                      const std::vector<double>& x,
                                                      const std::vector<double>& y) {
    PolyLine line;
    const std::size_t count = columns.column.size();
    line.x.reserve(2 * count + 2);
    line.y.reserve(2 * count + 2);
    line.index.reserve(2 * count + 2);
    auto add = [&](std::size_t i) {
        line.x.push_back(x[i]);
        line.y.push_back(y[i]);
        line.index.push_back(i);
    };
    if (columns.before != npos)
        add(columns.before);
    for (std::size_t k = 0; k < count; ++k) {
        const std::size_t a = std::min(columns.minIndex[k], columns.maxIndex[k]);
        const std::size_t b = std::max(columns.minIndex[k], columns.maxIndex[k]);
        add(a);
        if (b != a)
            add(b);
    }
    if (columns.after != npos)
        add(columns.after);
    return line;
}

} // namespace wb
