#pragma once

namespace wb {

struct Dataset;
struct LatencySeries;

// Facts about a run that its log shows by its data rather than on a line of their own: the
// report interval and length of a throughput test, its direction, and the time between the
// echo requests of a ping log with reply times. LogParser::finish completes every dataset
// with them; a fact a parser read from the log's own words is kept, and nothing is guessed
// where the data leave it open.
class RunFacts {
public:
    static void complete(Dataset& dataset);

    // Seconds between echo requests (to two significant digits) from the reply times of a
    // run: each reply's time less its round trip is when its request left. Known when the
    // requests left at one steady pace; 0 when the run has fewer than three timed replies or
    // the spacing is irregular (ping -A, a clock of whole seconds, a log with gaps in time).
    static double pingIntervalSeconds(const LatencySeries& series);
};

} // namespace wb
