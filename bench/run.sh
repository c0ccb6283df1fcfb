#!/bin/sh
# make bench: run every bench/bench_*.sh with the ecsched binary $1.
# Each benchmark prints its own figures; the issue notes quote them.
set -u
ECSCHED=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
export ECSCHED
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
if [ -z "${ECSCHED_SHARED_DATA:-}" ] && [ -d "$top/../shared/data" ]; then
  ECSCHED_SHARED_DATA=$(cd "$top/../shared/data" && pwd)
  export ECSCHED_SHARED_DATA
fi
status=0
for b in "$here"/bench_*.sh; do
  [ -f "$b" ] || continue
  case " ${BENCH:-} " in
    "  ") ;;
    *" $(basename "$b" .sh | sed 's/^bench_//') "*) ;;
    *) continue ;;
  esac
  echo "== $(basename "$b" .sh)"
  (cd "$top" && sh "$b") || status=1
  echo
done
exit $status
