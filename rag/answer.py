"""The answer stage: passages -> prompt -> streamed tokens -> checked, cited Answer."""

from __future__ import annotations

import re

from rag import prompts
from rag.cite import check_citations
from rag.models import Answer, Citation, Passage
from rag.sentences import VectorCache

NOT_ANSWERED = "The loaded papers do not answer this."
NOT_ANSWERED_ZH = "已加载的论文没有回答这个问题。"
_CJK = re.compile(r"[\u4e00-\u9fff]")


def is_chinese(text: str) -> bool:
    return bool(_CJK.search(text))


def format_passages(passages: list[Passage], named_authors: tuple[str, ...] = ()) -> str:
    """Numbered passages with a short source line each, as the model sees them: the paper's
    name, its first author, and any author the question named."""
    blocks = []
    for p in passages:
        authors = p.hit.authors
        who = [f"{authors[0].split()[-1]} et al." if len(authors) > 1 else authors[0]] if authors else []
        who += [f"with {a}" for a in named_authors if a in authors[1:]]
        extra = [w for w in who if w != p.hit.name]
        label = f"{p.hit.name} ({', '.join(extra)})" if extra else p.hit.name
        blocks.append(f"[{p.n}] {label}\n{p.text}")
    return "\n\n".join(blocks)


def build_messages(question: str, passages: list[Passage], instruction: str = "",
                   named_authors: tuple[str, ...] = ()) -> list[dict[str, str]]:
    """System rules (a fixed prefix the local server can cache) and the passages + question."""
    if is_chinese(question) and not instruction:
        instruction = "Answer in Chinese (简体中文). Keep the [n] passage numbers."
    user = prompts.render("answer_user", passages=format_passages(passages, named_authors),
                          question=question, instruction=instruction)
    return [{"role": "system", "content": prompts.load("answer_system")},
            {"role": "user", "content": user.strip()}]


def citations_for(ns: list[int], passages: list[Passage]) -> list[Citation]:
    by_n = {p.n: p for p in passages}
    return [
        Citation(n=n, paper_id=by_n[n].hit.paper_id, name=by_n[n].hit.name,
                 authors=by_n[n].hit.authors, passage=by_n[n].text,
                 url=str(by_n[n].hit.metadata.get("url", "")))
        for n in sorted(ns) if n in by_n
    ]


def refusal(question: str, suggestions: list[str], reason: str = "") -> Answer:
    """The honest answer when the papers do not say: with the closest papers to look at."""
    text = NOT_ANSWERED_ZH if is_chinese(question) else NOT_ANSWERED
    if reason:
        text = f"{text} ({reason})"
    if suggestions:
        text += (" 最接近的论文：" if is_chinese(question) else " Closest papers: ") + "; ".join(suggestions)
    return Answer(question=question, text=text, citations=[], passages=[], refused=True,
                  suggestions=suggestions)


def finalize(question: str, raw: str, passages: list[Passage], vectors: VectorCache,
             suggestions: list[str], query_text: str = "") -> Answer:
    """Check the model's citations against the passages; refuse when nothing survives.
    `query_text` is the standalone English form of the question, when it was rewritten."""
    checked = check_citations(raw, passages, vectors, question=query_text or question)
    if checked.refused or not checked.cited:
        answer = refusal(question, suggestions)
        answer.passages, answer.report = passages, checked.report
        return answer
    return Answer(question=question, text=checked.text, citations=citations_for(checked.cited, passages),
                  passages=passages, report=checked.report, suggestions=suggestions)
