#!/usr/bin/env bash
# rep.sh TAG TREE SETS...: replay recorded replies of the sets at both sizes
TAG=$1; TREE=$2; shift 2
for n in "$@"; do for s in demo iclr; do
  [ -s /tmp/replays/$TAG/blind${n}_$s.jsonl ] && continue
  OUT=/tmp/replays bash /work/main/eval/runs/issue10/routing_s22/replay_one.sh $TAG blind$n $s $TREE || echo FAIL $n $s
done; done; echo done $TAG
