# Every judge_claim call (rules only, no model) for each claim of a set: the piece judged, whole or a
# statement, its verdict and failing checks. usage: sent_trace.py LIB SET.jsonl [ID ...] (JSONL to stdout)
import logging
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "s48"))
import claim_trace  # noqa: E402  (session 48's loop over a claim set)
import rag.claims as C  # noqa: E402
import rag.pipeline as P  # noqa: E402
from rag.config import Settings  # noqa: E402

logging.disable(logging.WARNING)
orig = C.judge_claim


def traced(claim, passages, vectors, ctx, *a, **k):
    v = orig(claim, passages, vectors, ctx, *a, **k)
    claim_trace.out.setdefault("calls", []).append({
        "piece": claim[:200], "whole": k.get("whole", True), "verdict": v.verdict,
        "why": [f"{x.check}:{x.reason[:140]}" for x in v.verdicts if not x.ok][:3]})
    return v


C.judge_claim = P.judge_claim = traced
claim_trace.ask_each(Settings(claim_model_check=False), sys.argv[1], sys.argv[2], set(sys.argv[3:]), claim_trace.out)
