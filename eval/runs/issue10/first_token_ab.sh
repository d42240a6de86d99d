#!/bin/bash
# First-token A/B (issue 10, session 9): the same 12 English questions of answers_library_blind8
# (first_token_ab_questions.jsonl, 20 papers), alternated twice between an old commit's worktree
# and this checkout. Prints "<which> <round> <median first token> <p90> <median total>" and the load.
# usage (from the project root, through the lock):
#   git worktree add /tmp/wt_old 549b0dc && ln -s "$PWD/data" /tmp/wt_old/data
#   flock /tmp/heavy.lock eval/runs/issue10/first_token_ab.sh /tmp/wt_old > eval/runs/issue10/first_token_ab.txt
set -u
OLD=$1
NEW=$PWD
Q=$NEW/eval/runs/issue10/first_token_ab_questions.jsonl
for round in 1 2; do
  for t in old new; do
    d=$OLD; [ $t = new ] && d=$NEW
    (cd "$d" && "$NEW/.venv/bin/python" -m ui.cli eval answers --library demo --questions "$Q" --out "/tmp/first_token_ab_${t}_$round.jsonl" 2>/dev/null) \
      | python3 -c "import json,sys; d=json.loads(sys.stdin.read()); print('$t $round', d['median_first_token_s'], d['p90_first_token_s'], d['median_total_s'])"
    echo "$t $round load $(cut -d' ' -f1-3 /proc/loadavg) $(date -u +%T)"
  done
done
