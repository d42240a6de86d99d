import gzip
import json
from pathlib import Path

from rag.config import DEMO_CORPUS
from rag.corpus import display_name_for, load_papers, paper_id_for
from rag.names import long_form


def test_demo_corpus_parses_all_twenty_papers_with_metadata() -> None:
    result = load_papers(DEMO_CORPUS)
    assert result.rejections == []
    assert len(result.papers) == 20
    first = result.papers[0]
    assert first.authors == ("Giulia Lanzillotta", "Damiano Meier", "Thomas Hofmann")
    assert (first.area, first.subarea) == ("Deep Learning", "Everything Else")
    assert first.abstract.startswith("A persistent paradox in continual learning")
    assert first.source.endswith("papers.txt:3")
    assert len({p.paper_id for p in result.papers}) == 20


def test_display_names_are_method_names_or_first_author() -> None:
    names = [p.display_name for p in load_papers(DEMO_CORPUS).papers]
    for expected in ["RoT", "InfoSEDD", "ResiliBench", "OpTI-BFM", "STAD", "ALL-IN", "NAVIS",
                     "GraphBSI", "GLOT", "QuRL", "RFedAGS", "RecurrSim", "TGMM", "SparseRL"]:
        assert expected in names
    assert "Lanzillotta et al." in names  # no method name in that abstract
    assert "ATOMO" not in names  # a baseline the abstract mentions, not its own method
    assert display_name_for("We study things.", ("Dmitry Yarotsky",)) == "Yarotsky"


def test_a_long_form_is_the_acronym_s_definition_before_it() -> None:
    """Users write "Retrieval-of-Thought" as often as "RoT" (180 seen questions and claims):
    the long form an abstract defines for its method's name names the paper too."""
    assert long_form("We propose Retrieval-of-Thought (RoT), which reuses", "RoT") == "Retrieval-of-Thought"
    assert long_form("a framework called Transformer for Gaussian Mixture Models (TGMM) that", "TGMM") \
        == "Transformer for Gaussian Mixture Models"
    # no definition, letters that do not match, a lower-case word in the way, a one-letter name
    assert long_form("RoT reuses thoughts.", "RoT") == ""
    assert long_form("We present Optimistic Test-Time Inference (OpTI-BFM).", "OpTI-BFM") == ""
    assert long_form("we introduce the method (RoT)", "RoT") == ""
    assert long_form("the Retrieval step of our Thought graph (RoT)", "RoT") == ""
    assert long_form("Some Xylophone (X)", "X") == ""
    names = {p.display_name: long_form(p.abstract, p.display_name) for p in load_papers(DEMO_CORPUS).papers}
    assert {n: f for n, f in names.items() if f} == {
        "RoT": "Retrieval-of-Thought", "TGMM": "Transformer for Gaussian Mixture Models"}


def test_urls_are_extracted() -> None:
    glot = next(p for p in load_papers(DEMO_CORPUS).papers if p.display_name == "GLOT")
    assert glot.url == "https://github.com/ipsitmantri/GLOT"


def test_paper_ids_are_content_derived_and_stable() -> None:
    assert paper_id_for("T", "An abstract.") == paper_id_for("T", "An   abstract.")
    assert paper_id_for("T", "An abstract.") != paper_id_for("T", "Another abstract.")
    again = load_papers(DEMO_CORPUS)
    assert [p.paper_id for p in again.papers] == [p.paper_id for p in load_papers(DEMO_CORPUS).papers]


def test_malformed_seed_records_are_reported_with_line_and_skipped(tmp_path: Path) -> None:
    text = (
        "header\n\n"
        "Deep Learning · Graphs\n\nAda Lovelace\n\nA good abstract about graphs.\n\n"
        "this line should have been an area line\n\n"
        "Theory · Learning Theory\n\nAlan Turing, Alonzo Church\n\nAnother good abstract.\n"
    )
    path = tmp_path / "seed.txt"
    path.write_text(text)
    result = load_papers(path)
    assert [p.authors for p in result.papers] == [("Ada Lovelace",), ("Alan Turing", "Alonzo Church")]
    assert len(result.rejections) == 1
    assert str(result.rejections[0]).startswith(f"{path}:9: ")


def test_jsonl_accepts_missing_fields_and_reports_bad_lines(tmp_path: Path) -> None:
    lines = [
        json.dumps({"title": "Paper A", "abstract": "Alpha beta.", "authors": ["X Y", "Z W"],
                    "venue": "ICLR 2026 Poster", "url": "https://example.org/a", "area": "RL · Deep RL"}),
        "{not json",
        json.dumps({"abstract": "Only an abstract."}),
        json.dumps({"authors": "Nobody"}),
        json.dumps({"title": "Year bad", "abstract": "x", "year": "soon"}),
    ]
    path = tmp_path / "p.jsonl.gz"
    path.write_bytes(gzip.compress("\n".join(lines).encode()))
    result = load_papers(path)
    assert [p.title for p in result.papers] == ["Paper A", ""]
    a = result.papers[0]
    assert (a.year, a.area, a.subarea, a.authors) == (2026, "RL", "Deep RL", ("X Y", "Z W"))
    assert [r.source.rsplit(":", 1)[1] for r in result.rejections] == ["2", "4", "5"]


def test_csv_and_bibtex_parsers(tmp_path: Path) -> None:
    csv_path = tmp_path / "p.csv"
    csv_path.write_text('title,abstract,authors,year\nT1,"Some abstract, with comma.","A B; C D",2024\n')
    bib_path = tmp_path / "p.bib"
    bib_path.write_text(
        "@inproceedings{k1,\n  title={{Deep} Things},\n  author={Lovelace, Ada and Babbage, Charles},\n"
        "  abstract={We do deep things.},\n  year={2023},\n  booktitle={NeurIPS}\n}\n"
    )
    c = load_papers(csv_path).papers[0]
    assert (c.title, c.authors, c.year) == ("T1", ("A B", "C D"), 2024)
    b = load_papers(bib_path).papers[0]
    assert (b.title, b.year, b.venue) == ("Deep Things", 2023, "NeurIPS")
    assert b.authors == ("Lovelace, Ada", "Babbage, Charles")


def test_unknown_or_unreadable_files_are_one_line_rejections(tmp_path: Path) -> None:
    odd = tmp_path / "notes.docx"
    odd.write_text("x")
    assert "unknown file type" in load_papers(odd).rejections[0].reason
    bad = tmp_path / "broken.pdf"
    bad.write_bytes(b"not a pdf")
    rej = load_papers(bad).rejections
    assert len(rej) == 1 and "\n" not in rej[0].reason
