"""idk_pool.py LIB OUT_QUESTIONS OUT_ROWS: the questions of answers_library_blind46-57 whose
recorded replies at LIB were two bare "I don't know" (first ask and the ask for its parts), with
the rows that recorded them (for --replay)."""
import json
import sys
from pathlib import Path

RUNS = Path("/work/main/eval/runs/issue10")
QUESTIONS = Path("/work/main/eval/questions")
IDK = "I don't know."
lib, out_q, out_rows = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3])
questions, rows = [], []
for n in range(46, 58):
    recorded = [json.loads(x) for x in (RUNS / f"answers_blind{n}_{lib}.jsonl").open()]
    wanted = {r["id"]: r for r in recorded
              if [p.strip() for p in r["raw"].split("(asked again)")][:2] == [IDK, IDK]}
    for q in map(json.loads, (QUESTIONS / f"answers_library_blind{n}.jsonl").open()):
        if q["id"] in wanted:
            questions.append(q)
            rows.append(wanted[q["id"]])
out_q.write_text("".join(json.dumps(q, ensure_ascii=False) + "\n" for q in questions))
out_rows.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows))
print(f"{lib}: {len(questions)} questions, {sum(q['unanswerable'] for q in questions)} unanswerable",
      file=sys.stderr)
