# ecsched plot: Gantt charts as SVG (boxes, labels, well-formed XML).
. tests/cli/lib.sh
F=tests/fixtures/plot
HAVE_XMLLINT=0
command -v xmllint >/dev/null 2>&1 && HAVE_XMLLINT=1

# well_formed FILE WHAT
well_formed() {
  if [ $HAVE_XMLLINT = 0 ]; then skip "$2: xmllint absent (apt-get install libxml2-utils)"; return; fi
  if xmllint --noout "$1" 2>"$T_DIR/xmllint.err"; then ok "$2"; else
    T_N=$((T_N + 1)); T_FAIL=$((T_FAIL + 1)); echo "not ok $T_N - $2"; head -5 "$T_DIR/xmllint.err"
  fi
}
# xcount FILE XPATH-PREDICATE: number of elements matching, via xmllint
xcount() {
  xmllint --xpath "count($2)" "$1" 2>/dev/null
}

run plot "$F/tiny.json" -o "$T_DIR/tiny.svg"
expect_rc 0 "plot tiny schedule"
expect_out "wrote .*tiny.svg: 2 PEs, 4 tasks, 4 labelled, 8 slots" "plot says what it drew"
well_formed "$T_DIR/tiny.svg" "tiny Gantt is well-formed XML"
if [ $HAVE_XMLLINT = 1 ]; then
  expect_eq "$(xcount "$T_DIR/tiny.svg" '//*[local-name()="g"][@class="task"]')" 4 "one task group per task"
  expect_eq "$(xcount "$T_DIR/tiny.svg" '//*[local-name()="rect"][@class="box"]')" 4 "one outline box per task"
  expect_eq "$(xmllint --xpath '//*[local-name()="text"][@class="label"]/text()' "$T_DIR/tiny.svg" | tr '\n' ' ')" \
    "1 2 3 5 " "labels are the task ids"
  # shading: task 1 has two runs (0.8 0.8 | 0.4), the others one each
  expect_eq "$(xcount "$T_DIR/tiny.svg" '//*[local-name()="g"][@class="task"]/*[local-name()="rect"][not(@class)]')" 5 \
    "one shading rect per run of equal frequency"
  expect_eq "$(xcount "$T_DIR/tiny.svg" '//*[local-name()="line"][@class="deadline"]')" 1 "deadline marked"
  expect_eq "$(xcount "$T_DIR/tiny.svg" '//*[local-name()="line"][@class="makespan"]')" 1 "makespan marked"
  expect_eq "$(xcount "$T_DIR/tiny.svg" '//*[local-name()="polyline"][@class="price"]')" 1 "price curve drawn"
fi

run plot "$F/tiny.json" --no-labels --title 'A & <B>'
expect_rc 0 "plot to stdout"
expect_out "^<\?xml" "SVG on stdout"
expect_out "A &amp; &lt;B&gt;" "title escaped"
if grep -q 'class="label"' "$OUT"; then notok "--no-labels drops labels"; else ok "--no-labels drops labels"; fi

# 2,000 tasks on 16 PEs, generated deterministically with awk
awk 'BEGIN { srand(7); P = 16; printf "{\"pes\": %d, \"deadline\": 600, \"tasks\": [", P;
  for (i = 0; i < 2000; i++) { pe = i % P; n = 1 + int(rand() * 6);
    printf "%s{\"id\": %d, \"pe\": %d, \"start\": %d, \"stop\": %d, \"freqs\": [", i ? "," : "", i + 1, pe, t[pe], t[pe] + n - 1;
    for (k = 0; k < n; k++) printf "%s%s", k ? "," : "", (rand() < 0.5 ? "1" : "0.4");
    printf "]}"; t[pe] += n }
  printf "]}\n" }' > "$T_DIR/big.json"
run plot "$T_DIR/big.json" -o "$T_DIR/big.svg"
expect_rc 0 "plot 2,000 tasks"
well_formed "$T_DIR/big.svg" "2,000-task Gantt is well-formed XML"
if [ $HAVE_XMLLINT = 1 ]; then
  expect_eq "$(xcount "$T_DIR/big.svg" '//*[local-name()="g"][@class="task"]')" 2000 "2,000 task groups"
  labels=$(xcount "$T_DIR/big.svg" '//*[local-name()="text"][@class="label"]')
  expect_eq "$(sed -n 's/.*, \([0-9]*\) labelled.*/\1/p' "$OUT")" "$labels" "labelled count matches the SVG"
fi

# bad input: exit 2, file and problem named, nothing written
for name in bad_pe truncated; do
  run plot "$F/$name.json" -o "$T_DIR/$name.svg"
  expect_rc 2 "plot $name"
  expect_err "$F/$name.json" "plot $name names the file"
  expect_no_file "$T_DIR/$name.svg" "plot $name writes nothing"
