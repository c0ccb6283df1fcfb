# The extended platform on the command line (docs/reference.md "Platforms"):
# the platform file and its errors, the shortcuts, the paper's platform as
# a file gives today's results byte for byte, validate's draw, sources and
# caps, exit 2 for a method of the paper's model only.
. tests/cli/lib.sh
if ! command -v jq >/dev/null 2>&1; then
  skip "jq is not installed (make deps installs it)"
  exit 0
fi
F=tests/fixtures/platform
P=$F/ex.json
valid() { jq -n --slurpfile schema "$1" --slurpfile doc "$2" -r -f docs/schema/check.jq 2>&1; }
echo '{"classes": [{"name": "pe", "count": 4, "watts": {"quadratic": 400}}]}' >"$T_DIR/paper.json"
G=$F/one.stg

# ---- the worked examples of docs/MODEL.md "Heterogeneous platforms" ----
# F = {1, 0.5, 0}; fast: speeds 2, 1, powers 4, 1.5 kWh, idle 0.5; slow:
# speeds 1, 0.5, powers 1, 0.4, idle 0.2; one task of work 2, D' = 2, flat
# price 1, a source of 1 kWh per slot at price 0, a cap of 1.6 kW.
# slow at f = 1 for 2 slots: draw 0.5 + 1.0 = 1.5 per slot, 3.0 kWh, of
# which 2 from the source: cost g(1.5) + g(1.5) = 0.5 + 0.5 = 1.
run validate "$G" $F/slow.json --platform "$P" --deadline 2
expect_rc 0 "slow at f = 1 is valid"
expect_out "^cost +1\.000000$" "its cost is the cover's: 2 x (1.5 - 1)"
expect_out "3\.000 kWh \(solar 2\.000 kWh, grid 1\.000 kWh; base load 1\.400 kWh; 66\.7 % green\)" \
  "energy by source: 3 kWh, 2 solar, 1 grid, idle 2 x 0.7"
run validate "$G" $F/slow.json --platform "$P" --deadline 2 --json
expect_eq "$(jq -c '[.energy_split.kwh, .energy_split.grid_kwh, .energy_split.sources[0].kwh, .energy_split.base_load_kwh, .energy_split.task_kwh]' "$OUT")" \
  "[3,1,2,1.4,1.6]" "validate --json: the energy split (base load 2 x 0.7, tasks 2 x (1 - 0.2))"
expect_eq "$(jq -c '[.platform.classes[].kwh_per_slot]' "$OUT")" "[[4,1.5,0.5],[1,0.4,0.2]]" \
  "watts to kWh per slot: W x 1 h / 1000, idle at f = 0"
expect_eq "$(jq -r '.platform.hash | test("^fnv1a64:[0-9a-f]{16}$")' "$OUT")" "true" \
  "the document records the platform file's hash"
# fast at f = 0.5 draws 0.5 + 0.2 + (1.5 - 0.5) = 1.7 > 1.6 in slot 0
run validate "$G" $F/fasthalf.json --platform "$P" --deadline 2
expect_rc 1 "fast at f = 0.5 breaks the cap"
expect_out "violation: site home draws 1\.7 kWh in slot 0, above its cap of 1\.6 kWh \(1\.7 kW above 1\.6 kW, slots of 1 h\)$" \
  "the cap violation names site, slot, draw and cap"
run validate "$G" $F/fasthalf.json --platform "$P" --deadline 2 --json
expect_eq "$(jq -r '.violation.kind + " " + (.violation.slot | tostring)' "$OUT")" "power_cap 0" \
  "validate --json: kind power_cap, slot 0"
# without the cap, fast at f = 1 for one slot: draw 4.2 then 0.7, cost
# g(4.2) + g(0.7) = 3.2
jq 'del(.sites[0].power_cap_kw)' "$P" >"$T_DIR/nocap.json"
cp $F/pv.csv "$T_DIR/"
run validate "$G" $F/fast1.json --platform "$T_DIR/nocap.json" --deadline 2
expect_rc 0 "fast at f = 1 is valid without the cap"
expect_out "^cost +3\.200000$" "its cost: g(4.2) + g(0.7) = 3.2 + 0"
# the same without the source: sum of the draws 4.2 + 0.7
jq 'del(.sites[0].power_cap_kw) | del(.sites[0].sources)' "$P" >"$T_DIR/bare.json"
run validate "$G" $F/fast1.json --platform "$T_DIR/bare.json" --deadline 2
expect_out "^cost +4\.900000$" "without sources the cost is the draw: 4.9"

