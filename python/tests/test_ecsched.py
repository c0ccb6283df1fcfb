"""Tests of the Python package, with Debian's python3 (/usr/bin/python3 and
its python3-cffi, python3-pandas, python3-pytest): tests/cli/test_python.sh
runs them from `make test`, against the tree's build/libecsched.so (or
$ECSCHED_LIB) and the command $ECSCHED (default bin/ecsched).

    make python && /usr/bin/python3 -m pytest python/tests
"""
import json
import math
import os
import shutil
import subprocess
import sys
import textwrap

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(TOP, "python"))

import ecsched  # noqa: E402
from ecsched import _lib  # noqa: E402

CLI = os.environ.get("ECSCHED", os.path.join(TOP, "bin", "ecsched"))
# the long runs: make check (ECS_TEST_LONG=1) runs them, make test skips them
long_run = pytest.mark.skipif(os.environ.get("ECS_TEST_LONG") != "1",
                              reason="a long run: make check runs it")
RAND = os.path.join(TOP, "data", "stg", "rand0000.stg")
CHAIN = os.path.join(TOP, "data", "workflows",
                     "helloworld-chain-5-chameleon.json")
PRICES_DE = os.path.join(TOP, "data", "prices",
                         "de_lu_2024-05-06_to_2024-05-12_hourly.csv")


def cli_json(*args, code=0):
    if not os.access(CLI, os.X_OK):
        pytest.skip("no ecsched command at %s (make)" % CLI)
    out = subprocess.run([CLI] + list(args) + ["--json"], cwd=TOP,
                         capture_output=True, text=True)
    assert out.returncode == code, out.stderr
    return json.loads(out.stdout)


def same_number(a, b):
    """Equal as the command writes numbers (12 significant digits)."""
    return float("%.12g" % a) == float("%.12g" % b)


# ---- the declarations match the headers ---------------------------------------

def test_struct_layouts_match_the_headers(tmp_path):
    cc = shutil.which("cc") or shutil.which("gcc")
    if cc is None:
        pytest.skip("no C compiler to check the layouts with")
    lines = ["#include <ecsched.h>", "#include <stddef.h>",
             "#include <stdio.h>", "int main(void) {"]
    want = []
    for s in _lib.STRUCTS:
        t = _lib.ffi.typeof(s)
        lines.append('printf("%%zu\\n", sizeof(%s));' % s)
        want.append("%s %d" % (s, _lib.ffi.sizeof(t)))
        for name, f in t.fields:
            # every member: its offset and its size (an int declared as a
            # long hides in padding from offsets alone)
            lines.append('printf("%%zu %%zu\\n", offsetof(%s, %s), '
                         'sizeof(((%s *)0)->%s));' % (s, name, s, name))
            want.append("%s.%s %d %d" % (s, name, f.offset,
                                         _lib.ffi.sizeof(f.type)))
    lines.append("return 0; }")
    src = tmp_path / "layout.c"
    src.write_text("\n".join(lines) + "\n")
    exe = tmp_path / "layout"
    subprocess.run([cc, "-std=c11", "-I", os.path.join(TOP, "include"),
                    str(src), "-o", str(exe)], check=True)
    got = subprocess.run([str(exe)], capture_output=True, text=True,
                         check=True).stdout.splitlines()
    assert len(got) == len(want)
    got = [w.split(" ", 1)[0] + " " + g for w, g in zip(want, got)]
    assert got == want


# ---- results equal the command's -------------------------------------------------

TIMING = {"runtime_s", "solve_runtime_s", "bound_time_s", "heuristic_s",
          "local_s"}


def assert_same_document(doc, cli):
    """The Python document equals the command's: the same keys in the same
    order, the same values but timing (and the host's context)."""
    assert list(doc) == list(cli)
    for k in cli:
        if k in TIMING:
            continue
        if k == "context":
            assert list(doc[k]) == list(cli[k])
            continue
        if k == "phases":  # the plan as it ran: the same phases, in order
            assert [p["phase"] for p in doc[k]] == [p["phase"] for p in cli[k]]
            assert [list(p) for p in doc[k]] == [list(p) for p in cli[k]]
            continue
        if k == "base":
            cli[k].pop("runtime_s")
            doc[k].pop("runtime_s")
        assert doc[k] == cli[k], k


def test_solve_equals_the_command_digit_for_digit():
    # the MILP proves the optimum of rand0000 at P = 8, E = 0.2 in about a
    # second: the cost does not depend on the time limit
    cli = cli_json("solve", RAND, "-p", "8", "--extension", "0.2")
    res = ecsched.solve(ecsched.load(RAND, pes=8, extension=0.2))
    assert cli["status"] == "optimal" and res.status == "optimal"
    assert same_number(res.cost, cli["cost"])
    assert_same_document(res.to_dict(), cli)


