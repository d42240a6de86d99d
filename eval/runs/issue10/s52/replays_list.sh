#!/bin/bash
# replays_list.sh TREE TAG LIB N...: replay the recorded replies of answers_library_blindN at LIB
# with the code of worktree TREE, into $RP (default /tmp/h/s51/rp)/TAG_LIB_N.json{,l}
TREE=$1; TAG=$2; LIB=$3; shift 3
RP=${RP:-/tmp/h/s51/rp}; mkdir -p "$RP"
for n in "$@"; do
  rec=/work/main/eval/runs/issue10/answers_blind${n}_${LIB}.jsonl
  (cd $TREE && PYTHONPATH=$TREE /work/main/.venv/bin/python -c "import sys; from ui.cli import main; sys.argv[0]='paperchat'; main()" eval answers --library $LIB --questions /work/main/eval/questions/answers_library_blind${n}.jsonl --replay $rec --out $RP/${TAG}_${LIB}_${n}.jsonl > $RP/${TAG}_${LIB}_${n}.json 2> $RP/${TAG}_${LIB}_${n}.log)
done
