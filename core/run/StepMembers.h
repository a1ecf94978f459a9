#pragma once

#include "RunSpec.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace wb {

// One tool of a concurrent step: its run, its name in the step's file names
// (STEM.NAME.log) and when it starts, in seconds after the step's start.
struct StepMember {
    QString name; // "ping", "iperf-1", ...; empty = named by StepMembers::complete
    RunSpec spec;
    double startSeconds = 0;
    // Another member's name: this one is stopped (SIGINT, so it prints its summary) when that
    // one ends, and counts as completed when it measured; its own duration is then the most
    // it runs. Load that lasts exactly as long as the ping that measures it. An irtt member
    // ends by its duration instead (StepMembers::endIrttWithItsUntil).
    QString until;
};

// The rules every concurrent step follows, whether it comes from a plan, `wirebench-cli run
// --member` or the Run panel.
class StepMembers {
public:
    static constexpr double kDefaultSampleSeconds = 0.1;
    static constexpr double kMinSampleSeconds = 0.01;
    static constexpr double kMaxSampleSeconds = 1.0;
    static constexpr double kMaxStartSeconds = 86400;
    static constexpr int kMaxMembers = 64;

    // A ping member given a duration sends for that long: count = duration / interval.
    static void pingFor(RunSpec* spec, double seconds);
    // Names unnamed members "ping", "irtt" (then "ping-2", "irtt-2", ...) and "iperf-1",
    // "iperf-2", ... in order, and gives every iperf or irtt member whose server Wirebench
    // starts and that names no port a port of its own (the tool's default, 5001 / 5201 /
    // 2112, then upwards, past the ports given): concurrent servers on one host cannot share
    // one, and the TCP state sampled with ss is matched to its flow by port. Then
    // endIrttWithItsUntil.
    static void complete(std::vector<StepMember>* members);
    // irtt writes its JSON to stdout only when it ends by itself: a signal loses it. So an
    // irtt member given `until` is not stopped by signal (stopsWithItsUntil is false); its
    // duration is shortened to end when the member it runs until is planned to end (that
    // member's start plus its expected time, whole seconds up), never lengthened.
    static void endIrttWithItsUntil(std::vector<StepMember>* members);
    // Whether the member is stopped (SIGINT) when the member it runs until ends.
    static bool stopsWithItsUntil(const StepMember& member);
    // Latency under load as RRUL measures it: ping (or irtt, as latencyTool says) `base.target`
    // (its interval, ping's size or irtt's length, the client prefix) for the load plus
    // `marginSeconds` before and after, and `up` TCP flows up and `down` down (iperf3 -R) for
    // `loadSeconds` from `marginSeconds` on, each with a server Wirebench starts (base's
    // prefixes, streams, congestion control and report interval; its port, when given, is the
    // first flow's and the others count up from it). irtt gets its own server too, through
    // base's server prefix, on irtt's port 2112. Members "ping" or "irtt", "up-1", ...,
    // "down-1", ...
    static std::vector<StepMember> latencyUnderLoad(const RunSpec& base, int up, int down,
                                                    int loadSeconds, double marginSeconds,
                                                    RunTool latencyTool = RunTool::Ping);
    // Every problem with the members, each starting with the member's name (or place).
    static QStringList check(const std::vector<StepMember>& members);
    static QString checkSampleSeconds(double seconds);

    // The commands that sample the TCP state of the step's TCP flows, one per host that sends
    // (the client's prefix for uploads, the server's for -R): prefix + ss -tin FILTER, the
    // filter naming the flows' server ports. Flows whose sender cannot be reached (-R to a
    // server Wirebench did not start) are left out with a sentence in *skipped.
    static std::vector<QStringList> tcpSampleCommands(const std::vector<StepMember>& members,
                                                      QStringList* skipped);
};

} // namespace wb
