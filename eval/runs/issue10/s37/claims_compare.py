"""Two word-only claim runs side by side: right verdicts per claim set, and every claim whose
verdict changed.

    python3 eval/runs/issue10/s37/claims_compare.py BEFORE.jsonl AFTER.jsonl
"""
import json
import sys

before = {r["id"]: r for r in map(json.loads, open(sys.argv[1]))}
after = {r["id"]: r for r in map(json.loads, open(sys.argv[2]))}
common = sorted(set(before) & set(after))
print(f"{len(common)} claims: right {sum(before[i]['right'] for i in common)} -> {sum(after[i]['right'] for i in common)}")
for i in common:
    a, b = before[i], after[i]
    if a["verdict"] != b["verdict"]:
        mark = "FIXED" if b["right"] else "BROKE" if a["right"] else "moved"
        print(f"{mark} {i} expected {a['expected']}: {a['verdict']} -> {b['verdict']} | {a['claim'][:140]}")
