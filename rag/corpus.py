"""Parsers: seed text, JSONL, CSV, BibTeX and PDF files -> Paper records.

Every parser yields papers and rejections; one bad record is reported with its file and
line and skipped, never stopping the rest of the file.
"""

from __future__ import annotations

import csv
import gzip
import hashlib
import io
import json
import re
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rag.models import Paper, Rejection

URL_RE = re.compile(r"https?://[^\s)\]}>\"']+")
_NAME_TOKEN = re.compile(r"\b[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*\b")
_INTRO_RE = re.compile(
    r"\b(?:we\s+(?:introduce|propose|present|develop)|called|termed|dubbed|named)\b",
    re.IGNORECASE,
)
_EXAMPLE_RE = re.compile(r"\b(?:such as|e\.g\.|like|including|than|versus|vs\.)\s", re.IGNORECASE)
# Acronyms that name a field or a tool, not the paper's own method.
_GENERIC = {
    "AI", "API", "APIs", "AR", "CL", "CNN", "CPU", "CUDA", "EM", "FL", "GD", "GNN", "GPU",
    "HB", "LLM", "LLMs", "LRM", "LRMs", "MDP", "MI", "ML", "NLP", "QA", "RL", "RLHF", "SDE",
    "SDEs", "SGD", "SOTA", "TGB", "UPT", "GLUE", "MTEB", "GRPO", "BFMs", "GMM", "GMMs", "VIrtual",
}


@dataclass
class LoadResult:
    """What one file gave: the papers parsed and the records rejected."""

    papers: list[Paper] = field(default_factory=list)
    rejections: list[Rejection] = field(default_factory=list)


def paper_id_for(title: str, abstract: str) -> str:
    """A stable id derived from content, so re-ingesting the same paper is idempotent."""
    norm = " ".join(f"{title}\n{abstract}".lower().split())
    return "p" + hashlib.sha1(norm.encode("utf-8")).hexdigest()[:12]


def display_name_for(abstract: str, authors: tuple[str, ...], title: str = "") -> str:
    """The method name the abstract introduces (e.g. "RoT"), else "First-author et al."."""
    scores: Counter[str] = Counter()
    for match in _NAME_TOKEN.finditer(abstract):
        token = match.group(0).strip("-")
        uppers = sum(ch.isupper() for ch in token)
        if uppers < 2 or token in _GENERIC or token.rstrip("s") in _GENERIC or len(token) > 24:
            continue
        if token.isupper() and len(token) <= 2:
            continue
        if "-" in token and not any(sum(c.isupper() for c in p) >= 2 for p in token.split("-")):
            continue  # a capitalised phrase such as "Open-Ended", not a name
        if _EXAMPLE_RE.search(abstract[max(0, match.start() - 40) : match.start()]):
            continue  # "methods such as ATOMO": someone else's method
        scores[token] += 1
        before = abstract[max(0, match.start() - 90) : match.start()]
        if _INTRO_RE.search(before):
            scores[token] += 3
        if abstract[max(0, match.start() - 1) : match.start()] == "(":
            scores[token] += 2
    if scores:
        best, score = scores.most_common(1)[0]
        if score >= 4:
            return best
    if authors:
        last = authors[0].split()[-1]
        return f"{last} et al." if len(authors) > 1 else last
    return title[:40] or "Untitled"


