"""Export: an answer as Markdown with its references; the cited papers as BibTeX entries."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence

from rag.models import Answer, Citation
from rag.store import PaperRecord
from rag.text import author_list

# Characters that mean something to (La)TeX inside a BibTeX field.
_TEX_ESCAPES = {
    "\\": r"\textbackslash{}",
    "{": r"\{",
    "}": r"\}",
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
}
_TEX_RE = re.compile("|".join(re.escape(c) for c in _TEX_ESCAPES))


def answer_to_markdown(answer: Answer) -> str:
    """The question, the answer with its [n] markers, and a numbered reference list in which
    each entry quotes the cited passage."""
    lines = [f"# {answer.question.strip()}", ""]
    if answer.error:
        lines += [f"> The language model failed: {answer.error}", ""]
    lines += [answer.text.strip() or "(no answer)", ""]
    if answer.citations:
        lines += ["## References", ""]
        for c in _unique(answer.citations):
            lines.append(f"[{c.n}] {_reference(c)}")
            lines.append(f"    > {' '.join(c.passage.split())}")
            lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def _reference(c: Citation) -> str:
    who = author_list(c.authors, 6)
    parts = [p for p in (who, f"*{c.name}*", f"<{c.url}>" if c.url else "") if p]
    return ". ".join(parts)


def _unique(citations: Iterable[Citation]) -> list[Citation]:
    seen: dict[int, Citation] = {}
    for c in citations:
        seen.setdefault(c.n, c)
    return [seen[n] for n in sorted(seen)]


def cited_papers(answer: Answer, catalogue: Mapping[str, PaperRecord]) -> list[PaperRecord]:
    """The loaded papers the answer cites, in order of first citation."""
    ids = dict.fromkeys(c.paper_id for c in sorted(answer.citations, key=lambda c: c.n))
    return [catalogue[pid] for pid in ids if pid in catalogue]


def papers_to_bibtex(papers: Sequence[PaperRecord]) -> str:
    """One BibTeX entry per paper (@inproceedings when the venue is known, else @misc)."""
    keys: set[str] = set()
    return "\n".join(bibtex_entry(p, keys) for p in papers)


def bibtex_entry(paper: PaperRecord, taken: set[str] | None = None) -> str:
    """A BibTeX entry; `taken` holds keys already used, so keys stay unique across a file."""
    key = _unique_key(_key(paper), taken if taken is not None else set())
    fields = {
        "title": paper.title or paper.display_name or paper.paper_id,
        "author": " and ".join(paper.authors),
        "booktitle": paper.venue,
        "year": str(paper.year or ""),
        "url": paper.url,
        "keywords": " · ".join(x for x in (paper.area, paper.subarea) if x),
        "note": f"PaperChat id {paper.paper_id}"
        + (f"; known as {paper.display_name}" if paper.title and paper.display_name else ""),
    }
    kind = "inproceedings" if paper.venue else "misc"
    body = ",\n".join(
        f"  {name} = {{{_field(name, value)}}}" for name, value in fields.items() if value
    )
    return f"@{kind}{{{key},\n{body}\n}}\n"


def _field(name: str, value: str) -> str:
    if name == "url":
        return value.replace("{", "%7B").replace("}", "%7D")
    text = _TEX_RE.sub(lambda m: _TEX_ESCAPES[m.group(0)], " ".join(value.split()))
    return f"{{{text}}}" if name == "title" else text  # keep the title's capitals


def _key(paper: PaperRecord) -> str:
    last = paper.authors[0].split()[-1] if paper.authors else "anon"
    words = re.findall(r"[A-Za-z0-9]+", paper.title or paper.display_name)
    word = next((w for w in words if len(w) > 3), words[0] if words else "")
    raw = f"{last}{paper.year or ''}{word}".lower()
    ascii_only = unicodedata.normalize("NFKD", raw).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]", "", ascii_only) or paper.paper_id


def _unique_key(key: str, taken: set[str]) -> str:
    candidate, suffix = key, ord("a")
    while candidate in taken:
        candidate, suffix = f"{key}{chr(suffix)}", suffix + 1
    taken.add(candidate)
    return candidate
