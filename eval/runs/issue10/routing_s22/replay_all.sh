#!/usr/bin/env bash
# replay_all.sh TAG TREE [SIZE...]: replay every recorded answer run (replay_one.sh), skipping
# those already in $OUT/TAG; then compare two tags with replay_tally.py $OUT/BEFORE $OUT/AFTER.
TAG=$1; TREE=$2; shift 2; SIZES=${*:-demo iclr}
HERE=$(cd "$(dirname "$0")" && pwd); REPO=$(cd "$HERE/../../../.." && pwd); OUT=${OUT:-/tmp/replays}
for SIZE in $SIZES; do
  for f in "$REPO"/eval/runs/issue10/answers_blind*_"$SIZE".jsonl; do
    SET=$(basename "$f" .jsonl); SET=${SET#answers_}; SET=${SET%_$SIZE}
    [ -s "$OUT/$TAG/${SET}_${SIZE}.jsonl" ] && continue
    OUT=$OUT "$HERE/replay_one.sh" "$TAG" "$SET" "$SIZE" "$TREE" || echo "FAIL $SET $SIZE" >&2
  done
done
echo "done $TAG"
