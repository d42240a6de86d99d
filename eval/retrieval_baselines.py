"""Off-the-shelf baselines for a BEIR set, each a function (set, settings) -> run.

A run maps a query id to BEIR doc ids, best first. Baselines index whole documents
(title + text) the way a newcomer would: bm25s with or without an English stemmer, MiniLM over
whole documents (truncated at 256 word pieces), their reciprocal rank fusion, and LlamaIndex's
default VectorStoreIndex.
"""

from __future__ import annotations

import bm25s
import numpy as np
import Stemmer
from tqdm import tqdm

from eval.beir import BeirSet
from rag.config import Settings
from rag.embed import load_embedder

Run = dict[str, list[str]]
DEPTH = 100


def _doc_text(beir: BeirSet) -> list[str]:
    return [f"{p.title}\n{p.abstract}".strip() for p in beir.papers]


def _top(scores: np.ndarray, ids: list[str], k: int = DEPTH) -> list[str]:
    k = min(k, len(scores))
    top = np.argpartition(-scores, k - 1)[:k]
    return [ids[i] for i in top[np.argsort(-scores[top], kind="stable")]]


def bm25_run(beir: BeirSet, stem: bool, progress: bool = True) -> Run:
    """bm25s defaults (k1=1.5, b=0.75, English stop words), optionally PyStemmer English."""
    stemmer = Stemmer.Stemmer("english") if stem else None
    ids = [p.paper_id for p in beir.papers]
    corpus = bm25s.tokenize(_doc_text(beir), stopwords="en", stemmer=stemmer, show_progress=False)
    model = bm25s.BM25()
    model.index(corpus, show_progress=False)
    queries = beir.judged_queries()
    tokens = bm25s.tokenize(list(queries.values()), stopwords="en", stemmer=stemmer,
                            return_ids=False, show_progress=False)
    run: Run = {}
    for qid, toks in tqdm(list(zip(queries, tokens, strict=True)), desc="bm25" + ("" if stem else " unstemmed"),
                          disable=not progress):
        known = [t for t in toks if t in model.vocab_dict]
        run[qid] = _top(np.asarray(model.get_scores(known)), ids) if known else []
    return run


def dense_run(beir: BeirSet, settings: Settings, progress: bool = True) -> Run:
    """The configured embedder over whole documents; exact cosine search."""
    embed = load_embedder(settings)
    ids = [p.paper_id for p in beir.papers]
    docs = np.asarray(embed.get_text_embedding_batch(_doc_text(beir), show_progress=progress),
                      dtype=np.float32)
    docs /= np.linalg.norm(docs, axis=1, keepdims=True) + 1e-12
    run: Run = {}
    for qid, text in tqdm(beir.judged_queries().items(), desc="dense", disable=not progress):
        run[qid] = _top(docs @ np.asarray(embed.get_query_embedding(text), dtype=np.float32), ids)
    return run


def rrf(runs: list[Run], k: float = 60.0) -> Run:
    """Plain reciprocal rank fusion: sum of 1 / (k + rank)."""
    fused: Run = {}
    for qid in runs[0]:
        scores: dict[str, float] = {}
        for run in runs:
            for rank, doc in enumerate(run.get(qid, []), 1):
                scores[doc] = scores.get(doc, 0.0) + 1.0 / (k + rank)
        fused[qid] = sorted(scores, key=lambda d: -scores[d])[:DEPTH]
    return fused


def llamaindex_run(beir: BeirSet, settings: Settings, progress: bool = True) -> Run:
    """LlamaIndex's default VectorStoreIndex (in memory, default SentenceSplitter chunking)
    with the configured embedder; documents ranked by their best chunk."""
    from llama_index.core import Document, VectorStoreIndex

    documents = [Document(text=p.abstract, doc_id=p.paper_id, metadata={"title": p.title})
                 for p in beir.papers]
    index = VectorStoreIndex.from_documents(documents, embed_model=load_embedder(settings),
                                            show_progress=progress)
    retriever = index.as_retriever(similarity_top_k=3 * DEPTH)
    run: Run = {}
    for qid, text in tqdm(beir.judged_queries().items(), desc="llamaindex", disable=not progress):
        found = [n.node.ref_doc_id or "" for n in retriever.retrieve(text)]
        run[qid] = list(dict.fromkeys(found))[:DEPTH]
    return run


def all_baselines(beir: BeirSet, settings: Settings, progress: bool = True) -> dict[str, Run]:
    """Every baseline's run, by name."""
    bm25 = bm25_run(beir, stem=True, progress=progress)
    dense = dense_run(beir, settings, progress)
    return {
        "bm25": bm25,
        "bm25_unstemmed": bm25_run(beir, stem=False, progress=progress),
        "dense": dense,
        "rrf_bm25_dense": rrf([bm25, dense]),
        "llamaindex_vector": llamaindex_run(beir, settings, progress),
    }
