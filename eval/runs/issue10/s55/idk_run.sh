#!/bin/bash
# [POOL=idk58] idk_run.sh LIB MODE: the idk pool (idk_pool.py, or POOL) at LIB with ask_asking_part_after_unknown=MODE (idk_live.py)
cd ${TREE:-/work/main}; S=/work/main/eval/runs/issue10/s55; lib=$1; mode=$2; P=${POOL:-idk}
PAPERCHAT_ASK_ASKING_PART_AFTER_UNKNOWN=$mode PYTHONPATH=${TREE:-/work/main} /work/main/.venv/bin/python $S/idk_live.py eval answers --library $lib --questions $S/${P}_${lib}_questions.jsonl --replay $S/${P}_${lib}_rows.jsonl --out $S/${P}_${lib}_$mode.jsonl > $S/${P}_${lib}_$mode.json 2> $S/${P}_${lib}_$mode.log
