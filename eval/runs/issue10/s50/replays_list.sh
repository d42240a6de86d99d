#!/bin/bash
# replays_list.sh TREE TAG LIB N...
TREE=$1; TAG=$2; LIB=$3; shift 3
for n in "$@"; do
  rec=/work/main/eval/runs/issue10/answers_blind${n}_${LIB}.jsonl
  (cd $TREE && PYTHONPATH=$TREE /work/main/.venv/bin/python -c "import sys; from ui.cli import main; sys.argv[0]='paperchat'; main()" eval answers --library $LIB --questions /work/main/eval/questions/answers_library_blind${n}.jsonl --replay $rec --out /tmp/h/s50/rp/${TAG}_${LIB}_${n}.jsonl > /tmp/h/s50/rp/${TAG}_${LIB}_${n}.json 2> /tmp/h/s50/rp/${TAG}_${LIB}_${n}.log)
done
