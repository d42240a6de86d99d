#!/bin/bash
# oracle_all.sh TAG TREE SIZE N...: the ideal writer (eval answers --oracle) on blind sets N... with the
# code in TREE (a checkout), the recorded run's rewrites; rows in /tmp/h/s42/TAG (session 42;
# PAPERCHAT_EXP selected the lead-share variant in an experiment checkout, since shipped as
# PAPERCHAT_EVIDENCE_LEAD_SHARE)
TAG=$1; TREE=$2; SIZE=$3; shift 3
mkdir -p /tmp/h/s42/$TAG
cd $TREE
for n in "$@"; do
  f=/tmp/h/s42/$TAG/blind${n}_$SIZE
  [ -s $f.json ] && continue
  PYTHONPATH=$TREE /work/main/.venv/bin/python -c "import sys; from ui.cli import main; sys.argv[0]='paperchat'; main()" eval answers --library $SIZE --questions eval/questions/answers_library_blind$n.jsonl --replay /work/main/eval/runs/issue10/answers_blind${n}_$SIZE.jsonl --oracle --out $f.jsonl > $f.json 2> $f.err || echo FAIL $n
done
echo done $TAG $SIZE
