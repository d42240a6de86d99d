"""Dense (Chroma) + lexical (BM25) retrieval, fused per paper, filtered by metadata, grouped and
capped per paper: query -> list[Hit].

Papers are ranked, not chunks: a paper's dense score is its best chunk's cosine (chunks, because
MiniLM truncates long abstracts) and its lexical score is BM25 over the whole paper. Each side is
normalised against its own candidates (z-scores by default) and the two are added with weights.
A paper one side did not return gets that side's floor: 0 when the side returned everything
that matched (BM25 returns only papers sharing a word with the query), else its lowest score.
So a paper whose only match is an exact author or method name never falls to zero.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any
from weakref import WeakKeyDictionary

import numpy as np
from bm25s.stopwords import STOPWORDS_EN_PLUS
from llama_index.core.base.base_retriever import BaseRetriever
from llama_index.core.llms import MockLLM
from llama_index.core.postprocessor.types import BaseNodePostprocessor
from llama_index.core.retrievers import QueryFusionRetriever
from llama_index.core.schema import MetadataMode, NodeWithScore, QueryBundle, TextNode

from rag.authors import name_matches
from rag.config import Settings
from rag.cores import embedding_threads
from rag.lexical import LexicalIndex
from rag.models import Hit
from rag.store import PaperRecord, Store
from rag.text import fold

MODES = ("hybrid", "dense", "bm25")
RRF_K = 60.0  # the constant of Cormack et al. (2009)
# Function words BM25 should not match on in a question ("how", "can", "only", "each", "over"):
# the index drops only bm25s's 33 stop words, so in a long question they added score to papers
# that share nothing else with it (bm25s's 179-word English list, applied to the query only).
QUERY_STOPWORDS = frozenset(STOPWORDS_EN_PLUS)
_QUERY_WORD = re.compile(r"\S+")


def lexical_query(query: str) -> str:
    """The question as BM25 should see it: without function words, acronyms kept ("IS" for
    importance sampling); the whole question when it has nothing else."""
    def content(word: str) -> bool:
        bare = word.strip(".,;:!?()[]{}\"'")
        return bare.lower() not in QUERY_STOPWORDS or (len(bare) > 1 and bare.isupper())  # "IT", "DO"

    kept = [w for w in _QUERY_WORD.findall(query) if content(w)]
    return " ".join(kept) if kept else query


@dataclass(frozen=True)
class Filters:
    """Metadata filters; each list is OR within itself, AND across fields. Authors match as
    names ("schonlieb" or "C.-B. Schönlieb" finds "Carola-Bibiane Schönlieb", "Wei" does not find
    "Qingwei Zong"); areas and venues as case- and accent-insensitive substrings."""

    authors: tuple[str, ...] = ()
    all_authors: bool = False  # every named author on the paper ("X and Y together"), not any
    areas: tuple[str, ...] = ()
    venues: tuple[str, ...] = ()
    years: tuple[int, ...] = ()
    paper_ids: tuple[str, ...] = ()

    def is_empty(self) -> bool:
        return not (self.authors or self.areas or self.venues or self.years or self.paper_ids)

    def allowed(self, catalogue: dict[str, PaperRecord]) -> set[str] | None:
        """The paper ids that pass, or None when nothing is filtered."""
        if self.is_empty():
            return None
        return {pid for pid, rec in catalogue.items() if self.accepts(rec)}

    def accepts(self, rec: PaperRecord) -> bool:
        def has(wanted: tuple[str, ...], values: list[str]) -> bool:
            low = [fold(v) for v in values if v]
            return not wanted or any(fold(w) in v for w in wanted for v in low)

        return (
            (not self.authors or (all if self.all_authors else any)(
                any(name_matches(w, a) for a in rec.authors) for w in self.authors))
            and has(self.areas, [rec.area, rec.subarea, f"{rec.area} · {rec.subarea}"])
            and has(self.venues, [rec.venue])
            and (not self.years or rec.year in self.years)
            and (not self.paper_ids or rec.paper_id in self.paper_ids)
        )


@dataclass
class Retrieval:
    """What retrieval found: hits grouped by paper, and the best dense cosine (for refusal)."""

    hits: list[Hit]
    best_dense: float = 0.0
    allowed: set[str] | None = field(default=None, repr=False)


def canonical_node(node_id: str, text: str, metadata: dict[str, Any]) -> TextNode:
    """A LlamaIndex node for a chunk of the lexical index, without bookkeeping keys."""
    meta = {k: metadata[k] for k in sorted(metadata) if not k.startswith("_")
            and k not in {"document_id", "doc_id", "ref_doc_id"}}
    return TextNode(id_=node_id, text=text, metadata=meta)


_NODES: WeakKeyDictionary[LexicalIndex, dict[int, TextNode]] = WeakKeyDictionary()


def chunk_node(lexical: LexicalIndex, i: int) -> TextNode:
    """The node of chunk `i` of the lexical index, built once and shared (read-only)."""
    nodes = _NODES.setdefault(lexical, {})
    if i not in nodes:
        nodes[i] = canonical_node(lexical.ids[i], lexical.texts[i], lexical.metas[i])
    return nodes[i]


def paper_of(nws: NodeWithScore) -> str:
    return str(nws.node.metadata.get("paper_id", ""))


class DenseRetriever(BaseRetriever):
    """Nearest chunks by cosine. The query is embedded by the store's LlamaIndex embed model
    and Chroma is asked for ids and distances only: texts and metadata come from the lexical
    index's copy of every chunk (fetching them from Chroma took most of a query's time)."""

    def __init__(self, store: Store, lexical: LexicalIndex, top_k: int, allowed: set[str] | None,
                 query_threads: int = 0) -> None:
        super().__init__()
        self._store, self._lexical = store, lexical
        self.top_k, self.query_threads = top_k, query_threads
        self.cosines: dict[str, float] = {}
        self._allowed = allowed

    def embed(self, query: str) -> list[float]:
        """The query's vector, by the store's query embedder (rag.store.Store.query_model)."""
        model = self._store.query_model
        with embedding_threads(self.query_threads, model):
            return model.get_query_embedding(query)

    def _retrieve(self, query_bundle: QueryBundle) -> list[NodeWithScore]:
        embedding: Sequence[float] | None = query_bundle.embedding
        if embedding is None:
            embedding = self.embed(query_bundle.query_str)
        out = []
        for cid, cosine in self._store.nearest(embedding, self.top_k, self._allowed):
            i = self._lexical.position.get(cid)
            if i is None:  # stored after the lexical index was built: found on the next rebuild
                continue
            self.cosines[cid] = cosine
            out.append(NodeWithScore(node=chunk_node(self._lexical, i), score=cosine))
        return out


class PaperVectorRetriever(BaseRetriever):
    """Nearest papers by their whole-paper vector (title and text); every chunk of each such
    paper comes back, scored with the paper's cosine. `paper_scores` keeps the cosines."""

    def __init__(self, store: Store, lexical: LexicalIndex, papers: int,
                 allowed: set[str] | None) -> None:
        super().__init__()
        self._store, self._lexical, self.top_k, self._allowed = store, lexical, papers, allowed
        self.paper_scores: dict[str, float] = {}

    def _retrieve(self, query_bundle: QueryBundle) -> list[NodeWithScore]:
        assert query_bundle.embedding is not None, "embedded once by the hybrid retriever"
        found = self._store.nearest_papers(query_bundle.embedding, self.top_k, self._allowed)
        self.paper_scores = {pid: cos for pid, cos in found if pid in self._lexical.chunks_of}
        return [NodeWithScore(node=chunk_node(self._lexical, i), score=cos)
                for pid, cos in self.paper_scores.items() for i in self._lexical.chunks_of[pid]]


