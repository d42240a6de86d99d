# Session 50's parts_all.py over every committed claim set (claims_blind50 and 51 included):
# how the tree on PYTHONPATH reads each claim without the model. usage: parts_all.py LIB
import sys
from pathlib import Path
from rag.claims import claim_sentences, claim_parts
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "s49"))
from asserted_all import each_claim  # noqa: E402  (session 49's loop over the committed claims)

each_claim(sys.argv[1], lambda said, ctx: {"sentences": claim_sentences(said, ctx), "parts": claim_parts(said, ctx)},
           seen_not=frozenset())
