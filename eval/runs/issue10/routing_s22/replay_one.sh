#!/usr/bin/env bash
# replay_one.sh TAG SET SIZE TREE: replay the recorded replies of answers_SET_SIZE with the code in
# TREE (a checkout of this repository); results in $OUT/TAG/SET_SIZE.json{,l} (OUT=/tmp/replays).
set -u
TAG=$1; SET=$2; SIZE=$3; TREE=$4
REPO=$(cd "$(dirname "$0")/../../../.." && pwd); OUT=${OUT:-/tmp/replays}
mkdir -p "$OUT/$TAG"
cd "$TREE"
PYTHONPATH=$TREE "$REPO/.venv/bin/python" -c "import sys; from ui.cli import main; sys.argv[0]='paperchat'; main()" \
  eval answers --library "$SIZE" --questions "eval/questions/answers_library_$SET.jsonl" \
  --replay "$REPO/eval/runs/issue10/answers_${SET}_${SIZE}.jsonl" \
  --out "$OUT/$TAG/${SET}_${SIZE}.jsonl" > "$OUT/$TAG/${SET}_${SIZE}.json" 2> "$OUT/$TAG/${SET}_${SIZE}.err"
