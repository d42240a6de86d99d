"""Session 46: the origin check (rag/claims.py `_origin_denied`) on every committed claim but the
newest blind set, against all the sentences of its demo papers (no retrieval, no model). Prints
each claim the check contradicts, with its label:

    PYTHONPATH=. .venv/bin/python eval/runs/issue10/s46/origin_probe.py [SKIP_SET ...]
"""
import glob
import json
import sys

from eval.claims import question_of
from rag.claims import Candidate, _origin_denied, asserted, claim_of, claim_parts, claim_sentences
from rag.config import DEMO_CORPUS
from rag.corpus import parse_seed
from rag.models import Hit, Passage
from rag.policy import Context, Subjects
from rag.sentences import split_sentences

skip = set(sys.argv[1:])
papers = {p.paper_id: p for p in parse_seed(DEMO_CORPUS, DEMO_CORPUS.read_text()).papers}
ctx = Context(subjects=Subjects({p.name: p.paper_id for p in papers.values()}))
tally: dict[str, int] = {}
for f in sorted(glob.glob("eval/questions/claims*.jsonl")):
    if any(s in f for s in skip):
        continue
    for line in open(f):
        r = json.loads(line)
        claim = asserted(claim_of(question_of(r)), ctx)
        found = []
        for pid in r.get("paper_ids", []):
            if pid in papers:
                p = papers[pid]
                hit = Hit(pid, pid, p.abstract, 1.0, {"display_name": p.name, "authors": "; ".join(p.authors)})
                found += [Candidate(1.0, 1.0, Passage(1, hit, s), s) for s in split_sentences(p.abstract)]
        for piece in dict.fromkeys([claim, *claim_sentences(claim, ctx), *claim_parts(claim, ctx)]):
            if v := _origin_denied(piece, found, ctx):
                tally[r["verdict"]] = tally.get(r["verdict"], 0) + 1
                print(json.dumps({"id": r["id"], "label": r["verdict"], "piece": piece[:120],
                                  "sentence": v.sentence[:120], "why": v.verdicts[-1].reason}, ensure_ascii=False))
                break
print(json.dumps(tally), file=sys.stderr)
