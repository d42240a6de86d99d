"""Session 38: the answerability gate with and without `gate_function_words`, for every English,
single-turn question naming no paper in the committed answer sets (no model: standalone queries
without the rewrite).

    PYTHONPATH=. .venv/bin/python eval/runs/issue10/s38/gate_diff.py demo|iclr > gate_diff_SIZE.jsonl
"""
import json, sys, glob, tempfile, dataclasses
from pathlib import Path
import rag.policy as pol
from eval.libraries import open_library
from eval.answers import ReplayChat
from rag.answer import answerable
from rag.config import DEMO_CORPUS, Settings

lib = sys.argv[1]
real = pol.words()
old = dataclasses.replace(real, gate_function=frozenset())
with tempfile.TemporaryDirectory() as tmp:
    chat = open_library(lib, Settings(), Path(tmp), [DEMO_CORPUS], progress=False)
    w = chat.word_rarity(); n = len(chat.lexical.chunks_of)
    for f in sorted(glob.glob('eval/questions/answers*.jsonl')):
        for line in open(f):
            q = json.loads(line)
            if q.get("history") or any('\u4e00' <= c <= '\u9fff' for c in q["question"]):
                continue
            with chat.override(ReplayChat({})):
                query = chat.understand(q["question"])
            if query.intent != "answer" or query.named or query.filters.authors or query.filters.areas:
                continue
            found = chat._retrieve_for(query)
            v_new = answerable(query, found, chat.settings, w, n)
            pol.words = lambda: old
            v_old = answerable(query, found, chat.settings, w, n)
            pol.words = lambda: real
            print(json.dumps({"set": f.split('/')[-1][:-6], "id": q["id"], "unans": q.get("unanswerable", False),
                              "old": v_old.ok, "new": v_new.ok, "r_old": v_old.reason, "r_new": v_new.reason}), flush=True)
