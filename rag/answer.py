"""The answer stage: passages -> prompt -> streamed tokens -> checked, cited Answer."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import cache
from typing import TYPE_CHECKING

import numpy as np

from rag import prompts
from rag.cite import MARKER, best_sentence, check_citations, quoted, with_markers
from rag.config import Settings
from rag.models import Answer, Citation, CitationReport, Passage, SentenceCheck, Verdict
from rag.policy import (
    Context,
    LibrarySize,
    added_held,
    adds_information,
    affirmed_held,
    answer_type_matches,
    answerability,
    choice_held,
    comparative_held,
    compared_held,
    concludes_unknown,
    coverage,
    held_choice,
    knows,
    offered_held,
    varied_held,
    verdict_kept,
    without_unknown,
)
from rag.sentences import VectorCache, closest_sentence, relevance, split_sentences
from rag.text import author_label, english_stems, is_chinese, tokenize

if TYPE_CHECKING:  # rag.query imports this module
    from rag.query import Query
    from rag.retrieve import Retrieval

NOT_ANSWERED = "The loaded papers do not answer this."
NOT_ANSWERED_ZH = "已加载的论文没有回答这个问题。"
ANSWER_IN_CHINESE = "Answer in Chinese (简体中文). Keep the [n] passage numbers."


def format_passages(passages: list[Passage], named_authors: tuple[str, ...] = ()) -> str:
    """Numbered passages with a short source line each, as the model sees them: the paper's
    name, its first author, and any author the question named."""
    blocks = []
    for p in passages:
        authors = p.hit.authors
        who = [author_label(authors) if len(authors) > 1 else authors[0]] if authors else []
        who += [f"with {a}" for a in named_authors if a in authors[1:]]
        extra = [w for w in who if w != p.hit.name]
        label = f"{p.hit.name} ({', '.join(extra)})" if extra else p.hit.name
        blocks.append(f"[{p.n}] {label}\n{p.text}")
    return "\n\n".join(blocks)


@cache
def system_prompt(parts: bool = False) -> str:
    """The answer rules. Their last says when to reply "I don't know": when no passage answers
    the question (prompts/answer_unknown.md) or, with `parts`, when none answers any part of it;
    a question of several parts then has each part the passages answer answered, and the rest
    said to be unstated (prompts/answer_parts.md)."""
    return prompts.render("answer_system", unknown=prompts.load("answer_parts" if parts else "answer_unknown"))


def build_messages(question: str, passages: list[Passage], instruction: str = "",
                   named_authors: tuple[str, ...] = ()) -> list[dict[str, str]]:
    """System rules (a fixed prefix the local server can cache) and the passages + question."""
    if is_chinese(question) and not instruction:
        instruction = ANSWER_IN_CHINESE
    user = prompts.render("answer_user", passages=format_passages(passages, named_authors),
                          question=question, instruction=instruction)
    return [{"role": "system", "content": system_prompt()},
            {"role": "user", "content": user.strip()}]


def parts_messages(messages: list[dict[str, str]]) -> list[dict[str, str]]:
    """The same passages and question, asked anew under the rules asking for each part of the
    question the passages answer (`system_prompt(parts=True)`)."""
    return [{"role": "system", "content": system_prompt(parts=True)}, *messages[1:]]


def retry_messages(messages: list[dict[str, str]], reply: str, question: str) -> list[dict[str, str]]:
    """The conversation asking the model once more: its reply, then a request for the facts
    (the server reuses the prompt it has read; only these last turns are new). Restating the
    question made the local 1.5B model repeat the paper's name (blind3 ac22, ac23)."""
    instruction = ANSWER_IN_CHINESE if is_chinese(question) else ""
    again = prompts.render("answer_retry", instruction=instruction)
    return [*messages, {"role": "assistant", "content": reply}, {"role": "user", "content": again.strip()}]


def citations_for(ns: list[int], passages: list[Passage]) -> list[Citation]:
    by_n = {p.n: p for p in passages}
    return [
        Citation(n=n, paper_id=by_n[n].hit.paper_id, name=by_n[n].hit.name,
                 authors=by_n[n].hit.authors, passage=by_n[n].text,
                 url=str(by_n[n].hit.metadata.get("url", "")),
                 page=by_n[n].hit.page)
        for n in sorted(ns) if n in by_n
    ]


