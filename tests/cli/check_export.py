#!/usr/bin/env python3
"""wirebench-cli export read back as its users read it: with Python's csv module, json and
pandas. From the rows alone it recomputes what `stats` and `flows` print of the same files
(p50 and p99 as numpy.percentile's default linear method, a flow SUM as iperf makes it: all
bytes over the longest flow's seconds), and checks them against those commands' JSON; the
status counts against the raw log read here with a regular expression; RFC 4180 quoting and
the formula rule against the values given on the command line.

    check_export.py CLI SOURCE_DIR
"""
import csv
import io
import json
import math
import os
import re
import subprocess
import sys
import tempfile

import numpy
import pandas

cli, source = sys.argv[1], sys.argv[2]
samples = os.path.join(source, "samples")
data = os.path.join(source, "tests", "data")
failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print("FAIL:", what, file=sys.stderr)


def same(a, b):
    """Equal to the last bits a double's arithmetic in another order may change."""
    return math.isclose(a, b, rel_tol=1e-12, abs_tol=1e-15)


def run(*args):
    result = subprocess.run([cli, *args], capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"wirebench-cli {' '.join(args)} exits {result.returncode}: "
                         f"{result.stderr}")
    return result.stdout


def export(out, *args):
    run("export", "-o", out, *args)
    with open(out, newline="", encoding="utf-8") as f:
        return f.read()


def csv_rows(text):
    return list(csv.DictReader(io.StringIO(text, newline="")))


def cell(text):
    """A CSV or JSON-lines cell as a number, None when empty."""
    return None if text in ("", None) else float(text)


work = tempfile.mkdtemp()

# --- samples: percentiles and statuses ------------------------------------------------------
latency_logs = [os.path.join(samples, "ping18_np"), os.path.join(samples, "ping18_iperf18_np"),
                os.path.join(data, "ping", "busybox_dup_loss.txt"),
                os.path.join(data, "ping", "iputils_D.txt"),
                os.path.join(data, "ping", "iputils_bad_checksum.txt")]
stats = {d["file"]: d for d in json.loads(run("stats", "--format", "json", *latency_logs))
         ["datasets"]}
csv_text = export(os.path.join(work, "samples.csv"), "--format", "csv", *latency_logs)
jsonl_text = export(os.path.join(work, "samples.jsonl"), "--format", "jsonl", *latency_logs)
rows = csv_rows(csv_text)
objects = [json.loads(line) for line in jsonl_text.splitlines()]
check(len(rows) == len(objects), f"{len(rows)} CSV rows but {len(objects)} JSON lines")
for row, obj in zip(rows, objects):
    if set(row) != set(obj) or any(cell(row[k]) != obj[k] for k in ("seq", "rtt_ms", "time_s")) \
            or row["status"] != obj["status"]:
        check(False, f"CSV row {row} and JSON line {obj} differ")
        break
