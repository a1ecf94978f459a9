#pragma once

#include <QString>

#include <optional>

namespace wb {

// What a configured value measures, each in the unit the measurements of that kind use, so a
// configured value and a measured one compare without conversion.
enum class Quantity {
    Number,        // a plain count or setting (streams, buffer packets): as written
    Percent,       // loss and other proportions, in % (0.05 as a probability is 5)
    Milliseconds,  // delays and RTTs
    BitsPerSecond, // rates
};

// The unit a quantity's values are in, as tables print it: "", "%", "ms", "bit/s".
QString unitOf(Quantity quantity);

// A configured value read from a metadata field, a plan parameter or a file name: the text as
// written and the number it stands for.
//
// The rules, decided by the text's unit and, for a bare number, by the parameter's name:
//  - "%" or "pct" (also "percent"): a percent. "5%" and "5pct" are 5 %.
//  - A bare number for a parameter whose name says loss or probability (it contains "loss",
//    "drop" or "prob", any case) is a probability when it lies in [0, 1] (iptables
//    --probability, nft numgen, a plan's loss=0.05 are 5 %), and a percent above 1 (loss=5
//    is 5 %). So a bare "1" is a probability, 100 %: write "1%" for one percent.
//  - "us"/"usec", "ms"/"msec", "s"/"sec" (tc, ping): a delay, in ms. A bare number for a
//    parameter whose name says delay ("delay", "rtt", "latency", "jitter") is in ms.
//  - Rates as iperf -b and tc write them, 1000 per step: "10K", "100M", "1G", "10k",
//    "10kbit", "10mbit", "1gbit", "1.5Mbps", "1.5Mbit/s", "94.2 Mbits/sec" (the iperf report
//    words, IperfUnits), "bit"/"bps"/"bit/s"; a byte rate ("10MBps", "10MB/s", "MBytes/sec")
//    is 8 bits per byte with iperf's 1024 per step for "KBytes/sec" words and 1000 otherwise.
//    "Mbps" is megabits per second as iperf and most people write it (tc alone reads "mbps"
//    as megabytes; tc's own output writes "Mbit"). A bare number for a parameter whose name
//    says rate ("rate", "bandwidth", "bw", "bitrate", "speed") is in bit/s.
//  - "unlimited", "none", "inf", "max" (any case): no limit, quantity from the name (a rate
//    parameter's: BitsPerSecond), sorted after every number.
//  - Any other bare number: Quantity::Number. Anything else is not a configured value.
struct ConfiguredValue {
    QString text; // as written, trimmed: "0.05", "100M", "20ms"
    Quantity quantity = Quantity::Number;
    double value = 0; // in unitOf(quantity); +infinity when unlimited
    bool unlimited = false;

    // nullopt when the text is not a number with a unit these rules know.
    static std::optional<ConfiguredValue> parse(const QString& parameter, const QString& text);

    // The length of a unit word at the start of text followed by no further letter ("pct" of
    // "pct-client.txt", "ms" of "ms.log", "M" of "M-server.csv"; 0 for "-server.csv"): a file
    // name pattern's literal right after a field that carries the field's unit.
    static int unitPrefixLength(const QString& text);

    // The value in its quantity's unit for people: "5 %", "0.125 %", "20 ms", "100 Mbit/s",
    // "500 kbit/s", "unlimited" (rates in the largest of bit/s, kbit/s, Mbit/s, Gbit/s that
    // keeps the number at least 1).
    QString display() const;

    // Numeric order: by value (unlimited last), then by text.
    static bool less(const ConfiguredValue& a, const ConfiguredValue& b);
};

} // namespace wb
