#pragma once

#include "RunSpec.h"

#include <QStringList>

namespace wb {

// The argument lists a RunSpec becomes, with what the runner needs to know about them.
struct RunCommands {
    QStringList client;         // prefix + tool + options + target
    QStringList server;         // empty unless the spec starts a server
    QStringList versionCommand; // tool + its version flag, without the prefix
    QString formatId;           // registry id of the client's output, e.g. "iperf3/json"
    // What the started server prints once its socket listens ("listening", irtt's
    // "[ListenerStart]"): the client starts after it.
    QByteArray serverReady;
    double expectedSeconds = 0;

    // The spec must have passed RunValidation::check.
    static RunCommands build(const RunSpec& spec);
    // The port a started server listens on and the client connects to: the spec's, else the
    // tool's default (iperf2 5001, iperf3 5201, irtt 2112).
    static int serverPort(const RunSpec& spec);
    // A time as Go's time.ParseDuration reads it (irtt's -d and -i): "10s", "0.5ms"; never
    // with an exponent, to the microsecond.
    static QString goDuration(double seconds);
    // How a command line is shown to people and stored in sidecars: words joined by spaces
    // (the validated words need no quoting).
    static QString display(const QStringList& argv);
    // The last lines a command printed, trimmed and joined by " / ": how its own words are
    // quoted in a message about it.
    static QString lastLines(const QByteArray& output, int lines = 3);
};

} // namespace wb