frame = pandas.read_csv(io.StringIO(csv_text))
json_frame = pandas.read_json(io.StringIO(jsonl_text), lines=True)
check(list(frame.columns) == list(json_frame.columns), "pandas reads other columns from JSON lines")
for log in latency_logs:
    mine = [r for r in rows if r["file"] == log]
    reported = stats[log]
    ok = [float(r["rtt_ms"]) for r in mine if r["status"] == "ok"]
    check(len(ok) == reported["samples"], f"{log}: {len(ok)} ok rows, stats has "
                                          f"{reported['samples']} samples")
    for level in ("50", "99"):
        expected = reported["percentiles"][level]
        with_csv = numpy.percentile(ok, float(level))
        with_pandas = frame[(frame.file == log) & (frame.status == "ok")].rtt_ms.quantile(
            float(level) / 100)
        with_json = numpy.percentile(json_frame[(json_frame.file == log) &
                                                (json_frame.status == "ok")].rtt_ms,
                                     float(level))
        for name, value in (("csv", with_csv), ("pandas", with_pandas), ("jsonl", with_json)):
            check(same(value, expected), f"{log}: p{level} from {name} {value}, stats {expected}")
    sequence = [int(r["seq"]) for r in mine]
    check(sequence == sorted(sequence), f"{log}: rows not in the order of their seq")
    dups = sum(r["status"] == "dup" for r in mine)
    lost = sum(r["status"] == "lost" for r in mine)
    check(dups == reported["duplicates"], f"{log}: {dups} dup rows, stats {reported['duplicates']}")
    # The raw log read here: requests sent, replies per sequence number. A reply marked
    # "(BAD CHECKSUM!)" or followed by a "wrong data byte" line is damaged; one with a bad
    # checksum answers no request (ping counts it so).
    with open(log, encoding="utf-8", errors="replace") as f:
        text = f.read()
    lines = text.split("\n")
    sequences, damaged, answered = [], [], set()
    for i, line in enumerate(lines):
        reply = re.search(r"(?:icmp_)?seq=(\d+) .*time=([0-9.]+)", line)
        if not reply:
            continue
        bad = "(BAD CHECKSUM!)" in line
        if not bad:
            answered.add(int(reply.group(1)))
        if bad or (i + 1 < len(lines) and lines[i + 1].startswith("wrong data byte")):
            damaged.append((int(reply.group(1)), float(reply.group(2))))
        else:
            sequences.append(int(reply.group(1)))
    damaged_rows = [(int(r["seq"]), float(r["rtt_ms"])) for r in mine if r["status"] == "damaged"]
    check(damaged_rows == damaged, f"{log}: damaged rows {damaged_rows}, the log shows {damaged}")
    transmitted = re.search(r"(\d+) packets transmitted", text)
    if transmitted:
        expected_lost = int(transmitted.group(1)) - len(answered)
        check(lost == expected_lost, f"{log}: {lost} lost rows, the log shows {expected_lost}")
    check(dups == len(sequences) - len(set(sequences)),
          f"{log}: {dups} dup rows, the log shows {len(sequences) - len(set(sequences))}")
    # iputils -D: each reply's time, as the log prints it in brackets.
    times = re.findall(r"^\[(\d+\.\d+)\] .*time=", text, re.M)
    ok_times = [r["time_s"] for r in mine if r["status"] == "ok"]
    if times:
        check([float(t) for t in times] == [float(t) for t in ok_times],
              f"{log}: time_s differs from the log's -D times")
    else:
        check(all(t == "" for t in ok_times), f"{log}: time_s without -D times in the log")

# --- irtt: losses by direction ------------------------------------------------------------
irtt_log = os.path.join(data, "irtt", "irtt-loss-updown.json")
with open(irtt_log, encoding="utf-8") as f:
    trips = json.load(f)["round_trips"]
irtt_rows = csv_rows(export(os.path.join(work, "irtt.csv"), irtt_log))
irtt_stats = json.loads(run("stats", "--format", "json", irtt_log))["datasets"][0]
for direction, state in (("up", "true_up"), ("down", "true_down")):
    expected = sorted(t["seqno"] for t in trips if t["lost"] == state)
    rows = sorted(int(r["seq"]) for r in irtt_rows
                  if r["status"] == "lost" and r["lost_direction"] == direction)
    check(rows == expected, f"{irtt_log}: lost {direction} rows {rows}, the JSON {expected}")
    check(irtt_stats["lost_" + direction] == len(expected),
          f"{irtt_log}: stats lost_{direction} {irtt_stats['lost_' + direction]}, "
          f"the JSON {len(expected)}")
check(sum(r["status"] == "lost" for r in irtt_rows)
      == sum(t["lost"] != "false" for t in trips), f"{irtt_log}: lost rows")

# --- flows and intervals: a SUM recomputed ------------------------------------------------
flow_logs = [os.path.join(samples, "iperf3-cubic-P4.json"),
             os.path.join(samples, "iperf3-reno-P4.json")]
reports = {d["file"]: d for d in json.loads(run("flows", "--format", "json", *flow_logs))
           ["datasets"]}
flows = csv_rows(export(os.path.join(work, "flows.csv"), "--what", "flows", *flow_logs))
flow_frame = pandas.read_csv(os.path.join(work, "flows.csv"))
intervals = pandas.read_json(
    io.StringIO(export(os.path.join(work, "intervals.jsonl"), "--what", "intervals", "--format",
                       "jsonl", *flow_logs)), lines=True)
