#!/usr/bin/env python3
"""Summarise bench_cawosched_remap.sh rows (CSV on stdin or files) per set
and setting as a Markdown table: savings against CaWoSched's best variant
(median, where its cost is positive), against ecsched's fixed mapping, how
many are dearer, proven (bound = cost), checked by tests/cws_eval.py, the
slowest run and the largest resident size."""
import csv
import statistics
import sys


def num(x):
    return float(x) if x not in ("", None) else None


rows = []
for path in sys.argv[1:] or ["-"]:
    f = sys.stdin if path == "-" else open(path)
    rows += list(csv.DictReader(f))
groups = {}
for r in rows:
    s = r["instance"].split("_")[0]
    groups.setdefault((s, r["setting"]), []).append(r)
print("| set | deadline | instances | CaWoSched > 0 | median saving vs CaWoSched best | min / max | vs ecsched fixed (> 0): mean | dearer than fixed | proven | independent evaluator | slowest | max RSS |")
print("|---|---|---|---|---|---|---|---|---|---|---|---|")
for (s, mode), g in sorted(groups.items()):
    sv, fx = [], []
    dearer = proven = valid = 0
    for r in g:
        c = num(r["remap_cost"])
        if c is None:
            continue
        cw = num(r["cws_best"])
        if cw is not None and cw > 0:
            sv.append((cw - c) / cw)
        f = num(r["fixed_ours"]) if r["fixed_ours"] else num(r["given_cost"])
        if f is not None and f > 0:
            fx.append((f - c) / f)
        if f is not None and c > f:
            dearer += 1
        b = num(r["bound"])
        if b is not None and b >= c:
            proven += 1
        valid += r["independent"] == "valid"
    secs = max((num(r["seconds"]) or 0) for r in g)
    rss = max((num(r["max_rss_kb"]) or 0) for r in g)
    med = "%.1f%%" % (100 * statistics.median(sv)) if sv else "-"
    mm = "%.1f%% / %.1f%%" % (100 * min(sv), 100 * max(sv)) if sv else "-"
    mf = "%.1f%% (%d)" % (100 * statistics.mean(fx), len(fx)) if fx else "-"
    print("| %s | %s | %d | %d | %s | %s | %s | %d | %d | %d/%d | %.1f s | %.0f MB |"
          % (s, mode, len(g), len(sv), med, mm, mf, dearer, proven, valid, len(g), secs, rss / 1024))
# the frequencies' further saving
fs = [(num(r["remap_cost"]) - num(r["freqs_cost"])) / num(r["remap_cost"])
      for r in rows if r.get("freqs_cost") and num(r["remap_cost"]) and num(r["remap_cost"]) > 0]
fv = [r for r in rows if r.get("freqs_cost")]
if fv:
    print()
    print("with --freqs: %d instances, %d with cost > 0 at f = 1: further saving mean %.1f%%, median %.1f%%; independent evaluator valid on %d/%d"
          % (len(fv), len(fs), 100 * statistics.mean(fs) if fs else 0, 100 * statistics.median(fs) if fs else 0,
             sum(r["freqs_independent"] == "valid" for r in fv), len(fv)))
