"""Issue 9, session 19: how much of the dense weight should whole-paper vectors get?
(scratch ablation, kept for reproducibility)

Whole-paper vectors (the normalised mean of a paper's chunk vectors) were left off
(`paper_share` 0) after the second pass: +1 paraphrase on dev, none on holdout, and SciFact-train
nDCG@10 0.8984 at share 0.5 against 0.9005 without. Since then every blind retrieval set has been
run with them as an ablation row (`minilm-papers`, share 0.5), and across blind3-blind14 they
were never below the product on any set's paraphrase top 5 (228 -> 232 of 300). This sweep asks
whether a smaller share keeps that gain at no cost on SciFact.

The product's fusion is re-implemented in numpy over the stored vectors (exact dense search;
the product uses Chroma's HNSW), as in fusion_ablation.py and learned_fusion.py: per paper
  0.5 * (1 - s) * z(best chunk cosine) + 0.5 * s * z(paper-vector cosine) + 0.5 * z(BM25),
each z over its own side's candidates (50 papers; dense asks for 100 chunks), a paper outside
a side's candidates at that side's floor, candidates the union of the sides used.
Scored: SciFact-train (505 judged claims, 5,183 abstracts, nDCG@10 as `paperchat eval
retrieval`) and the English ranked questions (single, paraphrase, multi) of the ICLR sets at
4,310 papers, through the product's query understanding.

    flock /tmp/heavy.lock .venv/bin/python eval/runs/issue9/paper_share_sweep.py \
        dev holdout blind3 blind4 blind5 blind6 blind7 blind8 blind9 blind10 blind11 blind12 blind13 blind14
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import numpy as np
from tqdm import tqdm

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from fusion_ablation import score_rankings, stored_vectors, zscores  # noqa: E402

from eval.beir import load_beir  # noqa: E402
from eval.libraries import CACHE, library_settings  # noqa: E402
from eval.retrieval import write_corpus  # noqa: E402
from eval.retrieval_metrics import ndcg_at  # noqa: E402
from rag.config import Settings  # noqa: E402
from rag.pipeline import PaperChat  # noqa: E402
from rag.retrieve import lexical_query  # noqa: E402
from rag.text import tokenize  # noqa: E402

SCIFACT = ROOT.parent / "shared" / "data" / "scifact-train"
SHARES = (0.0, 0.1, 0.2, 0.3, 0.4, 0.5)
KINDS = ("single", "paraphrase", "multi")
N = 50


class Sides:
    """A library's stored vectors and BM25: the three sides' z-scores for a query text."""

    def __init__(self, chat: PaperChat) -> None:
        self.chat, self.lex = chat, chat.lexical
        self.pids, self.chunks, self.chunk_paper, self.papers = stored_vectors(chat)
        self.embed = chat.store.embed_model

    def z(self, text: str) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                                     np.ndarray]:
        """zd, zp, zb over all papers, and the candidates of each side (dense, paper, BM25)."""
        q = np.asarray(self.embed.get_query_embedding(text), np.float32)
        q /= np.linalg.norm(q)
        cos = self.chunks @ q
        best = np.full(len(self.pids), -1.0, np.float32)
        np.maximum.at(best, self.chunk_paper, cos)
        dcand = np.unique(self.chunk_paper[np.argsort(-cos)[: 2 * N]])
        pc = self.papers @ q
        pcand = np.argsort(-pc)[:N]
        toks = list(dict.fromkeys(tokenize(lexical_query(text))))
        bm = np.zeros(len(self.pids), np.float32)
        for t in toks:
            bm += self.lex.paper_bm25.scores([t])
        bcand = np.argsort(-bm)[:N]
        bcand = bcand[bm[bcand] > 0]
        zd = zscores(best, dcand, False)
        zp = zscores(pc, pcand, False)
        zb = zscores(bm, bcand, len(bcand) < N) if len(bcand) else np.zeros(len(self.pids), np.float32)
        return zd, zp, zb, dcand, pcand, bcand


def order(z: tuple[np.ndarray, ...], share: float) -> np.ndarray:
    """Candidate paper indices, best first, for a paper share."""
    zd, zp, zb, dcand, pcand, bcand = z
    cand = np.union1d(np.union1d(dcand, bcand), pcand if share > 0 else dcand)
    score = 0.5 * (1 - share) * zd[cand] + 0.5 * share * zp[cand] + 0.5 * zb[cand]
    return cand[np.argsort(-score, kind="stable")]


def scifact() -> dict[float, float]:
    beir = load_beir(SCIFACT)
    folder = CACHE / "scifact-minilm"
    ids = write_corpus(beir, folder / "corpus.jsonl")
    chat = PaperChat(Settings().model_copy(update={"data_dir": folder, "collection": "beir",
                                                   "chroma_host": None}))
    chat.ingest([], progress=False)  # paper vectors for a library cached before them
    sides = Sides(chat)
    out = {s: 0.0 for s in SHARES}
    queries = beir.judged_queries()
    for qid, text in tqdm(queries.items(), desc="scifact"):
        z = sides.z(text)
        grades = {d: int(v) for d, v in beir.qrels[qid].items()}
        for s in SHARES:
            docs = [ids.get(sides.pids[p], [""])[0] for p in order(z, s)[:10]]
            out[s] += ndcg_at(docs, grades, 10)
    return {s: v / len(queries) for s, v in out.items()}


def iclr(names: list[str]) -> dict[str, dict[float, dict[str, Any]]]:
    chat = PaperChat(library_settings("iclr", Settings()))
    chat.ingest([], progress=False)
    sides = Sides(chat)
    out: dict[str, dict[float, dict[str, Any]]] = {}
    for name in names:
        path = ROOT / "eval" / "questions" / f"retrieval_library_{name}.jsonl"
        recs = [r for r in map(json.loads, path.read_text(encoding="utf-8").splitlines())
                if r["kind"] in KINDS]
        zs = [sides.z(chat.understand(r["question"]).text) for r in tqdm(recs, desc=name)]
        out[name] = {s: score_rankings([(r, [sides.pids[p] for p in order(z, s)[:10]])
                                        for r, z in zip(recs, zs, strict=True)]) for s in SHARES}
    return out


def main() -> None:
    names = sys.argv[1:]
    sets = iclr(names)
    print("ICLR, 4,310 papers: paraphrase top 5 (MRR@10); single and multi where they change")
    totals = {s: [0, 0, 0.0, 0, 0] for s in SHARES}
    for name, by in sets.items():
        cells = []
        for s, r in by.items():
            ok, n, mrr = r.get("paraphrase", (0, 0, 0.0))
            t = totals[s]
            t[0] += ok
            t[1] += n
            t[2] += mrr * n
            t[3] += r.get("single", (0, 0, 0))[0]
            t[4] += r.get("multi", (0, 0, 0))[0]
            cells.append(f"{s}: {ok}/{n} ({mrr:.3f}) s{r.get('single', (0,))[0]} m{r.get('multi', (0,))[0]}")
        print(f"  {name:<8} " + " | ".join(cells), flush=True)
    for s, (ok, n, rr, single, multi) in totals.items():
        print(f"  all sets, share {s}: paraphrase {ok}/{n} (MRR@10 {rr / max(n, 1):.3f}), "
              f"single {single}, multi {multi}", flush=True)
    nd = scifact()
    print("SciFact-train, 505 judged claims, 5,183 abstracts: nDCG@10")
    for s, v in nd.items():
        print(f"  share {s}: {v:.4f}", flush=True)


if __name__ == "__main__":
    main()
