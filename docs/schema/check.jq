# A JSON Schema subset checker in jq (no other tool needed):
#   jq -n --slurpfile schema SCHEMA.json --slurpfile doc DOC.json -r -f docs/schema/check.jq
# prints "valid" or one line per violation (path: problem).  Supports
# type (string or list, "integer" = whole number), enum, const, required,
# properties, additionalProperties (false), items, minimum, maximum,
# minLength, $ref to "#/definitions/NAME", and anyOf (when no alternative
# matches, the first one's violations are shown).
def typeok(t):
  if t == "integer" then (type == "number" and . == floor)
  elif t == "null" then . == null
  else type == t end;
def check(s; root; path):
  . as $v
  | if s["$ref"] != null then
      check(root | getpath(s["$ref"] | ltrimstr("#/") | split("/")); root; path)
    elif s.anyOf != null then
      if any(s.anyOf[]; . as $alt | [$v | check($alt; root; path)] | length == 0) then empty
      else ($v | check(s.anyOf[0]; root; path)) + " (and not any other anyOf)" end
    else
      ( if s.type == null then empty
        elif any([s.type] | flatten | .[]; . as $t | $v | typeok($t)) then empty
        else "\(path): expected \([s.type] | flatten | join("|")), got \($v | type)" end ),
      ( if s.enum == null then empty
        elif any(s.enum[]; . == $v) then empty
        else "\(path): \($v | tojson) not one of \(s.enum | tojson)" end ),
      ( if s | has("const") | not then empty
        elif s.const == $v then empty
        else "\(path): \($v | tojson) is not \(s.const | tojson)" end ),
      ( if s.required == null or ($v | type) != "object" then empty
        else s.required[] | select(. as $k | $v | has($k) | not) | "\(path): missing \(.)" end ),
      ( if s.properties == null or ($v | type) != "object" then empty
        else s.properties | to_entries[] | select(.key as $k | $v | has($k))
             | .key as $k | .value as $ps | $v[$k] | check($ps; root; "\(path).\($k)") end ),
      ( if s.additionalProperties != false or ($v | type) != "object" then empty
        else $v | keys[] | select(. as $k | (s.properties // {}) | has($k) | not)
             | "\(path): unexpected key \(.)" end ),
      ( if s.items == null or ($v | type) != "array" then empty
        else $v | to_entries[] | .key as $i | .value | check(s.items; root; "\(path)[\($i)]") end ),
      ( if s.minimum == null or ($v | type) != "number" or $v >= s.minimum then empty
        else "\(path): \($v) < \(s.minimum)" end ),
      ( if s.maximum == null or ($v | type) != "number" or $v <= s.maximum then empty
        else "\(path): \($v) > \(s.maximum)" end ),
      ( if s.minLength == null or ($v | type) != "string" or ($v | length) >= s.minLength then empty
        else "\(path): shorter than \(s.minLength)" end )
    end;
$schema[0] as $s | $doc[0] | [check($s; $s; "$")] | if length == 0 then "valid" else .[] end
