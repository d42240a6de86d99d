"""Session 38: where the first token's time goes, per English answerable question: the
prompt's characters and the pipeline's own stages (retrieval + evidence) before the model reads it.

    PYTHONPATH=. .venv/bin/python eval/runs/issue10/s38/first_token_profile.py demo eval/questions/answers_library_blind38.jsonl 8
"""
import json, sys, time, tempfile
from pathlib import Path
import rag.pipeline as pl
from rag.config import Settings
from eval.libraries import open_library
from rag.config import DEMO_CORPUS

T = {}
def wrap(obj, name, key):
    f = getattr(obj, name)
    def g(*a, **k):
        t = time.perf_counter(); r = f(*a, **k); T[key] = T.get(key, 0) + time.perf_counter() - t; return r
    setattr(obj, name, g)

lib = sys.argv[1]; qfile = sys.argv[2]; n = int(sys.argv[3])
rows = [json.loads(l) for l in open(qfile)]
rows = [r for r in rows if not r['unanswerable'] and not any('\u4e00' <= c <= '\u9fff' for c in r['question']) and r['type'] != 'compare'][:n]
with tempfile.TemporaryDirectory() as tmp:
    chat = open_library(lib, Settings(), Path(tmp), [DEMO_CORPUS], progress=False)
    chat.llm()
    wrap(chat, 'understand', 'understand'); wrap(chat, '_retrieve_for', 'retrieve')
    wrap(pl, 'select_evidence', 'evidence'); wrap(pl, 'answerable', 'answerable'); wrap(chat, '_answer_context', 'context')
    M={}
    _bm=pl.build_messages
    def bm(*a,**k):
        m=_bm(*a,**k); M['chars']=sum(len(x['content']) for x in m); M['sys']=len(m[0]['content']); return m
    pl.build_messages=bm
    for r in rows:
        T.clear(); t0 = time.perf_counter(); first = None; chars = 0
        orig = pl.build_messages
        for ev in chat.ask_stream(r['question']):
            if ev.kind == 'passages':
                tp = time.perf_counter() - t0
            if ev.kind == 'token' and first is None:
                first = time.perf_counter() - t0
        print(r['id'], f"first={first and round(first,2)}", M, round(T.get('retrieve',0)+T.get('evidence',0),2), flush=True)