# ---- the shortcuts: --watts W:IDLE, --green, --green-price, --power-cap ----
# one PE: busy 1000 W at f = 1 (idle 200 W), 1 kWh of green per slot
S="--freqs 1,0.5,0 --prices flat --deadline 2"
run validate "$G" $F/one_pe0.json --watts 1000:200 $S --green $F/pv.csv
expect_rc 0 "shortcuts: valid"
expect_out "^cost +0\.000000$" "free green supply covers 1 kWh per slot: cost 0"
expect_out "100\.0 % green" "all of it green"
run validate "$G" $F/one_pe0.json --watts 1000:200 $S --green $F/pv.csv --green-price 2
expect_out "^cost +2\.000000$" "green dearer than the grid (2 > 1): the grid's 2 kWh"
run validate "$G" $F/one_pe0.json --watts 1000:200 $S --power-cap 0.9
expect_rc 1 "--power-cap 0.9 kW under a draw of 1 kWh per slot"
expect_out "above its cap of 0\.9 kWh \(1 kW above 0\.9 kW, slots of 1 h\)$" "the cap of --power-cap in kWh per slot and kW"
run validate "$G" $F/one_pe0.json --watts 1000:200 $S --power-cap 1
expect_rc 0 "--power-cap 1 kW holds a draw of 1 kWh per slot"
run validate "$G" $F/one_pe0.json --watts 1000:200 $S --slot-minutes 30 --power-cap 0.9
expect_rc 1 "30-minute slots: 1000 W draws 0.5 kWh a slot"
expect_out "draws 0\.5 kWh in slot 0, above its cap of 0\.45 kWh \(1 kW above 0\.9 kW, slots of 30 min\)$" "0.9 kW for half an hour is 0.45 kWh, said in kWh and kW (issue 36 item 8)"
run validate "$G" $F/one_pe0.json --watts 1000:200 $S --green $F/pv.csv --json
expect_eq "$(jq -c '[.platform.classes[0].watts, .platform.classes[0].idle_watts]' "$OUT")" \
  "[[1000,400,200],200]" "--watts 1000:200: idle + (W - idle) f^2 (200 + 800/4 W at f = 0.5)"
run validate "$G" $F/one_pe0.json --green $F/pv.csv $S
expect_rc 2 "--green without --watts"
expect_err "--green needs --watts W" "says --watts is needed"
run validate "$G" $F/one_pe0.json --watts 1000:200 --green-price 3 $S
expect_rc 2 "--green-price without --green"
expect_err "--green-price needs --green FILE" "says --green is needed"
# the column of --green (issue 36 item 2): named on stderr when guessed (the
# only column of numbers), a guess between several refused, --green-column
# chooses; two columns, kwh 0 and price 1: the grid's 2 kWh (cost 2) from
# kwh, all green (cost 0) from price
run validate "$G" $F/one_pe0.json --watts 1000:200 $S --green $F/pv.csv
expect_err "note: --green $F/pv\.csv: the green supply \(kWh per point\) is column 'kwh', the only one with numbers \(--green-column C names it\)" "--green names the column it guessed"
printf 'time,kwh,price\n2024-01-01T00:00Z,0,1\n2024-01-01T01:00Z,0,1\n' >"$T_DIR/two.csv"
run validate "$G" $F/one_pe0.json --watts 1000:200 $S --green "$T_DIR/two.csv"
expect_rc 2 "--green on a file of two number columns: no guess"
expect_err "two\.csv:2: source 'green': 2 columns hold numbers \('kwh', 'price'\) and none is named as the one to read: give --green-column C" "names the columns and --green-column"
expect_no_out "nothing on stdout"
run validate "$G" $F/one_pe0.json --watts 1000:200 $S --green "$T_DIR/two.csv" --green-column kwh
expect_rc 0 "--green-column kwh"
expect_out "^cost +2\.000000$" "kwh 0: no green, the grid's 2 kWh"
if grep -q "note: --green" "$ERR"; then RC=0; notok "no note when the column is named"; else ok "no note when the column is named"; fi
run validate "$G" $F/one_pe0.json --watts 1000:200 $S --green "$T_DIR/two.csv" --green-column 3
expect_out "^cost +0\.000000$" "--green-column 3 (the price column as volume, 1 kWh): cost 0"
run validate "$G" $F/one_pe0.json --watts 1000:200 $S --green "$T_DIR/two.csv" --green-column solar
expect_rc 2 "--green-column of no column"
expect_err "solar" "names the column asked for"
run validate "$G" $F/one_pe0.json --watts 1000:200 $S --green-column kwh
expect_rc 2 "--green-column without --green"
expect_err "--green-column needs --green FILE" "says --green is needed"
# a source of other days than the prices: said without naming --start, a
# flag not given (issue 36 item 8)
cut -d, -f1,2 data/platforms/opsd_de_2018-10-01.csv >"$T_DIR/solar2018.csv"
run heuristic tests/fixtures/tiny.stg -p 2 --watts 400 --green "$T_DIR/solar2018.csv" --mode local --extension 0.5
expect_rc 2 "a green series of 2018 under the prices of 2016"
expect_err "solar2018\.csv: source 'green': the series \(2018-09-30T23:00Z to 2018-10-01T22:00Z\) does not cover the first slot, 2016-10-18T22:00Z \(where the prices start, and every series with them\): give --prices of the series' days" "names both ranges and the way out"
if grep -q -- "--start" "$ERR"; then RC=0; notok "no --start named"; else ok "no --start named"; fi
# two sites: the prices line names every site's file (issue 36 item 8)
run heuristic data/paper32/g01_n08.stg --platform data/platforms/two_sites.json --extension 0.5 --mode local --time-limit 0.3
expect_out "^prices +tallinn data/platforms/ee_2023-07-16_utc\.csv, frankfurt data/platforms/\.\./prices/de_lu_2024-05-06_to_2024-05-12_hourly\.csv \(slots of 1 h" "the prices line names both sites' files"
# the advice under PE classes (issue 36 item 8): tiny.stg's critical path
# of 5 work units (2 + 1 + 2 along 1-3-5) is 3 slots on the fast class
# (speed 2: 1 + 1 + 1), and milp meets D' = 3 there; no "-p" for a platform
run milp tests/fixtures/tiny.stg --platform data/platforms/solar_two_class.json --deadline 2
expect_rc 1 "D' = 2 under the critical path of the fastest class"
expect_err "the critical path on the fastest class is 3 slots \(3 h\), longer than the deadline whatever the PEs; use --deadline 3 or more" "the critical path at the fast class's speed (3), not at speed 1 (5)"
run milp tests/fixtures/tiny.stg --platform data/platforms/solar_two_class.json --deadline 3
expect_rc 0 "milp meets D' = 3 on the platform"
expect_out "^makespan +3 slots" "with makespan 3"
{ echo 20; echo "0 0 0"; for i in $(seq 1 20); do echo "$i 2 1 0"; done
  printf "21 0 20"; for i in $(seq 1 20); do printf " %s" "$i"; done; echo; } >"$T_DIR/wide.stg"
