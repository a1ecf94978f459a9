#!/usr/bin/env python3
"""Writes iperf 2.1.9+ `-y C -e` logs (hand-2.1.9-*.csv, hand-2.2-*.csv) after iperf2's source.

Debian 12 has iperf 2.1.8, whose -e CSV rows are the plain 9 or 14 fields; 2.1.9 and later
put the offset from UTC in front of the time (iperf_formattime's CSVTZ, "%z:%Y%m%d%H%M%S"
plus ".%03d" milliseconds in 2.1.9, ".%06d" microseconds in 2.2) and add fields after the
rate (Locale.c, reportCSV_bw_*_enhanced_format and reportCSV_bw_jitter_loss_pps_format;
ReportOutputs.c fills them). The figures are this script's own, deterministic, and
consistent the way iperf's are: speed = bytes * 8 / interval (as intmax_t), SUM rows of id
-1 and local port 0, whole-run rows from 0.0 with the run's retries.
"""
import datetime
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
rng = random.Random(2119)


def stamp(t, offset_minutes, digits):
    zone = datetime.timezone(datetime.timedelta(minutes=offset_minutes))
    local = t.astimezone(zone)
    sign = '+' if offset_minutes >= 0 else '-'
    hhmm = '%02d%02d' % divmod(abs(offset_minutes), 60)
    fraction = ('%06d' % local.microsecond)[:digits]
    return '%s%s:%s.%s' % (sign, hhmm, local.strftime('%Y%m%d%H%M%S'), fraction)


def speed(nbytes, seconds):
    return int(nbytes * 8 / seconds) if nbytes > 0 and seconds > 0 else 0


def interval(start, end, split):
    return '%.1f,%.1f' % (start, end) if split else '%.1f-%.1f' % (start, end)


