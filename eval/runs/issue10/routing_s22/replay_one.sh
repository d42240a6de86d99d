#!/usr/bin/env bash
# one.sh TAG SET SIZE TREE : replay recorded replies of answers_SET_SIZE with the code in TREE
TAG=$1; SET=$2; SIZE=$3; TREE=$4
mkdir -p /tmp/h/rep/$TAG
cd $TREE
PYTHONPATH=$TREE /work/main/.venv/bin/python -c "import sys; from ui.cli import main; sys.argv[0]='paperchat'; main()" \
  eval answers --library $SIZE --questions eval/questions/answers_library_$SET.jsonl \
  --replay /work/main/eval/runs/issue10/answers_${SET}_${SIZE}.jsonl \
  --out /tmp/h/rep/$TAG/${SET}_${SIZE}.jsonl > /tmp/h/rep/$TAG/${SET}_${SIZE}.json 2>/tmp/h/rep/$TAG/${SET}_${SIZE}.err
