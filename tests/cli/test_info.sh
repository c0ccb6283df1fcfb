# ecsched info: figures of STG files against the shared manifest and the
# CP Length written inside each file.
. tests/cli/lib.sh
B=data/stg/rand0000.stg

# the bundled file: 50 tasks, 96 edges, CP 55, work 262 (manifest.csv)
run info "$B"
expect_rc 0 "info on the bundled rand0000"
expect_out '^file +format +tasks +edges +cp +work +parallelism +rounding +file_cp$' "table header"
expect_out "^data/stg/rand0000\.stg +standard +50 +96 +55 +262 +4\.764 +0 +55 \(agrees\)$" "rand0000 row"
run info --json "$B"
expect_rc 0 "info --json"
expect_eq "$(json_key "$OUT" tasks)" 50 "JSON tasks"
expect_eq "$(json_key "$OUT" edges)" 96 "JSON edges"
expect_eq "$(json_key "$OUT" critical_path)" 55 "JSON critical path"
expect_eq "$(json_key "$OUT" total_work)" 262 "JSON total work"
expect_eq "$(json_key "$OUT" file_cp_length)" 55 "JSON file CP Length"
expect_eq "$(json_key "$OUT" cp_agrees)" true "JSON cp_agrees"
expect_eq "$(json_key "$OUT" generator)" sameprob "JSON generator"

# the hand-made fixture: CP 2 + 1 + 0 + 2 = 5, work 6, 5 tasks, 4 edges
run info tests/fixtures/tiny.stg
expect_out "^tests/fixtures/tiny\.stg +standard +5 +4 +5 +6 +1\.200 +0 +5 \(agrees\)$" "tiny.stg row"

# a file whose own CP Length is wrong: exit 1, named
sed 's/CP Length : 5/CP Length : 9/' tests/fixtures/tiny.stg >"$T_DIR/wrongcp.stg"
run info "$T_DIR/wrongcp.stg"
expect_rc 1 "CP Length that disagrees"
expect_out '9 \(DIFFERS\)' "table marks the disagreement"
expect_err 'says CP Length 9, but its critical path is 5' "stderr names both values"

# unreadable files: exit 2, file:line: problem, the others still reported
printf '3\n0 0 0\n1 2 1 0\n2 x 1 1\n' >"$T_DIR/garbage.stg"
run info "$B" "$T_DIR/garbage.stg"
expect_rc 2 "a bad file among good ones"
expect_err "garbage\.stg:4: expected the work, found 'x'" "error names file, line and token"
expect_out '^data/stg/rand0000\.stg ' "the good file is still reported"
run info --json "$T_DIR/garbage.stg" "$B"
expect_rc 2 "a bad file in JSON mode"
expect_out '"error": ".*garbage\.stg:4: ' "JSON has the error object"
expect_out '"critical_path": 55' "JSON still has the good file"
run info "$T_DIR/nonexistent.stg"
expect_rc 2 "missing file"
expect_err 'nonexistent\.stg: cannot open' "missing file named"
expect_no_out "nothing on stdout when no file is readable"
run info --format proto "$B"
expect_rc 2 "--format proto on a standard file"
expect_err 'rand0000\.stg:[0-9]+: the proto layout' "forced layout mismatch explained"
run info --format nonsense "$B"
expect_rc 2 "unknown --format"
run info
expect_rc 2 "no file is a usage error"
run info --help
expect_rc 0 "info --help"
expect_out '^Usage: ecsched info' "help text"

# ---- graph files that were misread silently (issue 30) ----
printf 'digraph {\n a [weight=1, weight=7]\n}\n' >"$T_DIR/dup.dot"
run info "$T_DIR/dup.dot"
expect_rc 2 "DOT: one weight given twice in one list"
expect_err "dup\.dot:2: weight is given twice here \(1 before\)" "names file, line and both"
printf 'digraph {\n a [weight=0x10]\n}\n' >"$T_DIR/hex.dot"
run info "$T_DIR/hex.dot"
expect_rc 2 "DOT: hex weight refused"
expect_err "hex\.dot:2: weight '0x10' is not a number" "names the value"
cat >"$T_DIR/rt.json" <<'EOF2'
{"workflow": {"specification": {"tasks": [
 {"id": "a", "parents": [], "children": []},
 {"id": "b", "parents": [], "children": []}]},
 "execution": {"tasks": [
 {"id": "a", "runtimeInSeconds": 10},
 {"id": "b", "runtimeInSeconds": 1e-12},
 {"id": "a", "runtimeInSeconds": 20}]}}}
