# How the tree on PYTHONPATH reads every committed claim, at one library size, without the model:
# what `asserted` keeps, its sentences (`claim_sentences`) and statements (`claim_parts`).
# JSONL {set, id, verdict, asserted, sentences, parts} to stdout. usage: parts_all.py LIB
import json, sys, tempfile, logging
from pathlib import Path
from rag.config import Settings, DEMO_CORPUS
from eval.libraries import open_library
from eval.claims import question_of
from rag.claims import claim_of, asserted, claim_sentences, claim_parts
from rag.policy import Context
logging.disable(logging.WARNING)
SEEN_NOT = {"claims_blind50"}  # blind: not read before its run
s = Settings(claim_model_check=False)
with tempfile.TemporaryDirectory() as tmp:
    chat = open_library(sys.argv[1], s, Path(tmp), [DEMO_CORPUS])
    ctx = Context(subjects=chat._subjects())
    for f in sorted(Path("/work/main/eval/questions").glob("claims_*.jsonl")):
        if f.stem in SEEN_NOT: continue
        for l in open(f):
            r = json.loads(l)
            said = asserted(claim_of(question_of(r)), ctx)
            print(json.dumps({"set": f.stem, "id": r["id"], "verdict": r["verdict"], "asserted": said,
                              "sentences": claim_sentences(said, ctx), "parts": claim_parts(said, ctx)},
                             ensure_ascii=False))
