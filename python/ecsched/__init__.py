"""ecsched from Python: energy-cost scheduling of task graphs with frequency
scaling under time-varying electricity prices (the C library libecsched,
through cffi in ABI mode).

    import ecsched
    inst = ecsched.load("data/stg/rand0000.stg", pes=8, extension=0.2)
    res = ecsched.solve(inst, time_limit=60, gap=0.01)
    print(res.cost, res.bound, res.gap, res.status)
    res.schedule            # a pandas DataFrame, one row per task
    res.to_json("out.json") # the document `ecsched solve --json` writes

An instance is what every `ecsched` scheduling command builds before it
schedules (cli/run/problem.c): the graph (tasks with work, contracted), the
platform, the base schedule (makespan-optimal at f = 1, within
makespan_limit seconds), the deadline D' = floor(M (1 + E)) (or `deadline`
slots) and the per-slot prices of max(D', M) slots, normalised by the
library.  The methods mirror the commands: heuristic (the budget heuristic
from the base), local (the sweep, then the local search from it), milp and
solve (from the start the commands use: local's schedule from the sweep's,
else the sweep's, else the base).  Library failures raise ecsched.Error
with the library's code and message.
"""

import datetime
import json
import math
import numbers
import os

from . import _lib

__all__ = ["Error", "Instance", "Result", "load", "heuristic", "local",
           "milp", "solve", "methods", "version", "DEFAULT_PRICES",
           "LIBRARY_PATH"]

Error = _lib.Error
LIBRARY_PATH = _lib.LIBRARY_PATH

# The command's defaults (cli/run/cli.h and cli/run/params.h); the method
# defaults come from the library (*_params_init).
DEFAULT_PRICES = "epex-2016-10-19"
MAX_HORIZON = 20000          # ECS_CLI_MAX_HORIZON
MAKESPAN_LIMIT_S = 10.0      # --makespan-limit
MIN_TIME_LIMIT_S = 0.01      # ECS_MIN_TIME_LIMIT_S
ROUNDING_TOLERANCE = 0.01    # --rounding-tolerance
MAX_WATTS = 1e9              # --watts W[:IDLE], each at most this


def version():
    """The version of the library loaded."""
    return _lib.version()


def methods():
    """The library's method table (include/ecsched/method.h), one dict a
    row: name, role ("start", "bound", "exact", "improve"), models (of
    "paper", "extended", "fixedmap") and what it is."""
    return _lib.methods()


def _decimal_text(x):
    if isinstance(x, str):
        return x
    if isinstance(x, numbers.Integral):
        return str(int(x))
    return repr(float(x))


def _invalid(msg):
    return Error(_lib.lib.ECS_EINVAL, msg)


# ---- graphs --------------------------------------------------------------------

def _graph_from_dict(tasks, edges):
    """tasks: {id: work}; edges: [(a, b)] or [(a, b, comm)]; ids that are not
    whole numbers are numbered 1.. in order (their names kept)."""
    keys = list(tasks)
    numeric = all(isinstance(k, numbers.Integral) for k in keys)
    ids = [int(k) for k in keys] if numeric else list(range(1, len(keys) + 1))
    index = {k: i for i, k in enumerate(keys)}
    elist, comm = [], False
    for e in edges:
        a, b = e[0], e[1]
        c = int(e[2]) if len(e) > 2 and e[2] is not None else 0
        comm = comm or len(e) > 2
        if a not in index or b not in index:
            raise _invalid("edge %r -> %r: no such task" % (a, b))
        elist.append((index[a], index[b], c))
    works = []
    for k in keys:
        w = tasks[k]
        if not isinstance(w, numbers.Integral) and \
                not (isinstance(w, float) and w.is_integer()):
            raise _invalid("task %r: work must be a whole number, not %r"
                           % (k, w))
        works.append(int(w))
    g = _lib.build_graph(ids, works, elist, comm)
    names = None if numeric else {i: str(k) for i, k in zip(ids, keys)}
    return g, names


def _graph_from_networkx(dg, work_attr):
    tasks = {n: dg.nodes[n].get(work_attr, dg.nodes[n].get("weight"))
             for n in dg.nodes}
    for n, w in tasks.items():
        if w is None:
            raise _invalid("node %r has no '%s' attribute" % (n, work_attr))
    edges = []
    for a, b, attr in dg.edges(data=True):
        c = attr.get("comm", attr.get("size"))
        edges.append((a, b, c) if c is not None else (a, b))
    return _graph_from_dict(tasks, edges)


# ---- prices ---------------------------------------------------------------------

