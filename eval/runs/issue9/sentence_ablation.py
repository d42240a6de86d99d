"""Issue 9, session 7: does a paper's best-matching *sentence* find a paraphrased question's
paper better than its best-matching chunk? (scratch ablation, kept for reproducibility)

A half-remembered description usually paraphrases one idea of the abstract; a chunk vector
averages that idea with four or five others. Here every sentence of every paper of the cached
4,310-paper library (plus its title) is embedded once with MiniLM (cached beside the library in
`sentences.npz`, not committed). A paper's dense score becomes
(1 - a) * best chunk cosine + a * sentence score, where the sentence score is the paper's best
sentence cosine (`max`) or the mean of its two best (`top2`); the rest is the product's fusion
as re-implemented in fusion_ablation.py (BM25 query without stop words, as shipped).

    flock /tmp/heavy.lock .venv/bin/python eval/runs/issue9/sentence_ablation.py dev holdout blind3 blind4
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import fusion_ablation as fa  # noqa: E402


def sentence_vectors(lib: fa.Library) -> tuple[np.ndarray, np.ndarray]:
    """Every paper's distinct sentences (and title) embedded: (vectors, paper index per row)."""
    from eval.libraries import library_settings
    from rag.config import Settings
    from rag.pipeline import PaperChat
    from rag.sentences import split_sentences

    settings = library_settings("iclr", Settings())
    cache = Path(settings.data_dir) / "sentences.npz"
    if cache.exists():
        got = np.load(cache)
        return got["vectors"], got["paper"]
    chat = PaperChat(settings)
    got = chat.store.collection.get(include=["documents", "metadatas"])
    index = {p: i for i, p in enumerate(lib.pids)}
    seen: set[tuple[int, str]] = set()
    texts, owner = [], []
    for doc, meta in zip(got["documents"], got["metadatas"], strict=True):
        p = index[meta["paper_id"]]
        for s in ([meta["title"]] if meta.get("title") else []) + split_sentences(doc):
            if (p, s) not in seen and len(s.split()) >= 4:
                seen.add((p, s))
                texts.append(s)
                owner.append(p)
    embed = chat.store.embed_model
    out = np.zeros((len(texts), lib.chunks.shape[1]), np.float32)
    start, step = time.time(), 256
    for i in range(0, len(texts), step):
        out[i:i + step] = np.asarray(embed.get_text_embedding_batch(texts[i:i + step]), np.float32)
        print(f"embedded {min(i + step, len(texts))}/{len(texts)} sentences "
              f"({time.time() - start:.0f} s)", file=sys.stderr, flush=True)
    out /= np.linalg.norm(out, axis=1, keepdims=True)
    paper = np.asarray(owner, np.int64)
    np.savez(cache, vectors=out, paper=paper)
    return out, paper


def main() -> None:
    names = sys.argv[1:] or ["dev"]
    lib = fa.first_library(names)
    sents, spaper = sentence_vectors(lib)
    print(f"library: {len(lib.pids)} papers, {len(lib.chunks)} chunks, {len(sents)} sentences")
    original = fa.rank

    def rank(lib: fa.Library, rec: dict[str, Any], cfg: dict[str, Any]) -> list[str]:
        a = cfg.get("sent", 0.0)
        if not a:
            return original(lib, rec, cfg)
        q = rec["qv"] / np.linalg.norm(rec["qv"])
        sc = sents @ q
        best = np.full(len(lib.pids), -1.0, np.float32)
        if cfg.get("agg") == "top2":
            order = np.lexsort((-sc, spaper))  # by paper, best sentence first
            ps = spaper[order]
            _, start = np.unique(ps, return_index=True)
            first = np.full(len(lib.pids), -1.0, np.float32)
            second = np.full(len(lib.pids), -1.0, np.float32)
            first[ps[start]] = sc[order[start]]
            nxt = start + 1
            has = (nxt < len(ps)) & (ps[np.minimum(nxt, len(ps) - 1)] == ps[start])
            second[ps[start][has]] = sc[order[nxt[has]]]
            best = np.where(second > -1, (first + second) / 2, first)
        else:
            np.maximum.at(best, spaper, sc)
        return fa.with_chunk_scores(lib, rec, cfg, (1 - a) * (lib.chunks @ q) + a * best[lib.chunk_paper],
                                    original)

    fa.rank = rank
    rows = [("as shipped", {"stopwords": "words"})]
    rows += [(f"best sentence a={a}", {"stopwords": "words", "sent": a}) for a in (0.3, 0.5, 0.7, 1.0)]
    rows += [(f"two best sentences a={a}", {"stopwords": "words", "sent": a, "agg": "top2"})
             for a in (0.3, 0.5, 0.7)]
    fa.print_sets(names, lib, rows)


if __name__ == "__main__":
    main()
