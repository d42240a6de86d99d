"""Dense (Chroma) + lexical (BM25) retrieval, fused by LlamaIndex, filtered by metadata,
capped per paper: query -> list[Hit]."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from llama_index.core.base.base_retriever import BaseRetriever
from llama_index.core.llms import MockLLM
from llama_index.core.postprocessor.types import BaseNodePostprocessor
from llama_index.core.retrievers import QueryFusionRetriever
from llama_index.core.schema import NodeWithScore, QueryBundle, TextNode
from llama_index.core.vector_stores.types import FilterOperator, MetadataFilter, MetadataFilters

from rag.config import Settings
from rag.lexical import LexicalIndex
from rag.models import Hit
from rag.store import PaperRecord, Store

MODES = ("hybrid", "dense", "bm25")


@dataclass(frozen=True)
class Filters:
    """Metadata filters; each list is OR within itself, AND across fields."""

    authors: tuple[str, ...] = ()
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
            low = [v.lower() for v in values if v]
            return not wanted or any(w.lower() in v for w in wanted for v in low)

        return (
            has(self.authors, rec.authors)
            and has(self.areas, [rec.area, rec.subarea, f"{rec.area} · {rec.subarea}"])
            and has(self.venues, [rec.venue])
            and (not self.years or rec.year in self.years)
            and (not self.paper_ids or rec.paper_id in self.paper_ids)
        )


@dataclass
class Retrieval:
    """What retrieval found: fused hits, and the best dense cosine (for refusal)."""

    hits: list[Hit]
    best_dense: float = 0.0
    allowed: set[str] | None = field(default=None, repr=False)


def canonical_node(node_id: str, text: str, metadata: dict[str, Any]) -> TextNode:
    """One node form for both retrievers: fusion de-duplicates by node hash (text + metadata)."""
    meta = {k: metadata[k] for k in sorted(metadata) if not k.startswith("_")
            and k not in {"document_id", "doc_id", "ref_doc_id"}}
    return TextNode(id_=node_id, text=text, metadata=meta)


class DenseRetriever(BaseRetriever):
    """Chroma via LlamaIndex; scores become cosine similarities, also kept as dense_score."""

    def __init__(self, store: Store, top_k: int, allowed: set[str] | None) -> None:
        super().__init__()
        self.cosines: dict[str, float] = {}
        filters = None
        if allowed is not None:
            filters = MetadataFilters(filters=[MetadataFilter(
                key="paper_id", value=sorted(allowed) or ["-"], operator=FilterOperator.IN)])
        self._inner = store.index.as_retriever(similarity_top_k=top_k, filters=filters)

    def _retrieve(self, query_bundle: QueryBundle) -> list[NodeWithScore]:
        out = []
        for nws in self._inner.retrieve(query_bundle):
            # ChromaVectorStore reports exp(-distance); with cosine space, distance = 1 - cos.
            cosine = 1.0 + math.log(max(nws.score or 1e-9, 1e-9))
            node = canonical_node(nws.node.node_id, nws.node.get_content(metadata_mode="none"),
                                  nws.node.metadata)
            self.cosines[node.node_id] = cosine
            out.append(NodeWithScore(node=node, score=cosine))
        return out


class LexicalRetriever(BaseRetriever):
    """BM25 over the persisted lexical index."""

    def __init__(self, lexical: LexicalIndex, top_k: int, allowed: set[str] | None) -> None:
        super().__init__()
        self._lexical, self._top_k, self._allowed = lexical, top_k, allowed

    def _retrieve(self, query_bundle: QueryBundle) -> list[NodeWithScore]:
        ix = self._lexical
        return [
            NodeWithScore(
                node=canonical_node(ix.ids[i], ix.texts[i], ix.metas[i]),
                score=score,
            )
            for i, score in ix.search(query_bundle.query_str, self._top_k, self._allowed)
        ]


class PaperCap(BaseNodePostprocessor):
    """Keep at most `per_paper` passages of one paper and `top_k` in all."""

    per_paper: int = 2
    top_k: int = 6

    def _postprocess_nodes(
        self, nodes: list[NodeWithScore], query_bundle: QueryBundle | None = None
    ) -> list[NodeWithScore]:
        kept: list[NodeWithScore] = []
        seen: dict[str, int] = {}
        for nws in nodes:
            pid = str(nws.node.metadata.get("paper_id", ""))
            if seen.get(pid, 0) < self.per_paper:
                seen[pid] = seen.get(pid, 0) + 1
                kept.append(nws)
            if len(kept) >= self.top_k:
                break
        return kept


def build_retriever(
    dense: DenseRetriever, lexical: LexicalIndex, settings: Settings, allowed: set[str] | None,
    mode: str = "hybrid",
) -> BaseRetriever:
    """The retriever for one query: dense, lexical, or both fused by LlamaIndex."""
    n = settings.candidates
    lexical_r = LexicalRetriever(lexical, n, allowed)
    if mode == "dense":
        return dense
    if mode == "bm25":
        return lexical_r
    weights = [settings.dense_weight, 1.0 - settings.dense_weight]
    return QueryFusionRetriever(
        [dense, lexical_r], llm=MockLLM(), mode=settings.fusion_mode,  # type: ignore[arg-type]
        retriever_weights=weights, similarity_top_k=n, num_queries=1, use_async=False,
    )


def retrieve(
    query: str, store: Store, lexical: LexicalIndex, settings: Settings,
    filters: Filters | None = None, k: int | None = None, per_paper: int | None = None,
    mode: str = "hybrid",
) -> Retrieval:
    """The best passages for a query, at most `per_paper` from one paper."""
    allowed = (filters or Filters()).allowed(store.catalogue())
    if allowed is not None and not allowed:
        return Retrieval(hits=[], allowed=allowed)
    dense = DenseRetriever(store, settings.candidates, allowed)
    nodes = build_retriever(dense, lexical, settings, allowed, mode).retrieve(query)
    cap = PaperCap(per_paper=per_paper or settings.per_paper_cap, top_k=k or settings.top_k)
    kept = cap.postprocess_nodes(nodes, query_bundle=QueryBundle(query))
    hits = [to_hit(n, dense.cosines.get(n.node.node_id)) for n in kept]
    return Retrieval(hits=hits, best_dense=max(dense.cosines.values(), default=0.0), allowed=allowed)


def to_hit(nws: NodeWithScore, dense: float | None = None) -> Hit:
    meta: dict[str, Any] = dict(nws.node.metadata)
    return Hit(
        chunk_id=nws.node.node_id,
        paper_id=str(meta.get("paper_id", "")),
        text=nws.node.get_content(metadata_mode="none"),  # type: ignore[arg-type]
        score=float(nws.score or 0.0),
        metadata=meta,
        dense_score=float(dense) if dense is not None else None,
    )
