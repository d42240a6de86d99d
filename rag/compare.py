"""Side-by-side comparison of 2-5 papers: each cell is the abstract sentence that best fits
the row, cited to its passage, or "not stated". Extractive, so no cell is guessed."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

import numpy as np

from rag.answer import citations_for
from rag.models import Answer, Comparison, Hit, Passage
from rag.retrieve import Filters
from rag.sentences import VectorCache, split_sentences
from rag.text import QUERY_BREAK

if TYPE_CHECKING:
    from rag.query import Query
    from rag.store import PaperRecord

# How the papers are found: PaperChat.search(query, k, filters, per_paper) -> hits.
Search = Callable[..., list[Hit]]

NOT_STATED = "not stated"
# Each row: a description to embed, and cue words that mark a sentence as belonging to it.
ROWS: dict[str, tuple[str, re.Pattern[str]]] = {
    "problem": ("the problem, challenge or gap in existing work that the paper addresses",
                re.compile(r"\b(?:challeng|problem|lack|remain|however|difficult|gap|limited|"
                           r"suffer|costly|bottleneck|paradox|inflat|expensive|struggl|fail|but)",
                           re.I)),
    "method": ("we propose a new method, model, framework or approach",
               re.compile(r"\b(?:we (?:propose|introduce|present|develop|formali[sz]e)|called|"
                          r"named|(?:this|our) (?:work|paper) (?:proposes|introduces|presents))",
                          re.I)),
    "data / benchmarks": ("experiments on datasets and benchmarks used for evaluation",
                          re.compile(r"\b(?:dataset|benchmark|experiment|evaluat|tasks?\b|"
                                     r"empirical)", re.I)),
    "key result": ("the main result: outperforms baselines, improves accuracy, achieves",
                   re.compile(r"\b(?:outperform|improv|achiev|state-of-the-art|reduc|speed|"
                              r"\d+(?:\.\d+)?\s*(?:\\*%|x\b|×))", re.I)),
    "limitations": ("limitations, weaknesses, failure cases or future work",
                    re.compile(r"\b(?:limitation|fails? to|cannot|future work|does not|"
                               r"restricted to|only (?:applies|works))", re.I)),
}
CELL_THRESHOLD = 0.35
_SPLIT_TARGETS = re.compile(r"\s*(?:,|\band\b|\bvs\.?|\bversus\b|\bwith\b|和|与|跟)\s*", re.I)
_LEAD = re.compile(r"^.*?(?:compare|comparison of|contrast|differences? between|比较|对比)\s*",
                   re.I)


# where the part of a question naming what to compare ends: a dash, a question mark, a colon,
# a parenthesis ("fl papers: zhiyi et al vs rfedags - what problem does each fix, ...?")
_TARGET_BREAK = re.compile(rf"{QUERY_BREAK.pattern}|[?？:：;；(（]")


def targets_of(question: str) -> list[str]:
    """'Compare RoT and InfoSEDD' -> ['RoT', 'InfoSEDD']. The names are read from the first
    part of the question that joins some ("zhiyi et al vs rfedags" of "fl papers: zhiyi et al
    vs rfedags - what problem does each fix, and ...?", blind37's bq29), else its first part."""
    rest = _LEAD.sub("", question).strip(" ?？.。")
    parts = [p for p in _TARGET_BREAK.split(rest) if p.strip()]
    rest = next((p for p in parts if _SPLIT_TARGETS.search(p)), parts[0] if parts else "")
    rest = re.sub(r"^(?:the\s+)?(?:papers?\s+)?(?:on|about|by)?\s*", "", rest, flags=re.I)
    return [t.strip() for t in _SPLIT_TARGETS.split(rest) if t.strip()]


def resolve_papers(query: Query, catalogue: Mapping[str, PaperRecord], search: Search) -> list[str]:
    """Paper ids for the comparison: named papers or authors, else the topic's top papers."""
    if len(query.named) >= 2 and not query.filters.paper_ids:
        # The question names the papers ("Compare what InfoSEDD and RecurrSim are for and where
        # each is demonstrated"): the rest of it is not a third paper to look up.
        return list(query.named)[:5]
    chosen: list[str] = []
    targets = targets_of(query.original) if not query.filters.paper_ids else []
    for target in targets:
        low = target.lower()
        exact = [pid for pid, r in catalogue.items()
                 if low in (r.display_name.lower(), r.title.lower())]
        by_author = [pid for pid, r in catalogue.items()
                     if any(low == a.lower() or low == a.split()[-1].lower() for a in r.authors)]
        found = exact or by_author[:1] or [h.paper_id for h in search(target, k=1)]
        chosen.extend(p for p in found if p not in chosen)
    chosen.extend(p for p in query.filters.paper_ids if p not in chosen)
    if len(chosen) < 2:  # a topic ("compare the federated learning papers")
        hits = search(query.text, k=5, per_paper=1, filters=Filters(
            authors=query.filters.authors, areas=query.filters.areas))
        chosen.extend(h.paper_id for h in hits if h.paper_id not in chosen)
        # keep the papers about as close to the topic as the best one (dense cosine is stable
        # across fusion settings), at least two and at most five
        best = max((h.dense_score or 0.0 for h in hits), default=0.0)
        close = [h for h in hits if (h.dense_score or 0.0) >= 0.8 * best]
        chosen = chosen[: max(2, min(5, len(close)))]
    return chosen[:5]


def compare_papers(papers: Sequence[tuple[str, list[Hit]]], vectors: VectorCache) -> Comparison:
    """The table for these papers (each its name and its chunks in order), every cell cited to
    a passage of its paper."""
    passages: list[Passage] = []
    rows: dict[str, list[tuple[str, int | None]]] = {row: [] for row in ROWS}
    probes = vectors.texts([desc for desc, _ in ROWS.values()])
    for _, hits in papers:
        sentences = _unique_sentences(hits)
        if not sentences:
            for row in rows:
                rows[row].append((NOT_STATED, None))
            continue
        sims = vectors.texts([s for s, _ in sentences]) @ probes.T
        for row, (text, hit) in _fill_rows(sentences, sims).items():
            if hit is None:
                rows[row].append((NOT_STATED, None))
                continue
            passage = Passage(n=len(passages) + 1, hit=hit, text=text)
            passages.append(passage)
            rows[row].append((_short(text), passage.n))
    return Comparison(papers=[name for name, _ in papers], rows=rows, passages=passages)


def _unique_sentences(hits: list[Hit]) -> list[tuple[str, Hit]]:
    """The paper's sentences in order, once each (chunks overlap)."""
    seen: set[str] = set()
    out = []
    for hit in hits:
        for sentence in split_sentences(hit.text):
            if sentence not in seen:
                seen.add(sentence)
                out.append((sentence, hit))
    return out


def _fill_rows(sentences: list[tuple[str, Hit]], sims: np.ndarray) -> dict[str, tuple[str, Hit | None]]:
    """One sentence per row, none used twice: cue words and similarity decide, the problem
    favours the opening sentences; a row without a good enough sentence is not stated."""
    n = len(sentences)
    score = np.zeros((len(ROWS), n))
    for r, (row, (_, cue)) in enumerate(ROWS.items()):
        for i, (text, _) in enumerate(sentences):
            score[r, i] = sims[i, r] + (0.3 if cue.search(text) else 0.0)
            if row == "problem":
                score[r, i] += 0.15 * (i < 2) - 0.3 * bool(ROWS["method"][1].search(text))
            if row == "limitations" and not cue.search(text):
                score[r, i] = -1.0  # never guess a limitation
    # Greedy matching: the best (row, sentence) pairs first; each row and sentence used once.
    chosen: dict[str, tuple[str, Hit | None]] = {row: ("", None) for row in ROWS}
    filled: set[int] = set()
    used: set[int] = set()
    for flat in np.argsort(-score, axis=None):
        r, i = divmod(int(flat), n)
        if score[r, i] < CELL_THRESHOLD:
            break
        if r not in filled and i not in used:
            filled.add(r)
            used.add(i)
            chosen[list(ROWS)[r]] = sentences[i]
    return {row: chosen[row] for row in ROWS}


def compare_answer(question: str, table: Comparison | None) -> Answer:
    """The answer to a comparison question: the table, or (None: fewer than two papers were
    found) a request to name them."""
    if table is None:
        return Answer(question=question, text="Name at least two loaded papers to compare.",
                      citations=[], passages=[], refused=True)
    return Answer(question=question, text=table.to_markdown(),
                  citations=citations_for([p.n for p in table.passages], table.passages),
                  passages=table.passages, comparison=table)


def _short(text: str, limit: int = 220) -> str:
    return text if len(text) <= limit else text[: limit - 1].rsplit(" ", 1)[0] + "…"
