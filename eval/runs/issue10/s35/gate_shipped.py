"""The answerability gate as shipped (rag/answer.py `answerable`, with the library's size) on
every English, single-turn question naming no paper, author or area of blind14-36, at one
library size; prints how many answerable and unanswerable questions the model is asked
(session 35). Standalone queries come from the recorded rows (no model):

    PYTHONPATH=. .venv/bin/python eval/runs/issue10/s35/gate_shipped.py demo|iclr
"""
import json
import sys
import tempfile
from pathlib import Path

from eval.answers import ReplayChat
from eval.libraries import open_library
from rag.answer import answerable
from rag.config import DEMO_CORPUS, Settings

lib = sys.argv[1]
asked = {True: 0, False: 0}
total = {True: 0, False: 0}
with tempfile.TemporaryDirectory() as tmp:
    chat = open_library(lib, Settings(), Path(tmp), [DEMO_CORPUS])
    weight, papers = chat.word_rarity(), len(chat.lexical.chunks_of)
    for n in range(14, 37):
        qs = [json.loads(line) for line in open(f"eval/questions/answers_library_blind{n}.jsonl")]
        rep = ReplayChat.from_rows(Path(f"eval/runs/issue10/answers_blind{n}_{lib}.jsonl"))
        for q in qs:
            if q.get("history") or any('\u4e00' <= c <= '\u9fff' for c in q["question"]):
                continue
            with chat.override(rep):
                query = chat.understand(q["question"])
            if query.intent != "answer" or query.named or query.filters.authors or query.filters.areas:
                continue
            unans = bool(q.get("unanswerable"))
            total[unans] += 1
            asked[unans] += answerable(query, chat._retrieve_for(query), chat.settings, weight, papers).ok
print(f"{lib} ({papers} papers): answerable asked {asked[False]} of {total[False]}, "
      f"unanswerable asked {asked[True]} of {total[True]}")
