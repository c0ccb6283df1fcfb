"""A WfCommons Montage workflow under German day-ahead prices, notebook-style.

    make python
    PYTHONPATH=python /usr/bin/python3 python/examples/montage.py [OUT.png]

(or, after `make install` and `pip install ./python`, plain
/usr/bin/python3).  Every block below is a notebook cell.
"""
import os
import sys

import ecsched

TOP = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
WORKFLOW = os.path.join(TOP, "data", "workflows",
                        "montage-chameleon-2mass-01d-001.json")
PRICES = os.path.join(TOP, "data", "prices",
                      "de_lu_2024-05-06_to_2024-05-12_hourly.csv")

# %% The instance: 103 tasks on 4 PEs, 15-minute slots (a task's runtime is
# rounded up to whole slots: Montage's tasks are short, so each takes one
# slot at f = 1), the deadline 50% beyond the shortest makespan, the
# EPEX prices of DE-LU for the week of 6 May 2024 (hourly, resampled).
inst = ecsched.load(WORKFLOW, pes=4, extension=0.5, prices=PRICES,
                    slot_minutes=15)
print(inst)

# %% The heuristic of the paper, then the solver with a 1% gap.
heur = ecsched.heuristic(inst)


def show(p):
    if p["phase"] != "done":
        print("  %6.1f s  %-5s cost %.4f  bound %.4f" %
              (p["elapsed_s"], p["phase"], p["cost"], p["bound"]))


res = ecsched.solve(inst, time_limit=30, gap=0.01, progress=show)
print("base      %.4f" % inst.base_cost)
print("heuristic %.4f" % heur.cost)
print("solve     %.4f (%s, bound %.4f, gap %.2f%%)" %
      (res.cost, res.status, res.bound, 100 * res.gap))

# %% The schedule as a table: energy and cost per task, by PE.
df = res.schedule
print(df.groupby("pe")[["work", "energy", "cost"]].sum())

# %% A Gantt chart (matplotlib, when it is installed): one bar per task,
# darker for a higher mean frequency; the prices below.
try:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
except ImportError:
    plt = None
if plt is None:
    print("matplotlib not installed: no plot")
else:
    fig, (ax, axp) = plt.subplots(2, 1, sharex=True, figsize=(10, 5),
                                  gridspec_kw={"height_ratios": [3, 1]})
    for r in df.itertuples():
        f = sum(r.freqs) / len(r.freqs)
        ax.broken_barh([(r.start, r.stop - r.start + 1)], (r.pe - 0.4, 0.8),
                       facecolors=plt.cm.Blues(0.25 + 0.75 * f),
                       edgecolors="black", linewidth=0.3)
    ax.axvline(inst.deadline, color="red", linestyle="--", label="D'")
    ax.set_yticks(range(inst.pes))
    ax.set_ylabel("PE")
    ax.legend(loc="upper right")
    ax.set_title("Montage, P = %d: cost %.3f (base %.3f)" %
                 (inst.pes, res.cost, inst.base_cost))
    prices = inst.prices[:inst.deadline]
    axp.step(range(len(prices)), prices, where="post")
    axp.set_ylabel("price")
    axp.set_xlabel("slot (15 min)")
    out = sys.argv[1] if len(sys.argv) > 1 else "montage_gantt.png"
    fig.savefig(out, dpi=120, bbox_inches="tight")
    print("wrote", out)
