# Per-piece candidate trace of claim questions (rules only, no model): for each judge_claim call, the
# three closest candidate sentences with score, subject verdict, alignment and disagreement.
# usage: piece_trace.py LIB SET.jsonl [ID ...]   (JSONL to stdout)
import json, sys, logging
from pathlib import Path
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "s48"))
import claim_trace
import rag.claims as C, rag.pipeline as P
from rag.config import Settings
from rag.policy import subject
from rag.models import Passage
logging.disable(logging.WARNING)
orig = C.judge_claim
def traced(claim, passages, vectors, ctx, *a, **k):
    v = orig(claim, passages, vectors, ctx, *a, **k)
    cands = C._candidates(claim, passages, vectors)[:3]
    rows = []
    for c in cands:
        one = Passage(c.passage.n, c.passage.hit, c.sentence)
        ab = subject(claim, one, ctx)
        al = c.sentence in C.aligned_sentences(claim, one, authors=True)
        rows.append({"paper": c.passage.hit.name, "score": round(c.score,3), "subj": f"{ab.ok}:{ab.reason[:60]}", "aligned": al,
                     "dis": C.disagreement(claim, c.sentence, c.passage.hit.name, ctx.words_of(one))[:80], "s": c.sentence[:90]})
    claim_trace.out.setdefault("calls", []).append({"piece": claim[:150], "whole": k.get("whole", True), "verdict": v.verdict, "thr": ctx.threshold, "focus": sorted(ctx.focus), "top": rows})
    return v
C.judge_claim = P.judge_claim = traced
claim_trace.ask_each(Settings(claim_model_check=False), sys.argv[1], sys.argv[2], set(sys.argv[3:]), claim_trace.out)
