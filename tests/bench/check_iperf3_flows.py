#!/usr/bin/env python3
"""Checks `wirebench-cli flows --format json LOG` against LOG read with Python's json module.

    check_iperf3_flows.py LOG CLI_OUTPUT.json

Values read from the log (bytes, times, bit rates of every interval and total) must be equal;
statistics computed from them (Jain's index, per-interval mean/median/stddev) equal to 1e-9.
"""

import json
import statistics
import sys


def close(a, b):
    return a == b or abs(a - b) <= 1e-9 * max(abs(a), abs(b))


def main():
    log, output = sys.argv[1], sys.argv[2]
    with open(log) as f:
        doc = json.load(f)
    with open(output) as f:
        report = json.load(f)["datasets"][0]
    problems = []

    def expect(what, actual, wanted, exact=True):
        if not (actual == wanted if exact else close(actual, wanted)):
            problems.append("%s: wirebench %r, expected %r" % (what, actual, wanted))

    end = doc["end"]
    expect("tool", report["tool"], "iperf3")
    expect("protocol", report["protocol"], doc["start"]["test_start"]["protocol"].lower())
    expect("role", report["role"], "client")
    expect("congestion_control", report["congestion_control"], end["sender_tcp_congestion"])
    flows = report["flows"]
    expect("flows", len(flows), len(end["streams"]))
    rates = []
    for k, (flow, stream) in enumerate(zip(flows, end["streams"])):
        receiver = stream["receiver"]
        socket = receiver["socket"]
        expect("flow %d id" % k, flow["id"], str(socket))
        expect("flow %s bytes" % socket, flow["bytes"], receiver["bytes"])
        expect("flow %s seconds" % socket, flow["seconds"], receiver["end"] - receiver["start"], False)
        expect("flow %s bits_per_second" % socket, flow["bits_per_second"], receiver["bits_per_second"])
        for key in ("jitter_ms", "lost", "total_datagrams"):
            expect("flow %s %s" % (socket, key), flow[key], None)
        rates.append(receiver["bits_per_second"])
        wanted = [s for interval in doc["intervals"] for s in interval["streams"] if s["socket"] == socket]
        expect("flow %s intervals" % socket, len(flow["intervals"]), len(wanted))
        for i, (got, want) in enumerate(zip(flow["intervals"], wanted)):
            for key in ("start", "end", "bytes", "bits_per_second"):
                expect("flow %s interval %d %s" % (socket, i, key), got[key], want[key])
    received = end["sum_received"]
    expect("sum bytes", report["sum"]["bytes"], received["bytes"])
    expect("sum bits_per_second", report["sum"]["bits_per_second"], received["bits_per_second"])
    expect("sum seconds", report["sum"]["seconds"], received["end"] - received["start"], False)
    expect("jain_fairness", report["jain_fairness"], sum(rates) ** 2 / (len(rates) * sum(r * r for r in rates)), False)
    sums = [interval["sum"]["bits_per_second"] for interval in doc["intervals"]]
    stats = report["interval_bits_per_second"]
    expect("interval mean", stats["mean"], statistics.fmean(sums), False)
    expect("interval median", stats["median"], statistics.median(sums), False)
    expect("interval stddev", stats["stddev"], statistics.pstdev(sums), False)
    for problem in problems[:20]:
        print("check_iperf3_flows.py: " + problem, file=sys.stderr)
    if problems:
        sys.exit(1)
    print("flows of %s: %d flows x %d intervals as expected" % (log, len(flows), len(doc["intervals"])))


if __name__ == "__main__":
    main()
