"""The questions whose routing this session changed, asked again live (new code), against their
recorded runs (earlier sessions' code and machines): answered / refused, fact accuracy and the
independent judge's paper precision, over the questions found in both.

    .venv/bin/python eval/runs/issue10/routing_s22/compare_recorded.py iclr|demo
"""
import glob
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
RUNS = HERE.parent
lib = sys.argv[1]
live = [json.loads(line) for line in open(HERE / f"changed_{lib}.jsonl")]
recorded = {}
for f in glob.glob(str(RUNS / f"answers_blind*_{lib}.jsonl")):
    for line in open(f):
        rec = json.loads(line)
        recorded[rec["id"]] = rec
both = [(recorded[r["id"]], r) for r in live if r["id"] in recorded]
print(f"{lib}: {len(live)} asked again, {len(both)} with a recorded run")


def summary(rows: list[dict]) -> str:
    ans = [r for r in rows if not r["unanswerable"]]
    un = [r for r in rows if r["unanswerable"]]
    pairs = sum(r["judge"]["pairs"] for r in rows)
    good = sum((r["judge"]["paper_precision"] or 0) * r["judge"]["pairs"] for r in rows)
    acc = sum(r["accuracy"] or 0 for r in ans) / max(len(ans), 1)
    return (f"answerable answered {sum(not r['refused'] for r in ans)}/{len(ans)}, fact accuracy {acc:.3f}; "
            f"unanswerable refused {sum(r['refused'] for r in un)}/{len(un)}; "
            f"independent precision {good / max(pairs, 1):.3f} ({pairs} pairs)")


print("recorded:", summary([a for a, _ in both]))
print("now:     ", summary([b for _, b in both]))
for a, b in both:
    if a["refused"] != b["refused"] or (a["accuracy"] or 0) != (b["accuracy"] or 0):
        print(f"  {b['id']:<5} {'UNANS' if b['unanswerable'] else 'ans  '} refused {a['refused']!s:<5} -> "
              f"{b['refused']!s:<5} acc {a['accuracy']} -> {b['accuracy']} | {b['question'][:80]}")
