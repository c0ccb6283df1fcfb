#!/bin/sh
# make install into a fresh prefix (its own build directory, so the tree's
# build/ and bin/ stay as they are), then: the installed files, the shared
# library's soname and exports, ecsched.pc, examples/embed.c built with
# `pkg-config --cflags --libs ecsched` against the shared and the static
# library and checked against the installed command's figures, the
# installed command finding its own data outside the source tree, a DESTDIR
# staged install, and make uninstall.
. "$(dirname "$0")/lib.sh"
top=$(cd "$(dirname "$0")/../.." && pwd)
# a build of the whole tree at -O0 (10-20 s): make check, not make test
long_run "install: make install, the shared library, examples/embed.c" || exit 0

if ldd "$ECSCHED" 2>/dev/null | grep -q 'libasan'; then
  skip "install: $ECSCHED is built with AddressSanitizer; the installed tree is built without sanitizers (the shared library and the example would need them at link time): make check runs this"
  exit 0
fi
for tool in pkg-config cc make; do
  if ! command -v $tool >/dev/null 2>&1; then
    skip "install: $tool not found (make deps installs pkgconf)"
    exit 0
  fi
done

P=$T_DIR/prefix
B=$T_DIR/build
W=$T_DIR/work
mkdir -p "$W"
# -O0: the packaging is under test here; the same objects give the command
# and the example, so their figures must agree at any optimisation level.
mk() { make -s -C "$top" -j2 BUILD="$B" BINDIR="$B/bin" CFLAGS="-O0 -g" "$@" >"$T_DIR/make.log" 2>&1; }

RC=0; mk install PREFIX="$P" || RC=$?
if [ "$RC" -eq 0 ]; then ok "make install PREFIX=\$tmp"; else notok "make install PREFIX=\$tmp"; cat "$T_DIR/make.log"; finish; exit; fi

# ---- the installed tree ----
version=$("$ECSCHED" --version | sed 's/^ecsched //')
major=${version%%.*}
missing=""
for f in bin/ecsched lib/libecsched.a "lib/libecsched.so.$version" \
         "lib/libecsched.so.$major" lib/libecsched.so lib/pkgconfig/ecsched.pc \
         include/ecsched.h share/man/man1/ecsched.1; do
  [ -e "$P/$f" ] || missing="$missing $f"