def make_paper(source: str, abstract: str, **fields: Any) -> Paper:
    """Build a Paper with its id, display name and URLs filled in."""
    abstract = " ".join(abstract.split())
    title = " ".join(str(fields.pop("title", "") or "").split())
    authors = tuple(fields.pop("authors", ()) or ())
    urls = tuple(dict.fromkeys(u.rstrip(".,;") for u in URL_RE.findall(abstract)))
    url = str(fields.pop("url", "") or "") or (urls[0] if urls else "")
    return Paper(
        paper_id=paper_id_for(title, abstract),
        abstract=abstract,
        title=title,
        authors=authors,
        display_name=display_name_for(abstract, authors, title),
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
    for no, line in enumerate(text.splitlines(), 1):
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
        out.papers.append(
            make_paper(f"{path}:{line}", abstract, authors=split_authors(authors), area=area,
                       subarea=sub)
        )
        i += 3
    return out


def _record_to_paper(source: str, rec: dict[str, Any]) -> Paper:
    abstract = str(rec.get("abstract") or rec.get("text") or "").strip()
    title = str(rec.get("title") or "").strip()
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


def parse_jsonl(path: Path, text: str) -> LoadResult:
    """One JSON object a line: title, abstract, authors, venue, year, url, area (any missing)."""
    out = LoadResult()
    for no, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
            if not isinstance(rec, dict):
                raise ValueError("line is not a JSON object")
            out.papers.append(_record_to_paper(f"{path}:{no}", rec))
        except (ValueError, TypeError) as exc:
            out.rejections.append(Rejection(f"{path}:{no}", _one_line(exc)))
    return out


def parse_csv(path: Path, text: str) -> LoadResult:
    """A CSV with a header naming the same fields as JSONL."""
    out = LoadResult()
    reader = csv.DictReader(io.StringIO(text))
    for rec in reader:
        no = reader.line_num
        try:
            out.papers.append(_record_to_paper(f"{path}:{no}", {k.lower(): v for k, v in rec.items() if k}))
        except (ValueError, TypeError) as exc:
            out.rejections.append(Rejection(f"{path}:{no}", _one_line(exc)))
    return out


def parse_bibtex(path: Path, text: str) -> LoadResult:
    """BibTeX entries; the abstract field is the text, `author` is split on ' and '."""
    import bibtexparser
    from bibtexparser.bparser import BibTexParser

    out = LoadResult()
    parser = BibTexParser(common_strings=True, ignore_nonstandard_types=False)
    database = bibtexparser.loads(text, parser=parser)
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
        }
        try:
            out.papers.append(_record_to_paper(f"{path}:{no}", rec))
        except (ValueError, TypeError) as exc:
            out.rejections.append(Rejection(f"{path}:{no}", _one_line(exc)))
    return out


def parse_pdf(path: Path, _text: str) -> LoadResult:
    """A PDF's text layer as one paper (title from metadata or first line)."""
    from pypdf import PdfReader
    from pypdf.errors import PdfReadError

    try:
        reader = PdfReader(str(path))
        text = "\n".join(page.extract_text() or "" for page in reader.pages)
    except (PdfReadError, OSError, ValueError) as exc:
        return LoadResult(rejections=[Rejection(f"{path}:1", f"unreadable PDF: {_one_line(exc)}")])
    if not text.strip():
        return LoadResult(rejections=[Rejection(f"{path}:1", "PDF has no text layer")])
    meta: Mapping[str, Any] = reader.metadata or {}
    first = next((ln.strip() for ln in text.splitlines() if ln.strip()), "")
    title = str(meta.get("/Title") or first)[:200]
    authors = split_authors(meta.get("/Author") or "")
    return LoadResult(papers=[make_paper(f"{path}:1", text, title=title, authors=authors)])


PARSERS: dict[str, Callable[[Path, str], LoadResult]] = {
    ".txt": parse_seed,
    ".jsonl": parse_jsonl,
    ".csv": parse_csv,
    ".bib": parse_bibtex,
    ".pdf": parse_pdf,
}


def _suffix(path: Path) -> str:
    suffixes = [s.lower() for s in path.suffixes]
    if suffixes and suffixes[-1] == ".gz":
        suffixes = suffixes[:-1]
    return suffixes[-1] if suffixes else ""


def load_papers(path: Path) -> LoadResult:
    """Parse one file by its extension (.txt seed, .jsonl[.gz], .csv, .bib, .pdf)."""
    parser = PARSERS.get(_suffix(path))
    if parser is None:
        known = ", ".join(sorted(PARSERS))
        return LoadResult(rejections=[Rejection(f"{path}:0", f"unknown file type; use one of {known}")])
    try:
        if parser is parse_pdf:
            return parser(path, "")
        raw = path.read_bytes()
        if path.suffix.lower() == ".gz":
            raw = gzip.decompress(raw)
        text = raw.decode("utf-8-sig")
    except (OSError, UnicodeDecodeError, EOFError, gzip.BadGzipFile) as exc:
        return LoadResult(rejections=[Rejection(f"{path}:0", f"cannot read file: {_one_line(exc)}")])
    return parser(path, text)


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split())[:200] or type(exc).__name__
