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
schedules, assembled by the same library call (ecs_problem_assemble,
include/ecsched/problem.h): the graph (tasks with work, contracted), the
platform (the paper's, or an extended one: a platform file or dict, idle
watts, green sources, a power cap), the base schedule (makespan-optimal at
f = 1, within makespan_limit seconds), the deadline D' = floor(M (1 + E))
(or `deadline` slots) and the per-slot prices of max(D', M) slots,
normalised by the library.  Documents (Result.to_json) come from the
library's writer, the command's bytes for the same run.  The methods mirror the commands: heuristic (the budget heuristic
from the base), local (the sweep, then the local search from it), milp and
solve (from the start the commands use: local's schedule from the sweep's,
else the sweep's, else the base).  Library failures raise ecsched.Error
with the library's code and message.
"""

import json
import math
import numbers
import os

from . import _lib

__all__ = ["Error", "Instance", "Result", "FixedMapInstance",
           "FixedMapResult", "load", "heuristic", "local", "milp", "solve",
           "methods", "version", "DEFAULT_PRICES", "LIBRARY_PATH"]

Error = _lib.Error
LIBRARY_PATH = _lib.LIBRARY_PATH

# The command's defaults (cli/run/cli.h and cli/run/params.h); the method
# defaults come from the library (*_params_init).
DEFAULT_PRICES = "epex-2016-10-19"
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
    "paper", "extended", "fixedmap", "freemap": CaWoSched's platform with
    the mapping chosen) and what it is."""
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


def load(graph, pes=None, extension=None, deadline=None, prices=None,
         freqs=None, power=None, format="auto", work_unit=None,
         makespan_limit=None, tasks=None, edges=None, work_attr="work",
         watts=None, idle_watts=None, rounding_tolerance=None, platform=None,
         green=None, green_price=None, power_cap=None, mapping=None,
         green_column=None, **price_options):
    """Build an instance: the library assembles it from a set-up as the
    command does (setup.h, problem.h: ecs_problem_assemble).

    graph: a file path (STG, DOT or WfFormat, format detected or given), a
    networkx DiGraph (node attribute `work` or `weight`, edge attribute
    `comm` or `size`), a dict {task: work} (with `edges`), or None with
    `tasks` and `edges`.  pes: P (the command's -p; not with a platform).
    extension E (default 0) or deadline (D' in slots).  prices: a
    built-in name or a file (default epex-2016-10-19), a pandas Series
    indexed by timestamps, or a list of per-slot prices; price_options as
    the command's flags: slot_minutes, no_repeat, price_column,
    time_column, filter, utc_offset, stamp, fill, start, unit.  freqs:
    "1,0.8,..." or a list; power: "quadratic" or "static:S".
    makespan_limit: seconds for the base search (default 10).  work_unit:
    seconds (WfFormat) or file units per work unit, or "auto" (the
    coarsest unit whose rounding adds at most rounding_tolerance of the
    work, default 0.01).  watts: the watts of one PE at f = 1 (the
    command's --watts W[:IDLE]; "400:80" or watts=400, idle_watts=80):
    results then give energy in kWh and the cost in money.

    An extended platform (docs/MODEL.md "Heterogeneous platforms"), as the
    command's flags: platform (--platform: a platform file, or its JSON as
    a dict; docs/schema/platform.schema.json), idle watts above 0
    (--watts W:IDLE), green (--green FILE, kWh per point), green_column
    (--green-column: its column, a name or a 1-based number; without it
    the file's only column of numbers), green_price (--green-price),
    power_cap (--power-cap KW).  An extended platform
    takes its prices from files or built-ins, not from a Series or list.

    CaWoSched's fixed-mapping problem (docs/cawosched.md), as the
    command's --mapping FILE --platform SETUP: mapping (its text or JSON)
    and platform (CaWoSched's setup file); graph a file.  solve and local
    run it (heuristic and milp say from the method table that they do
    not); the setup gives processors, powers, deadline and budget, so the
    model's other arguments do not apply.
    """
    if mapping is not None:
        return _load_fixedmap(graph, mapping, platform, format, pes=pes,
                              extension=extension, deadline=deadline,
                              prices=prices, power=power,
                              work_unit=work_unit, watts=watts,
                              idle_watts=idle_watts, green=green,
                              green_column=green_column,
                              green_price=green_price, power_cap=power_cap,
                              makespan_limit=makespan_limit,
                              freqs=freqs, **price_options)
    t_load = _lib.now()
    inst = Instance()
    inst.watts, inst.idle_watts = _watts(watts, idle_watts)
    if extension is not None and deadline is not None:
        raise _invalid("give extension or deadline, not both")
    if isinstance(freqs, (list, tuple)):
        freqs = ",".join(_decimal_text(f) for f in freqs)
    su = _lib.Setup()
    m = su.c
    if pes is None and platform is None:
        raise _invalid("pes needs the number of PEs (or give a platform)")
    base = _lib.platform(pes if pes is not None else 1, freqs, power)
    m.platform = base[0]
    m.pes_given = pes is not None
    m.freqs_given = freqs is not None
    m.power_given = power is not None
    popts = dict(price_options)
    m.price_opt = _lib.price_options(popts)[0]
    m.slot_minutes_given = popts.get("slot_minutes") is not None
    if deadline is not None:
        if int(deadline) < 1:
            raise _invalid("deadline needs a positive number of slots, not %r"
                           % deadline)
        m.deadline = int(deadline)
    else:
        m.extension = _lib.decimal(_decimal_text(extension or 0))
        m.extension_given = extension is not None
    m.format = _lib.stg_format(format)

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
    m.work_unit_auto = inst.work_unit_auto
    m.rounding_tolerance = inst.rounding_tolerance
    m.watts = inst.watts
    m.idle_watts = inst.idle_watts

    # the extended platform: a file or its JSON, or the shortcuts
    if isinstance(platform, dict):
        su.text("platform_path", "(python)")
        m.platform_len = su.text("platform_text", json.dumps(platform))
    elif platform is not None:
        su.text("platform_path", os.fspath(platform))
    if green is not None:
        su.text("green_path", os.fspath(green))
    if green_column is not None:
        su.text("green_column", str(green_column))
    if green_price is not None:
        m.green_price = float(green_price)
        m.green_price_given = 1
    if power_cap is not None:
        m.power_cap_kw = float(power_cap)
    su.resolve_platform()
    inst.extended = bool(m.plat.on)

    # prices: a spec, or a CSV in memory named "(python)"
    if prices is None or isinstance(prices, (str, os.PathLike)):
        inst.price_spec = DEFAULT_PRICES if prices is None \
            else os.fspath(prices)
        su.text("prices_spec", inst.price_spec)
    else:
        su.text("prices_spec", "(python)")
        m.prices_len = su.text("prices_text", _prices_csv(prices))
        inst.price_spec = None

    if isinstance(graph, (str, os.PathLike)):
        path = os.fspath(graph)
        if inst.work_unit_auto:
            su.auto_work_unit(path)
        elif work_unit is not None:
            m.work_unit = work_unit
        raw = su.read_graph(path)
        inst.graph_file = path
    elif isinstance(graph, dict):
        g, inst.names = _graph_from_dict(graph, edges or [])
        raw = _lib.detach(g)
    elif hasattr(graph, "nodes") and hasattr(graph, "edges"):
        g, inst.names = _graph_from_networkx(graph, work_attr)
        raw = _lib.detach(g)
    else:
        raise _invalid("graph must be a path, a networkx DiGraph or a dict "
                       "of tasks, not %s" % type(graph).__name__)
    if inst.graph_file is None and (inst.work_unit_auto or
                                    work_unit is not None):
        _lib.lib.ecs_graph_free(raw)
        raise _invalid("work_unit applies to a graph file, not to a graph "
                       "given in Python")
    inst.work_unit = m.work_unit if m.work_unit > 0 else None
    inst.makespan_limit = MAKESPAN_LIMIT_S if makespan_limit is None \
        else float(makespan_limit)
    inst._setup = su
    inst._pb = _lib.Problem(su, raw, inst.graph_file or "",
                            inst.makespan_limit)
    pb = inst._pb.pb
    inst._platform = inst._pb.c.platform
    inst._prices = _lib.ffi.addressof(pb[0], "prices")
    inst._raw, inst._g, inst._base = pb.raw, pb.g, pb.base
    inst._rinfo = _lib.graph_info(pb.raw)
    inst._ginfo = _lib.graph_info(pb.g)
    inst._pinfo = _lib.prices_info(inst._prices)
    inst.base_makespan = pb.base_makespan
    inst.base_optimal = bool(pb.base_optimal)
    inst.base_lower_bound = pb.base_lower_bound
    inst.base_nodes = pb.base_nodes
    inst.base_runtime_s = pb.base_runtime_s
    inst.deadline = pb.deadline
    inst.deadline_rule = "deadline" if deadline is not None else "extension"
    inst.base_cost = pb.base_cost
    inst.load_s = _lib.now() - t_load
    return inst


def _write_text(text, path, indent):
    """A document's text (re-indented when indent is given), returned, or
    written to path atomically (a temporary beside it, then renamed)."""
    if indent is not None:
        text = json.dumps(json.loads(text), indent=indent) + "\n"
    if path is None:
        return text
    tmp = "%s.tmp%d" % (path, os.getpid())
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, path)
    return None


class FixedMapInstance:
    """CaWoSched's fixed-mapping problem: the graph, the mapping, the
    setup (the library's ecs_cws_files, cws_doc.h)."""

    extended = False

    def __init__(self, graph_file, mapping, setup):
        self.graph_file, self.mapping, self.setup = graph_file, mapping, \
            setup

    def __repr__(self):
        return "<ecsched.FixedMapInstance %s, mapping %s, setup %s>" % (
            self.graph_file, self.mapping, self.setup)


def _load_fixedmap(graph, mapping, setup, format, freqs=None, **others):
    t_load = _lib.now()
    for key, value in others.items():
        if value is not None and value != {}:
            raise _invalid("%s does not apply to CaWoSched's problem "
                           "(mapping): the setup gives the processors, "
                           "powers, deadline and budget" % key)
    if freqs is not None and _decimal_text(freqs) not in ("1", "1.0"):
        raise _invalid("freqs must be 1 with CaWoSched's setup: its model "
                       "has one speed (a task lasts its weight)")
    if setup is None or isinstance(setup, dict):
        raise _invalid("mapping needs platform=CaWoSched's setup file")
    if not isinstance(graph, (str, os.PathLike)):
        raise _invalid("CaWoSched's problem reads its graph from a file")
    su = _lib.Setup()
    su.c.format = _lib.stg_format(format)
    su.text("mapping_path", os.fspath(mapping))
    su.text("cws_setup_path", os.fspath(setup))
    inst = FixedMapInstance(os.fspath(graph), os.fspath(mapping),
                            os.fspath(setup))
    inst._setup = su
    inst._fm = _lib.FixedMap(su, inst.graph_file)
    inst.load_s = _lib.now() - t_load
    return inst


class FixedMapResult:
    """A run on CaWoSched's problem: cost (brown energy x brown cost),
    bound, gap, status and the document (CaWoSched's units), from the
    library's writer."""

    def __init__(self, inst, text):
        self.instance = inst
        self._text = text
        d = json.loads(text)
        self.status = d["status"]
        self.cost = d["cost"] if d["cost"] is not None else math.nan
        self.bound = d["bound"] if d["bound"] is not None else math.nan
        self.gap = d["gap"] if d["gap"] is not None else math.nan
        self.makespan = d["makespan"]
        self.runtime_s = d["runtime_s"]
        self._doc = d

    def __repr__(self):
        return "<ecsched.FixedMapResult %s cost %s bound %s>" % (
            self.status, self.cost, self.bound)

    @property
    def schedule(self):
        """One row per task: id, pe, start, end (exclusive), duration."""
        import pandas as pd
        return pd.DataFrame(self._doc["tasks"])

    @property
    def transfers(self):
        """One row per transfer: from, to, pe (the link), link_from,
        link_to, start, end, duration."""
        import pandas as pd
        return pd.DataFrame(self._doc["transfers"])

    def to_dict(self):
        return json.loads(self._text)

    def to_json(self, path=None, indent=None):
        """The command's document (docs/schema/cawosched.schema.json)."""
        return _write_text(self._text, path, indent)


def _fixedmap_run(inst, method, time_limit, gap):
    t0 = _lib.now()
    text = inst._fm.run("solve" if method == "solve" else "heuristic",
                        method, time_limit, gap, t0 - inst.load_s)
    return FixedMapResult(inst, text)


# ---- results ----------------------------------------------------------------------

class Result:
    """What a method found: cost, bound, gap, status (the command's status
    words), the schedule (a pandas DataFrame) and the method's figures in
    `info`."""

    def __init__(self, inst, command, status, schedule, info, params,
                 runtime_s, t0, c0):
        self.instance = inst
        self.command = command
        self.status = status
        self._s = schedule
        self.info = info
        self.params = params
        self.runtime_s = runtime_s
        self._t0 = t0
        self._c0 = c0
        self.cost = math.nan
        self.makespan = None
        self.meets_deadline = None
        e = {}
        if schedule is not None:
            rep = _lib.check_schedule(inst._pb, schedule)
            self.cost = rep["cost"]
            self.makespan = rep["makespan"]
            self.meets_deadline = rep["meets_deadline"]
            e = inst._pb.energy(schedule, self.cost)
        # PE-slots at f = 1 (NaN on an extended platform: kWh there); kWh
        # and money at the instance's watts (NaN without watts or a
        # schedule; money also NaN unless the prices are per MWh), as the
        # library computes them for the command (ecs_energy_of_problem)
        self.energy = e.get("energy", math.nan)
        self.energy_kwh = e["kwh"] if e.get("has_kwh") else math.nan
        self.money = e["money"] if e.get("has_money") else math.nan
        self.money_unit = e["currency"] if e.get("has_money") else None
        self.bound = info.get("bound", math.nan)
        gap = info.get("gap", math.nan)
        self.gap = gap if schedule is not None else math.nan
        self._df = None
        self._text = None
        self._advice = status == "infeasible"

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

    @property
    def advice(self):
        """What would make the deadline feasible (the document's "advice"),
        None when a schedule meets it."""
        return self.to_dict().get("advice") if self._advice else None

    def to_dict(self):
        return json.loads(self.to_json())

    def to_json(self, path=None, indent=None):
        """The schedule document of the command (docs/schema), from the
        library's writer (the command's bytes for the same run), as text,
        or written to path.  indent: re-indented (default: the command's
        2 spaces)."""
        if self._text is None:
            inst = self.instance
            keys = {k: _num(v) for k, v in self.info.items()}
            params = {"makespan_limit_s": inst.makespan_limit,
                      **{k: _num(v) for k, v in self.params.items()}}
            self._text = inst._pb.document(
                self.command, self.status, self._s, self.runtime_s, keys,
                params, inst.makespan_limit, self._t0, self._c0,
                self._advice)
        return _write_text(self._text, path, indent)

    def plot_svg(self, path=None, title=None, width=None, labels=True):
        """The Gantt chart of the schedule document (to_json) as SVG text,
        from the library's renderer (ecs_gantt_render_text): byte for byte
        what `ecsched plot` writes for that document; written to path when
        given.  title replaces the first title line; width: the time
        axis in pixels (100..100000, default from the slot count);
        labels=False: no task labels."""
        if width is not None and not (100 <= width <= 100000):
            raise _invalid("plot_svg: width needs a number of pixels in "
                           "100..100000")
        svg = _lib.gantt_svg(self.to_json(), "<%s result>" % self.command,
                             title, width, labels)
        return _write_text(svg, path, None)


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


def _num(x):
    """A value for the document's JSON: NaN and infinities are null (as
    the library's ecs_json_num); the library writes every number."""
    if isinstance(x, float) and not math.isfinite(x):
        return None
    if isinstance(x, dict):
        return {k: _num(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_num(v) for v in x]
    return x


# ---- methods ------------------------------------------------------------------------

def _clip_limit(x):
    return x if x > MIN_TIME_LIMIT_S else MIN_TIME_LIMIT_S


def _heuristic_result(inst, t0, c0, h, mode, lo=None, local_prm=None):
    """The document of `ecsched heuristic` (--mode sweep, binary or local):
    its keys in its order, from the sweep's run h and the local run lo."""
    pr = h["params"]
    schedule = lo["schedule"] if lo is not None else h["schedule"]
    cost = _lib.check_schedule(inst._pb, schedule)["cost"]
    base = inst.base_cost
    saving = 0.0 if base == 0 else 100.0 * (base - cost) / abs(base)
    on = lo is not None
    # the sweep's keys: None where no sweep ran (local on an extended
    # platform starts from the base), as the command
    sw = not (on and inst.extended)
    info = {"mode": mode,
            "steps": pr["steps"] if mode != "binary" and sw else None,
            "sigma": pr["sigma"] if sw else None,
            "budget_range": h["range"] if sw else None,
            "budget": None if h["fallback"] or not sw else h["budget"],
            "saving_pct": saving, "saving_over_base": saving / 100.0,
            "candidates": h["candidates"] if sw else None,
            "feasible_candidates": h["feasible_candidates"] if sw else None,
            "fallback": h["fallback"] if sw else None,
            "base_makespan": inst.base_makespan,
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
                  _lib.now() - t0, t0, c0)


def _infeasible(inst, command, t0, c0):
    """No schedule meets D' < M (the heuristic keeps the base's PEs and
    order; the command says so and writes no document): the advice."""
    return Result(inst, command, "infeasible", None, {}, {}, 0.0, t0, c0)


def heuristic(inst, mode="sweep", steps=None, sigma=None, rel_tol=None,
              max_bisections=None):
    """The budget heuristic (`ecsched heuristic --mode sweep|binary`): the
    base schedule scaled under a budget, sweep (steps budgets) or binary
    (bisection); never dearer than the base (info["fallback"])."""
    if isinstance(inst, FixedMapInstance):
        _lib.method_require(mode, "fixedmap")
    t0, c0 = _lib.now(), _lib.cpu_now()
    if inst.deadline < inst.base_makespan:
        return _infeasible(inst, "heuristic", t0, c0)
    h = _lib.heuristic(inst._pb, inst._base, mode, steps, sigma, rel_tol,
                       max_bisections)
    return _heuristic_result(inst, t0, c0, h, mode)


def local(inst, time_limit=None, seed=None, max_rounds=None,
          scratch_start=None, max_stall=None, cache_mb=None, steps=None,
          sigma=None, effort=None):
    """The sweep, then the local heuristic from its schedule, never dearer
    than the sweep (`ecsched heuristic --mode local`); effort: at most that
    many moves (the same schedule on any machine while the time limit does
    not bind).  On CaWoSched's problem: its scheduler (fixedmap.h)."""
    if isinstance(inst, FixedMapInstance):
        return _fixedmap_run(inst, "local", time_limit or 0.0, 0.0)
    t0, c0 = _lib.now(), _lib.cpu_now()
    if inst.deadline < inst.base_makespan:
        return _infeasible(inst, "heuristic", t0, c0)
    prm = _lib.local_params(time_limit, seed, max_rounds, scratch_start,
                            max_stall, cache_mb, effort)
    if inst.extended:
        # the sweep scales the paper's single price curve: on an extended
        # platform local starts from the base schedule (as the command)
        h = {"params": _lib.heuristic_params(steps, sigma), "range": 0.0,
             "budget": 0.0, "fallback": True, "candidates": 0,
             "feasible_candidates": 0, "runtime_s": 0.0,
             "schedule": inst._base}
    else:
        h = _lib.heuristic(inst._pb, inst._base, "sweep", steps, sigma,
                           None, None)
    lo = _lib.local(inst._pb, h["schedule"], prm)
    return _heuristic_result(inst, t0, c0, h, "local", lo, prm)


def milp(inst, time_limit=60.0, gap=0.0, formulation="strong",
         warm_start=True, progress=None, effort=0):
    """The exact MILP (GLPK) within time_limit seconds (the warm start's
    included), warm-started with the start of solve (the engine's start
    phase, ecs_solve_start).  progress(dict) is called about every half
    second with phase, elapsed_s, cost, bound, gap and nodes."""
    if isinstance(inst, FixedMapInstance):
        _lib.method_require("milp", "fixedmap")
    _lib.milp_validate(time_limit, gap)
    t0, c0 = _lib.now(), _lib.cpu_now()
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
    return Result(inst, "milp", r["status"], r["schedule"], info, params,
                  r["runtime_s"], t0, c0)


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
    if isinstance(inst, FixedMapInstance):
        # the table's plan on a fixed mapping: scheduler, bound, MILP
        return _fixedmap_run(inst, "solve", time_limit, gap)
    t0, c0 = _lib.now(), _lib.cpu_now()
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
    return Result(inst, "solve", r["status"], r["schedule"], info, params,
                  inst.load_s + (_lib.now() - t0), t0, c0)
