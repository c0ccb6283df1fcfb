#!/bin/sh
# docs/ecsched.1 against the command's own help: every command that
# `ecsched --help` lists has a section (.SS NAME), every option of
# `ecsched help NAME` appears in that section or in MODEL FLAGS / PRICE
# FLAGS, the version in .TH is the command's, and groff renders the page
# without warnings.
. "$(dirname "$0")/lib.sh"
top=$(cd "$(dirname "$0")/../.." && pwd)
MAN=$top/docs/ecsched.1

# The roff source as text: \- is -, font escapes dropped.
plain=$T_DIR/man.txt
sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' -e 's/\\(aq/'"'"'/g' "$MAN" >"$plain"

section() { # NAME: the lines of .SS NAME up to the next .SS/.SH
  awk -v n="$1" '/^\.S[SH] /{on = ($0 == ".SS " n)} on' "$plain"
}
shared_flags=$(awk '/^\.SH /{on = ($0 == ".SH MODEL FLAGS" || $0 == ".SH PRICE FLAGS")} on' "$plain")

run --help
cmds=$(sed -n '/^Commands:/,/^$/p' "$OUT" | awk 'NR > 1 && NF {print $1}')
expect_eq "$(echo "$cmds" | wc -w | tr -d ' ')" "$(grep -c '^  [a-z]' "$OUT")" "ecsched --help lists the commands (one per line)"

nosec="" noflag=""
for c in $cmds; do
  sec=$(section "$c")
  if [ -z "$sec" ]; then nosec="$nosec $c"; continue; fi
  run help "$c"
  # options: --long and -x (a dash not inside a word, a letter, then a
  # space, comma, bracket or the end of the line)
  flags=$(grep -oE -- '(^|[^A-Za-z0-9-])--?[a-z][a-z0-9-]*' "$OUT" | sed 's/^[^-]*//' |
          grep -E -- '^--[a-z][a-z0-9-]*[a-z0-9]$|^-[a-z]$' | sort -u)
  for f in $flags; do
    re="(^|[^a-z0-9-])$f([^a-z0-9-]|\$)"
    if ! printf '%s\n' "$sec" | grep -Eq -- "$re" && ! printf '%s\n' "$shared_flags" | grep -Eq -- "$re"; then
      noflag="$noflag $c:$f"
    fi
  done
done
expect_eq "$nosec" "" "every command of ecsched --help has a section (.SS) in docs/ecsched.1"
expect_eq "$noflag" "" "every option of each ecsched help CMD is in docs/ecsched.1 (its section, MODEL FLAGS or PRICE FLAGS)"

# a page must not describe commands the command does not have
extra=""
for s in $(sed -n 's/^\.SS \([a-z][a-z]*\)$/\1/p' "$MAN"); do
  echo "$cmds" | grep -qx "$s" || extra="$extra $s"
done
expect_eq "$extra" "" "no section for a command ecsched does not have"

run --version
expect_eq "$(sed -n 's/^\.TH ECSCHED 1 "[^"]*" "\(ecsched [^"]*\)".*/\1/p' "$MAN")" "$(cat "$OUT")" ".TH names the version of ecsched --version"

if command -v groff >/dev/null 2>&1; then
  RC=0; groff -man -Tutf8 -ww -z "$MAN" >"$OUT" 2>"$ERR" || RC=$?
  if [ "$RC" -eq 0 ] && [ ! -s "$ERR" ]; then ok "groff -man -ww renders docs/ecsched.1 without warnings"
  else notok "groff -man -ww renders docs/ecsched.1 without warnings"; fi
  RC=0; groff -man -Tutf8 "$MAN" 2>/dev/null | sed 's/.\x08//g' >"$OUT" || RC=$?
  expect_out '^ +ecsched reproduce \[--quick\]' "rendered: the reproduce synopsis"
else
  skip "groff not found: the page is not rendered"
fi

finish
