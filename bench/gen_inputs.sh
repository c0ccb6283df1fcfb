# Input generators for the reader benchmarks (sourced by bench_readers.sh
# and bench_growth.sh; not a benchmark itself).  Each writes one file of
# about N tasks or rows to standard output, with awk only.

# gen_wf_fan N: WfFormat 1.5, one root with N - 1 children (each child
# names the root as its parent, the root names every child): the shape
# whose parent/child cross-check was quadratic.
gen_wf_fan() {
  awk -v n="$1" 'BEGIN {
    printf "{\"name\": \"fan\", \"schemaVersion\": \"1.5\", \"workflow\": {\n"
    printf " \"specification\": {\"tasks\": [\n"
    printf "  {\"name\": \"root\", \"id\": \"t0\", \"parents\": [], \"children\": ["
    for (i = 1; i < n; i++) printf "%s\"t%d\"", (i > 1 ? ", " : ""), i
    printf "]}"
    for (i = 1; i < n; i++)
      printf ",\n  {\"name\": \"leaf\", \"id\": \"t%d\", \"parents\": [\"t0\"], \"children\": []}", i
    printf "\n ]},\n \"execution\": {\"makespanInSeconds\": 1, \"tasks\": [\n"
    for (i = 0; i < n; i++)
      printf "%s  {\"id\": \"t%d\", \"runtimeInSeconds\": %d.%03d}", (i ? ",\n" : ""), i, 1 + i % 97, i % 1000
    printf "\n ]}}}\n"
  }'
}

# gen_wf_real N: WfFormat 1.5 shaped like WfCommons' 1000genome (names,
# files, commands as the real traces have them): per chromosome, I
# "individuals" tasks joined by one merge, one "sifting", and P pairs of
# mutation_overlap/frequency tasks that depend on the merge and the
# sifting; 20 chromosomes, I = N / 30, P = (N / 20 - I - 2) / 2 (30,000
# -> 20 x (1,000 + 2 + 2 x 249)).
gen_wf_real() {
  awk -v n="$1" 'function task(id, par, chi, inf, outf,   s) {
      # concatenation: mawk caps sprintf at 8 KB, a merge lists 1,000
      s = "{\"name\": \"" id "\", \"id\": \"" id "\", \"children\": [" chi "], \"inputFiles\": [" inf "], \"outputFiles\": [" outf "], \"parents\": [" par "]}"
      spec[ns++] = s
      ids[ni++] = id
    }
    function list(prefix, c, from, to,   s, k) {
      s = ""
      for (k = from; k < to; k++) s = s (k > from ? ", " : "") sprintf("\"%s_c%d_ID%07d\"", prefix, c, k)
      return s
    }
    BEGIN {
      C = 20; I = int(n / 30); P = int((n / C - I - 2) / 2); if (I < 1) I = 1; if (P < 1) P = 1
      for (c = 0; c < C; c++) {
        merge = sprintf("\"individuals_merge_c%d_ID%07d\"", c, 0)
        sift = sprintf("\"sifting_c%d_ID%07d\"", c, 0)
        kids = list("mutation_overlap", c, 0, P) ", " list("frequency", c, 0, P)
        for (k = 0; k < I; k++)
          task(sprintf("individuals_c%d_ID%07d", c, k), "", merge,
               "\"ALL.chr" c ".100000.vcf\", \"columns.txt\"",
               sprintf("\"chr%dn-%d-%d.tar.gz\"", c, k * 1000 + 1, k * 1000 + 1001))
        task(sprintf("individuals_merge_c%d_ID%07d", c, 0), list("individuals", c, 0, I), kids,
             "\"chr" c "n.tar.gz\"", "\"chr" c "n-merged.tar.gz\"")
        task(sprintf("sifting_c%d_ID%07d", c, 0), "", kids,
             "\"ALL.chr" c ".phase3.annotation.vcf\"", "\"sifted.SIFT.chr" c ".txt\"")
        for (k = 0; k < P; k++) {
          task(sprintf("mutation_overlap_c%d_ID%07d", c, k), merge ", " sift, "",
               "\"chr" c "n-merged.tar.gz\", \"sifted.SIFT.chr" c ".txt\"", "\"chr" c "-" k "-overlap.tar.gz\"")
          task(sprintf("frequency_c%d_ID%07d", c, k), merge ", " sift, "",
               "\"chr" c "n-merged.tar.gz\", \"sifted.SIFT.chr" c ".txt\"", "\"chr" c "-" k "-freq.tar.gz\"")
        }
      }
      printf "{\"name\": \"1000genome-like\", \"schemaVersion\": \"1.5\", \"workflow\": {\n"
      printf " \"specification\": {\"tasks\": [\n"
      for (k = 0; k < ns; k++) printf "%s  %s", (k ? ",\n" : ""), spec[k]
      printf "\n ]},\n \"execution\": {\"makespanInSeconds\": 1, \"tasks\": [\n"
      for (k = 0; k < ni; k++)
        printf "%s  {\"id\": \"%s\", \"runtimeInSeconds\": %d.%03d, \"command\": {\"program\": \"x\", \"arguments\": [\"21\", \"%d\"]}, \"avgCPU\": 98.5, \"priority\": 20, \"machines\": [\"m1\"]}", (k ? ",\n" : ""), ids[k], 1 + k % 190, k % 1000, k
      printf "\n ]}}}\n"
    }'
}

