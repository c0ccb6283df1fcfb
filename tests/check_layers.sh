#!/bin/sh
# Dependencies point one way: cli -> solver -> heuristic -> taskgraphs, prices
# (-> common).  Fails if a lower layer includes a higher layer's header.
set -u
cd "$(dirname "$0")/.."
status=0
allowed() { # dir -> allowed public headers (basenames)
  case $1 in
    common) echo "result numparse" ;;
    taskgraphs) echo "result numparse graph stg platform schedule check" ;;
    prices) echo "result numparse prices" ;;
    heuristic) echo "result numparse graph stg platform schedule check prices listsched heuristic" ;;
    solver) echo "result numparse graph stg platform schedule check prices listsched heuristic makespan milp bound solve" ;;
  esac
}
for dir in common taskgraphs prices heuristic solver; do
  ok=$(allowed $dir)
  for f in $dir/*.c $dir/*.h; do
    [ -f "$f" ] || continue
    for h in $(sed -n 's/^#include "ecsched\/\([a-z_]*\)\.h".*/\1/p' "$f"); do
      case " $ok " in
        *" $h "*) ;;
        *) echo "$f includes ecsched/$h.h: not allowed in $dir/"; status=1 ;;
      esac
    done
    if grep -q '#include "\.\./cli\|#include "cli' "$f"; then
      echo "$f includes a cli header"; status=1
    fi
  done
done
[ $status -eq 0 ] && echo "layers: ok"
exit $status
