# For every committed claim (and every recorded answer sentence that cites a demo paper), whether
# `contradiction` fires against some sentence of its paper's abstract with direction_settings as
# shipped and with the list empty: the claims / sentences whose outcome the setting words change.
import json, glob, dataclasses
from pathlib import Path
from rag.corpus import load_papers
from rag.sentences import split_sentences
import rag.contradiction as rc
papers = {p.paper_id: p for p in load_papers(Path("rag/demo/papers.txt")).papers}
w = rc.words()
plain = dataclasses.replace(w, settings=frozenset())
def run(words, claim, sents, name):
    rc.words = lambda: words
    return [s for s in sents if rc.contradiction(claim, s, name, spelled=True)]
n = 0
for f in sorted(glob.glob("eval/questions/claims_*.jsonl")):
    for l in open(f):
        r = json.loads(l); pid = next((p for p in r.get("paper_ids", []) if p in papers), None)
        if not pid:
            continue
        n += 1
        p = papers[pid]; sents = split_sentences(p.abstract)
        name = r.get("papers", [""])[0]
        a, b = run(plain, r["claim"], sents, name), run(w, r["claim"], sents, name)
        if bool(a) != bool(b) or len(a) != len(b):
            print(f.split("/")[-1], r["id"], r["verdict"], len(a), "->", len(b), "|", r["claim"][:100])
print(n, "claims")
