"""select_evidence: the sentences of the retrieved chunks that bear on the question, within a
token budget, as numbered passages. Small prompts keep time to first token low on a CPU."""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from rag.models import Hit, Passage
from rag.sentences import VectorCache, overlap, split_sentences

# A sentence that opens by pointing back needs the one before it to make sense.
_REFERS_BACK = re.compile(r"^(?:This|These|It|Its|They|Their|Such|Here|Thus|Hence|Moreover|"
                          r"Furthermore|However|In addition|To (?:address|this end))\b")


def approx_tokens(text: str) -> int:
    """A cheap token estimate (about four characters a token for English)."""
    return max(1, len(text) // 4)


@dataclass(frozen=True)
class _Sentence:
    hit: int
    pos: int
    text: str
    score: float


def _scored(hits: list[Hit], question: str, vectors: VectorCache) -> list[list[_Sentence]]:
    per_hit = [split_sentences(h.text) or [h.text] for h in hits]
    flat = [s for sents in per_hit for s in sents]
    sims = vectors.texts(flat) @ vectors.query(question) if flat else np.zeros(0)
    out, k = [], 0
    for h, sents in enumerate(per_hit):
        row = []
        for pos, sent in enumerate(sents):
            row.append(_Sentence(h, pos, sent, float(sims[k]) + 0.5 * overlap(question, sent)))
            k += 1
        out.append(row)
    return out


def select_evidence(
    hits: list[Hit], question: str, vectors: VectorCache, budget_tokens: int,
    whole_chunks: bool = False,
) -> list[Passage]:
    """Numbered passages: each hit's best sentences (with a referring-back sentence's
    predecessor), the best first across hits, until the budget is spent. Every hit keeps at
    least its best sentence. `whole_chunks` gives the whole chunk texts instead (baseline)."""
    if whole_chunks:
        return [Passage(n=i + 1, hit=h, text=h.text) for i, h in enumerate(hits)]
    scored = _scored(hits, question, vectors)
    chosen: list[set[int]] = [set() for _ in hits]
    spent = 0

    def take(s: _Sentence) -> None:
        nonlocal spent
        group = [s.pos]
        if s.pos > 0 and _REFERS_BACK.match(s.text):
            group.insert(0, s.pos - 1)
        for pos in group:
            if pos not in chosen[s.hit]:
                chosen[s.hit].add(pos)
                spent += approx_tokens(scored[s.hit][pos].text)

    for row in scored:  # every hit's best sentence first
        if row:
            take(max(row, key=lambda s: s.score))
    ranked = sorted((s for row in scored for s in row), key=lambda s: -s.score)
    for s in ranked:
        if spent + approx_tokens(s.text) > budget_tokens:
            continue
        take(s)
    passages = []
    for i, (hit, row) in enumerate(zip(hits, scored, strict=True)):
        passages.append(Passage(n=i + 1, hit=hit, text=_join(row, chosen[i])))
    return passages


def _join(row: list[_Sentence], positions: set[int]) -> str:
    """Chosen sentences in their original order; gaps marked with an ellipsis."""
    parts: list[str] = []
    last = -1
    for pos in sorted(positions):
        if parts and pos != last + 1:
            parts.append("…")
        parts.append(row[pos].text)
        last = pos
    return " ".join(parts)
