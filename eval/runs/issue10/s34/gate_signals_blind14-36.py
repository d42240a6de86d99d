"""The answerability gate's signals for every English, single-turn question naming no paper,
author or area of blind14-36, at one library size (session 34): word coverage as shipped,
coverage with the question's unknown words that are ordinary English words (BERT's vocabulary,
`english_words`) left out (weight 0) instead of weighing as the rarest, and the best dense
cosine. The standalone queries come from the recorded rows (no model):

    PYTHONPATH=. .venv/bin/python eval/runs/issue10/s34/gate_signals_blind14-36.py demo|iclr \
        > eval/runs/issue10/s34/gate_signals_blind14-36_{demo,iclr}.jsonl
"""
import json
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, "eval/runs/issue10")
from gate_questions import gate_questions  # noqa: E402

from eval.libraries import open_library  # noqa: E402
from rag.answer import answerable  # noqa: E402
from rag.config import DEMO_CORPUS, Settings  # noqa: E402
from rag.policy import content_terms, coverage  # noqa: E402
from rag.text import english_words, tokenize  # noqa: E402

lib = sys.argv[1]
ordinary = {s for w in english_words() for s in tokenize(w)}
with tempfile.TemporaryDirectory() as tmp:
    chat = open_library(lib, Settings(), Path(tmp), [DEMO_CORPUS])
    weight = chat.word_rarity()
    for n, q, query, found in gate_questions(chat, lib, 14, 36):
        v = answerable(query, found, chat.settings, weight)
        texts = [f"{h.name} {h.metadata.get('display_name', '')} {h.text}" for h in found.hits]
        terms = content_terms(query.text)
        alt = {t: 0.0 for t in terms if t not in weight and t in ordinary}
        print(json.dumps({"set": f"blind{n}", "id": q["id"], "unans": q.get("unanswerable", False),
                          "type": q.get("type"), "cov": round(coverage(terms, texts, weight), 3),
                          "cov_ordinary": round(coverage(terms, texts, {**weight, **alt}), 3),
                          "dense": round(found.best_dense, 3), "ok": v.ok}), flush=True)
