"""split_paper: sentence-aware chunks of one paper, carrying its metadata (pure)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from llama_index.core.node_parser import SentenceSplitter

from rag.models import Chunk, Paper

# Metadata every chunk carries; Chroma needs scalar values, so lists are joined with "; ".
AUTHOR_SEP = "; "


def paper_metadata(paper: Paper) -> dict[str, Any]:
    """Flat, Chroma-safe metadata for every chunk of a paper."""
    meta: dict[str, Any] = {
        "paper_id": paper.paper_id,
        "title": paper.title,
        "display_name": paper.display_name,
        "authors": AUTHOR_SEP.join(paper.authors),
        "area": paper.area,
        "subarea": paper.subarea,
        "venue": paper.venue,
        "url": paper.url,
        "source": paper.source,
    }
    if paper.year is not None:
        meta["year"] = paper.year
    if paper.keywords:
        meta["keywords"] = AUTHOR_SEP.join(paper.keywords)
    return meta


@lru_cache(maxsize=8)
def _splitter(chunk_size: int, chunk_overlap: int) -> SentenceSplitter:
    return SentenceSplitter(chunk_size=chunk_size, chunk_overlap=min(chunk_overlap, chunk_size // 2))


def split_paper(paper: Paper, chunk_size: int = 180, chunk_overlap: int = 30) -> list[Chunk]:
    """Sentence-aligned chunks; ids are `<paper_id>:<index>`, stable across re-ingests. A full
    text is chunked section by section (a chunk never spans two sections or pages) and its
    chunks carry their section and page; their ids are `<paper_id>:s<index>`, so they never
    collide with the chunks of the same paper's abstract, which they replace."""
    split = _splitter(chunk_size, chunk_overlap).split_text
    if paper.sections:
        pieces = [(t, {"section": s.title, "page": s.page})
                  for s in paper.sections for t in split(s.text) or [s.text]]
    else:
        pieces = [(t, {}) for t in split(paper.abstract) or [paper.abstract]]
    meta = paper_metadata(paper)
    prefix = "s" if paper.sections else ""
    return [
        Chunk(
            chunk_id=f"{paper.paper_id}:{prefix}{i}",
            paper_id=paper.paper_id,
            index=i,
            text=text,
            metadata={**meta, **extra, "chunk_index": i, "n_chunks": len(pieces)},
        )
        for i, (text, extra) in enumerate(pieces)
    ]
