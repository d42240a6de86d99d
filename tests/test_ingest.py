import json
from pathlib import Path

from rag.config import DEMO_CORPUS
from rag.fakes import FakeChat
from rag.pipeline import PaperChat
from tests.conftest import make_settings


def test_reingest_adds_nothing_and_keeps_chunk_count(chat: PaperChat) -> None:
    before = chat.store.count()
    report = chat.ingest([DEMO_CORPUS], progress=False)
    assert (report.added, report.unchanged, len(report.rejected)) == (0, 20, 0)
    assert chat.store.count() == before
    assert len(chat.papers()) == 20


def test_reingest_from_a_new_process_adds_nothing(settings, chat: PaperChat) -> None:
    fresh = PaperChat(settings, llm=FakeChat())
    report = fresh.ingest([DEMO_CORPUS], progress=False)
    assert report.added == 0 and fresh.store.count() == chat.store.count()


def test_lexical_index_is_persisted_and_reloaded(settings, chat: PaperChat) -> None:
    assert (settings.lexical_dir / "chunks.json").exists()
    fresh = PaperChat(settings, llm=FakeChat())
    assert fresh.lexical.fingerprint == chat.lexical.fingerprint
    assert fresh.search("InfoSEDD", k=1)[0].name == "InfoSEDD"


def test_bad_records_are_skipped_among_many_good_ones(tmp_path: Path) -> None:
    path = tmp_path / "many.jsonl"
    lines = [json.dumps({"title": f"Paper {i}", "abstract": f"Abstract number {i} about topic {i % 7}."})
             for i in range(2000)]
    lines.insert(500, "{broken")
    lines.insert(1500, json.dumps(["not", "an", "object"]))
    path.write_text("\n".join(lines))
    pc = PaperChat(make_settings(tmp_path / "data"), llm=FakeChat())
    report = pc.ingest([path], progress=False)
    assert report.added == 2000
    assert [r.source for r in report.rejected] == [f"{path}:501", f"{path}:1501"]
    assert pc.store.count() == 2000


def test_delete_removes_a_paper_from_store_and_lexical_index(chat: PaperChat) -> None:
    glot = next(p for p in chat.papers() if p.display_name == "GLOT")
    removed = chat.delete(glot.paper_id)
    assert removed == glot.chunks
    assert all(p.paper_id != glot.paper_id for p in chat.papers())
    assert all(h.paper_id != glot.paper_id for h in chat.search("GLOT pooling", k=10))


def _fresh_catalogue(chat: PaperChat) -> dict:
    """The catalogue read again from Chroma, not from the cache."""
    reader = PaperChat(chat.settings, llm=FakeChat())
    return reader.store.catalogue()


def test_a_writer_keeps_its_catalogue_current_without_rereading(chat: PaperChat, tmp_path: Path) -> None:
    chat.papers()  # cached
    one = tmp_path / "one.jsonl"
    one.write_text(json.dumps({"title": "Streaming optimal transport", "abstract": "We couple point "
                               "clouds online. " * 40, "authors": ["Ada Example"]}) + "\n")
    version_before = chat.store.version()
    assert chat.ingest([one], progress=False).added == 1
    cached = chat.store._catalogue
    assert cached is not None and chat.store.version() != version_before
    assert cached == _fresh_catalogue(chat)  # same papers and chunk counts as stored
    new = next(r for r in cached.values() if r.title == "Streaming optimal transport")
    assert new.chunks > 1 and new.authors == ["Ada Example"]
    chat.delete(new.paper_id)
    assert chat.store._catalogue == _fresh_catalogue(chat) and new.paper_id not in chat.store._catalogue


def test_a_writer_drops_a_catalogue_another_process_made_stale(chat: PaperChat, tmp_path: Path) -> None:
    chat.papers()
    other = PaperChat(chat.settings, llm=FakeChat())  # another worker on the same library
    one = tmp_path / "one.jsonl"
    one.write_text(json.dumps({"title": "A paper the other worker added", "abstract": "Text."}) + "\n")
    assert other.ingest([one], progress=False).added == 1
    two = tmp_path / "two.jsonl"
    two.write_text(json.dumps({"title": "A paper this worker added", "abstract": "More text."}) + "\n")
    assert chat.ingest([two], progress=False).added == 1
    titles = {r.title for r in chat.papers()}
    assert {"A paper the other worker added", "A paper this worker added"} <= titles
    assert chat.store._catalogue == _fresh_catalogue(chat)


def test_a_write_below_the_store_inside_the_lock_does_not_leave_a_stale_catalogue(chat: PaperChat) -> None:
    chat.papers()
    glot = next(p for p in chat.papers() if p.display_name == "GLOT")
    with chat.store.writing():
        chat.store.collection.delete(where={"paper_id": glot.paper_id})  # not through Store
    assert glot.paper_id not in {p.paper_id for p in chat.papers()}


def test_papers_added_or_deleted_in_this_process_are_subjects_of_the_answer_checks(
        chat: PaperChat, tmp_path: Path) -> None:
    """The store kept its catalogue up to date by changing it in place, so what was cached by
    it (the paper names the subject check knows) missed a paper ingested in the same process."""
    before = chat.store.catalogue()
    extra = tmp_path / "zebra.jsonl"
    extra.write_text(json.dumps({
        "title": "ZebraNet: Striped Graph Transformers",
        "abstract": "We introduce ZebraNet, a striped graph transformer for molecules. It beats "
                    "every baseline we tried on three molecular property benchmarks."}) + "\n")
    chat._subjects()  # cached before the ingest
    chat.ingest([extra], progress=False)
    zebra = next(p for p in chat.papers() if p.display_name == "ZebraNet").paper_id
    assert zebra in chat._subjects().names.values()
    assert len(before) == 20 and zebra not in before  # a catalogue handed out is never changed
    chat.delete(zebra)
    assert zebra not in chat._subjects().names.values()


def test_the_long_form_a_loaded_abstract_defines_names_its_paper(chat: PaperChat) -> None:
    names = chat._subjects().names
    rot = next(p for p in chat.papers() if p.display_name == "RoT").paper_id
    assert names["Retrieval-of-Thought"] == names["RoT"] == rot
    assert names["Transformer for Gaussian Mixture Models"] == names["TGMM"]



def test_a_long_form_other_papers_write_names_no_paper(chat: PaperChat, tmp_path: Path) -> None:
    """A long form that `ordinary_papers` (3) other papers write, in any case, is a term the
    field shares ("Chain-of-Thought" for a paper named CoT), not a name of the paper."""
    extra = tmp_path / "gmm.jsonl"
    extra.write_text("".join(json.dumps({
        "title": f"Mixture study {i}",
        "abstract": f"We revisit the transformer for Gaussian mixture models in setting {i}. It helps."}) + "\n"
        for i in range(3)))
    chat.ingest([extra], progress=False)
    try:
        names = chat._subjects().names
        assert "Transformer for Gaussian Mixture Models" not in names and "TGMM" in names
    finally:
        for p in chat.papers():
            if p.title.startswith("Mixture study"):
                chat.delete(p.paper_id)
    assert "Transformer for Gaussian Mixture Models" in chat._subjects().names