run milp "$T_DIR/wide.stg" --platform data/platforms/solar_two_class.json --deadline 3
expect_rc 1 "20 tasks of work 2 in 3 slots on 2 fast and 4 slow PEs"
if grep -q -- " -p " "$ERR"; then RC=0; notok "no -p advice under --platform"; else ok "no -p advice under --platform"; fi
expect_err "use --deadline [0-9]+ or more$" "the deadline advice stays"
# a platform file's source of two number columns without "column"
jq --arg f "$T_DIR/two.csv" '.sites[0].sources[0] = {"name": "solar", "file": $f}' "$P" >"$T_DIR/two_src.json"
run validate "$G" $F/slow.json --platform "$T_DIR/two_src.json" --deadline 2
expect_rc 2 "a platform source of two number columns without \"column\""
expect_err "source 'solar': 2 columns hold numbers .*: give the source's \"column\"" "names the key to give"
run validate "$G" $F/one_pe0.json --watts 100:200 $S
expect_rc 2 "idle above the busy watts"
expect_err "idle draw is above the watts at f = 1" "says so"
run heuristic "$G" --power-cap -1 --watts 100
expect_rc 2 "--power-cap -1"
expect_err "--power-cap needs" "names the flag"

# ---- a method of the paper's model only: exit 2 with the library's words ----
run heuristic data/paper32/g01_n08.stg --platform "$P" --extension 0.5
expect_rc 2 "the paper's heuristic on an extended platform"
expect_err "handles the paper's platform only" "says which platforms it handles"
expect_err "not the extended platform .PE classes, sites, sources or caps.; use local, milp or solve" "and, from the method table, which methods handle this one"
run milp data/paper32/g01_n08.stg --platform "$P" --extension 0.5 --formulation paper
expect_rc 2 "the paper formulation on an extended platform"
expect_err "the MILP in the paper's formulation handles the paper's platform only" "the table's row milp_paper says so"
run makespan data/paper32/g01_n08.stg --platform "$P"
expect_rc 2 "makespan on an extended platform"
expect_err "makespan schedules identical PEs at f = 1" "says what it schedules"
run heuristic data/paper32/g01_n08.stg --watts 400:80 -p 2 --extension 0.5
expect_rc 2 "--watts W:IDLE makes the instance extended: the sweep refuses it"

# ---- every mistake in a platform file names the file and the key ----
# jq filter on ex.json | extra flags | message
i=0
while IFS='#' read -r filter flags msg; do
  [ -n "$filter" ] || continue
  i=$((i + 1))
  jq "$filter" "$P" >"$T_DIR/bad$i.json" || { notok "jq $filter"; continue; }
  # shellcheck disable=SC2086
  run validate "$G" $F/slow.json --deadline 2 --platform "$T_DIR/bad$i.json" $flags
  if [ "$RC" -eq 2 ] && grep -Fq -- "bad$i.json: $msg" "$ERR"; then
    ok "platform file: $msg"
  else
    notok "platform file $filter: want exit 2 and 'bad$i.json: $msg'"
  fi