done
run plot "$F/bad_pe.json"
expect_err "tasks\[0\]: \"pe\" 3 is outside 0\.\.1" "plot names the task and problem"
run plot "$F/truncated.json"
expect_err "truncated.json:3:" "plot names the line of a JSON syntax error"
run plot "$T_DIR/missing.json"
expect_rc 2 "plot missing file"
run plot
expect_rc 2 "plot without a file"
run plot "$F/tiny.json" --width 5
expect_rc 2 "plot with a bad width"
# ---- the energy panels, the legend and the title (issue 36 item 10) ----
# two sites with caps of 0.9 and 0.5 kW on a short horizon, under a long
# graph name: a panel per site (its name, its draw, its cap at its own
# height), the legend tells draw from makespan and names the cap in kW, and
# the canvas holds the title (at least 0.6 em a character of 15 px)
if command -v jq >/dev/null 2>&1 && [ $HAVE_XMLLINT = 1 ]; then
  top=$(pwd)
  jq --arg ee "$top/data/platforms/ee_2023-07-16_utc.csv" --arg de "$top/data/prices/de_lu_2024-05-06_to_2024-05-12_hourly.csv" \
    '.sites[0].power_cap_kw = 0.9 | .sites[1].power_cap_kw = 0.5 | .sites[0].prices = $ee | .sites[1].prices.file = $de' \
    data/platforms/two_sites.json >"$T_DIR/caps.json"
  cp tests/fixtures/tiny.stg "$T_DIR/a_rather_long_graph_file_name_for_a_short_horizon_test.stg"
  "$ECSCHED" heuristic "$T_DIR/a_rather_long_graph_file_name_for_a_short_horizon_test.stg" --platform "$T_DIR/caps.json" \
    --deadline 6 --mode local --time-limit 0.3 -o "$T_DIR/caps_doc.json" >/dev/null 2>&1
  run plot "$T_DIR/caps_doc.json" -o "$T_DIR/caps.svg"
  expect_rc 0 "plot two sites with caps"
  C=$T_DIR/caps.svg
  expect_eq "$(xmllint --xpath '//*[local-name()="text"][@class="site"]/text()' "$C" 2>/dev/null | tr '\n' ' ')" "tallinn frankfurt " "a panel per site, named"
  expect_eq "$(xcount "$C" '//*[local-name()="polyline"][@class="cap"]')" 2 "a cap line per site"
  # y of each cap line (its first point) against the site labels' y: each
  # site's cap lies in its own panel, under its name and above the next's
  ys=$(xmllint --xpath '//*[local-name()="polyline"][@class="cap"]/@points' "$C" | sed 's/.*points="[^,]*,\([0-9.]*\) .*/\1/')
  ly=$(xmllint --xpath '//*[local-name()="text"][@class="site"]/@y' "$C" | sed 's/.*y="\([0-9.]*\)"/\1/')
  set -- $ys; c0=$1 c1=$2; set -- $ly; l0=$1 l1=$2
  expect_eq "$(awk -v c0="$c0" -v c1="$c1" -v l0="$l0" -v l1="$l1" 'BEGIN { print (c0 > l0 && c0 < l1 && c1 > l1) }')" 1 \
    "tallinn's cap (y $c0) in its panel (from y $l0), frankfurt's (y $c1) in its own (from y $l1)"
  legend=$(xmllint --xpath '//*[local-name()="g"][@class="legend"]//*[local-name()="text"]/text()' "$C" | tr '\n' '|')
  case "$legend" in *"power cap (kW x 1 h)"*) ok "the cap's legend names kW" ;; *) RC=0; notok "the cap's legend names kW: $legend" ;; esac
  case "$legend" in *"(kWh)"*) RC=0; notok "no bare (kWh) in the legend: $legend" ;; *) ok "no bare (kWh) in the legend" ;; esac
  dc=$(xmllint --xpath 'string(//*[local-name()="polyline"][@class="draw"][1]/@stroke)' "$C")
  mc=$(xmllint --xpath 'string(//*[local-name()="line"][@class="makespan"]/@stroke)' "$C")
  rgb() { # #rgb or #rrggbb -> "r g b" (0..255)
    h=${1#\#}
    [ ${#h} = 3 ] && h=$(echo "$h" | sed 's/\(.\)\(.\)\(.\)/\1\1\2\2\3\3/')
    echo "$(printf '%d' "0x$(echo "$h" | cut -c1-2)") $(printf '%d' "0x$(echo "$h" | cut -c3-4)") $(printf '%d' "0x$(echo "$h" | cut -c5-6)")"
  }
  dist=$(echo "$(rgb "$dc") $(rgb "$mc")" | awk '{ d = 0; for (i = 1; i <= 3; i++) { x = $i - $(i + 3); d += x < 0 ? -x : x }; print d }')
  expect_eq "$([ "$dist" -ge 96 ] && echo 1 || echo 0)" 1 "draw ($dc) and makespan ($mc) look different (colour distance $dist >= 96)"
  w=$(xmllint --xpath 'string(/*[local-name()="svg"]/@width)' "$C")
  t=$(xmllint --xpath 'string(//*[local-name()="text"][@class="title"])' "$C")
  expect_eq "$(awk -v w="$w" -v n="${#t}" 'BEGIN { print (92 + n * 15 * 0.6 <= w) }')" 1 "the canvas ($w px) holds the title (${#t} characters)"
  case "$t" in *"saving"*) ok "the title whole, with the saving" ;; *) RC=0; notok "the title whole: $t" ;; esac
  sx=$(xmllint --xpath 'string((//*[local-name()="text"][@class="site"])[2]/@x)' "$C")
  expect_eq "$(awk -v x="$sx" -v w="$w" 'BEGIN { print (x + 9 * 11 * 0.64 <= w) }')" 1 "the site names inside the canvas"
else
  skip "jq or xmllint absent: the energy panels untested"
fi
finish
