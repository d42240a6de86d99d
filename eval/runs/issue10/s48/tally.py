import json, os, sys
def load(p): return {d["id"]: d for d in map(json.loads, open(p))}
# usage: tally.py OLD_TAG NEW_TAG [LIB [DIR [N ...]]]: replays DIR/{TAG}_{LIB}_N.jsonl, of blind N (30-52)
A, B = sys.argv[1], sys.argv[2]  # tags
LIB = sys.argv[3] if len(sys.argv) > 3 else "demo"
DIR = sys.argv[4] if len(sys.argv) > 4 else "/tmp/h/s48/rp"
tot = {A: [0]*6, B: [0]*6}
for n in [int(x) for x in sys.argv[5:]] or range(30, 53):
    a, b = f"{DIR}/{A}_{LIB}_{n}.jsonl", f"{DIR}/{B}_{LIB}_{n}.jsonl"
    if not (os.path.exists(a) and os.path.exists(b)): print("missing", n); continue
    ra, rb = load(a), load(b)
    for tag, rows in ((A, ra), (B, rb)):
        t = tot[tag]
        for d in rows.values():
            if d["unanswerable"]: t[2] += 1; t[3] += not d["refused"]
            else: t[0] += 1; t[1] += not d["refused"]
            j = d.get("judge") or {}
            if not d["refused"] and j.get("pairs"): t[4] += j["pairs"]; t[5] += j["paper_precision"] * j["pairs"]
    for q in ra:
        if ra[q]["refused"] != rb[q]["refused"] or ra[q].get("answer") != rb[q].get("answer"):
            print(n, q, "UNANS" if ra[q]["unanswerable"] else "ans", "refused" if ra[q]["refused"] else "answered", "->", "refused" if rb[q]["refused"] else "answered", "acc", ra[q].get("accuracy"), "->", rb[q].get("accuracy"))
for k, t in tot.items(): print(k, f"answerable answered {t[1]}/{t[0]}, unanswerable answered {t[3]}/{t[2]}, precision(paper) {t[5]/max(t[4],1):.4f} ({t[4]} pairs)")