done <<'CASES'
.extra = 1##extra: unknown key (known here: frequencies, slot_minutes, sites, classes
del(.classes)##classes: is missing
.classes = []##classes: needs a non-empty list of classes
.classes[0] = 3##classes[0]: needs an object, not a number
.classes[0].colour = "red"##classes[0].colour: unknown key
del(.classes[0].name)##classes[0].name: is missing
.classes[0].name = "a-name-that-is-far-too-long-for-a-class"##classes[0].name: must be at most 31 characters
.classes[1].name = "fast"##classes: the name 'fast' is used by classes[0] and [1]
del(.classes[0].count)##classes[0].count: is missing
.classes[0].count = 0##classes[0].count: must be from 1 to 100000, not 0
.classes[0].count = 1.5##classes[0].count: needs a whole number, not 1.5
.classes[0].count = "2"##classes[0].count: needs a number, not a string
.classes[0].site = "away"##classes[0].site: no site is named 'away'
.classes[0].speed = "fast"##classes[0].speed: needs a number (times f) or a list
.classes[0].speed = [2, 1]##classes[0].speed: needs one speed per frequency (3), not 2
.classes[0].speed = [1, 2, 0]##classes[0]: class fast: speeds must decrease with the frequency
.classes[0].speed = 0##classes[0].speed: must be above 0 and at most 1000, not 0
.classes[0].speed = 1.0000001##classes[0].speed: 1 times f = 1 has more than 6 decimals
del(.classes[0].watts)##classes[0].watts: is missing
.classes[0].watts = [4000]##classes[0].watts: needs one value per frequency above 0 (2), not 1
.classes[0].watts = [4000, 100]##classes[0].watts: 100 W at f = 0.5 is below idle_watts 500
.classes[0].watts = [4000, -1]##classes[0].watts: [1] needs a number of watts from 0 to 1e9
.classes[0].watts = {"cubic": 3}##classes[0].watts.cubic: unknown key
.classes[0].watts = {"quadratic": 3, "static": 4}##classes[0].watts: give quadratic or static, not both
.classes[0].watts = {"quadratic": 300}##classes[0].watts: 300 W at f = 1 is below idle_watts 500
.classes[0].watts = {"quadratic": 3000, "share": 0.5}##classes[0].watts: share goes with static
.classes[0].watts = {"static": 3000, "share": 2}##classes[0].watts.share: must be from 0 to 1, not 2
.classes[0].watts = "lots"##classes[0].watts: needs a list or an object, not a string
.classes[0].idle_watts = -5##classes[0].idle_watts: must be from 0 to 1e+09, not -5
.frequencies = [1, 0.55555555]##frequencies[1]: needs at most 6 decimals
.frequencies = "1,0.5"##frequencies: needs a non-empty list of numbers
.frequencies = [0.5, 1, 0]##frequencies: the frequency list must start with 1
.frequencies = [1, 0.5, 0]#--freqs 1,0.5,0#frequencies: the file and --freqs both give them
.slot_minutes = 0##slot_minutes: must be from 1 to 1440, not 0
.slot_minutes = 7.5##slot_minutes: needs a whole number of minutes
.slot_minutes = 15#--slot-minutes 30#slot_minutes: is 15, but --slot-minutes gives 30
.sites = {}##sites: needs a non-empty list of sites, not an object
.sites = [range(9) | {name: ("s" + tostring)}]##sites: at most 8 sites, not 9
.sites[0].where = 1##sites[0].where: unknown key
.sites += [{"name": "home"}]##sites[1]: the name 'home' is used by sites[0] too
.sites += [{"name": "away"}] | del(.classes[1].site)##classes[1].site: is missing (the platform has 2 sites)
.sites[0].prices = 5##sites[0].prices: needs a file name or an object
.sites[0].prices = {"spec": "flat"}##sites[0].prices.spec: unknown key
.sites[0].prices = {"file": "flat", "stamp": "middle"}##sites[0].prices.stamp:
.sites[0].prices = "flat"#--prices increasing#sites: site 'home' has its prices and --prices gives some
.sites[0].power_cap_kw = -1##sites[0].power_cap_kw: must be from 0 to 1e+12, not -1
.sites[0].power_cap_file = "pv.csv"##sites[0].power_cap_file: give power_cap_kw or power_cap_file, not both
.sites[0].sources = {}##sites[0].sources: needs a list, not an object
.sites[0].sources[0].volts = 3##sites[0].sources[0].volts: unknown key
del(.sites[0].sources[0].file)##sites[0].sources[0].file: is missing
.sites[0].sources += [.sites[0].sources[0]]##sites[0].sources[1]: the source name 'solar' is used twice
.sites[0].sources[0].price = "free"##sites[0].sources[0].price: needs a number, not a string
.sites[0].sources[0].scale = -1##sites[0].sources[0].scale: must be from 0 to 1e+12, not -1
[1, 2]##(top): needs an object
CASES

# mistakes found when the series are read: the file and what it is for
jq '.sites[0].sources[0].file = "nothere.csv"' "$P" >"$T_DIR/nofile.json"
run validate "$G" $F/slow.json --deadline 2 --platform "$T_DIR/nofile.json"
expect_rc 2 "a source file that is not there"
expect_err "nothere.csv.*source 'solar'" "names the file and the source"
printf 'kwh\n1\n-2\n' >"$T_DIR/neg.csv"
jq '.sites[0].sources[0].file = "neg.csv"' "$P" >"$T_DIR/neg.json"
run validate "$G" $F/slow.json --deadline 2 --platform "$T_DIR/neg.json"
expect_rc 2 "a negative green volume"
expect_err "source 'solar': slot 1 has -2 kWh, not an energy >= 0" "names source, slot and value"
printf 'kw\n1\n-1\n' >"$T_DIR/negcap.csv"
jq 'del(.sites[0].power_cap_kw) | .sites[0].power_cap_file = {"file": "negcap.csv", "time_column": "none"}' "$P" >"$T_DIR/negcap.json"
run validate "$G" $F/slow.json --deadline 2 --platform "$T_DIR/negcap.json"
expect_rc 2 "a negative cap in a cap series"
expect_err "power cap of site 'home': slot 1 has -1 kW, not a power >= 0" "names the site, slot and value"
# two currencies: the EUR/MWh and the USD/MWh of a header
{ echo "time,price EUR/MWh"; echo "2024-01-01T00:00Z,10"; echo "2024-01-01T01:00Z,20"; } >"$T_DIR/eur.csv"
{ echo "time,price USD/MWh"; echo "2024-01-01T00:00Z,10"; echo "2024-01-01T01:00Z,20"; } >"$T_DIR/usd.csv"
jq '.sites[0].prices = "eur.csv" | .sites += [{"name": "away", "prices": "usd.csv"}]' "$P" >"$T_DIR/cur.json"
run validate "$G" $F/slow.json --deadline 2 --platform "$T_DIR/cur.json"
expect_rc 2 "two sites in two currencies"
expect_err "the prices of site 'away' are in USD/MWh, those of site 'home' in EUR/MWh: every site needs one currency" \
  "names both sites and units"
