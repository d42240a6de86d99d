#!/bin/bash
# [POOL=zh|all|sub|b58] run_pool.sh TREE TAG LIB: replay the pool POOL (zh: the Chinese questions, all: every question; pool.py) at LIB with TREE's code
TREE=$1; TAG=$2; LIB=$3; S=/work/main/eval/runs/issue10/s56
cd $TREE && PAPERCHAT_ASK_ASKING_PART_AFTER_UNKNOWN=off PYTHONPATH=$TREE /work/main/.venv/bin/python -c "import sys; from ui.cli import main; sys.argv[0]='paperchat'; main()" eval answers --library $LIB --questions $S/${POOL:-zh}_${LIB}_questions.jsonl --replay $S/${POOL:-zh}_${LIB}_rows.jsonl --out $S/${POOL:-zh}_${TAG}_${LIB}.jsonl > $S/${POOL:-zh}_${TAG}_${LIB}.json 2> $S/${POOL:-zh}_${TAG}_${LIB}.log