for log in flow_logs:
    report = reports[log]
    mine = [r for r in flows if r["file"] == log]
    recomputed = sum(float(r["bytes"]) for r in mine) * 8 / max(float(r["seconds"]) for r in mine)
    check(same(recomputed, report["sum"]["bits_per_second"]),
          f"{log}: SUM from the rows {recomputed}, flows {report['sum']['bits_per_second']}")
    group = flow_frame[flow_frame.file == log]
    with_pandas = group.bytes.sum() * 8 / group.seconds.max()
    check(same(with_pandas, report["sum"]["bits_per_second"]),
          f"{log}: SUM with pandas {with_pandas}, flows {report['sum']['bits_per_second']}")
    check([r["flow"] for r in mine] == [str(f["id"]) for f in report["flows"]],
          f"{log}: flows {[r['flow'] for r in mine]}")
    for flow in report["flows"]:
        own = intervals[(intervals.file == log) & (intervals.flow.astype(str) == str(flow["id"]))]
        check(len(own) == len(flow["intervals"]),
              f"{log} flow {flow['id']}: {len(own)} interval rows, flows "
              f"{len(flow['intervals'])}")
        check(same(own.bytes.sum(), sum(i["bytes"] for i in flow["intervals"])),
              f"{log} flow {flow['id']}: interval bytes differ")

# --- runs: an ss log beside its run counts once ------------------------------------------
ss_folder = os.path.join(samples, "cubic-vs-reno-ss")
run_rows = csv_rows(export(os.path.join(work, "runs.csv"), "--what", "runs", ss_folder))
table = json.loads(run("flows", "--format", "json", ss_folder))
sums = {d["file"]: d["sum"]["bits_per_second"] for d in table["datasets"]}
exported = {r["file"]: float(r["value"]) for r in run_rows if r["statistic"] == "SUM (Mbits/s)"}
check(set(exported) == set(sums), f"runs with a SUM {sorted(exported)}, flows {sorted(sums)}")
for log, value in exported.items():
    check(same(value * 1e6, sums[log]), f"{log}: run SUM {value} Mbits/s, flows {sums[log]}")

# --- RFC 4180 and formulas --------------------------------------------------------------
values = {"note": 'a,"b"\nc', "cr": "x\ry", "formula": "=1+2", "at": "@SUM(A1)",
          "negative": "-0.5", "plus": "+cmd", "dash": "-x"}
options = [arg for key, value in values.items() for arg in ("--set", f"{key}={value}")]
busybox = os.path.join(data, "ping", "busybox_dup_loss.txt")
text = export(os.path.join(work, "quoted.csv"), *options, busybox)
read = csv_rows(text)
spreadsheet = {"note": 'a,"b"\nc', "cr": "x\ry", "formula": "'=1+2", "at": "'@SUM(A1)",
               "negative": "-0.5", "plus": "'+cmd", "dash": "'-x"}
for key, expected in spreadsheet.items():
    check(all(r[key] == expected for r in read), f"csv cell {key}: {read[0][key]!r}")
check(",-0.5," in text, "-0.5 is quoted or changed in the CSV")
quoted_frame = pandas.read_csv(io.StringIO(text))
check(quoted_frame.negative.dtype.kind == "f" and (quoted_frame.negative == -0.5).all(),
      "pandas does not read -0.5 as a number")
lines = [json.loads(line) for line in
         export(os.path.join(work, "quoted.jsonl"), "--format", "jsonl", *options, busybox)
         .splitlines()]
check(all(all(o[k] == v for k, v in values.items()) for o in lines),
      f"JSON lines do not keep the values as given: {lines[0]}")

# --- an existing output survives a failed export -----------------------------------------
kept = os.path.join(work, "kept.csv")
with open(kept, "w") as f:
    f.write("old\n")
result = subprocess.run([cli, "export", "-o", kept, os.path.join(work, "no-such-log")],
                        capture_output=True, text=True)
check(result.returncode == 2, f"export of a missing log exits {result.returncode}")
with open(kept) as f:
    check(f.read() == "old\n", "a failed export changed the existing output")

for name in os.listdir(work):
    os.remove(os.path.join(work, name))
os.rmdir(work)
if failures:
    print(f"{len(failures)} check(s) failed", file=sys.stderr)
    sys.exit(1)
print("export OK")
