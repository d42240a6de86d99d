"""Issue 9: a learned fusion, trained on SciFact-train only, scored on the ICLR question sets
(scratch script, kept for reproducibility; not part of the product).

The product fuses, per paper, the z-score of its best chunk's cosine (dense side) and the
z-score of its whole-paper BM25 score (lexical side), weights 0.5 / 0.5 (rag/retrieve.py;
re-implemented in numpy in fusion_ablation.py). Here a linear model over more features of
the same candidates learns the ranking instead:

  zd, zb        the product's two z-scores (floors as in the product)
  zp            z-score of the whole-paper vector's cosine (top 50 papers)
  zd2           z-score of the paper's second-best chunk cosine (its best if it has one)
  rd, rb        reciprocal ranks on each side, 10 / (10 + rank); 0 when not a candidate
  cov, icov     share of the query's BM25 terms the paper holds, plain and idf-weighted
  zd*L, zb*L    the z-scores times log(1 + number of query terms): lets the weights depend
                on the query's length (query-side fusion weights)

Trained as a pairwise logistic model (each relevant candidate against each non-relevant one
of the same query; L2 penalty; Newton steps) on the 505 judged SciFact-train claims over all
5,183 abstracts, indexed once into data/eval-libraries/scifact-minilm. SciFact is scored by
5-fold cross-validation over queries (nDCG@10 as `paperchat eval retrieval`); the ICLR sets
(English ranked questions: single, paraphrase, multi) by the model trained on all of SciFact.

    flock /tmp/heavy.lock .venv/bin/python eval/runs/issue9/learned_fusion.py \\
        dev holdout blind3 blind4 blind5 blind6 blind7 blind8 > eval/runs/issue9/learned_fusion.txt
"""

from __future__ import annotations

import json
import logging
import math
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))

from eval.beir import load_beir  # noqa: E402
from eval.libraries import CACHE, library_settings  # noqa: E402
from eval.retrieval import write_corpus  # noqa: E402
from eval.retrieval_metrics import ndcg_at  # noqa: E402
from rag.config import Settings  # noqa: E402
from rag.pipeline import PaperChat  # noqa: E402
from rag.retrieve import lexical_query  # noqa: E402
from rag.text import tokenize  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fusion_ablation import score_rankings, stored_vectors, zscores  # noqa: E402

log = logging.getLogger("learned_fusion")
SCIFACT = ROOT.parent / "shared" / "data" / "scifact-train"
KINDS = ("single", "paraphrase", "multi")
N = 50  # candidate pool in papers, as the product (settings.candidates)
FEATURES = ("zd", "zb", "zp", "zd2", "rd", "rb", "cov", "icov", "zd*L", "zb*L")


class Index:
    """A PaperChat library's stored chunk vectors, paper vectors and BM25, for feature making."""

    def __init__(self, chat: PaperChat) -> None:
        self.chat, lex = chat, chat.lexical
        self.lex = lex
        self.pids, self.chunks, self.chunk_paper, self.papers = stored_vectors(chat)
        self.n_docs = lex.paper_bm25.num_docs
        self.embed = chat.store.embed_model

    def features(self, text: str) -> tuple[np.ndarray, np.ndarray]:
        """Candidate paper indices (the product's union of both sides) and their features."""
        q = np.asarray(self.embed.get_query_embedding(text), np.float32)
        q /= np.linalg.norm(q)
        toks = list(dict.fromkeys(tokenize(lexical_query(text))))
        cols = {t: self.lex.paper_bm25.scores([t]) for t in toks}
        n_papers = len(self.pids)
        bm = np.zeros(n_papers, np.float32)
        held = np.zeros(n_papers, np.float32)
        iheld = np.zeros(n_papers, np.float32)
        idf_total = 0.0
        for t, col in cols.items():
            bm += col
            df = max(self.lex.paper_bm25.df(t), 1)
            idf = math.log(1 + (self.n_docs - df + 0.5) / (df + 0.5))
            held += col > 0
            iheld += idf * (col > 0)
            idf_total += idf
        cos = self.chunks @ q
        top = np.argsort(-cos)[: 2 * N]
        best = np.full(n_papers, -1.0, np.float32)
        np.maximum.at(best, self.chunk_paper, cos)
        # second-best chunk: a paper's best after its best chunk is masked (its best if single)
        masked = cos.copy()
        first = np.full(n_papers, -1, np.int64)
        order = np.argsort(-cos)
        seen = np.zeros(n_papers, bool)
        for i in order[: 8 * N]:
            p = self.chunk_paper[i]
            if not seen[p]:
                seen[p], first[p] = True, i
        masked[first[first >= 0]] = -1.0
        second = np.full(n_papers, -1.0, np.float32)
        np.maximum.at(second, self.chunk_paper, masked)
        second = np.where(second < 0, best, second)
        dcand = np.unique(self.chunk_paper[top])
        bcand = np.argsort(-bm)[:N]
        bcand = bcand[bm[bcand] > 0]
        pc = self.papers @ q
        pcand = np.argsort(-pc)[:N]
        union = np.union1d(dcand, bcand)
        zd = zscores(best, dcand, False)
        zb = zscores(bm, bcand, len(bcand) < N) if len(bcand) else np.zeros(n_papers, np.float32)
        zp = zscores(pc, pcand, False)
        zd2 = zscores(second, dcand, False)
        drank = {p: r for r, p in enumerate(dcand[np.argsort(-best[dcand])], 1)}
        brank = {p: r for r, p in enumerate(bcand, 1)}
        L = math.log1p(len(toks))
        rows = []
        for p in union:
            rows.append((zd[p], zb[p], zp[p], zd2[p],
                         10 / (10 + drank[p]) if p in drank else 0.0,
                         10 / (10 + brank[p]) if p in brank else 0.0,
                         held[p] / max(len(toks), 1), iheld[p] / max(idf_total, 1e-9),
                         zd[p] * L, zb[p] * L))
        return union, np.asarray(rows, np.float64)


