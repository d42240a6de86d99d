"""Claim questions ("Is it true that RoT cuts latency by 82%?"): whether the loaded papers
support the claim, contradict it, or do not say, decided by the answer policy's checks on the
evidence sentences (no model call) and answered with the deciding sentence quoted and cited."""

from __future__ import annotations

import re
from dataclasses import dataclass

from rag.cite import quoted
from rag.contradiction import aligned_sentences, contradiction
from rag.models import Answer, Citation, Passage, SentenceCheck, Verdict
from rag.policy import (
    Context,
    asked_terms_held,
    content_terms,
    coverage,
    known_words,
    numbers_held,
    source_line,
    subject,
)
from rag.sentences import VectorCache, overlap, split_sentences
from rag.text import is_chinese

CUE = re.compile(
    r"^\s*(?:is it (?:really )?(?:true|the case|correct|right) that|is the claim that|"
    r"true or false\s*[:,]?|(?:do|does) (?:the|any|the loaded) papers? (?:support|show|say|claim|"
    r"confirm) that|(?:verify|check)(?: the claim)?(?: that)?\s*:?)\s*", re.IGNORECASE)
CUE_ZH = re.compile(r"是真的吗|是否属实|对吗|是不是真的|是否正确|真的吗")
_NUMBERS = re.compile(r"\d+(?:[.,]\d+)*%?")

LINES = {
    "supported": ("Yes: the loaded papers support this.", "是的：已加载的论文支持这一说法。"),
    "contradicted": ("No: the loaded papers contradict this.", "不对：已加载的论文与这一说法相矛盾。"),
    "unstated": ("The loaded papers do not say whether this is true.", "已加载的论文没有说明这一点。"),
}


def is_claim_question(question: str) -> bool:
    return bool(CUE.match(question) or CUE_ZH.search(question))


def claim_of(question: str) -> str:
    """The claim itself: 'Is it true that X?' -> 'X'."""
    return CUE.sub("", question, count=1).strip().rstrip("?？ ").strip()


@dataclass(frozen=True)
class ClaimVerdict:
    verdict: str  # supported | contradicted | unstated
    passage: Passage | None = None
    sentence: str = ""
    verdicts: tuple[Verdict, ...] = ()


def _candidates(claim: str, passages: list[Passage], vectors: VectorCache) -> list[tuple[float, Passage, str]]:
    """(similarity, passage, sentence) for every evidence sentence, most similar first."""
    pairs = [(p, s) for p in passages for s in split_sentences(p.text) or [p.text]]
    if not pairs:
        return []
    cos = vectors.texts([s for _, s in pairs]) @ vectors.texts([claim])[0]
    scored = [(max(float(c), overlap(claim, f"{s} {source_line(p)}")), p, s)
              for c, (p, s) in zip(cos, pairs, strict=True)]
    return sorted(scored, key=lambda x: -x[0])


def judge_claim(claim: str, passages: list[Passage], vectors: VectorCache, ctx: Context,
                min_coverage: float) -> ClaimVerdict:
    """The most similar evidence sentence about the claim's subject decides: contradicted when
    it disagrees (negation, direction, number), supported when it holds the claim's words
    (`min_coverage` of them, every number and asked term), else the next; none: unstated."""
    terms = content_terms(_NUMBERS.sub("", claim))
    for score, p, s in _candidates(claim, passages, vectors):
        if score < ctx.threshold:
            break
        one = Passage(p.n, p.hit, s)
        about = subject(claim, one, ctx)
        if not about.ok:
            continue
        if s in aligned_sentences(claim, one) and (why := contradiction(claim, s, p.hit.name)):
            return ClaimVerdict("contradicted", p, s, (about, Verdict("no_contradiction", False, why)))
        held = coverage(terms, [f"{s} {source_line(p)}"], {})
        checks = (about, numbers_held(claim, one), asked_terms_held(claim, p, claim, share=ctx.term_share),
                  known_words(claim, ctx.unknown),
                  Verdict("claim_words_held", held >= min_coverage, f"{held:.2f} of the claim's words"))
        if all(v.ok for v in checks):
            return ClaimVerdict("supported", p, s, checks)
    return ClaimVerdict("unstated")


def claim_answer(question: str, found: ClaimVerdict, passages: list[Passage],
                 suggestions: list[str]) -> Answer:
    """The reply to a claim question: the verdict, and the deciding sentence quoted and cited."""
    zh = is_chinese(question)
    text = LINES[found.verdict][int(zh)]
    citations: list[Citation] = []
    p = found.passage
    if p is not None:
        text = f"{text} {quoted(p, found.sentence)}"
        citations = [Citation(n=p.n, paper_id=p.hit.paper_id, name=p.hit.name, authors=p.hit.authors,
                              passage=p.text, url=str(p.hit.metadata.get("url", "")),
                              page=p.hit.page)]
    elif suggestions:
        text += (" 最接近的论文：" if zh else " Closest papers: ") + "; ".join(suggestions)
    check = SentenceCheck(found.sentence, (p.n,) if p else (), found.verdict, found.verdicts)
    return Answer(question=question, text=text, citations=citations, passages=passages,
                  refused=found.verdict == "unstated", suggestions=suggestions, checks=[check],
                  verdict=found.verdict)

