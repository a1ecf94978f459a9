#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace wb {

struct LatencySeries;

// Reduces an RTT-over-time series to what a plot of a given width can show. An hour of
// `ping -i 0.001` is 3.6 M replies; drawing them point by point is slow and no sharper than
// one vertical min-max stroke per pixel column. Every column keeps its exact minimum and
// maximum (and the samples they came from), so a single spike among millions never vanishes
// and a zoom into one second shows the exact replies.
class TimelineReducer {
public:
    // What the x values of a series mean; views say it on the axis.
    enum class XAxis {
        TimeSinceFirstReply,   // from -D / fping timestamps: seconds since the first reply
        SequenceTimesInterval, // sequence number × the interval the caller knows (s)
        Sequence,              // sequence number, when neither time nor interval is known
    };

    // The reduction of one visible range. Only non-empty columns are listed; the vectors are
    // aligned and ordered by column.
    struct Columns {
        std::vector<int> column;           // pixel column, 0 .. columns-1
        std::vector<double> x;             // centre of the column in x units
        std::vector<double> min;           // lowest RTT in the column (ms)
        std::vector<double> max;           // highest RTT in the column (ms)
        std::vector<std::size_t> minIndex; // sample of the minimum
        std::vector<std::size_t> maxIndex; // sample of the maximum
        // Nearest samples just outside the range, so a line runs on to the plot edges;
        // npos when there is none.
        std::size_t before = npos;
        std::size_t after = npos;
    };

    // Points to draw as one line: within each column it visits the minimum and the maximum in
    // the order they were measured, at their exact x, so the stroke covers the full range.
    struct PolyLine {
        std::vector<double> x;
        std::vector<double> y;
        std::vector<std::size_t> index; // sample behind each point (for hover read-outs)
    };

    static constexpr std::size_t npos = static_cast<std::size_t>(-1);

    // The x axis a series supports: timestamps when it has them, else sequence × interval
    // when intervalSeconds > 0, else bare sequence numbers.
    static XAxis axisFor(const LatencySeries& series, double intervalSeconds);
    // x of every reply under the given axis (aligned with series.rttMs). With timestamps the
    // first reply is 0, so runs started at different times overlay.
    static std::vector<double> xValues(const LatencySeries& series, XAxis axis,
                                       double intervalSeconds);
    // x of sequence numbers that have no reply of their own (lost requests, errors, duplicates).
    // With timestamps they are interpolated between the replies around them (and extrapolated
    // at the ends from the mean spacing), since a lost request has no time in the log.
    static std::vector<double> xOfSequences(const LatencySeries& series,
                                            const std::vector<std::int64_t>& sequences, XAxis axis,
                                            double intervalSeconds);

    // x and y aligned (NaN y skipped). [xMin, xMax] is the visible range, columns the plot
    // width in pixels. xSorted lets the reducer binary-search the range (a zoom into one second
    // of a day then touches only that second); unsorted x (reordered replies) is scanned whole.
    static Columns reduce(const std::vector<double>& x, const std::vector<double>& y, double xMin,
                          double xMax, int columns, bool xSorted);
    // The share of requests lost in each of `columns` pixel columns of [xMin, xMax]: lost /
    // (replies + lost) of the requests whose x falls in the column (replyX: x of each reply,
    // lostX: of each lost request, as xValues and xOfSequences give them); 0 where nothing
    // was lost or nothing was sent. What a loss strip shades, so a few losses among millions
    // of requests stay a faint mark and a column where everything was lost is solid.
    static std::vector<double> lossPerColumn(const std::vector<double>& replyX,
                                             const std::vector<double>& lostX, double xMin,
                                             double xMax, int columns);
    static PolyLine toPolyLine(const Columns& columns, const std::vector<double>& x,
                               const std::vector<double>& y);
};

} // namespace wb
