"""View models for the chat UI: answers with clickable [n] citations, the sources panel,
comparison tables, library rows and ingest reports, as HTML strings and table rows."""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rag.models import Comparison, Passage
from rag.pipeline import IngestReport
from rag.store import PaperRecord
from rag.text import author_label

_MARKER = re.compile(r"\[(\d+(?:\s*[,;]\s*\d+)*)\]")
# Markdown and LaTeX characters, neutralised inside citation popovers (the chat renders Markdown).
_MD_CHARS = {c: f"&#{ord(c)};" for c in "*_`[]\\$~|#"}
LIBRARY_HEADERS = ["paper", "authors", "area", "venue", "year", "chunks"]
REPORT_HEADERS = ["file", "added", "unchanged", "rejected", "why rejected"]


def esc(text: object) -> str:
    """HTML-escaped text."""
    return html.escape(str(text), quote=True)


def _inert(text: str) -> str:
    """HTML-escaped text in which Markdown has nothing to act on."""
    return "".join(_MD_CHARS.get(ch, ch) for ch in esc(" ".join(text.split())))


def source_id(turn: int, n: int) -> str:
    """The element id of passage n in the sources panel of one turn."""
    return f"pc-t{turn}-s{n}"


def paper_meta(meta: Mapping[str, Any]) -> dict[str, str]:
    """Display fields of a hit's metadata: name, title, authors, area, venue/year, url, page."""
    area = " · ".join(str(x) for x in (meta.get("area"), meta.get("subarea")) if x)
    when = " ".join(str(x) for x in (meta.get("venue"), meta.get("year")) if x)
    name = str(meta.get("display_name") or meta.get("title") or meta.get("paper_id", ""))
    title = str(meta.get("title") or "")
    return {
        "name": name,
        "title": title if title != name else "",
        "area": area,
        "when": when,
        "authors": ", ".join(a for a in str(meta.get("authors", "")).split("; ") if a),
        "url": str(meta.get("url") or ""),
        "page": (f"p. {meta['page']}" + (f" · {meta['section']}" if meta.get("section") else "")
                 if meta.get("page") else ""),  # full texts: where the passage is
    }


def _link(url: str) -> str:
    if not url.startswith(("http://", "https://")):
        return ""
    return (f'<a class="pc-link" href="{esc(url)}" target="_blank" rel="noopener noreferrer">'
            f"{esc(url)}</a>")


def _paper_html(meta: Mapping[str, Any], inert: bool = False) -> str:
    """One line per field of the paper (spans, so it can sit inside a chat message)."""
    f, put = paper_meta(meta), (_inert if inert else esc)
    parts = [f'<span class="pc-name">{put(f["name"])}</span>']
    if f["title"]:
        parts.append(f'<span class="pc-title">{put(f["title"])}</span>')
    for key in ("authors", "area", "when", "page"):
        if f[key]:
            parts.append(f'<span class="pc-{key}">{put(f[key])}</span>')
    if f["url"]:
        parts.append(_link(f["url"]))
    return "".join(parts)


def _cite(n: int, passage: Passage, turn: int) -> str:
    pop = (
        f'<span class="pc-pop" role="tooltip">{_paper_html(passage.hit.metadata, inert=True)}'
        f'<mark class="pc-quote">{_inert(passage.text)}</mark></span>'
    )
    return (
        f'<span class="pc-cite" tabindex="0" role="button" data-n="{n}" '
        f'data-src="{source_id(turn, n)}">[{n}]{pop}</span>'
    )


def answer_html(text: str, passages: Sequence[Passage], turn: int) -> str:
    """The answer (Markdown, HTML-escaped) with each known [n] made a citation that reveals
    its passage and paper on hover or click; unknown numbers stay plain text."""
    by_n = {p.n: p for p in passages}

    def swap(match: re.Match[str]) -> str:
        ns = [int(x) for x in re.split(r"\s*[,;]\s*", match.group(1))]
        if not all(n in by_n for n in ns):
            return match.group(0)
        return "".join(_cite(n, by_n[n], turn) for n in ns)

    return _MARKER.sub(swap, esc(text))


def note_html(text: str, kind: str = "info") -> str:
    """A status or warning line for the chat (kind: info, wait, warn, error)."""
    return f'<span class="pc-note pc-{kind}">{esc(text)}</span>'


def stopped(content: str) -> str:
    """A chat message whose turn the user stopped: no caret or spinner, and a note saying so."""
    content = content.replace('<span class="pc-caret"></span>', "")
    content = re.sub(r'<span class="pc-note pc-wait">.*?</span>', "", content)
    return content + ("\n\n" if content else "") + note_html("Stopped.", "warn")


def cited_numbers(text: str) -> set[int]:
    """The [n] numbers that occur in a text."""
    return {int(x) for m in _MARKER.finditer(text) for x in re.split(r"\s*[,;]\s*", m.group(1))}


def _highlighted(passage: Passage) -> str:
    """The passage's chunk with the sentences given to the model highlighted."""
    chunk = " ".join(passage.hit.text.split())
    out = esc(chunk)
    found = False
    for piece in (p.strip() for p in passage.text.split(" … ")):
        if piece and esc(piece) in out:
            out = out.replace(esc(piece), f"<mark>{esc(piece)}</mark>", 1)
            found = True
    return out if found else f"<mark>{esc(passage.text)}</mark>"


