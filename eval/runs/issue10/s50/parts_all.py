# How the tree on PYTHONPATH reads every committed claim, at one library size, without the model:
# what `asserted` keeps, its sentences (`claim_sentences`) and statements (`claim_parts`).
# JSONL {set, id, verdict, asserted, sentences, parts} to stdout. usage: parts_all.py LIB
import sys
from pathlib import Path
from rag.claims import claim_sentences, claim_parts
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "s49"))
from asserted_all import each_claim  # noqa: E402  (session 49's loop over the committed claims)

each_claim(sys.argv[1], lambda said, ctx: {"sentences": claim_sentences(said, ctx), "parts": claim_parts(said, ctx)},
           seen_not=frozenset({"claims_blind50"}))
