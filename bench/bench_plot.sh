# Benchmark: ecsched plot (Gantt SVG) on synthetic schedules of growing size,
# and the SVG size; tasks of 1..6 slots back to back on 16 PEs.
: "${ECSCHED:=bin/ecsched}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ms() { echo $(( ($(date +%s%N) - $1) / 1000000 )); }
printf '%-28s %8s %10s %10s\n' "case" "ms" "SVG bytes" "labelled"
for n in 100 2000 20000; do
  awk -v N=$n 'BEGIN { srand(7); P = 16; printf "{\"pes\": %d, \"tasks\": [", P;
    for (i = 0; i < N; i++) { pe = i % P; n = 1 + int(rand() * 6);
      printf "%s{\"id\": %d, \"pe\": %d, \"start\": %d, \"stop\": %d, \"freqs\": [", i ? "," : "", i + 1, pe, t[pe], t[pe] + n - 1;
      for (k = 0; k < n; k++) printf "%s%s", k ? "," : "", (rand() < 0.5 ? "1" : "0.4");
      printf "]}"; t[pe] += n }
    printf "]}\n" }' > "$tmp/s.json"
  t0=$(date +%s%N)
  out=$("$ECSCHED" plot "$tmp/s.json" -o "$tmp/s.svg")
  t=$(ms "$t0")
  labelled=$(echo "$out" | sed -n 's/.*, \([0-9]*\) labelled.*/\1/p')
  printf '%-28s %8s %10s %10s\n' "$n tasks, 16 PEs" "$t" "$(wc -c < "$tmp/s.svg")" "$labelled"
done
