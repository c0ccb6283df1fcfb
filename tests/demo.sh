#!/bin/sh
# make demo: the main job on bundled data.
set -eu
ECSCHED=${1:-bin/ecsched}
G=data/stg/rand0000.stg
mkdir -p out
echo "== ecsched info $G"
"$ECSCHED" info "$G"
echo
echo "== ecsched generate --tasks 16 --seed 1 --method layered -o out/gen16.stg"
"$ECSCHED" generate --tasks 16 --seed 1 --method layered -o out/gen16.stg
"$ECSCHED" info out/gen16.stg
echo
echo "== ecsched validate tests/fixtures/tiny.stg tests/fixtures/validate/scaled.json"
"$ECSCHED" validate tests/fixtures/tiny.stg tests/fixtures/validate/scaled.json
echo
echo "== ecsched heuristic $G -p 4 --extension 0.2 -o out/heuristic.json --landscape out/landscape.csv"
"$ECSCHED" heuristic "$G" -p 4 --extension 0.2 -o out/heuristic.json --landscape out/landscape.csv
"$ECSCHED" validate "$G" out/heuristic.json
echo
echo "== ecsched compare $G -p 8 --extension 0.2 -o out/compare.json (table also in out/compare.txt)"
"$ECSCHED" compare "$G" -p 8 --extension 0.2 --time-limit 60 -o out/compare.json | tee out/compare.txt
echo
echo "== ecsched plot out/heuristic.json -o out/gantt.svg"
"$ECSCHED" plot out/heuristic.json -o out/gantt.svg
