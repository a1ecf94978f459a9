#!/usr/bin/env python3
"""Writes samples/demo.wbws: a Wirebench workspace with every recorded log in samples/.

The seed configurations are shown and labelled (QJump Table 1, GENI and recorded cubic vs
reno with 30 flows); every other log of this folder is loaded but hidden, ready to be ticked.
The logs of the steps recorded through Wirebench in the STEPS folders (record-tcp.sh
bottleneck and load) are labelled, each member's log and the step's ss samples, read with
their sidecars (step parameters, start times); the latency-under-load step is shown (the Load
over time tab draws it), the bottleneck runs hidden. `./setup.sh demo` opens this workspace; tests
check that it lists every log. Re-run after recording new logs.
"""
import json
import pathlib

HERE = pathlib.Path(__file__).resolve().parent
# Shown logs: label and colour (Okabe-Ito; cubic runs blue, reno runs orange, so the pairs read
# at a glance; with ~80 logs loaded the automatic palette would repeat colours).
SHOWN = {
    "ping18_np": ("QJump: one host, idle", "#0072b2"),
    "ping18_iperf16_np": ("QJump: shared source host, egress port", "#d55e00"),
    "ping18_iperf68_np": ("QJump: shared destination host, ingress port", "#009e73"),
    "ping18_iperf18_np": ("QJump: shared host, ingress + egress", "#cc79a7"),
    "ping18_iperf18_iperf68_np": ("QJump: two hosts, shared switch queue", "#e69f00"),
    "geni-cubic-P30.txt": ("GENI cubic -P 30 (seed 004)", "#0072b2"),
    "tcp-cubic-P30-client.txt": ("cubic -P 30 (recorded)", "#56b4e9"),
    "geni-reno-P30.txt": ("GENI reno -P 30 (seed 004)", "#d55e00"),
    "tcp-reno-P30-client.txt": ("reno -P 30 (recorded)", "#e69f00"),
}
NOT_LOGS = (".sh", ".md", ".py", ".wbws")
# Folders of steps recorded by wirebench-cli (STEM.NAME.log per member, STEM.ss.log): the label
# of their logs (+ the member's name), their tags and whether they are shown.
STEPS = {
    # Untagged: the demo's tag groups stay QJump, cubic and reno.
    "latency-under-load": ("latency under load (rrul-lite, cubic)", [], True),
    "bottleneck/iperf3-cubic": ("cubic, 20 Mbit/s bottleneck with a 300 KB queue", ["bottleneck", "cubic"], False),
    "bottleneck/iperf3-reno": ("reno, 20 Mbit/s bottleneck with a 300 KB queue", ["bottleneck", "reno"], False),
}
# A step's files that are read with its logs, not as logs (RunSidecar::isRunCompanion).
STEP_COMPANIONS = (".run.json", ".server.log")


def tags(name):
    found = [cc for cc in ("cubic", "reno") if cc in name]
    for prefix, tag in (("ping18", "qjump"), ("udp-loss", "tomato-loss"), ("udp-bw", "tomato-bandwidth")):
        if name.startswith(prefix):
            found.append(tag)
    return found


def step_datasets():
    datasets = []
    for folder, (label, step_tags, shown) in STEPS.items():
        for log in sorted((HERE / folder).glob("*.log")):
            if log.name.endswith(STEP_COMPANIONS):
                continue
            member = log.name[:-len(".log")].rsplit(".", 1)[-1]
            datasets.append({"path": f"{folder}/{log.name}", "index": 0, "label": f"{label}: {member}",
                             "color": "", "visible": shown, "tags": step_tags})
    return datasets


def main():
    logs = sorted(p.name for p in HERE.iterdir()
                  if p.is_file() and not p.name.endswith(NOT_LOGS) and not p.name.endswith("-check.txt"))
    workspace = {
        "format": "wirebench-workspace",
        "version": 1,
        "title": "Wirebench samples: QJump Table 1, GENI cubic vs reno, ToMaTo",
        "datasets": [{"path": name, "index": 0, "label": SHOWN.get(name, ("", ""))[0],
                      "color": SHOWN.get(name, ("", ""))[1], "visible": name in SHOWN, "tags": tags(name)}
                     for name in logs] + step_datasets(),
        "views": {},
        "extra": {"currentTab": 0},
    }
    (HERE / "demo.wbws").write_text(json.dumps(workspace, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    shown = sum(1 for d in workspace["datasets"] if d["visible"])
    print(f"demo.wbws: {len(workspace['datasets'])} logs, {shown} shown")


if __name__ == "__main__":
    main()
