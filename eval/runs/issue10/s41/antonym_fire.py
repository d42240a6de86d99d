# For every committed claim, the sentences of its demo paper's abstract on which disagreement-type
# word checks fire, with the antonym list as shipped and with extra pairs: which verdicts they hit.
import json, glob, sys, collections
from pathlib import Path
from rag.corpus import load_papers
from rag.sentences import split_sentences
import rag.contradiction as rc
from rag.claims import claim_of
papers = {p.paper_id: p for p in load_papers(Path("rag/demo/papers.txt")).papers}
extra = json.loads(sys.argv[1])
def fires(claim, s):
    return rc.opposite_words(claim, s)
base = collections.Counter(); new = collections.Counter(); hits = []
claims = []
for f in sorted(glob.glob("eval/questions/claims_*.jsonl")):
    for l in open(f):
        r = json.loads(l); pid = next((p for p in r.get("paper_ids", []) if p in papers), None)
        if pid: claims.append((f, r, pid))
before = {}
for f, r, pid in claims:
    sents = split_sentences(papers[pid].abstract)
    before[r["id"], f] = any(fires(r["claim"], s) and rc._shared(r["claim"], s) >= 0.5 for s in sents)
w = rc.words()
import dataclasses
pairs = set(w.antonyms)
for a, b in extra:
    for x in rc.tokenize(a):
        for y in rc.tokenize(b):
            pairs |= {(x, y), (y, x)}
rc.words.cache_clear() if hasattr(rc.words, "cache_clear") else None
nw = dataclasses.replace(w, antonyms=frozenset(pairs))
rc.words = lambda: nw
for f, r, pid in claims:
    sents = split_sentences(papers[pid].abstract)
    now = [s for s in sents if fires(r["claim"], s) and rc._shared(r["claim"], s) >= 0.5]
    if bool(now) != before[r["id"], f]:
        print(f.split("/")[-1], r["id"], r["verdict"], "|", rc.opposite_words(r["claim"], now[0]) if now else "", "|", r["claim"][:120])
print(len(claims), "claims")
