#!/usr/bin/env python3
"""Writes iperf 2.2's -y C -e rows of --trip-times, --isochronous and --bounceback runs.

Debian 12 ships iperf 2.1.8, which prints none of these. The rows are printed here with the
very format strings of iperf 2.2.1 (sourceforge's iperf2, branch 2-2-1, commit 5fe98129 of
2024-11-04; src/Locale.c, unchanged on master up to 2025-12) and of 2.2.0 for its shorter
bounceback row, as C declares them: the adjacent literals joined and the <inttypes.h> macros
given glibc's x86-64 values. Which arguments fill them is src/ReportOutputs.c's (the
*_csv functions): interval rows carry the interval's figures, whole-run rows (from 0.0) the
run's, SUM rows transfer id -1, the client port 0 and -1 where only a connection has a figure.
Units as ReportOutputs.c computes them: transit (tt*, it*) and bounceback (bb*) times in ms
(seconds * 1e3), tcpcwnd in KBytes of 1024 bytes (compat/gettcpinfo.c: snd_cwnd * mss / 1024),
tcppcwnd in packets, tcprtt and tcprttvar in microseconds (tcpi_rtt, tcpi_rttvar). Each kind
of row follows its header once (HEADING_PRINT_COND, reset per reporter in CSV mode).

The figures are this script's own, seeded, and consistent the way iperf's are: speed is
(intmax_t) bytes * 8 / interval, whole-run rows sum the intervals, SUM rows the streams.

Usage: iperf22_csv_rows.py OUTDIR  (tests/data/iperf/SOURCES.md lists the files)
"""
import datetime
import math
import os
import random
import re
import sys

# Locale.c of 2.2.1, verbatim.
LOCALE_C_2_2_1 = r'''
const char reportCSV_peer[] =
"%s,%u,%s,%u";

const char reportCSV_bw_tcp_read_triptime_header[] =
"time,srcaddress,srcport,dstaddr,dstport,transferid,istart,iend,bytes,speed,ttavg,ttmin,ttmax,ttsdev,ttcnt,ttsize,readcnt,bin0,bin1,bin2,bin3,bin4,bin5,bin6,bin7\n";

const char reportCSV_bw_tcp_read_triptime_format[] =
"%s,%s,%d,%.1f,%.1f,%" PRIdMAX ",%" PRIdMAX ",%.3f,%.3f,%.3f,%.3f,%d,%d,%" PRIdMAX ",%d,%d,%d,%d,%d,%d,%d,%d\n";

const char reportCSV_bw_tcp_read_isochronous_header[] =
"time,srcaddress,srcport,dstaddr,dstport,transferid,istart,iend,bytes,speed,itavg,itmin,itmax,itsdev,itcnt,itsize,readcnt,bin0,bin1,bin2,bin3,bin4,bin5,bin6,bin7\n";

const char reportCSV_bw_udp_read_triptime_header[] =
"time,srcaddress,srcport,dstaddr,dstport,transferid,istart,iend,bytes,speed,jitter,errors,datagrams,errpercent,outoforder,ttavg,ttmin,ttmax,ttsdev,ttcnt,ttsize,readcnt,readtimeo,readerrlen,pps\n";

const char reportCSV_bw_udp_read_triptime_format[] =
"%s,%s,%d,%.1f,%.1f,%" PRIdMAX ",%" PRIdMAX ",%.3f,%" PRIdMAX ",%" PRIdMAX ",%.3f,%" PRIdMAX ",%.3f,%.3f,%.3f,%.3f,%d,%d,%" PRIdMAX ",%" PRIdMAX ",%" PRIdMAX ",%f\n";

const char reportCSV_bw_udp_read_isochronous_header[] =
"time,srcaddress,srcport,dstaddr,dstport,transferid,istart,iend,bytes,speed,jitter,errors,datagrams,errpercent,outoforder,ttavg,ttmin,ttmax,ttsdev,itavg,itmin,itmax,itsdev,readcnt,readtimeo,readerrlen,pps\n";

const char reportCSV_bw_udp_read_isochronous_format[] =
"%s,%s,%d,%.1f,%.1f,%" PRIdMAX ",%" PRIdMAX ",%.3f,%" PRIdMAX ",%" PRIdMAX ",%.3f,%" PRIdMAX ",%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%" PRIdMAX ",%" PRIdMAX ",%" PRIdMAX ",%f\n";

const char reportCSV_client_bb_bw_tcp_header[] =
"time,srcaddress,srcport,dstaddr,dstport,transferid,istart,iend,bytes,speed,bbcnt,bbavg,bbmin,bbmax,bbstdev,tcpretry,tcpcwnd,tcppcwnd,tcprtt,tcprttvar,txbytes,rxbytes,rps\n";

const char reportCSV_client_bb_bw_tcp_format[] =
"%s,%s,%d,%.1f,%.1f,%" PRIdMAX ",%" PRIdMAX ",%" PRIdMAX ",%.3f,%.3f,%.3f,%.3f,%" PRIuLEAST32 ",%" PRIdMAX ",%" PRIuLEAST32 ",%" PRIuLEAST32 ",%" PRIuLEAST32 ",%" PRIdMAX ",%" PRIdMAX ",%0.1f\n";
'''

