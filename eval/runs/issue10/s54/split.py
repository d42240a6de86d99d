# Session 54: a claim's rules verdict (no model) with the sentence splitter before and after the
# "…" evidence gap became a sentence boundary (rag/sentences.py `_SPLIT`). Evidence is chosen
# from the chunks' own text, which has no "…", so only the judging reads differently: each claim's
# evidence is chosen once (current code) and judged with both splitters. JSONL {set, id,
# expected, old, new} to stdout for every claim whose verdict differs.
# usage: PYTHONPATH=<tree with the new splitter>:. split.py LIB [SET ...]
import json, logging, re, sys
from claimloop import ask_each
import rag.claims as C
import rag.pipeline as P
import rag.sentences as S
logging.disable(logging.WARNING)
NEW = S._SPLIT
OLD = re.compile(
    S._ABBREV + r"(?:(?<=[.!?])|(?<=[.!?][\"”]))\s+(?=[A-Z0-9\"'(\[$\\*\u4e00-\u9fff])|(?<=[。！？])\s*"
    rf"|(?<=et al\.)\s+(?={S._OPENERS})")
row: dict = {}
orig = C.judge_claim


def judged(claim, passages, vectors, ctx, *a, **k):
    if "busy" not in row:  # the pipeline's call; the judge's own calls of itself pass through
        row["busy"] = True
        S._SPLIT = OLD
        try:
            row["old"] = orig(claim, passages, vectors, ctx, *a, **k).verdict
        finally:
            S._SPLIT = NEW
        row["new"] = orig(claim, passages, vectors, ctx, *a, **k).verdict
    return orig(claim, passages, vectors, ctx, *a, **k)


C.judge_claim = P.judge_claim = judged


def emit(name, r):
    if row.get("old") != row.get("new"):
        print(json.dumps({"set": name, "id": r["id"], "expected": r["verdict"],
                          "old": row.get("old"), "new": row.get("new")}), flush=True)


ask_each(sys.argv[1], sys.argv[2:], row, emit)
