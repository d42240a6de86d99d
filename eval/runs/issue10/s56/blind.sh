#!/bin/bash
# blind.sh TREE KIND(answers|claims) SET LIB OUTSTEM: run one blind set once with TREE's code
TREE=$1; KIND=$2; SET=$3; LIB=$4; OUT=$5
cd $TREE && PYTHONPATH=$TREE /work/main/.venv/bin/python -c "import sys; from ui.cli import main; sys.argv[0]='paperchat'; main()" eval $KIND --library $LIB --questions /work/main/eval/questions/$SET.jsonl --out $OUT.jsonl > $OUT.json 2> $OUT.log