# one common factor over both sites: home's prices 10, 20 and away's 20, 40
# EUR/MWh are divided by 40; slow (at away) draws 1 kWh a slot: 1 x 0.5 +
# 1 x 1 = 1.5; home's idle 0.5 kWh a slot is covered by its solar (0);
# money 1.5 x 40 / 1000 = 0.06 EUR (= 1 kWh x 20 + 1 kWh x 40 EUR/MWh)
{ echo "time,price EUR/MWh"; echo "2024-01-01T00:00Z,20"; echo "2024-01-01T01:00Z,40"; } >"$T_DIR/eur2.csv"
jq '.sites[0].prices = "eur.csv" | .sites += [{"name": "away", "prices": "eur2.csv"}] | .classes[1].site = "away"' "$P" >"$T_DIR/two.json"
run validate "$G" $F/slow.json --deadline 2 --platform "$T_DIR/two.json" --json
expect_eq "$(jq -c '[.energy_split.normalized_by, .cost, .energy_split.money, .energy_split.green_kwh]' "$OUT")" "[40,1.5,0.06,1]" \
  "two sites, one factor (40): cost 0.5 + 1 at away, 0.06 EUR; home's idle from its solar"
printf '{"classes": [' >"$T_DIR/trunc.json"
run validate "$G" $F/slow.json --platform "$T_DIR/trunc.json"
expect_rc 2 "a platform file that is not JSON"
expect_err "trunc.json" "names the file"
run validate "$G" $F/slow.json --platform "$T_DIR/none.json"
expect_rc 2 "a platform file that is not there"
run heuristic "$G" --platform "$P" -p 2
expect_rc 2 "-p with --platform"
expect_err "give -p or --platform, not both" "says the file has the PEs"

# ---- schemas: the platform file and the documents ----
valid() { jq -n --slurpfile schema "$1" --slurpfile doc "$2" -r -f docs/schema/check.jq 2>&1; }
expect_eq "$(valid docs/schema/platform.schema.json "$P")" valid "ex.json matches platform.schema.json"
jq '.classes[0].watts = {"cubic": 1}' "$P" >"$T_DIR/badw.json"
expect_eq "$(valid docs/schema/platform.schema.json "$T_DIR/badw.json" | grep -c watts)" 1 \
  "platform.schema.json refuses what the reader refuses (watts cubic)"
run milp "$G" --platform "$T_DIR/nocap.json" --deadline 2 -o "$T_DIR/m.json"
expect_eq "$(valid docs/schema/schedule.schema.json "$T_DIR/m.json")" valid \
  "a milp document of an extended platform matches schedule.schema.json"
expect_eq "$(jq -r '[.model.platform.hash == .platform.hash, (.energy_split.kwh == .energy_kwh)] | all' "$T_DIR/m.json")" true \
  "the document's model keys the platform's hash; energy_kwh is the split's total"

# ---- batch: the platform keys the rows, so resume never mixes platforms ----
jq '.classes[0].count = 2' "$T_DIR/nocap.json" >"$T_DIR/nocap2.json"
run batch "$G" --platform "$T_DIR/nocap.json" --extension 0 --methods base -o "$T_DIR/rows.jsonl"
expect_rc 0 "batch on a platform file"
run batch "$G" --platform "$T_DIR/nocap2.json" --extension 0 --methods base -o "$T_DIR/rows.jsonl"
expect_out "1 run now, 0 already" "another platform file: its case runs, not taken for the first's"
expect_eq "$(jq -s -c 'map(.pes)' "$T_DIR/rows.jsonl")" "[2,3]" "the rows have the files' PE counts"
run batch "$G" --platform "$T_DIR/nocap.json" --extension 0 --methods base -o "$T_DIR/rows.jsonl"
expect_out "0 run now, 1 already" "the first file again: already done"
# a second fast PE adds its idle draw, 0.5 kWh a slot, to the same base
expect_eq "$(jq -s -c 'map(.prices) + [(.[1].energy_split.kwh - .[0].energy_split.kwh) / .[0].energy_split.horizon]' "$T_DIR/rows.jsonl")" \
  '["flat","flat",0.5]' "rows name site 0's prices and carry the energy split (a second fast PE: + 0.5 kWh a slot)"