def answerable(query: Query, found: Retrieval, settings: Settings,
               weight: Mapping[str, float] | None = None, papers: int | None = None,
               vectors: VectorCache | None = None) -> Verdict:
    """Whether to ask the model at all. Nothing found: no. A question that names what it is
    about (an author, an area, a loaded paper) and found it: yes, whatever the similarity
    ("Which papers did Wotao Yin co-author?" is close to no passage). Otherwise the policy's
    answerability rule (rag/policy.py): coverage of the question's rarer words by the best
    passage, and the embedder's dense floor where one is calibrated. `weight`: word rarity;
    `papers`: the library's size (None: taken as large, `unknown_word_papers` or more);
    `vectors`: sentence vectors, for a question one of whose sentences is close to a passage's
    (`sentence_close`; none without them)."""
    if not found.hits:
        return Verdict("answerable", False, "retrieval found nothing")
    if query.filters.authors or query.filters.areas or query.named:
        return Verdict("answerable", True, "names a loaded paper, author or area")
    floor = settings.refusal_threshold
    if floor is None:
        floor = settings.dense_floors.get(settings.embed_model)
    texts = [f"{h.name} {h.metadata.get('display_name', '')} {h.text}" for h in found.hits]
    size = LibrarySize()  # with no dense floor, coverage guards alone: it stays whole
    if papers is not None and papers < settings.unknown_word_papers and floor is not None:
        size = LibrarySize(papers / settings.unknown_word_papers, settings.answerable_coverage_small,
                           english_stems())
    closest = (lambda: closest_sentence(query.text, [h.text for h in found.hits], vectors)) \
        if vectors is not None else None
    return answerability(query.text, texts, found.best_dense, floor, settings.answerable_coverage,
                         weight or {}, settings.dense_close.get(settings.embed_model), size,
                         closest, settings.sentence_close.get(settings.sentence_model),
                         settings.question_terms_cap)


def refusal(question: str, suggestions: list[str], reason: str = "") -> Answer:
    """The honest answer when the papers do not say: with the closest papers to look at."""
    text = NOT_ANSWERED_ZH if is_chinese(question) else NOT_ANSWERED
    if reason:
        text = f"{text} ({reason})"
    if suggestions:
        text += (" 最接近的论文：" if is_chinese(question) else " Closest papers: ") + "; ".join(suggestions)
    return Answer(question=question, text=text, citations=[], passages=[], refused=True,
                  suggestions=suggestions)


def gives_what_was_asked(question: str, text: str) -> bool:
    """The answer's type matches the question's: a "how many" question needs a quantity
    ("TGMM uses a shared transformer backbone" does not answer "how many examples")."""
    return answer_type_matches(question, MARKER.sub("", text)).ok


# shown in place of the "I don't know" a reply asked for the parts gives to some of them
UNSTATED_PARTS = ("The passages do not state the other parts of the question.", "这些段落没有说明问题的其余部分。")


def finalize(question: str, raw: str, passages: list[Passage], vectors: VectorCache,
             suggestions: list[str], query_text: str = "",
             unknown: frozenset[str] = frozenset(), ctx: Context | None = None,
             parts: bool = False) -> Answer:
    """Check the model's citations against the passages; refuse when nothing survives or the
    surviving answer does not give what was asked. `query_text` is the standalone English form
    of the question; `unknown` its words that no loaded paper contains (or a whole `ctx`).
    `parts`: the reply was asked for each part the passages answer (prompts/answer_parts.md),
    so its "I don't know" for a part is said of that part, not of the whole answer: with
    other sentences kept it is shown as `UNSTATED_PARTS` (blind47's ca03 and ca13, blind46's
    bz10: refused for a last "I don't know." after parts answered and cited), unless the reply
    concludes so ("Therefore, I don't know.", `concludes_unknown`)."""
    ctx = ctx or Context(question=query_text or question, unknown=unknown)
    checked = check_citations(raw, passages, vectors, ctx=ctx)
    said = knows(checked.text)
    if not said.ok and parts and checked.cited and not concludes_unknown(checked.text) \
            and (rest := without_unknown(checked.text)):
        checked = replace(checked, text=f"{rest} {UNSTATED_PARTS[int(is_chinese(question))]}")
        said = Verdict("knows", True, f"{said.reason} (of the parts it does not answer)")
    asked = f"{question} {query_text}"
    by_n = {p.n: p for p in passages}
    cited = [by_n[n] for n in checked.cited if n in by_n]
    names = [f"{p.hit.name} {' '.join(p.hit.authors)}" for p in cited]
    # a Chinese question's English reading is a small model's translation: what it asks for is
    # read from the question ("哪一种用很小的缓冲区就能防住" read as "which buffer size is smaller than
    # necessary" asked for no quantity, blind56's cj26)
    typed = question if is_chinese(question) else asked
    whole = (answer_type_matches(typed, MARKER.sub("", checked.text), names, " ".join(p.text for p in cited)),
             adds_information(asked, checked.text, names),
             added_held(asked, checked.text, cited, names, ctx.words_of, ctx.added_share),
             compared_held(query_text or question, cited, ctx.words_of, question),
             comparative_held(asked, checked.text, cited, ctx.words_of),
             varied_held(query_text or question, cited, ctx.words_of),
             offered_held(question, query_text, checked.text, cited, ctx.words_of),
             choice_held(query_text or question, checked.text, cited, ctx.words_of),
             verdict_kept(query_text or question, checked.checks, checked.text),
             said,
             affirmed_held(question, query_text, checked.text, cited, ctx.words_of, share=ctx.term_share))
    checks = [*checked.checks, SentenceCheck(checked.text, tuple(checked.cited), "answer", whole)]
    if checked.refused or not checked.cited or not all(v.ok for v in whole):
        answer = refusal(question, suggestions)
        answer.passages, answer.report, answer.checks = passages, checked.report, checks
        return answer
    return Answer(question=question, text=checked.text, citations=citations_for(checked.cited, passages),
                  passages=passages, report=checked.report, suggestions=suggestions, checks=checks)


