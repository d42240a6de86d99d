"""Probe (no model): would a Chinese answer sentence that restates the question be caught by the
question's asked terms (from its English form) missing in the cited papers? Reads replay rows."""
import glob
import gzip
import json
import re
import sys
from pathlib import Path

from rag.corpus import load_papers
from rag.policy import asked_terms
from rag.text import tokenize

CJK = re.compile(r"[\u4e00-\u9fff]")
papers = {p.display_name: p.abstract for p in load_papers(Path("rag/demo/papers.txt")).papers}
iclr = {}
with gzip.open("/work/shared/data/iclr2026/papers.jsonl.gz", "rt") as f:
    for line in f:
        r = json.loads(line)
        iclr[r.get("title", "")] = r.get("abstract", "")


def copied_share(sentence: str, question: str, span: int = 3) -> float:
    chars = [i for i, c in enumerate(sentence) if CJK.match(c)]
    if not chars:
        return 0.0
    covered = set()
    for i in range(len(sentence) - span + 1):
        piece = sentence[i:i + span]
        if all(CJK.match(c) for c in piece) and piece in question:
            covered.update(range(i, i + span))
    return len(covered & set(chars)) / len(chars)


def words_of(names):
    text = " ".join(papers.get(n) or next((a for t, a in iclr.items() if n and n in t), "") + " " + n for n in names)
    return set(tokenize(text))


d = sys.argv[1]
for f in sorted(glob.glob(f"{d}/blind*_*.jsonl")):
    for line in open(f):
        r = json.loads(line)
        if not CJK.search(r["question"]) or r["refused"]:
            continue
        terms = asked_terms(r["standalone_query"] or "")
        held = words_of(r["cited"])
        missing = sorted(" ".join(t) for t in terms if t[0] not in held or t[1] not in held)
        shares = [copied_share(c["sentence"], r["question"]) for c in r["checks"] if c["action"] != "answer"]
        tag = "UNANS" if r["unanswerable"] else f"ANS acc={r['accuracy']}"
        print(f"{f.split('/')[-1][:-6]} {r['id']} {tag} share={max(shares or [0]):.2f} missing={missing}")
        print("   Q:", r["question"][:90], "|", r["standalone_query"][:140])
        print("   A:", r["answer"][:160].replace("\n", " "))