sed -n 1p "$T_DIR/rows.jsonl" >"$T_DIR/row1.json"
expect_eq "$(valid docs/schema/batch-row.schema.json "$T_DIR/row1.json")" valid "a row of an extended platform matches batch-row.schema.json"
"$ECSCHED" batch "$G" --platform "$T_DIR/nocap.json" --extension 0 --methods base,milp -o "$T_DIR/rows5.jsonl" >/dev/null
run report "$T_DIR/rows5.jsonl"
"$ECSCHED" milp "$G" --platform "$T_DIR/nocap.json" --extension 0 --json 2>/dev/null >"$T_DIR/m0.json"
kwh=$(jq -r '.energy_split.kwh | . * 10000 | round / 10000 | tostring' "$T_DIR/m0.json")
share=$(jq -r '.energy_split.green_share' "$T_DIR/m0.json")
expect_eq "$(jq -s -r '.[] | select(.method == "milp") | .energy_split.kwh' "$T_DIR/rows5.jsonl")" \
  "$(jq -r .energy_split.kwh "$T_DIR/m0.json")" "the batch row's kWh is the milp command's"
expect_eq "$(sed -n '/^Energy per case/,/^$/p' "$OUT" | awk '$1 == "milp" {print $4 + 0}')" "$(echo "$kwh" | awk '{print $1 + 0}')" \
  "report: the milp's kWh per case"
expect_eq "$(sed -n '/^Green share/,/^$/p' "$OUT" | awk '$1 == "milp" {printf "%.4f", $4}')" "$(echo "$share" | awk '{printf "%.4f", $1}')" \
  "report: the milp's green share"
# the paper's platform as a file with its own prices: batch runs on them
echo '{"sites": [{"name": "s", "prices": "increasing"}], "classes": [{"name": "pe", "count": 2, "watts": {"quadratic": 400}}]}' >"$T_DIR/red.json"
"$ECSCHED" batch data/paper32/g01_n08.stg --platform "$T_DIR/red.json" --extension 0.2 --methods base -o "$T_DIR/red.jsonl" >/dev/null
want=$("$ECSCHED" heuristic data/paper32/g01_n08.stg -p 2 --prices increasing --extension 0.2 --json 2>/dev/null | jq .base_cost)
expect_eq "$(jq -c '[.prices, .pes, .cost]' "$T_DIR/red.jsonl")" "[\"increasing\",2,$want]" \
  "batch on a one-class file with its site's prices: those prices, its PEs, the flags' base cost"
run batch "$G" --platform "$T_DIR/nocap.json" --prices flat --extension 0 -o "$T_DIR/rows4.jsonl"
expect_rc 2 "batch: --prices with sites that have their own"
run batch "$G" --platform "$T_DIR/nocap.json" -p 2 --extension 0 -o "$T_DIR/rows3.jsonl"
expect_rc 2 "batch: -p with a platform file"
# the shortcuts over a -p list: each row's class has its PEs; the idle
# draw of the second PE (0.2 kWh x 2 slots) is the only difference
run batch "$G" --watts 1000:200 -p 1,2 --prices flat --extension 0 --methods base -o "$T_DIR/rows2.jsonl"
expect_eq "$(jq -s -c 'sort_by(.pes) | map([.pes, .cost, .model.platform.classes[0].count])' "$T_DIR/rows2.jsonl")" \
  "[[1,2,1],[2,2.4,2]]" "batch --watts W:IDLE -p 1,2: per-row classes and idle cost"

# ---- compare: the paper's heuristic is skipped with the library's reason ----
run compare "$G" --platform "$T_DIR/nocap.json" --deadline 2 --json
expect_eq "$(jq -c '[.methods[] | select(.method == "sweep" or .method == "binary") | .status] | unique' "$OUT")" \
  '["skipped"]' "compare: sweep and binary skipped on an extended platform"
expect_eq "$(jq -r '.methods[] | select(.method == "milp") | [.status, .cost, .energy_split.grid_kwh] | @csv' "$OUT")" \
  '"optimal",1,1' "compare: the MILP's optimum 1 (slow at f = 1), 1 kWh from the grid"
run compare "$G" --platform "$P" --deadline 2
# (issue 36: the base respects the cap: both PEs busy at f = 1 would draw
# 4.2 + ... > 1.6, so the task runs on slow at f = 1, 2 slots, cost 1)
expect_out "^base .*a list schedule under the power cap" "compare: the base is a list schedule under the cap"
expect_out "^base +1\.000000 .* +2 +2 +yes +feasible" "compare: the base respects the cap: slow at f = 1, cost 1, makespan 2"
expect_out "^sweep +skipped: the paper's heuristic handles the paper's platform only" "the reason is the library's"

# ---- info --platform: the bundled solar platform by hand ----
# 10 kW times the German solar profile of 2018-10-01 summed over its hours:
# 10 x (0.0045 + 0.0436 + 0.1113 + 0.181 + 0.2214 + 0.2404 + 0.2442 +
# 0.2306 + 0.1851 + 0.1257 + 0.0615 + 0.0113) = 16.606 kWh, peak 2.442 kW;
# the DE-LU prices of the file's 23 hours range over 42.50..84.97 EUR/MWh
run info --platform data/platforms/solar_two_class.json --json
expect_rc 0 "info --platform"
expect_eq "$(jq -c '[.slots, .sites[0].price_min, .sites[0].price_max, .sites[0].cap_kw, .sites[0].sources[0].kwh, .sites[0].sources[0].peak_kw]' "$OUT")" \
  "[23,42.5,84.97,8,16.606,2.442]" "info --platform: slots, price range, cap, solar kWh and peak"
