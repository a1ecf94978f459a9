#!/usr/bin/env python3
"""Writes a realistic iperf 2.1.8 TCP client log of `iperf -c HOST -P STREAMS -i 1 -t SECONDS`,
deterministically (seeded), in iperf 2.1.8's exact line formats.

STREAMS cubic flows share a 1 Gbit/s bottleneck: each has its own share (lognormal), drifts
from second to second and now and then halves its rate (a loss) and climbs back; per-second
byte counts are mostly whole 128 KiB writes, as a client counts them. Each second prints
every flow's line in thread order (shuffled) and then the [SUM] line; at the end each flow
prints its last full second, a short last interval and its whole-run line, interleaved as
iperf's threads finish, then the SUM of the tail and of the whole run.
With --enhanced the log is that of `-e` (Write/Err, Rtry, Cwnd/RTT(var), NetPwr columns,
connection times, the "(N flows)" banner).
Usage: make_iperf2_log.py [--enhanced] [--seed N] SECONDS STREAMS OUT
"""
import argparse
import math
import random

LINK_BITS = 1e9
GOODPUT = 0.941  # of the link: TCP/IP header overhead at MSS 1448
WRITE = 131072   # iperf's default write size (-l 128K)


def adaptive(value, base, units):
    # iperf's byte_snprintf with an adaptive format ('A'/'a'): at most 4 figures.
    conv = 0
    while value >= base and conv < len(units) - 1:
        value /= base
        conv += 1
    if value < 9.995:
        figure = "%4.2f" % value
    elif value < 99.95:
        figure = "%4.1f" % value
    else:
        figure = "%4.0f" % value
    return "%s %s" % (figure, units[conv])


def transfer(nbytes):
    return adaptive(float(nbytes), 1024.0, ["Bytes", "KBytes", "MBytes", "GBytes", "TBytes"])


def rate(nbytes, seconds):
    bits = nbytes * 8.0 / seconds if seconds > 0 else 0.0
    return adaptive(bits, 1000.0, ["bits", "Kbits", "Mbits", "Gbits", "Tbits"]) + "/sec"


def span(start, end):
    return "%.4f-%.4f sec" % (start, end)


class Flow:
    def __init__(self, stream, rng):
        self.stream = stream
        self.share = rng.lognormvariate(0.0, 0.35)
        self.drift = 0.0
        self.backoff = 1.0
        self.cwnd = rng.randint(200, 600)  # KBytes
        self.rtt = rng.uniform(2000.0, 6000.0)  # us
        self.total = 0
        self.writes = 0
        self.retries = 0

    def step(self, rng):
        # AR(1) drift in log space plus cubic's multiplicative decrease and regrowth.
        self.drift = 0.85 * self.drift + rng.gauss(0.0, 0.12)
        if rng.random() < 0.06:
            self.backoff *= 0.7
        self.backoff = min(1.0, self.backoff * 1.08)
        return self.share * math.exp(self.drift) * self.backoff


class Log:
    def __init__(self, out, enhanced):
        self.out = out
        self.enhanced = enhanced

    def line(self, tag, start, end, nbytes, extra=""):
        self.out.write("[%s] %s  %s  %s%s\n" % (tag, span(start, end), transfer(nbytes),
                                               rate(nbytes, end - start), extra))


def tag(stream):
    return "%3d" % stream


