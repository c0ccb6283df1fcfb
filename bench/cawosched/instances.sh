#!/bin/sh
# The shared CaWoSched instances as lines "NAME DOT MAPPING SETUP" (paths
# relative to DATA): instances.sh DATA SET...; ilp is the paper's ILP set
# (ilp_instances.yml), any other SET every profile of that size
# (SET_small with its s1 graph, SET_large with s2).  Used by
# bench_cawosched.sh and bench_cawosched_remap.sh.
data=$1
shift
for s in "$@"; do
  case $s in
    ilp)
      awk '/- name:/{n=$3} /\.dot/{d=$2} /Mappings\//{m=$2} /Profiles\//{print n, d, m, $2}' \
        "$data/ilp_instances.yml" ;;
    *)
      for size in small large; do
        sfx=s1; [ $size = large ] && sfx=s2
        for f in "$data"/Profiles/${s}_$size/*.input; do
          [ -f "$f" ] || continue
          b=$(basename "$f" .input)
          echo "${b#setting?_} SchedulingGraphs/$s$sfx.dot Mappings/${s}_mapping_$size.txt Profiles/${s}_$size/$b.input"
        done
      done ;;
  esac
done