def _prices_csv(prices):
    """A pandas Series (timestamps -> price) or a sequence of per-slot prices
    as the text of a price file the library reads."""
    try:
        import pandas as pd
    except ImportError:  # pragma: no cover
        pd = None
    if pd is not None and isinstance(prices, pd.Series):
        idx = prices.index
        if not isinstance(idx, pd.DatetimeIndex):
            raise _invalid("a price Series needs a DatetimeIndex")
        idx = idx.tz_convert("UTC") if idx.tz is not None else idx
        lines = ["time_utc,price"]
        for t, v in zip(idx, prices.values):
            lines.append("%s,%r" % (t.strftime("%Y-%m-%dT%H:%M:%SZ"),
                                    float(v)))
        return "\n".join(lines) + "\n"
    vals = [float(v) for v in prices]
    return "price\n" + "".join("%r\n" % v for v in vals)


class Instance:
    """A problem: graph, platform, base schedule, deadline D', prices."""

    def __init__(self):
        self.graph_file = None
        self.names = None

    # figures about the instance
    @property
    def tasks(self):
        return self._ginfo["ids"]

    @property
    def pes(self):
        return self._platform.pes

    @property
    def prices(self):
        """The normalised per-slot prices (a list)."""
        return list(self._pinfo["per_slot"])

    @property
    def price_info(self):
        """Where the prices come from: source, unit, normalized_by,
        slot_minutes, cycle, repeated (the series was cycled to cover the
        horizon: the command's stderr note), first_slot_utc."""
        return {k: v for k, v in self._pinfo.items() if k != "per_slot"}

    def __repr__(self):
        return ("<ecsched.Instance %s: %d tasks, P = %d, M = %d, D' = %d>" %
                (self.graph_file or "(in memory)", len(self._ginfo["ids"]),
                 self.pes, self.base_makespan, self.deadline))


def _watts(watts, idle_watts):
    """--watts W[:IDLE]: (W, IDLE), IDLE -1 when not given; (0, -1) without
    watts."""
    text = watts
    if isinstance(watts, str):
        w, colon, i = watts.partition(":")
        if colon:
            if idle_watts is not None:
                raise _invalid("give the idle watts in watts ('W:IDLE') or "
                               "idle_watts, not both")
            idle_watts = i
        watts = w
    if watts is None:
        if idle_watts is not None:
            raise _invalid("idle_watts needs watts")
        return 0.0, -1.0
    try:
        w = float(watts)
        i = -1.0 if idle_watts is None else float(idle_watts)
        ok = 0 < w <= MAX_WATTS and (idle_watts is None or
                                     0 <= i <= MAX_WATTS)
    except (TypeError, ValueError):
        ok = False
    if not ok:
        raise _invalid("watts needs W or W:IDLE, the watts of one PE at "
                       "f = 1 (above 0, at most 1e9) and idle (0 or more), "
                       "e.g. 400 or 400:80, not '%s'" %
                       (text if idle_watts is None or isinstance(text, str)
                        else "%s:%s" % (watts, idle_watts)))
    return w, i


