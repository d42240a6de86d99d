# What `asserted` reads of every committed claim (the tree on PYTHONPATH), at one library size:
# JSONL {set, id, verdict, asserted} to stdout. usage: asserted_all.py LIB
import json, sys, tempfile, logging
from pathlib import Path
from rag.config import Settings, DEMO_CORPUS
from eval.libraries import open_library
from eval.claims import question_of
from rag.claims import claim_of, asserted
from rag.policy import Context
logging.disable(logging.WARNING)


def each_claim(lib, read, seen_not=frozenset({"claims_blind49"})):
    """One JSONL row per committed claim (not of the sets `seen_not`, blind before their run):
    {set, id, verdict, asserted} and what `read(asserted, ctx)` adds."""
    s = Settings(claim_model_check=False)
    with tempfile.TemporaryDirectory() as tmp:
        chat = open_library(lib, s, Path(tmp), [DEMO_CORPUS])
        ctx = Context(subjects=chat._subjects())
        for f in sorted(Path("/work/main/eval/questions").glob("claims_*.jsonl")):
            if f.stem in seen_not: continue
            for l in open(f):
                r = json.loads(l)
                said = asserted(claim_of(question_of(r)), ctx)
                print(json.dumps({"set": f.stem, "id": r["id"], "verdict": r["verdict"], "asserted": said,
                                  **read(said, ctx)}, ensure_ascii=False))


if __name__ == "__main__":
    each_claim(sys.argv[1], lambda said, ctx: {})