def tcp_client(path, offset, digits, split, packets):
    """-P 2 -i 1 -t 3: per-stream rows, SUM rows, then the whole-run rows."""
    t0 = datetime.datetime(2026, 12, 6, 14, 24, 8, 123456, tzinfo=datetime.timezone.utc)
    local, server = '198.19.2.1', '198.19.2.2'
    streams = {1: 46532, 2: 46534}
    totals = {sid: [0, 0, 0, 0] for sid in streams}  # bytes, writes, retries, last cwnd/rtt
    last = {}
    rows = []
    for second in range(3):
        when = stamp(t0 + datetime.timedelta(seconds=second + 1, microseconds=417), offset, digits)
        sums = [0, 0, 0]
        for sid, port in streams.items():
            nbytes = 131072 * rng.randint(70, 95)
            writes = nbytes // 131072
            retries = rng.choice([0, 0, 1, 3])
            cwnd_kb = rng.randint(180, 420)
            rtt_us = rng.randint(9000, 21000)
            rttvar_us = rng.randint(300, 2500)
            t = totals[sid]
            t[0] += nbytes
            t[1] += writes
            t[2] += retries
            last[sid] = (cwnd_kb, rtt_us, rttvar_us)
            tcp = [writes, 0, retries, cwnd_kb] + ([cwnd_kb * 1024 // 1448] if packets else []) + [rtt_us, rttvar_us]
            rows.append([when, local, port, server, 5001, sid, interval(second, second + 1, split),
                         nbytes, speed(nbytes, 1.0)] + tcp)
            sums[0] += nbytes
            sums[1] += writes
            sums[2] += retries
        sum_tcp = [sums[1], 0, sums[2], -1] + ([0] if packets else []) + [0, 0]
        rows.append([when, local, 0, server, 5001, -1, interval(second, second + 1, split),
                     sums[0], speed(sums[0], 1.0)] + sum_tcp)
    when = stamp(t0 + datetime.timedelta(seconds=3, microseconds=9210), offset, digits)
    for sid, port in streams.items():
        nbytes, writes, retries = totals[sid][:3]
        cwnd_kb, rtt_us, rttvar_us = last[sid]
        tcp = [writes, 0, retries, cwnd_kb] + ([cwnd_kb * 1024 // 1448] if packets else []) + [rtt_us, rttvar_us]
        rows.append([when, local, port, server, 5001, sid, interval(0, 3.0092, split), nbytes,
                     speed(nbytes, 3.0092)] + tcp)
    nbytes = sum(t[0] for t in totals.values())
    sum_tcp = [sum(t[1] for t in totals.values()), 0, sum(t[2] for t in totals.values()), -1] + \
        ([0] if packets else []) + [0, 0]
    rows.append([when, local, 0, server, 5001, -1, interval(0, 3.0092, split), nbytes,
                 speed(nbytes, 3.0092)] + sum_tcp)
    write(path, rows)


def tcp_server(path):
    """The server of a -e -i 1 -t 3 run: read counts and the read-size histogram's 8 bins."""
    t0 = datetime.datetime(2026, 12, 6, 14, 30, 0, 250000, tzinfo=datetime.timezone.utc)
    rows = []
    total = [0, 0, [0] * 8]
    for second in range(3):
        when = stamp(t0 + datetime.timedelta(seconds=second + 1), 60, 3)
        nbytes = rng.randint(18_000_000, 21_000_000)
        reads = rng.randint(9000, 14000)
        bins = [rng.randint(0, reads // 4) for _ in range(8)]
        total[0] += nbytes
        total[1] += reads
        total[2] = [a + b for a, b in zip(total[2], bins)]
        rows.append([when, '198.19.2.2', 5001, '198.19.2.1', 46540, 1,
                     interval(second, second + 1, False), nbytes, speed(nbytes, 1.0), reads] + bins)
    when = stamp(t0 + datetime.timedelta(seconds=3, microseconds=12000), 60, 3)
    rows.append([when, '198.19.2.2', 5001, '198.19.2.1', 46540, 1, interval(0, 3.0, False),
                 total[0], speed(total[0], 3.0), total[1]] + total[2])
    write(path, rows)


def udp_client(path):
    """-u -b 10M -e -i 1 -t 3: UDP fields (the client's: no loss, jitter 0), writes, pps."""
    t0 = datetime.datetime(2026, 12, 6, 14, 40, 0, 500000, tzinfo=datetime.timezone.utc)
    rows = []
    sent = 0
    for second in range(3):
        when = stamp(t0 + datetime.timedelta(seconds=second + 1), 0, 3)
        datagrams = rng.randint(848, 852)
        nbytes = datagrams * 1470
        sent += datagrams
        rows.append([when, '198.19.2.1', 39001, '198.19.2.2', 5001, 1,
                     interval(second, second + 1, False), nbytes, speed(nbytes, 1.0),
                     '%.3f' % 0.0, 0, datagrams, '%.3f' % 0.0, 0, datagrams, 0, '%f' % datagrams])
    when = stamp(t0 + datetime.timedelta(seconds=3, microseconds=1000), 0, 3)
    rows.append([when, '198.19.2.1', 39001, '198.19.2.2', 5001, 1, interval(0, 3.0, False),
                 sent * 1470, speed(sent * 1470, 3.0), '%.3f' % 0.0, 0, sent, '%.3f' % 0.0, 0,
                 sent, 0, '%f' % (sent / 3.0)])
    write(path, rows)


def write(path, rows):
    with open(os.path.join(HERE, path), 'w') as out:
        for row in rows:
            out.write(','.join(str(field) for field in row) + '\n')


tcp_client('hand-2.1.9-csv-enhanced-tcp-P2-client.csv', 0, 3, split=False, packets=False)
tcp_server('hand-2.1.9-csv-enhanced-tcp-server.csv')
udp_client('hand-2.1.9-csv-enhanced-udp-client.csv')
tcp_client('hand-2.2-csv-enhanced-tcp-P2-client.csv', -300, 6, split=True, packets=True)
