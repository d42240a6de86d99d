"""Questions as people dictate them or type them in a hurry: no punctuation, fillers ("um",
"okay so"), and the paper named first, before the clause that asks ("graph b s i can you do
scaffold constrained generation and how well does that work on moses"). The question is given
the punctuation a careful writer would have used, so that what reads a question's clauses
(whether it asks yes / no, which alternatives it offers, what each clause asks) reads it as it
reads a written one: "For graph b s i, can you do scaffold constrained generation? How well
does that work on moses?". A question with any sentence punctuation, or in Chinese, only loses
its fillers. The word lists are in rag/policy_words.json (`_spoken`)."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from rag.contradiction import phrases, word_lists
from rag.text import has_cjk

_PUNCTUATED = re.compile(r"[?？!。.;；:]")
_WH = r"(?:how|what|which|who|whom|whose|why|where|when)"
_AUX = (r"(?:(?:does|do|did|is|are|was|were|could|would|should|has|have|had)(?:n't)?|can(?:'t|not)?|"
        r"will|won't)")
# what a clause may end with before the next one asks: "... and", "..., like", "right so"
_CLAUSE_TAIL = re.compile(r"(?:\s+(?:and|but|also|then|so|like|right))+\s*$", re.IGNORECASE)
# "in what space", "to what extent", "by how much": a question word inside a phrase, not a clause
_INSIDE = re.compile(r"\b(?:in|on|at|of|for|from|to|by|with|into|onto|about|under|over)\s*$", re.IGNORECASE)
_CONJOINED = re.compile(r"\b(?:and|or|but)\s*$", re.IGNORECASE)
_OR = re.compile(r"\s+or\s*$", re.IGNORECASE)
_PREPOSITION = re.compile(r"^(?:in|for|on|about|regarding|with|from|under|given|according to)\b", re.IGNORECASE)


class _Lists(NamedTuple):
    fillers: re.Pattern[str] | None
    openers: re.Pattern[str] | None
    pronouns: frozenset[str]
    determiners: frozenset[str]
    statement: re.Pattern[str] | None


@lru_cache(maxsize=1)
def _lists() -> _Lists:
    raw = word_lists()
    return _Lists(fillers=phrases(r"(?<![\w'-])", raw.get("spoken_fillers", []), r"(?![\w'-]),?\s*"),
                  openers=phrases(r"^\s*", raw.get("spoken_openers", []), r"(?![\w'-]),?\s*"),
                  pronouns=frozenset(raw.get("spoken_pronouns", [])),
                  determiners=frozenset(raw.get("spoken_determiners", [])),
                  statement=phrases(r"^", raw.get("spoken_statement_openers", []), r"(?![\w'-])"))


def without_fillers(question: str) -> str:
    """The question without "um", "uh", "okay so" and the like, and without an opening "so"."""
    fillers, openers = _lists().fillers, _lists().openers
    text = fillers.sub(" ", question) if fillers is not None else question
    while openers is not None and (m := openers.match(text)) and m.end():
        text = text[m.end():]
    text = re.sub(r"\s{2,}", " ", text).strip()
    return text[:1].upper() + text[1:] if question.lstrip()[:1].isupper() else text


# where an asking clause may start: a question word and, within five words, an auxiliary
# ("what window length or decay rate does the ..."), or an auxiliary alone ("is there ...")
_STARTS = re.compile(rf"\b(?P<wh>{_WH})(?P<is>'s\b)?(?:\b(?P<gap>(?:\s+[\w'-]+){{0,5}}?)\s+(?P<aux>{_AUX})"
                     rf"(?![\w'])(?!\s+to\b)\s+(?P<after>[\w'-]+))?|\b(?P<aux2>{_AUX})(?![\w'])\s+"
                     rf"(?P<after2>[\w'-]+)", re.IGNORECASE)


def _asking_starts(text: str) -> list[int]:
    """Where the question's asking clauses start: "why is", "how does", "what's" (a question
    word right before an auxiliary), "which other models do they" (words between, then the
    auxiliary's subject), "can it", "is there" (an auxiliary and a pronoun; opening the first
    clause, or after "and" or "or", also "does the ..."). "which items a user will go for", "where the weights have to", "in what
    space" and "say is a first" start none."""
    pronouns, determiners = _lists().pronouns, _lists().determiners
    starts: list[int] = []
    pos = 0
    while m := _STARTS.search(text, pos):
        # a match that starts nothing may hide one ("in what space and why is that ..."); one that
        # starts a clause holds its own auxiliary ("which compressors do they" is not also "do they")
        pos = m.start() + 1
        before = text[:m.start()]
        if m.group("wh"):
            if _INSIDE.search(before) or not (m.group("is") or m.group("aux")):
                continue
            gap = (m.group("gap") or "").split()
            wh, after = m.group("wh").lower(), (m.group("after") or "").lower()
            if m.group("is") or not gap or (wh in ("what", "which", "how") and after in pronouns | determiners):
                starts.append(m.start())
                pos = m.end()
        elif (after := m.group("after2").lower()) in pronouns or (
                after in determiners and (not starts or _CONJOINED.search(before))):
            starts.append(m.start())  # the first clause may open "does the ..." after the topic
    # a start inside the clause another opened ("how do they describe", not also "do they")
    kept: list[int] = []
    for s in sorted(set(starts)):
        if kept and len(text[kept[-1]:s].split()) < 3:
            continue
        kept.append(s)
    return kept


def punctuated(question: str) -> str:
    """The question as a careful writer punctuates it (the module's docstring); unchanged but
    for its fillers when it has sentence punctuation already, is in Chinese, or has no clause
    that asks ("compare rot and glot")."""
    text = without_fillers(question)
    if not text or has_cjk(text) or _PUNCTUATED.search(text):
        return text
    starts = _asking_starts(text)
    if not starts:
        return text
    statement = _lists().statement
    pieces: list[str] = []
    lead = _CLAUSE_TAIL.sub("", text[:starts[0]].strip())
    if lead:
        if statement is not None and statement.search(lead):
            pieces.append(f"{lead[0].upper()}{lead[1:]}.")  # "there's a blog post about X."
        else:
            pieces.append(f"{lead[0].upper()}{lead[1:]}," if _PREPOSITION.match(lead) else f"For {lead},")
    bounds = [*starts, len(text)]
    for i, (a, b) in enumerate(zip(bounds, bounds[1:], strict=False)):
        clause = text[a:b].strip()
        # "... or is it just imaging": an alternative of the same question, which goes on
        alternative = i + 1 < len(starts) and bool(_OR.search(clause))
        clause = _OR.sub(", or", clause) if alternative else _CLAUSE_TAIL.sub("", clause)
        if not pieces or pieces[-1].endswith((".", "?")):  # a sentence opens
            clause = clause[0].upper() + clause[1:]
        pieces.append(clause if alternative else f"{clause}?")
    return " ".join(pieces)
