#!/bin/sh
# Every example in README.md and docs/*.md prints what the command prints.
#
# An example is a fenced block whose first line starts with "$ ": each "$ "
# line (with "\" continuation lines) is a command, the lines up to the next
# "$ " line its expected output. The commands of a block run in order, in
# a fresh scratch directory that holds data/, tests/, docs/, examples/, bin/ecsched
# (and ../shared/data when the shared data is present), with `ecsched` on the
# PATH; stdout and stderr are merged line-buffered, as a terminal shows them
# (progress lines are for terminals only, so they never appear).
#
# Comparison is exact, line by line, except:
#   - an expected line "..." matches any number of lines (0 or more);
#   - blank lines at the end of an output are not compared (a Markdown
#     block does not show them);
#   - wall-clock figures are masked on both sides, because they depend on the
#     machine and its load: a number followed by " s" or " ms" (the
#     `runtime`/`time` lines, "done in 5 s"), the last column of a table
#     whose header ends in `time_s` (compare), the figures of report's
#     "Runtime per case" table, and in JSON lines the values of
#     runtime_s, base_runtime_s, wall_s and cpu_s, plus host and cpu_model
#     (they name the machine, not the result).
# Every other figure (costs, bounds, gaps, nodes, counts) must match to the
# digit; outputs of time-limited runs are of runs that prove their result.
#
# An example bounded by wall-clock time (--time-limit, the local search's
# budget, reproduce's MILPs) that differs runs once more; if it differs again
# while the machine is overloaded (the 1-minute load average at least twice
# the processors), it is reported as skipped, with the load: its output is
# that of a run ending well within the limit on a quiet machine, and speed
# is for the benchmarks to judge. On a machine that is not overloaded it
# must match.
#
# A block preceded by the line `<!-- example: not checked: REASON -->` is
# skipped (REASON says why, e.g. another test checks it); blocks that need the
# shared data skip with a message when it is absent.
. "$(dirname "$0")/lib.sh"
top=$(cd "$(dirname "$0")/../.." && pwd)
ECS_ABS=$(cd "$(dirname "$ECSCHED")" && pwd)/$(basename "$ECSCHED")

files="$top/README.md $(ls "$top"/docs/*.md)"
X=$T_DIR/ex
mkdir -p "$X"