# Locale.c of 2.2.0 (branch 2-2-0), verbatim: the bounceback row before tcppcwnd, tcprttvar,
# txbytes and rxbytes were added.
LOCALE_C_2_2_0 = r'''
const char reportCSV_client_bb_bw_tcp_header[] =
"time,srcaddress,srcport,dstaddr,dstport,transferid,istart,iend,bytes,speed,bbcnt,bbavg,bbmin,bbmax,bbstdev,tcpretry,tcpcwnd,tcprtt,rps\n";

const char reportCSV_client_bb_bw_tcp_format[] =
"%s,%s,%d,%.1f,%.1f,%" PRIdMAX ",%" PRIdMAX ",%" PRIdMAX ",%.3f,%.3f,%.3f,%.3f,%" PRIuLEAST32 ",%" PRIdMAX ",%" PRIuLEAST32 ",%0.1f\n";
'''

# <inttypes.h> on glibc x86-64; Python's % takes the length modifier l and ignores it.
MACROS = {'PRIdMAX': '"ld"', 'PRIuLEAST32': '"u"'}


def declarations(source):
    """name -> the string C makes of the declaration's adjacent literals."""
    out = {}
    for name, body in re.findall(r'const char (\w+)\[\] =\s*(.*?);', source, re.S):
        for macro, value in MACROS.items():
            body = body.replace(macro, value)
        literals = re.findall(r'"((?:[^"\\]|\\.)*)"', body)
        out[name] = ''.join(literals).encode().decode('unicode_escape')
    return out


F = declarations(LOCALE_C_2_2_1)
F220 = declarations(LOCALE_C_2_2_0)
rng = random.Random(2221)


def csvtz(t, offset_minutes):
    """iperf_formattime's CSVTZ with Microseconds: strftime "%z:%Y%m%d%H%M%S" + ".%06d"."""
    local = t.astimezone(datetime.timezone(datetime.timedelta(minutes=offset_minutes)))
    return local.strftime('%z:%Y%m%d%H%M%S') + '.%06d' % local.microsecond


def speed(nbytes, seconds):
    """_print_stats_csv_speed."""
    return int(nbytes * 8.0 / seconds) if nbytes > 0 and seconds > 0.0 else 0


class Transit:
    """A stream of one-way transit samples (seconds) kept as ReportOutputs.c reads them."""

    def __init__(self, samples):
        self.samples = samples

    def mean_ms(self):
        return sum(self.samples) / len(self.samples) * 1e3 if self.samples else 0

    def stdev_ms(self):
        n = len(self.samples)
        if n < 2:
            return 0
        mean = sum(self.samples) / n
        return 1e3 * math.sqrt(sum((x - mean) ** 2 for x in self.samples) / (n - 1))


