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


def ask_each(settings, lib, path, ids, out):
    """Each claim question of the set (those of `ids`, or all) asked of the library, one JSONL
    row per claim with what the tracing functions left in `out` (emptied before each)."""
    with tempfile.TemporaryDirectory() as tmp:
        chat = open_library(lib, settings, Path(tmp), [DEMO_CORPUS])
        for l in open(path):
            r = json.loads(l)
            if ids and r["id"] not in ids:
                continue
            out.clear()
            a = chat.ask(question_of(r))
            res = {"id": r["id"], "expected": r["verdict"], "got": a.verdict or "unstated", **out}
            print(json.dumps(res, ensure_ascii=False), flush=True)


if __name__ == "__main__":
    C.judge_claim = traced
    P.judge_claim = traced
    ask_each(Settings(claim_model_check=False), sys.argv[1], sys.argv[2], set(sys.argv[3:]), out)
