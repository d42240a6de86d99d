#!/usr/bin/env bash
# all.sh TAG TREE [SIZE...]: replay all recorded runs
TAG=$1; TREE=$2; shift 2; SIZES=${@:-demo iclr}
for SIZE in $SIZES; do
 for f in /work/main/eval/runs/issue10/answers_blind*_${SIZE}.jsonl; do
  SET=$(basename $f .jsonl); SET=${SET#answers_}; SET=${SET%_$SIZE}
  [ -s /tmp/h/rep/$TAG/${SET}_${SIZE}.jsonl ] && continue
  /tmp/h/rep/one.sh $TAG $SET $SIZE $TREE || echo "FAIL $SET $SIZE" >&2
 done
done
echo done $TAG
