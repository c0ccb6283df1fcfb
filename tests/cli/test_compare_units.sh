# compare's table in real units (issue 36, item 5): kWh and money columns
# where the platform gives them (--watts, --platform), as its JSON has them.
. tests/cli/lib.sh
# tiny.stg: 6 work units; the base runs them all at f = 1: 6 PE-slots of
# 400 W for 1 h = 2.4 kWh
run compare tests/fixtures/tiny.stg -p 2 --extension 0.5 --watts 400 --methods base,sweep
expect_rc 0 "compare --watts"
expect_out "^method +cost +kWh +EUR +cost/opt +saving" "the header has kWh and the prices' currency"
expect_out "^base +3\.608846 +2\.400 +0\.07 " "the base: 2.4 kWh by hand, and its money"
if command -v jq >/dev/null 2>&1; then
  "$ECSCHED" compare tests/fixtures/tiny.stg -p 2 --extension 0.5 --watts 400 --methods base,sweep \
    --json >"$T_DIR/c.json" 2>/dev/null
  run compare tests/fixtures/tiny.stg -p 2 --extension 0.5 --watts 400 --methods base,sweep
  for m in base sweep; do
    kwh=$(jq -r ".methods[] | select(.method == \"$m\") | .energy_kwh" "$T_DIR/c.json")
    money=$(jq -r ".methods[] | select(.method == \"$m\") | .cost_money" "$T_DIR/c.json")
    expect_out "^$m +[0-9.]+ +$(printf '%.3f' "$kwh") +$(printf '%.2f' "$money") " \
      "$m: the table's kWh and EUR are the JSON's ($kwh kWh, $money EUR)"
  done
fi
# an extended platform: kWh from the energy split (3 kWh: 2 x (0.7 + 0.8)),
# money "-" without a unit for flat prices
run compare tests/fixtures/platform/one.stg --platform tests/fixtures/platform/ex.json --deadline 2 --methods base,milp
expect_out "^method +cost +kWh +money " "a platform without a currency: the column is money"
expect_out "^milp +1\.000000 +3\.000 +- " "the MILP's 3 kWh, no money without a unit"
# without --watts: no such columns (the paper's table as before)
run compare tests/fixtures/tiny.stg -p 2 --extension 0.5 --methods base
expect_out "^method +cost +cost/opt +saving" "no units: no kWh column"
finish
