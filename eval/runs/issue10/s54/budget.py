# Session 54: a claim naming a paper, its evidence chosen the old way (other papers' closest
# passages searched with the claim's author filter, one budget shared) and the new way (no author
# filter for the other papers; the named paper keeps the budget, each other paper adds at most its
# closest sentence). Rules only (no model). For every claim of every committed claim set whose
# evidence differs, both rules verdicts: JSONL {set, id, expected, old, new, named} to stdout.
# usage: [SHOW='ID ...'] PYTHONPATH=/work/main:. budget.py LIB [SET ...]
import json, logging, os, sys
from dataclasses import replace
from claimloop import ask_each
import rag.pipeline as P
from rag.claims import asserted, claim_of, judge_claim
from rag.evidence import select_evidence
logging.disable(logging.WARNING)
row: dict = {}
orig = P.PaperChat._claim


def _claim(self, question, query, found, ctx, suggestions, asked, t0, model):
    s = self.settings
    if query.named and asked.ok:
        claim = asserted(claim_of(query.text), ctx)
        named = frozenset(query.named)
        got = {}
        for way, filters, first in (("old", replace(query.filters, paper_ids=()), frozenset()),
                                    ("new", replace(query.filters, paper_ids=(), authors=()), named)):
            others = self.retrieve(query.text, filters, k=3, per_paper=1)
            hits = found.hits + [h for h in others.hits if h.paper_id not in named]
            got[way] = select_evidence(hits, claim, self.vectors, s.evidence_tokens, min_relative=0.5, first=first)
        row["named"] = True
        if [(p.hit.paper_id, p.text) for p in got["old"]] != [(p.hit.paper_id, p.text) for p in got["new"]]:
            for way in ("old", "new"):
                if SHOW:
                    row[way + "_passages"] = [f"{p.hit.name}: {p.text}" for p in got[way]]
                v = judge_claim(claim, got[way], self.vectors, ctx, s.claim_support_steps,
                                s.claim_attribution_coverage)
                row[way] = v.verdict
                if SHOW:
                    row[way + "_why"] = [f"{x.check}:{x.ok}:{x.reason[:200]}" for x in v.verdicts]
                    row[way + "_near"] = [[n.sentence[:100], [f"{x.check}:{x.reason[:150]}" for x in n.verdicts
                                                              if not x.ok]] for n in v.near[:3]]
    yield from orig(self, question, query, found, ctx, suggestions, asked, t0, model)


P.PaperChat._claim = _claim
SHOW = set(os.environ.get("SHOW", "").split())  # ids whose passages are printed too


def emit(name, r):
    if "old" in row:
        print(json.dumps({"set": name, "id": r["id"], "expected": r["verdict"], **row}), flush=True)


ask_each(sys.argv[1], sys.argv[2:], row, emit, lambda r: not SHOW or r["id"] in SHOW)
