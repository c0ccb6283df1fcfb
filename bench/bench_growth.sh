# Growth of every reader (issue 30): generated inputs of 1x, 10x and 100x
# size (1,000 / 10,000 / 100,000 tasks or rows) for STG, DOT, WfFormat
# (fan-out/fan-in shapes, the worst case for per-task edge lists), a price
# CSV and a schedule document; CPU time (best of 3) and peak memory of the
# command that reads them.  Each tenfold step may cost at most LIMIT times
# more (default 25: linear is 10, n log n about 12, quadratic 100); times
# under 0.05 s count as 0.05 s and memory under 8 MB as 8 MB (the process
# itself), so that noise cannot fail it.  The fuzzers cap inputs at 64 KB:
# this is where a quadratic reader shows.
set -u
: "${ECSCHED:=bin/ecsched}"
: "${LIMIT:=25}"
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$here/gen_inputs.sh"

status=0
printf '%-9s %8s %8s %8s %8s %8s\n' reader n "CPU s" "x step" "peak MB" "x step"
for reader in stg dot wfformat prices doc; do
  prev=""
  for n in 1000 10000 100000; do
    case $reader in
      stg) gen_stg_fan $n >"$tmp/in"; set -- info "$tmp/in" --json ;;
      dot) gen_dot_fan $n >"$tmp/in"; set -- info "$tmp/in" --json ;;
      wfformat) gen_wf_fan $n >"$tmp/in"; set -- info "$tmp/in" --json ;;
      prices) gen_prices $n >"$tmp/in"; set -- prices "$tmp/in" --json ;;
      doc) gen_stg_wide $n >"$tmp/g.stg"; gen_doc $n >"$tmp/in"
           set -- validate "$tmp/g.stg" "$tmp/in" -p 50 ;;
    esac
    m=$(best3 "$ECSCHED" "$@")
    if [ "$m" = fail ]; then
      echo "FAIL: $reader at $n: ecsched $1 failed: $(head -c 300 "$tmp/err")"
      status=1
      break
    fi
    t=${m% *} k=${m#* }
    if [ -n "$prev" ]; then
      line=$(awk -v t="$t" -v k="$k" -v pt="${prev% *}" -v pk="${prev#* }" -v lim="$LIMIT" 'BEGIN {
        f = 0.05; m = 8192
        rt = (t > f ? t : f) / (pt > f ? pt : f)
        rk = (k > m ? k : m) / (pk > m ? pk : m)
        printf "%8.1f %8.1f %8.1f %d", rt, k / 1024, rk, (rt > lim || rk > lim) }')
      set -- $line
      printf '%-9s %8d %8.2f %8s %8s %8s\n' $reader $n "$t" "$1" "$2" "$3"
      if [ "$4" = 1 ]; then
        echo "FAIL: $reader grows more than ${LIMIT}x from $((n / 10)) to $n (time x$1, memory x$3)"
        status=1
      fi
    else
      printf '%-9s %8d %8.2f %8s %8.1f %8s\n' $reader $n "$t" - "$(awk -v k="$k" 'BEGIN { print k / 1024 }')" -
    fi
    prev=$m
  done
done
[ $status -eq 0 ] && echo "every reader grows at most ${LIMIT}x per tenfold input"
exit $status
