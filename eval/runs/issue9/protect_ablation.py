"""Issue 9, session 18: the fusion sometimes drops a paper the dense side ranks first or second
(blind10, blind11, blind12's ls19: bare MiniLM found the paraphrase's paper, the fused ranking
lost it). Does keeping each side's best papers in the fused top 5 help? (scratch ablation, kept
for reproducibility; not part of the product unless the table says so)

The product's fusion as re-implemented in fusion_ablation.py (BM25 query without stop words, as
shipped; exact dense search). A variant takes the fused ranking and moves a side's top papers
into the top 5 when they are not there (they take ranks 5, 4, ... in their side's order; the
fused papers they displace move down one place each). "if z >= t": only when that paper's
z-score on its own side is at least t (a side that is sure of it).

    flock /tmp/heavy.lock .venv/bin/python eval/runs/issue9/protect_ablation.py \
        dev holdout blind3 blind4 blind5 blind6 blind7 blind8 blind9 blind10 blind11 blind12
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import fusion_ablation as fa  # noqa: E402

SHIPPED = {"stopwords": "words"}


def side_orders(lib: fa.Library, rec: dict[str, Any], n: int = 50) -> dict[str, list[tuple[int, float]]]:
    """Each side's top papers (index, z-score over its own candidates), best first."""
    cos = lib.chunks @ (rec["qv"] / np.linalg.norm(rec["qv"]))
    dense = np.full(len(lib.pids), -1.0, np.float32)
    np.maximum.at(dense, lib.chunk_paper, cos)
    dcand = np.unique(lib.chunk_paper[np.argsort(-cos)[: 2 * n]])
    bm = fa.bm25(rec, SHIPPED, lib.n_docs)
    bcand = np.argsort(-bm)[:n]
    bcand = bcand[bm[bcand] > 0]
    out = {}
    for side, scores, cand in (("dense", dense, dcand), ("bm25", bm, bcand)):
        if len(cand) == 0:
            out[side] = []
            continue
        z = fa.zscores(scores, cand, False)
        best = cand[np.argsort(-scores[cand], kind="stable")]
        out[side] = [(int(i), float(z[i])) for i in best[:5]]
    return out


def protected(order: list[str], keep: list[str], top: int = 5) -> list[str]:
    """`order` with every paper of `keep` inside its first `top` places (`keep` best first)."""
    missing = [p for p in dict.fromkeys(keep) if p not in order[:top]][:top]
    if not missing:
        return order
    rest = [p for p in order if p not in missing]
    head = rest[: top - len(missing)]
    return head + missing + rest[top - len(missing):]


def main() -> None:
    names = sys.argv[1:] or ["dev"]
    lib = fa.first_library(names)
    original = fa.rank

    def rank(lib: fa.Library, rec: dict[str, Any], cfg: dict[str, Any]) -> list[str]:
        order = original(lib, rec, SHIPPED)
        want = cfg.get("keep", {})
        if not want:
            return order
        sides = side_orders(lib, rec)
        keep = [lib.pids[i] for side, (k, t) in want.items()
                for i, z in sides[side][:k] if z >= t]
        return protected(order + [p for p in keep if p not in order], keep)

    fa.rank = rank
    rows: list[tuple[str, dict[str, Any]]] = [("product", {})]
    rows += [(f"dense top {k} kept", {"keep": {"dense": (k, -9.0)}}) for k in (1, 2)]
    rows += [(f"dense top 1 kept if z >= {t}", {"keep": {"dense": (1, t)}}) for t in (2.5, 3.0, 3.5)]
    rows += [("dense top 1 + BM25 top 1 kept", {"keep": {"dense": (1, -9.0), "bm25": (1, -9.0)}})]
    rows += [("BM25 top 1 kept", {"keep": {"bm25": (1, -9.0)}})]
    fa.print_sets(names, lib, rows)


if __name__ == "__main__":
    main()
