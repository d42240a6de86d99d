"""Issue 11: full-text PDFs chunked by section with their pages, citations that show the page,
and a paper's abstract and full text kept as one paper (PDFs made here with pypdf)."""

from __future__ import annotations

import json
from pathlib import Path

from pypdf import PdfWriter
from pypdf.generic import DecodedStreamObject, DictionaryObject, NameObject

from rag.corpus import load_papers
from rag.fakes import FakeChat
from rag.pdf import heading, sections_of
from rag.pipeline import PaperChat
from tests.conftest import make_settings
from ui.render import answer_html

TITLE = "Sparse Kernels for Molecular Transport"
FILLER = "This paragraph describes the setting in plain words and adds nothing new."
PAGES = [
    [TITLE, "Abstract", "We transport plans over sparse molecular graphs with kernels.",
     "1 Introduction", "Molecules form graphs.", *[FILLER] * 4],
    ["2 Method", "The sparse kernel couples transport plans and graph attention.", *[FILLER] * 5,
     "3 Experiments", "On the QM9 benchmark the sparse kernel reaches 91.5 accuracy."],
    ["It runs in 4 minutes on one CPU core.", "4 Conclusion", "Sparse kernels are enough.",
     "References", "[1] Ada Lovelace. Notes on the analytical engine graph kernel. 1843."],
]


def make_pdf(path: Path, pages: list[list[str]], title: str) -> Path:
    """A PDF with a real text layer, one line per string (Helvetica, no external tools)."""
    writer = PdfWriter()
    font = writer._add_object(DictionaryObject({
        NameObject("/Type"): NameObject("/Font"), NameObject("/Subtype"): NameObject("/Type1"),
        NameObject("/BaseFont"): NameObject("/Helvetica")}))
    for lines in pages:
        page = writer.add_blank_page(612, 792)
        body = "".join(f"({line}) Tj T* " for line in lines)
        stream = DecodedStreamObject()
        stream.set_data(f"BT /F1 10 Tf 12 TL 72 740 Td {body}ET".encode("latin-1"))
        page[NameObject("/Contents")] = writer._add_object(stream)
        page[NameObject("/Resources")] = DictionaryObject(
            {NameObject("/Font"): DictionaryObject({NameObject("/F1"): font})})
    writer.add_metadata({"/Title": title})
    with path.open("wb") as handle:
        writer.write(handle)
    return path


def test_headings_and_pages_of_a_text_layer() -> None:
    assert heading("3.2 Training details") == "3.2 Training details"
    assert heading("RELATED WORK") == "Related Work"
    assert heading("Conclusions:") == "Conclusions"
    assert heading("2 4 6 8") is None and heading("1 We show that this works.") is None
    sections = sections_of(["Title line\nAbstract\nShort.\n1 Introduction\nA", "B continues\n"
                            "2 Method\nC\nReferences\n[1] X. Y."])
    assert [(s.title, s.page, s.text) for s in sections] == [
        ("", 1, "Title line"), ("Abstract", 1, "Short."), ("1 Introduction", 1, "A"),
        ("1 Introduction", 2, "B continues"), ("2 Method", 2, "C")]


def test_a_pdf_is_chunked_by_section_and_citations_show_the_page(tmp_path: Path) -> None:
    pdf = make_pdf(tmp_path / "paper.pdf", PAGES, TITLE)
    paper = load_papers(pdf).papers[0]
    assert paper.title == TITLE and {s.page for s in paper.sections} == {1, 2, 3}
    reply = "On the QM9 benchmark the sparse kernel reaches 91.5 accuracy [1]."
    chat = PaperChat(make_settings(tmp_path / "data"), llm=FakeChat([reply]))
    assert chat.ingest([pdf], progress=False).added == 1
    chunks = chat.store.chunks_of(paper.paper_id)
    assert all(c.page in {1, 2, 3} and c.chunk_id.startswith(f"{paper.paper_id}:s") for c in chunks)
    assert not any("Lovelace" in c.text for c in chunks)  # the reference list is left out
    assert {c.metadata["section"] for c in chunks} >= {"Abstract", "2 Method", "3 Experiments"}
    hit = chat.search("QM9 benchmark accuracy", k=1)[0]
    assert hit.page == 2 and hit.metadata["section"] == "3 Experiments"
    assert chat.search("minutes on one CPU core", k=1)[0].page == 3
    answer = chat.ask("What accuracy does the sparse kernel reach on QM9?")
    assert [c.page for c in answer.citations] == [2]
    assert answer.to_json()["citations"][0]["page"] == 2
    assert "p. 2 · 3 Experiments" in answer_html(answer.text, answer.passages, 0)  # the UI shows it


def test_abstract_and_full_text_of_one_paper_are_one_paper(tmp_path: Path) -> None:
    record = {"title": TITLE.upper(), "authors": ["Grace Hopper"], "year": 2024,
              "abstract": "We transport plans over sparse molecular graphs with kernels."}
    abstract = tmp_path / "abstracts.jsonl"
    abstract.write_text(json.dumps(record) + "\n")
    pdf = make_pdf(tmp_path / "paper.pdf", PAGES, TITLE)
    for order in ([abstract, pdf, abstract], [pdf, abstract, pdf]):
        chat = PaperChat(make_settings(tmp_path / f"data-{order[0].suffix}"), llm=FakeChat())
        for path in order:
            chat.ingest([path], progress=False)
        (only,) = chat.papers()
        assert only.full_text and only.year == (2024 if order[0] == abstract else None)
        chunks = chat.store.chunks_of(only.paper_id)
        assert chunks and all(c.page for c in chunks)  # the abstract's chunk was replaced
        assert set(chat.lexical.ids) == {c.chunk_id for c in chunks}
        assert chat.search("QM9 benchmark", k=1)[0].paper_id == only.paper_id
    assert only.authors == []  # PDF first: the later abstract adds nothing


def test_abstract_and_full_text_in_one_ingest_are_one_paper(tmp_path: Path) -> None:
    abstract = tmp_path / "abstracts.jsonl"
    abstract.write_text(json.dumps({"title": TITLE, "year": 2024, "abstract": "Short."}) + "\n")
    pdf = make_pdf(tmp_path / "paper.pdf", PAGES, TITLE)
    chat = PaperChat(make_settings(tmp_path / "data"), llm=FakeChat())
    chat.ingest([abstract, pdf], progress=False)
    (only,) = chat.papers()
    assert only.full_text and only.year == 2024
    assert all(c.page for c in chat.store.chunks_of(only.paper_id))