class LexicalRetriever(BaseRetriever):
    """BM25: every chunk of the `papers` best papers by whole-paper BM25. Node scores are the
    chunks' own BM25 (to order passages); `paper_scores` keeps the whole-paper BM25. `distinct`:
    a word the query repeats counts once."""

    def __init__(self, lexical: LexicalIndex, papers: int, allowed: set[str] | None,
                 drop_stopwords: bool = True, distinct: bool = True) -> None:
        super().__init__()
        self._lexical, self.top_k, self._allowed = lexical, papers, allowed
        self.drop_stopwords, self.distinct = drop_stopwords, distinct
        self.paper_scores: dict[str, float] = {}

    def _retrieve(self, query_bundle: QueryBundle) -> list[NodeWithScore]:
        ix, query = self._lexical, query_bundle.query_str
        if self.drop_stopwords:
            query = lexical_query(query)
        self.paper_scores = dict(ix.paper_scores(query, self.top_k, self._allowed, self.distinct))
        chunk = (ix.chunk_scores(query, self._allowed, self.distinct) if self.paper_scores
                 else np.zeros(0))
        return [NodeWithScore(node=chunk_node(ix, i), score=float(chunk[i]))
                for pid in self.paper_scores for i in ix.chunks_of[pid]]


@dataclass
class Side:
    """One retriever's candidates for fusion: per-paper and per-chunk scores, and the floor
    assumed for what it did not return (`complete`: it returned all that matched)."""

    papers: dict[str, float]
    chunks: dict[str, float]
    complete: bool

    @classmethod
    def of(cls, nodes: list[NodeWithScore], complete: bool,
           papers: dict[str, float] | None = None) -> Side:
        chunks = {n.node.node_id: float(n.score or 0.0) for n in nodes}
        if papers is None:  # a paper scores as its best chunk
            papers = {}
            for n in nodes:
                pid = paper_of(n)
                papers[pid] = max(papers.get(pid, -math.inf), float(n.score or 0.0))
        return cls(papers, chunks, complete)