def load(graph, pes, extension=None, deadline=None, prices=None, freqs=None,
         power=None, format="auto", work_unit=None, makespan_limit=None,
         tasks=None, edges=None, work_attr="work", watts=None,
         idle_watts=None, rounding_tolerance=None, platform=None,
         green=None, green_price=None, power_cap=None, **price_options):
    """Build an instance.

    graph: a file path (STG, DOT or WfFormat, format detected or given), a
    networkx DiGraph (node attribute `work` or `weight`, edge attribute
    `comm` or `size`), a dict {task: work} (with `edges`), or None with
    `tasks` and `edges`.  pes: P.  extension E (default 0) or deadline (D'
    in slots).  prices: a built-in name or a file (default
    epex-2016-10-19), a pandas Series indexed by timestamps, or a list of
    per-slot prices; price_options as the command's flags: slot_minutes,
    no_repeat, price_column, time_column, filter, utc_offset, stamp, fill,
    start, unit.  freqs: "1,0.8,..." or a list; power: "quadratic" or
    "static:S".  makespan_limit: seconds for the base search (default 10).
    work_unit: seconds (WfFormat) or file units per work unit, or "auto"
    (the coarsest unit whose rounding adds at most rounding_tolerance of
    the work, default 0.01).  watts: the watts of one PE at f = 1 (the
    command's --watts W[:IDLE]; "400:80" or watts=400, idle_watts=80):
    results then give energy in kWh and the cost in money.  An extended
    platform (idle watts above 0, platform, green, green_price, power_cap:
    the command's --watts W:IDLE, --platform, --green, --green-price,
    --power-cap; docs/MODEL.md "Heterogeneous platforms") is refused: the
    package builds the paper's platform only.
    """
    t_load = _lib.now()
    inst = Instance()
    inst.watts, inst.idle_watts = _watts(watts, idle_watts)
    for key, given in (("platform", platform), ("green", green),
                       ("green_price", green_price),
                       ("power_cap", power_cap),
                       ("idle watts above 0", inst.idle_watts > 0)):
        if given is not None and given is not False:
            raise _invalid(
                "%s: an extended platform (PE classes, idle draw, green "
                "sources, power caps; docs/MODEL.md 'Heterogeneous "
                "platforms') is not built by the Python package yet; use the "
                "ecsched command (--platform FILE, --watts W:IDLE, --green, "
                "--power-cap)" % key)
    if extension is not None and deadline is not None:
        raise _invalid("give extension or deadline, not both")
    if isinstance(freqs, (list, tuple)):
        freqs = ",".join(_decimal_text(f) for f in freqs)
    inst._platform = _lib.platform(pes, freqs, power)
    popts = dict(price_options)
    inst._popt_given = dict(popts)
    inst._popts = _lib.price_options(popts)
    slot_minutes = inst._popts.slot_minutes

    if graph is None and tasks is not None:
        graph = tasks
    inst.work_unit_auto = isinstance(work_unit, str) and work_unit == "auto"
    inst.rounding_tolerance = ROUNDING_TOLERANCE \
        if rounding_tolerance is None else float(rounding_tolerance)
    if not 0 <= inst.rounding_tolerance <= 10:
        raise _invalid("rounding_tolerance needs a fraction of the work from "
                       "0 to 10 (0.01: rounding may add 1%%), not %r"
                       % rounding_tolerance)
    if work_unit is not None and not inst.work_unit_auto:
        try:
            work_unit = float(work_unit)
        except (TypeError, ValueError):
            work_unit = math.nan
        if not 1e-6 <= work_unit <= 1e9:
            raise _invalid("work_unit needs a number from 0.000001 to 1e9 "
                           "(seconds of work at f = 1 per work unit for "
                           "WfFormat, file units for STG and DOT) or "
                           "'auto', not %r" % (work_unit,))
    if isinstance(graph, (str, os.PathLike)):
        path = os.fspath(graph)
        data = _lib.read_file(path)
        if inst.work_unit_auto:
            work_unit = _lib.auto_work_unit(
                data, path, format, 60.0 * slot_minutes,
                inst.rounding_tolerance)["work_unit"]
        inst._raw = _lib.read_graph(data, path, format, work_unit,
                                    60.0 * slot_minutes)
        inst.graph_file = path
    elif isinstance(graph, dict):
        inst._raw, inst.names = _graph_from_dict(graph, edges or [])
    elif hasattr(graph, "nodes") and hasattr(graph, "edges"):
        inst._raw, inst.names = _graph_from_networkx(graph, work_attr)
    else:
        raise _invalid("graph must be a path, a networkx DiGraph or a dict "
                       "of tasks, not %s" % type(graph).__name__)
    if inst.graph_file is None and (inst.work_unit_auto or
                                    work_unit is not None):
        raise _invalid("work_unit applies to a graph file, not to a graph "
                       "given in Python")
    inst.work_unit = work_unit
    inst._rinfo = _lib.graph_info(inst._raw)
    _check_horizon(inst._rinfo, inst._platform.pes, 0)
    inst._g = _lib.contract(inst._raw)
    inst._ginfo = _lib.graph_info(inst._g)

    inst.makespan_limit = MAKESPAN_LIMIT_S if makespan_limit is None \
        else float(makespan_limit)
    base = _lib.makespan(inst._g, inst._platform.pes, inst.makespan_limit)
    inst._base = base["schedule"]
    inst.base_makespan = base["makespan"]
    inst.base_optimal = base["optimal"]
    inst.base_lower_bound = base["lower_bound"]
    inst.base_nodes = base["nodes"]
    inst.base_runtime_s = base["runtime_s"]

    if deadline is not None:
        if int(deadline) < 1:
            raise _invalid("deadline needs a positive number of slots, not %r"
                           % deadline)
        inst.deadline = int(deadline)
        inst.deadline_rule = "deadline"
    else:
        inst.deadline = _lib.decimal_extend(
            inst.base_makespan, _decimal_text(extension or 0))
        inst.deadline_rule = "extension"
    _check_horizon(inst._rinfo, inst._platform.pes, inst.deadline)

    n = max(inst.deadline, inst.base_makespan, 1)
    if prices is None or isinstance(prices, (str, os.PathLike)):
        spec = DEFAULT_PRICES if prices is None else os.fspath(prices)
        inst._prices = _lib.prices_resolve(spec, inst._popts, n)
        inst.price_spec = spec
    else:
        text = _prices_csv(prices)
        inst._prices = _lib.prices_from_text(text.encode(), "(python)",
                                             inst._popts, n)
        inst.price_spec = None
    inst._pinfo = _lib.prices_info(inst._prices)
    inst.base_cost = sum(_lib.task_cost(inst._platform, inst._prices,
                                        inst._base, i)
                         for i in range(inst._g.n))
    ext = None
    if inst.deadline_rule == "extension":
        ext = float(_decimal_text(extension or 0))
    inst._pb = _lib.Problem(inst._g, inst._platform, inst._prices,
                            inst.deadline, ext, inst.base_makespan)
    inst.load_s = _lib.now() - t_load
    return inst


