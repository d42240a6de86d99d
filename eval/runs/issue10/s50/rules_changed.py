# Rules-only verdicts (no model) of the claims listed in a JSON file {set: [ids]}, with the tree
# on PYTHONPATH, at one library size: JSONL {set, id, expected, got} to stdout.
# usage: rules_changed.py LIB CHANGED.json
import json, sys, logging
from pathlib import Path
from rag.config import Settings
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "s48"))
import claim_trace  # noqa: E402  (session 48's loop over a claim set and its rules trace)
import rag.claims as C  # noqa: E402
import rag.pipeline as P  # noqa: E402
logging.disable(logging.WARNING)
C.judge_claim = P.judge_claim = claim_trace.traced
changed = json.load(open(sys.argv[2]))
for name, ids in changed.items():
    claim_trace.ask_each(Settings(claim_model_check=False), sys.argv[1], f"/work/main/eval/questions/{name}.jsonl",
                         set(ids), claim_trace.out)
