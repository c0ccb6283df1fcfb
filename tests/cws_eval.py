#!/usr/bin/env python3
"""An evaluator of CaWoSched's model written from docs/cawosched.md alone.

It shares no code with ecsched: it reads the workflow (DOT, the
`ID [weight=W];` / `A -> B [size=S];` lines CaWoSched reads), the setup
(seven lines), the mapping (CaWoSched's text form, or the "order" lists of
the document) and an ecsched document of CaWoSched's problem (solve or
heuristic --mode local, with or without --remap), rebuilds the transfers
and their order on each link, checks every rule of "Validity" and prices
the schedule by "Power and cost".  With frequencies (ecsched's extension,
docs/cawosched.md "Frequencies": a task's "freq" f in the document), the
task lasts ceil(w / f) units and draws its processor's work power times
f^2; the sums are exact fractions.

Usage: cws_eval.py GRAPH.dot SETUP.input DOC.json [MAPPING.txt]
Prints one line "valid cost C brown B makespan M" and exits 0 when the
schedule is valid and the document's cost, brown energy and makespan are
the ones computed here; otherwise prints what differs and exits 1.
"""
import json
import math
import re
import sys
from fractions import Fraction


def read_dot(path):
    weight, edges = {}, []
    node = re.compile(r'^\s*"?(\w+)"?\s*\[.*?weight\s*=\s*"?(\d+)')
    edge = re.compile(r'^\s*"?(\w+)"?\s*->\s*"?(\w+)"?\s*\[.*?size\s*=\s*"?(\d+)')
    with open(path) as f:
        for line in f:
            m = edge.match(line)
            if m:
                edges.append((int(m.group(1)), int(m.group(2)), int(m.group(3))))
                continue
            m = node.match(line)
            if m:
                weight[int(m.group(1))] = int(m.group(2))
    return weight, edges


def read_setup(path):
    with open(path) as f:
        rows = [l.split() for l in f.read().splitlines() if l.strip()]
    D = int(rows[0][0])
    idle = [int(x) for x in rows[2]]
    work = [int(x) for x in rows[3]]
    C = int(rows[4][0])
    budget = [int(x) for x in rows[5]]
    bounds = [int(x) for x in rows[6]]
    P = int(round(len(idle) ** 0.5))
    assert P * P == len(idle) == len(work)
    return D, P, idle, work, C, budget, bounds


def read_mapping_text(path):
    with open(path) as f:
        lines = f.read().split("\n")
    P = int(lines[0])
    order = []
    for k in range(P):
        line = lines[k + 1] if k + 1 < len(lines) else ""
        order.append([int(x) for x in line.split()])
    return order


def link(P, a, b):
    return P + a * (P - 1) + b - (1 if b > a else 0)


