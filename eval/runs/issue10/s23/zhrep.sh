#!/usr/bin/env bash
# zhrep.sh TAG TREE SIZE: replay the recorded replies of the Chinese questions of every recorded
# answer set with the code in TREE (session 23, affirmed_held); results in /tmp/replays/TAG.
# Compare two tags with eval/runs/issue10/routing_s22/replay_tally.py.
TAG=$1; TREE=$2; S=$3
REPO=$(cd "$(dirname "$0")/../../../.." && pwd); ZH=/tmp/replays/zh; mkdir -p /tmp/replays/$TAG $ZH
(cd "$REPO" && python3 -c "
import json, glob, re
for f in glob.glob('eval/runs/issue10/answers_blind*_iclr.jsonl'):
    name = re.search(r'answers_(blind\d+)_iclr', f).group(1)
    rows = [l for l in open(f'eval/questions/answers_library_{name}.jsonl', encoding='utf-8')
            if re.search(r'[\u4e00-\u9fff]', json.loads(l)['question'])]
    open(f'$ZH/{name}.jsonl', 'w', encoding='utf-8').writelines(rows)
")
for q in $ZH/*.jsonl; do SET=$(basename "$q" .jsonl)
  [ -s /tmp/replays/$TAG/${SET}_$S.jsonl ] && continue
  (cd "$TREE" && PYTHONPATH=$TREE "$REPO/.venv/bin/python" -c "import sys; from ui.cli import main; sys.argv[0]='paperchat'; main()" \
    eval answers --library "$S" --questions "$q" --replay "$REPO/eval/runs/issue10/answers_${SET}_$S.jsonl" \
    --out /tmp/replays/$TAG/${SET}_$S.jsonl > /tmp/replays/$TAG/${SET}_$S.json 2> /tmp/replays/$TAG/${SET}_$S.err) || echo "FAIL $SET"
done; echo "done $TAG $S"
