"""An independent citation judge: it shares nothing with the checker in rag/ (no embedding,
no similarity threshold). A cited passage counts as right when

- its paper is one the question is about: the paper id is in the question's "paper_ids", or
  its display name or title is in "papers" (exact match); and
- when the question annotates "evidence" (the exact abstract sentences that answer it), the
  cited passage holds one of them at sentence level: a passage sentence equals an evidence
  sentence, or one contains the other, after lower-casing and collapsing spaces and symbols.

Questions without "evidence" are judged on the paper alone (reported apart)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from rag.models import Answer, Passage
from rag.sentences import split_sentences

_MARKER = re.compile(r"\[\s*\d+(?:\s*[,;]\s*\d+)*\s*\]")


def _norm(text: str) -> str:
    """Lower case, LaTeX escapes and symbols out, spaces collapsed ("82 \\%" -> "82%")."""
    text = re.sub(r"[^\w%.]+", " ", text.replace("\\", "").replace("$", "").lower())
    return re.sub(r"\s+%", "%", " ".join(text.split())).strip(" .")


@dataclass
class JudgeTally:
    pairs: int = 0  # (sentence, cited passage) pairs judged
    right_paper: int = 0
    with_evidence: int = 0  # pairs of questions that annotate evidence
    right_evidence: int = 0  # ... whose passage is from a right paper and holds an evidence sentence

    def add(self, other: JudgeTally) -> None:
        for k in self.__dict__:
            setattr(self, k, getattr(self, k) + getattr(other, k))

    def summary(self) -> dict[str, Any]:
        def ratio(a: int, b: int) -> float | None:
            return round(a / b, 3) if b else None

        return {"pairs": self.pairs, "paper_precision": ratio(self.right_paper, self.pairs),
                "evidence_pairs": self.with_evidence,
                "evidence_precision": ratio(self.right_evidence, self.with_evidence)}


def right_paper(passage: Passage, question: dict[str, Any]) -> bool:
    ids = set(question.get("paper_ids") or ())
    names = set(question.get("papers") or ())
    meta = passage.hit.metadata
    return (passage.hit.paper_id in ids
            or bool(names & {passage.hit.name, str(meta.get("display_name", "")), str(meta.get("title", ""))}))


def holds_evidence(passage: Passage, evidence: list[str]) -> bool:
    wanted = [_norm(e) for e in evidence if _norm(e)]
    for sentence in split_sentences(passage.text) or [passage.text]:
        s = _norm(sentence)
        if s and any(s == e or (len(s) > 30 and s in e) or e in s for e in wanted):
            return True
    return False


def judge_answer(answer: Answer, question: dict[str, Any]) -> JudgeTally:
    """Every distinct passage each cited sentence of the answer points to."""
    t = JudgeTally()
    if answer.refused:
        return t
    by_n = {p.n: p for p in answer.passages}
    evidence = list(question.get("evidence") or ())
    for sentence in split_sentences(answer.text):
        for n in dict.fromkeys(int(x) for m in _MARKER.findall(sentence) for x in re.findall(r"\d+", m)):
            p = by_n.get(n)
            t.pairs += 1
            ok_paper = p is not None and right_paper(p, question)
            t.right_paper += ok_paper
            if evidence:
                t.with_evidence += 1
                t.right_evidence += ok_paper and p is not None and holds_evidence(p, evidence)
    return t
