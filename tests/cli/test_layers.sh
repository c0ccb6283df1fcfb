#!/bin/sh
# tests/check_layers.sh passes on the tree and fails on each kind of
# planted violation (in a copy of the sources): every violation planted at
# once, each named in the report; under make check also one at a time,
# each failing the check on its own.
. "$(dirname "$0")/lib.sh"
top=$(cd "$(dirname "$0")/../.." && pwd)
check=$top/tests/check_layers.sh

if sh "$check" "$top" >"$OUT" 2>&1; then ok "the tree keeps its layers"; else RC=1; notok "the tree keeps its layers"; fi

# The violations, one a line: FILE, the LINE added to it, what the report
# must say (a regex), what the check shows; tab-separated.
TAB=$(printf '\t')
cat >"$T_DIR/plants" <<'PLANTS'
heuristic/heur_map.c	#include "ecsched/milp.h"	heur_map.c includes ecsched/milp.h \(solver\)	heuristic may not include the solver
solver/milp/milp.c	#include "ecsched/heuristic.h"	milp.c includes ecsched/heuristic.h	solver may not include the heuristic
solver/milp/milp.c	#include "ecsched/solve.h"	milp.c includes ecsched/solve.h \(engine\)	solver may not include the engine
solver/bound/fluid.c	#include "milp/milp_internal.h"	solver/milp is not below solver/bound	bound knows nothing of the MILP's internals
solver/core/gap.c	#include "search/search_internal.h"	solver/search is not below solver/core	core is the lowest room
engine/solve.c	#include "core/core.h"	a solver room's private header outside solver/	the engine uses public headers only
solver/loose.c	#include "ecsched/bound.h"	keeps its code in its rooms	solver/ keeps its code in rooms
solver/newroom/x.c	#include "ecsched/bound.h"	unknown room	a new solver room needs its place
taskgraphs/graph.c	#include "ecsched/prices.h"	graph.c includes ecsched/prices.h	taskgraphs knows nothing of prices
prices/load.c	#include "ecsched/graph.h"	load.c includes ecsched/graph.h	prices knows nothing of taskgraphs
solver/milp/milp.c	#include "run/cli.h"	a command header in the library	the library never includes cli
cli/batch/plan.c	#include "report/report.h"	cli/report is not below cli/batch	batch is below report
render/svg.c	#include "run/cli.h"	a command header in the library	render never includes cli
render/gantt.c	#include "ecsched/solve.h"	gantt.c includes ecsched/solve.h \(engine\)	render may not include the engine
engine/solve.c	#include "ecsched/gantt.h"	solve.c includes ecsched/gantt.h \(render\)	the engine may not include render
cli/run/problem.c	#include "report/report.h"	cli/report is not below cli/run	run is below report
cli/batch/plan.c	extern int ecs_milp_hidden(void);	extern prototype	no extern prototypes in .c files
cli/run/rows.c	int ecs_planted_row(void) { return 1; }	the command's names are tool_	the command defines no ecs_ function
cli/run/rows.h	#define ECS_ROW_MAX 8	the command's names are tool_	the command defines no ECS_ macro
tests/unit/test_check.c	#include "../../solver/milp/milp_internal.h"	relative path	tests use no private header by relative path
tests/unit/test_check.c	#include "milp_internal.h"	tests use public headers	tests use no private header
include/ecsched/newthing.h	#include "ecsched/result.h"	no owner	a new public header needs an owner
cli/extra/x.c	#include "run/cli.h"	unknown sub-folder	a new cli sub-folder needs its place
PLANTS

# fresh_copy: the sources in $T_DIR/copy
copy=$T_DIR/copy
fresh_copy() {
  rm -rf "$copy"; mkdir -p "$copy"
  (cd "$top" && cp -R common taskgraphs prices heuristic solver setup engine render cli include tests "$copy"/)
  [ -d "$top/examples" ] && cp -R "$top/examples" "$copy"/
}
# plant FILE LINE: add LINE to FILE in the copy
plant() {
  mkdir -p "$copy/$(dirname "$1")"
  printf '%s\n' "$2" >>"$copy/$1"
}

# all at once: one failing run whose report names every violation
fresh_copy
while IFS="$TAB" read -r file line expect what; do plant "$file" "$line"; done <"$T_DIR/plants"
sh "$check" "$copy" >"$T_DIR/all" 2>"$ERR"; RC=$?
while IFS="$TAB" read -r file line expect what; do
  cp "$T_DIR/all" "$OUT"
  if [ "$RC" -ne 0 ] && grep -Eq -- "$expect" "$OUT"; then ok "$what"; else notok "$what"; fi
done <"$T_DIR/plants"

# one at a time: each fails the check on its own
if long_run "layers: each violation alone"; then
  while IFS="$TAB" read -r file line expect what; do
    fresh_copy
    plant "$file" "$line"
    sh "$check" "$copy" >"$OUT" 2>"$ERR"; RC=$?
    if [ "$RC" -ne 0 ] && grep -Eq -- "$expect" "$OUT"; then ok "$what, alone"; else notok "$what, alone"; fi
  done <"$T_DIR/plants"
fi
finish
