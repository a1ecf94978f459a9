#!/usr/bin/env python3
"""Wirebench's figures beside matplotlib's of the same data, at one paper column (3.5 x 2.5 in).

A paper author's alternative to Wirebench's `plot` is a short matplotlib script. This is that
script, for four figures: the latency CDF of the QJump ping samples, the per-flow throughput of
two iperf -P 30 runs (cubic and reno), the congestion window of the bottleneck runs grouped by
congestion control (each group's median over its runs with the runs' range as a band), and the
latency-under-load step of tests/data/loadtime. It reads the logs with its own small parsers
(nothing of Wirebench's), draws with matplotlib's defaults at 8-pt text and a tight layout, and
asks wirebench-cli to plot the same files at the same size.

Run from the repository's root, after building (cmake --build build/release):

    apt-get install -y python3-matplotlib python3-numpy poppler-utils imagemagick
    python3 tests/tools/compare_matplotlib.py [--cli build/release/app/cli/wirebench-cli]
                                              [--out /tmp/wirebench-vs-matplotlib]

For each TYPE (cdf, flows, cwnd, loadtime) it writes into --out:
    TYPE-wirebench.pdf, TYPE-wirebench.png      wirebench-cli plot, PNG at 300 dpi
    TYPE-matplotlib.pdf, TYPE-matplotlib.png    this script's figure, PNG at 300 dpi
    TYPE-side-by-side.png                       both PDFs rasterised at 300 dpi (pdftoppm),
                                                Wirebench left, matplotlib right
and prints each figure's data share: the axes rectangles' area over the figure's, measured
the same way on both rasterised PDFs (each rectangle's left and bottom axis lines), and for
matplotlib also as its layout placed the axes.
"""
import argparse
import json
import os
import re
import subprocess
import sys
from datetime import datetime

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (after choosing the backend)
import numpy  # noqa: E402

WIDTH_IN, HEIGHT_IN = 3.5, 2.5
DPI = 300
QJUMP_SAMPLES = ["ping18_np", "ping18_iperf16_np", "ping18_iperf68_np", "ping18_iperf18_np",
                 "ping18_iperf18_iperf68_np"]
BOTTLENECK_RUNS = ["iperf3-cubic", "iperf-cubic", "iperf3-reno", "iperf-reno"]

# --- parsers -------------------------------------------------------------------------------

PING_REPLY = re.compile(r"^(?:\[(?P<ts>[\d.]+)\] )?.*icmp_seq=\d+ .*time=(?P<rtt>[\d.]+) ms")


def ping_replies(path):
    """(epoch seconds or None, RTT in ms) of every reply, duplicates left out."""
    replies = []
    with open(path, encoding="utf-8", errors="replace") as log:
        for line in log:
            match = PING_REPLY.match(line)
            if match and "DUP!" not in line:
                ts = match.group("ts")
                replies.append((float(ts) if ts else None, float(match.group("rtt"))))
    return replies


UNITS = {"": 1, "K": 1e3, "M": 1e6, "G": 1e9}
IPERF2_LINE = re.compile(
    r"^\[\s*(?P<id>\d+)\]\s+(?P<start>[\d.]+)-(?P<end>[\d.]+)\s+sec\s+[\d.]+\s+\w*Bytes\s+"
    r"(?P<rate>[\d.]+)\s+(?P<unit>[KMG]?)bits/sec(?P<rest>.*)$")


def iperf2_flows(path):
    """Per stream id: its interval lines as (start, end, bits/s, cwnd KBytes or None) and its
    whole-run rate (the line from 0 to the end), from an iperf 2 client's text output."""
    intervals, totals = {}, {}
    with open(path, encoding="utf-8", errors="replace") as log:
        for line in log:
            match = IPERF2_LINE.match(line)
            if not match:
                continue
            stream = int(match.group("id"))
            start, end = float(match.group("start")), float(match.group("end"))
            rate = float(match.group("rate")) * UNITS[match.group("unit")]
            cwnd = re.search(r"\s(\d+)K/\d+\(\d+\) us", match.group("rest"))
            if start == 0 and end - start > 1.5:  # the whole-run line
                totals[stream] = rate
            else:
                intervals.setdefault(stream, []).append(
                    (start, end, rate, float(cwnd.group(1)) if cwnd else None))
    return intervals, totals


