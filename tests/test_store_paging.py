"""Whole-collection reads go in pages (an unpaged get of ~100k chunks fails in Chroma with
"too many SQL variables", seen at 97,834 chunks by eval/bench_scale.py)."""

from __future__ import annotations

from rag.pipeline import PaperChat
from rag.store import _get_all


def test_paged_reads_return_every_record_once_and_aligned(chat: PaperChat) -> None:
    collection = chat.store.collection
    whole = collection.get(include=["documents", "metadatas"])
    ids, docs, metas = _get_all(collection, ["documents", "metadatas"], page=7)
    assert len(whole["ids"]) > 7 * 3  # several pages, the last one partial
    assert sorted(ids) == sorted(whole["ids"]) and len(set(ids)) == len(ids)
    pairs = zip(whole["documents"] or [], whole["metadatas"] or [], strict=True)
    by_id = dict(zip(whole["ids"], pairs, strict=True))
    assert [by_id[i] for i in ids] == list(zip(docs, metas, strict=True))
    assert _get_all(collection, [], page=7)[0] == ids  # ids only: no documents or metadata


def test_catalogue_counts_every_chunk(chat: PaperChat) -> None:
    catalogue = chat.store.catalogue()
    assert len(catalogue) == 20
    assert sum(r.chunks for r in catalogue.values()) == chat.store.count()