@long_run
def test_solve_under_an_effort_budget_equals_the_command():
    # P = 4: 20 MILP nodes do not prove it and the search follows; under an
    # effort budget nothing reads the clock, so the schedule is the
    # command's whatever the load, task for task
    cli = cli_json("solve", RAND, "-p", "4", "--extension", "0.2",
                   "--effort", "20")
    res = ecsched.solve(ecsched.load(RAND, pes=4, extension=0.2), effort=20)
    assert cli["stop"] == "effort" and res.to_dict()["stop"] == "effort"
    assert same_number(res.cost, cli["cost"])
    assert same_number(res.to_dict()["bound"], cli["bound"])
    assert_same_document(res.to_dict(), cli)


def test_heuristic_modes_equal_the_command():
    inst = ecsched.load(RAND, pes=4, extension=0.2)
    for mode in ("sweep", "binary"):
        cli = cli_json("heuristic", RAND, "-p", "4", "--extension", "0.2",
                       "--mode", mode)
        res = ecsched.heuristic(inst, mode=mode)
        assert same_number(res.cost, cli["cost"]), mode
        assert_same_document(res.to_dict(), cli)


def test_local_and_milp_equal_the_command_on_a_workflow():
    # a 5-task chain, WfFormat: local converges well within its limit and
    # the MILP proves the optimum at once
    args = [CHAIN, "-p", "2", "--extension", "0.5", "--prices", PRICES_DE]
    inst = ecsched.load(CHAIN, pes=2, extension=0.5, prices=PRICES_DE)
    cli = cli_json("heuristic", *args, "--mode", "local")
    res = ecsched.local(inst)
    assert same_number(res.cost, cli["cost"])
    assert_same_document(res.to_dict(), cli)
    cli = cli_json("milp", *args)
    res = ecsched.milp(inst)
    assert res.status == cli["status"] == "optimal"
    assert same_number(res.cost, cli["cost"])
    assert_same_document(res.to_dict(), cli)


