"""Issue 10, session 28: what `disagreement` (the claims' rule checks) finds between every
committed claim and every sentence of its papers' abstracts, one line per (claim, sentence)
that disagrees, no model; run in two checkouts and diff the outputs to see what a change to
the rules moves.

    .venv/bin/python eval/runs/issue10/s28/negation_or_probe.py > after.txt
"""
import glob
import gzip
import json
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, ".")
from rag.claims import disagreement  # noqa: E402
from rag.corpus import load_papers  # noqa: E402
from rag.sentences import split_sentences  # noqa: E402

papers = {p.paper_id: p for p in load_papers(Path("rag/demo/papers.txt")).papers}
claims = [(path.split("/")[-1], json.loads(line)) for path in sorted(glob.glob("eval/questions/claims_*.jsonl"))
          for line in open(path, encoding="utf-8") if line.strip()]
wanted = {pid for _, r in claims for pid in r.get("paper_ids", [])} - set(papers)
with gzip.open("../shared/data/iclr2026/papers.jsonl.gz", "rt", encoding="utf-8") as fh, \
        tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as out:
    out.writelines(fh)
papers |= {p.paper_id: p for p in load_papers(Path(out.name)).papers if p.paper_id in wanted}
for name, r in claims:
    for pid in r.get("paper_ids", []):
        if pid not in papers:
            continue
        p = papers[pid]
        for sentence in split_sentences(p.abstract):
            if why := disagreement(r["claim"], sentence, p.name):
                print(f"{name} {r['id']} [{r['verdict']}] {pid}: {why} || {sentence[:90]}")
