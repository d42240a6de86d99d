"""Session 38: the answerability gate's signals per English, single-turn, non-comparison question of
the given answer sets (word coverage, best dense cosine, and both per question sentence; the
expected paper's rank), at one library size, no model.

    PYTHONPATH=. .venv/bin/python eval/runs/issue10/s38/gate_signals_blind36_40.py demo answers_library_blind40 \
        answers_library_blind39 answers_library_blind38 answers_library_blind37 answers_library_blind36 \
        > eval/runs/issue10/s38/gate_signals_blind36_40_demo.jsonl
"""
import json, sys, tempfile
from pathlib import Path
import numpy as np
from eval.libraries import open_library
from eval.answers import ReplayChat
from rag.answer import answerable
from rag.config import DEMO_CORPUS, Settings
from rag.policy import content_terms, coverage
from rag.sentences import split_sentences

lib = sys.argv[1]; sets = sys.argv[2:]
with tempfile.TemporaryDirectory() as tmp:
    chat = open_library(lib, Settings(), Path(tmp), [DEMO_CORPUS], progress=False)
    w = chat.word_rarity()
    for qset in sets:
        for line in open(f"eval/questions/{qset}.jsonl"):
            q = json.loads(line)
            if q.get("history") or any('\u4e00' <= c <= '\u9fff' for c in q["question"]) or q.get("type") == "compare":
                continue
            with chat.override(ReplayChat({})):
                query = chat.understand(q["question"])
            if query.intent != "answer":
                continue
            found = chat._retrieve_for(query)
            v = answerable(query, found, chat.settings, w, len(chat.lexical.chunks_of))
            texts = [f"{h.name} {h.metadata.get('display_name', '')} {h.text}" for h in found.hits]
            cov = coverage(content_terms(query.text), texts, w)
            sents = [s for s in split_sentences(query.text) if len(s.split()) >= 4] or [query.text]
            scov = max(coverage(content_terms(s), texts, w) for s in sents)
            hv = chat.vectors.texts([h.text for h in found.hits]); sv = chat.vectors.texts(sents)
            sd = float((sv @ hv.T).max())
            named = bool(query.named or query.filters.authors or query.filters.areas)
            gold = set(q.get("paper_ids", []))
            rank = next((i for i, h in enumerate(found.hits) if h.paper_id in gold), -1)
            print(json.dumps({"set": qset[-7:], "id": q["id"], "unans": q.get("unanswerable", False), "named": named,
                              "cov": round(cov, 3), "dense": round(found.best_dense, 3), "scov": round(scov, 3), "sdense": round(sd, 3),
                              "ok": v.ok, "n": len(sents), "rank": rank, "type": q.get("type")}), flush=True)
