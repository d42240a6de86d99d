# Trace of the whole-paper model reading of claim questions (prompts/claim_paper.md): for each
# claim, what `asserted` keeps, its sentences, the rules' verdict and each read's TRUE/FALSE.
# usage: paper_probe.py LIB SET.jsonl [ID ...]   (JSONL to stdout)
import json, sys, logging, re
from pathlib import Path
from rag.config import Settings
import rag.claims as C
import rag.pipeline as P
from rag.claims import option_probability, _VERDICT_WORDS
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "s48"))
from claim_trace import ask_each  # noqa: E402  (session 48's loop over a claim set)
logging.disable(logging.WARNING)
out = {}
orig = C.model_paper_reading
def traced(claim, found, paper, vectors, llm, *a, **k):
    out["asserted"] = claim
    out["rules"] = found.verdict
    out["sentences"] = list(k.get("sentences", ()))
    out["paper"] = paper[0].hit.name if paper else ""
    reads = out.setdefault("reads", [])
    class L:
        def first_token(self, m):
            p = llm.first_token(m)
            said = re.search(r"Claim about this paper: (.*)\n", m[0]["content"]).group(1)
            reads.append({"claim": said[:100], "T": round(option_probability(p, "TRUE", _VERDICT_WORDS), 3),
                          "F": round(option_probability(p, "FALSE", _VERDICT_WORDS), 3)})
            return p
        def __getattr__(self, n): return getattr(llm, n)
    v = orig(claim, found, paper, vectors, L(), *a, **k)
    out["final"] = v.verdict
    return v
P.model_paper_reading = traced
ask_each(Settings(), sys.argv[1], sys.argv[2], set(sys.argv[3:]), out)
