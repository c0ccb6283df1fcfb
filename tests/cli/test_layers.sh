#!/bin/sh
# tests/check_layers.sh passes on the tree and fails on each kind of
# planted violation (in a copy of the sources).
. "$(dirname "$0")/lib.sh"
top=$(cd "$(dirname "$0")/../.." && pwd)
check=$top/tests/check_layers.sh

if sh "$check" "$top" >"$OUT" 2>&1; then ok "the tree keeps its layers"; else RC=1; notok "the tree keeps its layers"; fi

# plant FILE LINE EXPECT WHAT: copy the sources, add LINE to FILE, expect
# the check to fail with a message matching EXPECT.
plant() {
  copy=$T_DIR/copy
  rm -rf "$copy"; mkdir -p "$copy"
  (cd "$top" && cp -R common taskgraphs prices heuristic solver engine cli include tests "$copy"/)
  [ -d "$top/examples" ] && cp -R "$top/examples" "$copy"/
  mkdir -p "$copy/$(dirname "$1")"
  printf '%s\n' "$2" >>"$copy/$1"
  sh "$check" "$copy" >"$OUT" 2>"$ERR"; RC=$?
  if [ "$RC" -ne 0 ] && grep -Eq -- "$3" "$OUT"; then ok "$4"; else notok "$4"; fi
}
plant heuristic/heur_map.c '#include "ecsched/milp.h"' 'heur_map.c includes ecsched/milp.h \(solver\)' "heuristic may not include the solver"
plant solver/milp/milp.c '#include "ecsched/heuristic.h"' 'milp.c includes ecsched/heuristic.h' "solver may not include the heuristic"
plant solver/milp/milp.c '#include "ecsched/solve.h"' 'milp.c includes ecsched/solve.h \(engine\)' "solver may not include the engine"
plant solver/bound/fluid.c '#include "milp/milp_internal.h"' 'solver/milp is not below solver/bound' "bound knows nothing of the MILP's internals"
plant solver/core/gap.c '#include "search/search_internal.h"' 'solver/search is not below solver/core' "core is the lowest room"
plant engine/solve.c '#include "core/core.h"' "a solver room's private header outside solver/" "the engine uses public headers only"
plant solver/loose.c '#include "ecsched/bound.h"' 'keeps its code in its rooms' "solver/ keeps its code in rooms"
plant solver/newroom/x.c '#include "ecsched/bound.h"' 'unknown room' "a new solver room needs its place"
plant taskgraphs/graph.c '#include "ecsched/prices.h"' 'graph.c includes ecsched/prices.h' "taskgraphs knows nothing of prices"
plant prices/load.c '#include "ecsched/graph.h"' 'load.c includes ecsched/graph.h' "prices knows nothing of taskgraphs"
plant solver/milp/milp.c '#include "run/cli.h"' 'a command header in the library' "the library never includes cli"
plant cli/plot/svg.c '#include "batch/batch.h"' 'cli/batch is not below cli/plot' "plot knows nothing of batch"
plant cli/run/problem.c '#include "report/report.h"' 'cli/report is not below cli/run' "run is below report"
plant cli/batch/plan.c 'extern int ecs_milp_hidden(void);' 'extern prototype' "no extern prototypes in .c files"
plant cli/run/rows.c 'int ecs_planted_row(void) { return 1; }' "the command's names are tool_" "the command defines no ecs_ function"
plant cli/run/rows.h '#define ECS_ROW_MAX 8' "the command's names are tool_" "the command defines no ECS_ macro"
plant tests/unit/test_check.c '#include "../../solver/milp/milp_internal.h"' 'relative path' "tests use no private header by relative path"
plant tests/unit/test_check.c '#include "milp_internal.h"' 'tests use public headers' "tests use no private header"
plant include/ecsched/newthing.h '#include "ecsched/result.h"' 'no owner' "a new public header needs an owner"
plant cli/extra/x.c '#include "run/cli.h"' 'unknown sub-folder' "a new cli sub-folder needs its place"
finish
