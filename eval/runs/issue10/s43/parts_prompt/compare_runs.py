"""Session 43: tally eval-answers rows (.jsonl) of one or two runs of the same questions, and list
the questions whose refusal changed between the two:

    python3 eval/runs/issue10/s43/parts_prompt/compare_runs.py BASE.jsonl [NEW.jsonl]
"""
import json
import sys


def load(path: str) -> dict[str, dict]:
    with open(path, encoding="utf-8") as f:
        return {d["id"]: d for d in map(json.loads, f)}


runs = [load(p) for p in sys.argv[1:]]
for name, rows in zip(sys.argv[1:], runs, strict=True):
    answerable = [d for d in rows.values() if not d["unanswerable"]]
    unanswerable = [d for d in rows.values() if d["unanswerable"]]
    facts = sum(d.get("accuracy") or 0 for d in answerable)
    judged = [d["judge"] for d in rows.values() if not d["refused"] and (d.get("judge") or {}).get("pairs")]
    pairs = sum(j["pairs"] for j in judged)
    right = sum(j["paper_precision"] * j["pairs"] for j in judged)
    print(f"{name}: answerable answered {sum(not d['refused'] for d in answerable)}/{len(answerable)} "
          f"facts {facts:.1f}; unanswerable answered {sum(not d['refused'] for d in unanswerable)}/"
          f"{len(unanswerable)}; precision(paper) {right / max(pairs, 1):.3f} ({pairs})")
if len(runs) == 2:
    for qid, before in runs[0].items():
        after = runs[1].get(qid)
        if after and before["refused"] != after["refused"]:
            kind = "UNANS" if before["unanswerable"] else "ans"
            change = "refused->answered" if before["refused"] else "answered->refused"
            print(qid, kind, change, "acc", after.get("accuracy"))
            print("   ", (after if before["refused"] else before)["answer"][:300].replace("\n", " "))