done
for h in "$top"/include/ecsched/*.h; do
  cmp -s "$h" "$P/include/ecsched/$(basename "$h")" || missing="$missing include/ecsched/$(basename "$h")"
done
expect_eq "$missing" "" "installed: command, both libraries, headers, ecsched.pc, man page"
if diff -r "$top/data" "$P/share/ecsched" >"$T_DIR/diff" 2>&1; then
  ok "share/ecsched holds what data/ holds"
else
  RC=1; notok "share/ecsched differs from data/"; cat "$T_DIR/diff"
fi
expect_eq "$(readlink "$P/lib/libecsched.so.$major")" "libecsched.so.$version" "libecsched.so.$major -> libecsched.so.$version"
expect_eq "$(readlink "$P/lib/libecsched.so")" "libecsched.so.$major" "libecsched.so -> libecsched.so.$major (for -lecsched)"
if command -v readelf >/dev/null 2>&1; then
  soname=$(readelf -d "$P/lib/libecsched.so.$version" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
  expect_eq "$soname" "libecsched.so.$major" "soname libecsched.so.MAJOR"
else
  skip "soname: readelf not found"
fi
if command -v nm >/dev/null 2>&1; then
  n=$(nm -D --defined-only "$P/lib/libecsched.so.$version" | awk '{print $3}' | grep -c '^ecs_')
  other=$(nm -D --defined-only "$P/lib/libecsched.so.$version" | awk '{print $3}' | grep -v '^ecs_' | tr '\n' ' ')
  expect_eq "$other" "" "the shared library exports only ecs_ names ($n of them)"
  for fn in ecs_version ecs_stg_read_file ecs_makespan_solve ecs_heur_run ecs_milp_solve ecs_check_schedule \
            ecs_instance_init ecs_instance_prepare ecs_solve ecs_solve_start ecs_lns_solve; do
    nm -D --defined-only "$P/lib/libecsched.so.$version" | awk '{print $3}' | grep -qx "$fn" || other="$other $fn"
  done
  expect_eq "$other" "" "the shared library exports the API (ecs_version .. ecs_check_schedule)"
  hidden=""
  for fn in core_ivals_compute milp_model_init core_solver_graph milp_glpk_solve; do
    nm -D --defined-only "$P/lib/libecsched.so.$version" | awk '{print $3}' | grep -qx "$fn" && hidden="$hidden $fn"
  done
  expect_eq "$hidden" "" "the library's internal ecs_ helpers stay local (only what include/ declares is exported)"
fi

# ---- the umbrella header and the version ----
notin=""
for h in "$top"/include/ecsched/*.h; do
  grep -q "^#include \"ecsched/$(basename "$h")\"" "$top/include/ecsched.h" || notin="$notin $(basename "$h")"
done
expect_eq "$notin" "" "include/ecsched.h includes every public header"
export PKG_CONFIG_PATH="$P/lib/pkgconfig"
expect_eq "$(pkg-config --modversion ecsched)" "$version" "pkg-config --modversion ecsched = ecsched --version ($version)"
expect_eq "$(pkg-config --variable=datadir ecsched)" "$P/share/ecsched" "ecsched.pc: datadir"
expect_eq "$(pkg-config --static --libs ecsched | tr -s ' ' | sed 's/ $//')" "-L$P/lib -lecsched -lglpk -lcsv -ljansson -lm" "ecsched.pc: Libs and Libs.private"

# ---- examples/embed.c against the installed tree ----
cflags=$(pkg-config --cflags ecsched)
libs=$(pkg-config --libs ecsched)
RC=0
# shellcheck disable=SC2086
cc -std=c11 -Wall -Wextra -Werror -pedantic "$top/examples/embed.c" $cflags $libs -o "$W/embed_shared" 2>"$ERR" || RC=$?
expect_rc 0 "cc examples/embed.c \$(pkg-config --cflags --libs ecsched)"
if command -v readelf >/dev/null 2>&1; then
  readelf -d "$W/embed_shared" | grep -q "NEEDED.*\[libecsched.so.$major\]"
  RC=$?; expect_rc 0 "the example links the shared library (NEEDED libecsched.so.$major)"
fi
RC=0
# shellcheck disable=SC2086
cc -std=c11 "$top/examples/embed.c" $cflags "$(pkg-config --variable=libdir ecsched)/libecsched.a" \
   $(pkg-config --libs-only-l --static ecsched | sed 's/-lecsched//') -o "$W/embed_static" 2>"$ERR" || RC=$?
expect_rc 0 "the example against the static library (libecsched.a + Libs.private)"
if command -v readelf >/dev/null 2>&1; then
  if readelf -d "$W/embed_static" | grep -q 'libecsched'; then
    RC=1; notok "the static example needs no libecsched.so"
  else ok "the static example needs no libecsched.so"; fi
fi

# The installed command's figures for the same cases (JSON, 12 digits),
# rounded as the example prints them.
cli_line() { # P E -> "base_cost deadline cost makespan"
  "$P/bin/ecsched" heuristic "$P/share/ecsched/stg/rand0000.stg" -p "$1" --extension "$2" --json >"$W/h.json" || return 1
  printf '%.6f %s %.6f %s\n' "$(json_key "$W/h.json" base_cost)" "$(json_key "$W/h.json" deadline)" \
    "$(json_key "$W/h.json" cost)" "$(json_key "$W/h.json" makespan)"
}
embed_line() { # OUTPUT-FILE -> the same four figures
  base=$(sed -n 's/^base .*cost \([0-9.]*\)$/\1/p' "$1")
  dl=$(sed -n 's/^deadline *\([0-9]*\)$/\1/p' "$1")
  hc=$(sed -n 's/^heuristic cost \([0-9.]*\), makespan \([0-9]*\),.*/\1 \2/p' "$1")
  echo "$base $dl $hc"
}
for case in "4 0.2" "2 0.5" "8 0"; do
  set -- $case
  want=$(cli_line "$1" "$2")
  [ -n "$want" ] || notok "ecsched heuristic -p $1 --extension $2 ran"
  cd "$W" || exit 1
  RC=0; LD_LIBRARY_PATH="$P/lib" ./embed_shared "$P/share/ecsched/stg/rand0000.stg" "$1" "$2" >"$OUT" 2>"$ERR" || RC=$?
  expect_rc 0 "embed (shared, LD_LIBRARY_PATH) P=$1 E=$2"
  expect_out "^library   ecsched $version \(headers $version\)$" "embed: ecs_version() = ECS_VERSION = $version"
  expect_out '^checker   feasible, cost ' "embed: the checker accepts its schedule"
  got=$(embed_line "$OUT")
  expect_eq "$got" "$want" "embed (shared) = ecsched heuristic: base cost, D', cost, makespan (P=$1 E=$2)"
  checker=$(sed -n 's/^checker   feasible, cost //p' "$OUT")
  expect_eq "$checker" "$(echo "$want" | cut -d' ' -f3)" "embed: checker cost = heuristic cost (P=$1 E=$2)"
  RC=0; ./embed_static "$P/share/ecsched/stg/rand0000.stg" "$1" "$2" >"$OUT" 2>"$ERR" || RC=$?
  expect_rc 0 "embed (static) P=$1 E=$2"
  expect_eq "$(embed_line "$OUT")" "$want" "embed (static) = ecsched heuristic (P=$1 E=$2)"
  cd "$top" || exit 1
