"""Plain data that flows between the stages: Paper -> Chunk -> Hit -> Passage -> Answer."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Section:
    """A piece of a full text: its section's title and the (1-based) page it is on."""

    title: str
    page: int
    text: str


@dataclass(frozen=True)
class Paper:
    """One paper as parsed from a source file."""

    paper_id: str
    abstract: str
    authors: tuple[str, ...] = ()
    title: str = ""
    display_name: str = ""
    area: str = ""
    subarea: str = ""
    venue: str = ""
    year: int | None = None
    url: str = ""
    urls: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    source: str = ""
    sections: tuple[Section, ...] = ()  # a full text (PDF): chunked by section, pages kept

    @property
    def name(self) -> str:
        """What to show for the paper: its title, else its display name."""
        return self.title or self.display_name


@dataclass(frozen=True)
class Rejection:
    """A record that could not be parsed: where it is and why."""

    source: str  # "path:line"
    reason: str

    def __str__(self) -> str:
        return f"{self.source}: {self.reason}"


@dataclass(frozen=True)
class Chunk:
    """A sentence-aligned piece of one paper, with the paper's metadata."""

    chunk_id: str
    paper_id: str
    index: int
    text: str
    metadata: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)


@dataclass(frozen=True)
class Hit:
    """A retrieved chunk with its fused score and paper metadata."""

    chunk_id: str
    paper_id: str
    text: str
    score: float
    metadata: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)
    dense_score: float | None = None

    @property
    def name(self) -> str:
        return str(self.metadata.get("title") or self.metadata.get("display_name") or self.paper_id)

    @property
    def authors(self) -> list[str]:
        raw = str(self.metadata.get("authors", ""))
        return [a for a in raw.split("; ") if a]

    @property
    def page(self) -> int | None:
        """The page the passage is on (full texts; None for abstracts)."""
        page = self.metadata.get("page")
        return int(page) if isinstance(page, int | float) and page else None

    def to_json(self, rank: int) -> dict[str, Any]:
        """The public shape of one search hit (`search --json`, POST /v1/search; kept stable)."""
        m = self.metadata
        return {"rank": rank, "paper_id": self.paper_id, "title": self.name, "authors": self.authors,
                "area": m.get("area", ""), "subarea": m.get("subarea", ""),
                "venue": m.get("venue", ""), "year": m.get("year"), "score": round(self.score, 6),
                "passage": self.text, "chunk_id": self.chunk_id, "url": m.get("url", ""),
                **({"page": self.page, "section": m.get("section", "")} if self.page else {})}


@dataclass(frozen=True)
class Passage:
    """A numbered excerpt actually put in the prompt; [n] in an answer refers to it."""

    n: int
    hit: Hit
    text: str


@dataclass(frozen=True)
class Citation:
    """A checked citation: the passage [n] that supports a sentence of the answer."""

    n: int
    paper_id: str
    name: str
    authors: list[str]
    passage: str
    url: str = ""
    page: int | None = None  # where the passage is, for full texts


@dataclass(frozen=True)
class CitationReport:
    """How the answer's sentences fared against their passages."""

    sentences: int = 0
    supported: int = 0
    repaired: int = 0
    unsupported: int = 0
    invalid_dropped: int = 0


@dataclass(frozen=True)
class Verdict:
    """One named check of the answer policy (rag/policy.py) and why it passed or failed."""

    check: str
    ok: bool
    reason: str = ""


@dataclass(frozen=True)
class SentenceCheck:
    """What the policy did with one sentence of the model's reply, and the checks behind it."""

    sentence: str
    cited: tuple[int, ...]
    action: str  # kept | repaired | corrected | dropped | pointer | refusal
    verdicts: tuple[Verdict, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"sentence": self.sentence, "cited": list(self.cited), "action": self.action,
                "checks": [{"check": v.check, "ok": v.ok, "reason": v.reason} for v in self.verdicts]}


@dataclass
class Comparison:
    """A side-by-side table of papers (rag/compare.py): each cell a sentence of its paper and
    the number of the passage it cites, or "not stated" and None."""

    papers: list[str]
    rows: dict[str, list[tuple[str, int | None]]]  # row -> per paper (cell text, passage n)
    passages: list[Passage] = field(default_factory=list)

    def to_markdown(self) -> str:
        head = "| | " + " | ".join(self.papers) + " |"
        lines = [head, "|---" * (len(self.papers) + 1) + "|"]
        for row, cells in self.rows.items():
            texts = [f"{t} [{n}]" if n else t for t, n in cells]
            lines.append(f"| **{row}** | " + " | ".join(x.replace("|", "/") for x in texts) + " |")
        return "\n".join(lines)

    def to_csv(self) -> str:
        buf = io.StringIO()
        writer = csv.writer(buf)
        writer.writerow(["aspect", *self.papers])
        for row, cells in self.rows.items():
            writer.writerow([row, *[f"{t} [{n}]" if n else t for t, n in cells]])
        return buf.getvalue()


@dataclass
class Answer:
    """The final answer: text with verified [n] markers, and what they point to."""

    question: str
    text: str
    citations: list[Citation]
    passages: list[Passage]
    refused: bool = False
    suggestions: list[str] = field(default_factory=list)
    report: CitationReport = field(default_factory=CitationReport)
    error: str | None = None
    timings: dict[str, float] = field(default_factory=dict)
    standalone_query: str = ""
    comparison: Comparison | None = None  # the table, for comparison questions
    raw_text: str = ""  # the model's reply before citation checking (for evaluation)
    checks: list[SentenceCheck] = field(default_factory=list)  # the policy's report, per sentence
    verdict: str = ""  # claim questions: supported | contradicted | unstated
    notes: list[str] = field(default_factory=list)  # what the reader should know ("two papers are called QuRL")

    def to_json(self) -> dict[str, Any]:
        """The public `ask --json` shape (kept stable)."""
        return {
            "answer": self.text,
            "citations": [
                {
                    "n": c.n,
                    "paper_id": c.paper_id,
                    "title": c.name,
                    "authors": c.authors,
                    "passage": c.passage,
                    **({"page": c.page} if c.page else {}),
                }
                for c in self.citations
            ],
            "refused": self.refused,
            "suggestions": self.suggestions,
            "report": self.report.__dict__,
            "error": self.error,
            "timings": {k: round(v, 3) for k, v in self.timings.items()},
            "checks": [c.to_json() for c in self.checks],
            **({"verdict": self.verdict} if self.verdict else {}),
            **({"notes": self.notes} if self.notes else {}),
            **({"table": {"papers": self.comparison.papers, "rows": {
                row: [{"text": t, "n": n} for t, n in cells]
                for row, cells in self.comparison.rows.items()}}} if self.comparison else {}),
        }


@dataclass(frozen=True)
class Turn:
    """One past exchange, kept to resolve follow-up questions."""

    question: str
    answer: str
    cited: tuple[str, ...] = ()  # names of the cited papers, in citation order


@dataclass(frozen=True)
class Event:
    """A step of a streamed answer: status text, the passages, a token, a note that the reply
    so far is being checked (it stays on screen), or the final answer."""

    kind: str  # "status" | "passages" | "token" | "checking" | "answer"
    text: str = ""
    passages: tuple[Passage, ...] = ()
    answer: Answer | None = None
