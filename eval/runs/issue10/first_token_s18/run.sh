#!/bin/bash
# Median first token like for like on one machine (issue 10's "no worse than now"): issue 3's code
# (42bd59d, whose 5.42 s is the issue's baseline) and the current code, on issue 3's first demo set
# (42 questions, 20 papers), alternating, twice each (RUNS; outputs in OUT). Run from the
# repository root, through the lock:
#   flock /tmp/heavy.lock eval/runs/issue10/first_token_s18/run.sh
set -e
ROOT=$(pwd); O=$ROOT/${OUT:-eval/runs/issue10/first_token_s18}; OLD=$(mktemp -d)/w3
git worktree add -f "$OLD" 42bd59d >/dev/null
run_old() { (cd "$OLD" && PYTHONPATH="$OLD" "$ROOT/.venv/bin/python" -c "import sys; from rag.cli import app; sys.argv[0]='paperchat'; app()" \
    eval answers --questions eval/questions/answers_demo.jsonl --out "$O/old_$1.jsonl" > "$O/old_$1.json" 2> "$O/old_$1.err"); }
run_new() { .venv/bin/paperchat eval answers --library demo --questions eval/questions/answers_demo.jsonl \
    --out "$O/new_$1.jsonl" > "$O/new_$1.json" 2> "$O/new_$1.err"; }
for i in $(seq "${RUNS:-2}"); do
  echo "$(date -u +%FT%TZ) old$i start load=$(cut -d' ' -f1-3 /proc/loadavg)" >> "$O/meta.txt"; run_old $i
  echo "$(date -u +%FT%TZ) new$i start load=$(cut -d' ' -f1-3 /proc/loadavg)" >> "$O/meta.txt"; run_new $i
done
echo "$(date -u +%FT%TZ) end load=$(cut -d' ' -f1-3 /proc/loadavg)" >> "$O/meta.txt"
git worktree remove --force "$OLD"
