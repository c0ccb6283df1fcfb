#!/bin/sh
# Draw bench_scaling.sh's CSV as an SVG on stdout: three panels against the
# number of tasks (log scale): run time (s), peak memory (MB, log scale) and
# solve's gap to its bound (%); one line per shape, P and run (local, or
# solve with its limit).  Usage: sh bench/scaling_plot.sh scaling.csv > scaling.svg
set -u
[ $# -eq 1 ] && [ -r "$1" ] || { echo "usage: scaling_plot.sh FILE.csv" >&2; exit 2; }
awk -F, '
NR == 1 || $1 == "shape" { next }
{
  key = $1 " P=" $3 " " ($6 == "local" ? "local" : "solve " $7 "s")
  if (!(key in seen)) { seen[key] = 1; keys[++nk] = key }
  n = ++cnt[key]; X[key, n] = $2; T[key, n] = $8; M[key, n] = $9
  G[key, n] = ($12 == "" ? -1 : 100 * $12)
  if ($2 < xmin || xmin == "") xmin = $2; if ($2 > xmax) xmax = $2
  if ($8 > tmax) tmax = $8; if ($9 > mmax) mmax = $9
  if ($9 > 0 && ($9 < mmin || mmin == "")) mmin = $9
  if ($12 != "" && 100 * $12 > gmax) gmax = 100 * $12
}
function lx(x) { return log(x) / log(10) }
function px(x) { return (xmax > xmin) ? 60 + 300 * (lx(x) - lx(xmin)) / (lx(xmax) - lx(xmin)) : 210 }
function panel(ox, title, ymax, ylog, ymin,    k, i, key, d, y, yy, t) {
  printf "<g transform=\"translate(%d,0)\">\n", ox
  printf "<text x=\"210\" y=\"20\" text-anchor=\"middle\" font-size=\"14\">%s</text>\n", title
  printf "<line x1=\"60\" y1=\"330\" x2=\"360\" y2=\"330\" stroke=\"black\"/><line x1=\"60\" y1=\"30\" x2=\"60\" y2=\"330\" stroke=\"black\"/>\n"
  for (t = 0; t <= 4; t++) {
    if (ylog) { yy = lx(ymin) + t * (lx(ymax) - lx(ymin)) / 4; lab = sprintf("%.0f", 10 ^ yy) }
    else { yy = t * ymax / 4; lab = sprintf("%.3g", yy) }
    printf "<text x=\"55\" y=\"%.1f\" text-anchor=\"end\" font-size=\"10\">%s</text>\n", 330 - t * 75 + 3, lab
  }
  for (i in xs) printf "<text x=\"%.1f\" y=\"345\" text-anchor=\"middle\" font-size=\"10\">%s</text>\n", px(i), i
  for (k = 1; k <= nk; k++) {
    key = keys[k]; d = ""
    for (i = 1; i <= cnt[key]; i++) {
      v = (title ~ /time/) ? T[key, i] : (title ~ /memory/) ? M[key, i] : G[key, i]
      if (v < 0 || (ylog && v <= 0)) continue
      if (ylog) y = 330 - 300 * (lx(v) - lx(ymin)) / ((lx(ymax) - lx(ymin)) ? lx(ymax) - lx(ymin) : 1)
      else y = 330 - 300 * v / (ymax > 0 ? ymax : 1)
      d = d (d == "" ? "M" : " L") sprintf("%.1f %.1f", px(X[key, i]), y)
      printf "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.5\" fill=\"%s\"/>\n", px(X[key, i]), y, col[k]
    }
    if (d != "") printf "<path d=\"%s\" fill=\"none\" stroke=\"%s\"/>\n", d, col[k]
  }
  printf "</g>\n"
}
END {
  split("#1f77b4 #ff7f0e #2ca02c #d62728 #9467bd #8c564b #e377c2 #7f7f7f #bcbd22 #17becf", c, " ")
  for (k = 1; k <= nk; k++) col[k] = c[(k - 1) % 10 + 1]
  for (k = 1; k <= nk; k++) for (i = 1; i <= cnt[keys[k]]; i++) xs[X[keys[k], i]] = 1
  h = 370 + 16 * nk
  printf "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1140\" height=\"%d\" font-family=\"sans-serif\">\n", h
  printf "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n"
  panel(0, "time (s) against tasks", tmax, 0, 0)
  panel(380, "peak memory (MB) against tasks", mmax, 1, mmin)
  panel(760, "solve gap to bound (%) against tasks", gmax, 0, 0)
  for (k = 1; k <= nk; k++)
    printf "<rect x=\"60\" y=\"%d\" width=\"12\" height=\"4\" fill=\"%s\"/><text x=\"78\" y=\"%d\" font-size=\"11\">%s</text>\n", 360 + 16 * k - 6, col[k], 360 + 16 * k, keys[k]
  printf "</svg>\n"
}' "$1"
