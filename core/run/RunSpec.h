#pragma once

#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace wb {

enum class RunTool { Ping, Iperf2, Iperf3, Irtt };

// The program name of a tool ("ping", "iperf", "iperf3", "irtt").
QString runToolProgram(RunTool tool);
// Accepts "ping", "iperf", "iperf2", "iperf3" and "irtt".
std::optional<RunTool> runToolFromName(const QString& name);

// One measurement to run: which tool against which target, the options users change, and
// how to reach the hosts. Everything here becomes separate arguments of a process, never a
// shell string (see RunValidation for what each value may contain).
struct RunSpec {
    RunTool tool = RunTool::Ping;
    QString target;
    QString label; // dataset label; empty = made from the tool, target and parameters

    // ping (and irtt: intervalSeconds is irtt's -i)
    int count = 10;
    double intervalSeconds = 1.0; // below 0.2 s iputils ping needs root
    int packetSize = 56;          // ICMP payload bytes (-s)

    // irtt: bytes of each UDP payload, irtt's headers included (-l); 0 = irtt's smallest
    int packetLength = 0;

    // iperf2 / iperf3 (durationSeconds and port: irtt's -d and port too)
    int durationSeconds = 10;           // -t
    double reportIntervalSeconds = 1.0; // -i
    int streams = 1;                    // -P
    bool udp = false;                   // -u
    QString bandwidth;                  // -b, e.g. "10M"; empty = tool default
    bool reverse = false;               // -R: the server sends
    QString congestionControl;          // -Z (iperf2) / -C (iperf3); empty = system default
    int port = 0;                       // -p (irtt: HOST:PORT); 0 = the tool's default
    bool json = false;        // iperf3 only: -J (its results arrive at the end; text grows live)
    bool startServer = false; // start "iperf -s" / "iperf3 -s -1" / "irtt server" for this run

    // More arguments for the client's tool, e.g. {"-w", "4M", "-l", "1400"}, passed after
    // Wirebench's own (RunValidation says which are refused and why).
    QStringList extraArgs;

    // Transport prefixes, e.g. {"ssh", "node-1"} or {"ip", "netns", "exec", "wb-a"}: the
    // client runs as clientPrefix + command, a started server as serverPrefix + command.
    QStringList clientPrefix;
    QStringList serverPrefix;

    // What an experiment plan varied for this run (e.g. {"congestion": "cubic",
    // "streams": "30", "repetition": "2"}); carried into the dataset's RunInfo.
    QMap<QString, QString> parameters;

    bool isIperf() const { return tool == RunTool::Iperf2 || tool == RunTool::Iperf3; }
    // The label, or one made from the tool, target and options ("iperf 198.18.0.2 cubic P4").
    QString displayLabel() const;
};

} // namespace wb