run info --platform "$T_DIR/paper.json"
expect_err "the paper's platform .*-p 4 --power quadratic --watts 400" "info --platform of the paper's platform names its flags"

# ---- plot: lanes by class, every site's prices, draw, green supply, cap ----
"$ECSCHED" milp "$G" --platform "$P" --deadline 2 -o "$T_DIR/ex_m.json" >/dev/null 2>&1
run plot "$T_DIR/ex_m.json" -o "$T_DIR/ex.svg"
expect_rc 0 "plot of an extended platform's schedule"
expect_eq "$(grep -o '>fast 0<\|>slow 0<' "$T_DIR/ex.svg" | tr -d '<>' | tr '\n' ',')" "fast 0,slow 0," \
  "one lane per PE, named by class"
expect_eq "$(grep -c 'class="class-sep"' "$T_DIR/ex.svg")" 1 "a line between the two classes"
expect_eq "$(grep -o 'class="\(draw\|green\|cap\)"' "$T_DIR/ex.svg" | sort | tr '\n' ' ')" \
  'class="cap" class="draw" class="green" ' "the energy panel: draw, green supply, cap"
expect_eq "$(jq -c '.sites_per_slot[0] | [.draw_kwh_per_slot, .sources[0].kwh_per_slot, .cap_kwh_per_slot]' "$T_DIR/ex_m.json")" \
  "[[1.5,1.5],[1,1],[1.6,1.6]]" "sites_per_slot: the optimum (slow at f = 1) draws 1.5 a slot; 1 kWh of solar, cap 1.6"
run milp "$G" --platform data/platforms/two_sites.json --deadline 2 -o "$T_DIR/two.json"
expect_rc 0 "milp on the bundled two-site platform"
run plot "$T_DIR/two.json" -o "$T_DIR/two.svg"
expect_eq "$(grep -c 'class="price-site"' "$T_DIR/two.svg")" 1 "the second site's prices under the first's"
expect_eq "$(grep -o '>price [a-z]*<' "$T_DIR/two.svg" | tr -d '<>' | tr '\n' ',')" "price tallinn,price frankfurt," \
  "the legend names each site's prices"

# ---- the paper's platform as a file: today's results byte for byte ----
echo '{"classes": [{"name": "pe", "count": 4, "watts": {"quadratic": 400}}]}' >"$T_DIR/paper.json"
echo '{"frequencies": [1, 0.75, 0.5, 0], "classes": [{"name": "pe", "count": 2, "watts": {"static": 300, "share": 0.4}}]}' >"$T_DIR/paper_static.json"
# same_docs FILTER N: how many of the N pairs $T_DIR/pa.K.json, pb.K.json
# (K = 1..N) are the same document under FILTER (one jq for each side; an
# empty or broken document shifts the lines and counts as different)
same_docs() {
  _a="" _b="" _k=1
  while [ "$_k" -le "$2" ]; do
    _a="$_a $T_DIR/pa.$_k.json" _b="$_b $T_DIR/pb.$_k.json"; _k=$((_k + 1))
  done
  # shellcheck disable=SC2086
  jq -S -c "$1" $_a >"$T_DIR/pa.lines" 2>/dev/null
  # shellcheck disable=SC2086
  jq -S -c "$1" $_b >"$T_DIR/pb.lines" 2>/dev/null
  paste -d '\n' "$T_DIR/pa.lines" "$T_DIR/pb.lines" |
    awk 'NR % 2 { a = $0; next } a != "" && a == $0 { n++ } END { print n + 0 }'
}
total=0
for g in data/paper32/g*.stg; do
  total=$((total + 1))
  "$ECSCHED" heuristic "$g" -p 4 --watts 400 --extension 0.2 --json 2>/dev/null >"$T_DIR/pa.$total.json"
  "$ECSCHED" heuristic "$g" --platform "$T_DIR/paper.json" --extension 0.2 --json 2>/dev/null >"$T_DIR/pb.$total.json"
done
same=$(same_docs 'del(.runtime_s, .heuristic_s, .context, .base.runtime_s)' "$total")
expect_eq "$same/$total" "$total/$total" "heuristic: a one-class platform file gives the flags' documents on paper32"
# the static model and its own frequencies, with the human summary
g=data/paper32/g05_n11.stg
"$ECSCHED" heuristic "$g" -p 2 --freqs 1,0.75,0.5,0 --power static:0.4 --watts 300 --extension 0.3 2>/dev/null |
  grep -v '^runtime' >"$T_DIR/a.txt"
"$ECSCHED" heuristic "$g" --platform "$T_DIR/paper_static.json" --extension 0.3 2>/dev/null |
  grep -v '^runtime' >"$T_DIR/b.txt"
if cmp -s "$T_DIR/a.txt" "$T_DIR/b.txt" && [ -s "$T_DIR/a.txt" ]; then
  ok "heuristic: the static model as a file prints the flags' summary"
else
  notok "heuristic summary differs: $(diff "$T_DIR/a.txt" "$T_DIR/b.txt" | head -5)"
