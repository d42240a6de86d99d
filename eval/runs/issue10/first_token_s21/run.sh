#!/bin/bash
# Session 21: session 18's like-for-like first-token check (issue 3's code, 42bd59d, against the
# current code, on issue 3's first demo set: 42 questions, 20 papers), one run each, on this
# session's machine (AVX-512: a much faster model than sessions 14-20's). Both trees run with the
# venv of /work/main or VENV and their own code on PYTHONPATH. From the repository root:
#   flock /tmp/heavy.lock eval/runs/issue10/first_token_s21/run.sh
set -e
ROOT=$(pwd); O=$ROOT/eval/runs/issue10/first_token_s21; OLD=$(mktemp -d)/w3
PY=${VENV:-$ROOT/.venv}/bin/python
git worktree add -f "$OLD" 42bd59d >/dev/null
run_old() { (cd "$OLD" && PYTHONPATH="$OLD" "$PY" -c "import sys; from rag.cli import app; sys.argv[0]='paperchat'; app()" \
    eval answers --questions eval/questions/answers_demo.jsonl --out "$O/old_$1.jsonl" > "$O/old_$1.json" 2> "$O/old_$1.err"); }
run_new() { PYTHONPATH="$ROOT" "$PY" -c "import sys; from ui.cli import main; sys.argv[0]='paperchat'; main()" \
    eval answers --library demo --questions eval/questions/answers_demo.jsonl \
    --out "$O/new_$1.jsonl" > "$O/new_$1.json" 2> "$O/new_$1.err"; }
echo "$(date -u +%FT%TZ) old1 start load=$(cut -d' ' -f1-3 /proc/loadavg)" >> "$O/meta.txt"; run_old 1
echo "$(date -u +%FT%TZ) new1 start load=$(cut -d' ' -f1-3 /proc/loadavg)" >> "$O/meta.txt"; run_new 1
echo "$(date -u +%FT%TZ) end load=$(cut -d' ' -f1-3 /proc/loadavg)" >> "$O/meta.txt"
git worktree remove --force "$OLD"