done
# The engine from C (ecs_solve, start included) = `ecsched solve`: the same
# schedule, cost and bound on a case it proves (P = 8, E = 0.2).
"$P/bin/ecsched" solve "$P/share/ecsched/stg/rand0000.stg" -p 8 --extension 0.2 --time-limit 20 --json >"$W/s.json"
want=$(printf 'solve     %s, cost %.6f, bound %.6f (%s), mode %s, found by %s' \
  "$(json_key "$W/s.json" status)" "$(json_key "$W/s.json" cost)" "$(json_key "$W/s.json" bound)" \
  "$(json_key "$W/s.json" bound_method)" "$(json_key "$W/s.json" mode)" "$(json_key "$W/s.json" found_by)")
want_s="schedule  $(jq -r '[.tasks[] | "\(.pe):\(.start)-\(.stop)"] | join(" ")' "$W/s.json")"
cd "$W" || exit 1
RC=0; LD_LIBRARY_PATH="$P/lib" ./embed_shared "$P/share/ecsched/stg/rand0000.stg" 8 0.2 20 >"$OUT" 2>"$ERR" || RC=$?
expect_rc 0 "embed with a solve limit (P=8 E=0.2 T=20)"
expect_eq "$(grep '^solve ' "$OUT")" "$want" "embed: ecs_solve = ecsched solve (status, cost, bound, mode, found by)"
expect_eq "$(grep '^schedule ' "$OUT")" "$want_s" "embed: ecs_solve's schedule = ecsched solve's, task for task"
RC=0; LD_LIBRARY_PATH="$P/lib" ./embed_shared "$W/none.stg" >"$OUT" 2>"$ERR" || RC=$?
expect_rc 1 "embed: an unreadable graph"
expect_err "^embed: graph: cannot read or write a file \(EIO\): .*none.stg" "embed: the library's diagnostic, printed by the program"

# ---- the installed command finds its own data (cwd without data/) ----
RC=0; "$P/bin/ecsched" info data/stg/rand0000.stg >"$OUT" 2>"$ERR" || RC=$?
expect_rc 0 "installed ecsched info data/stg/rand0000.stg outside the source tree"
expect_out '^data/stg/rand0000.stg +standard +50 +96 +55 ' "info: the bundled graph (50 tasks, 96 edges, cp 55)"
RC=0; "$P/bin/ecsched" heuristic data/stg/rand0000.stg -p 4 --extension 0.2 --prices data/prices/de_at_lu_2016-10-19_hourly.csv --json >"$W/csv.json" 2>"$ERR" || RC=$?
expect_rc 0 "heuristic with the bundled price CSV outside the source tree"
"$P/bin/ecsched" heuristic data/stg/rand0000.stg -p 4 --extension 0.2 --json >"$W/builtin.json" 2>/dev/null
expect_eq "$(json_key "$W/csv.json" cost)" "$(json_key "$W/builtin.json" cost)" \
  "the bundled CSV gives the cost of the built-in epex-2016-10-19 (the same 24 prices)"
