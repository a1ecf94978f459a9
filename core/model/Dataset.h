#pragma once

#include "FlowSeries.h"
#include "LatencySeries.h"

#include <QDateTime>
#include <QMap>
#include <QString>

#include <cstdint>
#include <optional>

namespace wb {

// When a member of a concurrent step ran against its plan, as the step's record tells
// (StepRecord): seconds after the step's start.
struct StepSchedule {
    double plannedOffset = 0;            // when the plan meant to start it
    std::optional<double> startedOffset; // when its client started; nullopt: never
    std::optional<double> stepSeconds;   // the whole step's length; nullopt: still running
};

// Metadata about how a measurement was taken, as far as the log (or the runner) tells.
struct RunInfo {
    QString tool;              // "ping", "fping", "iperf", "iperf3"
    QString dialect;           // parser id, e.g. "iputils", "busybox", "bsd", "windows"
    QString target;            // host or address measured
    QString protocol;          // "icmp", "tcp", "udp"
    QString role;              // "client", "server" (throughput tools)
    int streams = 0;           // parallel streams, 0 when unknown
    QString congestionControl; // e.g. "cubic", "reno"
    QString version;           // tool version or version style when known
    QDateTime start;           // start of the run when known
    QDateTime end;             // end of the run when recorded (a Wirebench run's sidecar)
    // The test's direction as the client sees it: "upload" (the client sends, iperf's
    // default), "download" (the server sends, -R), "bidir" (both, --bidir or iperf2 -d/-r).
    QString direction;
    double durationSeconds = 0;     // length of the test (-t), 0 when unknown
    double intervalSeconds = 0;     // report interval (-i), 0 when unknown
    std::int64_t packetBytes = -1;  // payload per packet (ping -s, hping3 -d, iperf UDP -l)
    double pingIntervalSeconds = 0; // time between echo requests (ping -i), 0 when unknown
    QString commandLine;            // how the run was started (runs made by Wirebench)
    QString host;                   // machine that ran it
    QString kernel;                 // its kernel version
    // What an experiment plan varied for this run ("congestion" -> "cubic", "repetition" ->
    // "2"): grouping by them needs no file-name guessing.
    QMap<QString, QString> parameters;
    // A member of a concurrent step whose record was read beside its log.
    std::optional<StepSchedule> schedule;
    QMap<QString, QString> extra; // further key/value facts (packet size, language, ...)
};

// One measurement run as the rest of the program sees it: what was measured and how.
struct Dataset {
    enum class Kind { Latency, Throughput };

    Kind kind = Kind::Latency;
    QString sourceFile; // file the data came from (or the raw log of a live run)
    QString label;      // what the user calls it; defaults to the file name
    RunInfo info;
    LatencySeries latency; // Kind::Latency
    FlowSeries flows;      // Kind::Throughput
};

} // namespace wb
