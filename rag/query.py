"""Query understanding: intent, named authors, and follow-up / translation rewriting into a
standalone English query before retrieval."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from rag import prompts
from rag.answer import is_chinese
from rag.llm import ChatModel, LLMError
from rag.models import Turn
from rag.retrieve import Filters
from rag.store import PaperRecord

log = logging.getLogger(__name__)

_COMPARE = re.compile(r"\b(?:compare|comparison|contrast|versus|vs\.?|differences? between)\b|比较|对比",
                      re.IGNORECASE)
_SUMMARY = re.compile(r"\b(?:summari[sz]e|summary|overview|survey)\b|总结|概述|综述", re.IGNORECASE)
_FOLLOW_UP = re.compile(
    r"\b(?:it|its|they|their|them|this|that|these|those|the (?:first|second|third|fourth|fifth|"
    r"last|former|latter|other)(?: one| paper)?|and what about|what about|how about)\b"
    r"|它|它们|这篇|那篇|第[一二三四五]篇",
    re.IGNORECASE,
)
_ORDINALS = {"first": 0, "second": 1, "third": 2, "fourth": 3, "fifth": 4, "last": -1,
             "第一": 0, "第二": 1, "第三": 2, "第四": 3, "第五": 4}
_ORDINAL_RE = re.compile(r"\b(first|second|third|fourth|fifth|last)\b|(第[一二三四五])", re.IGNORECASE)


@dataclass(frozen=True)
class Query:
    """What the user asked, made ready for retrieval."""

    original: str
    text: str  # standalone English query
    intent: str = "answer"  # answer | compare | summary
    filters: Filters = field(default_factory=Filters)
    named: tuple[str, ...] = ()  # ids of loaded papers the question names (e.g. "RoT")


def detect_intent(question: str) -> str:
    if _COMPARE.search(question):
        return "compare"
    if _SUMMARY.search(question):
        return "summary"
    return "answer"


def detect_authors(question: str, catalogue: dict[str, PaperRecord]) -> tuple[str, ...]:
    """Authors the question names: a full name, or a distinctive surname written capitalised."""
    found: list[str] = []
    low = question.lower()
    for rec in catalogue.values():
        for author in rec.authors:
            surname = author.split()[-1] if author.split() else ""
            if author.lower() in low or (
                len(surname) >= 4 and re.search(rf"\b{re.escape(surname)}\b", question)
                and re.search(r"\b(?:by|from|of|author|authors|wrote|written|work)\b|的", low)
            ):
                if author not in found:
                    found.append(author)
    return tuple(found)


def resolve_ordinals(question: str, history: list[Turn]) -> str:
    """'the second one' -> the second paper cited in the last answer, appended to the query."""
    if not history or not history[-1].cited:
        return question
    names = []
    for m in _ORDINAL_RE.finditer(question):
        idx = _ORDINALS[(m.group(1) or m.group(2)).lower()]
        cited = history[-1].cited
        if -len(cited) <= idx < len(cited):
            names.append(cited[idx])
    return f"{question} ({', '.join(names)})" if names else question


def needs_rewrite(question: str, history: list[Turn]) -> bool:
    return is_chinese(question) or bool(history and _FOLLOW_UP.search(question))


def condense(question: str, history: list[Turn], llm: ChatModel, max_turns: int) -> str:
    """A standalone English query from a follow-up or non-English question (falls back to
    the question plus the previous one when the model fails or rambles)."""
    turns = history[-max_turns:] if max_turns else []
    lines = []
    for t in turns:
        lines.append(f"User: {t.question}")
        cited = f" (papers: {', '.join(t.cited)})" if t.cited else ""
        lines.append(f"Assistant: {t.answer[:300]}{cited}")
    prompt = prompts.render("condense", history="\n".join(lines) or "(none)", question=question)
    fallback = f"{turns[-1].question} {question}" if turns else question
    try:
        text = "".join(llm.stream([{"role": "user", "content": prompt}], max_tokens=48, temperature=0.0))
    except LLMError as exc:
        log.warning("query rewrite failed (%s); using the question as it is", exc)
        return fallback
    text = text.strip().strip('"').splitlines()[0].strip() if text.strip() else ""
    text = re.sub(r"^(?:query|search query)\s*:\s*", "", text, flags=re.IGNORECASE)
    if not text or "don't know" in text.lower() or len(text) > 4 * len(question) + 80:
        return fallback
    return text


def understand(question: str, history: list[Turn], catalogue: dict[str, PaperRecord],
               llm_factory: Callable[[], ChatModel], max_turns: int, filters: Filters | None = None) -> Query:
    """Intent, named authors (as filters) and a standalone English query for retrieval."""
    filters = filters or Filters()
    text = resolve_ordinals(question, history)
    if needs_rewrite(question, history):
        text = condense(text, history, llm_factory(), max_turns)
    authors = detect_authors(question, catalogue)
    if authors and not filters.authors:
        filters = Filters(authors=authors, areas=filters.areas, venues=filters.venues,
                          years=filters.years, paper_ids=filters.paper_ids)
    return Query(original=question, text=text, intent=detect_intent(question + " " + text),
                 filters=filters, named=detect_papers(f"{question} {text}", catalogue))


def detect_papers(text: str, catalogue: dict[str, PaperRecord]) -> tuple[str, ...]:
    """Loaded papers named in the text by their method name (not "X et al.") or full title."""
    found = []
    for pid, rec in catalogue.items():
        names = [n for n in (rec.display_name, rec.title) if n and len(n) >= 3 and "et al." not in n]
        if any(re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", text) for n in names):
            found.append(pid)
    return tuple(found)