def enhanced_columns(flow, nbytes, seconds, rng, whole):
    if whole:
        writes, retries = flow.writes, flow.retries
    else:
        writes = max(1, int(round(nbytes / WRITE))) if nbytes else 0
        retries = rng.choice([0] * 8 + [1, 2, 3, 5])
        flow.writes += writes
        flow.retries += retries
    flow.cwnd = max(20, min(4000, flow.cwnd + rng.randint(-40, 40)))
    flow.rtt = max(300.0, min(20000.0, flow.rtt * rng.uniform(0.9, 1.1)))
    var = int(flow.rtt * rng.uniform(0.05, 0.3))
    # NetPwr: bytes per second over the RTT in seconds, in millions
    netpwr = int(nbytes / seconds / (flow.rtt * 1e-6) / 1e6) if seconds > 0 else 0
    return "  %d/0 %10d  %7dK/%d(%d) us  %d" % (writes, retries, flow.cwnd, int(flow.rtt), var,
                                                netpwr)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("seconds", type=int)
    parser.add_argument("streams", type=int)
    parser.add_argument("out")
    parser.add_argument("--enhanced", action="store_true", help="iperf -e output")
    parser.add_argument("--seed", type=int, default=20261129)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    seconds, streams = args.seconds, args.streams
    flows = [Flow(stream, rng) for stream in range(1, streams + 1)]

    with open(args.out, "w") as out:
        log = Log(out, args.enhanced)
        out.write("-" * 60 + "\n")
        if args.enhanced:
            out.write("Client connecting to 10.10.1.2, TCP port 5001 with pid %d (%d flows)\n"
                      % (rng.randint(2000, 60000), streams))
            out.write("Write buffer size: 131072 Byte\n")
            out.write("TCP congestion control set to cubic\n")
            out.write("TOS set to 0x0 (Nagle on)\n")
        else:
            out.write("Client connecting to 10.10.1.2, TCP port 5001\n")
            out.write("TCP congestion control set to cubic\n")
        out.write("TCP window size: 85.0 KByte (default)\n")
        out.write("-" * 60 + "\n")
        port = rng.randint(33000, 50000)
        order = list(flows)
        rng.shuffle(order)
        connect_ms = []
        for flow in order:
            port += rng.randint(2, 20)
            irtt = rng.choice([4, 5, 5, 6, 6, 7, 10, 18])
            if args.enhanced:
                ct = rng.uniform(0.1, 0.4)
                connect_ms.append(ct)
                out.write("[%s] local 10.10.1.1 port %d connected with 10.10.1.2 port 5001 "
                          "(sock=%d) (icwnd/mss/irtt=14/1448/%d) (ct=%.2f ms) "
                          "on 2026-11-29 23:19:40 (UTC)\n"
                          % (tag(flow.stream), port, flow.stream + 2, irtt, ct))
            else:
                out.write("[%s] local 10.10.1.1 port %d connected with 10.10.1.2 port 5001 "
                          "(icwnd/mss/irtt=14/1448/%d)\n" % (tag(flow.stream), port, irtt))
        if args.enhanced:
            mean = sum(connect_ms) / len(connect_ms)
            stdev = math.sqrt(sum((c - mean) ** 2 for c in connect_ms) / len(connect_ms))
            out.write("[ CT] final connect times (min/avg/max/stdev) = %.3f/%.3f/%.3f/%.3f ms "
                      "(tot/err) = %d/0\n" % (min(connect_ms), mean, max(connect_ms), stdev,
                                              streams))
            out.write("[ ID] Interval            Transfer    Bandwidth       Write/Err  Rtry"
                      "     Cwnd/RTT(var)        NetPwr\n")
        else:
            out.write("[ ID] Interval       Transfer     Bandwidth\n")

        def second(t, printed):
            # One second of every flow; `printed` flows get their line now, the rest later.
            raw = [flow.step(rng) for flow in flows]
            capacity = LINK_BITS * GOODPUT * (1 - abs(rng.gauss(0.0, 0.01))) / 8
            if t == 0:
                capacity *= 0.8  # slow start
            scale = capacity / sum(raw)
            lines = []
            for flow, weight in zip(flows, raw):
                nbytes = int(weight * scale)
                if rng.random() < 0.7:
                    nbytes = max(WRITE, int(round(nbytes / WRITE)) * WRITE)
                flow.total += nbytes
                lines.append((flow, nbytes))
            rng.shuffle(lines)
            total = 0
            for flow, nbytes in lines:
                total += nbytes
                if printed:
                    emit(flow, t, t + 1.0, nbytes)
            return total, lines

        def emit(flow, start, end, nbytes):
            whole = start == 0.0 and end > 1.0
            extra = enhanced_columns(flow, nbytes, end - start, rng, whole) \
                if args.enhanced else ""
            log.line(tag(flow.stream), start, end, nbytes, extra)

        sum_writes = 0
        grand = 0
        for t in range(seconds - 1):
            before = sum(flow.writes for flow in flows)
            total, _ = second(t, True)
            grand += total
            extra = ""
            if args.enhanced:
                writes = sum(flow.writes for flow in flows) - before
                sum_writes += writes
                extra = "  %d/0 %10d" % (writes, rng.choice([0] * 6 + [1, 2, 4, 9]))
            log.line("SUM", t, t + 1.0, total, extra)

        # The last second and the tails, interleaved as the threads finish.
        last, lines = second(seconds - 1, False)
        grand += last
        events = []
        ends = {}
        for flow, nbytes in lines:
            events.append((rng.uniform(0, 1), "second", flow, nbytes))
            end = seconds + rng.uniform(0.1, 0.9)
            ends[flow.stream] = end
            events.append((1 + (end - seconds), "tail", flow, None))
        events.sort(key=lambda event: event[0])
        tail_bytes = 0
        for _, kind, flow, nbytes in events:
            if kind == "second":
                emit(flow, seconds - 1.0, float(seconds), nbytes)
                continue
            end = ends[flow.stream]
            tail = int(LINK_BITS * GOODPUT / 8 / streams * (end - seconds) *
                       rng.uniform(0.3, 1.2))
            flow.total += tail
            tail_bytes += tail
            if rng.random() < 0.85:  # a few flows stop without a last short interval line
                emit(flow, float(seconds), end, tail)
            emit(flow, 0.0, end, flow.total)
        grand += tail_bytes
        finish = max(ends.values())
        extra = "  %d/0 %10d" % (sum(f.writes for f in flows) - sum_writes, 3) \
            if args.enhanced else ""
        log.line("SUM", seconds - 1.0, finish, last + tail_bytes, extra)
        extra = "  %d/0 %10d" % (sum(f.writes for f in flows), sum(f.retries for f in flows)) \
            if args.enhanced else ""
        log.line("SUM", 0.0, finish, grand, extra)


if __name__ == "__main__":
    main()