def _check_horizon(info, pes, deadline):
    """The command's guard (cli/run/model_opts.c ecs_cli_check_horizon):
    the model is meant for at most 20,000 slots."""
    total = sum(info["works"])
    cp = info["critical_path"]
    load_ = (total + pes - 1) // pes
    where = info["source"] + ": " if info["source"] else ""
    if cp > MAX_HORIZON:
        raise _invalid("%sthe critical path is %d slots (total work %d), more "
                       "than the %d slots the model is meant for"
                       % (where, cp, total, MAX_HORIZON))
    if load_ > MAX_HORIZON:
        raise _invalid("%sthe total work %d on %d PEs needs at least %d slots,"
                       " more than the %d slots the model is meant for"
                       % (where, total, pes, load_, MAX_HORIZON))
    if deadline > MAX_HORIZON:
        raise _invalid("%sthe deadline D' = %d slots is more than the %d "
                       "slots the model is meant for"
                       % (where, deadline, MAX_HORIZON))


# ---- results ----------------------------------------------------------------------

class Result:
    """What a method found: cost, bound, gap, status (the command's status
    words), the schedule (a pandas DataFrame) and the method's figures in
    `info`."""

    def __init__(self, inst, command, status, schedule, info, params,
                 runtime_s, t0):
        self.instance = inst
        self.command = command
        self.status = status
        self._s = schedule
        self.info = info
        self.params = params
        self.runtime_s = runtime_s
        self._wall_s = _lib.now() - t0
        self.cost = math.nan
        self.makespan = None
        self.meets_deadline = None
        self._e = None
        if schedule is not None:
            rep = _lib.check_schedule(inst._pb, schedule)
            self.cost = rep["cost"]
            self.makespan = rep["makespan"]
            self.meets_deadline = rep["meets_deadline"]
            self._e = _energy_of(inst, schedule, self.cost)
        e = self._e or {}
        # PE-slots at f = 1; kWh and money at the instance's watts (NaN
        # without watts or a schedule; money also NaN unless the prices are
        # per MWh)
        self.energy = e.get("energy", math.nan)
        self.energy_kwh = e["kwh"] if e.get("has_kwh") else math.nan
        self.money = e["money"] if e.get("has_money") else math.nan
        self.money_unit = e["currency"] if e.get("has_money") else None
        self.advice = None
        self.bound = info.get("bound", math.nan)
        gap = info.get("gap", math.nan)
        self.gap = gap if schedule is not None else math.nan
        self._df = None

    def __repr__(self):
        return "<ecsched.Result %s %s cost %.6f bound %s gap %s>" % (
            self.command, self.status, self.cost, self.bound, self.gap)

    @property
    def schedule(self):
        """One row per task with work: task (id), name (tasks not numbered
        by the caller), work, pe, start, stop (slots, inclusive), freqs (the
        frequency of each slot start..stop), energy (sum of power(f) over
        the slots) and cost (energy weighted by the normalised prices)."""
        if self._df is None:
            self._df = _frame(self)
        return self._df

    def to_dict(self):
        return _document(self)

    def to_json(self, path=None, indent=None):
        """The schedule document of the command (docs/schema), as text, or
        written to path."""
        text = json.dumps(_document(self), indent=indent, allow_nan=False)
        if path is None:
            return text
        tmp = "%s.tmp%d" % (path, os.getpid())
        with open(tmp, "w") as f:
            f.write(text + "\n")
        os.replace(tmp, path)
        return None


