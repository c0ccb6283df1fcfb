#!/bin/sh
# The layers of ecsched, checked on every source file of the tree:
#
#   library:  common < taskgraphs, prices < heuristic, solver < setup < engine, render
#             (taskgraphs and prices know nothing of each other; heuristic
#             and solver never include each other; setup, the set-up of a
#             problem (platform file, problem assembly, the schedule
#             document), sits above heuristic and solver because assembly
#             needs the base makespan (solver/makespan) and the extended
#             platform's list schedule, and below the engine; the engine
#             composes them through public headers only; render, the SVG
#             writer, charts and the Gantt chart of a schedule document,
#             reads documents through setup and knows nothing of the
#             engine, nor the engine of it; none of them includes cli)
#   solver/:  one room per family, each with its private headers:
#             core < makespan, milp, bound < search
#             (a room includes a private header of its own room beside it,
#             or of a room below it as "room/header.h"; bound and milp know
#             nothing of each other)
#   command:  cli/run < cli/batch < cli/report < cli/commands < cli/main.c
#   names:    the library's are ecs_ / ECS_; the command's own are tool_ /
#             TOOL_ (as curl keeps tool_ apart from curl_): cli/ defines no
#             ecs_ function, type or macro
#   tests:    public headers, the command's headers, tests/unit/testutil.h;
#             never a library-private header through a relative path
#
# Each public header include/ecsched/NAME.h belongs to the folder that
# implements it (OWNERS below); a folder may include the headers of its own
# layer and of the layers below it.  A .c file may not declare `extern`
# prototypes to get around the check.  Usage: check_layers.sh [ROOT]
set -u
root=${1:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$root" || exit 2
status=0
fail() { echo "layers: $*"; status=1; }

# public header -> owning library folder
owner() {
  case $1 in
    result|numparse|rng|version|clock|limits|text|progress) echo common ;;
    graph|stg|platform|schedule|check|profile|dot|wfformat|graphio|instance|cawosched) echo taskgraphs ;;
    prices) echo prices ;;
    heuristic|local|fixedmap|remap) echo heuristic ;;
    listsched|makespan|milp|bound|dp|lns|fixedmap_milp) echo solver ;;
    setup|platform_file|problem|document|record|units|cws_doc|slurm) echo setup ;;
    solve|method|replan) echo engine ;;
    svg|chart|gantt) echo render ;;
    *) echo "" ;;
  esac
}
# library folder -> the library folders it may include
lib_below() {
  case $1 in
    common) echo "common" ;;
    taskgraphs) echo "common taskgraphs" ;;
    prices) echo "common prices" ;;
    heuristic) echo "common taskgraphs prices heuristic" ;;
    solver) echo "common taskgraphs prices solver" ;;
    setup) echo "common taskgraphs prices heuristic solver setup" ;;
    engine) echo "common taskgraphs prices heuristic solver setup engine" ;;
    render) echo "common taskgraphs prices heuristic solver setup render" ;;
    *) echo "common taskgraphs prices heuristic solver setup engine render" ;; # cli, tests, examples
  esac
}
# solver room -> the rooms whose private headers it may include
room_below() {
  case $1 in
    core) echo "core" ;;
    makespan) echo "core makespan" ;;
    milp) echo "core milp" ;;
    bound) echo "core bound" ;;
    search) echo "core milp bound search" ;;
  esac
}
# cli sub-folder -> the cli sub-folders it may include
cli_below() {
  case $1 in
    run) echo "run" ;;
    batch) echo "run batch" ;;
    report) echo "run batch report" ;;
    commands) echo "run batch report commands" ;;
    main) echo "commands" ;;
    tests) echo "run batch report commands" ;;
  esac
}

