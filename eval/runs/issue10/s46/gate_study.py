"""Session 46: the answerability gate's signals for every single-turn question of the blind
answer sets 30-47 at one library size (standalone queries replayed from the recorded rows, no
model), with candidate signals for long plain-words descriptions:

    PYTHONPATH=. .venv/bin/python eval/runs/issue10/s46/gate_study.py demo|iclr [N,N,...] > eval/runs/issue10/s46/gate_study_{lib}.jsonl

cov / need / dense / sent: today's gate inputs; clause: the best cosine between a clause of the
question (split at sentence ends, commas and semicolons; five words or more) and a sentence of
the retrieved passages; paper_cov: coverage of the question's terms by the best hit's whole paper.
"""
import json
import re
import sys
import tempfile
from pathlib import Path

import numpy as np

from eval.answers import ReplayChat
from eval.libraries import open_library
from rag.answer import answerable
from rag.config import DEMO_CORPUS, Settings
from rag.policy import LibrarySize, content_terms, coverage, words
from rag.sentences import closest_sentence, split_sentences
from rag.text import english_stems

lib = sys.argv[1]
CLAUSE = re.compile(r"[,;:]\s+|\s[-–—]\s")
with tempfile.TemporaryDirectory() as tmp:
    chat = open_library(lib, Settings(), Path(tmp), [DEMO_CORPUS])
    papers = len(chat.lexical.chunks_of)
    for n in [int(x) for x in sys.argv[2].split(",")] if len(sys.argv) > 2 else range(30, 48):
        qs = [json.loads(line) for line in open(f"eval/questions/answers_library_blind{n}.jsonl")]
        rep = ReplayChat.from_rows(Path(f"eval/runs/issue10/answers_blind{n}_{lib}.jsonl"))
        for q in qs:
            if q.get("history"):
                continue
            with chat.override(rep):
                query = chat.understand(q["question"])
            if query.intent != "answer":
                continue
            found = chat._retrieve_for(query)
            if not found.hits:
                continue
            v = answerable(query, found, chat.settings, chat.word_rarity(), papers, chat.vectors)
            named = bool(query.named or query.filters.authors or query.filters.areas)
            texts = [f"{h.name} {h.metadata.get('display_name', '')} {h.text}" for h in found.hits]
            function = words().gate_function
            terms = [t for t in content_terms(query.text) if t not in function]
            cov = coverage(terms, texts, chat.word_rarity())
            sent = closest_sentence(query.text, [h.text for h in found.hits], chat.vectors)
            clauses = [c for s in split_sentences(query.text) for c in CLAUSE.split(s) if len(c.split()) >= 5]
            sents = [s for h in found.hits for s in (split_sentences(h.text) or [h.text])]
            clause = float(np.max(chat.vectors.texts(clauses) @ chat.vectors.texts(sents).T)) if clauses else sent
            pid = found.hits[0].paper_id
            paper_cov = coverage(terms, [chat.lexical.paper_text(pid)], chat.word_rarity())
            size = LibrarySize(min(1.0, papers / chat.settings.unknown_word_papers), chat.settings.answerable_coverage_small,
                               english_stems())
            wcov = coverage(terms, texts, size.weight(terms, chat.word_rarity()))
            m = re.search(r"\(need ([\d.]+)\)", v.reason)
            print(json.dumps({"set": n, "id": q["id"], "type": q.get("type"), "unans": q.get("unanswerable", False),
                              "named": named, "ok": v.ok, "reason": v.reason, "cov": round(cov, 3), "wcov": round(wcov, 3), "terms": len(terms),
                              "need": float(m.group(1)) if m else None, "dense": round(found.best_dense, 3),
                              "sent": round(sent, 3), "clause": round(clause, 3),
                              "paper_cov": None if paper_cov is None else round(paper_cov, 3),
                              "words": len(q["question"].split())}), flush=True)
