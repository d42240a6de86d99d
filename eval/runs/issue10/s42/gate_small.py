"""Session 42: the answerability gate at 20 papers with `answerable_coverage_small` at several
values, for every English, single-turn question naming no paper, author or area of blind14-44
(recorded standalone queries, no model), against the shipped 0.35:

    PYTHONPATH=. .venv/bin/python eval/runs/issue10/s42/gate_small.py [LAST_SET [VALUE ...]]

The first value is the baseline; questions whose verdict differs between it and the third are
listed (session 43: `... gate_small.py 45 0.25 0.20 0.15 0.10`).
"""
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, "eval/runs/issue10")
from gate_questions import gate_questions  # noqa: E402

from eval.libraries import open_library  # noqa: E402
from rag.answer import answerable  # noqa: E402
from rag.config import DEMO_CORPUS, Settings  # noqa: E402

LAST = int(sys.argv[1]) if len(sys.argv) > 1 else 43
SMALL = tuple(float(x) for x in sys.argv[2:]) or (0.35, 0.30, 0.25, 0.20, 0.15)
rows = []
with tempfile.TemporaryDirectory() as tmp:
    chat = open_library("demo", Settings(), Path(tmp), [DEMO_CORPUS], progress=False)
    weight, papers = chat.word_rarity(), len(chat.lexical.chunks_of)
    for _, q, query, found in gate_questions(chat, "demo", 14, LAST):
        verdicts = {s: answerable(query, found, chat.settings.model_copy(update={"answerable_coverage_small": s}),
                                  weight, papers) for s in SMALL}
        rows.append({"id": q["id"], "unans": bool(q.get("unanswerable")),
                     "asked": {s: v.ok for s, v in verdicts.items()}, "why": verdicts[SMALL[0]].reason})
answerable_n = sum(not r["unans"] for r in rows)
print(f"20 papers ({papers}): {answerable_n} answerable, {len(rows) - answerable_n} unanswerable questions naming no paper")
for s in SMALL:
    print(f"  answerable_coverage_small {s}: answerable asked {sum(not r['unans'] and r['asked'][s] for r in rows)}, "
          f"unanswerable asked {sum(r['unans'] and r['asked'][s] for r in rows)}")
for r in rows:
    if r["asked"][SMALL[0]] != r["asked"][SMALL[2]]:
        print(" ", r["id"], "UNANS" if r["unans"] else "ans", r["why"])
