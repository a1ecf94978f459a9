#!/usr/bin/env python3
"""Writes the generated Flent data files of tests/data/flent (see SOURCES.md there).

Version 4 files are written by Flent's own resultset module (Debian package flent), so
their layout is Flent's; versions 1 and 3 are written as Flent wrote them then (the
layouts resultset.unserialise_compat converts). Values come from a seeded generator:
running this again writes the same files.

    python3 tests/tools/make_flent_files.py tests/data/flent
"""
import datetime
import gzip
import json
import os
import random
import sys

sys.path.insert(0, "/usr/share/flent")
from flent import resultset  # noqa: E402

T0 = datetime.datetime(2026, 12, 6, 12, 0, 0, 250000)
STEP = 0.2
LENGTH = 4


class Settings:
    NAME = "rrul"
    HOST = "198.18.36.2"
    HOSTS = ["198.18.36.2"]
    TIME = T0
    LOCAL_HOST = "wbflent-a"
    TITLE = ""
    NOTE = None
    LENGTH = LENGTH
    TOTAL_LENGTH = LENGTH
    STEP_SIZE = STEP
    TEST_PARAMETERS = {}
    FLENT_VERSION = "2.1.1"
    IP_VERSION = 4


def epoch(dt):
    return (dt - datetime.datetime(1970, 1, 1)).total_seconds()


def flows(rng, t0):
    """netperf-style throughput raw values ({dur, t, val} Mbit/s), one every STEP."""
    return [{"dur": STEP, "t": t0 + STEP * (i + 1), "val": round(rng.uniform(5, 45), 6)}
            for i in range(int(LENGTH / STEP))]


def pings(rng, t0, lost=()):
    values = []
    for seq in range(int(LENGTH / STEP)):
        t = t0 + STEP * seq + 0.0003
        if seq in lost:
            values.append({"lost": True, "lost_dir": "down", "seq": seq, "t": t})
        else:
            values.append({"seq": seq, "t": t, "val": round(rng.uniform(1, 30), 3)})
    return values


def interpolate(x_values, raw, t0, key="val"):
    """Flent's results: each series on the x_values axis (here the last value at or before)."""
    out = []
    for x in x_values:
        last = None
        for v in raw:
            if key in v and v["t"] - t0 <= x + 1e-9:
                last = v[key]
        out.append(last)
    return out


def v4(path, title, congestion, seed, start):
    """A run `start` after T0: two runs of one test in a folder never share their start."""
    rng = random.Random(seed)
    s = Settings()
    s.TITLE = title
    s.TIME = T0 + start
    rs = resultset.new(s)
    rs.meta("T0", T0 + start)
    rs.meta("KERNEL_NAME", "Linux")
    rs.meta("KERNEL_RELEASE", "6.1.0-28-amd64")
    rs.meta("SYSCTLS", {"net.ipv4.tcp_congestion_control": congestion})
    t0 = epoch(T0 + start)
    x_values = [round(STEP * i, 6) for i in range(int(LENGTH / STEP) + 1)]
    rs.x_values = x_values
    raw = {}
    meta = {}
    for i, name in enumerate(["TCP upload BE", "TCP upload BK", "TCP download BE"]):
        values = flows(rng, t0)
        if "upload" in name:
            # The socket sampler's points, merged into the flow's raw values by time.
            for j in range(int(LENGTH / STEP)):
                values.append({"t": t0 + STEP * j + 0.1, "tcp_cwnd": rng.randint(10, 90),
                               "tcp_rtt": round(rng.uniform(2, 40), 3),
                               "tcp_rtt_var": 1.0})
            values.sort(key=lambda v: v["t"])
        raw[name] = values
        meta[name] = {"RUNNER": "NetperfDemoRunner", "IDX": i, "UNITS": "Mbits/s",
                      "COMMAND": "netperf -t %s" % ("TCP_STREAM" if "upload" in name
                                                    else "TCP_MAERTS"),
                      "TCP_MSS": 1448, "CONG_CONTROL": congestion}
    raw["Ping (ms) ICMP"] = pings(rng, t0)
    meta["Ping (ms) ICMP"] = {"RUNNER": "PingRunner", "IDX": 3, "UNITS": "ms"}
    raw["Ping (ms) UDP BE"] = pings(rng, t0, lost={4, 11})
    meta["Ping (ms) UDP BE"] = {"RUNNER": "IrttRunner", "IDX": 4, "UNITS": "ms"}
    for name, values in raw.items():
        rs.add_result(name, interpolate(x_values, values, t0))
        if "upload" in name:
            rs.add_result(name + "::tcp_cwnd", interpolate(x_values, values, t0, "tcp_cwnd"))
    rs.add_result("TCP totals", [sum(rs[n][i] or 0 for n in raw if n.startswith("TCP"))
                                 for i in range(len(x_values))])
    meta["TCP totals"] = {"RUNNER": "SumRunner", "IDX": 5, "UNITS": "Mbits/s"}
    rs.meta("SERIES_META", meta)
    rs.raw_values = raw
    with gzip.GzipFile(path, "wb", mtime=0) as f:
        f.write(rs.dumps().encode())