def transits(count, base, spread):
    return [base + rng.random() * spread for _ in range(count)]


def tcp_triptime_server(out, isochronous):
    """iperf -s -e -y C --trip-times (-P 2 on the client); with --isochronous the frames."""
    t0 = datetime.datetime(2026, 12, 6, 15, 10, 2, 250000, tzinfo=datetime.timezone.utc)
    peers = {1: 50112, 2: 50114}
    header = 'reportCSV_bw_tcp_read_isochronous_header' if isochronous else \
        'reportCSV_bw_tcp_read_triptime_header'
    out.write(F[header])
    total = {sid: {'bytes': 0, 'reads': 0, 'bins': [0] * 8, 'tt': []} for sid in peers}
    size = 1_000_000 // 60 if isochronous else 131072  # a 60 fps frame of 8 Mbit/s, or a write
    for second in range(3):
        when = csvtz(t0 + datetime.timedelta(seconds=second + 1, microseconds=311), 0)
        sums = {'bytes': 0, 'reads': 0, 'bins': [0] * 8}
        for sid, port in peers.items():
            count = 60 if isochronous else rng.randint(70, 90)
            nbytes = count * size
            tt = transits(count, 0.0042, 0.0031)
            reads = rng.randint(900, 1300)
            bins = [rng.randint(0, reads // 6) for _ in range(8)]
            t = total[sid]
            t['bytes'] += nbytes
            t['reads'] += reads
            t['bins'] = [a + b for a, b in zip(t['bins'], bins)]
            t['tt'] += tt
            stats = Transit(tt)
            out.write(F['reportCSV_bw_tcp_read_triptime_format'] % (
                (when, F['reportCSV_peer'] % ('198.18.36.1', port, '198.18.36.2', 5001), sid,
                 second, second + 1.0, nbytes, speed(nbytes, 1.0), stats.mean_ms(),
                 min(tt) * 1e3, max(tt) * 1e3, stats.stdev_ms(), len(tt),
                 int(nbytes / len(tt)), reads) + tuple(bins)))
            sums['bytes'] += nbytes
            sums['reads'] += reads
            sums['bins'] = [a + b for a, b in zip(sums['bins'], bins)]
        # tcp_output_read_*_sum_csv: -1 for every transit figure
        out.write(F['reportCSV_bw_tcp_read_triptime_format'] % (
            (when, F['reportCSV_peer'] % ('198.18.36.1', 0, '198.18.36.2', 5001), -1, second,
             second + 1.0, sums['bytes'], speed(sums['bytes'], 1.0), -1.0, -1.0, -1.0, -1.0, -1,
             -1, sums['reads']) + tuple(sums['bins'])))
    when = csvtz(t0 + datetime.timedelta(seconds=3, microseconds=4120), 0)
    end = 3.0041
    for sid, port in peers.items():
        t = total[sid]
        stats = Transit(t['tt'])
        out.write(F['reportCSV_bw_tcp_read_triptime_format'] % (
            (when, F['reportCSV_peer'] % ('198.18.36.1', port, '198.18.36.2', 5001), sid, 0.0,
             end, t['bytes'], speed(t['bytes'], end), stats.mean_ms(), min(t['tt']) * 1e3,
             max(t['tt']) * 1e3, stats.stdev_ms(), len(t['tt']), int(t['bytes'] / len(t['tt'])),
             t['reads']) + tuple(t['bins'])))
    nbytes = sum(t['bytes'] for t in total.values())
    bins = [sum(t['bins'][i] for t in total.values()) for i in range(8)]
    out.write(F['reportCSV_bw_tcp_read_triptime_format'] % (
        (when, F['reportCSV_peer'] % ('198.18.36.1', 0, '198.18.36.2', 5001), -1, 0.0, end,
         nbytes, speed(nbytes, end), -1.0, -1.0, -1.0, -1.0, -1, -1,
         sum(t['reads'] for t in total.values())) + tuple(bins)))


def udp_server(out, isochronous):
    """iperf -s -u -e -y C --trip-times, one stream; --isochronous adds the frames' transit."""
    t0 = datetime.datetime(2026, 12, 6, 15, 20, 0, 500000, tzinfo=datetime.timezone.utc)
    kind = 'isochronous' if isochronous else 'triptime'
    out.write(F['reportCSV_bw_udp_read_%s_header' % kind])
    fmt = F['reportCSV_bw_udp_read_%s_format' % kind]
    peer = F['reportCSV_peer'] % ('198.18.36.1', 41000, '198.18.36.2', 5001)
    run = {'bytes': 0, 'lost': 0, 'total': 0, 'ooo': 0, 'reads': 0, 'tt': [], 'jitter': []}
    for second in range(3):
        when = csvtz(t0 + datetime.timedelta(seconds=second + 1), 60)
        sent = rng.randint(845, 855)
        lost = rng.choice([0, 2, 7])
        ooo = rng.choice([0, 0, 1])
        got = sent - lost
        nbytes = got * 1470
        jitter = 0.02 + rng.random() * 0.05  # ms: ReportOutputs.c prints stats->jitter * 1e3
        tt = transits(got, 0.0011, 0.0009)
        reads = got
        pps = got / (1.0 - rng.random() * 1e-3)
        stats = Transit(tt)
        common = (when, peer, 1, second, second + 1.0, nbytes, speed(nbytes, 1.0), jitter,
                  lost, sent, 100.0 * lost / sent, ooo, stats.mean_ms(), min(tt) * 1e3,
                  max(tt) * 1e3, stats.stdev_ms())
        if isochronous:
            frames = Transit(transits(60, 0.0019, 0.0012))
            row = common + (frames.mean_ms(), min(frames.samples) * 1e3,
                            max(frames.samples) * 1e3, frames.stdev_ms(), reads, 0, 0, pps)
        else:
            row = common + (len(tt), int(nbytes / len(tt)), reads, 0, 0, pps)
        out.write(fmt % row)
        for key, value in (('bytes', nbytes), ('lost', lost), ('total', sent), ('ooo', ooo),
                           ('reads', reads)):
            run[key] += value
        run['tt'] += tt
        run['jitter'].append(jitter)
    when = csvtz(t0 + datetime.timedelta(seconds=3, microseconds=2100), 60)
    end = 3.0021
    stats = Transit(run['tt'])
    # the final row's jitter: inline_jitter.total.sum / cnt (here the intervals' mean)
    common = (when, peer, 1, 0.0, end, run['bytes'], speed(run['bytes'], end),
              sum(run['jitter']) / len(run['jitter']), run['lost'], run['total'],
              100.0 * run['lost'] / run['total'], run['ooo'])
    if isochronous:
        # udp_output_read_isochronous_csv prints transit.current even on the final row: the
        # last interval's figures
        row = common + (stats.mean_ms(), min(tt) * 1e3, max(tt) * 1e3, stats.stdev_ms(),
                        frames.mean_ms(), min(frames.samples) * 1e3, max(frames.samples) * 1e3,
                        frames.stdev_ms(), run['reads'], 0, 0, run['total'] / end)
    else:
        row = common + (stats.mean_ms(), min(run['tt']) * 1e3, max(run['tt']) * 1e3,
                        stats.stdev_ms(), len(run['tt']), int(run['bytes'] / len(run['tt'])),
                        run['reads'], 0, 0, run['total'] / end)
    out.write(fmt % row)


def bounceback_client(out, formats, newer):
    """iperf -c -e -y C --bounceback (-P 2 for 2.2.1): requests of 100 bytes bounced back."""
    t0 = datetime.datetime(2026, 12, 6, 15, 30, 0, 750000, tzinfo=datetime.timezone.utc)
    streams = {1: 52010, 2: 52012} if newer else {1: 52020}
    out.write(formats['reportCSV_client_bb_bw_tcp_header'])
    fmt = formats['reportCSV_client_bb_bw_tcp_format']
    run = {sid: {'bytes': 0, 'rtt': [], 'retry': 0} for sid in streams}
    last = {}

    def row(when, sid, port, start, end, nbytes, rtts, retry, tcp, rps):
        cwnd_kb, cwnd_packets, rtt_us, rttvar_us = tcp
        n = len(rtts)
        stats = (n, sum(rtts) / n * 1e3 if n else 0, min(rtts) * 1e3 if n >= 2 else 0,
                 max(rtts) * 1e3 if n >= 2 else 0, Transit(rtts).stdev_ms())
        head = (when, F['reportCSV_peer'] % ('198.18.36.1', port, '198.18.36.2', 5001), sid,
                start, end, nbytes, speed(nbytes, end - start)) + stats
        if newer:
            return fmt % (head + (retry, cwnd_kb, cwnd_packets, rtt_us, rttvar_us, nbytes,
                                  nbytes, rps))
        return fmt % (head + (retry, cwnd_kb, rtt_us, rps))

    for second in range(3):
        when = csvtz(t0 + datetime.timedelta(seconds=second + 1, microseconds=88), -300)
        sum_bytes = sum_retry = 0
        for sid, port in streams.items():
            rtts = transits(rng.randint(8, 12), 0.0003, 0.0004)
            nbytes = len(rtts) * 100
            retry = rng.choice([0, 0, 1])
            tcp = (rng.randint(14, 20), rng.randint(10, 14), rng.randint(180, 420),
                   rng.randint(40, 200))
            last[sid] = tcp
            r = run[sid]
            r['bytes'] += nbytes
            r['rtt'] += rtts
            r['retry'] += retry
            out.write(row(when, sid, port, second, second + 1.0, nbytes, rtts, retry, tcp,
                          len(rtts) / 1.0))
            sum_bytes += nbytes
            sum_retry += retry
        if newer:  # tcp_output_write_bb_sum_csv
            out.write(fmt % (when, F['reportCSV_peer'] % ('198.18.36.1', 0, '198.18.36.2', 5001),
                             -1, second, second + 1.0, sum_bytes, speed(sum_bytes, 1.0), -1,
                             -1.0, -1.0, -1.0, -1.0, sum_retry, 0, 0, 0, 0, -1, -1, -1.0))
    when = csvtz(t0 + datetime.timedelta(seconds=3, microseconds=1020), -300)
    end = 3.0010
    for sid, port in streams.items():
        r = run[sid]
        out.write(row(when, sid, port, 0.0, end, r['bytes'], r['rtt'], r['retry'], last[sid],
                      len(r['rtt']) / end))
    if newer:
        nbytes = sum(r['bytes'] for r in run.values())
        out.write(fmt % (when, F['reportCSV_peer'] % ('198.18.36.1', 0, '198.18.36.2', 5001), -1,
                         0.0, end, nbytes, speed(nbytes, end), -1, -1.0, -1.0, -1.0, -1.0,
                         sum(r['retry'] for r in run.values()), 0, 0, 0, 0, -1, -1, -1.0))


def main(outdir):
    writers = {
        'hand-2.2.1-csv-triptime-tcp-P2-server.csv': lambda o: tcp_triptime_server(o, False),
        'hand-2.2.1-csv-isochronous-tcp-P2-server.csv': lambda o: tcp_triptime_server(o, True),
        'hand-2.2.1-csv-triptime-udp-server.csv': lambda o: udp_server(o, False),
        'hand-2.2.1-csv-isochronous-udp-server.csv': lambda o: udp_server(o, True),
        'hand-2.2.1-csv-bounceback-tcp-P2-client.csv': lambda o: bounceback_client(o, F, True),
        'hand-2.2.0-csv-bounceback-tcp-client.csv': lambda o: bounceback_client(o, F220, False),
    }
    for name, write in writers.items():
        with open(os.path.join(outdir, name), 'w') as out:
            write(out)


if __name__ == '__main__':
    main(sys.argv[1] if len(sys.argv) > 1 else '.')
