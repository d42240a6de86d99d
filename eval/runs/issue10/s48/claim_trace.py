# Rules-only trace of claim questions (no model): for each claim, what `asserted` keeps, the
# claim's sentences, and the closest candidate sentences with each check's verdict.
# usage: claim_trace.py LIB SET.jsonl [ID ...]   (JSONL to stdout)
import json, sys, tempfile, logging
from pathlib import Path
from rag.config import Settings, DEMO_CORPUS
from eval.libraries import open_library
from eval.claims import question_of
import rag.claims as C
import rag.pipeline as P
logging.disable(logging.WARNING)
out = {}
orig = C.judge_claim
def traced(claim, passages, vectors, ctx, *a, **k):
    v = orig(claim, passages, vectors, ctx, *a, **k)
    if k.get("whole", True) and "claim" not in out:
        out["claim"] = claim
        out["sentences"] = C.claim_sentences(claim, ctx)
        out["rules"] = v.verdict
        out["why"] = [f"{x.check}:{x.ok}:{x.reason[:160]}" for x in v.verdicts]
        out["near"] = [{"s": n.sentence[:160], "fails": [f"{x.check}:{x.reason[:120]}" for x in n.verdicts if not x.ok]} for n in v.near[:3]]
        cands = C._candidates(claim, passages, vectors)[:4]
        out["top"] = [{"paper": c.passage.hit.name, "cos": round(c.cosine, 3), "score": round(c.score, 3), "s": c.sentence[:120]} for c in cands]
        out["threshold"] = ctx.threshold
    return v
C.judge_claim = traced
P.judge_claim = traced
s = Settings(claim_model_check=False)
lib, f, ids = sys.argv[1], sys.argv[2], set(sys.argv[3:])
with tempfile.TemporaryDirectory() as tmp:
    chat = open_library(lib, s, Path(tmp), [DEMO_CORPUS])
    for l in open(f):
        r = json.loads(l)
        if ids and r["id"] not in ids:
            continue
        out = {}
        a = chat.ask(question_of(r))
        res = {"id": r["id"], "expected": r["verdict"], "got": a.verdict or "unstated", **out}
        print(json.dumps(res, ensure_ascii=False), flush=True)
