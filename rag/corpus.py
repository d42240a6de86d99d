"""Parsers: seed text, JSONL, CSV, BibTeX and PDF files -> Paper records.

Every parser yields papers and rejections; one bad record is reported with its file and
line and skipped, never stopping the rest of the file.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rag.models import Paper, Rejection
from rag.names import display_name_for
from rag.pdf import sections_of
from rag.reading import read_text

# Control characters (not tab/newline) and bidi overrides ("Trojan Source" spoofing) are removed;
# right-to-left letters themselves are kept.
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ufeff]")
_MAX_NAME = 120  # one author's name; longer is cut (a whole list pasted into one name)
URL_RE = re.compile(r"https?://[^\s)\]}>\"']+")


@dataclass
class LoadResult:
    """What one file gave: the papers parsed and the records rejected."""

    papers: list[Paper] = field(default_factory=list)
    rejections: list[Rejection] = field(default_factory=list)


def paper_id_for(title: str, abstract: str) -> str:
    """A stable id derived from content, so re-ingesting the same paper is idempotent."""
    norm = " ".join(f"{title}\n{abstract}".lower().split())
    return "p" + hashlib.sha1(norm.encode("utf-8")).hexdigest()[:12]


def clean(text: str) -> str:
    """One line of text: control and bidi-override characters dropped, whitespace collapsed."""
    return " ".join(_CONTROL.sub(" ", text).split())


def make_paper(source: str, abstract: str, **fields: Any) -> Paper:
    """Build a Paper with its id, display name and URLs filled in."""
    abstract = clean(abstract)
    title = clean(str(fields.pop("title", "") or ""))
    if not abstract:
        raise ValueError("record has no readable text")
    authors = tuple(a[:_MAX_NAME] for a in map(clean, fields.pop("authors", ()) or ()) if a)
    urls = tuple(dict.fromkeys(u.rstrip(".,;") for u in URL_RE.findall(abstract)))
    url = str(fields.pop("url", "") or "") or (urls[0] if urls else "")
    return Paper(
        paper_id=paper_id_for(title, abstract),
        abstract=abstract,
        title=title,
        authors=authors,
        display_name=display_name_for(abstract, authors, title)[:60],
        url=url,
        urls=urls,
        source=source,
        **fields,
    )


def split_authors(raw: Any) -> tuple[str, ...]:
    """Authors from a list or a string separated by commas, semicolons or ' and '."""
    if isinstance(raw, list | tuple):
        return tuple(str(a).strip() for a in raw if str(a).strip())
    parts = re.split(r"\s*(?:;|,|\band\b)\s*", str(raw or ""))
    return tuple(p.strip() for p in parts if p.strip())


def _split_area(raw: str) -> tuple[str, str]:
    area, _, sub = str(raw or "").partition("·")
    return area.strip(), sub.strip()


def _blocks(text: str) -> Iterator[tuple[int, str]]:
    """Blank-line separated blocks with the 1-based line each starts on."""
    start, lines = 0, list[str]()
    for no, line in enumerate(text.split("\n"), 1):
        if line.strip():
            if not lines:
                start = no
            lines.append(line.strip())
        elif lines:
            yield start, " ".join(lines)
            lines = []
    if lines:
        yield start, " ".join(lines)


def parse_seed(path: Path, text: str) -> LoadResult:
    """The demo format: a header line, then per paper `Area · Subarea`, authors, abstract."""
    out = LoadResult()
    blocks = list(_blocks(text))
    if blocks and "·" not in blocks[0][1]:
        blocks = blocks[1:]  # the header line
    i = 0
    while i < len(blocks):
        line, area_line = blocks[i]
        record = blocks[i : i + 3]
        if "·" not in area_line:
            out.rejections.append(Rejection(f"{path}:{line}", "expected an 'Area · Subarea' line"))
            i += 1
            while i < len(blocks) and "·" not in blocks[i][1]:
                i += 1
            continue
        if len(record) < 3 or any("·" in b for _, b in record[1:]):
            out.rejections.append(
                Rejection(f"{path}:{line}", "incomplete record: need area, authors and abstract")
            )
            i += 1 + sum(1 for _ in record[1:] if "·" not in _[1])
            continue
        (_, _), (_, authors), (_, abstract) = record
        area, sub = _split_area(area_line)
        try:
            out.papers.append(make_paper(f"{path}:{line}", abstract, area=area, subarea=sub,
                                         authors=split_authors(authors)))
        except ValueError as exc:
            out.rejections.append(Rejection(f"{path}:{line}", _one_line(exc)))
        i += 3
    return out


def _record_to_paper(source: str, rec: dict[str, Any]) -> Paper:
    abstract = clean(str(rec.get("abstract") or rec.get("text") or ""))
    title = clean(str(rec.get("title") or ""))
    if not abstract and not title:
        raise ValueError("record has neither 'abstract' nor 'title'")
    area, sub = _split_area(str(rec.get("area") or rec.get("primary_area") or ""))
    year_raw = rec.get("year")
    venue = str(rec.get("venue") or "")
    if year_raw in (None, ""):
        found = re.search(r"\b(19|20)\d{2}\b", venue)
        year_raw = found.group(0) if found else None
    try:
        year = int(str(year_raw)) if year_raw not in (None, "") else None
    except ValueError as exc:
        raise ValueError(f"year {year_raw!r} is not a number") from exc
    keywords = rec.get("keywords") or ()
    if isinstance(keywords, str):
        keywords = [k.strip() for k in keywords.split(",") if k.strip()]
    return make_paper(
        source, abstract or title, title=title, authors=split_authors(rec.get("authors")),
        area=area or str(rec.get("area") or ""), subarea=sub, venue=venue, year=year,
        url=str(rec.get("url") or ""), keywords=tuple(keywords),
    )


def _add_record(out: LoadResult, source: str, rec: Any, ids: dict[str, tuple[str, str]]) -> None:
    """Parse one record into `out`; a bad one, or a second record with the same `id` and other
    content, becomes a rejection naming where it is."""
    try:
        if not isinstance(rec, dict):
            raise ValueError("line is not a JSON object")
        paper = _record_to_paper(source, rec)
        key = str(rec.get("id") or rec.get("ID") or "")
        first = ids.setdefault(key, (source, paper.paper_id)) if key else None
        if first is not None and first[1] != paper.paper_id:
            raise ValueError(f"duplicate id {key[:80]!r} with different content "
                             f"(first at {first[0]}); kept the first")
        out.papers.append(paper)
    except (ValueError, TypeError) as exc:
        out.rejections.append(Rejection(source, _one_line(exc)))


def parse_jsonl(path: Path, text: str) -> LoadResult:
    """One JSON object a line: title, abstract, authors, venue, year, url, area (any missing)."""
    out, ids = LoadResult(), dict[str, tuple[str, str]]()
    # split("\n"), not splitlines(): U+2028 or U+0085 may sit inside a JSON string.
    for no, line in enumerate(text.split("\n"), 1):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
        except ValueError as exc:
            out.rejections.append(Rejection(f"{path}:{no}", _one_line(exc)))
            continue
        _add_record(out, f"{path}:{no}", rec, ids)
    return out


def parse_csv(path: Path, text: str) -> LoadResult:
    """A CSV with a header naming the same fields as JSONL."""
    out, ids = LoadResult(), dict[str, tuple[str, str]]()
    csv.field_size_limit(max(csv.field_size_limit(), 1 << 24))  # long abstracts are fine
    reader = csv.DictReader(io.StringIO(text))
    while True:
        try:
            rec = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            out.rejections.append(Rejection(f"{path}:{reader.line_num}", _one_line(exc)))
            continue
        row = {str(k).lower(): v for k, v in rec.items() if k}
        _add_record(out, f"{path}:{reader.line_num}", row, ids)
    return out


def parse_bibtex(path: Path, text: str) -> LoadResult:
    """BibTeX entries; the abstract field is the text, `author` is split on ' and '."""
    import bibtexparser
    from bibtexparser.bparser import BibTexParser

    out, ids = LoadResult(), dict[str, tuple[str, str]]()
    parser = BibTexParser(common_strings=True, ignore_nonstandard_types=False)
    try:
        database = bibtexparser.loads(text, parser=parser)
    except Exception as exc:  # noqa: BLE001 (the parser raises many kinds; reported, not lost)
        return LoadResult(rejections=[Rejection(f"{path}:0", f"unreadable BibTeX: {_one_line(exc)}")])
    starts = [m.start() for m in re.finditer(r"^\s*@", text, re.MULTILINE)]
    for k, entry in enumerate(database.entries):
        no = text.count("\n", 0, starts[k]) + 1 if k < len(starts) else 0
        rec = {
            "title": entry.get("title", "").replace("{", "").replace("}", ""),
            "abstract": entry.get("abstract", ""),
            "authors": [a.strip() for a in entry.get("author", "").split(" and ") if a.strip()],
            "venue": entry.get("booktitle") or entry.get("journal", ""),
            "year": entry.get("year"),
            "url": entry.get("url", ""),
            "id": entry.get("ID", ""),
        }
        _add_record(out, f"{path}:{no}", rec, ids)
    return out


def parse_pdf(path: Path, _text: str) -> LoadResult:
    """A PDF's text layer as one paper (title from metadata or first line), cut into sections
    with their pages (rag/pdf.py) for chunking."""
    from pypdf import PdfReader

    try:
        reader = PdfReader(str(path))
        pages = [page.extract_text() or "" for page in reader.pages]
        text = "\n".join(pages)
    except Exception as exc:  # noqa: BLE001 (pypdf raises many kinds on broken files)
        return LoadResult(rejections=[Rejection(f"{path}:1", f"unreadable PDF: {_one_line(exc)}")])
    if not clean(text):
        return LoadResult(rejections=[Rejection(f"{path}:1", "PDF has no text layer")])
    meta: Mapping[str, Any] = reader.metadata or {}
    first = next((ln.strip() for ln in text.splitlines() if ln.strip()), "")
    title = str(meta.get("/Title") or first)[:200]
    authors = split_authors(meta.get("/Author") or "")
    return LoadResult(papers=[make_paper(f"{path}:1", text, title=title, authors=authors,
                                         sections=tuple(sections_of(pages)))])


PARSERS: dict[str, Callable[[Path, str], LoadResult]] = {
    ".txt": parse_seed,
    ".jsonl": parse_jsonl,
    ".csv": parse_csv,
    ".bib": parse_bibtex,
    ".pdf": parse_pdf,
}
# The file types above as people read them (help texts, upload labels, "skipped" notes), and
# as a file picker takes them (any of them may also be gzipped).
PAPER_FILES = ".txt seed, .jsonl[.gz], .csv, .bib, .pdf"
PAPER_SUFFIXES = [*PARSERS, ".gz"]


def _suffix(path: Path) -> str:
    suffixes = [s.lower() for s in path.suffixes]
    if suffixes and suffixes[-1] == ".gz":
        suffixes = suffixes[:-1]
    return suffixes[-1] if suffixes else ""


def load_papers(path: Path, max_record_chars: int = 1_000_000,
                max_file_bytes: int = 1 << 30) -> LoadResult:
    """Parse one file by its extension (one of PAPER_FILES). A record
    longer than `max_record_chars` is rejected, as is a file over `max_file_bytes`."""
    parser = PARSERS.get(_suffix(path))
    if parser is None:
        known = ", ".join(sorted(PARSERS))
        return LoadResult(rejections=[Rejection(f"{path}:0", f"unknown file type; use one of {known}")])
    if parser is parse_pdf:
        result = parser(path, "")
    else:
        read = read_text(path, max_file_bytes, max_record_chars)
        result = parser(path, read.text) if read.text else LoadResult()
        result.rejections[:0] = read.rejections
    too_long = [p for p in result.papers if len(p.abstract) > max_record_chars]
    for paper in too_long:
        result.rejections.append(Rejection(paper.source, f"text is {len(paper.abstract):,} "
                                           f"characters, over the {max_record_chars:,} limit"))
    result.papers = [p for p in result.papers if len(p.abstract) <= max_record_chars]
    return result


def is_paper_file(path: Path) -> bool:
    """Whether a file's extension is one the parsers read."""
    return _suffix(path) in PARSERS


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split())[:200] or type(exc).__name__