def v1(path):
    """Version 1 (netperf-wrapper): no "version", no raw values, local TIME without a zone."""
    rng = random.Random(7)
    x_values = [round(STEP * i, 6) for i in range(int(LENGTH / STEP) + 1)]
    results = {
        "TCP upload": [None] + [round(rng.uniform(5, 45), 6) for _ in x_values[1:]],
        "Ping (ms) ICMP": [round(rng.uniform(1, 30), 3) for _ in x_values],
        "TCP upload sum": [None] * len(x_values),
    }
    results["Ping (ms) ICMP"][3] = None
    doc = {"metadata": {"NAME": "tcp_upload", "TITLE": "old wrapper", "HOST": "198.18.36.2",
                        "TIME": "2013-05-02T14:30:10.500000", "LENGTH": LENGTH,
                        "STEP_SIZE": STEP, "NETPERF_WRAPPER_VERSION": "0.9.1",
                        "SERIES_META": {}},
           "x_values": x_values, "results": results}
    with open(path, "w") as f:
        json.dump(doc, f, indent=2, sort_keys=True)


def v3(path):
    """Version 3: raw values, with netperf UDP_RR still in transactions/s."""
    rng = random.Random(11)
    t0 = epoch(T0)
    x_values = [round(STEP * i, 6) for i in range(int(LENGTH / STEP) + 1)]
    rr = [{"dur": STEP, "t": t0 + STEP * (i + 1), "val": round(rng.uniform(50, 900), 3)}
          for i in range(int(LENGTH / STEP))]
    up = flows(rng, t0)
    doc = {"version": 3,
           "metadata": {"NAME": "rrul_be", "TITLE": "v3", "HOST": "198.18.36.2",
                        "HOSTS": ["198.18.36.2"], "TIME": "2016-03-01T09:00:00.250000Z",
                        "T0": "2016-03-01T09:00:00.250000Z", "LENGTH": LENGTH,
                        "STEP_SIZE": STEP, "FLENT_VERSION": "1.0.0",
                        "SERIES_META": {
                            "Ping (ms) UDP BE": {"RUNNER": "NetperfDemoRunner",
                                                 "UNITS": "ms"},
                            "TCP upload": {"RUNNER": "NetperfDemoRunner",
                                           "UNITS": "Mbits/s"}}},
           "x_values": x_values,
           "results": {"Ping (ms) UDP BE": interpolate(x_values, rr, t0),
                       "TCP upload": interpolate(x_values, up, t0)},
           "raw_values": {"Ping (ms) UDP BE": rr, "TCP upload": up}}
    # Version 3 stored the rr rate in raw values; results were already in ms.
    doc["results"]["Ping (ms) UDP BE"] = [None if v is None else 1000 / v
                                          for v in doc["results"]["Ping (ms) UDP BE"]]
    # Shift the metadata dates into the same epoch as the raw values.
    t3 = datetime.datetime(2016, 3, 1, 9, 0, 0, 250000)
    shift = t0 - epoch(t3)
    for values in doc["raw_values"].values():
        for v in values:
            v["t"] -= shift
    with open(path, "w") as f:
        json.dump(doc, f, indent=2, sort_keys=True)


if __name__ == "__main__":
    out = sys.argv[1]
    v4(os.path.join(out, "rrul-cubic.flent.gz"), "cubic", "cubic", 1, datetime.timedelta(0))
    v4(os.path.join(out, "rrul-bbr.flent.gz"), "bbr", "bbr", 2, datetime.timedelta(minutes=10))
    v1(os.path.join(out, "tcp_upload-v1.flent"))
    v3(os.path.join(out, "rrul_be-v3.json"))