def test_watts_give_the_commands_kwh_and_money(tmp_path):
    # --watts 400 on the built-in EPEX day (EUR/MWh, hourly slots).  By
    # hand from the schedule: a slot at f costs f^2 PE-slots at f = 1
    # (quadratic power), so energy = sum f^2, kWh = energy x 400 W x 1 h /
    # 1000, and money = sum over the slots of price (EUR/MWh) x f^2 x 400 W
    # x 1 h / 1e6; each equals the command's
    args = [CHAIN, "-p", "2", "--extension", "0.5", "--watts", "400:0"]
    inst = ecsched.load(CHAIN, pes=2, extension=0.5, watts="400:0")
    raw = [p * inst.price_info["normalized_by"] for p in inst.prices]
    for cli, res in ((cli_json("heuristic", *args), ecsched.heuristic(inst)),
                     (cli_json("milp", *args), ecsched.milp(inst))):
        doc = res.to_dict()
        assert_same_document(doc, cli)
        assert (cli["watts"], cli["idle_watts"], cli["money_unit"]) == \
            (400.0, 0.0, "EUR")
        df = res.schedule
        energy = sum(f * f for fs in df["freqs"] for f in fs)
        money = sum(raw[start + k] * f * f * 400.0 / 1e6
                    for start, fs in zip(df["start"], df["freqs"])
                    for k, f in enumerate(fs))
        assert same_number(energy, cli["energy"])
        assert same_number(energy * 400.0 / 1000.0, cli["energy_kwh"])
        assert math.isclose(money, cli["cost_money"], rel_tol=1e-9)
        assert same_number(res.energy_kwh, cli["energy_kwh"])
        assert same_number(res.money, cli["cost_money"])
        assert res.money_unit == "EUR"
    # idle_watts as a keyword is W:IDLE
    same = ecsched.load(CHAIN, pes=2, extension=0.5, watts=400,
                        idle_watts=0)
    assert ecsched.heuristic(same).to_dict()["idle_watts"] == 0.0
    # an idle draw above 0 or a cap makes the platform extended, as the
    # command's --watts W:IDLE and --power-cap; files that are not there
    # are the library's EIO naming them
    for ext in ({"watts": "400:80"}, {"watts": 400, "idle_watts": 80},
                {"power_cap": 3, "watts": 400}):
        assert ecsched.load(CHAIN, pes=2, extension=0.5, **ext).extended
    assert not same.extended
    for ext, name in (({"platform": "p.json"}, "p.json"),
                      ({"green": "pv.csv", "watts": 400}, "pv.csv")):
        with pytest.raises(ecsched.Error) as e:
            ecsched.load(CHAIN, extension=0.5, **ext) if "platform" in ext \
                else ecsched.load(CHAIN, pes=2, extension=0.5, **ext)
        assert e.value.name == "EIO" and name in e.value.message, ext
    # the column of green (issue 36 item 2): two number columns are no
    # guess; green_column chooses, as the command's --green-column
    two = tmp_path / "two.csv"
    two.write_text("time,kwh,price\n2016-10-18T22:00Z,0,1\n"
                   "2016-10-18T23:00Z,0,1\n")
    with pytest.raises(ecsched.Error) as e:
        ecsched.load(CHAIN, pes=2, extension=0.5, watts=400, green=two)
    assert "2 columns hold numbers" in e.value.message
    for col in ("kwh", "price"):
        py = ecsched.milp(ecsched.load(CHAIN, pes=2, extension=0.5,
                                       watts=400, green=two,
                                       green_column=col)).to_dict()
        cli = cli_json("milp", CHAIN, "-p", "2", "--extension", "0.5",
                       "--watts", "400", "--green", str(two),
                       "--green-column", col)
        assert py["cost"] == cli["cost"], col
    # prices of no known unit (the DE file's header says "price"): kWh, no
    # money, as the command
    de = ecsched.load(CHAIN, pes=2, extension=0.5, prices=PRICES_DE,
                      watts=400)
    cli = cli_json("heuristic", CHAIN, "-p", "2", "--extension", "0.5",
                   "--prices", PRICES_DE, "--watts", "400")
    doc = ecsched.heuristic(de).to_dict()
    assert_same_document(doc, cli)
    assert doc["energy_kwh"] > 0 and doc["cost_money"] is None
    assert doc["idle_watts"] is None
    # without watts: no kWh, no money
    plain = ecsched.heuristic(ecsched.load(CHAIN, pes=2, extension=0.5))
    doc = plain.to_dict()
    assert doc["energy"] > 0
    assert [doc[k] for k in ("energy_kwh", "watts", "idle_watts",
                             "cost_money", "money_unit")] == [None] * 5
    assert math.isnan(plain.energy_kwh) and math.isnan(plain.money)
    for bad in ({"watts": 0}, {"watts": "400:-1"}, {"watts": "x"},
                {"watts": 2e9}, {"idle_watts": 80},
                {"watts": "400:80", "idle_watts": 80}):
        with pytest.raises(ecsched.Error) as e:
            ecsched.load(CHAIN, pes=2, **bad)
        assert e.value.name == "EINVAL", bad
        assert "watts" in e.value.message, bad


def test_clock_times_in_the_price_files_zone():
    # the DE file's first row is 2024-05-06T00:00:00+02:00: slot 0 starts
    # then, in +02:00; a Series in UTC gives UTC times (22:00 the day
    # before); --utc-offset Europe/Berlin names the zone; a list has no
    # clock.  D' = floor(5 x 1.5) = 7 slots of an hour.
    pd = pytest.importorskip("pandas")
    args = [CHAIN, "-p", "2", "--extension", "0.5", "--prices", PRICES_DE]
    inst = ecsched.load(CHAIN, pes=2, extension=0.5, prices=PRICES_DE)
    doc = ecsched.heuristic(inst).to_dict()
    assert (doc["zone"], doc["start_time"], doc["deadline_time"]) == \
        ("+02:00", "2024-05-06T00:00+02:00", "2024-05-06T07:00+02:00")
    assert doc["end_time"] == "2024-05-06T%02d:00+02:00" % doc["makespan"]
    assert (doc["deadline_minutes"], doc["makespan_minutes"]) == \
        (420, 60 * doc["makespan"])
    berlin = ecsched.load(CHAIN, pes=2, extension=0.5, prices=PRICES_DE,
                          utc_offset="Europe/Berlin")
    cli = cli_json("heuristic", *args, "--utc-offset", "Europe/Berlin")
    doc = ecsched.heuristic(berlin).to_dict()
    assert_same_document(doc, cli)
    assert (doc["zone"], doc["start_time"]) == \
        ("Europe/Berlin", "2024-05-06T00:00+02:00")
    csv = pd.read_csv(PRICES_DE)
    col_t = [c for c in csv.columns if "UTC" in c or "time" in c.lower()][0]
    col_p = [c for c in csv.columns if c != col_t][-1]
    ser = pd.Series(csv[col_p].values,
                    index=pd.to_datetime(csv[col_t], utc=True))
    doc = ecsched.heuristic(ecsched.load(CHAIN, pes=2, extension=0.5,
                                         prices=ser)).to_dict()
    assert (doc["zone"], doc["start_time"], doc["deadline_time"]) == \
        ("UTC", "2024-05-05T22:00Z", "2024-05-06T05:00Z")
    doc = ecsched.heuristic(ecsched.load(
        CHAIN, pes=2, extension=0.5,
        prices=list(csv[col_p].values))).to_dict()
    assert [doc[k] for k in ("zone", "start_time", "deadline_time",
                             "end_time")] == [None] * 4
    assert doc["deadline_minutes"] == 420