# gen_dot_fan N: DOT, a root, N - 2 middle tasks and a sink (fan-out then
# fan-in), CaWoSched's layout.
gen_dot_fan() {
  awk -v n="$1" 'BEGIN {
    print "strict digraph \"G\" {"
    for (i = 0; i < n; i++) printf "%d [weight=%d];\n", i, 1 + i % 7
    for (i = 1; i < n - 1; i++) printf "0 -> %d [size=1];\n%d -> %d [size=2];\n", i, i, n - 1
    print "}"
  }'
}

# gen_stg_fan N: STG, the same fan-out then fan-in (N real tasks plus the
# entry and exit dummies).
gen_stg_fan() {
  awk -v n="$1" 'BEGIN {
    print n
    print "0 0 0"
    print "1 3 1 0"
    for (i = 2; i < n; i++) printf "%d %d 1 1\n", i, 1 + i % 7
    printf "%d 2 %d", n, n - 2
    for (i = 2; i < n; i++) printf " %d", i
    printf "\n%d 0 1 %d\n", n + 1, n
  }'
}

# gen_stg_wide N: STG, N independent unit tasks (the graph of gen_doc).
gen_stg_wide() {
  awk -v n="$1" 'BEGIN {
    print n
    print "0 0 0"
    for (i = 1; i <= n; i++) printf "%d 1 1 0\n", i
    printf "%d 0 %d", n + 1, n
    for (i = 1; i <= n; i++) printf " %d", i
    printf "\n"
  }'
}

# gen_doc N: a schedule document for gen_stg_wide N on 50 PEs: task i on
# PE (i - 1) % 50 in slot (i - 1) / 50 at full speed, slots of price 1.
gen_doc() {
  awk -v n="$1" 'BEGIN {
    s = int((n + 49) / 50)
    printf "{\"tool\": \"ecsched\", \"command\": \"handmade\", \"pes\": 50,\n"
    printf " \"freqs\": [1, 0.8, 0.6, 0.4, 0.2, 0], \"power\": \"quadratic\",\n"
    printf " \"prices\": {\"source\": \"handmade\", \"per_slot\": ["
    for (i = 0; i < s; i++) printf "%s%d", (i ? ", " : ""), 1
    printf "]},\n \"deadline\": %d,\n \"tasks\": [\n", s
    for (i = 1; i <= n; i++)
      printf "%s{\"id\": %d, \"pe\": %d, \"start\": %d, \"stop\": %d, \"freqs\": [1]}", (i > 1 ? ",\n" : ""), i, (i - 1) % 50, int((i - 1) / 50), int((i - 1) / 50)
    printf "\n ]\n}\n"
  }'
}

# gen_prices N: N rows of 5-minute prices, ',' and a decimal point, UTC.
gen_prices() {
  awk -v n="$1" 'BEGIN {
    print "timestamp,price"
    t0 = 1704067200
    for (i = 0; i < n; i++)
      printf "%s,%.2f\n", strftime("%Y-%m-%dT%H:%M:%SZ", t0 + i * 300, 1), 50 + 40 * sin(i / 144.0)
  }'
}

# measure CMD...: "CPU-SECONDS PEAK-KB" of one run (user + system time
# and maximum resident set size from GNU time), or "fail" if it failed.
measure() {
  if /usr/bin/time -f '%U %S %M' -o "$tmp/time" "$@" >/dev/null 2>"$tmp/err"; then
    awk '{ printf "%.2f %d\n", $1 + $2, $3 }' "$tmp/time"
  else
    echo fail
  fi
}

# best3 CMD...: the least CPU time and its peak memory of three runs.
best3() {
  best=""
  for r in 1 2 3; do
    m=$(measure "$@")
    [ "$m" = fail ] && { echo fail; return; }
    if [ -z "$best" ] || awk -v a="${m% *}" -v b="${best% *}" 'BEGIN { exit !(a < b) }'; then
      best=$m
    fi
  done
  echo "$best"
}