def _frame(res):
    import pandas as pd
    inst = res.instance
    cols = ["task", "work", "pe", "start", "stop", "freqs", "energy", "cost"]
    rows = []
    if res._s is not None:
        pinfo = _lib.platform_info(inst._platform)
        for i, (pe, start, stop, fk) in enumerate(
                _lib.schedule_rows(res._s)):
            if pe < 0 or inst._ginfo["works"][i] == 0:
                continue
            rows.append((inst._ginfo["ids"][i], inst._ginfo["works"][i], pe,
                         start, stop, [pinfo["freqs"][k] for k in fk],
                         sum(pinfo["power_of"][k] for k in fk),
                         _lib.task_cost(inst._platform, inst._prices, res._s,
                                        i)))
    df = pd.DataFrame(rows, columns=cols)
    if inst.names is not None:
        df.insert(1, "name", [inst.names[t] for t in df["task"]])
    return df


def _energy_of(inst, s, cost):
    """tool_energy_of (cli/run/units.c): the energy of s in PE-slots at
    f = 1, in kWh at the instance's watts, and its cost in money (prices per
    MWh), each figure in the command's order of operations."""
    out = {"energy": _lib.energy(s, inst._platform), "has_kwh": False,
           "kwh": math.nan, "has_money": False, "money": math.nan,
           "currency": ""}
    pi = inst._pinfo
    sm = pi["slot_minutes"]
    if not inst.watts > 0 or sm < 1:
        return out
    hours = float(sm) / 60.0
    out["has_kwh"] = True
    out["kwh"] = out["energy"] * inst.watts * hours / 1000.0
    unit = pi["unit"] or ""
    if len(unit) > 4 and unit.endswith("/MWh") and math.isfinite(cost):
        per_mw = cost * pi["normalized_by"] * float(sm) / 60.0
        out["money"] = per_mw * inst.watts / 1e6
        out["has_money"] = math.isfinite(out["money"])
        out["currency"] = unit[:-4]
    return out


def _zone(inst):
    """tool_zone_of: (name, minutes, from) of the zone clock times are
    given in: utc_offset (a fixed offset or a named zone), else the price
    file's (its first time's offset), else UTC."""
    o = inst._popts
    if o.utc_offset_given:
        return _lib._str(o.utc_zone) or "", o.utc_offset_minutes, 2
    if inst._pinfo["zone_known"]:
        return "", inst._pinfo["zone_minutes"], 1
    return "", 0, 0


def _offset_at(zone, utc):
    name, minutes, _ = zone
    if not name:
        return minutes
    try:
        from zoneinfo import ZoneInfo
        t = datetime.datetime.fromtimestamp(utc, ZoneInfo(name))
        return int(t.utcoffset().total_seconds() / 60)
    except Exception:  # noqa: BLE001 (an unknown zone: UTC, as glibc)
        return 0


