#!/usr/bin/env bash
# rep2.sh TAG TREE SIZE: replay blind14..blind23 at one size
TAG=$1; TREE=$2; s=$3
for n in 14 15 16 17 18 19 20 21 22 23; do
  [ -s /tmp/replays/$TAG/blind${n}_$s.jsonl ] && continue
  OUT=/tmp/replays bash /work/main/eval/runs/issue10/routing_s22/replay_one.sh $TAG blind$n $s $TREE || echo FAIL $n $s
done; echo done $TAG $s
