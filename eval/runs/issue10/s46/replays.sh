#!/bin/bash
# replays.sh TREE TAG LIB FROM TO : replay blind FROM..TO recorded replies through TREE's policy
TREE=$1; TAG=$2; LIB=$3; FROM=$4; TO=$5
for N in $(seq $FROM $TO); do
  if [ $N = 48 ]; then REC=/tmp/h/s46/blind/answers48_$LIB.jsonl; else REC=/work/main/eval/runs/issue10/answers_blind${N}_$LIB.jsonl; fi
  /tmp/h/s46/run.sh $TREE answers $LIB /work/main/eval/questions/answers_library_blind$N.jsonl /tmp/h/s46/replay/b${N}_${LIB}_$TAG --replay $REC
done
echo done > /tmp/h/s46/replay/DONE_${LIB}_$TAG
