#!/usr/bin/env python3
"""Writes samples/demo.wbws: a Wirebench workspace with every recorded log in samples/.

The seed configurations are shown and labelled (QJump Table 1, GENI and recorded cubic vs
reno with 30 flows); every other log is loaded but hidden, ready to be ticked. `./setup.sh demo`
opens this workspace; tests check that it lists every log. Re-run after recording new logs.
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


def tags(name):
    found = [cc for cc in ("cubic", "reno") if cc in name]
    for prefix, tag in (("ping18", "qjump"), ("udp-loss", "tomato-loss"), ("udp-bw", "tomato-bandwidth")):
        if name.startswith(prefix):
            found.append(tag)
    return found


def main():
    logs = sorted(p.name for p in HERE.iterdir()
                  if p.is_file() and not p.name.endswith(NOT_LOGS) and not p.name.endswith("-check.txt"))
    workspace = {
        "format": "wirebench-workspace",
        "version": 1,
        "title": "Wirebench samples: QJump Table 1, GENI cubic vs reno, ToMaTo",
        "datasets": [{"path": name, "index": 0, "label": SHOWN.get(name, ("", ""))[0],
                      "color": SHOWN.get(name, ("", ""))[1], "visible": name in SHOWN, "tags": tags(name)}
                     for name in logs],
        "views": {},
        "extra": {"currentTab": 0},
    }
    (HERE / "demo.wbws").write_text(json.dumps(workspace, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"demo.wbws: {len(logs)} logs, {len(SHOWN)} shown")


if __name__ == "__main__":
    main()
