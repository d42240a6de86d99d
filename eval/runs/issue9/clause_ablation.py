"""Issue 9, session 6: does a long question's clauses, embedded one by one, find its paper
better than the whole question's single vector? (scratch ablation, kept for reproducibility)

Each English ranked question is split into clauses (commas, semicolons, "and", "that",
"which", "so", "while", "by", "but"; clauses of >= 3 content words kept). A paper's dense
score becomes (1 - a) * max chunk cosine to the whole question + a * mean over clauses of the
max chunk cosine to that clause; the rest is the product's fusion as re-implemented in
fusion_ablation.py (BM25 query without stop words, as shipped).

    flock /tmp/heavy.lock .venv/bin/python eval/runs/issue9/clause_ablation.py dev|holdout|blind3
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import fusion_ablation as fa  # noqa: E402

SPLIT = re.compile(r"[,;:()]|\s(?:and|that|which|so|while|by|but|whose|where|to)\s", re.IGNORECASE)


def clauses(text: str) -> list[str]:
    parts = [p.strip() for p in SPLIT.split(text)]
    return [p for p in parts if len([w for w in re.findall(r"[A-Za-z]{3,}", p)]) >= 3]


def main() -> None:
    name = sys.argv[1] if len(sys.argv) > 1 else "dev"
    fa.QUESTIONS = fa.ROOT / "eval" / "questions" / f"retrieval_library_{name}.jsonl"
    lib = fa.Library()
    from eval.libraries import library_settings
    from rag.config import Settings
    from rag.embed import load_embedder

    embed = load_embedder(library_settings("iclr", Settings()))
    for rec in lib.questions:
        cl = clauses(rec["text"])
        rec["clause_vecs"] = [np.asarray(v, np.float32) for v in embed.get_text_embedding_batch(
            [f"{c}" for c in cl])] if len(cl) >= 2 else []
        rec["n_clauses"] = len(cl)
    original = fa.rank

    def rank(lib: fa.Library, rec: dict[str, Any], cfg: dict[str, Any]) -> list[str]:
        a = cfg.get("clauses", 0.0)
        if not a or not rec["clause_vecs"]:
            return original(lib, rec, cfg)
        # Replace the chunk matrix product by the blended per-paper score: emulate by
        # temporarily swapping the question vector's cosines through a patched library.
        q = rec["qv"] / np.linalg.norm(rec["qv"])
        full = lib.chunks @ q
        per = []
        for v in rec["clause_vecs"]:
            c = lib.chunks @ (v / np.linalg.norm(v))
            best = np.full(len(lib.pids), -1.0, np.float32)
            np.maximum.at(best, lib.chunk_paper, c)
            per.append(best[lib.chunk_paper])  # each chunk gets its paper's best clause cosine
        blended = (1 - a) * full + a * np.mean(per, axis=0)
        saved = lib.chunks
        try:  # a one-column "chunk matrix" whose product with [1] gives the blended cosines
            lib.chunks = blended[:, None].astype(np.float32)
            rec2 = dict(rec, qv=np.ones(1, np.float32))
            return original(lib, rec2, cfg)
        finally:
            lib.chunks = saved

    fa.rank = rank
    print(f"questions: {fa.QUESTIONS.name} ({len(lib.questions)} English ranked; "
          f"{sum(1 for r in lib.questions if r['clause_vecs'])} with >= 2 clauses)")
    for label, cfg in [("as shipped", {"stopwords": "words"})] + [
            (f"clauses a={a}", {"stopwords": "words", "clauses": a}) for a in (0.2, 0.35, 0.5, 0.7)]:
        r = fa.score(lib, cfg)
        cells = "  ".join(f"{k} {r[k][0]}/{r[k][1]} {r[k][2]:.3f}" for k in ("single", "paraphrase", "multi") if k in r)
        print(f"{label:<20} {cells}  misses {' '.join(r['misses'])}", flush=True)


if __name__ == "__main__":
    main()