def iperf3_json(path):
    with open(path, encoding="utf-8") as log:
        return json.load(log)


def sidecar(path):
    """The run.json Wirebench writes beside a log it ran, or {}."""
    candidate = re.sub(r"\.log$", ".run.json", path)
    if candidate != path and os.path.exists(candidate):
        with open(candidate, encoding="utf-8") as file:
            return json.load(file)
    return {}


def start_seconds(path):
    return datetime.fromisoformat(sidecar(path)["start"].replace("Z", "+00:00")).timestamp()


def ss_cwnd(path, ports):
    """cwnd in bytes over time (epoch seconds) of the sockets whose local port is in `ports`,
    from `ss -tin` samples (a timestamp line, then the sockets with their tcp_info line)."""
    series = {port: [] for port in ports}
    now, port = None, None
    with open(path, encoding="utf-8", errors="replace") as log:
        for line in log:
            if re.match(r"^\d+\.\d+$", line.strip()):
                now = float(line)
            elif line.startswith("ESTAB"):
                local = line.split()[3]
                port = int(local.rsplit(":", 1)[1])
            elif line.startswith("\t") and port in series and now is not None:
                cwnd = re.search(r"\bcwnd:(\d+)", line)
                mss = re.search(r"\bmss:(\d+)", line)
                if cwnd and mss:
                    series[port].append((now, int(cwnd.group(1)) * int(mss.group(1))))
                port = None
    return series


# --- matplotlib figures ----------------------------------------------------------------------


def new_figure(rows=1):
    plt.rcParams.update({"font.size": 8, "axes.titlesize": 8, "legend.fontsize": 7})
    return plt.subplots(rows, 1, figsize=(WIDTH_IN, HEIGHT_IN), sharex=True, squeeze=False)


def cdf_figure(root):
    fig, axes = new_figure()
    ax = axes[0][0]
    lowest, highest = numpy.inf, 0
    for name in QJUMP_SAMPLES:
        rtt = numpy.sort([r for _, r in ping_replies(os.path.join(root, "samples", name))])
        ecdf = numpy.arange(1, rtt.size + 1) / rtt.size
        ax.step(numpy.concatenate([[rtt[0]], rtt]), numpy.concatenate([[0], ecdf]),
                where="post", label=name)
        lowest, highest = min(lowest, rtt[0]), max(highest, rtt[-1])
    if highest / max(lowest, 1e-9) >= 10:
        ax.set_xscale("log")
    ax.set_xlabel("RTT (ms)")
    ax.set_ylabel("fraction of replies")
    ax.set_ylim(0, 1.02)
    ax.grid(True, alpha=0.3)
    ax.legend(loc="lower right")
    return fig, [os.path.join(root, "samples", name) for name in QJUMP_SAMPLES], []


def bootstrap_mean_ci(values, resamples=10000, seed=1):
    rng = numpy.random.default_rng(seed)
    values = numpy.asarray(values)
    means = rng.choice(values, (resamples, values.size)).mean(axis=1)
    return numpy.percentile(means, [2.5, 97.5])


