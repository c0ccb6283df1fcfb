# Graph readers at the size of real workflows (issue 30): a WfFormat fan of
# 100,000 tasks (one root naming every child, every child naming the root:
# the shape whose parent/child cross-check was quadratic, 5.9 s at 40,000
# children) and a 30,000-task workflow shaped like WfCommons' 1000genome,
# read by `ecsched info`; CPU time (best of 3) and peak memory.
set -u
: "${ECSCHED:=bin/ecsched}"
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$here/gen_inputs.sh"
gen_wf_fan 100000 >"$tmp/fan.json"
gen_wf_real 30000 >"$tmp/real.json"
gen_dot_fan 100000 >"$tmp/fan.dot"
printf '%-34s %9s %7s %9s %9s\n' input MB tasks "CPU s" "peak MB"
status=0
for f in fan.json real.json fan.dot; do
  m=$(best3 "$ECSCHED" info "$tmp/$f" --json)
  if [ "$m" = fail ]; then echo "$f: ecsched info failed: $(cat "$tmp/err")"; status=1; continue; fi
  "$ECSCHED" info "$tmp/$f" --json >"$tmp/info.json"
  tasks=$(sed -n 's/.*"tasks": *\([0-9]*\).*/\1/p' "$tmp/info.json" | head -1)
  case $f in
    fan.json) what="WfFormat fan 100,000" ;;
    real.json) what="WfFormat 1000genome-like 30,000" ;;
    fan.dot) what="DOT fan-out/fan-in 100,000" ;;
  esac
  awk -v w="$what" -v b="$(wc -c <"$tmp/$f")" -v t="$tasks" -v c="${m% *}" -v k="${m#* }" \
    'BEGIN { printf "%-34s %9.1f %7s %9.2f %9.1f\n", w, b / 1e6, t, c, k / 1024 }'
done
exit $status
