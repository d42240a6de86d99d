"""Issue 10, session 33: where a claim check of rag/contradiction.py fires over every committed
claim set, each claim against every sentence of its papers' abstracts (demo and ICLR copies),
no model: a hit on a supported or unstated claim is a false contradiction it could cause.

    .venv/bin/python eval/runs/issue10/s33/claim_check_probe.py changed_figure
"""
import glob
import gzip
import json
import sys
import tempfile
from collections import Counter
from pathlib import Path

import rag.contradiction
from rag.corpus import load_papers
from rag.sentences import split_sentences

check = getattr(rag.contradiction, sys.argv[1])
texts = {p.paper_id: p.abstract for p in load_papers(Path("rag/demo/papers.txt")).papers}
wanted: set[str] = set()
claims = []
for path in sorted(glob.glob("eval/questions/claims_*.jsonl")):
    for line in open(path, encoding="utf-8"):
        if line.strip():
            r = json.loads(line)
            claims.append((path.split("/")[-1], r))
            wanted |= set(r.get("paper_ids", []))
if missing := wanted - set(texts):
    with gzip.open("../shared/data/iclr2026/papers.jsonl.gz", "rt", encoding="utf-8") as fh, \
            tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as out:
        out.writelines(fh)
    texts.update({p.paper_id: p.abstract for p in load_papers(Path(out.name)).papers if p.paper_id in missing})
hits, tally, fired = [], Counter(), Counter()
for name, r in claims:
    tally[r["verdict"]] += 1
    for pid in r.get("paper_ids", []):
        for sentence in split_sentences(texts.get(pid, "")):
            if why := check(r["claim"], sentence):
                hits.append((name, r["id"], r["verdict"], r["claim"], sentence, why))
                fired[r["verdict"]] += 1
                break
        else:
            continue
        break
print(f"{sys.argv[1]}: {len(claims)} claims ({dict(tally)}) in {len({n for n, _ in claims})} files; "
      f"fires on {len(hits)} ({dict(fired)}):")
for name, cid, verdict, claim, sentence, why in hits:
    print(f"- {name} {cid} [{verdict}] {claim}\n    against: {sentence}\n    {why}")