check_file() { # file zone(lib folder, cli sub-folder name, tests, examples) [solver room]
  f=$1 zone=$2 room=${3:-}
  case $zone in
    common|taskgraphs|prices|heuristic|solver|setup|engine|render) libzone=$zone clizone="" ;;
    tests) libzone=tests clizone=tests ;;
    examples) libzone=examples clizone="" ;;
    *) libzone=cli clizone=$zone ;;
  esac
  okl=$(lib_below "$libzone")
  sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f" |
  while IFS= read -r inc; do
    case $inc in
      ecsched.h)
        case $libzone in cli|tests|examples) ;; *) echo "$f includes the umbrella ecsched.h (library code names its headers)" ;; esac ;;
      ecsched/*.h)
        h=${inc#ecsched/}; h=${h%.h}; o=$(owner "$h")
        if [ -z "$o" ]; then
          echo "$f includes $inc, which has no owner in tests/check_layers.sh"
        else
          case " $okl " in *" $o "*) ;; *) echo "$f includes $inc ($o): not allowed in $libzone/" ;; esac
        fi ;;
      */*)
        case $inc in ../*|*/../*) echo "$f includes $inc through a relative path"; continue ;; esac
        sub=${inc%%/*}
        if [ -n "$room" ] && [ ! -d "solver/$sub" ]; then
          echo "$f includes $inc: a command header in the library"
        elif [ -n "$room" ]; then
          case " $(room_below "$room") " in
            *" $sub "*) [ -f "solver/$inc" ] || echo "$f includes $inc, which does not exist" ;;
            *) echo "$f includes $inc: solver/$sub is not below solver/$room" ;;
          esac
        elif [ -z "$clizone" ] && [ -f "solver/$inc" ]; then
          echo "$f includes $inc: a solver room's private header outside solver/"
        elif [ -z "$clizone" ]; then
          echo "$f includes $inc: a command header in the library"
        else
          case " $(cli_below "$clizone") " in *" $sub "*) ;; *) echo "$f includes $inc: cli/$sub is not below cli/$clizone" ;; esac
        fi ;;
      *)
        # a header beside the file (library-private) or the test helper
        if [ "$zone" = tests ] && [ "$inc" != testutil.h ]; then
          echo "$f includes $inc: tests use public headers, the command's headers or testutil.h"
        elif [ "$zone" != tests ] && [ ! -f "$(dirname "$f")/$inc" ]; then
          echo "$f includes $inc, which is not beside it"
        fi ;;
    esac
  done
  case $f in
    *.c) grep -n '^[[:space:]]*extern[[:space:]].*(' "$f" | sed "s|^|$f:|; s|\$| (an extern prototype in a .c file: include the header)|" ;;
  esac
}

out=$(
  for dir in common taskgraphs prices heuristic setup engine render; do
    for f in "$dir"/*.c "$dir"/*.h; do [ -f "$f" ] && check_file "$f" "$dir"; done
  done
  for f in solver/*.c solver/*.h; do [ -f "$f" ] && echo "$f: solver/ keeps its code in its rooms (solver/ROOM/)"; done
  for d in solver/*/; do
    room=$(basename "$d")
    [ -n "$(room_below "$room")" ] || { echo "solver/$room/: unknown room (add it to tests/check_layers.sh)"; continue; }
    for f in "$d"*.c "$d"*.h; do [ -f "$f" ] && check_file "$f" solver "$room"; done
  done
  for f in cli/*.c cli/*.h; do [ -f "$f" ] && check_file "$f" main; done
  for d in cli/*/; do
    sub=$(basename "$d")
    [ -n "$(cli_below "$sub")" ] || { echo "cli/$sub/: unknown sub-folder (add it to tests/check_layers.sh)"; continue; }
    for f in "$d"*.c "$d"*.h; do [ -f "$f" ] && check_file "$f" "$sub"; done
  done
  for f in tests/unit/*.c tests/unit/*.h tests/fuzz/*.c; do [ -f "$f" ] && check_file "$f" tests; done
  # the command's own names: a definition at the start of a line (function,
  # closing typedef, macro) that names ecs_ / ECS_
  for f in $(find cli -name '*.[ch]'); do
    grep -nE '^[A-Za-z_].*[ *](ecs|ECS)_[A-Za-z0-9_]*\(|^} *(ecs|ECS)_[A-Za-z0-9_]*;|^#[ ]*define[ ]+(ecs|ECS)_' "$f" |
      grep -vE '^[0-9]+:[ ]*return ' |
      sed "s|^|$f:|; s|\$| (the command's names are tool_/TOOL_; ecs_ is the library's)|"
  done
  for f in examples/*.c; do [ -f "$f" ] && check_file "$f" examples; done
  for f in include/ecsched/*.h; do
    h=$(basename "$f" .h); o=$(owner "$h")
    [ -n "$o" ] || { echo "$f has no owner in tests/check_layers.sh"; continue; }
    check_file "$f" "$o"
  done
)
if [ -n "$out" ]; then
  printf '%s\n' "$out" | sed 's/^/layers: /'
  status=1
fi
[ $status -eq 0 ] && echo "layers: ok"
exit $status
