"""Issue 10, session 28: where `swapped_cause` fires over every committed claim set, run on
each claim against every sentence of its papers' abstracts (demo and ICLR copies), no model:
a hit on a supported or unstated claim is a false contradiction it could cause.

    .venv/bin/python eval/runs/issue10/s28/swapped_cause_probe.py
"""
import glob
import gzip
import json
from collections import Counter
from pathlib import Path

from rag.contradiction import swapped_cause
from rag.corpus import load_papers
from rag.sentences import split_sentences

texts = {p.paper_id: p.abstract for p in load_papers(Path("rag/demo/papers.txt")).papers}
wanted: set[str] = set()
claims = []
for path in sorted(glob.glob("eval/questions/claims_*.jsonl")):
    for line in open(path, encoding="utf-8"):
        if line.strip():
            r = json.loads(line)
            claims.append((path.split("/")[-1], r))
            wanted |= set(r.get("paper_ids", []))
missing = wanted - set(texts)
if missing:
    import tempfile
    with gzip.open("../shared/data/iclr2026/papers.jsonl.gz", "rt", encoding="utf-8") as fh, \
            tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as out:
        for line in fh:
            out.write(line)
    for p in load_papers(Path(out.name)).papers:
        if p.paper_id in missing:
            texts[p.paper_id] = p.abstract
hits, tally = [], Counter()
for name, r in claims:
    tally[r["verdict"]] += 1
    for pid in r.get("paper_ids", []):
        for sentence in split_sentences(texts.get(pid, "")):
            if why := swapped_cause(r["claim"], sentence):
                hits.append((name, r["id"], r["verdict"], r["claim"], sentence, why))
                break
print(f"{len(claims)} claims ({dict(tally)}) in {len({n for n, _ in claims})} files; fires on {len(hits)}:")
for name, cid, verdict, claim, sentence, why in hits:
    print(f"- {name} {cid} [{verdict}] {claim}\n    against: {sentence}\n    {why}")
