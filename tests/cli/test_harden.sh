# Hardening (issue 17): untrusted files, shared directories, bounded work.
# Every case failed before the fix; fixtures in tests/fixtures/harden/.
. tests/cli/lib.sh
G=tests/fixtures/tiny.stg
H=tests/fixtures/harden
V=tests/fixtures/validate

# ---- 1. -o: a secure temporary, never replacing what is not a file ----
W=$T_DIR/out
mkdir "$W"
mkfifo "$W/fifo"
timeout 20 cat "$W/fifo" >"$W/fifo.got" &
CATPID=$!
run heuristic "$G" -p 2 -o "$W/fifo"
wait $CATPID
expect_rc 0 "-o FIFO"
if [ -p "$W/fifo" ]; then ok "-o FIFO: still a FIFO"; else notok "-o FIFO: replaced by a file"; fi
if grep -q '"command": "heuristic"' "$W/fifo.got"; then ok "-o FIFO: the document went through it"; else notok "-o FIFO: nothing read"; fi
ln -s /dev/null "$W/null"
run heuristic "$G" -p 2 -o "$W/null"
expect_rc 0 "-o symlink to /dev/null"
if [ -c /dev/null ] && [ -L "$W/null" ]; then ok "/dev/null and the link stay"; else notok "/dev/null or the link replaced"; fi
if [ "$(id -u)" = 0 ]; then
  mknod -m 666 "$W/mynull" c 1 3
  run heuristic "$G" -p 2 -o "$W/mynull"
  if [ -c "$W/mynull" ]; then ok "-o device node stays a device"; else notok "-o device node replaced"; fi
else
  skip "mknod needs root"
fi
# the old predictable temporary PATH.tmp.PID, planted as a symlink: never followed
echo precious >"$W/precious"
# (sh -c plants the name for its own PID, then becomes ecsched)
sh -c 'ln -s "$1" "$2.tmp.$$" && exec "$3" heuristic "$4" -p 2 -o "$2"' \
  sh "$W/precious" "$W/o.json" "$ECSCHED" "$G" >"$OUT" 2>"$ERR"
RC=$?
rm -f "$W"/o.json.tmp.*
expect_rc 0 "-o beside planted symlinks"
expect_eq "$(cat "$W/precious")" "precious" "a planted symlink's target is untouched"
if grep -q '"command": "heuristic"' "$W/o.json" && [ ! -L "$W/o.json" ]; then ok "-o wrote a regular file"; else notok "-o o.json missing"; fi
expect_eq "$(ls -A "$W" | grep -c '^\.o\.json\.')" 0 "no temporary left behind"
chmod 640 "$W/o.json"
run heuristic "$G" -p 2 -o "$W/o.json"
expect_eq "$(stat -c %a "$W/o.json")" 640 "a replaced file keeps its mode"
run heuristic "$G" -p 2 -o "$W"
expect_rc 2 "-o DIRECTORY"
expect_err "$W: is a directory" "-o DIRECTORY says so"

# ---- 2. validate: every key has one type ----
for f in deadline_real deadline_string deadline_negative deadline_zero; do
  run validate "$G" "$H/$f.json"
  expect_rc 2 "validate $f"
  expect_err '"deadline" must be a whole number of slots >= 1' "$f names the key"
done
run validate "$G" "$H/power_number.json"
expect_rc 2 "validate \"power\": 7"
expect_err '"power" must be a string' "power: 7 names the key"
run validate "$G" "$H/bom.json"
expect_rc 0 "a JSON document with a UTF-8 BOM is read"

# ---- 3. non-finite intermediate results are errors naming the input ----
run prices "$H/prices_1e308.csv"
expect_rc 0 "prices of 1e308: finite averages"
if grep -Eqi 'inf|nan' "$OUT"; then notok "prices 1e308 print inf/nan"; else ok "prices 1e308: no inf or nan"; fi
expect_out '^mean +1e\+308$' "prices 1e308: the mean is 1e308, printed as 1e+308"
run prices "$H/fill_overflow.csv" --fill linear
expect_rc 0 "a linear fill between -1e308 and 1e308"
if grep -Eqi 'inf|nan' "$OUT"; then notok "the fill gives inf/nan"; else ok "the fill stays finite"; fi
expect_out 'gaps filled +2' "both gaps filled"
run prices "$H/norm_overflow.csv"
expect_rc 2 "normalising by a tiny largest price overflows"
expect_err "norm_overflow.csv: slot 0: .* not a finite number" "names the file and slot"
run validate "$G" "$H/per_slot_1e308.json"
expect_rc 2 "validate: a cost that overflows"
expect_err 'per_slot_1e308.json: the cost .* not a finite number' "names the document"

# ---- 4. every date field range-checked ----
run prices "$H/year_overflow.csv" --utc-offset +01:00
expect_rc 2 "year 2^63-1"
expect_err 'year_overflow.csv:3: 9223372036854775807-1-1 is not a date' "names the line"
run prices "$H/feb31.csv" --utc-offset +01:00
expect_rc 2 "February 31st"
expect_err 'feb31.csv:3: 2016-2-31 is not a date' "February 31st named"

