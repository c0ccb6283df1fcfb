# Price loader throughput: a generated year of 5-minute prices (105,120 rows,
# ';' separator, decimal comma, newest first), loaded and resampled to hours.
set -u
: "${ECSCHED:=bin/ecsched}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
f=$tmp/year_5min.csv
awk 'BEGIN {
  print "HourUTC;Area;PriceEUR"
  t0 = 1704067200  # 2024-01-01T00:00Z
  for (i = 105119; i >= 0; i--) {
    t = t0 + i * 300
    p = sprintf("%.2f", 50 + 40 * sin(i / 144.0) - (i % 97 == 0 ? 120 : 0))
    sub(/\./, ",", p)
    printf "%s;DE;%s\n", strftime("%Y-%m-%d %H:%M:%S", t, 1), p
  }
}' >"$f"
rows=$(($(wc -l <"$f") - 1))
best=""
for run in 1 2 3; do
  s=$(date +%s.%N)
  "$ECSCHED" prices "$f" --json >"$tmp/out.json" || { echo "load failed"; exit 1; }
  e=$(date +%s.%N)
  t=$(awk -v s="$s" -v e="$e" 'BEGIN { printf "%.3f", e - s }')
  if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$t; fi
done
slots=$(sed -n 's/^ *"slots": \([0-9]*\),/\1/p' "$tmp/out.json")
echo "rows            $rows (5-minute, newest first, decimal comma)"
echo "hourly slots    $slots"
echo "best of 3       $best s (load + sort + resample + JSON)"
awk -v r="$rows" -v t="$best" 'BEGIN { if (t > 0) printf "throughput      %.0f rows/s\n", r / t }'