def flows_figure(root):
    logs = [os.path.join(root, "samples", name)
            for name in ("tcp-cubic-P30-client.txt", "tcp-reno-P30-client.txt")]
    fig, axes = new_figure()
    ax = axes[0][0]
    width = 0.8 / len(logs)
    for k, (log, name) in enumerate(zip(logs, ("cubic", "reno"))):
        _, totals = iperf2_flows(log)
        streams = sorted(totals)
        rates = numpy.array([totals[s] / 1e6 for s in streams])
        positions = numpy.arange(1, len(streams) + 1) + (k - (len(logs) - 1) / 2) * width
        bars = ax.bar(positions, rates, width, label=name)
        low, high = bootstrap_mean_ci(rates)
        mean_at = len(streams) + 1.5 + (k - (len(logs) - 1) / 2) * width
        ax.bar([mean_at], [rates.mean()], width, color=bars.patches[0].get_facecolor(),
               yerr=[[rates.mean() - low], [high - rates.mean()]], capsize=2)
    ax.axvline(len(streams) + 0.75, color="grey", linestyle="--", linewidth=0.8)
    ax.set_xlabel("flow (iperf stream id order); right: mean, 95 % CI")
    ax.set_ylabel("throughput (Mbit/s)")
    ax.set_ylim(0, ax.get_ylim()[1] * 1.2)  # room for the legend above the bars
    ax.legend(ncol=2, loc="upper left")
    return fig, logs, ["--label", "{congestion_control}"]


def cwnd_of_run(log):
    """(times, mean cwnd in KBytes over the run's flows) at the end of each interval."""
    if log.split(".")[-2].startswith("iperf3"):
        by_time = {}
        for interval in iperf3_json(log)["intervals"]:
            for stream in interval["streams"]:
                by_time.setdefault(round(stream["end"], 3), []).append(stream["snd_cwnd"] / 1024)
    else:
        intervals, _ = iperf2_flows(log)
        by_time = {}
        for lines in intervals.values():
            for _, end, _, cwnd in lines:
                if cwnd is not None:
                    by_time.setdefault(round(end, 3), []).append(cwnd)
    times = numpy.array(sorted(by_time))
    return times, numpy.array([numpy.mean(by_time[t]) for t in times])


def cwnd_figure(root):
    logs = []
    for run in BOTTLENECK_RUNS:
        folder = os.path.join(root, "samples", "bottleneck", run)
        logs += [os.path.join(folder, f) for f in sorted(os.listdir(folder))
                 if f.endswith("." + run + ".log")]
    groups = {}
    for log in logs:
        groups.setdefault(sidecar(log).get("congestion_control", "?"), []).append(log)
    fig, axes = new_figure()
    ax = axes[0][0]
    for colour, (name, members) in zip(("C0", "C1", "C2", "C3"), sorted(groups.items())):
        runs = [cwnd_of_run(log) for log in members]
        common = min(len(t) for t, _ in runs)
        times = runs[0][0][:common]
        values = numpy.array([v[:common] for _, v in runs])
        for _, run_values in runs:
            ax.plot(times, run_values[:common], color=colour, alpha=0.25, linewidth=0.6)
        ax.fill_between(times, values.min(axis=0), values.max(axis=0), color=colour, alpha=0.2,
                        linewidth=0)
        ax.plot(times, numpy.median(values, axis=0), color=colour, linewidth=1.2,
                label=f"{name} (median of {len(runs)} runs)")
    ax.set_xlabel("time (s)")
    ax.set_ylabel("congestion window (KBytes)")
    ax.set_ylim(bottom=0)
    ax.legend()
    return fig, logs, ["--group-by", "congestion_control"]


