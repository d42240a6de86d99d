"""select_evidence: the sentences of the retrieved chunks that bear on the question, within a
token budget, as numbered passages. Small prompts keep time to first token low on a CPU."""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from rag.models import Hit, Passage
from rag.sentences import VectorCache, relevance, split_sentences

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
    """Every sentence of every hit with its relevance. A sentence repeated in the overlap of
    two chunks of one paper counts once (its later copy scores -inf and is never taken)."""
    per_hit = [split_sentences(h.text) or [h.text] for h in hits]
    sims = relevance(question, [s for sents in per_hit for s in sents], vectors)
    seen: set[tuple[str, str]] = set()
    out, k = [], 0
    for h, sents in enumerate(per_hit):
        row = []
        for pos, sent in enumerate(sents):
            key = (hits[h].paper_id, sent)
            score = float(sims[k]) if key not in seen else -np.inf
            seen.add(key)
            row.append(_Sentence(h, pos, sent, score))
            k += 1
        out.append(row)
    return out


def select_evidence(
    hits: list[Hit], question: str, vectors: VectorCache, budget_tokens: int,
    whole_chunks: bool = False, min_relative: float = 0.5, lead_share: float = 0.0,
    first: frozenset[str] = frozenset(),
) -> list[Passage]:
    """Numbered passages: the hits' best sentences (with a referring-back sentence's
    predecessor), best first across hits, until the budget is spent.

    `lead_share`: the paper of the best sentence (the lead) first gets its own sentences, best
    first, up to this share of the budget: a question about one paper is answered from several
    of its sentences, not from its best one beside every neighbour's (session 42's oracle runs:
    the annotated evidence was in the retrieved chunks but left out of the prompt). Then every
    paper whose best sentence scores at least `min_relative` of the best sentence overall keeps
    that sentence even past the budget; papers below it get only what the budget leaves, so a
    clear answer is not crowded out by weak neighbours (0 keeps every paper, for "papers by X"
    questions, and gives no lead). Hits left with no sentence are dropped and the rest
    renumbered. `whole_chunks` gives the whole chunk texts instead (the baseline).

    `first`: paper ids that have the budget to themselves (a claim naming its paper): every other
    paper keeps at most its best sentence, and only past `min_relative` as above, at no cost to
    the budget, so the papers of `first` are read as fully as without the others (session 53: a
    claim's other papers crowded its named paper's sentences out and cost three verdicts)."""
    if whole_chunks:
        return [Passage(n=i + 1, hit=h, text=h.text) for i, h in enumerate(hits)]
    scored = _scored(hits, question, vectors)
    ranked = sorted((s for row in scored for s in row if s.score > -np.inf), key=lambda s: -s.score)
    if not ranked:
        return []
    chosen: list[set[int]] = [set() for _ in hits]
    spent = 0

    def owns(s: _Sentence) -> bool:
        return not first or hits[s.hit].paper_id in first

    def take(s: _Sentence) -> None:
        nonlocal spent
        group = [s.pos]
        if s.pos > 0 and _REFERS_BACK.match(s.text) and scored[s.hit][s.pos - 1].score > -np.inf:
            group.insert(0, s.pos - 1)
        for pos in group:
            if pos not in chosen[s.hit]:
                chosen[s.hit].add(pos)
                spent += approx_tokens(scored[s.hit][pos].text) if owns(s) else 0

    top = ranked[0].score
    if lead_share > 0 and min_relative > 0:
        lead = hits[ranked[0].hit].paper_id
        for s in ranked:
            if hits[s.hit].paper_id == lead and owns(s) \
                    and spent + approx_tokens(s.text) <= lead_share * budget_tokens:
                take(s)
    best_of_paper: dict[str, _Sentence] = {}
    for s in ranked:
        best_of_paper.setdefault(hits[s.hit].paper_id, s)
    for s in best_of_paper.values():  # best first
        if s is ranked[0] or s.score >= min_relative * top:
            take(s)
    for s in ranked:
        if owns(s) and spent + approx_tokens(s.text) <= budget_tokens:
            take(s)
    kept = [(hit, row, chosen[i]) for i, (hit, row) in enumerate(zip(hits, scored, strict=True))
            if chosen[i]]
    return [Passage(n=i + 1, hit=hit, text=_join(row, positions))
            for i, (hit, row, positions) in enumerate(kept)]


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