def test_an_infeasible_deadline_gives_the_commands_advice():
    # rand0000 on 8 PEs: the base makespan 55 is proven optimal and is the
    # critical path, so D' = 40 has no schedule on any number of PEs: the
    # least deadline is 55 (3300 minutes), no PE count helps; the command
    # exits 1 and writes the document with the advice
    inst = ecsched.load(RAND, pes=8, deadline=40)
    assert inst.base_optimal and inst.base_makespan == 55
    for cmd, fn in (("solve", ecsched.solve), ("milp", ecsched.milp)):
        cli = cli_json(cmd, RAND, "-p", "8", "--deadline", "40", code=1)
        res = fn(inst)
        assert res.status == cli["status"] == "infeasible"
        doc = res.to_dict()
        assert_same_document(doc, cli)
        assert doc["advice"]["least_deadline"] == 55
        assert doc["advice"]["least_deadline_minutes"] == 3300
        assert doc["advice"]["pes_needed"] is None
        assert doc["end_time"] is None and doc["energy"] is None
        assert doc["deadline_time"] == "2016-10-20T16:00+02:00"


def test_work_unit_auto_equals_the_command():
    # the chain's tasks run seconds, not the default hour a work unit:
    # --work-unit auto picks a finer unit and records it
    args = [CHAIN, "-p", "2", "--extension", "0.5", "--prices", PRICES_DE]
    for wu, flags in (("auto", ["--work-unit", "auto"]),
                      (60, ["--work-unit", "60"])):
        inst = ecsched.load(CHAIN, pes=2, extension=0.5, prices=PRICES_DE,
                            work_unit=wu)
        cli = cli_json("heuristic", *args, *flags)
        doc = ecsched.heuristic(inst).to_dict()
        assert_same_document(doc, cli)
        if wu == "auto":
            assert doc["model"]["work_unit_auto"] is True
            assert doc["model"]["rounding_tolerance"] == 0.01
            assert doc["model"]["work_unit_s"] < 3600
        else:
            assert doc["model"]["work_unit_s"] == 60.0
            assert "work_unit_auto" not in doc["model"]
    with pytest.raises(ecsched.Error) as e:
        ecsched.load(CHAIN, pes=2, work_unit=0)
    assert e.value.name == "EINVAL" and "work_unit" in e.value.message


# ---- the extended platform -------------------------------------------------------

G01 = os.path.join(TOP, "data", "paper32", "g01_n08.stg")
SOLAR = os.path.join(TOP, "data", "platforms", "solar_two_class.json")


def test_extended_platform_solve_equals_the_command():
    # two PE classes, solar and a cap (data/platforms/solar_two_class.json)
    # on paper32's g01 at E = 0.5: the library assembles the problem and
    # writes the document for both, so cost, bound, schedule and every key
    # are the command's (times apart)
    args = [G01, "--platform", SOLAR, "--extension", "0.5"]
    cli = cli_json("solve", *args)
    inst = ecsched.load(G01, platform=SOLAR, extension=0.5)
    assert inst.extended and inst.pes == 6
    res = ecsched.solve(inst)
    doc = res.to_dict()
    assert_same_document(doc, cli)
    assert res.status == cli["status"]
    assert same_number(res.cost, cli["cost"])
    assert same_number(res.bound, cli["bound"])
    assert doc["tasks"] == cli["tasks"]
    assert doc["platform"]["file"] == cli["platform"]["file"] == SOLAR
    assert doc["energy_split"]["sources"][0]["name"] == "solar"
    # the energy is in kWh on an extended platform (PE-slots are NaN)
    assert math.isnan(res.energy)
    assert same_number(res.energy_kwh, cli["energy_kwh"])
    # local from the base (no sweep on an extended platform), as
    # `heuristic --mode local`, under an effort budget
    cli = cli_json("heuristic", *args, "--mode", "local", "--effort", "2000")
    doc = ecsched.local(inst, effort=2000).to_dict()
    assert_same_document(doc, cli)
    assert doc["tasks"] == cli["tasks"]