# ---- 5. non-UTF-8 text ----
run prices "$H/cp1252_header.csv" --json
expect_rc 0 "a Windows-1252 header"
expect_out '"unit": "€/MWh"' "0x80 is the euro sign"
expect_out '"price_column": "Preis \(€/MWh\)"' "the column name decoded"
run heuristic "$G" -p 2 --prices "$H/cp1252_header.csv" --json
expect_rc 0 "a Windows-1252 price file in a schedule document"
expect_out '"unit": "€/MWh"' "its unit in the document"
LAT=$T_DIR/t$(printf '\351').stg
cp "$G" "$LAT"
run info --json "$LAT"
expect_rc 0 "info on a Latin-1 file name"
expect_out '"file": ".*t\\\\xE9\.stg"' "the file name escaped in JSON"

# ---- 6. size limits before large work ----
run info /dev/zero
expect_rc 2 "info /dev/zero stops"
expect_err 'longer than the limit of [0-9]+ bytes \(--max-input-bytes N raises it\)' "names --max-input-bytes"
run info /dev/zero --max-input-bytes 1Ki
expect_err 'limit of 1024 bytes' "info --max-input-bytes 1Ki"
head -c 100 /dev/zero >"$T_DIR/zeros"
run heuristic "$T_DIR/zeros" --max-input-bytes 50
expect_rc 2 "--max-input-bytes 50"
expect_err 'limit of 50 bytes' "the limit given is used"
run heuristic "$H/work_3e9.stg"
expect_rc 2 "work 3e9"
expect_err 'task 1 has work 3000000000, more than the limit of 1000000 \(--max-work N raises it\)' "names the task and --max-work"
run validate "$G" "$V/scaled.json" --deadline 500000000
expect_rc 2 "--deadline 5e8"
expect_err '--deadline asks for 500000000, more than .* \(--max-slots N raises it\)' "names --max-slots"
run validate "$G" "$V/scaled.json" --deadline 500000000 --max-slots 20000000
expect_rc 2 "--max-slots 2e7 is still below 5e8"
run validate "$G" "$V/scaled.json" --deadline 12 --max-slots 12
expect_rc 0 "--deadline at the limit passes"
run validate "$G" "$H/stop_1e9.json"
expect_rc 2 "a task stopping in slot 1e9"
expect_err 'task 2, stop 999999999\) asks for 1000000000' "names the task"
# found by fuzzing (UBSan: stop + 1 overflowed)
run validate "$G" "$H/stop_max.json" -p 2
expect_rc 2 "a task stopping in slot 2^63-1"
expect_err 'tasks\[0\] \(task 1, stop 9223372036854775807\) asks for 92233720368547758' "names the task"
run heuristic "$G" --max-slots 0
expect_rc 2 "--max-slots 0"
if "$ECSCHED" heuristic --help | grep -A1 -- '--max-slots N' | grep -q 'default 1M'; then ok "the limits and defaults in --help"; else notok "--help lacks the limits"; fi
BIG=$T_DIR/big.stg
awk 'BEGIN{n=100000; print n; print "0 0 0"; for(i=1;i<=n;i++) print i, 1, 1, 0;
  printf "%d 0 %d", n+1, n; for(i=1;i<=n;i++) printf " %d", i; print ""}' >"$BIG"
run milp "$BIG" -p 8 --prices flat --time-limit 5
expect_rc 3 "milp on 100k tasks refused"
expect_err 'the graph has 100000 tasks: its time windows alone .* --max-nonzeros N' "before the quadratic closure, naming the flag"
run heuristic "$BIG" -p 4 --max-tasks 1000
expect_rc 2 "--max-tasks 1000"
expect_err 'tasks: 100002, more than the limit of 1000 \(--max-tasks N raises it\)' "names --max-tasks"

# ---- 7. write errors on stdout ----
if [ -w /dev/full ]; then
  "$ECSCHED" info "$G" >/dev/full 2>"$ERR"; RC=$?
  expect_rc 2 "info > /dev/full"
  expect_err 'write error on standard output' "says so"
  "$ECSCHED" heuristic "$G" -p 2 --json >/dev/full 2>"$ERR"; RC=$?
  if [ "$RC" -ne 0 ]; then ok "heuristic --json > /dev/full fails"; else notok "heuristic --json > /dev/full exits 0"; fi
  "$ECSCHED" --help >/dev/full 2>"$ERR"; RC=$?
  expect_rc 2 "--help > /dev/full"
else
  skip "no /dev/full"
fi

# ---- 8. minor ----
run validate "$G" tests/fixtures
expect_rc 2 "a directory as the schedule"
expect_err 'tests/fixtures: is a directory' "says is a directory"
run heuristic tests/fixtures
expect_err 'tests/fixtures: is a directory' "a directory as the graph"
run heuristic "$G" --prices tests/fixtures
expect_err 'tests/fixtures: is a directory' "a directory as the prices"
run report tests/fixtures
expect_err 'tests/fixtures: is a directory' "a directory as batch results"
run validate "$G" "$H/pe_2p31.json"
expect_rc 2 "a PE of 2^31"
expect_err 'tasks\[3\] \(task 5\): pe 2147483648' "names the task"
B=$T_DIR/b.jsonl
"$ECSCHED" batch "$G" -p 2,3 --prices flat --methods base --out "$B" >/dev/null 2>&1
head -n 1 "$B" >"$T_DIR/b2.jsonl"
sed -n 2p "$B" | tr -d '\n' >>"$T_DIR/b2.jsonl"
run batch "$G" -p 2,3 --prices flat --methods base --out "$T_DIR/b2.jsonl"
expect_rc 0 "batch on a last line without its newline"
expect_out '2 cases: 0 run now, 2 already' "the complete last line is kept, not rerun"
expect_eq "$(wc -l <"$T_DIR/b2.jsonl" | tr -d ' ')" 2 "and given its newline"

finish
