# bench/results/cawosched.csv -> markdown: a summary per instance set, then
# one row per instance (bench_cawosched.sh; awk -F, -f table.awk CSV).
function set_of(name,   s) { s = name; sub(/_.*/, "", s); return s }
function fmt(x) { return x == "" ? "-" : x }
NR == 1 { next }
{
  s = set_of($1)
  if (!(s in n)) order[++nsets] = s
  n[s]++
  if ($14 == "0.0000" || $12 == $13) proven[s]++
  if ($12 + 0 > 0) { gaps[s] += $14; gapn[s]++ }
  if ($15 + 0 > tmax[s]) tmax[s] = $15 + 0
  if ($8 != "") {
    m[s]++; sched[s] += $6
    if ($11 ~ /^yes/) agree[s]++
    if ($12 + 0 < $8 + 0) better[s]++
    if ($12 + 0 > $8 + 0) worse[s]++
    if ($8 + 0 > 0) { pos[s]++; save[s] += ($8 - $12) / $8 }
  }
  if ($20 != "") { milpn[s]++; if ($21 == 1) milpopt[s]++ }
  row[NR] = $0
}
END {
  print "| set | instances | proven optimal | mean gap (cost > 0) | slowest ecsched run | with CaWoSched | its schedules evaluated | same cost | ecsched cheaper / equal / dearer | mean saving (CaWoSched > 0) |"
  print "|---|---|---|---|---|---|---|---|---|---|"
  for (i = 1; i <= nsets; i++) {
    s = order[i]
    printf "| %s | %d | %d | %s | %.1f s | %d | %d | %s | %s | %s |\n", s, n[s], proven[s],
      gapn[s] ? sprintf("%.2f%% (%d)", 100 * gaps[s] / gapn[s], gapn[s]) : "-", tmax[s], m[s], sched[s],
      m[s] ? sprintf("%d of %d instances", agree[s], m[s]) : "-",
      m[s] ? sprintf("%d / %d / %d", better[s], m[s] - better[s] - worse[s], worse[s]) : "-",
      pos[s] ? sprintf("%.1f%% (%d)", 100 * save[s] / pos[s], pos[s]) : "-"
  }
  print ""
  print "| instance | tasks | transfers | P | D | CaWoSched best (variant) | its ms | ecsched | bound | gap | ecsched s | MILP (optimal) |"
  print "|---|---|---|---|---|---|---|---|---|---|---|---|"
  for (r = 2; r <= NR; r++) {
    split(row[r], c, ",")
    printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", c[1], c[2], c[3], c[4], c[5],
      c[8] == "" ? "-" : c[8] " (" c[7] ")", fmt(c[9]), c[12], c[13], c[14], c[15],
      c[20] == "" ? "-" : c[20] (c[21] == 1 ? " (yes, " : " (no, ") c[22] " s)"
  }
}
