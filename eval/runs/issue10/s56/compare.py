"""compare.py OLD.jsonl NEW.jsonl: replays of one pool, old code beside new: answerable answered,
unanswerable answered, independent precision (paper), and every question whose answer changed."""
import json
import sys

def load(p):
    return {d["id"]: d for d in map(json.loads, open(p))}

old, new = load(sys.argv[1]), load(sys.argv[2])
for tag, rows in (("old", old), ("new", new)):
    ans = [d for d in rows.values() if not d["unanswerable"]]
    una = [d for d in rows.values() if d["unanswerable"]]
    pairs = sum((d.get("judge") or {}).get("pairs", 0) for d in rows.values() if not d["refused"])
    good = sum((d.get("judge") or {}).get("pairs", 0) * (d.get("judge") or {}).get("paper_precision", 0)
               for d in rows.values() if not d["refused"])
    print(f"{tag}: answerable answered {sum(not d['refused'] for d in ans)}/{len(ans)}, unanswerable answered "
          f"{sum(not d['refused'] for d in una)}/{len(una)}, precision (paper) {good / max(pairs, 1):.4f} ({pairs} pairs)")
for q in old:
    a, b = old[q], new.get(q)
    if b and (a["refused"] != b["refused"] or a.get("answer") != b.get("answer")):
        print(q, "UNANS" if a["unanswerable"] else "ans", "refused" if a["refused"] else "answered", "->",
              "refused" if b["refused"] else "answered", "acc", a.get("accuracy"), "->", b.get("accuracy"))