def main(argv):
    if len(argv) not in (4, 5):
        print(__doc__.strip().split("\n\n")[2], file=sys.stderr)
        return 2
    weight, edges = read_dot(argv[1])
    D, P, idle, work, C, budget, bounds = read_setup(argv[2])
    with open(argv[3]) as f:
        doc = json.load(f)
    order = read_mapping_text(argv[4]) if len(argv) == 5 else doc["mapping"]["order"]
    errors = []
    proc = {}
    for k, ids in enumerate(order):
        for t in ids:
            if t in proc:
                errors.append("task %d mapped twice" % t)
            proc[t] = k
    if set(proc) != set(weight):
        errors.append("the mapping does not name every task once")
        print("; ".join(errors))
        return 1
    # tasks and transfers of the document
    start, dur, where, freq = {}, {}, {}, {}
    for o in doc["tasks"]:
        t = o["id"]
        start[t] = o["start"]
        dur[t] = o["end"] - o["start"]
        where[t] = o["pe"]
        freq[t] = Fraction(str(o.get("freq", 1)))
    # a task's duration at its frequency
    need = {t: (weight[t] if freq.get(t, 1) == 1 else
                math.ceil(Fraction(weight[t]) / freq[t])) for t in weight}
    for t in weight:
        if t not in start:
            errors.append("task %d has no start" % t)
        elif where[t] != proc[t]:
            errors.append("task %d on pe %d, the mapping says %d" % (t, where[t], proc[t]))
        elif dur[t] != need[t]:
            errors.append("task %d lasts %d, its weight %d at f = %s needs %d"
                          % (t, dur[t], weight[t], freq[t], need[t]))
    xs = {}
    for o in doc["transfers"]:
        xs[(o["from"], o["to"])] = o
    want = {(u, v): c for (u, v, c) in edges if proc[u] != proc[v] and c > 0}
    if set(xs) != set(want):
        errors.append("the transfers are not the edges that cross (%d given, %d expected)"
                      % (len(xs), len(want)))
    if errors:
        print("; ".join(errors[:5]))
        return 1
    # busy intervals: (start, duration, processor)
    busy = [(start[t], need[t], proc[t], freq[t] ** 2) for t in weight]
    for (u, v), c in want.items():
        o = xs[(u, v)]
        l = link(P, proc[u], proc[v])
        if o["pe"] != l or o["end"] - o["start"] != c:
            errors.append("transfer %d->%d: link %d and %d units expected" % (u, v, l, c))
        busy.append((o["start"], c, l, 1))
    # validity: starts, deadline
    for (s, w, p, _) in busy:
        if s < 0 or s + w > D:
            errors.append("a task of processor %d runs [%d, %d), outside [0, %d)" % (p, s, s + w, D))
    # precedence, through the transfers
    for (u, v, c) in edges:
        if (u, v) in want:
            x = xs[(u, v)]
            if x["start"] < start[u] + need[u]:
                errors.append("transfer %d->%d starts before %d ends" % (u, v, u))
            if start[v] < x["start"] + c:
                errors.append("task %d starts before transfer %d->%d ends" % (v, u, v))
        elif start[v] < start[u] + need[u]:
            errors.append("task %d starts before %d ends" % (v, u))
    # each processor's order
    for ids in order:
        for a, b in zip(ids, ids[1:]):
            if start[b] < start[a] + need[a]:
                errors.append("task %d starts before %d, before it on its processor, ends" % (b, a))
    # each link's order: by the earliest start of the sender, then the
    # receiver, on the graph with the processors' chains, no communication
    succ = {t: [] for t in weight}
    indeg = {t: 0 for t in weight}
    for (u, v, c) in edges:
        succ[u].append(v)
        indeg[v] += 1
    for ids in order:
        for a, b in zip(ids, ids[1:]):
            succ[a].append(b)
            indeg[b] += 1
    est = {t: 0 for t in weight}
    ready = [t for t in weight if indeg[t] == 0]
    seen = 0
    while ready:
        u = ready.pop()
        seen += 1
        for v in succ[u]:
            est[v] = max(est[v], est[u] + need[u])
            indeg[v] -= 1
            if indeg[v] == 0:
                ready.append(v)
    if seen != len(weight):
        errors.append("the mapping's order contradicts the graph (a cycle)")
    onlink = {}
    for (u, v) in want:
        onlink.setdefault(link(P, proc[u], proc[v]), []).append((est[u], est[v], u, v))
    for l, lst in onlink.items():
        lst.sort()
        for (_, _, a, b), (_, _, c, d) in zip(lst, lst[1:]):
            x, y = xs[(a, b)], xs[(c, d)]
            if y["start"] < x["end"]:
                errors.append("transfer %d->%d overlaps %d->%d on link %d" % (c, d, a, b, l))
    # power and cost
    diff = [Fraction(0)] * (D + 1)
    for (s, w, p, f2) in busy:
        s0, e0 = max(0, s), min(D, s + w)
        if s0 < e0:
            diff[s0] += work[p] * f2
            diff[e0] -= work[p] * f2
    base = sum(idle)
    load, brown, k, mk = base, 0, 0, 0
    for t in range(D):
        while t >= bounds[k + 1]:
            k += 1
        load += diff[t]
        brown += max(0, load - budget[k])
    mk = max([s + w for (s, w, p, f2) in busy] + [0])
    cost = C * brown
    if errors:
        print("invalid: " + "; ".join(errors[:5]))
        return 1

    def same(a, b):
        return abs(Fraction(str(b)) - a) <= Fraction(1, 10 ** 6) * max(1, abs(a))
    if not (same(cost, doc["cost"]) and same(brown, doc["brown_energy"]) and mk == doc["makespan"]):
        print("valid, but cost/brown/makespan %s/%s/%d here, %s/%s/%s in the document"
              % (float(cost), float(brown), mk, doc["cost"], doc["brown_energy"], doc["makespan"]))
        return 1
    if cost.denominator == 1 and brown.denominator == 1:
        print("valid cost %d brown %d makespan %d" % (cost, brown, mk))
    else:
        print("valid cost %.6g brown %.6g makespan %d" % (float(cost), float(brown), mk))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