Normaliser = Callable[[dict[str, float], bool], Callable[[str], float]]


def zscore(scores: dict[str, float], complete: bool) -> Callable[[str], float]:
    """(score - mean) / std over the candidates; a missing key gets the floor's z-score."""
    values = list(scores.values())
    if not values:
        return lambda key: 0.0
    mean = sum(values) / len(values)
    std = math.sqrt(sum((v - mean) ** 2 for v in values) / len(values))
    if std <= 1e-6 * max(abs(mean), 1e-9):  # all alike: a zero lies ten deviations below
        std = 0.1 * abs(mean) or 1.0
    floor = 0.0 if complete else min(values)
    return lambda key: (scores.get(key, floor) - mean) / std


def reciprocal_rank(scores: dict[str, float], complete: bool) -> Callable[[str], float]:
    """1 / (60 + rank); a missing key gets 0."""
    ranks = {key: r for r, key in enumerate(sorted(scores, key=lambda k: -scores[k]), 1)}
    return lambda key: 1.0 / (RRF_K + ranks[key]) if key in ranks else 0.0


NORMALISERS: dict[str, Normaliser] = {"zscore": zscore, "rrf": reciprocal_rank}


def fuse(sides: Sequence[Side], weights: Sequence[float], method: str = "zscore",
         nodes: Sequence[NodeWithScore] = ()) -> list[NodeWithScore]:
    """Papers ranked by the weighted sum of each side's normalised paper score; within a
    paper, chunks ranked the same way on chunk scores. Every node's score becomes its
    paper's fused score (z-score sums pass through a logistic, so scores lie in (0, 1))."""
    norm = NORMALISERS[method]
    paper_norms = [norm(s.papers, s.complete) for s in sides]
    chunk_norms = [norm(s.chunks, s.complete) for s in sides]
    unique = {n.node.node_id: n for n in nodes}
    paper = {pid: sum(w * f(pid) for w, f in zip(weights, paper_norms, strict=True))
             for pid in {paper_of(n) for n in unique.values()}}

    def chunk(cid: str) -> float:
        return sum(w * f(cid) for w, f in zip(weights, chunk_norms, strict=True))

    ranked = sorted(unique.values(), key=lambda n: (-paper[paper_of(n)], -chunk(n.node.node_id)))
    show = _logistic if method == "zscore" else (lambda x: x)
    for n in ranked:  # the retrievers' own, per-query objects: rescored in place
        n.score = show(paper[paper_of(n)])
    return ranked


def _logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x)) if x > -700 else 0.0


class HybridRetriever(QueryFusionRetriever):
    """LlamaIndex's fusion retriever over dense chunks, dense whole papers and BM25, with
    paper-level fusion (`fuse`) in place of its chunk-level modes; no query generation
    (num_queries=1). The query is embedded once for both dense sides."""

    def __init__(self, dense: DenseRetriever, papers: PaperVectorRetriever,
                 lexical: LexicalRetriever, weights: Sequence[float], method: str) -> None:
        self.used = [i for i, w in enumerate(weights) if w > 0]
        super().__init__([[dense, papers, lexical][i] for i in self.used], llm=MockLLM(),
                         similarity_top_k=dense.top_k, num_queries=1, use_async=False,
                         retriever_weights=[weights[i] for i in self.used])
        self.dense, self.papers, self.lexical, self.method = dense, papers, lexical, method

    def _retrieve(self, query_bundle: QueryBundle) -> list[NodeWithScore]:
        if query_bundle.embedding is None and {0, 1} & set(self.used):
            query_bundle.embedding = self.dense.embed(query_bundle.query_str)
        results = self._run_sync_queries([query_bundle])
        sides, nodes = [], []
        for pos, i in enumerate(self.used):
            found = results[(query_bundle.query_str, pos)]
            nodes.extend(found)
            if i == 0:
                sides.append(Side.of(found, complete=len(found) < self.dense.top_k))
            elif i == 1:
                sides.append(Side.of(found, complete=len(self.papers.paper_scores) < self.papers.top_k,
                                     papers=self.papers.paper_scores))
            else:
                sides.append(Side.of(found, complete=len(self.lexical.paper_scores) < self.lexical.top_k,
                                     papers=self.lexical.paper_scores))
        return fuse(sides, self._retriever_weights, self.method, nodes)


