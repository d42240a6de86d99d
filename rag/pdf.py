"""A PDF's text layer cut into sections, each piece with the page it is on (pure, after pypdf).

Headings are found by their usual shapes: numbered ("2", "3.1", "IV.") followed by a short
capitalised title, or a well-known section name on a line of its own ("Abstract", "Related
Work", "Conclusions"). The reference list is left out: its author names and title words would
make every cited paper's topic and authors match this one.
"""

from __future__ import annotations

import re

from rag.models import Section

KNOWN = {
    "abstract", "introduction", "related work", "background", "preliminaries", "method",
    "methods", "methodology", "approach", "model", "experiments", "experimental setup",
    "experimental results", "results", "evaluation", "analysis", "discussion", "conclusion",
    "conclusions", "limitations", "future work", "acknowledgements", "acknowledgments",
    "appendix", "references", "bibliography",
}
SKIPPED = {"references", "bibliography"}
_NUMBERED = re.compile(r"^(?:\d{1,2}(?:\.\d{1,2}){0,2}\.?|[IVX]{1,5}\.)\s+([A-Z][^\n]{1,70})$")
_INLINE_ABSTRACT = re.compile(r"^abstract\s*[.:\u2014\u2013-]\s*(\S.*)$", re.IGNORECASE)


def heading(line: str) -> str | None:
    """The section title a line starts, or None for body text."""
    line = line.strip()
    bare = line.rstrip(":").strip()
    if bare.lower() in KNOWN:
        return bare.title() if bare.isupper() else bare
    match = _NUMBERED.match(line)
    if match and len(line.split()) <= 9 and not line.endswith((".", ",", ";")):
        title = match.group(1).strip()
        if sum(ch.isalpha() for ch in title) >= 3:
            return line
    return None


def sections_of(pages: list[str]) -> list[Section]:
    """(section title, page, text) pieces in reading order: a new piece at every heading and
    every page break, so each piece has one page. Text before the first heading is the front
    matter (title ""). Reference lists are dropped."""
    pieces: list[Section] = []
    title, page_of = "", 1
    lines: list[str] = []

    def flush() -> None:
        text = " ".join(" ".join(lines).split())
        if text and title.lower().lstrip("0123456789.IVX ") not in SKIPPED:
            pieces.append(Section(title, page_of, text))
        lines.clear()

    for number, page in enumerate(pages, start=1):
        flush()
        page_of = number
        for raw in page.splitlines():
            inline = _INLINE_ABSTRACT.match(raw.strip())
            found = "Abstract" if inline else heading(raw)
            if found is None:
                lines.append(raw)
                continue
            flush()
            title = found
            if inline:
                lines.append(inline.group(1))
    flush()
    return pieces


def abstract_of(sections: list[Section]) -> str:
    """The text of the Abstract section ("" when there is none)."""
    return " ".join(s.text for s in sections if s.title.lower() == "abstract")
