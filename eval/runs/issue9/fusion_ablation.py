"""Issue 9 fusion ablation (scratch script, kept for reproducibility; not part of the product).

The product's paper-level fusion (rag/retrieve.py) re-implemented in numpy over the cached
iclr-minilm library's stored vectors and BM25 index, so that several dozen fusion variants can
be scored on the dev questions in seconds instead of one real run each. Checked against the
real pipeline: the default configuration gives the same per-question outcomes as
`paperchat eval retrieval-library --systems minilm` (paraphrase 21/25, MRR@10 0.735; single
10/10; multi 4/4). Dense search is exact here (Chroma's HNSW in the product).

Only the English ranked kinds (single, paraphrase, multi) of the dev set are scored: Chinese
questions go through the model's translation first and author / area / year questions through
metadata filters, neither of which fusion changes.

    flock /tmp/heavy.lock chrt -f 10 .venv/bin/python eval/runs/issue9/fusion_ablation.py \
        > eval/runs/issue9/fusion_ablation_dev.txt
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
from bm25s.stopwords import STOPWORDS_EN_PLUS

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))

from eval.libraries import library_settings  # noqa: E402
from rag.config import Settings  # noqa: E402
from rag.pipeline import PaperChat  # noqa: E402
from rag.retrieve import lexical_query  # noqa: E402

try:
    from rag.text import tokenize  # noqa: E402
except ImportError:  # before rag/text.py
    from rag.lexical import tokenize  # noqa: E402

QUESTIONS = ROOT / "eval" / "questions" / "retrieval_library_dev.jsonl"
KINDS = ("single", "paraphrase", "multi")
BOILERPLATE = ("paper papers work works method methods approach approaches propose proposes "
               "proposed study studies way ways look looking can could would should how why "
               "which what whether does show shows").split()
# Leading question words stripped before embedding ("Which work ...", "How can one ...").
LEAD = re.compile(r"^(?:which|what) (?:\w+[- ]?){0,3}?(?:paper|work|method|approach|benchmark|"
                  r"release|dataset|model|framework|technique|study|generator|surrogate|"
                  r"scheduler)s? (?:that |which )?|^(?:is there|are there) (?:an? |any )?|"
                  r"^how can (?:one |we |you )?|^why (?:can|do|does|is|are) |^can |^does |^do ",
                  re.IGNORECASE)


class Library:
    """Stored vectors and BM25 of the cached library, and per question its embeddings and
    per-token BM25 columns."""

    def __init__(self) -> None:
        import json

        chat = PaperChat(library_settings("iclr", Settings()))
        lex = chat.lexical
        self.pids, self.chunks, self.chunk_paper, self.papers = stored_vectors(chat)
        self.n_docs = lex.paper_bm25.num_docs
        embed = chat.store.embed_model
        self.questions = []
        for line in QUESTIONS.read_text(encoding="utf-8").splitlines():
            rec = json.loads(line)
            if rec["kind"] not in KINDS:
                continue
            text = chat.understand(rec["question"]).text
            toks = tokenize(text)
            rec.update(
                text=text, toks=toks,
                qv=np.asarray(embed.get_query_embedding(text), np.float32),
                qv_lead=np.asarray(embed.get_query_embedding(LEAD.sub("", text)), np.float32),
                columns={t: lex.paper_bm25.scores([t]) for t in set(toks)},
                df={t: lex.paper_bm25.df(t) for t in set(toks)},
                plus_toks=tokenize(lexical_query(text)))
            self.questions.append(rec)


def stored_vectors(chat: PaperChat) -> tuple[list[str], np.ndarray, np.ndarray, np.ndarray]:
    """A library's paper ids (BM25 order), unit chunk vectors, each chunk's paper index, and
    unit whole-paper vectors (zero rows stay zero)."""
    got = chat.store.collection.get(include=["embeddings", "metadatas"])
    pids = list(chat.lexical.paper_ids)
    index = {p: i for i, p in enumerate(pids)}
    emb = np.asarray(got["embeddings"], dtype=np.float32)
    chunks = emb / np.linalg.norm(emb, axis=1, keepdims=True)
    chunk_paper = np.array([index[m["paper_id"]] for m in got["metadatas"]])
    pg = chat.store.paper_collection.get(include=["embeddings"])
    papers = np.zeros((len(pids), chunks.shape[1]), np.float32)
    for pid, vec in zip(pg["ids"], pg["embeddings"], strict=True):
        papers[index[pid]] = vec
    norms = np.linalg.norm(papers, axis=1, keepdims=True)
    return pids, chunks, chunk_paper, papers / np.where(norms > 0, norms, 1.0)


def zscores(scores: np.ndarray, cand: np.ndarray, complete: bool) -> np.ndarray:
    """rag.retrieve.zscore over the candidates `cand`; others get the floor's z-score."""
    v = scores[cand]
    mean, std = float(v.mean()), float(v.std())
    if std <= 1e-6 * max(abs(mean), 1e-9):
        std = 0.1 * abs(mean) or 1.0
    floor = 0.0 if complete else float(v.min())
    out = np.full(len(scores), (floor - mean) / std, np.float32)
    out[cand] = (v - mean) / std
    return out


