# which words of the committed questions are one edit from a loaded surname but not one (iclr catalogue)
import json, glob, sys, tempfile, logging, re
from pathlib import Path
from rag.config import Settings, DEMO_CORPUS
from eval.libraries import open_library
from rag.authors import surname_of, surname_key
from rag.text import fold
from rag.query import english_words
logging.disable(logging.WARNING)
def variants(w):
    return {w} | {w[:i] + w[i+1:] for i in range(len(w))}
with tempfile.TemporaryDirectory() as tmp:
    chat = open_library(sys.argv[1], Settings(), Path(tmp), [DEMO_CORPUS])
    cat = chat.store.catalogue()
    surnames = {}
    for pid, rec in cat.items():
        for a in rec.authors:
            k = surname_of(a)
            if len(k) >= 5: surnames.setdefault(k, set()).add(pid)
    index = {}
    for k in surnames:
        for v in variants(k): index.setdefault(v, set()).add(k)
    eng = english_words()
    for f in sorted(glob.glob('eval/questions/*.jsonl')):
        for l in open(f):
            r = json.loads(l)
            q = r.get('question') or r.get('claim') or ''
            for w in re.findall(r"\b[A-Z][a-zà-ÿ'\-]{4,}\b", q):
                k = surname_key(fold(w))
                if k in surnames or k in eng or w.lower() in eng: continue
                near = set()
                for v in variants(k): near |= index.get(v, set())
                if near:
                    exp = set(r.get('paper_ids') or [])
                    hit = any(surnames[n] & exp for n in near)
                    print(f.split('/')[-1][:28], r['id'], w, '->', sorted(near)[:4], 'EXPECTED' if hit else '')