RC=0; "$P/bin/ecsched" reproduce --quick --out "$W/repro" -j 2 --time-limit 0.01 >"$OUT" 2>"$ERR" || RC=$?
expect_rc 0 "installed ecsched reproduce --quick outside the source tree (MILP limit 0.01 s)"
expect_out '^reproduce: quick run, 5 graphs' "reproduce: found the 5 quick graphs"
if grep -q "5 graphs from \`$P/share/ecsched/paper32\`" "$W/repro/REPORT.md" 2>/dev/null; then
  ok "REPORT.md: the graphs from share/ecsched/paper32"
else RC=1; notok "REPORT.md: the graphs from share/ecsched/paper32"; fi
RC=0; ECSCHED_DATA=$W/nowhere "$P/bin/ecsched" info data/stg/rand0000.stg >"$OUT" 2>"$ERR" || RC=$?
expect_rc 2 "ECSCHED_DATA names the data directory (an empty one: not found)"
expect_err 'data/stg/rand0000.stg: cannot open' "not found: the path as given is named"
mkdir -p "$W/mydata/stg" && cp "$top/tests/fixtures/tiny.stg" "$W/mydata/stg/rand0000.stg"
RC=0; ECSCHED_DATA=$W/mydata "$P/bin/ecsched" info data/stg/rand0000.stg >"$OUT" 2>"$ERR" || RC=$?
expect_out '^data/stg/rand0000.stg +standard +5 +4 ' "ECSCHED_DATA comes first (its stg/rand0000.stg is tiny.stg)"
exe_data=$(cd "$(dirname "$ECSCHED")/.." && pwd)/data
if [ -d "$exe_data/paper32" ]; then
  RC=0; env -u ECSCHED_DATA "$ECSCHED" info data/paper32/g31_n32.stg >"$OUT" 2>"$ERR" || RC=$?
  expect_rc 0 "the tree's $(basename "$(dirname "$ECSCHED")")/ecsched outside the tree: data/ beside its bin/"
else
  skip "no data/ beside $ECSCHED's directory"
fi
cd "$top" || exit 1

# ---- DESTDIR: staged, then run from the stage (found beside the binary) ----
RC=0; mk install PREFIX=/opt/ecsched-test DESTDIR="$T_DIR/stage" || RC=$?
expect_rc 0 "make install DESTDIR=\$stage PREFIX=/opt/ecsched-test"
S=$T_DIR/stage/opt/ecsched-test
expect_file "$S/lib/pkgconfig/ecsched.pc" "DESTDIR: the files under \$stage/opt/ecsched-test"
expect_eq "$(sed -n 's/^prefix=//p' "$S/lib/pkgconfig/ecsched.pc")" "/opt/ecsched-test" "DESTDIR: ecsched.pc names the final prefix"
cd "$W" || exit 1
RC=0; "$S/bin/ecsched" info data/paper32/g00_n08.stg >"$OUT" 2>"$ERR" || RC=$?
expect_rc 0 "DESTDIR: the staged command finds share/ecsched beside its bin/"
cd "$top" || exit 1

# ---- uninstall ----
RC=0; mk uninstall PREFIX="$P" || RC=$?
expect_rc 0 "make uninstall PREFIX=\$tmp"
expect_eq "$(find "$P" ! -type d | head -5 | tr '\n' ' ')" "" "uninstall leaves no file behind"
RC=0; mk uninstall PREFIX=/opt/ecsched-test DESTDIR="$T_DIR/stage" || RC=$?
expect_eq "$(find "$T_DIR/stage" ! -type d | head -5 | tr '\n' ' ')" "" "uninstall with DESTDIR"

finish
