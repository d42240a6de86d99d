"""zh_pool.py LIB FIRST LAST [all]: the Chinese questions (with `all`, every question) of answers_library_blindFIRST..LAST, with the
rows of their recorded runs at LIB, into zh_LIB_questions.jsonl and zh_LIB_rows.jsonl (for one
--replay run over all of them)."""
import json
import re
import sys
from pathlib import Path

RUNS = Path("/work/main/eval/runs/issue10")
QUESTIONS = Path("/work/main/eval/questions")
lib, first, last = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
every = sys.argv[4:] == ["all"]
tag = "all" if every else "zh"
questions, rows = [], []
for n in range(first, last + 1):
    run = RUNS / f"answers_blind{n}_{lib}.jsonl"
    if not run.exists():
        continue
    recorded = {r["id"]: r for r in map(json.loads, run.open())}
    for q in map(json.loads, (QUESTIONS / f"answers_library_blind{n}.jsonl").open()):
        if (every or re.search(r"[\u4e00-\u9fff]", q["question"])) and q["id"] in recorded:
            questions.append(q)
            rows.append(recorded[q["id"]])
Path(f"{tag}_{lib}_questions.jsonl").write_text("".join(json.dumps(q, ensure_ascii=False) + "\n" for q in questions))
Path(f"{tag}_{lib}_rows.jsonl").write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows))
print(f"{lib}: {len(questions)} {tag} questions, {sum(q['unanswerable'] for q in questions)} unanswerable", file=sys.stderr)
