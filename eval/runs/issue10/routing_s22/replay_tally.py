"""Two replays of the recorded answer runs side by side, over the runs both hold: unanswerables
answered, answerable refused and the independent judge's paper precision per library size, then
every question whose outcome or answer differs.

    python3 eval/runs/issue10/routing_s22/replay_tally.py BEFORE_DIR AFTER_DIR
(each DIR holds SET_SIZE.jsonl files written by `paperchat eval answers --replay ... --out`)
"""
import glob
import json
import os
import sys


def load(folder: str) -> dict:
    out = {}
    for f in glob.glob(f"{folder}/*.jsonl"):
        key = os.path.basename(f)[:-6]
        size = key.rsplit("_", 1)[1]
        for line in open(f):
            rec = json.loads(line)
            out[(size, key, rec["id"])] = rec
    return out


def summary(rows: dict, size: str) -> str:
    mine = [r for k, r in rows.items() if k[0] == size]
    un = [r for r in mine if r["unanswerable"]]
    an = [r for r in mine if not r["unanswerable"]]
    pairs = sum(r["judge"]["pairs"] for r in mine)
    good = sum((r["judge"]["paper_precision"] or 0) * r["judge"]["pairs"] for r in mine)
    return (f"unans answered {sum(not r['refused'] for r in un)}/{len(un)}, "
            f"ans refused {sum(r['refused'] for r in an)}/{len(an)}, precision {good / max(pairs, 1):.3f}")


before, after = load(sys.argv[1]), load(sys.argv[2])
common = set(before) & set(after)
before = {k: v for k, v in before.items() if k in common}
after = {k: v for k, v in after.items() if k in common}
for size in ("demo", "iclr"):
    print(size, sys.argv[1], summary(before, size))
    print(size, sys.argv[2], summary(after, size))
for k in sorted(common):
    a, b = before[k], after[k]
    if a["refused"] == b["refused"] and a["answer"] == b["answer"]:
        continue
    kind = "UNANS" if a["unanswerable"] else "ans  "
    print(kind, k[1], k[2], "refused", a["refused"], "->", b["refused"], "| acc", a["accuracy"], b["accuracy"],
          "|", b["question"][:90])
    if not b["refused"]:
        print("      B:", b["answer"][:160])
    else:
        reasons = [v["check"] + ": " + v["reason"] for c in b["checks"] if c["action"] == "answer"
                   for v in c["checks"] if not v["ok"]]
        print("      why:", reasons[:3], "| A:", a["answer"][:120])
