#pragma once

#include "LogParser.h"

#include <QString>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace wb {

// One row per log format Wirebench reads: how to recognise it and how to make its parser.
// Adding a format means adding its parser class and one row to the table in the .cpp; every
// list of formats shown to people is made from the rows or checked against them (tst_formatlists).
struct FormatEntry {
    const char* id;          // stable id used in reports and the CLI, e.g. "ping/iputils"
    const char* tool;        // "ping", "fping", "iperf", "iperf3"
    const char* dialect;     // "iputils", "busybox", ...
    const char* name;        // in lists of formats for people: "BusyBox ping", "iperf3 JSON"
    const char* description; // for people
    const char* example;     // two or more lines of a real log of the format (Help > Formats)
    Dataset::Kind kind;
    int (*sniff)(std::string_view head); // 0 = not this format; higher = more certain
    std::unique_ptr<LogParser> (*create)();
};

class FormatRegistry {
public:
    // How many bytes from the start of a file the sniffers look at.
    static constexpr std::size_t kSniffBytes = 16 * 1024;

    static const std::vector<FormatEntry>& formats();
    // The best-scoring format for the start of a log, or nullptr when none recognises it.
    static const FormatEntry* detect(std::string_view head);
    static const FormatEntry* find(std::string_view id);
    // Every format's name: "Linux iputils ping, BusyBox ping, ... and ss".
    static std::string names();
};

} // namespace wb