def _fmt_offset(off):
    a = -off if off < 0 else off
    return "%c%02d:%02d" % ("-" if off < 0 else "+", a // 60, a % 60)


def _zone_label(zone):
    name, minutes, _ = zone
    if name:
        return name
    return "UTC" if minutes == 0 else _fmt_offset(minutes)


def _has_clock(inst):
    return inst._pinfo["first_utc"] != 0 and inst._pinfo["slot_minutes"] > 0


def _clock(inst, zone, slot):
    """tool_fmt_clock (iso): the start of slot `slot` as
    "2016-10-19T00:00+02:00", None without timestamps."""
    if not _has_clock(inst):
        return None
    pi = inst._pinfo
    utc = pi["first_utc"] + slot * pi["slot_minutes"] * 60
    off = _offset_at(zone, utc)
    try:
        t = datetime.datetime(1970, 1, 1) + \
            datetime.timedelta(seconds=utc + 60 * off)
    except OverflowError:
        return "?"
    zs = "Z" if zone[1] == 0 and not zone[0] else _fmt_offset(off)
    return "%04d-%02d-%02dT%02d:%02d%s" % (t.year, t.month, t.day, t.hour,
                                           t.minute, zs)


def _unit_keys(res):
    """tool_doc_add_units: the document's real units, in its order."""
    inst = res.instance
    sm = inst._pinfo["slot_minutes"]
    has_c = res._s is not None
    e = res._e if has_c else None
    zone = _zone(inst)
    clock = _has_clock(inst)
    w = inst.watts > 0
    dl = inst.deadline
    return [
        ("energy", _num(e["energy"]) if e else None),
        ("energy_kwh", _num(e["kwh"]) if e and e["has_kwh"] else None),
        ("watts", _num(inst.watts) if w else None),
        ("idle_watts", _num(inst.idle_watts)
         if w and inst.idle_watts >= 0 else None),
        ("deadline_minutes", dl * sm if dl > 0 and sm > 0 else None),
        ("makespan_minutes", res.makespan * sm if has_c and sm > 0
         else None),
        ("zone", _zone_label(zone) if clock else None),
        ("start_time", _clock(inst, zone, 0)),
        ("deadline_time", _clock(inst, zone, dl) if dl > 0 else None),
        ("end_time", _clock(inst, zone, res.makespan) if has_c else None)]


def _advice(inst):
    """tool_advice_json: what would make the deadline feasible."""
    a = _lib.advise(inst._g, inst.pes, inst.deadline if inst.deadline > 0
                    else 1, inst.base_makespan, inst.base_optimal,
                    inst.base_lower_bound)
    sm = inst._pinfo["slot_minutes"]
    return {"deadline": a["deadline"], "critical_path": a["critical_path"],
            "least_deadline": a["least_deadline"],
            "least_proven": bool(a["least_proven"]),
            "lower_bound": a["lower_bound"],
            "pes_needed": a["pes_needed"] if a["pes_needed"] > 0 else None,
            "pes_needed_proven": bool(a["pes_needed"] > 0 and
                                      a["pes_needed_proven"]),
            "slot_minutes": sm,
            "least_deadline_minutes": a["least_deadline"] * sm,
            "critical_path_minutes": a["critical_path"] * sm}


def _num(x):
    """A number as the command writes it (12 significant digits), None for
    NaN and infinities."""
    if x is None:
        return None
    x = float(x)
    if not math.isfinite(x):
        return None
    return float("%.12g" % x)


def _document(res):
    inst = res.instance
    pl = _lib.platform_info(inst._platform)
    pi = inst._pinfo
    rinfo = inst._rinfo
    real = [not d for d in rinfo["dummy"]]
    edges = sum(1 for a, b in rinfo["edges"] if real[a] and real[b])
    d = {"tool": "ecsched", "version": version(), "command": res.command,
         "graph": {"file": inst.graph_file or "", "tasks": sum(real),
                   "edges": edges},
         "pes": pl["pes"], "freqs": [_num(f) for f in pl["freqs"]],
         "power": pl["power"],
         "prices": {"source": pi["source"],
                    "slot_minutes": pi["slot_minutes"],
                    "repeated": pi["repeated"],
                    "normalized_by": _num(pi["normalized_by"]),
                    "unit": pi["unit"], "cycle": pi["cycle"],
                    "first_slot_utc": pi["first_slot_utc"],
                    "per_slot": [_num(p) for p in pi["per_slot"]]},
         "deadline": inst.deadline,
         "makespan": res.makespan, "meets_deadline": res.meets_deadline,
         "cost": _num(res.cost) if res._s is not None else None}
    if res._e is not None and res._e["has_money"]:
        d["cost_money"] = _num(res._e["money"])
        d["money_unit"] = res._e["currency"]
    else:
        d["cost_money"] = d["money_unit"] = None
    d.update(_unit_keys(res))
    d["base_cost"] = _num(inst.base_cost)
    d["status"] = res.status
    d["runtime_s"] = _num(round(res.runtime_s * 1e6) / 1e6)
    for k, v in res.info.items():
        d[k] = _num(v) if isinstance(v, float) else v
    opts = {k: None for k in ("slot_minutes", "no_repeat", "price_column",
                              "time_column", "filter", "utc_offset_minutes",
                              "utc_zone", "stamp", "fill", "start", "unit")}
    o = inst._popts
    opts.update({"slot_minutes": o.slot_minutes, "no_repeat":
                 bool(o.no_repeat), "stamp": "end" if o.stamp else "start",
                 "fill": ("none", "previous", "linear")[o.fill]})
    for k in ("price_column", "time_column", "start", "unit"):
        v = _lib._str(getattr(o, k))
        opts[k] = v or None
    if o.filter_column[0] != b"\0":
        opts["filter"] = "%s=%s" % (_lib._str(o.filter_column),
                                    _lib._str(o.filter_value))
    if o.utc_offset_given:
        if o.utc_zone[0] != b"\0":
            opts["utc_zone"] = _lib._str(o.utc_zone)
        else:
            opts["utc_offset_minutes"] = o.utc_offset_minutes
    d["model"] = {"freqs": [_num(f) for f in pl["freqs"]],
                  "power": pl["power"], "deadline_rule": inst.deadline_rule,
                  "work_unit_s": _num(inst.work_unit)
                  if inst.work_unit else None}
    if inst.work_unit_auto:
        d["model"].update(work_unit_auto=True,
                          rounding_tolerance=_num(inst.rounding_tolerance))
    d["model"]["price_source"] = {
        "spec": inst.price_spec or "(python)",
        "file_hash": _file_hash(inst.price_spec), "options": opts}
    d["params"] = {"makespan_limit_s": _num(inst.makespan_limit),
                   **res.params}
    d["base"] = {"makespan": inst.base_makespan,
                 "status": "optimal" if inst.base_optimal else "time_limit",
                 "optimal": inst.base_optimal,
                 "lower_bound": inst.base_lower_bound,
                 "nodes": inst.base_nodes,
                 "runtime_s": _num(inst.base_runtime_s),
                 "makespan_limit_s": _num(inst.makespan_limit)}
    d["context"] = {"host": os.uname().nodename or None, "cpu_model": None,
                    "workers": 1, "wall_s": _num(round(res._wall_s, 6)),
                    "cpu_s": None}
    tasks = []
    if res._s is not None:
        df = res.schedule
        for r in df.itertuples(index=False):
            tasks.append({"id": int(r.task), "work": int(r.work),
                          "pe": int(r.pe), "start": int(r.start),
                          "stop": int(r.stop),
                          "freqs": [_num(f) for f in r.freqs]})
    d["tasks"] = tasks
    if res.advice is not None:
        d["advice"] = res.advice
    return d


def _file_hash(spec):
    """The command's price file hash (FNV-1a 64 of the bytes, as
    cli/run/record.c writes it), None for a built-in or no file."""
    if spec is None or not os.path.isfile(spec):
        return None
    h = 0xcbf29ce484222325
    with open(spec, "rb") as f:
        for b in f.read():
            h = ((h ^ b) * 0x100000001b3) & 0xffffffffffffffff
    return "fnv1a64:%016x" % h


# ---- methods ------------------------------------------------------------------------

def _clip_limit(x):
    return x if x > MIN_TIME_LIMIT_S else MIN_TIME_LIMIT_S


def _heuristic_result(inst, t0, h, mode, lo=None, local_prm=None):
    """The document of `ecsched heuristic` (--mode sweep, binary or local):
    its keys in its order, from the sweep's run h and the local run lo."""
    pr = h["params"]
    schedule = lo["schedule"] if lo is not None else h["schedule"]
    cost = _lib.check_schedule(inst._pb, schedule)["cost"]
    base = inst.base_cost
    saving = 0.0 if base == 0 else 100.0 * (base - cost) / abs(base)
    on = lo is not None
    info = {"mode": mode,
            "steps": pr["steps"] if mode != "binary" else None,
            "sigma": pr["sigma"], "budget_range": h["range"],
            "budget": None if h["fallback"] else h["budget"],
            "saving_pct": saving, "saving_over_base": saving / 100.0,
            "candidates": h["candidates"],
            "feasible_candidates": h["feasible_candidates"],
            "fallback": h["fallback"], "base_makespan": inst.base_makespan,
            "heuristic_s": round(h["runtime_s"], 6),
            "start_cost": lo["start_cost"] if on else None,
            "local_stop": lo["stop"] if on else None,
            "local_rounds": lo["rounds"] if on else None,
            "local_kicks": lo["kicks"] if on else None,
            "local_s": round(lo["runtime_s"], 6) if on else None}
    params = {"sigma": _num(pr["sigma"])}
    if mode == "binary":
        params.update(rel_tol=_num(pr["rel_tol"]),
                      max_bisections=pr["max_bisections"])
    else:
        params["steps"] = pr["steps"]
    if on:
        params.update(time_limit_s=_num(local_prm.time_limit_s),
                      seed=int(local_prm.seed),
                      effort=int(local_prm.max_moves))
    return Result(inst, "heuristic", "feasible", schedule, info, params,
                  _lib.now() - t0, t0)


def _infeasible(inst, command, t0):
    """No schedule meets D' < M (the heuristic keeps the base's PEs and
    order; the command says so and writes no document): the advice."""
    res = Result(inst, command, "infeasible", None, {}, {}, 0.0, t0)
    res.advice = _advice(inst)
    return res


def _with_advice(res):
    if res.status == "infeasible":
        res.advice = _advice(res.instance)
    return res


def heuristic(inst, mode="sweep", steps=None, sigma=None, rel_tol=None,
              max_bisections=None):
    """The budget heuristic (`ecsched heuristic --mode sweep|binary`): the
    base schedule scaled under a budget, sweep (steps budgets) or binary
    (bisection); never dearer than the base (info["fallback"])."""
    t0 = _lib.now()
    if inst.deadline < inst.base_makespan:
        return _infeasible(inst, "heuristic", t0)
    h = _lib.heuristic(inst._pb, inst._base, mode, steps, sigma, rel_tol,
                       max_bisections)
    return _heuristic_result(inst, t0, h, mode)


def local(inst, time_limit=None, seed=None, max_rounds=None,
          scratch_start=None, max_stall=None, cache_mb=None, steps=None,
          sigma=None, effort=None):
    """The sweep, then the local heuristic from its schedule, never dearer
    than the sweep (`ecsched heuristic --mode local`); effort: at most that
    many moves (the same schedule on any machine while the time limit does
    not bind)."""
    t0 = _lib.now()
    if inst.deadline < inst.base_makespan:
        return _infeasible(inst, "heuristic", t0)
    prm = _lib.local_params(time_limit, seed, max_rounds, scratch_start,
                            max_stall, cache_mb, effort)
    h = _lib.heuristic(inst._pb, inst._base, "sweep", steps, sigma, None,
                       None)
    lo = _lib.local(inst._pb, h["schedule"], prm)
    return _heuristic_result(inst, t0, h, "local", lo, prm)


def milp(inst, time_limit=60.0, gap=0.0, formulation="strong",
         warm_start=True, progress=None, effort=0):
    """The exact MILP (GLPK) within time_limit seconds (the warm start's
    included), warm-started with the start of solve (the engine's start
    phase, ecs_solve_start).  progress(dict) is called about every half
    second with phase, elapsed_s, cost, bound, gap and nodes."""
    _lib.milp_validate(time_limit, gap)
    t0 = _lib.now()
    start, who, scost = (None, "none", math.nan)
    if warm_start:
        start, who, scost = _lib.solve_start(inst._pb, inst._base,
                                             time_limit)
    left = _clip_limit(time_limit - (_lib.now() - t0))
    r = _lib.milp(inst._pb, start, left, gap, formulation, progress, effort)
    info = {"formulation": r["formulation"],
            "optimal": r["status"] == "optimal", "bound": r["bound"],
            "gap": r["gap"], "bound_method": r["bound_method"],
            "root_bound": r["root_bound"], "nodes": r["nodes"],
            "rows": r["rows"], "cols": r["cols"], "nonzeros": r["nonzeros"],
            "warm_start": who, "warm_start_cost": scost}
    params = {"time_limit_s": _num(time_limit),
              "formulation": r["formulation"], "gap": _num(gap),
              "effort": int(effort), "warm_start": bool(warm_start)}
    return _with_advice(Result(inst, "milp", r["status"], r["schedule"],
                               info, params, r["runtime_s"], t0))


def solve(inst, time_limit=None, gap=None, seed=None, progress=None,
          effort=0):
    """The best schedule within time_limit seconds (default 60, the start
    included) and a proven lower bound (`ecsched solve`): stops at the
    relative gap (default 0).  progress(dict) gets phase, elapsed_s, cost,
    bound and gap.  effort > 0: a budget of counted work in place of the
    time shares (solve.h), the same result on any machine and load."""
    dflt = _lib.solve_defaults()
    time_limit = dflt["time_limit"] if time_limit is None else time_limit
    gap = dflt["gap"] if gap is None else gap
    _lib.solve_validate(time_limit, gap, seed)
    t0 = _lib.now()
    r = _lib.solve(inst._pb, inst._base, time_limit, gap, seed, progress,
                   effort)
    info = {"mode": r["mode"], "optimal": r["status"] == "optimal",
            "bound": r["bound"], "gap": r["gap"],
            "bound_method": r["bound_method"], "found_by": r["found_by"],
            "start": r["start"], "start_cost": r["start_cost"],
            "lns_rounds": r["lns_rounds"], "lns_improved": r["lns_improved"],
            "bound_time_s": r["bound_time_s"], "phases": r["phases"],
            "stop": r["stop"],
            "solve_runtime_s": round(r["runtime_s"] * 1e6) / 1e6}
    params = {"time_limit_s": _num(time_limit), "gap": _num(gap),
              "seed": int(r["seed"]), "effort": int(r["effort"]),
              "warm_start": True}
    # runtime_s as the command's: its wall time, the instance's load (the
    # graph, the base search, the prices) included; solve_runtime_s: the
    # solver's own
    return _with_advice(Result(inst, "solve", r["status"], r["schedule"],
                               info, params,
                               inst.load_s + (_lib.now() - t0), t0))
