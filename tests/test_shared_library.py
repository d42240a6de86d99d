"""Issue 11: the lexical side kept in step with Chroma incrementally, a version stamp every
process sees, and one writer at a time (fakes, embedded Chroma; the server and kill tests are in
test_chroma_server.py and test_kill_ingest.py)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import bm25s
import numpy as np
import pytest

from rag.bm25 import Bm25
from rag.config import DEMO_CORPUS
from rag.fakes import FakeChat
from rag.ingest import ingest_paths
from rag.lexical import LexicalIndex
from rag.pipeline import PaperChat
from rag.writelock import LibraryBusy
from tests.conftest import make_settings


def _papers(path: Path, titles: dict[str, str]) -> Path:
    path.write_text("\n".join(json.dumps({"title": t, "abstract": a}) for t, a in titles.items()))
    return path


def test_bm25_scores_match_bm25s_after_adds_and_removals() -> None:
    rng = random.Random(3)
    vocab = [f"w{i}" for i in range(200)]
    docs = [rng.choices(vocab, k=rng.randint(1, 50)) for _ in range(300)]
    keep = np.array([i % 4 != 1 for i in range(300)])
    ours = Bm25().added(docs[:120]).added(docs[120:]).kept(keep)
    reference = bm25s.BM25(k1=1.2, b=0.75)
    reference.index([d for d, k in zip(docs, keep, strict=True) if k], show_progress=False)
    query = ["w3", "w17", "w17", "w150", "unknown"]
    assert np.allclose(ours.scores(query), reference.get_scores(query[:-1]), atol=1e-5)
    assert ours.num_docs == int(keep.sum())


def test_a_changed_index_equals_one_built_from_scratch(tmp_path: Path) -> None:
    rng = random.Random(5)
    words = "graph kernel transport token pooling attention sparse mutual information".split()
    ids, texts, metas = [], [], []
    for p in range(30):
        for c in range(1 + p % 3):
            ids.append(f"p{p}:{c}")
            texts.append(" ".join(rng.choices(words, k=12)))
            metas.append({"paper_id": f"p{p}", "chunk_index": c, "title": f"Paper {p}"})
    gone = {i for i in ids if i.startswith(("p3:", "p7:"))}
    first = [i for i, cid in enumerate(ids) if not cid.startswith(("p2", "p1"))]
    later = [i for i in range(len(ids)) if i not in first]
    index = LexicalIndex.build(*([seq[i] for i in first] for seq in (ids, texts, metas)))
    index = index.changed(*([seq[i] for i in later] for seq in (ids, texts, metas)), removed=gone)
    kept = [i for i, cid in enumerate(ids) if cid not in gone]
    scratch = LexicalIndex.build(*([seq[i] for i in kept] for seq in (ids, texts, metas)))
    assert set(index.ids) == set(scratch.ids) and set(index.paper_ids) == set(scratch.paper_ids)
    for query in ("graph kernel", "mutual information pooling", "Paper 12"):
        assert dict(index.paper_scores(query, 50)) == pytest.approx(dict(scratch.paper_scores(query, 50)))
        ours = {index.ids[i]: s for i, s in index.search(query, 100)}
        assert ours == pytest.approx({scratch.ids[i]: s for i, s in scratch.search(query, 100)})
    index.save(tmp_path / "lex")
    loaded = LexicalIndex.load(tmp_path / "lex")
    assert loaded is not None and loaded.paper_scores("graph", 5) == index.paper_scores("graph", 5)


def test_a_half_written_save_is_not_loaded(tmp_path: Path) -> None:
    index = LexicalIndex.build(["a:0"], ["graph pooling"], [{"paper_id": "a", "chunk_index": 0}])
    index.save(tmp_path / "lex")
    other = LexicalIndex.build(["b:0"], ["kernel"], [{"paper_id": "b", "chunk_index": 0}])
    other.bm25.save(tmp_path / "lex" / "chunks.npz", "another-save")  # killed before the texts
    assert LexicalIndex.load(tmp_path / "lex") is None


def test_another_process_ingest_and_delete_show_in_a_loaded_library(tmp_path: Path) -> None:
    settings = make_settings(tmp_path / "data")
    writer = PaperChat(settings, llm=FakeChat())
    writer.ingest([DEMO_CORPUS], progress=False)
    reader = PaperChat(settings, llm=FakeChat())  # a second worker, already serving
    assert reader.search("Zyxtrophic quasicrystals", k=3)[0].name != "Zyxtrophic Quasicrystals"
    fetched: list[list[str]] = []
    real_get = writer.store.get_chunks
    writer.store.get_chunks = lambda ids: fetched.append(list(ids)) or real_get(ids)  # type: ignore[method-assign]
    new = _papers(tmp_path / "new.jsonl", {"Zyxtrophic Quasicrystals":
                                           "Zyxtrophic quasicrystals grow in sparse lattices."})
    assert writer.ingest([new], progress=False).added == 1
    hit = reader.search("Zyxtrophic quasicrystals", k=1)[0]
    # the writer's BM25 side fetched and tokenised the new paper's chunks only
    assert [sorted(f) for f in fetched] == [sorted(h.chunk_id for h in writer.store.chunks_of(hit.paper_id))]
    assert hit.name == "Zyxtrophic Quasicrystals"
    assert [h.chunk_id for h in reader.search("sparse lattices", k=5)] == \
        [h.chunk_id for h in writer.search("sparse lattices", k=5)]
    assert "Zyxtrophic Quasicrystals" in [p.name for p in reader.papers()]
    writer.delete(hit.paper_id)
    assert hit.paper_id not in reader.lexical.chunks_of
    assert all(h.paper_id != hit.paper_id for h in reader.search("Zyxtrophic quasicrystals", k=5))
    assert hit.paper_id not in {p.paper_id for p in reader.papers()}


def test_one_writer_at_a_time_and_readers_go_on(tmp_path: Path) -> None:
    settings = make_settings(tmp_path / "data")
    first = PaperChat(settings, llm=FakeChat())
    first.ingest([DEMO_CORPUS], progress=False)
    second = PaperChat(settings, llm=FakeChat())
    with first.store.writing():
        with pytest.raises(LibraryBusy, match=r"another ingest or delete is writing.*pid \d+"):
            second.ingest([DEMO_CORPUS], progress=False)
        with pytest.raises(LibraryBusy):
            second.delete("anything")
        assert second.search("InfoSEDD", k=1)[0].name == "InfoSEDD"  # readers are not blocked
    assert second.ingest([DEMO_CORPUS], progress=False).unchanged == 20  # released


def test_a_rerun_repairs_what_a_killed_writer_left(tmp_path: Path) -> None:
    """The states a kill -9 can leave between steps: chunks stored but the version stamp not
    changed (readers would not notice), and a delete stopped between the chunk and the
    whole-paper collections. Re-running the ingest brings every side back in step."""
    settings = make_settings(tmp_path / "data")
    chat = PaperChat(settings, llm=FakeChat())
    chat.ingest([DEMO_CORPUS], progress=False)
    reader = PaperChat(settings, llm=FakeChat())
    reader.search("graph", k=1)
    new = _papers(tmp_path / "new.jsonl", {"Zyxtrophic Quasicrystals": "Zyxtrophic lattices."})
    ingest_paths([new], chat.store, settings, progress=False)  # killed before the stamp
    gone = chat.search("InfoSEDD", k=1)[0].paper_id
    chat.store.collection.delete(where={"paper_id": gone})  # killed before the paper vector went
    assert gone in set(chat.store.paper_collection.get(include=[])["ids"])

    report = chat.ingest([new], progress=False)
    assert (report.added, report.unchanged) == (0, 1)
    papers = set(chat.store.catalogue())
    assert set(chat.store.paper_collection.get(include=[])["ids"]) == papers and gone not in papers
    for side in (chat, reader):
        assert set(side.lexical.ids) == set(chat.store.chunk_ids())
        assert side.search("Zyxtrophic", k=1)[0].name == "Zyxtrophic Quasicrystals"
