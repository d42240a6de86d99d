"""Issue 12, item 1: folders and bad input files. Every bad record is reported with its file
and line, every good record still loads, nothing crashes and no partial paper is left."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from rag.config import DEMO_CORPUS
from rag.corpus import load_papers
from rag.fakes import FakeChat
from rag.pipeline import PaperChat
from tests.conftest import make_settings

GOOD = {"title": "Graph pooling with optimal transport", "abstract": "We pool graph tokens.",
        "authors": ["Ada Lovelace", "Alan Turing"], "year": 2024}


def _jsonl(path: Path, *records: object) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(r if isinstance(r, str) else json.dumps(r) for r in records) + "\n",
                    encoding="utf-8")
    return path


def _messy_folder(root: Path) -> Path:
    """A folder as a new user would drop it: good files of each type, bad ones, unknown ones."""
    (root / "sub" / "deeper").mkdir(parents=True)
    (root / "seed.txt").write_text(DEMO_CORPUS.read_text(encoding="utf-8"), encoding="utf-8")
    _jsonl(root / "sub" / "good.jsonl", GOOD, {"title": "Second", "abstract": "Another one."})
    (root / "sub" / "deeper" / "refs.bib").write_text(
        "@article{k1,\n title={Bib Paper},\n author={Lovelace, Ada},\n abstract={Bib text.},\n"
        " year={2023}\n}\n", encoding="utf-8")
    (root / "sub" / "table.csv").write_text("title,abstract\nCsv Paper,Csv text about graphs.\n")
    (root / "empty.jsonl").write_text("")
    (root / "binary.csv").write_bytes(b"\x00\x01\x02PK\x03\x04" * 50)
    (root / "notes.docx").write_bytes(b"PK\x03\x04 not a paper")
    (root / "README").write_text("no extension")
    (root / ".hidden.jsonl").write_text("{broken")
    return root


def _chat(tmp_path: Path, **overrides: object) -> PaperChat:
    return PaperChat(make_settings(tmp_path / "data", **overrides), llm=FakeChat())


def test_a_mixed_folder_loads_every_good_file_and_reports_each_bad_one(tmp_path: Path) -> None:
    folder = _messy_folder(tmp_path / "papers")
    chat = _chat(tmp_path)
    report = chat.ingest([folder], progress=False)
    assert report.added == 20 + 2 + 1 + 1  # demo seed, two JSONL, one BibTeX, one CSV
    reasons = {Path(r.source.rsplit(":", 1)[0]).name: r.reason for r in report.rejected}
    assert reasons["empty.jsonl"] == "empty file"
    assert "binary file" in reasons["binary.csv"]
    assert "not a paper file type" in reasons["notes.docx"]
    assert "not a paper file type" in reasons["README"]
    assert ".hidden.jsonl" not in reasons  # hidden files are not the user's papers
    assert all("\n" not in r.reason for r in report.rejected)
    assert len(chat.papers()) == 24
    again = chat.ingest([folder], progress=False)  # idempotent, folder or not
    assert (again.added, again.unchanged) == (0, 24)


def test_cli_ingests_a_folder_and_names_each_skipped_file(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    from ui import cli

    folder = _messy_folder(tmp_path / "papers")
    for key, value in {"PAPERCHAT_DATA_DIR": str(tmp_path / "data"), "PAPERCHAT_EMBED_MODEL": "fake",
                       "PAPERCHAT_LLM_PROVIDER": "fake"}.items():
        monkeypatch.setenv(key, value)
    monkeypatch.setattr("sys.argv", ["paperchat", "ingest", str(folder)])
    with pytest.raises(SystemExit) as done:
        cli.app()
    assert done.value.code == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["added"] == 24
    assert f"rejected {folder / 'notes.docx'}:0: skipped: not a paper file type" in err
    assert f"rejected {folder / 'empty.jsonl'}:0: empty file" in err


def test_wrong_encoding_costs_only_its_lines(tmp_path: Path) -> None:
    good = json.dumps(GOOD).encode()
    latin = json.dumps({"title": "Café", "abstract": "x"}, ensure_ascii=False).encode("latin-1")
    path = tmp_path / "mixed.jsonl"
    path.write_bytes(good + b"\n" + latin + b"\n" + json.dumps({"title": "T3", "abstract": "y"}).encode())
    result = load_papers(path)
    assert [p.title for p in result.papers] == [GOOD["title"], "T3"]
    [rej] = result.rejections
    assert rej.source == f"{path}:2" and "not UTF-8" in rej.reason and "0xE9" in rej.reason


def test_utf16_files_are_decoded_not_rejected(tmp_path: Path) -> None:
    path = tmp_path / "excel.csv"
    path.write_bytes("title,abstract\nÜber,Graphen.\n".encode("utf-16"))
    result = load_papers(path)
    assert [p.title for p in result.papers] == ["Über"] and not result.rejections


def test_truncated_json_and_truncated_gzip_keep_what_came_before(tmp_path: Path) -> None:
    path = _jsonl(tmp_path / "cut.jsonl", GOOD, '{"title": "Half", "abstr')
    result = load_papers(path)
    assert len(result.papers) == 1 and result.rejections[0].source == f"{path}:2"
    lines = [json.dumps({"title": f"P{i}", "abstract": f"Text {i}."}) for i in range(300)]
    packed = gzip.compress("\n".join(lines).encode())
    gz = tmp_path / "cut.jsonl.gz"
    gz.write_bytes(packed[: len(packed) * 2 // 3])
    result = load_papers(gz)
    assert 0 < len(result.papers) < 300
    assert any("truncated" in r.reason for r in result.rejections)


def test_a_50_mb_single_line_is_rejected_and_the_rest_loads(tmp_path: Path) -> None:
    path = tmp_path / "huge.jsonl"
    with path.open("w") as f:
        f.write(json.dumps(GOOD) + "\n")
        f.write('{"title": "Huge", "abstract": "' + "word " * 10_000_000 + '"}\n')
        f.write(json.dumps({"title": "After", "abstract": "Still here."}) + "\n")
    assert path.stat().st_size > 50_000_000
    chat = _chat(tmp_path)
    report = chat.ingest([path], progress=False)
    assert report.added == 2
    [rej] = report.rejected
    assert rej.source == f"{path}:2" and "record limit" in rej.reason


def test_duplicate_ids_with_different_content_keep_the_first(tmp_path: Path) -> None:
    path = _jsonl(tmp_path / "dups.jsonl", {"id": "2401.1", **GOOD},
                  {"id": "2401.1", "title": "Other", "abstract": "Different."},
                  {"id": "2401.1", **GOOD})  # same id, same content: just unchanged
    result = load_papers(path)
    assert [p.title for p in result.papers] == [GOOD["title"], GOOD["title"]]
    [rej] = result.rejections
    assert rej.source == f"{path}:2" and "duplicate id '2401.1'" in rej.reason
    report = _chat(tmp_path).ingest([path], progress=False)
    assert (report.added, report.unchanged) == (1, 1)


def test_odd_but_valid_records_load_cleanly(tmp_path: Path) -> None:
    authors = [f"Author Number{i} Surname{i}" for i in range(400)]  # ~10k characters
    path = _jsonl(
        tmp_path / "odd.jsonl",
        {"title": "No abstract at all"},
        {"title": "Many authors", "abstract": "A big collaboration.", "authors": authors},
        {"title": "One giant name", "abstract": "Pasted list.", "authors": ["x" * 10_000]},
        {"title": "Ctrl\u0000chars\u0007 and \u202eoverride", "abstract": "Bell\u0008 text\u001b[31m."},
        {"title": "עיבוד שפה טבעית", "abstract": "מאמר על למידה עמוקה. معالجة اللغة الطبيعية."},
    )
    result = load_papers(path)
    assert not result.rejections and len(result.papers) == 5
    bare, many, giant, ctrl, rtl = result.papers
    assert bare.abstract == "No abstract at all"  # the title stands in as its text
    assert len(many.authors) == 400 and len(many.display_name) <= 60
    assert len(giant.authors[0]) <= 120
    assert ctrl.title == "Ctrl chars and override" and "\x1b" not in ctrl.abstract
    assert rtl.title == "עיבוד שפה טבעית" and "معالجة" in rtl.abstract
    chat = _chat(tmp_path)
    assert chat.ingest([path], progress=False).added == 5
    assert {r.title for r in chat.papers()} >= {"עיבוד שפה טבעית", "Many authors"}


def test_a_failing_batch_leaves_no_partial_paper_and_the_rest_loads(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    sentence = "Long text about graph pooling and transport plans for tokens. "
    records = [{"title": f"Paper {i}", "abstract": sentence * 800} for i in range(6)]
    records[3]["abstract"] += "poison"
    path = _jsonl(tmp_path / "p.jsonl", *records)
    chat = _chat(tmp_path)
    real_add = chat.store.add

    def half_then_fail(chunks):  # writes half the batch, then the disk fills up
        chunks = list(chunks)
        if any("poison" in c.text for c in chunks):
            real_add(chunks[: len(chunks) // 2])
            raise RuntimeError("disk full")
        return real_add(chunks)

    monkeypatch.setattr(chat.store, "add", half_then_fail)
    report = chat.ingest([path], progress=False)
    failed = {r.source for r in report.rejected}
    assert f"{path}:4" in failed and all("not stored: disk full" in r.reason for r in report.rejected)
    assert report.added == 6 - len(failed) >= 3
    for record in chat.papers():  # every stored paper is whole
        stored = chat.store.chunks_of(record.paper_id)
        assert record.chunks == len(stored) == stored[0].metadata["n_chunks"]
    assert "Paper 3" not in {r.title for r in chat.papers()}
    assert len(chat.papers()) == report.added
