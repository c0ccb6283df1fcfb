# docs/MODEL.md is the model's one definition: every citation of it in the
# sources names a section it has, and nothing cites a MODEL.md elsewhere.
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
finish