class PaperCap(BaseNodePostprocessor):
    """Group passages by paper (papers in order of their best score, passages in the order
    given) and keep at most `per_paper` passages of one paper and `top_k` in all."""

    per_paper: int = 2
    top_k: int = 6

    def _postprocess_nodes(
        self, nodes: list[NodeWithScore], query_bundle: QueryBundle | None = None
    ) -> list[NodeWithScore]:
        groups: dict[str, list[NodeWithScore]] = {}
        for nws in sorted(nodes, key=lambda n: -(n.score or 0.0)):  # stable: keeps chunk order
            group = groups.setdefault(paper_of(nws), [])
            if len(group) < self.per_paper:
                group.append(nws)
        return [n for group in groups.values() for n in group][: self.top_k]


def build_retriever(store: Store, lexical: LexicalIndex, settings: Settings,
                    allowed: set[str] | None, mode: str = "hybrid", papers: int | None = None,
                    ) -> HybridRetriever:
    """The retriever for one query: dense, lexical, or both, fused per paper."""
    if mode not in MODES:
        raise ValueError(f"unknown retrieval mode {mode!r}; use one of {', '.join(MODES)}")
    n = max(settings.candidates, papers or 0)
    # A paper has one to three chunks, so twice as many chunks give about n papers.
    dense = DenseRetriever(store, lexical, 2 * n, allowed, settings.query_threads)
    whole = PaperVectorRetriever(store, lexical, n, allowed)
    return HybridRetriever(dense, whole,
                           LexicalRetriever(lexical, n, allowed, settings.query_stopwords,
                                            distinct=not settings.query_word_repeats),
                           side_weights(settings, mode), settings.fusion)


def side_weights(settings: Settings, mode: str) -> tuple[float, float, float]:
    """Weights of the dense-chunk, dense-paper and BM25 sides: the dense share is split
    between chunk and paper vectors by `paper_share`."""
    dense = {"hybrid": settings.dense_weight, "dense": 1.0, "bm25": 0.0}[mode]
    return dense * (1 - settings.paper_share), dense * settings.paper_share, 1.0 - dense


def retrieve(
    query: str, store: Store, lexical: LexicalIndex, settings: Settings,
    filters: Filters | None = None, k: int | None = None, per_paper: int | None = None,
    mode: str = "hybrid",
) -> Retrieval:
    """The best passages for a query, grouped by paper, at most `per_paper` from one paper."""
    allowed = (filters or Filters()).allowed(store.catalogue())
    if allowed is not None and not allowed:
        return Retrieval(hits=[], allowed=allowed)
    k = k or settings.top_k
    per_paper = per_paper or settings.per_paper_cap
    retriever = build_retriever(store, lexical, settings, allowed, mode, papers=-(-k // per_paper))
    nodes = retriever.retrieve(query)
    kept = PaperCap(per_paper=per_paper, top_k=k).postprocess_nodes(nodes, query_bundle=QueryBundle(query))
    cosines = retriever.dense.cosines
    hits = [to_hit(n, cosines.get(n.node.node_id)) for n in kept]
    return Retrieval(hits=hits, best_dense=max(cosines.values(), default=0.0), allowed=allowed)


def to_hit(nws: NodeWithScore, dense: float | None = None) -> Hit:
    meta: dict[str, Any] = dict(nws.node.metadata)
    return Hit(
        chunk_id=nws.node.node_id,
        paper_id=str(meta.get("paper_id", "")),
        text=nws.node.get_content(MetadataMode.NONE),
        score=float(nws.score or 0.0),
        metadata=meta,
        dense_score=float(dense) if dense is not None else None,
    )