def loadtime_figure(root):
    folder = os.path.join(root, "tests", "data", "loadtime")
    logs = sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".log"))
    members = [log for log in logs if not log.endswith(".ss.log")]
    origin = min(start_seconds(log) for log in members)
    fig, axes = new_figure(rows=3)
    rtt_ax, rate_ax, cwnd_ax = (row[0] for row in axes)
    ports, flows = {}, []
    for log in members:
        if log.endswith(".ping.log"):
            replies = ping_replies(log)
            rtt_ax.plot([t - origin for t, _ in replies], [r for _, r in replies], ".-",
                        markersize=1.5, linewidth=0.5)
            continue
        report = iperf3_json(log)
        offset = start_seconds(log) - origin
        for connected in report["start"]["connected"]:
            ports[connected["socket"]] = connected["local_port"]
        for socket in ports:
            steps = [(offset + s["start"], s["bits_per_second"] / 1e6)
                     for i in report["intervals"] for s in i["streams"] if s["socket"] == socket]
            if steps:
                ends = offset + report["intervals"][-1]["sum"]["end"]
                flows.append((steps, ends, ports[socket]))
        ports = {}
    edges = sorted({t for steps, _, _ in flows for t, _ in steps} | {e for _, e, _ in flows})
    total = []
    for t in edges[:-1]:
        total.append(sum(next((r for (s, r), (n, _) in zip(steps, steps[1:] + [(end, 0)])
                               if s <= t < n), 0) for steps, end, _ in flows))
    for steps, end, _ in flows:
        rate_ax.step([s for s, _ in steps] + [end], [r for _, r in steps] + [steps[-1][1]],
                     where="post", linewidth=0.6, alpha=0.8)
    rate_ax.step(edges, total + [total[-1]], where="post", color="k", linewidth=1, label="SUM")
    ss = ss_cwnd(next(log for log in logs if log.endswith(".ss.log")), [p for _, _, p in flows])
    for port, samples in ss.items():
        cwnd_ax.plot([t - origin for t, _ in samples], [c / 1e3 for _, c in samples],
                     linewidth=0.6)
    load = (min(s[0][0] for s, _, _ in flows), max(e for _, e, _ in flows))
    for ax in (rtt_ax, rate_ax, cwnd_ax):
        ax.axvspan(*load, color="orange", alpha=0.15, linewidth=0)
        ax.set_ylim(bottom=0)
    rtt_ax.set_ylabel("RTT (ms)")
    rate_ax.set_ylabel("Mbit/s")
    cwnd_ax.set_ylabel("cwnd (kB)")
    cwnd_ax.set_xlabel("time (s) from the step's start")
    rate_ax.legend(loc="upper right")
    return fig, logs, []


FIGURES = {"cdf": cdf_figure, "flows": flows_figure, "cwnd": cwnd_figure,
           "loadtime": loadtime_figure}

# --- Wirebench and the side-by-side ------------------------------------------------------------


def plot_help(cli):
    return subprocess.run([cli, "plot", "--help"], capture_output=True, text=True).stdout


def size_options(help_text):
    if "--size PRESET" in help_text and "column (3.5 x 2.5 in" in help_text:
        return ["--size", "column", "--dpi", str(DPI)]
    if "--dpi" in help_text:  # physical sizes
        return ["--width", f"{WIDTH_IN}in", "--height", f"{HEIGHT_IN}in", "--dpi", str(DPI)]
    # Before physical sizes: points, and PNG pixels per point.
    return ["--width", str(round(WIDTH_IN * 72)), "--height", str(round(HEIGHT_IN * 72)),
            "--scale", f"{DPI / 72:.4f}"]


def wirebench_plot(cli, kind, logs, extra, out, help_text):
    # Options this build of the CLI does not know yet are left out, and said.
    options = []
    for name, value in zip(extra[::2], extra[1::2]):
        if name in help_text:
            options += [name, value]
        else:
            print(f"  {kind}: this wirebench-cli has no {name}; drawn without it")
    for suffix in ("pdf", "png"):
        command = [cli, "plot", "--type", kind, "-o", os.path.join(out, f"{kind}-wirebench.{suffix}")]
        result = subprocess.run(command + size_options(help_text) + options + logs,
                                capture_output=True, text=True)
        if result.returncode != 0:
            sys.exit(f"{' '.join(command)}: {result.stderr.strip()}")


