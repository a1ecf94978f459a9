#!/usr/bin/env python3
"""Writes a realistic `iperf3 -J` log of a long TCP run with parallel streams, deterministically.

    make_iperf3_json.py SECONDS OUT [--streams 30] [--seed 1] [--cc cubic]

The layout is byte for byte what iperf3 3.12 (cJSON, tab-indented) writes for
`iperf3 -c HOST -P N -i 1 -t SECONDS -J`, as in samples/iperf3-*-P4.json: per-stream
socket/start/end/seconds (a float)/bytes/bits_per_second/retransmits/snd_cwnd/snd_wnd/rtt/
rttvar/pmtu/omitted/sender, an interval "sum", and the end section with sender and receiver
totals, sum_sent, sum_received, CPU use and the congestion control. Streams follow a seeded
random walk around an equal share of a 1 Gbit/s bottleneck, as TCP flows do.
30 streams write about 10.5 KB per second of run: 20000 s is about 210 MB.
"""

import argparse
import random
import struct

MSS = 1448


def number(value):
    """A number as cJSON prints it: %d for int-sized whole numbers, else %1.15g or %1.17g."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int) and -(2 ** 31) <= value < 2 ** 31:
        return "%d" % value
    value = float(value)
    if value == int(value) and -(2 ** 31) <= value < 2 ** 31:
        return "%d" % int(value)
    text = "%1.15g" % value
    if float(text) != value:
        text = "%1.17g" % value
    return text


def dump(value, depth):
    """cJSON_Print: objects one member per line, tab-indented, "key":<TAB>value; arrays inline."""
    if isinstance(value, list) and value and isinstance(value[0], tuple):  # an object (pairs)
        pad = "\t" * (depth + 1)
        members = ",\n".join('%s"%s":\t%s' % (pad, k, dump(v, depth + 1)) for k, v in value)
        return "{\n%s\n%s}" % (members, "\t" * depth)
    if isinstance(value, list) and value == []:
        return "[]"
    if isinstance(value, list):
        return "[" + ", ".join(dump(v, depth + 1) for v in value) + "]"
    if isinstance(value, str):
        return '"%s"' % value
    if isinstance(value, bool):
        return "true" if value else "false"
    return number(value)


def as_float32(value):
    """iperf3 keeps interval lengths in a C float; the JSON shows that float as a double."""
    return struct.unpack("f", struct.pack("f", value))[0]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("seconds", type=int)
    parser.add_argument("out")
    parser.add_argument("--streams", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cc", default="cubic")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    n, duration = args.streams, args.seconds
    sockets = [5 + 2 * i for i in range(n)]
    ports = [50228 + 14 * i for i in range(n)]

    start = [("connected", [[("socket", s), ("local_host", "198.18.2.1"), ("local_port", p),
                              ("remote_host", "198.18.1.1"), ("remote_port", 5201)]
                             for s, p in zip(sockets, ports)]),
             ("version", "iperf 3.12"),
             ("system_info", "Linux vm 6.1.0-18-amd64 #1 SMP PREEMPT_DYNAMIC Debian 6.1.76-1 x86_64"),
             ("timestamp", [("time", "Sun, 29 Nov 2026 23:18:15 GMT"), ("timesecs", 1795994295)]),
             ("connecting_to", [("host", "198.18.1.1"), ("port", 5201)]),
             ("cookie", "".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(36))),
             ("tcp_mss_default", MSS), ("target_bitrate", 0)]
    for _ in range(n):  # iperf3 repeats these once per stream
        start += [("sock_bufsize", 0), ("sndbuf_actual", 16384), ("rcvbuf_actual", 131072)]
    start.append(("test_start", [("protocol", "TCP"), ("num_streams", n), ("blksize", 131072),
                                 ("omit", 0), ("duration", duration), ("bytes", 0), ("blocks", 0),
                                 ("reverse", 0), ("tos", 0), ("target_bitrate", 0)]))

    share = 1e9 / 8 / n  # bytes per second per stream
    rate = [share * rng.uniform(0.6, 1.4) for _ in range(n)]
    cwnd = [rng.randrange(20, 120) * MSS for _ in range(n)]
    rtt_base = [rng.randrange(21000, 24000) for _ in range(n)]
    total_bytes = [0] * n
    total_retr = [0] * n
    max_cwnd = [0] * n
    max_wnd = [0] * n
    rtts = [[] for _ in range(n)]
    ends = [0.0] * n

    with open(args.out, "w") as out:
        out.write('{\n\t"start":\t%s,\n\t"intervals":\t[' % dump(start, 1))
        for second in range(duration):
            streams = []
            sum_bytes = sum_retr = 0
            first = None
            for i in range(n):
                begin = ends[i]
                end = round(second + 1 + rng.randrange(60, 260) * 1e-6, 6)
                seconds = as_float32(end - begin)
                rate[i] = min(max(rate[i] * rng.uniform(0.85, 1.15), share * 0.2), share * 2.5)
                nbytes = max(1, int(rate[i] * seconds / MSS)) * MSS
                retr = rng.choice((0, 0, 0, 0, 1, 2, 5, 12, 31, 58))
                cwnd[i] = min(max(cwnd[i] + rng.randrange(-8, 9) * MSS, 10 * MSS), 400 * MSS)
                wnd = rng.randrange(300, 2000) * 1024
                rtt = rtt_base[i] + rng.randrange(-900, 4000)
                ends[i] = end
                total_bytes[i] += nbytes
                total_retr[i] += retr
                max_cwnd[i] = max(max_cwnd[i], cwnd[i])
                max_wnd[i] = max(max_wnd[i], wnd)
                rtts[i].append(rtt)
                sum_bytes += nbytes
                sum_retr += retr
                if first is None:
                    first = (begin, end, seconds)
                streams.append(
                    '{\n\t\t\t\t\t"socket":\t%d,\n\t\t\t\t\t"start":\t%s,\n\t\t\t\t\t"end":\t%s,\n'
                    '\t\t\t\t\t"seconds":\t%s,\n\t\t\t\t\t"bytes":\t%d,\n\t\t\t\t\t"bits_per_second":\t%s,\n'
                    '\t\t\t\t\t"retransmits":\t%d,\n\t\t\t\t\t"snd_cwnd":\t%d,\n\t\t\t\t\t"snd_wnd":\t%d,\n'
                    '\t\t\t\t\t"rtt":\t%d,\n\t\t\t\t\t"rttvar":\t%d,\n\t\t\t\t\t"pmtu":\t1500,\n'
                    '\t\t\t\t\t"omitted":\tfalse,\n\t\t\t\t\t"sender":\ttrue\n\t\t\t\t}'
                    % (sockets[i], number(begin), number(end), number(seconds), nbytes,
                       number(nbytes * 8 / seconds), retr, cwnd[i], wnd, rtt, rng.randrange(200, 900)))
            begin, end, seconds = first
            summary = ('{\n\t\t\t\t"start":\t%s,\n\t\t\t\t"end":\t%s,\n\t\t\t\t"seconds":\t%s,\n'
                       '\t\t\t\t"bytes":\t%d,\n\t\t\t\t"bits_per_second":\t%s,\n\t\t\t\t"retransmits":\t%d,\n'
                       '\t\t\t\t"omitted":\tfalse,\n\t\t\t\t"sender":\ttrue\n\t\t\t}'
                       % (number(begin), number(end), number(seconds), sum_bytes,
                          number(sum_bytes * 8 / seconds), sum_retr))
            out.write("%s{\n\t\t\t\"streams\":\t[%s],\n\t\t\t\"sum\":\t%s\n\t\t}"
                      % (", " if second else "", ", ".join(streams), summary))

        sent_end = max(ends)
        recv_end = round(sent_end + rng.randrange(5000, 40000) * 1e-6, 6)
        end_streams = []
        received = []
        for i in range(n):
            got = total_bytes[i] - rng.randrange(0, 400) * MSS
            received.append(got)
            mean_rtt = sum(rtts[i]) // len(rtts[i]) if rtts[i] else 0
            sender = [("socket", sockets[i]), ("start", 0), ("end", sent_end), ("seconds", sent_end),
                      ("bytes", total_bytes[i]), ("bits_per_second", total_bytes[i] * 8 / sent_end),
                      ("retransmits", total_retr[i]), ("max_snd_cwnd", max_cwnd[i]),
                      ("max_snd_wnd", max_wnd[i]), ("max_rtt", max(rtts[i], default=0)),
                      ("min_rtt", min(rtts[i], default=0)), ("mean_rtt", mean_rtt), ("sender", True)]
            receiver = [("socket", sockets[i]), ("start", 0), ("end", recv_end), ("seconds", sent_end),
                        ("bytes", got), ("bits_per_second", got * 8 / recv_end), ("sender", True)]
            end_streams.append([("sender", sender), ("receiver", receiver)])
        end = [("streams", end_streams),
               ("sum_sent", [("start", 0), ("end", sent_end), ("seconds", sent_end),
                             ("bytes", sum(total_bytes)),
                             ("bits_per_second", sum(total_bytes) * 8 / sent_end),
                             ("retransmits", sum(total_retr)), ("sender", True)]),
               ("sum_received", [("start", 0), ("end", recv_end), ("seconds", recv_end),
                                 ("bytes", sum(received)),
                                 ("bits_per_second", sum(received) * 8 / recv_end), ("sender", True)]),
               ("cpu_utilization_percent", [("host_total", rng.uniform(20, 60)),
                                            ("host_user", rng.uniform(1, 5)),
                                            ("host_system", rng.uniform(20, 55)),
                                            ("remote_total", rng.uniform(10, 40)),
                                            ("remote_user", rng.uniform(1, 5)),
                                            ("remote_system", rng.uniform(10, 35))]),
               ("sender_tcp_congestion", args.cc), ("receiver_tcp_congestion", args.cc)]
        out.write("],\n\t\"end\":\t%s\n}\n" % dump(end, 1))


if __name__ == "__main__":
    main()
