"""Session 43: for the English single-turn questions naming no paper of blind14-45 (recorded
standalone queries, no model), at 20 or 4,310 papers: the gate's verdict before `sentence_close`
(session 42's rule), the best dense cosine, the best cosine between a question sentence of five
words or more and a sentence of the top six passages, and whether that sentence's paper is expected.

    PYTHONPATH=. .venv/bin/python eval/runs/issue10/s43/sentence_gate.py demo|iclr > sentence_gate_SIZE.tsv
"""
import json
import sys
import tempfile
from pathlib import Path

from eval.answers import ReplayChat
from eval.libraries import open_library
from rag.answer import answerable
from rag.config import DEMO_CORPUS, Settings
from rag.sentences import split_sentences

lib = sys.argv[1] if len(sys.argv) > 1 else 'demo'
rows = []
with tempfile.TemporaryDirectory() as tmp:
    chat = open_library(lib, Settings(), Path(tmp), [DEMO_CORPUS], progress=False)
    weight, papers = chat.word_rarity(), len(chat.lexical.chunks_of)
    for n in range(14, 46):
        qs = [json.loads(line) for line in open(f"eval/questions/answers_library_blind{n}.jsonl")]
        recorded = Path(f"eval/runs/issue10/answers_blind{n}_{lib}.jsonl")
        rep = ReplayChat.from_rows(recorded) if recorded.exists() else ReplayChat({})
        for q in qs:
            if q.get("history") or any('\u4e00' <= c <= '\u9fff' for c in q["question"]):
                continue
            with chat.override(rep):
                query = chat.understand(q["question"])
            if query.intent != "answer" or query.named or query.filters.authors or query.filters.areas:
                continue
            found = chat._retrieve_for(query)
            v = answerable(query, found, chat.settings, weight, papers)
            qs_ = [s for s in split_sentences(query.text) if len(s.split()) >= 5] or [query.text]
            qv = chat.vectors.texts(qs_)
            best, top = 0.0, ""
            for h in found.hits[:6]:
                ss = split_sentences(h.text) or [h.text]
                c = qv @ chat.vectors.texts(ss).T
                if c.max() > best:
                    best, top = float(c.max()), h.name
            right = top in (q.get('papers') or [])
            rows.append((q['id'], bool(q.get('unanswerable')), v.ok, round(found.best_dense, 3), round(best, 3), right))
for r in rows:
    print(*r, sep="\t")
