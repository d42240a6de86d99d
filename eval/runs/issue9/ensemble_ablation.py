"""Issue 9, session 7: do MiniLM and multilingual-e5-small (4-bit) together find paraphrased
questions' papers better than either alone? (scratch ablation, kept for reproducibility)

Both embedders' stored chunk vectors of the 4,310-paper library (`iclr-minilm` and `iclr-e5`,
the same chunks) are read; per question each model's chunk cosines are standardised over all
chunks and mixed, a * MiniLM + (1 - a) * e5, and that score takes the dense side's place in the
product's fusion as re-implemented in fusion_ablation.py (BM25 query without stop words, as
shipped; exact search). a = 1 is the product as shipped; a = 0 is e5 in MiniLM's place.

    flock /tmp/heavy.lock .venv/bin/python eval/runs/issue9/ensemble_ablation.py dev holdout blind3 blind4 blind5
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import fusion_ablation as fa  # noqa: E402


def e5_side(lib: fa.Library) -> tuple[np.ndarray, Any]:
    """e5's chunk vectors in the MiniLM library's chunk order, and the e5 embedder."""
    from eval.libraries import library_settings
    from rag.config import Settings
    from rag.embed import load_embedder
    from rag.pipeline import PaperChat

    settings = library_settings("iclr", Settings(embed_model="e5"))
    chat = PaperChat(settings)
    got = chat.store.collection.get(include=["embeddings"])
    by_id = dict(zip(got["ids"], got["embeddings"], strict=True))
    mine = PaperChat(library_settings("iclr", Settings())).store.collection.get(include=[])["ids"]
    vecs = np.asarray([by_id[i] for i in mine], np.float32)
    return vecs / np.linalg.norm(vecs, axis=1, keepdims=True), load_embedder(settings)


def main() -> None:
    names = sys.argv[1:] or ["dev"]
    lib = fa.first_library(names)
    e5_chunks, e5 = e5_side(lib)
    print(f"library: {len(lib.pids)} papers, {len(lib.chunks)} chunks (MiniLM and e5)")
    original = fa.rank

    def rank(lib: fa.Library, rec: dict[str, Any], cfg: dict[str, Any]) -> list[str]:
        a = cfg.get("mix", 1.0)
        if a >= 1.0:
            return original(lib, rec, cfg)
        q = rec["qv"] / np.linalg.norm(rec["qv"])
        mini = lib.chunks @ q
        other = e5_chunks @ rec["e5v"]
        z = lambda x: (x - x.mean()) / (x.std() or 1.0)  # noqa: E731
        return fa.with_chunk_scores(lib, rec, cfg, a * z(mini) + (1 - a) * z(other), original)

    def embed_questions(lib: fa.Library) -> None:
        for rec in lib.questions:
            v = np.asarray(e5.get_query_embedding(rec["text"]), np.float32)
            rec["e5v"] = v / np.linalg.norm(v)

    fa.rank = rank
    rows = [(f"MiniLM {a} + e5 {round(1 - a, 2)}", {"stopwords": "words", "mix": a})
            for a in (1.0, 0.7, 0.5, 0.3, 0.0)]
    fa.print_sets(names, lib, rows, embed_questions)


if __name__ == "__main__":
    main()