def product_order(x: np.ndarray) -> np.ndarray:
    """The product's ranking of the candidates: 0.5 zd + 0.5 zb (stable, as in the product)."""
    return np.argsort(-(0.5 * x[:, 0] + 0.5 * x[:, 1]), kind="stable")


def train(data: list[tuple[np.ndarray, np.ndarray]], l2: float = 1.0, cols: list[int] | None = None,
          steps: int = 30) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Pairwise logistic regression on standardised features: weights, mean, std.
    `data` holds per query (features, relevance 0/1)."""
    cols = cols if cols is not None else list(range(len(FEATURES)))
    allx = np.vstack([x[:, cols] for x, _ in data])
    mu, sd = allx.mean(0), allx.std(0) + 1e-9
    diffs = []
    for x, y in data:
        z = (x[:, cols] - mu) / sd
        pos, neg = z[y > 0], z[y == 0]
        if len(pos) and len(neg):
            d = (pos[:, None, :] - neg[None, :, :]).reshape(-1, len(cols))
            # each query weighs the same, however many pairs it has
            diffs.append((d, np.full(len(d), 1.0 / len(d))))
    d = np.vstack([a for a, _ in diffs])
    wq = np.concatenate([b for _, b in diffs])
    w = np.zeros(len(cols))
    for _ in range(steps):  # Newton on sum_q mean_pairs log(1 + exp(-w.d)) + l2/2 |w|^2
        m = d @ w
        p = 1 / (1 + np.exp(m))  # = sigmoid(-m)
        grad = -(d * (wq * p)[:, None]).sum(0) + l2 * w
        hess = (d * (wq * p * (1 - p))[:, None]).T @ d + l2 * np.eye(len(cols))
        w -= np.linalg.solve(hess, grad)
    return w, mu, sd


def learned_order(x: np.ndarray, model: tuple[np.ndarray, np.ndarray, np.ndarray],
                  cols: list[int] | None = None) -> np.ndarray:
    w, mu, sd = model
    cols = cols if cols is not None else list(range(len(FEATURES)))
    return np.argsort(-(((x[:, cols] - mu) / sd) @ w), kind="stable")


def scifact() -> tuple[list[tuple[np.ndarray, np.ndarray]], list[dict[str, int]], list[list[str]]]:
    """Per judged SciFact-train query: features, 0/1 relevance, graded qrels, candidate doc ids."""
    beir = load_beir(SCIFACT)
    folder = CACHE / "scifact-minilm"
    folder.mkdir(parents=True, exist_ok=True)
    ids = write_corpus(beir, folder / "corpus.jsonl")
    settings = Settings().model_copy(update={"data_dir": folder, "collection": "beir",
                                             "chroma_host": None})
    chat = PaperChat(settings)
    if not (folder / "ingested").exists():
        t0 = time.perf_counter()
        report = chat.ingest([folder / "corpus.jsonl"], progress=True)
        (folder / "ingested").write_text(json.dumps(
            {"papers": report.added + report.unchanged, "chunks": chat.store.count(),
             "ingest_seconds": round(time.perf_counter() - t0, 1)}) + "\n")
    ix = Index(chat)
    data, grades, docs = [], [], []
    for qid, text in beir.judged_queries().items():
        cand, x = ix.features(text)
        cdocs = [ids.get(ix.pids[p], [""])[0] for p in cand]
        g = {d: int(s) for d, s in beir.qrels[qid].items()}
        data.append((x, np.array([1.0 if g.get(d, 0) > 0 else 0.0 for d in cdocs])))
        grades.append(g)
        docs.append(cdocs)
    return data, grades, docs


def scifact_ndcg(order_fn: Any, data: list, grades: list, docs: list, idx: list[int]) -> float:
    return float(np.mean([ndcg_at([docs[i][j] for j in order_fn(data[i][0])], grades[i], 10)
                          for i in idx]))


def iclr_questions(ix: Index, name: str) -> list[dict[str, Any]]:
    path = ROOT / "eval" / "questions" / f"retrieval_library_{name}.jsonl"
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        rec = json.loads(line)
        if rec["kind"] not in KINDS:
            continue
        text = ix.chat.understand(rec["question"]).text
        rec["cand"], rec["x"] = ix.features(text)
        out.append(rec)
    return out


def iclr_score(ix: Index, recs: list[dict[str, Any]], order_fn: Any) -> dict[str, Any]:
    return score_rankings([(rec, [ix.pids[rec["cand"][j]] for j in order_fn(rec["x"])][:10])
                           for rec in recs])


def main(sets: list[str]) -> None:
    logging.basicConfig(level=logging.INFO, stream=sys.stderr, format="%(message)s")
    t0 = time.perf_counter()
    data, grades, docs = scifact()
    log.info("scifact features: %d queries, %.0f s", len(data), time.perf_counter() - t0)
    n = len(data)
    folds = np.arange(n) % 5
    models: dict[str, dict[str, Any]] = {
        "all features": {"cols": None},
        "zd, zb only (learned weights)": {"cols": [0, 1]},
        "zd, zb, zd*L, zb*L (query-length weights)": {"cols": [0, 1, 8, 9]},
        "all but rank features": {"cols": [0, 1, 2, 3, 6, 7, 8, 9]},
    }
    print(f"SciFact-train, 5-fold CV over {n} judged queries (all 5,183 abstracts), nDCG@10")
    print(f"  {'product fusion (0.5 zd + 0.5 zb)':<48} {scifact_ndcg(product_order, data, grades, docs, list(range(n))):.4f}")
    for label, spec in models.items():
        for l2 in (0.1, 1.0, 10.0):
            scores = []
            for f in range(5):
                tr = [data[i] for i in range(n) if folds[i] != f]
                model = train(tr, l2, spec["cols"])
                te = [i for i in range(n) if folds[i] == f]
                scores.append(scifact_ndcg(lambda x, m=model, c=spec["cols"]: learned_order(x, m, c),
                                           data, grades, docs, te) * len(te))
            print(f"  {label + f', l2 {l2}':<48} {sum(scores) / n:.4f}", flush=True)
    for spec in models.values():  # final models: all of SciFact, l2 1
        spec["model"] = train(data, 1.0, spec["cols"])
    w = models["all features"]["model"][0]
    print("weights (all features, standardised): "
          + ", ".join(f"{f} {v:+.2f}" for f, v in zip(FEATURES, w, strict=True)))
    lib = PaperChat(library_settings("iclr", Settings()))
    ix = Index(lib)
    print(f"\nICLR question sets at {len(ix.pids)} papers (English ranked questions), "
          "top-5 hits / n and MRR@10 per kind; the model trained on all of SciFact, l2 1")
    totals: dict[str, list[int]] = {}
    for name in sets:
        recs = iclr_questions(ix, name)
        print(f"{name} ({len(recs)} questions)")
        rows = [("product fusion", product_order)] + [
            (label, lambda x, s=spec: learned_order(x, s["model"], s["cols"]))
            for label, spec in models.items()]
        for label, fn in rows:
            r = iclr_score(ix, recs, fn)
            t = totals.setdefault(label, [0, 0, 0, 0])
            for k, (i, j) in (("paraphrase", (0, 1)), ("single", (2, 3))):
                if k in r:
                    t[i] += r[k][0]
                    t[j] += r[k][1]
            cells = "  ".join(f"{k} {r[k][0]}/{r[k][1]} {r[k][2]:.3f}"
                              for k in ("single", "paraphrase", "multi") if k in r)
            print(f"  {label:<44} {cells}  misses {' '.join(r['misses'])}", flush=True)
    print("\ntotals over the sets: paraphrase top 5, single top 5")
    for label, t in totals.items():
        print(f"  {label:<44} paraphrase {t[0]}/{t[1]}  single {t[2]}/{t[3]}")


if __name__ == "__main__":
    main(sys.argv[1:] or ["dev"])