def test_a_platform_as_a_dict_equals_its_file(tmp_path):
    # the file's JSON as a dict (its series paths made absolute: a dict has
    # no directory): the same problem and cost; the document names it
    # "(python)" and hashes its text
    with open(SOLAR) as f:
        plat = json.load(f)
    here = os.path.dirname(SOLAR)
    site = plat["sites"][0]
    site["prices"]["file"] = os.path.join(here, site["prices"]["file"])
    for src in site["sources"]:
        src["file"] = os.path.join(here, src["file"])
    a = ecsched.solve(ecsched.load(G01, platform=SOLAR, extension=0.5))
    b = ecsched.solve(ecsched.load(G01, platform=plat, extension=0.5))
    assert a.cost == b.cost and a.bound == b.bound
    assert a.to_dict()["tasks"] == b.to_dict()["tasks"]
    pb = b.to_dict()["platform"]
    assert pb["file"] == "(python)" and pb["hash"].startswith("fnv1a64:")
    # -p and a platform, or a platform with prices in memory: the library
    # says no
    with pytest.raises(ecsched.Error) as e:
        ecsched.load(G01, pes=2, platform=SOLAR)
    assert e.value.name == "EINVAL" and "--platform" in e.value.message
    with pytest.raises(ecsched.Error) as e:
        ecsched.load(G01, platform=SOLAR, prices=[1.0] * 40)
    assert e.value.name == "EINVAL" and "memory" in e.value.message


def test_the_shortcuts_equal_the_commands_flags():
    # --watts W:IDLE and --power-cap on one class at one site
    args = [CHAIN, "-p", "2", "--extension", "0.5", "--watts", "400:80",
            "--power-cap", "0.9"]
    cli = cli_json("solve", *args, "--time-limit", "5", "--makespan-limit", "10")
    inst = ecsched.load(CHAIN, pes=2, extension=0.5, watts="400:80",
                        power_cap=0.9)
    assert inst.extended
    doc = ecsched.solve(inst, time_limit=5).to_dict()
    assert_same_document(doc, cli)
    assert doc["tasks"] == cli["tasks"]
    assert doc["platform"]["sites"][0]["power_cap_kw"] == 0.9


def test_the_package_keeps_no_document_hash_or_clock_of_its_own():
    # the document, the file hash, the zone and the clock times are the
    # library's (setup/): the package only passes its method's keys on
    src = ""
    for name in ("__init__.py", "_lib.py"):
        with open(os.path.join(TOP, "python", "ecsched", name)) as f:
            src += f.read()
    for word in ("fnv", "0x100000001b3", "def _document", "def _zone",
                 "def _clock", "import datetime", "zoneinfo"):
        assert word not in src, word


SHARED = os.environ.get("ECSCHED_SHARED_DATA",
                        os.path.join(TOP, "..", "shared", "data"))


def test_cawosched_fixed_mapping_equals_the_command():
    # a shared CaWoSched instance (../shared/data/cawosched: bacass, 12
    # tasks on 72 processors, setting 3): solve (the table's plan on a
    # fixed mapping) and local (its scheduler) give the command's cost,
    # bound, schedule and document key for key (times apart)
    d = os.path.join(SHARED, "cawosched")
    if not os.path.isdir(d):
        pytest.skip("../shared/data/cawosched absent: the shared instances")
    g = os.path.join(d, "SchedulingGraphs", "bacasss1.dot")
    mp = os.path.join(d, "Mappings", "bacass_mapping_small.txt")
    su = os.path.join(d, "Profiles", "bacass_small",
                      "setting3_bacass_72_21_3_1_3.input")
    inst = ecsched.load(g, mapping=mp, platform=su)
    for cli, res in ((cli_json("solve", g, "--mapping", mp, "--platform", su),
                      ecsched.solve(inst)),
                     (cli_json("heuristic", g, "--mode", "local", "--mapping",
                               mp, "--platform", su), ecsched.local(inst))):
        doc = res.to_dict()
        assert list(doc) == list(cli)
        for k in cli:
            if k != "runtime_s":
                assert doc[k] == cli[k], k
        assert res.cost == cli["cost"] and res.status == cli["status"]
        assert list(res.schedule["start"]) == [t["start"]
                                               for t in cli["tasks"]]
    assert ecsched.solve(inst).bound == cli_json(
        "solve", g, "--mapping", mp, "--platform", su)["bound"]
    # what does not apply says so: the table for the heuristic and the
    # MILP of the paper's model, the set-up for the model's arguments
    for fn in (ecsched.heuristic, ecsched.milp):
        with pytest.raises(ecsched.Error) as e:
            fn(inst)
        assert e.value.name == "EUNSUPPORTED"
        assert "fixed mapping" in e.value.message
    with pytest.raises(ecsched.Error) as e:
        ecsched.load(g, mapping=mp, platform=su, extension=0.2)
    assert e.value.name == "EINVAL" and "extension" in e.value.message


