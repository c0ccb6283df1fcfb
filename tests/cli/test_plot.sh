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
finish
