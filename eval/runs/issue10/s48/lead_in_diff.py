# Which committed claims `asserted` now reads differently (the lead-in rule), at one library
# size: prints the claim's id, verdict and the before/after text. usage: lead_in_diff.py LIB OLD_REV
import json, subprocess, sys, tempfile, logging, importlib, types
from pathlib import Path
from rag.config import Settings, DEMO_CORPUS
from eval.libraries import open_library
from eval.claims import question_of
from rag.claims import claim_of, asserted
from rag.policy import Context
logging.disable(logging.WARNING)
SEEN_NOT = {"claims_blind48"}  # blind: not read before its run
old_src = subprocess.run(["git", "show", f"{sys.argv[2]}:rag/claims.py"], capture_output=True, text=True, check=True).stdout
old = types.ModuleType("old_claims"); sys.modules["old_claims"] = old; exec(compile(old_src, "old_claims", "exec"), old.__dict__)
s = Settings(claim_model_check=False)
with tempfile.TemporaryDirectory() as tmp:
    chat = open_library(sys.argv[1], s, Path(tmp), [DEMO_CORPUS])
    ctx = Context(subjects=chat._subjects())
    n = changed = 0
    for f in sorted(Path("eval/questions").glob("claims_*.jsonl")):
        if f.stem in SEEN_NOT: continue
        for l in open(f):
            r = json.loads(l); n += 1
            c = claim_of(question_of(r))
            a, b = old.asserted(c, ctx), asserted(c, ctx)
            if a != b:
                changed += 1
                print(json.dumps({"set": f.stem, "id": r["id"], "verdict": r["verdict"], "before": a, "after": b}, ensure_ascii=False))
    print(f"{changed} of {n} claims read differently", file=sys.stderr)
