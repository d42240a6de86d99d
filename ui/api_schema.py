"""Request and response shapes of the HTTP API (ui/api.py), and the conversions between them
and the facade's data: OpenAI chat messages -> (question, history), Answer -> completion."""

from __future__ import annotations

import re
import time
import uuid
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from rag.models import Answer, Citation, Turn
from rag.retrieve import MODES, Filters
from rag.text import author_list

MODEL_ID = "paperchat"
REFERENCES = "\n\nReferences:\n"
_REFERENCE_LINE = re.compile(r"^\[(\d+)\] (.+?)(?: — |$)", re.MULTILINE)
Mode = Literal["hybrid", "dense", "bm25"]
assert set(MODES) == set(Mode.__args__)  # type: ignore[attr-defined]


class FiltersIn(BaseModel):
    """Metadata filters: OR within a list, AND across lists (as `search --author ... --year`)."""

    model_config = ConfigDict(extra="forbid")
    authors: list[str] = Field(default_factory=list, max_length=20)
    areas: list[str] = Field(default_factory=list, max_length=20)
    venues: list[str] = Field(default_factory=list, max_length=20)
    years: list[int] = Field(default_factory=list, max_length=20)

    def to_filters(self) -> Filters:
        clean = lambda xs: tuple(x.strip() for x in xs if x.strip())  # noqa: E731
        return Filters(authors=clean(self.authors), areas=clean(self.areas),
                       venues=clean(self.venues), years=tuple(self.years))


class ContentPart(BaseModel):
    """One part of a message in the OpenAI list form; only text parts are read."""

    model_config = ConfigDict(extra="allow")
    type: str = "text"
    text: str = ""


class ChatMessage(BaseModel):
    model_config = ConfigDict(extra="allow")
    role: Literal["system", "developer", "user", "assistant", "tool"]
    content: str | list[ContentPart] | None = None

    @property
    def text(self) -> str:
        if isinstance(self.content, list):
            return "".join(p.text for p in self.content if p.type == "text")
        return self.content or ""


class ChatRequest(BaseModel):
    """An OpenAI chat-completions request. Sampling options (temperature, max_tokens, ...) are
    accepted and ignored: the library's settings decide them. `filters` is PaperChat's own."""

    model_config = ConfigDict(extra="allow")
    model: str = MODEL_ID
    messages: list[ChatMessage] = Field(min_length=1)
    stream: bool = False
    filters: FiltersIn = Field(default_factory=FiltersIn)


class SearchRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    query: str = Field(min_length=1, description="What to look for.")
    k: int = Field(10, ge=1, le=100, description="How many results.")
    papers: bool = Field(False, description="One result per paper.")
    mode: Mode = "hybrid"
    filters: FiltersIn = Field(default_factory=FiltersIn)


class CitationOut(BaseModel):
    """A checked citation: [n] in the answer text refers to this passage."""

    n: int
    paper_id: str
    title: str
    authors: list[str]
    passage: str
    url: str = ""


class Hit(BaseModel):
    """One search result, the shape of `paperchat search --json`."""

    model_config = ConfigDict(extra="allow")
    rank: int
    paper_id: str
    title: str
    authors: list[str]
    area: str
    score: float
    passage: str
    chunk_id: str


class Paper(BaseModel):
    """One loaded paper, the shape of `paperchat papers --json`."""

    model_config = ConfigDict(extra="allow")
    paper_id: str
    title: str
    authors: list[str]
    area: str
    chunks: int


class IngestOut(BaseModel):
    added: int = Field(description="Passages added.")
    unchanged: int = Field(description="Passages already stored.")
    rejected: list[str] = Field(description="'file:line: reason' per record or file skipped.")


class Removed(BaseModel):
    paper_id: str
    removed_chunks: int


def conversation(messages: list[ChatMessage]) -> tuple[str, list[Turn]]:
    """The question (the last message, the user's) and the past turns: each user message with
    the assistant reply after it; a reply's references list names the papers it cited."""
    if messages[-1].role != "user":
        raise ValueError("the last message must be the user's question")
    turns: list[Turn] = []
    asked: str | None = None
    for msg in messages[:-1]:
        if msg.role == "user":
            asked = msg.text
        elif msg.role == "assistant" and asked is not None:
            text, _, refs = msg.text.partition(REFERENCES)
            cited = tuple(dict.fromkeys(m.group(2).strip() for m in _REFERENCE_LINE.finditer(refs)))
            turns.append(Turn(asked, text.strip(), cited))
            asked = None
    return messages[-1].text, turns


def citation_json(c: Citation) -> dict[str, Any]:
    return {"n": c.n, "paper_id": c.paper_id, "title": c.name, "authors": c.authors,
            "passage": c.passage, "url": c.url}


def references(citations: list[Citation]) -> str:
    """The cited passages as plain text after the answer, for clients that ignore extras."""
    if not citations:
        return ""
    lines = []
    for c in citations:
        who = author_list(c.authors, 3)
        quote = c.passage if len(c.passage) <= 300 else c.passage[:297] + "..."
        lines.append(f"[{c.n}] {c.name}" + (f" — {who}" if who else "") +
                     (f" — {c.url}" if c.url else "") + f'\n    "{quote}"')
    return REFERENCES + "\n".join(lines)


def answer_text(answer: Answer) -> str:
    """The message content: the checked answer (its [n] markers) and the references list."""
    return answer.text + references(answer.citations)


def extras(answer: Answer) -> dict[str, Any]:
    """PaperChat's fields beside OpenAI's: the cited passages, whether the papers could not
    answer, papers to try instead, and notes for the reader (papers sharing a name)."""
    return {"citations": [citation_json(c) for c in answer.citations], "refused": answer.refused,
            "suggestions": answer.suggestions, "notes": answer.notes}


def completion(answer: Answer, model: str) -> dict[str, Any]:
    """A `chat.completion` object for a finished answer."""
    return {"id": f"chatcmpl-{uuid.uuid4().hex}", "object": "chat.completion",
            "created": int(time.time()), "model": model,
            "choices": [{"index": 0, "finish_reason": "stop", "logprobs": None,
                         "message": {"role": "assistant", "content": answer_text(answer)}}],
            **extras(answer)}


def chunk(cid: str, model: str, delta: dict[str, Any], finish: str | None = None,
          **extra: Any) -> dict[str, Any]:
    """One `chat.completion.chunk` of a stream."""
    return {"id": cid, "object": "chat.completion.chunk", "created": int(time.time()),
            "model": model, "choices": [{"index": 0, "delta": delta, "finish_reason": finish,
                                         "logprobs": None}], **extra}


def models_list() -> dict[str, Any]:
    return {"object": "list",
            "data": [{"id": MODEL_ID, "object": "model", "created": 0, "owned_by": "paperchat"}]}