def sources_html(
    passages: Sequence[Passage],
    cited: Iterable[int],
    turn: int,
    error: str | None = None,
    note: str | None = None,
) -> str:
    """Every passage given to the model, in prompt order, marked cited or not."""
    cited = set(cited)
    head = ""
    if error:
        head += (
            f'<div class="pc-banner pc-error"><b>The language model failed.</b> {esc(error)}'
            "<br>The passages retrieved for the question are below.</div>"
        )
    if note:
        head += f'<div class="pc-banner">{esc(note)}</div>'
    if not passages:
        return head + '<div class="pc-empty">Passages given to the model appear here.</div>'
    n_cited = len(cited & {p.n for p in passages})
    count = f"{len(passages)} passages given to the model · {n_cited} cited"
    cards = [f'<div class="pc-count">{count}</div>']
    for p in passages:
        is_cited = p.n in cited
        badge = (
            '<span class="pc-badge pc-cited">cited</span>'
            if is_cited
            else '<span class="pc-badge">not cited</span>'
        )
        cards.append(
            f'<div class="pc-src{" is-cited" if is_cited else ""}" id="{source_id(turn, p.n)}">'
            f'<div class="pc-src-head"><span class="pc-num">[{p.n}]</span>{badge}</div>'
            f'<div class="pc-paper">{_paper_html(p.hit.metadata)}</div>'
            f'<div class="pc-text">{_highlighted(p)}</div></div>'
        )
    return head + "".join(cards)


def comparison_html(table: Comparison, turn: int = 0) -> str:
    """The comparison as an HTML table; each cited cell reveals its passage like the chat."""
    by_n = {p.n: p for p in table.passages}
    head = "".join(f"<th>{esc(name)}</th>" for name in table.papers)
    rows = []
    for row, cells in table.rows.items():
        tds = []
        for text, n in cells:
            cite = _cite(n, by_n[n], turn) if n in by_n else ""
            cls = ' class="pc-missing"' if n is None else ""
            tds.append(f"<td{cls}>{esc(text)} {cite}</td>")
        rows.append(f'<tr><th scope="row">{esc(row)}</th>{"".join(tds)}</tr>')
    return (
        f'<table class="pc-compare"><thead><tr><th></th>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


def library_rows(records: Sequence[PaperRecord], query: str = "") -> list[list[Any]]:
    """Table rows for the loaded papers that mention every word of `query` (in any field)."""
    words = query.lower().split()
    rows = []
    for r in records:
        haystack = " ".join(
            [r.display_name, r.title, *r.authors, _area(r), r.venue, str(r.year or ""), r.paper_id]
        ).lower()
        if all(w in haystack for w in words):
            rows.append(
                [
                    _paper_cell(r),
                    _authors_cell(r.authors),
                    _area(r),
                    r.venue,
                    r.year or "",
                    r.chunks,
                ]
            )
    return rows


def _paper_cell(r: PaperRecord) -> str:
    """Markdown: the display name, the title (when there is one) in italics below it."""
    name = _inert(r.display_name or r.name)
    title = _inert(r.title) if r.title and r.title != r.display_name else ""
    return name + (f"<br>*{title}*" if title else "")


def _authors_cell(authors: Sequence[str], shown: int = 3) -> str:
    more = len(authors) - shown
    return ", ".join(authors[:shown]) + (f" +{more} more" if more > 0 else "")


def _area(r: PaperRecord) -> str:
    return " · ".join(x for x in (r.area, r.subarea) if x)


def report_rows(report: IngestReport) -> list[list[Any]]:
    """One row per uploaded file: what was added, unchanged and rejected, and why."""
    return [
        [
            _basename(f.path),
            f.added,
            f.unchanged,
            len(f.rejected),
            "; ".join(f"{_basename(r.source)}: {r.reason}" for r in f.rejected[:20])
            + (f"; … {len(f.rejected) - 20} more" if len(f.rejected) > 20 else ""),
        ]
        for f in report.files
    ]


def upload_note(report: IngestReport) -> str:
    """A status line about an upload, warning when records were rejected (HTML)."""
    text = (
        f"Added {report.added} paper(s); {report.unchanged} already loaded; "
        f"{len(report.rejected)} record(s) rejected."
    )
    if report.rejected and not report.added:
        text += " Nothing new was loaded: the table says why."
    return note_html(text, "warn" if report.rejected else "info")


def _basename(source: str) -> str:
    return source.rsplit("/", 1)[-1]


def paper_choices(records: Sequence[PaperRecord]) -> list[tuple[str, str]]:
    """(label, paper_id) pairs for paper pickers: name, first author, year."""
    out = []
    for r in records:
        who = author_label(r.authors)
        extra = ", ".join(str(x) for x in (who, r.year) if x)
        name = r.display_name if r.title and r.display_name and r.display_name != r.title else ""
        label = f"{r.name}" + (f" ({name})" if name else "") + (f" — {extra}" if extra else "")
        out.append((label, r.paper_id))
    return out


def filter_choices(records: Sequence[PaperRecord]) -> dict[str, list[Any]]:
    """The values the author, area, venue and year filters offer, from the loaded papers."""
    areas = {r.area for r in records if r.area} | {r.subarea for r in records if r.subarea}
    return {
        "authors": sorted({a for r in records for a in r.authors}, key=str.lower),
        "areas": sorted(areas, key=str.lower),
        "venues": sorted({r.venue for r in records if r.venue}, key=str.lower),
        "years": sorted({r.year for r in records if r.year}, reverse=True),
    }


def header_html(model: str, model_state: str, papers: int, chunks: int) -> str:
    """The status line: the active model and its state, and the corpus size."""
    state_cls = {"ready": "ok", "starting": "wait"}.get(model_state.split(":")[0], "bad")
    corpus = f"{papers} papers · {chunks} chunks" if papers else "no papers loaded"
    return (
        f'<div class="pc-status"><span class="pc-chip">Model <b>{esc(model)}</b> '
        f'<i class="pc-dot pc-{state_cls}"></i>{esc(model_state)}</span>'
        f'<span class="pc-chip">Corpus <b>{esc(corpus)}</b></span></div>'
    )
