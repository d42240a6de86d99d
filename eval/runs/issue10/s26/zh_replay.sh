#!/usr/bin/env bash
# zh_replay.sh TAG: replay the recorded replies of the Chinese questions of blind14-27 at both
# sizes with the code of this checkout; rows in /tmp/zhr/TAG (tally: zh_tally.py TAG ...).
set -u
REPO=$(cd "$(dirname "$0")/../../../.." && pwd); mkdir -p /tmp/zh /tmp/zhr/$1; cd "$REPO"
for k in $(seq 14 27); do
  python3 -c "import json,re,sys; [sys.stdout.write(l) for l in open(sys.argv[1]) if re.search(r'[\u4e00-\u9fff]', json.loads(l)['question'])]" \
    eval/questions/answers_library_blind$k.jsonl > /tmp/zh/blind$k.jsonl
  for s in demo iclr; do
    .venv/bin/paperchat eval answers --library $s --questions /tmp/zh/blind$k.jsonl \
      --replay eval/runs/issue10/answers_blind${k}_$s.jsonl --out /tmp/zhr/$1/blind${k}_$s.jsonl \
      > /tmp/zhr/$1/blind${k}_$s.json 2> /tmp/zhr/$1/blind${k}_$s.err || echo FAIL $k $s
  done
done; echo done $1
