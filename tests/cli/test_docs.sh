# docs/MODEL.md is the model's one definition: every citation of it in the
# sources names a section (## or ###) it has, and nothing cites a MODEL.md
# elsewhere.
. tests/cli/lib.sh
M=docs/MODEL.md
expect_file "$M" "docs/MODEL.md exists"
: >"$OUT"; : >"$ERR"
files=$(find include common taskgraphs prices heuristic solver engine cli tests bench \
  -type f \( -name '*.c' -o -name '*.h' -o -name '*.sh' \) ! -name test_docs.sh \
  2>/dev/null)
# citations: docs/MODEL.md "Section" (a comment may break before the name)
cites=$(cat $files | tr '\n' ' ' | sed 's/ \* / /g; s/  */ /g' |
  grep -o 'docs/MODEL\.md[,]* \\\{0,1\}"[^"\\]*\\\{0,1\}"' |
  sed 's/^[^"]*"//; s/\\\{0,1\}"$//' | sort -u)
n=0; missing=""
while IFS= read -r s; do
  [ -n "$s" ] || continue
  n=$((n + 1))
  grep -Fqx "## $s" "$M" || grep -Fqx "### $s" "$M" || missing="$missing '$s'"
done <<EOF2
$cites
EOF2
if [ "$n" -gt 0 ] && [ -z "$missing" ]; then ok "$n cited sections of docs/MODEL.md exist"
else RC=1; notok "cited sections exist (found $n citations; missing:$missing)"; fi
stray=$(grep -n 'MODEL\.md' $files | grep -v 'docs/MODEL\.md' || true)
expect_eq "$stray" "" "no citation of a MODEL.md outside docs/"

# docs/reference.md is the user's guide: every citation of it in the sources
# (docs/reference.md "Section") names one of its headings, whole or up to
# the colon ("batch" for "### batch: many cases, ...").
R=docs/reference.md
expect_file "$R" "docs/reference.md exists"
heads=$(sed -n 's/^##* //p' "$R" | sed 's/: .*//')
rcites=$(cat $files | tr '\n' ' ' | sed 's/ \* / /g; s/  */ /g' |
  grep -o 'docs/reference\.md[,]* \\\{0,1\}"[^"\\]*\\\{0,1\}"' |
  sed 's/^[^"]*"//; s/\\\{0,1\}"$//' | sort -u)
n=0; missing=""
while IFS= read -r c; do
  [ -n "$c" ] || continue
  n=$((n + 1))
  printf '%s\n' "$heads" | grep -qxF -- "$c" || missing="$missing '$c'"
done <<EOF2
$rcites
EOF2
if [ "$n" -gt 0 ] && [ -z "$missing" ]; then ok "$n cited sections of docs/reference.md exist"
else RC=1; notok "cited sections of docs/reference.md exist (found $n; missing:$missing)"; fi
stray=$(grep -n 'README "' $files || true)
expect_eq "$stray" "" "no citation of a README section (the reference is docs/reference.md)"

# Links between the documents: every [text](FILE#anchor) and [text](#anchor)
# of README.md and docs/*.md names a heading of its target (GitHub's anchors:
# lower case, punctuation dropped, spaces as -), and every linked file exists.
anchors() { # FILE: its headings as anchors
  sed -n 's/^##* //p' "$1" | tr 'A-Z' 'a-z' | sed 's/[^a-z0-9 _-]//g; s/ /-/g'
}
bad=""; nl=0
for d in README.md docs/*.md; do
  dir=$(dirname "$d")
  for l in $(grep -o '](\([^)#: ]*\)\(#[^) ]*\)\{0,1\})' "$d" | sed 's/^](//; s/)$//'); do
    nl=$((nl + 1))
    f=${l%%#*}; a=""
    case $l in *'#'*) a=${l#*#} ;; esac
    if [ -n "$f" ]; then t=$dir/$f; else t=$d; fi
    if [ ! -e "$t" ]; then bad="$bad $d:$l"; continue; fi
    [ -z "$a" ] && continue
    anchors "$t" | grep -qxF -- "$a" || bad="$bad $d:$l"
  done
done
if [ "$nl" -gt 20 ] && [ -z "$bad" ]; then ok "$nl links in README.md and docs/*.md resolve"
else RC=1; notok "links resolve (checked $nl; broken:$bad)"; fi

# The README introduces; the reference holds the rest.
lines=$(wc -l <README.md | tr -d ' ')
if [ "$lines" -lt 400 ]; then ok "README.md is under 400 lines ($lines)"
else RC=1; notok "README.md is under 400 lines (has $lines)"; fi
finish