EOF2
run info "$T_DIR/rt.json"
expect_rc 2 "WfFormat: two runtimes for one task"
expect_err "rt\.json:2: task 'a' has two runtimes .*10 s and 20 s" "names the task, its line and both"
cat >"$T_DIR/rt1.json" <<'EOF2'
{"workflow": {"specification": {"tasks": [
 {"id": "a", "parents": [], "children": []},
 {"id": "b", "parents": [], "children": []}]},
 "execution": {"tasks": [
 {"id": "a", "runtimeInSeconds": 10},
 {"id": "b", "runtimeInSeconds": 1e-12}]}}}
EOF2
run info "$T_DIR/rt1.json" --work-unit 1 --json
expect_rc 0 "WfFormat: one runtime each"
expect_eq "$(json_key "$OUT" total_work)" 11 "1e-12 s is one work unit, not zero (10 + 1)"

# every file of the shared set against manifest.csv
D=$(shared stg)
if [ -z "$D" ]; then
  skip "shared STG data not found (set ECSCHED_SHARED_DATA): manifest checks"
  finish
  exit $?
fi
n=0
# file,format,tasks,pes,edges,cp,work,cp_in_file,generator (quoted fields
# hold no commas)
sed -e 1d -e 's/"[^"]*"/F/g' "$D/manifest.csv" >"$T_DIR/manifest"
while IFS=, read -r file fmt tasks pes edges cp work filecp gen; do
  [ -n "$file" ] || continue
  n=$((n + 1))
  run info --json "$D/$file"
  got="$(json_key "$OUT" tasks) $(json_key "$OUT" edges) $(json_key "$OUT" critical_path) $(json_key "$OUT" total_work)"
  expect_eq "$got" "$tasks $edges $cp $work" "$file: tasks, edges, CP, work as in the manifest"
  if [ -n "$filecp" ]; then
    expect_rc 0 "$file: its CP Length agrees"
    expect_eq "$(json_key "$OUT" file_cp_length) $(json_key "$OUT" cp_agrees)" "$filecp true" "$file: CP Length $filecp read from the file"
  else
    expect_eq "$(json_key "$OUT" file_cp_length)" null "$file: no CP Length in the file"
  fi
  if [ -n "$pes" ]; then
    expect_eq "$(json_key "$OUT" header_pes)" "$pes" "$file: processors in the header"
  fi
done <"$T_DIR/manifest"
[ "$n" -ge 40 ] && ok "manifest lists $n files" || notok "manifest has only $n files"

# all of them at once: one row each, exit 0
files=$(cut -d, -f1 "$T_DIR/manifest" | sed "s|^|$D/|")
# shellcheck disable=SC2086
run info $files
expect_rc 0 "info on all $n files at once"
expect_eq "$(($(wc -l <"$OUT") - 1))" "$n" "one row per file"
expect_eq "$(grep -c DIFFERS "$OUT")" 0 "no CP Length differs"

# every other graph file under stg/ reads too; the comm files as SOURCES.md
# describes them (simple: 7 tasks, 4 processors; first: 6 tasks, 2)
find "$D" -type f ! -name '*.csv' ! -name '*.md' ! -name '*.ssf' \
  ! -path '*/headerless/*' | sort >"$T_DIR/all"
while read -r f; do
  run info "$f"
  expect_rc 0 "${f#"$D"/} reads"
done <"$T_DIR/all"
run info --json "$D/comm/simple.stg"
expect_eq "$(json_key "$OUT" format) $(json_key "$OUT" tasks) $(json_key "$OUT" header_pes)" "comm 7 4" "comm/simple.stg: comm layout, 7 tasks, 4 PEs"
run info --json "$D/comm/first.stg"
expect_eq "$(json_key "$OUT" format) $(json_key "$OUT" tasks) $(json_key "$OUT" header_pes)" "comm 6 2" "comm/first.stg: comm layout, 6 tasks, 2 PEs"

# the corrupted copy without header: clear error, exit 2
H=$D/variants/headerless/rand0000.stg
run info "$H"
expect_rc 2 "headerless variant"
expect_err "headerless/rand0000\.stg:1: the header is missing or malformed" "headerless: file, line and problem"
expect_no_out "headerless: nothing on stdout"
finish