# ---- inputs built in Python ------------------------------------------------------

def test_a_chain_from_a_dict_by_hand():
    # a -> b, work 1 each, one PE, E = 1: M = 2, D' = 4, flat prices.  Each
    # task best takes two slots at 0.6 and 0.4 (0.36 + 0.16 = 0.52 < 0.68
    # for 0.8 + 0.2, < 1 for one slot at f = 1); three slots for one leave
    # one for the other at f = 1: 0.36 + 1 > 1.04.  Optimum 2 * 0.52.
    inst = ecsched.load({"a": 1, "b": 1}, edges=[("a", "b")], pes=1,
                        extension=1, prices=[1, 1, 1, 1])
    assert (inst.base_makespan, inst.deadline) == (2, 4)
    res = ecsched.solve(inst)
    assert res.status == "optimal"
    assert math.isclose(res.cost, 1.04, rel_tol=1e-12)
    df = res.schedule
    assert list(df["name"]) == ["a", "b"]
    assert list(df["start"]) == [0, 2] and list(df["stop"]) == [1, 3]
    assert sorted(df["freqs"][0]) == [0.4, 0.6]
    assert [round(e, 12) for e in df["energy"]] == [0.52, 0.52]
    assert math.isclose(df["cost"].sum(), res.cost, rel_tol=1e-12)


def test_networkx_graph_equals_the_dict():
    nx = pytest.importorskip("networkx")
    dg = nx.DiGraph()
    dg.add_node(1, work=3)
    dg.add_node(2, work=2)
    dg.add_node(3, work=4)
    dg.add_edges_from([(1, 2), (1, 3)])
    a = ecsched.solve(ecsched.load(dg, pes=2, extension=0.5))
    b = ecsched.solve(ecsched.load({1: 3, 2: 2, 3: 4},
                                   edges=[(1, 2), (1, 3)], pes=2,
                                   extension=0.5))
    assert a.cost == b.cost and a.status == b.status == "optimal"


def test_price_series_list_and_file_agree():
    pd = pytest.importorskip("pandas")
    csv = pd.read_csv(PRICES_DE)
    inst_file = ecsched.load(RAND, pes=8, extension=0.2, prices=PRICES_DE)
    # the file's own parse, as a Series indexed by UTC timestamps
    col_t = [c for c in csv.columns if "UTC" in c or "time" in c.lower()][0]
    col_p = [c for c in csv.columns if c != col_t][-1]
    ser = pd.Series(csv[col_p].values,
                    index=pd.to_datetime(csv[col_t], utc=True))
    inst_ser = ecsched.load(RAND, pes=8, extension=0.2, prices=ser)
    assert inst_ser.prices == inst_file.prices
    assert inst_ser.price_info["first_slot_utc"] == \
        inst_file.price_info["first_slot_utc"] == "2024-05-05T22:00Z"
    # (the file's first row: 2024-05-06T00:00:00+02:00)
    # a list: the same numbers, no time axis
    raw = [float(v) for v in csv[col_p].values]
    inst_list = ecsched.load(RAND, pes=8, extension=0.2, prices=raw)
    assert inst_list.prices == inst_file.prices


def test_to_json_writes_the_document(tmp_path):
    res = ecsched.heuristic(ecsched.load(RAND, pes=4, extension=0.2))
    path = tmp_path / "out.json"
    res.to_json(str(path))
    doc = json.loads(path.read_text())
    assert doc["command"] == "heuristic" and doc["cost"] == \
        float("%.12g" % res.cost)
    # the command reads it back: `validate` recomputes the cost
    out = subprocess.run([CLI, "validate", RAND, str(path), "-p", "4",
                          "--extension", "0.2", "--json"], cwd=TOP,
                         capture_output=True, text=True)
    if out.returncode == 2 and "usage" in out.stderr.lower():
        pytest.skip("validate takes other arguments: " + out.stderr)
    assert out.returncode == 0, out.stderr


def cli_plot(doc, *opts):
    if not os.access(CLI, os.X_OK):
        pytest.skip("no ecsched command at %s (make)" % CLI)
    out = subprocess.run([CLI, "plot", str(doc)] + list(opts), cwd=TOP,
                         capture_output=True)
    assert out.returncode == 0, out.stderr
    return out.stdout.decode()