def dark_runs(line, threshold=160):
    """(start, length) of every run of dark pixels in a row or column of grey levels."""
    runs, start = [], None
    for i, level in enumerate(list(line) + [255]):
        if level < threshold and start is None:
            start = i
        elif level >= threshold and start is not None:
            runs.append((start, i - start))
            start = None
    return runs


def measured_share(pdf):
    """The axes rectangles' share of the figure on the PDF rasterised in grey: the leftmost
    column holding long dark vertical runs is the value axes' line (one run per stacked axes),
    and the longest dark horizontal run starting there is the time or category axis' line."""
    stem = pdf[:-4] + "-grey"
    subprocess.run(["pdftoppm", "-r", "300", "-gray", "-singlefile", pdf, stem], check=True)
    with open(stem + ".pgm", "rb") as image:
        data = image.read()
    os.remove(stem + ".pgm")
    fields, at = [], 0
    while len(fields) < 4:  # P5, width, height, maximum
        while data[at:at + 1].isspace():
            at += 1
        end = at
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(data[at:end])
        at = end
    width, height = int(fields[1]), int(fields[2])
    pixels = data[at + 1:]
    rows = [pixels[y * width:(y + 1) * width] for y in range(height)]
    for x in range(width):
        column = bytes(row[x] for row in rows)
        lanes = [run for run in dark_runs(column) if run[1] >= 0.12 * height]
        if lanes:
            break
    else:
        return None
    bottom = lanes[-1][0] + lanes[-1][1] - 1
    span = 0
    for y in range(max(bottom - 3, 0), min(bottom + 4, height)):
        for start, length in dark_runs(rows[y]):  # ticks out of the corner may join it
            if start <= x + 3 and start + length > x:
                span = max(span, start + length - x)
    return sum(length for _, length in lanes) * span / (width * height)


def rasterise(pdf):
    stem = pdf[:-4] + "-300dpi"
    subprocess.run(["pdftoppm", "-r", str(DPI), "-png", "-singlefile", pdf, stem], check=True)
    return stem + ".png"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cli", default="build/release/app/cli/wirebench-cli")
    parser.add_argument("--out", default="/tmp/wirebench-vs-matplotlib")
    parser.add_argument("types", nargs="*", default=list(FIGURES),
                        help="any of " + ", ".join(FIGURES) + " (default: all)")
    arguments = parser.parse_args()
    for kind in arguments.types:
        if kind not in FIGURES:
            parser.error(f"unknown type {kind}: choose from {', '.join(FIGURES)}")
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    cli = os.path.abspath(arguments.cli)
    os.makedirs(arguments.out, exist_ok=True)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    help_text = plot_help(cli)
    for kind in arguments.types:
        fig, logs, extra = FIGURES[kind](root)
        fig.tight_layout()
        layout_share = sum(ax.get_position().width * ax.get_position().height for ax in fig.axes)
        base = os.path.join(arguments.out, f"{kind}-matplotlib")
        fig.savefig(base + ".pdf")
        fig.savefig(base + ".png", dpi=DPI)
        plt.close(fig)
        wirebench_plot(cli, kind, logs, extra, arguments.out, help_text)
        pair = [rasterise(os.path.join(arguments.out, f"{kind}-{who}.pdf"))
                for who in ("wirebench", "matplotlib")]
        side = os.path.join(arguments.out, f"{kind}-side-by-side.png")
        subprocess.run(["convert", pair[0], "-bordercolor", "white", "-border", "30", pair[1],
                        "-border", "30", "-gravity", "north", "+append", side], check=True)
        shares = [measured_share(os.path.join(arguments.out, f"{kind}-{who}.pdf"))
                  for who in ("wirebench", "matplotlib")]
        print(side)
        print("  data share: Wirebench {}, matplotlib {} (as laid out: {:.1f} %)".format(
            *("{:.1f} %".format(100 * share) if share else "not measured" for share in shares),
            100 * layout_share))


if __name__ == "__main__":
    main()
