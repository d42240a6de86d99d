"""The Chinese questions of blind14-32 at one library size: the old path (the model answers in
Chinese; its recorded replies replayed with the current checks) against Chinese through English
(`PAPERCHAT_CHINESE_VIA_ENGLISH=true`, live). Counts unanswerables answered, answerable
questions refused, fact accuracy over the answerable ones, the independent judge's paper
precision over the cited pairs, answers left in English (a translation that lost a marker or a
name), and the median total time.

    python3 eval/runs/issue10/s30/zh_compare.py OLD_DIR NEW_ROWS.jsonl SIZE
"""
import glob
import json
import statistics
import sys

old_dir, new_rows, size = sys.argv[1], sys.argv[2], sys.argv[3]
new = {json.loads(x)["id"]: json.loads(x) for x in open(new_rows, encoding="utf-8")}
old = {}
for f in glob.glob(f"{old_dir}/blind*_{size}.jsonl"):
    for x in open(f, encoding="utf-8"):
        r = json.loads(x)
        if r["id"] in new:
            old[r["id"]] = r


def tally(rows: dict) -> dict:
    unans = [r for r in rows.values() if r["unanswerable"]]
    ans = [r for r in rows.values() if not r["unanswerable"]]
    pairs = [(r["judge"].get("pairs") or 0, r["judge"].get("paper_precision")) for r in rows.values()
             if not r["refused"] and r["judge"].get("paper_precision") is not None]
    cited = sum(n for n, _ in pairs)
    return {"questions": len(rows), "unanswerable answered": f"{sum(not r['refused'] for r in unans)}/{len(unans)}",
            "answerable refused": f"{sum(r['refused'] for r in ans)}/{len(ans)}",
            "fact accuracy": round(statistics.mean(r["accuracy"] for r in ans), 3),
            "paper precision": round(sum(n * p for n, p in pairs) / cited, 3) if cited else None,
            "left in English": sum(r["answer"].startswith("未能译成中文") for r in rows.values()),
            "median total s": round(statistics.median(r["total"] for r in rows.values()), 2)}


print(size, "old (recorded Chinese replies, current checks):", tally(old))
print(size, "through English (live):", tally(new))
for i in sorted(new):
    o, n = old.get(i), new[i]
    if o and (o["refused"] != n["refused"] or o["accuracy"] != n["accuracy"]):
        kind = "UNANS" if n["unanswerable"] else "ans"
        print(f"{kind} {i} refused {o['refused']} -> {n['refused']} | acc {o['accuracy']} -> {n['accuracy']} | "
              f"{n['question'][:60]}\n    new: {n['answer'][:160]}")