fi
# solve: the small graphs here, every graph under make check
n=0
for g in data/paper32/g0*.stg; do
  n=$((n + 1))
  "$ECSCHED" solve "$g" -p 4 --watts 400 --extension 0.2 --json 2>/dev/null >"$T_DIR/pa.$n.json"
  "$ECSCHED" solve "$g" --platform "$T_DIR/paper.json" --extension 0.2 --json 2>/dev/null >"$T_DIR/pb.$n.json"
done
same=$(same_docs '{tasks, cost, makespan, status, cost_money, energy_kwh}' "$n")
expect_eq "$same/$n" "$n/$n" "solve: a one-class platform file gives the flags' schedules (g00..g09)"
if long_run "solve byte-identity on all of paper32"; then
  n=0
  for g in data/paper32/g[1-3]*.stg; do
    n=$((n + 1))
    "$ECSCHED" solve "$g" -p 4 --watts 400 --extension 0.2 --json 2>/dev/null >"$T_DIR/pa.$n.json"
    "$ECSCHED" solve "$g" --platform "$T_DIR/paper.json" --extension 0.2 --json 2>/dev/null >"$T_DIR/pb.$n.json"
  done
  same=$(same_docs '{tasks, cost, makespan, status, cost_money}' "$n")
  expect_eq "$same/$n" "$n/$n" "solve: the same on g10..g31"
fi
# ---- what the documents say (issue 36, item 9) ----
# a platform whose every site has its own prices uses no --prices
run milp "$G" --platform "$T_DIR/nocap.json" --deadline 2 --json
expect_eq "$(jq -c '.model.price_source' "$OUT")" "null" "model.price_source is null when no site uses --prices"
# per source: its volume and what the schedule used of it; a free source
# covers min(volume, draw) of every slot (grid price 1 > 0)
expect_eq "$(jq -c '.sites_per_slot[0] | [.sources[0].kwh_per_slot, .draw_kwh_per_slot] | transpose | map(if .[0] < .[1] then .[0] else .[1] end)' "$OUT")" \
  "$(jq -c '.sites_per_slot[0].sources[0].used_kwh_per_slot' "$OUT")" "used_kwh_per_slot = min(volume, draw) slot by slot"
expect_eq "$(jq -c '[(.sites_per_slot[0].sources[0].used_kwh_per_slot | add), .energy_split.sources[0].kwh] | map(. * 1e6 | round)' "$OUT" | jq -c 'unique | length')" \
  "1" "the used kWh add up to the split's source kWh"
# the sites' prices given: a site without prices takes --prices, recorded
jq 'del(.sites[0].prices)' "$T_DIR/nocap.json" >"$T_DIR/noprices.json"
run milp "$G" --platform "$T_DIR/noprices.json" --deadline 2 --prices flat --json
expect_eq "$(jq -r '.model.price_source.spec' "$OUT")" "flat" "a site without prices: --prices is recorded"
# base.lower_bound on classes: the critical path at the fastest class
# (g01 on solar_two_class: fast at speed 2) and the work over the speed sum
run milp data/paper32/g01_n08.stg --platform data/platforms/solar_two_class.json --extension 0 --time-limit 1 --json
lb=$(jq -r '.base.lower_bound' "$OUT")
W=$(awk 'NR > 1 && !/^#/ { s += $2 } END { print s }' data/paper32/g01_n08.stg)
expect_eq "$([ "$lb" -ge $(( (W + 7) / 8 )) ] && [ "$lb" -le "$(jq -r '.base.makespan' "$OUT")" ] && echo yes)" "yes" \
  "base.lower_bound ($lb) is at least ceil(work $W / (2 x 2 + 4 x 1)) and at most M"
# local on an extended platform: no sweep ran, its keys are null
run heuristic "$G" --platform "$T_DIR/nocap.json" --deadline 2 --mode local --json
expect_eq "$(jq -c '[.steps, .fallback, .budget, .candidates]' "$OUT")" "[null,null,null,null]" \
  "local on an extended platform: the sweep's keys are null"
# watts at f = 0 are the idle draw: another value is refused, not replaced
jq '.classes[0].watts = [4000, 1500, 100]' "$T_DIR/nocap.json" >"$T_DIR/w0.json"
run milp "$G" --platform "$T_DIR/w0.json" --deadline 2
expect_rc 2 "watts at f = 0 other than idle_watts: exit 2"
expect_err "classes\[0\]\.watts: \[2\] gives 100 W at f = 0, but a PE at f = 0 draws its idle_watts 500" \
  "it names the value and the idle draw"
jq '.classes[0].watts = [4000, 1500, 500]' "$T_DIR/nocap.json" >"$T_DIR/w0ok.json"
run milp "$G" --platform "$T_DIR/w0ok.json" --deadline 2
expect_rc 0 "watts at f = 0 equal to idle_watts: accepted"
# a site's price file that is not there: named, exit 2, no crash (the base
# planned over the horizon released prices it had never read)
jq '.sites[0].prices = "no_such_prices.csv"' data/platforms/solar_two_class.json >"$T_DIR/noprices.json"
run solve "$G" --platform "$T_DIR/noprices.json" --extension 0.2 --time-limit 5
expect_rc 2 "a site's missing price file: exit 2"
expect_err "no_such_prices\.csv: prices of site 'plant': no such file" "it names the file and the site"
finish
