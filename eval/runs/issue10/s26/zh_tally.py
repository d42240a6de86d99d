"""Tally of zh_replay.sh runs: unanswerables answered, answerables refused, summed fact accuracy.

    python3 eval/runs/issue10/s26/zh_tally.py TAG [TAG ...]
"""

import glob
import json
import sys

for tag in sys.argv[1:]:
    for size in ("demo", "iclr"):
        unans = answered = ans = refused = 0
        acc = 0.0
        for f in glob.glob(f"/tmp/zhr/{tag}/*_{size}.jsonl"):
            for line in open(f, encoding="utf-8"):
                r = json.loads(line)
                if r["unanswerable"]:
                    unans += 1
                    answered += not r["refused"]
                else:
                    ans += 1
                    refused += r["refused"]
                    acc += r["accuracy"] or 0
        print(tag, size, f"unans answered {answered}/{unans}  ans refused {refused}/{ans}  fact acc sum {acc:.1f}")
