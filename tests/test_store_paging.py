"""Whole-collection reads go in pages (an unpaged get of ~100k chunks fails in Chroma with
"too many SQL variables", seen at 97,834 chunks by eval/bench_scale.py)."""

from __future__ import annotations

from pathlib import Path

from conftest import DEMO_CORPUS, make_settings

from rag.fakes import FakeChat
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


def test_the_search_breadth_setting_is_given_to_both_collections(tmp_path: Path) -> None:
    """Chroma's HNSW default (ef_search 100) returned 93% of the exact 100 nearest chunks at
    4,310 papers; the Store gives a library's collections `hnsw_ef_search` when it opens one,
    also a library made before the setting (session 20, issue 9)."""
    settings = make_settings(tmp_path / "data", hnsw_ef_search=100)
    chat = PaperChat(settings, llm=FakeChat())
    chat.ingest([DEMO_CORPUS], progress=False)
    assert chat.store.collection.configuration["hnsw"]["ef_search"] == 100
    found = chat.search("token graph pooling", k=3)
    del chat
    reopened = PaperChat(settings.model_copy(update={"hnsw_ef_search": 400}), llm=FakeChat())
    for collection in (reopened.store.collection, reopened.store.paper_collection):
        assert collection.configuration["hnsw"]["ef_search"] == 400
        assert collection.configuration["hnsw"]["space"] == "cosine"  # the rest kept
    again = PaperChat(settings.model_copy(update={"hnsw_ef_search": 400}), llm=FakeChat())
    assert again.store.collection.configuration["hnsw"]["ef_search"] == 400  # no change when equal
    assert [h.chunk_id for h in reopened.search("token graph pooling", k=3)] == [h.chunk_id for h in found]