def stemmed(words: list[str] | frozenset[str]) -> set[str]:
    return {t for w in words for t in tokenize(w)}


def bm25(rec: dict[str, Any], cfg: dict[str, Any], n_docs: int) -> np.ndarray:
    toks = rec["plus_toks"] if cfg.get("stopwords") == "words" else rec["toks"]
    drop, df_max = cfg.get("drop", set()), cfg.get("df_max")
    out = np.zeros(len(next(iter(rec["columns"].values()))), np.float32)
    for t in toks:
        if t in rec["columns"] and t not in drop and not (df_max and rec["df"][t] > df_max * n_docs):
            out += rec["columns"][t]
    return out


def side_stats(lib: Library, rec: dict[str, Any], n: int = 50) -> tuple[float, float]:
    """The top z-score of each side's candidates (dense, BM25): how sure each side is."""
    cos = lib.chunks @ (rec["qv"] / np.linalg.norm(rec["qv"]))
    dense = np.full(len(lib.pids), -1.0, np.float32)
    np.maximum.at(dense, lib.chunk_paper, cos)
    dcand = np.unique(lib.chunk_paper[np.argsort(-cos)[: 2 * n]])
    bm = bm25(rec, {}, lib.n_docs)
    bcand = np.argsort(-bm)[:n]
    return float(zscores(dense, dcand, False)[dcand].max()), float(zscores(bm, bcand, False)[bcand].max())


def rank(lib: Library, rec: dict[str, Any], cfg: dict[str, Any]) -> list[str]:
    """Paper ids, best first, as the product's fusion with the variant `cfg` would rank them."""
    n, pshare = cfg.get("n", 50), cfg.get("pshare", 0.0)
    wd = cfg["wd_fn"](lib, rec) if "wd_fn" in cfg else cfg.get("wd", 0.5)
    qv = {"lead": rec["qv_lead"], "both": rec["qv"] / np.linalg.norm(rec["qv"])
          + rec["qv_lead"] / np.linalg.norm(rec["qv_lead"])}.get(cfg.get("strip", ""), rec["qv"])
    q = qv / np.linalg.norm(qv)
    bm = bm25(rec, cfg, lib.n_docs)
    every = np.arange(len(lib.pids))
    for step in range(1 + bool(cfg.get("prf"))):
        cos = lib.chunks @ q
        top = np.argsort(-cos)[: 2 * n]
        dense = np.full(len(lib.pids), -1.0, np.float32)
        if cfg.get("agg") in ("mean", "maxmean"):
            total, count = np.zeros_like(dense), np.zeros_like(dense)
            np.add.at(total, lib.chunk_paper, cos)
            np.add.at(count, lib.chunk_paper, 1)
        np.maximum.at(dense, lib.chunk_paper, cos)
        if cfg.get("agg") == "mean":
            dense = total / count
        elif cfg.get("agg") == "maxmean":
            dense = 0.5 * dense + 0.5 * total / count
        dcand = np.unique(lib.chunk_paper[top])
        bcand = np.argsort(-bm)[:n]
        bcand = bcand[bm[bcand] > 0]
        glob = cfg.get("global", False)
        fused = wd * (1 - pshare) * zscores(dense, every if glob else dcand, False)
        fused += (1 - wd) * zscores(bm, every if glob else bcand, glob or len(bcand) < n)
        union = np.union1d(dcand, bcand)
        if pshare:
            pc = lib.papers @ q
            pcand = np.argsort(-pc)[:n]
            fused += wd * pshare * zscores(pc, every if glob else pcand, False)
            union = np.union1d(union, pcand)
        order = union[np.argsort(-fused[union], kind="stable")]
        if cfg.get("prf") and step == 0:  # Rocchio: query + b * mean of the top-k paper vectors
            k, b = cfg["prf"]
            q = q + b * lib.papers[order[:k]].mean(0)
            q /= np.linalg.norm(q)
    return [lib.pids[i] for i in order[:10]]


