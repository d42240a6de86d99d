"""Review check (session 27): the session 26 check (asking_part, asks_yes_no, offered_choices,
answer_type_matches for every answer-set question) plus not_a_question on every sentence of the
recorded replies with its question, one JSON line each; run with the code before and after a
refactor and compare:

    PYTHONPATH=TREE .venv/bin/python eval/runs/issue10/s27/review_equivalence.py > OUT.txt
"""
import glob
import json
import re
import runpy
from pathlib import Path

from rag.policy import not_a_question

runpy.run_path("eval/runs/issue10/s26/review_equivalence.py", run_name="__main__")
for f in sorted(glob.glob("eval/questions/answers_library_blind*.jsonl")):
    name = f.rsplit("_", 1)[1][: -len(".jsonl")]
    questions = {json.loads(line)["id"]: json.loads(line)["question"] for line in open(f, encoding="utf-8")}
    for size in ("demo", "iclr"):
        rows = Path(f"eval/runs/issue10/answers_{name}_{size}.jsonl")
        for line in rows.open(encoding="utf-8") if rows.exists() else ():
            row = json.loads(line)
            for s in re.split(r"(?<=[.。!?？])\s*", row.get("raw") or ""):
                if s:
                    print(json.dumps([row["id"], s, not_a_question(s, questions[row["id"]]).ok], ensure_ascii=False))
