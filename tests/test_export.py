"""rag.export: answers as Markdown with references, cited papers as BibTeX."""

from __future__ import annotations

import bibtexparser

from rag.export import answer_to_markdown, bibtex_entry, cited_papers, papers_to_bibtex
from rag.models import Answer, Citation, Hit, Passage
from rag.pipeline import PaperChat
from rag.store import PaperRecord


def _record(**overrides: object) -> PaperRecord:
    base: dict[str, object] = {
        "paper_id": "p1",
        "title": "Fast {Sparse} Attention & 100% Recall",
        "display_name": "FSA",
        "authors": ["Ada Lovelace", "Kurt Gödel"],
        "area": "Deep Learning",
        "subarea": "Attention",
        "venue": "NeurIPS 2024",
        "year": 2024,
        "url": "https://example.org/fsa",
        "chunks": 2,
    }
    base.update(overrides)
    return PaperRecord(**base)  # type: ignore[arg-type]


def _answer() -> Answer:
    hit = Hit("c1", "p1", "FSA reaches 100% recall. It is fast.", 1.0, {"title": "FSA paper"})
    passage = Passage(1, hit, "FSA reaches 100% recall.")
    cite = Citation(
        1,
        "p1",
        "FSA paper",
        ["Ada Lovelace"],
        "FSA reaches 100% recall.",
        "https://example.org/fsa",
    )
    return Answer(
        question="How good is FSA?",
        text="It reaches full recall [1].",
        citations=[cite, cite],
        passages=[passage],
    )


def test_markdown_has_the_answer_and_one_reference_per_citation_with_its_passage() -> None:
    md = answer_to_markdown(_answer())
    assert md.startswith("# How good is FSA?\n")
    assert "It reaches full recall [1]." in md
    assert md.count("[1] Ada Lovelace. *FSA paper*. <https://example.org/fsa>") == 1
    assert "> FSA reaches 100% recall." in md


def test_markdown_of_a_failed_answer_says_the_model_failed() -> None:
    answer = Answer(question="q", text="", citations=[], passages=[], error="cannot reach it")
    md = answer_to_markdown(answer)
    assert "The language model failed: cannot reach it" in md and "## References" not in md


def test_bibtex_parses_back_with_escaped_fields() -> None:
    text = papers_to_bibtex([_record(), _record(paper_id="p2", title="", venue="", year=None)])
    entries = bibtexparser.loads(text).entries
    assert [e["ENTRYTYPE"] for e in entries] == ["inproceedings", "misc"]
    first, second = entries
    assert first["ID"] == "lovelace2024fast" and second["ID"] == "lovelacefsa"
    assert first["title"] == r"{Fast \{Sparse\} Attention \& 100\% Recall}"
    assert first["author"] == "Ada Lovelace and Kurt Gödel"
    assert first["booktitle"] == "NeurIPS 2024" and first["year"] == "2024"
    assert first["url"] == "https://example.org/fsa"
    assert second["title"] == "{FSA}" and "year" not in second


def test_bibtex_keys_stay_unique() -> None:
    taken: set[str] = set()
    keys = [bibtex_entry(_record(), taken).split(",", 1)[0] for _ in range(3)]
    assert keys == [
        "@inproceedings{lovelace2024fast",
        "@inproceedings{lovelace2024fasta",
        "@inproceedings{lovelace2024fastb",
    ]


def test_cited_papers_of_a_real_answer(chat: PaperChat) -> None:
    answer = chat.ask("How does InfoSEDD estimate mutual information?")
    catalogue = {r.paper_id: r for r in chat.papers()}
    papers = cited_papers(answer, catalogue)
    assert [p.paper_id for p in papers] == list(dict.fromkeys(c.paper_id for c in answer.citations))
    assert papers and all(p.display_name == "InfoSEDD" for p in papers)
    assert len(bibtexparser.loads(papers_to_bibtex(papers)).entries) == len(papers)