def groups(rec: dict[str, Any]) -> list[set[str]]:
    g = [set(x) for x in rec.get("duplicates", [])]
    grouped = set().union(*g) if g else set()
    return g + [{p} for p in rec["relevant"] if p not in grouped]


def score(lib: Library, cfg: dict[str, Any]) -> dict[str, Any]:
    return score_rankings([(rec, rank(lib, rec, cfg)) for rec in lib.questions])


def score_rankings(ranked: list[tuple[dict[str, Any], list[str]]]) -> dict[str, Any]:
    """Per kind (top-k hits, questions, MRR@10) and the misses (id@rank) of (question, ids best
    first) pairs: top 5 for one paper, every paper in the top 10 for a multi question."""
    out: dict[str, Any] = {}
    misses = []
    for rec, ids in ranked:
        top = set(ids[: 10 if rec["kind"] == "multi" else 5])
        ok = all(g & top for g in groups(rec))
        first = next((r for r, p in enumerate(ids, 1) if p in set(rec["relevant"])), None)
        agg = out.setdefault(rec["kind"], [0, 0, 0.0])
        agg[0] += 1
        agg[1] += ok
        agg[2] += 1 / first if first else 0.0
        if not ok:
            misses.append(f"{rec['id']}@{first or '-'}")
    return {**{k: (v[1], v[0], round(v[2] / v[0], 3)) for k, v in out.items()}, "misses": misses}


def adaptive(power: float) -> Callable[[Library, dict[str, Any]], float]:
    """Dense weight from how sure each side is: top-z^p / (top-z^p + top-z^p), in [0.2, 0.8]."""
    def weight(lib: Library, rec: dict[str, Any]) -> float:
        d, b = (max(x, 1e-3) ** power for x in side_stats(lib, rec))
        return min(0.8, max(0.2, d / (d + b)))
    return weight


