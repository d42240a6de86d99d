#!/bin/bash
# replays.sh TREE TAG LIB : replay blind30-47 recorded replies through TREE's policy
TREE=$1; TAG=$2; LIB=${3:-demo}
for N in $(seq 30 47); do
  if [ $N = 47 ]; then REC=/tmp/h/s45/blind/answers47_$LIB.jsonl; else REC=/work/main/eval/runs/issue10/answers_blind${N}_$LIB.jsonl; fi
  /tmp/h/s45/run.sh $TREE answers $LIB eval/questions/answers_library_blind$N.jsonl /tmp/h/s45/replay/b${N}_${LIB}_$TAG --replay $REC
done
