import json, re, glob, sys
old = re.compile(r"(?<![\w.])\d+(?:[.,]\d+)*")
new = re.compile(r"(?<![^\W\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af])(?<!\.)\d+(?:[.,]\d+)*")
def nums(p, t): return {n.replace(",", "") for n in p.findall(t)}
sets = {}
for f in sorted(glob.glob("eval/runs/issue10/answers_blind*_demo.jsonl")):
    for l in open(f):
        r = json.loads(l)
        t = (r.get("raw") or "") + " " + r["question"]
        if nums(old, t) != nums(new, t):
            sets.setdefault(f, []).append(r["id"])
for f, ids in sets.items(): print(f, ids)
c = 0
for f in sorted(glob.glob("eval/questions/claims_*.jsonl")):
    if "blind48" in f: continue
    for l in open(f):
        r = json.loads(l)
        if nums(old, r["claim"]) != nums(new, r["claim"]): c += 1; print(f.split('/')[-1], r["id"], r["verdict"], sorted(nums(old, r["claim"])), sorted(nums(new, r["claim"])))
print("claims changed", c)