def variants() -> list[tuple[str, dict[str, Any]]]:
    plus, boiler = stemmed(frozenset(STOPWORDS_EN_PLUS)), stemmed(BOILERPLATE)
    rows: list[tuple[str, dict[str, Any]]] = [("product before (dense 0.5, pool 50, max chunk)", {})]
    rows += [(f"dense weight {w}", {"wd": w}) for w in (0.55, 0.6, 0.65, 0.7, 0.75)]
    rows += [(f"candidate pool {n} papers", {"n": n}) for n in (25, 100, 200)]
    rows += [("paper score: mean of chunk cosines", {"agg": "mean"}),
             ("paper score: (max + mean) / 2", {"agg": "maxmean"})]
    rows += [(f"whole-paper vectors, share {s}", {"pshare": s}) for s in (0.3, 0.5)]
    rows += [(f"dense PRF (Rocchio) k={k} b={b}", {"prf": (k, b)})
             for k in (1, 3, 5, 10) for b in (0.3, 0.7, 1.0)]
    rows += [("BM25 query: bm25s 179 stop words (stems)", {"drop": plus}),
             ("BM25 query: + question words (paper, method, which, how...)", {"drop": plus | boiler}),
             ("BM25 query: question words only", {"drop": boiler}),
             ("BM25 query: stop words as shipped (words, rag.retrieve.lexical_query)",
              {"stopwords": "words"})]
    rows += [(f"BM25 query: drop terms in > {int(x * 100)}% of papers", {"df_max": x})
             for x in (0.02, 0.05, 0.1, 0.2)]
    rows += [("dense query: leading question words stripped", {"strip": "lead"}),
             ("dense query: mean of with and without them", {"strip": "both"})]
    rows += [("z-scores over the whole library", {"global": True})]
    rows += [(f"z-scores over the whole library, dense {w}", {"global": True, "wd": w})
             for w in (0.6, 0.7)]
    rows += [(f"query-side weights from each side's top z (p={p})", {"wd_fn": adaptive(p)})
             for p in (1, 2, 3)]
    rows += [("stop words (shipped) + whole-paper vectors 0.5", {"stopwords": "words", "pshare": 0.5}),
             ("stop words (shipped) + pool 100", {"stopwords": "words", "n": 100}),
             ("stop words (shipped) + adaptive p=1", {"stopwords": "words", "wd_fn": adaptive(1)})]
    return rows


def main() -> None:
    lib = Library()
    print(f"library: iclr ({len(lib.pids)} papers); questions: {QUESTIONS.name} "
          f"({len(lib.questions)} English ranked questions)")
    print(f"{'variant':<66}{'single':>14}{'paraphrase':>16}{'multi':>14}  misses (id@rank)")
    for name, cfg in variants():
        r = score(lib, cfg)
        cells = "".join(f"{f'{r[k][0]}/{r[k][1]} {r[k][2]:.3f}':>{w}}"
                        for k, w in (("single", 14), ("paraphrase", 16), ("multi", 14)))
        print(f"{name:<66}{cells}  {' '.join(r['misses'])}", flush=True)


if __name__ == "__main__":
    main()


# --- shared by the later ablations (clause, sentence, ensemble) -----------------------------
def with_chunk_scores(lib: Library, rec: dict[str, Any], cfg: dict[str, Any], scores: np.ndarray,
                      rank_fn: Callable[[Library, dict[str, Any], dict[str, Any]], list[str]]) -> list[str]:
    """`rank_fn` with the dense side's per-chunk cosines replaced by `scores` (a one-column
    "chunk matrix" whose product with the query [1] gives them)."""
    saved = lib.chunks
    try:
        lib.chunks = scores[:, None].astype(np.float32)
        return rank_fn(lib, dict(rec, qv=np.ones(1, np.float32)), cfg)
    finally:
        lib.chunks = saved


def print_sets(names: list[str], lib: Library, rows: list[tuple[str, dict[str, Any]]],
               prepare: Callable[[Library], None] = lambda lib: None) -> None:
    """Score every variant of `rows` on each question set (`retrieval_library_<name>.jsonl`)."""
    global QUESTIONS
    for name in names:
        QUESTIONS = ROOT / "eval" / "questions" / f"retrieval_library_{name}.jsonl"
        if name != names[0]:
            lib = Library()
        prepare(lib)
        print(f"questions: {QUESTIONS.name} ({len(lib.questions)} English ranked)")
        for label, cfg in rows:
            r = score(lib, cfg)
            cells = "  ".join(f"{k} {r[k][0]}/{r[k][1]} {r[k][2]:.3f}"
                              for k in ("single", "paraphrase", "multi") if k in r)
            print(f"  {label:<28} {cells}  misses {' '.join(r['misses'])}", flush=True)


def first_library(names: list[str]) -> Library:
    """The library with the first named question set's questions loaded."""
    global QUESTIONS
    QUESTIONS = ROOT / "eval" / "questions" / f"retrieval_library_{names[0]}.jsonl"
    return Library()