def test_plot_svg_equals_the_command_plot(tmp_path):
    # the library's renderer from Python and `ecsched plot` on the
    # document Python wrote: the same bytes, with and without options, on
    # the bundled prices and on a week of real prices (clock times)
    for k, inst in enumerate([
            ecsched.load(RAND, pes=4, extension=0.2),
            ecsched.load(RAND, pes=8, extension=0.5, prices=PRICES_DE)]):
        res = ecsched.heuristic(inst)
        doc = tmp_path / ("r%d.json" % k)
        res.to_json(str(doc))
        svg = res.plot_svg()
        assert svg.startswith("<svg") or svg.startswith("<?xml")
        assert svg.count('<g class="task">') == \
            sum(1 for t in res.to_dict()["tasks"] if t["work"] > 0)
        assert svg == cli_plot(doc)
        opts = res.plot_svg(title="Week \u00e9 & <test>", width=900,
                            labels=False)
        assert opts == cli_plot(doc, "--title", "Week \u00e9 & <test>",
                                "--width", "900", "--no-labels")
        assert opts != svg and '<text class="label"' not in opts
        out = tmp_path / ("r%d.svg" % k)
        assert res.plot_svg(str(out)) is None
        assert out.read_text() == svg
    with pytest.raises(ecsched.Error):
        res.plot_svg(width=50)


# ---- errors ------------------------------------------------------------------------

def test_errors_carry_the_library_code_and_message(tmp_path):
    with pytest.raises(ecsched.Error) as e:
        ecsched.load(str(tmp_path / "missing.stg"), pes=2)
    assert e.value.name == "EIO" and e.value.code == _lib.lib.ECS_EIO
    assert "missing.stg" in e.value.message
    bad = tmp_path / "bad.stg"
    bad.write_text("3\n0 0 0\n1 x 1 0\n")
    with pytest.raises(ecsched.Error) as e:
        ecsched.load(str(bad), pes=2, format="standard")
    assert e.value.name == "EPARSE"
    assert e.value.file == str(bad) and e.value.line == 3
    with pytest.raises(ecsched.Error) as e:
        ecsched.load(RAND, pes=0)
    assert e.value.name == "EINVAL" and "pes" in e.value.message.lower()
    with pytest.raises(ecsched.Error) as e:
        ecsched.load({1: 1, 2: 1}, edges=[(1, 2), (2, 1)], pes=1)
    assert e.value.name == "EINVAL" and "cycle" in e.value.message
    with pytest.raises(ecsched.Error) as e:
        ecsched.load(RAND, pes=2, prices="no-such-prices")
    assert e.value.code != 0 and "no-such-prices" in e.value.message
    inst = ecsched.load(RAND, pes=2)
    for bad in ({"time_limit": -1}, {"gap": 1.5}):
        with pytest.raises(ecsched.Error) as e:
            ecsched.solve(inst, **bad)
        assert e.value.name == "EINVAL", bad
        with pytest.raises(ecsched.Error) as e:
            ecsched.milp(inst, **bad)
        assert e.value.name == "EINVAL", bad


# ---- progress, GIL, memory -------------------------------------------------------------

# paper32's g10 (15 tasks) at P = 4: solve's start, fluid, MILP and its
# end in 0.02 s (rand0000 at P = 8 took 2.5 s a call)
G10 = os.path.join(TOP, "data", "paper32", "g10_n15.stg")


def test_progress_callback_sees_the_solve():
    seen = []
    res = ecsched.solve(ecsched.load(G10, pes=4, extension=0.2),
                        progress=seen.append)
    assert seen, "no progress call"
    assert [p["phase"] for p in seen][:3] == ["start", "fluid", "milp"]
    assert all(set(p) >= {"phase", "elapsed_s", "cost", "bound", "gap"}
               for p in seen)
    assert seen[-1]["cost"] == pytest.approx(res.cost)


def test_an_exception_in_the_callback_reaches_the_caller():
    class Stop(Exception):
        pass

    def boom(p):
        raise Stop()
    with pytest.raises(Stop):
        ecsched.solve(ecsched.load(G10, pes=4, extension=0.2),
                      progress=boom)


def test_library_calls_release_the_gil(tmp_path):
    # A thread blocks inside the library (ecs_read_file opening a FIFO no
    # one writes yet); the main thread then opens the FIFO and writes.
    # With the GIL held during the call, the main thread could never run:
    # the child process would hang (the timeout is a deadlock guard).
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    code = textwrap.dedent("""
        import sys, threading, time
        sys.path.insert(0, %r)
        from ecsched import _lib
        got = []
        t = threading.Thread(target=lambda: got.append(_lib.read_file(%r)))
        t.start()
        time.sleep(0.2)  # let the thread reach open() (any order works)
        with open(%r, "wb") as f:
            f.write(b"hello")
        t.join()
        print(got[0].decode())
    """) % (os.path.join(TOP, "python"), str(fifo), str(fifo))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "hello"


