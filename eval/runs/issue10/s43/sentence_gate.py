"""Session 43: for the English single-turn questions naming no paper of blind14-45 (recorded
standalone queries, no model), at 20 or 4,310 papers: the gate's verdict before `sentence_close`
(session 42's rule), the best dense cosine, the best cosine between a question sentence of five
words or more and a sentence of the top six passages, and whether that sentence's paper is expected.

    PYTHONPATH=. .venv/bin/python eval/runs/issue10/s43/sentence_gate.py demo|iclr > sentence_gate_SIZE.tsv
"""
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, "eval/runs/issue10")
from gate_questions import gate_questions  # noqa: E402

from eval.libraries import open_library  # noqa: E402
from rag.answer import answerable  # noqa: E402
from rag.config import DEMO_CORPUS, Settings  # noqa: E402
from rag.sentences import split_sentences  # noqa: E402

lib = sys.argv[1] if len(sys.argv) > 1 else "demo"
rows = []
with tempfile.TemporaryDirectory() as tmp:
    chat = open_library(lib, Settings(), Path(tmp), [DEMO_CORPUS], progress=False)
    weight, papers = chat.word_rarity(), len(chat.lexical.chunks_of)
    for _, q, query, found in gate_questions(chat, lib, 14, 45):
        v = answerable(query, found, chat.settings, weight, papers)  # no vectors: without the sentence rule
        asked = [s for s in split_sentences(query.text) if len(s.split()) >= 5] or [query.text]
        qv = chat.vectors.texts(asked)
        best, top = 0.0, ""
        for h in found.hits[:6]:
            c = qv @ chat.vectors.texts(split_sentences(h.text) or [h.text]).T
            if c.max() > best:
                best, top = float(c.max()), h.name
        right = top in (q.get("papers") or [])
        rows.append((q["id"], bool(q.get("unanswerable")), v.ok, round(found.best_dense, 3), round(best, 3), right))
for r in rows:
    print(*r, sep="\t")