# Split the documents into examples: X/N.where (file:line), X/N.skip (the
# reason, if not checked), X/N.K.cmd and X/N.K.want.
for f in $files; do
  rel=${f#"$top"/}
  awk -v rel="$rel" -v dir="$X" '
    function newblock() {
      n = 0; while ((getline x < (dir "/count")) > 0) n = x; close(dir "/count")
      n++; print n > (dir "/count"); close(dir "/count")
      blk = n; k = 0
      print rel ":" NR > (dir "/" blk ".where"); close(dir "/" blk ".where")
      if (skip != "") { print skip > (dir "/" blk ".skip"); close(dir "/" blk ".skip") }
    }
    /^```/ {
      if (!infence) { infence = 1; first = 1; blk = 0; skip = lastskip; next }
      infence = 0; blk = 0; lastskip = ""; next
    }
    !infence {
      if ($0 ~ /^<!-- example: not checked/) {
        lastskip = $0; sub(/^<!-- example: not checked:? */, "", lastskip)
        sub(/ *-->$/, "", lastskip); if (lastskip == "") lastskip = "(no reason given)"
      } else if ($0 != "") lastskip = ""
      next
    }
    {
      if (first) { first = 0; if ($0 !~ /^\$ /) { blk = -1; next } ; newblock() }
      if (blk < 0) next
      if (cont) { cmd = cmd "\n" $0; cont = ($0 ~ /\\$/); if (!cont) putcmd(); next }
      if ($0 ~ /^\$ /) {
        k++; cmd = substr($0, 3); cont = ($0 ~ /\\$/)
        printf "" > (dir "/" blk "." k ".want"); close(dir "/" blk "." k ".want")
        if (!cont) putcmd()
        next
      }
      print >> (dir "/" blk "." k ".want"); close(dir "/" blk "." k ".want")
    }
    function putcmd() { print cmd > (dir "/" blk "." k ".cmd"); close(dir "/" blk "." k ".cmd") }
  ' "$f"
done

# The wall-clock masks (see the top of this file).
mask() {
  sed -E \
    -e 's/[0-9]+(\.[0-9]+)? (s|ms)([^A-Za-z0-9]|$)/<t> \2\3/g' \
    -e 's/"(runtime_s|base_runtime_s|wall_s|cpu_s)":[-0-9.eE+]+/"\1":<t>/g' \
    -e 's/"(host|cpu_model)":"[^"]*"/"\1":<m>/g' |
  awk '/time_s$/ {t = 1; print; next}
       /^Runtime per case/ {r = 1; print; next}
       NF == 0 {t = 0; r = 0}
       t && NF > 1 {sub(/ *[0-9.]+$/, " <t>")}
       r {gsub(/[0-9]+\.[0-9]+/, "<t>")}
       {print}'
}

# match WANT GOT: exact line match, "..." matching any run of lines.
match_lines() {
  awk -v wantf="$1" '
    BEGIN { nw = 0; while ((getline l < wantf) > 0) w[++nw] = l
            while (nw > 0 && w[nw] == "") nw-- }
    { g[++ng] = $0 }
    END { while (ng > 0 && g[ng] == "") ng-- }
    function m(i, j,   k) {
      if (i > nw) return j > ng
      if (w[i] == "...") { for (k = j; k <= ng + 1; k++) if (m(i + 1, k)) return 1; return 0 }
      if (j > ng || w[i] != g[j]) return 0
      return m(i + 1, j + 1)
    }
    END { exit m(1, 1) ? 0 : 1 }
  ' "$2"
}

# fresh W: a scratch directory for one block
fresh() {
  rm -rf "$T_DIR/w"; W=$T_DIR/w
  mkdir -p "$W/bin" "$W/out"
  for d in data tests docs examples; do ln -s "$top/$d" "$W/$d"; done
  ln -s "$ECS_ABS" "$W/bin/ecsched"
}
mkdir -p "$T_DIR/path"
ln -s "$ECS_ABS" "$T_DIR/path/ecsched"
if [ -n "${ECSCHED_SHARED_DATA:-}" ]; then
  mkdir -p "$T_DIR/shared" && ln -s "$ECSCHED_SHARED_DATA" "$T_DIR/shared/data"
fi
lb=""
# stdbuf preloads its library: an AddressSanitizer build (make sanitize)
# must then not insist on coming first
command -v stdbuf >/dev/null 2>&1 &&
  lb="env ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0 stdbuf -oL -eL"

# run_block N: run block N's commands in a fresh directory; sets bad (the
# first command whose output differs, or "") and last (its exit code), and
# prints what differs.
run_block() {
  fresh
  k=1 bad="" last=0
  while [ -f "$X/$1.$k.cmd" ]; do
    # the previous command's exit code is $? of this one (echo $?)
    (cd "$W" && PATH="$T_DIR/path:$PATH" $lb sh -c "(exit ${last:-0}); $(cat "$X/$1.$k.cmd")") \
      >"$T_DIR/got" 2>&1
    last=$?
    mask <"$X/$1.$k.want" >"$T_DIR/want.m"
    mask <"$T_DIR/got" >"$T_DIR/got.m"
    if ! match_lines "$T_DIR/want.m" "$T_DIR/got.m"; then
      bad="$(head -1 "$X/$1.$k.cmd")"
      echo "  --- $where: \$ $bad"
      echo "  --- shown:"; sed 's/^/    /' "$X/$1.$k.want"
      echo "  --- printed:"; sed 's/^/    /' "$T_DIR/got"
      break
    fi
    k=$((k + 1))
  done
}
# timed N: block N runs something bounded by wall-clock time (a time limit,
# the local search's budget, reproduce's MILPs)
timed() {
  cat "$X/$1".*.cmd | grep -Eq -- '--time-limit [1-9]|--mode local|reproduce '
}
# overloaded: the 1-minute load average is at least twice the processors
ncpu=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
overloaded() {
  awk -v n="$ncpu" '{ exit !($1 >= 2 * n) }' /proc/loadavg 2>/dev/null
}

nblk=$(cat "$X/count" 2>/dev/null || echo 0)
checked=0 skipped=0
b=1
while [ "$b" -le "$nblk" ]; do
  where=$(cat "$X/$b.where")
  first=$(head -1 "$X/$b.1.cmd")
  if [ -f "$X/$b.skip" ]; then
    skip "$where ($first): not checked: $(cat "$X/$b.skip")"
    skipped=$((skipped + 1)); b=$((b + 1)); continue
  fi
  if cat "$X/$b".*.cmd | grep -q '\.\./shared/data' && [ ! -d "$T_DIR/shared/data" ]; then
    skip "$where ($first): needs the shared data (../shared/data or \$ECSCHED_SHARED_DATA)"
    b=$((b + 1)); continue
  fi
  run_block "$b" >"$T_DIR/diff"
  if [ -n "$bad" ] && timed "$b"; then
    # A wall-clock limit: the output shown is of a run that ends well
    # within it on a quiet machine.  Once more, then, if the machine is
    # still overloaded, not compared (speed is the benchmarks' to judge).
    run_block "$b" >"$T_DIR/diff"
    if [ -n "$bad" ] && overloaded; then
      skip "$where ($first): not compared: it differed twice on an overloaded machine (load $(cut -d' ' -f1 /proc/loadavg) on $ncpu processors); its output is that of a run within its wall-clock limit"
      skipped=$((skipped + 1)); b=$((b + 1)); continue
    fi
  fi
  cat "$T_DIR/diff"
  if [ -z "$bad" ]; then ok "$where: $first"; else RC=$last; notok "$where: $first prints what the example shows"; fi
  checked=$((checked + 1))
  b=$((b + 1))
done
# A document without examples would make this test pass vacuously.
if [ "$checked" -ge 10 ]; then ok "$checked examples checked, $skipped not checked"
else RC=1; notok "at least 10 examples checked (found $checked)"; fi
finish