def rss_kb():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    pytest.skip("no /proc/self/status")


def test_memory_does_not_grow_over_400_calls():
    # 100 tasks in two chains, D' = 1500 slots: one call holds a graph, a
    # schedule and 1500 prices, so forgetting to free any of them grows
    # RSS by 11-13 MB over 1000 calls (measured by dropping each ffi.gc in
    # turn), so by 4.4 MB or more over 400; the calls as they are grow it by
    # about 0.2 MB per 1000
    tasks = {i: 1 + i % 3 for i in range(1, 101)}
    edges = [(i, i + 2) for i in range(1, 99)]
    prices = [1 + (7 * k) % 11 for k in range(2000)]

    def one():
        inst = ecsched.load(tasks, edges=edges, pes=2, deadline=1500,
                            prices=prices)
        r = ecsched.heuristic(inst, steps=5)
        r.schedule
        r.to_json()
        try:
            ecsched.load(RAND, pes=0)
        except ecsched.Error:
            pass
    for _ in range(50):  # warm-up: caches, allocator arenas
        one()
    before = rss_kb()
    for _ in range(400):
        one()
    grown = rss_kb() - before
    assert grown < 2048, "RSS grew by %d kB over 400 calls" % grown


@long_run
def test_the_montage_example_runs(tmp_path):
    out = tmp_path / "gantt.png"
    env = dict(os.environ, PYTHONPATH=os.path.join(TOP, "python"))
    r = subprocess.run([sys.executable,
                        os.path.join(TOP, "python", "examples", "montage.py"),
                        str(out)], capture_output=True, text=True, env=env,
                       timeout=600)
    assert r.returncode == 0, r.stderr
    line = [x for x in r.stdout.splitlines() if x.startswith("solve ")][0]
    assert "optimal" in line
    try:
        import matplotlib
    except ImportError:
        matplotlib = None
    if matplotlib is None:
        assert "no plot" in r.stdout
    else:
        assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_documents_match_the_schema(tmp_path):
    # docs/schema/schedule.schema.json, checked by docs/schema/check.jq as
    # tests/cli/test_schema.sh checks the command's documents; a graph and
    # prices built in Python included
    if shutil.which("jq") is None:
        pytest.skip("jq is not installed (make deps installs it)")
    schema = os.path.join(TOP, "docs", "schema", "schedule.schema.json")
    check = os.path.join(TOP, "docs", "schema", "check.jq")
    inst = ecsched.load(RAND, pes=4, extension=0.2)
    small = ecsched.load({"a": 2, "b": 1, "c": 3}, edges=[("a", "b")],
                         pes=2, extension=0.5, prices=[5, 1, 1, 5, 2, 2])
    results = [ecsched.heuristic(inst), ecsched.heuristic(inst, "binary"),
               ecsched.local(small), ecsched.milp(small),
               ecsched.solve(small),
               ecsched.solve(ecsched.load(RAND, pes=8, deadline=40)),
               ecsched.heuristic(ecsched.load(RAND, pes=4, extension=0.2,
                                              watts="400:0"))]
    for k, res in enumerate(results):
        path = tmp_path / ("doc%d.json" % k)
        res.to_json(str(path))
        out = subprocess.run(["jq", "-n", "--slurpfile", "schema", schema,
                              "--slurpfile", "doc", str(path), "-r", "-f",
                              check], capture_output=True, text=True)
        assert out.stdout.strip() == "valid", (res, out.stdout, out.stderr)


def test_methods_is_the_library_table_and_model_md():
    # the rows of include/ecsched/method.h, as docs/MODEL.md's table lists
    # them ("Which methods handle it"): name, role, paper/extended/fixed
    rows = ecsched.methods()
    names = [r["name"] for r in rows]
    assert len(names) == len(set(names))
    with open(os.path.join(TOP, "docs", "MODEL.md")) as f:
        text = f.read()
    table = text.split("<!-- the method table")[1].split("\n\n")[0]
    md = []
    for line in table.splitlines()[1:]:
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells[0] in ("method",) or cells[0].startswith("-"):
            continue
        md.append((cells[0].strip("`"), cells[1],
                   [m for m, yes in zip(("paper", "extended", "fixedmap",
                                         "freemap"),
                                        cells[2:6]) if yes == "yes"]))
    assert md == [(r["name"], r["role"], r["models"]) for r in rows]
    solve = [r for r in rows if r["name"] == "solve"][0]
    assert solve["models"] == ["paper", "extended", "fixedmap", "freemap"]