def listing(question: str, passages: list[Passage], vectors: VectorCache, suggestions: list[str],
            query_text: str = "") -> Answer:
    """The answer to "papers by X" / "papers on Y" when the model's own reply did not survive
    checking: every matching paper by name, with its sentence closest to the question quoted
    and cited. The papers were chosen by their metadata, so the list itself is exact."""
    first: dict[str, Passage] = {}
    for p in passages:
        first.setdefault(p.hit.paper_id, p)
    asked = query_text or question
    quotes = [quoted(p, best_sentence(p, f"{asked} {p.hit.name}", vectors)) for p in first.values()]
    return Answer(question=question, text=" ".join(quotes),
                  citations=citations_for([p.n for p in first.values()], passages), passages=passages,
                  report=CitationReport(sentences=len(quotes), supported=len(quotes)),
                  suggestions=suggestions)


def chosen(question: str, passages: list[Passage], suggestions: list[str], refused: Answer,
           query_text: str = "") -> Answer | None:
    """The answer to a question offering alternatives when the model's did not survive checking
    (it picked one no passage says, or none): the one alternative the evidence holds
    (`held_choice`), cited, with the sentence that holds it quoted. None when the passages do
    not decide, and for a Chinese question (the alternatives are the English rewrite's)."""
    if is_chinese(question):
        return None
    pick = held_choice(query_text or question, passages)
    if pick is None:
        return None
    item, passage, sentence = pick
    text = f"{with_markers(item[0].upper() + item[1:] + '.', [passage.n])} {quoted(passage, sentence)}"
    why = Verdict("held_choice", True, f"only this alternative is in {passage.hit.name}'s passages")
    return Answer(question=question, text=text, citations=citations_for([passage.n], passages),
                  passages=passages, report=CitationReport(sentences=2, supported=2),
                  suggestions=suggestions,
                  checks=[*refused.checks, SentenceCheck(text, (passage.n,), "chosen from the evidence", (why,))])


def quoted_answer(question: str, passages: list[Passage], vectors: VectorCache, suggestions: list[str],
                  refused: Answer, query_text: str = "", ctx: Context | None = None,
                  tries: int = 2, least: float = 0.55,
                  weight: Mapping[str, float] | None = None) -> Answer | None:
    """The answer when the model's did not survive checking: the sentence of the paper asked
    about (`ctx.focus`, else the first passage's) that bears most on the question, quoted and
    cited, if it passes every check a model's reply must pass (`finalize`). Up to `tries`
    sentences are tried, closest first, among those holding at least `least` of the question's
    words (weighted by rarity, `weight`), its paper's names and authors aside: a sentence that
    is only near the question ("What learning rate does GLOT use?" and GLOT's sentence
    introducing its pooling) does not answer it. None when none passes, with `tries` 0, and for
    a Chinese question (the quote would be English)."""
    if tries < 1 or is_chinese(question) or not passages:
        return None
    focus = (ctx.focus if ctx else frozenset()) or {passages[0].hit.paper_id}
    pool = [(p, s) for p in passages if p.hit.paper_id in focus
            for s in (split_sentences(p.text) or [p.text])]
    if not pool:
        return None
    asked = query_text or question
    scores = relevance(asked, [s for _, s in pool], vectors)
    for i in np.argsort(-scores)[:tries]:
        passage, sentence = pool[int(i)]
        if asked_share(asked, passage, sentence, weight or {}) < least:
            continue
        answer = finalize(question, quoted(passage, sentence), passages, vectors, suggestions,
                          query_text, ctx=ctx)
        if not answer.refused:
            why = Verdict("quoted", True, f"the model's reply did not pass; {passage.hit.name}'s "
                          "sentence closest to the question passes every check")
            answer.checks = [*refused.checks, *answer.checks,
                             SentenceCheck(answer.text, (passage.n,), "quoted from the evidence", (why,))]
            return answer
    return None


def asked_share(question: str, passage: Passage, sentence: str, weight: Mapping[str, float]) -> float:
    """The share of the question's words (stemmed, each weighted by its rarity; a word no paper
    has weighs as the rarest), its paper's names and authors aside, that the sentence holds."""
    hit = passage.hit
    named = set(tokenize(" ".join([hit.name, str(hit.metadata.get("display_name", "")), *hit.authors])))
    return coverage(sorted(set(tokenize(question)) - named), [sentence], weight)
