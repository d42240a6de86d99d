"""sub_pool.py: from the all pool (pool.py LIB 30 57 all), the English questions whose recorded
reply repeats a hyphenated word of the question, or says "This is possible / true / correct /
the case / feasible" (what session 55's answer rules change on recorded replies), into
sub_LIB_questions.jsonl and sub_LIB_rows.jsonl, for both libraries."""
import json
import re

for lib in ["demo", "iclr"]:
    qs = [json.loads(x) for x in open(f"all_{lib}_questions.jsonl")]
    rows = [json.loads(x) for x in open(f"all_{lib}_rows.jsonl")]
    keep = []
    for q, r in zip(qs, rows):
        raw = r.get("raw") or ""
        if re.search(r"[\u4e00-\u9fff]", q["question"]):
            continue
        hyphenated = {w.lower() for w in re.findall(r"\w+(?:-\w+)+", q["question"])}
        said = {w.lower() for w in re.findall(r"\w+(?:-\w+)+", raw)}
        if hyphenated & said or re.search(r"\b(?:this|that) is (?:possible|true|correct|the case|feasible)\b", raw, re.I):
            keep.append((q, r))
    with open(f"sub_{lib}_questions.jsonl", "w") as f:
        f.write("".join(json.dumps(q, ensure_ascii=False) + "\n" for q, _ in keep))
    with open(f"sub_{lib}_rows.jsonl", "w") as f:
        f.write("".join(json.dumps(r, ensure_ascii=False) + "\n" for _, r in keep))
    print(lib, len(keep), sum(q["unanswerable"] for q, _ in keep))
