"""The answerability gate's two signals (word coverage, best dense cosine) for every English,
single-turn, unnamed question of the seen answer sets, at one library size; the standalone
queries come from the recorded rows (no model). Session 6, to recalibrate `dense_close`:

    flock /tmp/heavy.lock env PYTHONPATH=. .venv/bin/python eval/runs/issue10/gate_signals.py demo|iclr \
        > eval/runs/issue10/gate_signals_{demo,iclr}.jsonl
"""
import json
import sys
import tempfile
from pathlib import Path

from eval.answers import ReplayChat
from eval.libraries import open_library
from rag.answer import answerable
from rag.config import DEMO_CORPUS, Settings
from rag.policy import content_terms, coverage

lib = sys.argv[1]
sets = [("answers_library_blind3", f"answers_blind3_{lib}"), ("answers_library_blind2", "answers_blind2_demo"),
        ("answers_library_holdout", "answers_demo_holdout"), ("answers_demo", None), ("answers_holdout", None), ("answers_holdout2", None)]
with tempfile.TemporaryDirectory() as tmp:
    chat = open_library(lib, Settings(), Path(tmp), [DEMO_CORPUS])
    for qset, rows in sets:
        qs = [json.loads(line) for line in open(f"eval/questions/{qset}.jsonl")]
        rep = ReplayChat.from_rows(Path(f"eval/runs/issue10/{rows}.jsonl")) if rows else None
        for q in qs:
            if q.get("history") or any('\u4e00' <= c <= '\u9fff' for c in q["question"]):
                continue
            with chat.override(rep or ReplayChat({})):
                query = chat.understand(q["question"])
            if query.intent != "answer":
                continue
            found = chat._retrieve_for(query)
            v = answerable(query, found, chat.settings, chat.word_rarity())
            texts = [f"{h.name} {h.metadata.get('display_name', '')} {h.text}" for h in found.hits]
            cov = coverage(content_terms(query.text), texts, chat.word_rarity())
            named = bool(query.named or query.filters.authors or query.filters.areas)
            print(json.dumps({"set": qset, "id": q["id"], "unans": q.get("unanswerable", False), "named": named,
                              "cov": round(cov, 3), "dense": round(found.best_dense, 3), "ok": v.ok, "type": q.get("type")}), flush=True)
