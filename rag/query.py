"""Query understanding: intent, named authors, and follow-up / translation rewriting into a
standalone English query before retrieval."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Generic, TypeVar

from rag import prompts
from rag.authors import mentioned_authors, surname_key, surname_of
from rag.claims import claim_of, is_claim_question
from rag.config import REWRITE_MAX_TOKENS
from rag.llm import ChatModel, LLMError
from rag.models import Turn
from rag.retrieve import Filters
from rag.sentences import split_sentences
from rag.store import PaperRecord
from rag.text import (
    CITED_YEAR,
    ET_AL,
    english_words,
    fold,
    is_author_label,
    is_chinese,
    tokenize,
    without_quotations,
)

log = logging.getLogger(__name__)

# Asking for papers side by side; a difference ("the differences between A and B") only when
# two loaded papers are named (understand), else it is what one paper discusses.
_COMPARE = re.compile(r"\b(?:compare|comparison|versus|vs\.?)\b|比较|对比", re.IGNORECASE)
_DIFFERENCE = re.compile(r"\b(?:contrast|differences? between)\b", re.IGNORECASE)
# a comparison naming fewer than two papers is of papers only when it says so ("compare the
# federated learning papers", "RoT against other work"), not "how they compare with bigger networks"
# ("other" before another noun, "other adaptive-compute model families", and "工作流" (a
# workflow) speak of no papers: blind42's bv20, bv25)
_OF_PAPERS = re.compile(r"\b(?:papers?|works?|studies|articles|others|another|both|"
                        r"(?:other|these|those)(?=\s+(?:two|papers?|works?|studies|methods|approaches|articles)\b))\b|"
                        r"论文|文章|工作(?!流)|这两", re.IGNORECASE)
# "Do/Does/Did X compare A with B ...?" asks whether a paper makes a comparison, not for one;
# "which models do they compare against?" asks what a paper compares itself with
_ASKS_IF_COMPARES = re.compile(r"\s*(?:do|does|did)\s+\S.{0,80}?\s+compare\b", re.IGNORECASE)
# "……有没有……和已有方法做比较？": whether the paper compares, in Chinese
_ASKS_IF_COMPARES_ZH = re.compile(r"(?:有没有|是否|是不是|有无)[^。？?！!]{0,60}?(?:比较|对比)")
# "the GLOT paper", "the Lanzillotta et al. study", "那篇文章": one paper, the one named; "the
# paper" and "this work": one paper, the one asked about ("what does the paper prove with
# shrinking versus constant step sizes?" compares step sizes: blind43's bw15 was tabled)
_ONE_PAPER = re.compile(r"(?<![\w-])(?!(?:Which|What|This|That|The|An?|Another|Other|One|Each|Both|These|Those)\b)[A-Z][\w'’-]*(?:\s+et\s+al\.?)?(?:'s)?\s+(?:paper|work|study|article)\b|"
                        r"\b[Tt](?:he|his|hat)\s+(?:paper|work|study|article|post)\b|"
                        r"(?:这|那|该)篇(?:文章|论文)")
_ASKS_WHAT_IT_COMPARES = re.compile(r"\b(?:which|what)\b[^?.;]{0,80}?(?:\b(?:do|does|did)\s+(?:they|it|the authors|we|"
                                    r"(?:the|this|that) (?:paper|study|work|post|article))\s+compare\b"
                                    # "which other model families should be in our comparison?"
                                    r"|\b(?:in|into|for|to)\s+(?:our|the|a|their|its|my)\s+comparison\b)",
                                    re.IGNORECASE)
# "the deep versus shallow forgetting paper": a paper described by what it sets apart
_DESCRIBED_VERSUS = re.compile(r"\b[\w-]+\s+(?:versus|vs\.?)\s+[\w-]+(?:\s+[\w-]+){0,2}?\s+"
                               r"(?:paper|work|study|article|post|one)\b", re.IGNORECASE)
_SUMMARY = re.compile(r"\b(?:summari[sz]e|summary|overview|survey)\b|总结|概述|综述", re.IGNORECASE)
# "Which papers did X co-author?", "What has X worked on?", "papers by X": a list of papers.
_LIST = re.compile(r"\b(?:which|what|list(?: the)?|show(?: me)?(?: the)?) (?:papers?|works?|articles?)\b|"
                   r"\bpapers? (?:by|from|of|written by)\b|\bworked on\b|\bco-?authored?\b|"
                   r"\bauthors? of\b|\bwritten by\b|哪些论文|写了|的论文", re.IGNORECASE)
_PLURAL_WORKS = re.compile(r"\b(?:papers|works|publications|articles)\b", re.IGNORECASE)
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
    intent: str = "answer"  # answer | compare | summary | list | claim
    filters: Filters = field(default_factory=Filters)
    named: tuple[str, ...] = ()  # ids of loaded papers the question names (e.g. "RoT")
    # areas a "papers by X" question names as its topic, not as a filter ("Has X worked on
    # unsupervised learning?"): X's papers in them are listed beside those holding its words
    topic_areas: tuple[str, ...] = ()


# fit(terms, paper ids) -> each paper's weight of the terms its text holds (detect_papers)
Fit = Callable[[list[str], tuple[str, ...]], dict[str, float]]


_WORD = re.compile(r"[\w][\w.\-]*")


def proper_terms(question: str) -> list[str]:
    """Names and acronyms the question is about ("GPU", "ImageNet", "Mars", "RecurrSim"):
    words with a capital letter past the first one, a digit, or a capital initial when they do
    not open a sentence. Ordinary words ("stand for", "obtain") are left out, and so is a word
    capitalised because it opens one: the question's first, the claim's first in "Is it true
    that Besides molecules, ...?", the first after a full stop in "A study ... the model.
    Besides exhibiting biases, what ...?" (sentences as `split_sentences` cuts them: not after
    "et al." or "e.g.")."""
    out = []
    text = claim_of(question) if is_claim_question(question) else question
    for sentence in split_sentences(text):
        for i, word in enumerate(_WORD.findall(sentence)):
            if re.search(r"[A-Z].*[A-Z]|[a-z][A-Z]|\d", word) or (i > 0 and word[0].isupper()):
                out.append(word.strip(".-"))
    return out


def detect_intent(question: str) -> str:
    if is_claim_question(question):  # "Is it true that ...?": a verdict on a claim
        return "claim"
    compared = _DESCRIBED_VERSUS.sub(" ", question)
    if (_COMPARE.search(compared) or _DIFFERENCE.search(compared)) and not (
            _ASKS_IF_COMPARES.match(compared) or _ASKS_WHAT_IT_COMPARES.search(compared)
            or _ASKS_IF_COMPARES_ZH.search(compared)):
        return "compare"  # not "Do Lanzillotta et al. compare replay with EWC?": what one paper does
    if _SUMMARY.search(question):
        return "summary"
    if _LIST.search(question):
        return "list"
    return "answer"


T = TypeVar("T")


@dataclass(frozen=True)
class _Loaded:
    """What query understanding reads of every loaded paper, gathered once per catalogue
    (scanning 4,000 records for each question cost 2-3 ms of a 45 ms search)."""

    authors: frozenset[str]
    years: frozenset[int]
    areas: tuple[tuple[str, list[str], list[str]], ...]  # name, its words, its distinctive words


class _PerCatalogue(Generic[T]):
    """One value computed from the catalogue, kept until the catalogue changes: the store
    gives a new dict on every change; a caller's own dict changed in place is noticed by its
    size and last paper. It holds the dict it was computed from, so a new one cannot take its
    id."""

    def __init__(self, build: Callable[[dict[str, PaperRecord]], T]) -> None:
        self._build = build
        self._entry: tuple[dict[str, PaperRecord], int, str | None, T] | None = None

    def __call__(self, catalogue: dict[str, PaperRecord]) -> T:
        size, last = len(catalogue), next(reversed(catalogue), None)
        entry = self._entry  # one read: another thread may replace it meanwhile
        if entry is None or entry[0] is not catalogue or entry[1:3] != (size, last):
            entry = (catalogue, size, last, self._build(catalogue))
            self._entry = entry
        return entry[3]


def _gather_loaded(catalogue: dict[str, PaperRecord]) -> _Loaded:
    names = {n for rec in catalogue.values() for n in (rec.area, rec.subarea) if n}
    areas = []
    for name in sorted(names):
        phrase = tokenize(name)
        heads = [t for t in phrase if t not in _GENERIC_AREA_WORDS]
        if heads:
            areas.append((name, phrase, heads))
    return _Loaded(authors=frozenset(a for rec in catalogue.values() for a in rec.authors),
                   years=frozenset(rec.year for rec in catalogue.values() if rec.year),
                   areas=tuple(areas))


_loaded = _PerCatalogue(_gather_loaded)


def detect_authors(question: str, catalogue: dict[str, PaperRecord]) -> tuple[str, ...]:
    """Loaded authors the question names, in any of the usual variants (rag.authors), and
    co-authors typed in lower case (`coauthors_typed`)."""
    found = mentioned_authors(question, _loaded(catalogue).authors)
    return tuple(dict.fromkeys([*found, *coauthors_typed(question, catalogue)]))


def _build_surnames(catalogue: dict[str, PaperRecord]) -> dict[str, list[tuple[str, str]]]:
    """Folded surname -> (paper id, author) of every loaded paper with two authors or more."""
    index: dict[str, list[tuple[str, str]]] = {}
    for pid, rec in catalogue.items():
        if len(rec.authors) >= 2:
            for author in rec.authors:
                index.setdefault(surname_of(author), []).append((pid, author))
    return index


_surnames = _PerCatalogue(_build_surnames)
_TYPED_WORD = re.compile(r"[a-z][a-z'\-]{3,}")  # in lower case, four letters or more


def coauthors_typed(question: str, catalogue: dict[str, PaperRecord]) -> tuple[str, ...]:
    """Authors a question types in lower case, as into a search box ("gradiend
    (drechsel+herbold) debiasing", blind37's bq07): two or more surnames of one loaded paper's
    authors, none of them an English word, name those authors. One lower-case surname alone
    names no one ("wolf", "rot" and "chen" are words or too common to tell)."""
    index, english = _surnames(catalogue), english_words()
    typed = {surname_key(w) for w in _TYPED_WORD.findall(fold(question)) if w not in english}
    by_paper: dict[str, dict[str, str]] = {}
    for key in typed:
        for pid, author in index.get(key, ()):
            by_paper.setdefault(pid, {})[key] = author
    return tuple(dict.fromkeys(a for hits in by_paper.values() if len(hits) >= 2 for a in hits.values()))


_YEAR = re.compile(r"(?<!\d)(19[5-9]\d|20\d\d)(?!\d)")
_YEAR_CUE = re.compile(r"\b(?:in|from|of|published|papers?|works?|since|during)\b|年", re.IGNORECASE)


def detect_years(question: str, catalogue: dict[str, PaperRecord]) -> tuple[int, ...]:
    """Years the question asks papers from ("papers from 2026", "2026 papers"), when some
    loaded paper has that year; not a citation's year ("Ahmed et al. (2026) report ...",
    "(Zhiyi et al., 2026)"), which at 4,310 papers kept the demo papers (no year) out."""
    question = CITED_YEAR.sub(" ", question)  # "Ahmed et al. (2026)" cites a paper, asks for no year
    if not _YEAR_CUE.search(question):
        return ()
    loaded = _loaded(catalogue).years
    return tuple(y for y in dict.fromkeys(int(m) for m in _YEAR.findall(question)) if y in loaded)


# Words of a "papers by X" question that frame it rather than name a topic.
_LIST_FRAMING = frozenset(tokenize(
    "which what who whose papers paper did does do write writes wrote written has have had "
    "publish published publishes work works worked list show me articles article authored "
    "co-authored coauthored author authors by from on about the all any find give tell please "
    "research researched study studied topic topics publications everything anything each every "
    "ever contributed contribute involved name names title titles together jointly both with "
    "co-wrote cowrote coauthor coauthors co-author co-authors"))
# An area asked for as such ("Wei's papers in the optimization area"). Otherwise an area named
# beside an author is the topic of their papers (Query.topic_areas): a paper can be about
# unsupervised learning yet filed under another area.
_AREA_SAID = re.compile(r"\b(?:area|field|track|category|subarea)s?\b", re.IGNORECASE)
# "Which papers did X and Y write together?": papers with every named author, not any of them.
# "X and Y together", "co-authored": papers by all the authors named (and `joint`'s "with Y")
_JOINT = re.compile(r"\b(?:together|jointly|both|co-?wr[io]te|co-?authored)\b", re.IGNORECASE)
_WITH = re.compile(r"\bwith\s+((?:\S+\s+){0,2}\S+)", re.IGNORECASE)  # "with" and the next three words
# "papers by Eliasof or Schönlieb": any of the authors named
_EITHER = re.compile(r"\b(?:or|either)\b|或", re.IGNORECASE)


def listed_together(question: str, authors: tuple[str, ...], catalogue: dict[str, PaperRecord]) -> bool:
    """Whether the authors a question names are a loaded paper's author list ("NAVIS (Feldman,
    Mantri, Eliasof, Baskin)"): some paper has them all, and no "or" sets them apart ("papers
    by Eliasof or Schönlieb")."""
    return len(authors) > 1 and not _EITHER.search(question) \
        and bool(Filters(authors=authors, all_authors=True).allowed(catalogue))


def joint(question: str, authors: tuple[str, ...]) -> bool:
    """Whether a question naming several authors asks for the papers they wrote together:
    "Which papers did Eliasof and Schönlieb write together?", "What has Moshe Eliasof published
    with Carola-Bibiane Schonlieb?" ("with" before a named author's name, in any case); not
    "Zhiyi et al.'s compression and GRADIEND (Drechsel & Herbold): what do they then do with
    those bits?" (blind52's cf30 found no paper by all three)."""
    if len(authors) < 2:
        return False
    if _JOINT.search(question):
        return True
    names = {surname_key(t) for t in tokenize(fold(" ".join(authors)))}
    return any(surname_key(t) in names for m in _WITH.finditer(question) for t in tokenize(fold(m.group(1))))


def topic_terms(question: str, authors: tuple[str, ...]) -> list[str]:
    """The topic words of a "papers by X" question ("papers by Wei on graphs" -> ["graph"]):
    its stemmed words less the framing and the named authors' names."""
    names = {surname_key(t) for t in tokenize(fold(" ".join(authors)))}  # "Schoenlieb" too
    return [t for t in tokenize(question) if t not in _LIST_FRAMING and surname_key(t) not in names
            and not t.isdigit()]


# Words an area name shares with many others; they do not name an area on their own.
_GENERIC_AREA_WORDS = frozenset(tokenize(
    "learning model models method methods deep neural network networks general machine "
    "everything else applications other including etc ai systems large scale"))
# "graph papers", "papers on optimization": an area next to a word for papers.
_PAPER_WORDS = frozenset(tokenize("paper papers work works research article articles studies "
                                  "publications area field topic track category"))


# Words for papers that speak of a set of them ("Has X worked on graph neural networks?" too):
# not "the theory paper", "a graph-transfer work", nor the verbs "TGMM studies supervised
# learning", "the paper works out".
_SET_OF_PAPERS = re.compile(r"papers|publications|articles|research|areas?|fields?|topics?|tracks?|"
                            r"categor(?:y|ies)|subareas?|worked", re.IGNORECASE)


# Words between a word for papers and the area ("papers about RL", "work related to ...").
_AREA_LINKS = frozenset(tokenize("about regarding concerning related relating dealing deal "
                                 "within under inside belonging belong fall falls falling"))


def detect_areas(question: str, catalogue: dict[str, PaperRecord],
                 any_paper_word: bool = False) -> tuple[str, ...]:
    """Areas or subareas the question asks for as a set of papers: the area's name (or one
    of its distinctive words) right before or after a word for papers, as in "which graph
    papers ...", "reinforcement learning papers", "papers on optimization". A distinctive word
    after "papers" that a topic word outside the area's name follows starts a topic, not the
    area: "papers on graph generation" is not all of Graph Neural Networks. The word for papers
    must speak of a set of them (`_SET_OF_PAPERS`): "In the theory paper on accelerating SGD,
    ..." describes one paper (Yarotsky's, filed under Optimization) and asks for no area.
    `any_paper_word`: for a question about an author's papers, where the area is their topic
    ("Zorah Lahner's work on graph neural networks"), any word for papers will do."""
    # each stemmed word with the word it came from (is the word for papers a set of them?)
    pairs = [(t, w) for w in NAME_WORDS.findall(question) for t in tokenize(w) if t not in _AREA_LINKS]
    tokens = [t for t, _ in pairs]
    found = []
    for name, phrase, heads in _loaded(catalogue).areas:
        for i, tok in enumerate(tokens):
            if tok not in _PAPER_WORDS or not (any_paper_word or _SET_OF_PAPERS.fullmatch(pairs[i][1])):
                continue
            before, after = tokens[max(0, i - len(phrase)) : i], tokens[i + 1 : i + 1 + len(phrase)]
            head_after = i + 1 < len(tokens) and tokens[i + 1] in heads and (
                i + 2 >= len(tokens) or tokens[i + 2] in phrase)
            if before == phrase or after == phrase or (i > 0 and tokens[i - 1] in heads) or head_after:
                found.append(name)
                break
    return tuple(found)


def asks_beyond_named(query: Query) -> bool:
    """Whether a question that names loaded papers asks for papers besides them: "Which papers
    ...: one that refines token representations with a graph (GLOT), and NAVIS?" speaks of
    papers in the plural, so retrieval does not keep to the named ones (they come first)."""
    return bool(query.named) and bool(_PLURAL_WORKS.search(query.original))


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


def needs_translation(question: str, multilingual: bool = False) -> bool:
    """A Chinese question needs English (a model call) only when the retrieval embedder is
    English-only (a multilingual one embeds it as it is)."""
    return is_chinese(question) and not multilingual


def needs_rewrite(question: str, history: list[Turn], multilingual: bool = False) -> bool:
    """A follow-up needs the history folded in; a Chinese question needs English."""
    return needs_translation(question, multilingual) or bool(history and _FOLLOW_UP.search(question))


def resolve_references(question: str, history: list[Turn], catalogue: dict[str, PaperRecord],
                       shared: frozenset[str] = frozenset()) -> str | None:
    """An English follow-up made standalone without the model, when the history settles what
    it refers to: it names a loaded paper (directly or through "the second one"), or the last
    answer cited exactly one paper ("And its limitations?" -> "... (RoT)"). None otherwise."""
    if is_chinese(question):
        return None
    if detect_papers(question, catalogue, shared=shared):
        return question
    cited = history[-1].cited if history else ()
    if len(cited) == 1 and _FOLLOW_UP.search(question):
        return f"{question} ({cited[0]})"
    return None


def condense(question: str, history: list[Turn], llm: ChatModel, max_turns: int, *,
             max_tokens: int) -> str:
    """A standalone English query from a follow-up or non-English question, at most
    `max_tokens` long (falls back to the question plus the previous one when the model fails
    or rambles). A Chinese question with no history is translated whole (prompts/translate.md),
    not rewritten as a search query: the rewrite summarised long questions and dropped what
    tells their paper apart (eval/RESULTS.md, session 21)."""
    turns = history[-max_turns:] if max_turns else []
    lines = []
    for t in turns:
        lines.append(f"User: {t.question}")
        cited = f" (papers: {', '.join(t.cited)})" if t.cited else ""
        lines.append(f"Assistant: {t.answer[:300]}{cited}")
    translate = not turns and is_chinese(question)
    prompt = (prompts.render("translate", question=question) if translate else
              prompts.render("condense", history="\n".join(lines) or "(none)", question=question))
    fallback = f"{turns[-1].question} {question}" if turns else question
    try:
        text = "".join(llm.stream([{"role": "user", "content": prompt}], max_tokens=max_tokens,
                                   temperature=0.0))
    except LLMError as exc:
        log.warning("query rewrite failed (%s); using the question as it is", exc)
        return fallback
    return (translation_of(text, question) if translate else rewrite_of(text, question)) or fallback


def rewrite_of(reply: str, question: str) -> str:
    """The query a rewrite reply gives: its first line without a "Query:" label; "" when there
    is none, the model does not know, or it rambles (far longer than the question; a Chinese
    character carries about a word)."""
    text = reply.strip().strip('"').splitlines()[0].strip() if reply.strip() else ""
    text = re.sub(r"^(?:query|search query)\s*:\s*", "", text, flags=re.IGNORECASE)
    return "" if not text or "don't know" in text.lower() or _rambles(text, question) else text


def translation_of(reply: str, question: str) -> str:
    """The English a translation reply gives: all its lines as one, without quotes or a
    "Translation:" label; "" when there is none or it rambles (as `rewrite_of`)."""
    text = re.sub(r"^(?:english\s+)?translation\s*:\s*", "", " ".join(reply.split()), flags=re.IGNORECASE)
    text = text.strip().strip('"').strip()
    return "" if not text or _rambles(text, question) else text


def _rambles(text: str, question: str) -> bool:
    """Far longer than the question it stands for (a Chinese character carries about a word)."""
    return len(text) > (8 if is_chinese(question) else 4) * len(question) + 80


def understand(question: str, history: list[Turn], catalogue: dict[str, PaperRecord],
               llm_factory: Callable[[], ChatModel], max_turns: int, filters: Filters | None = None,
               multilingual: bool = False, fit: Fit | None = None,
               ordinary: frozenset[str] = frozenset(), rewrite_tokens: int = REWRITE_MAX_TOKENS,
               shared: frozenset[str] = frozenset()) -> Query:
    """Intent, named authors, areas and years (as filters) and a standalone query for retrieval
    (English, or the question's own language when the embedder is `multilingual`). With `fit`,
    a name loaded papers share names those the question's other words fit; an `ordinary` word
    not written as the name, and a `shared` name other papers write too, name no paper
    (detect_papers).
    `rewrite_tokens`: the rewrite's length cap."""
    filters = filters or Filters()
    given_areas = bool(filters.areas)  # the caller's filter, never dropped
    text = resolve_ordinals(question, history)
    if needs_rewrite(question, history, multilingual):
        text = resolve_references(text, history, catalogue, shared) or condense(
            text, history, llm_factory(), max_turns, max_tokens=rewrite_tokens)
    authors = detect_authors(question, catalogue)
    if authors and not filters.authors:
        filters = Filters(authors=authors, areas=filters.areas, venues=filters.venues,
                          years=filters.years, paper_ids=filters.paper_ids,
                          all_authors=joint(question, authors) or listed_together(question, authors, catalogue))
    areas = detect_areas(question, catalogue, any_paper_word=bool(authors))
    topic_areas: tuple[str, ...] = ()
    if authors and not _AREA_SAID.search(question):
        topic_areas, areas = areas, ()  # "Has Ruofan Wu worked on unsupervised learning?"
    if areas and not filters.areas:
        filters = replace(filters, areas=areas)
    years = detect_years(question, catalogue)
    if years and not filters.years:
        filters = replace(filters, years=years)
    intent = detect_intent(question + " " + text)
    both = f"{question} {text}"
    named = detect_papers(both, catalogue, fit, ordinary, shared)
    if intent == "compare" and not (_COMPARE.search(both) and compares_papers(question)) \
            and len(compared_papers(question, catalogue, fit, ordinary, shared)) < 2:
        # "the gap/differences between implicit and explicit models" in one paper; "how many
        # parameters does GraphBSI have, and how does that compare with the baselines it beats
        # on Moses?" (a dataset named like a loaded paper) compares a figure, not two papers
        intent = "answer"
    if intent == "answer" and authors and _PLURAL_WORKS.search(question):
        intent = "list"  # "O. Petersen papers on graph generation", "Foresti's works"
    if intent == "list" and not (filters.authors or filters.areas or filters.years):
        intent = "answer"  # "which paper proposes X?" is a question, not a list by metadata
    if areas and not given_areas and intent != "list":
        filters = _area_of_singled(filters, named, catalogue)
    if intent != "list" and filters.all_authors and not filters.allowed(catalogue):
        # authors no loaded paper has together were named of several papers, not of one:
        # "Zhiyi et al.'s compression and GRADIEND (Drechsel & Herbold) ... what do they do with
        # those bits" found nothing (blind52's cf30); a list of their joint papers stays empty
        filters = replace(filters, all_authors=False)
    return Query(original=question, text=text, intent=intent, filters=filters, named=named,
                 topic_areas=topic_areas)


def _area_of_singled(filters: Filters, named: tuple[str, ...], catalogue: dict[str, PaperRecord]) -> Filters:
    """An area the question seems to ask for, but which none of the papers it singles out is
    in, is no filter: those are the papers it names and those of the authors it lists together.
    "Lanzillotta, Meier & Hofmann. Theory field: which framework do they extend ...?" and
    "Retrieval-of-Thought. Mechanism field ...: what does RoT reuse?" name a data-extraction
    form's fields, not the Learning Theory and Attention Mechanisms areas (blind56's cj11 found
    nothing, and cj13 was answered from GLOT, the one paper of that area)."""
    singled = set(named)
    if filters.all_authors:
        singled |= replace(filters, areas=(), venues=(), years=(), paper_ids=()).allowed(catalogue) or set()
    if singled and not singled & (filters.allowed(catalogue) or set()):
        return replace(filters, areas=())
    return filters


# A question mark inside what the sentence splitter keeps whole: a chat message's questions
# are not capitalised ("isn't it infinite-memory? is there a practical version ... vs without?")
_ASKED_APART = re.compile(r"(?<=[?？])\s+")


def compares_papers(question: str) -> bool:
    """A sentence of the question both compares and speaks of papers (`_OF_PAPERS`): "Compare
    the federated learning papers", "How does RoT compare with other work?", but not "A theory
    paper studies implicit models. How does it describe these models in comparison with larger
    explicit networks?" (blind24's bd17: the paper is in one sentence, the comparison in another,
    and "these models" are not papers), nor "Did the GLOT paper try attention-derived edges, and how
    did that compare?" (blind40's bt32: the one paper it names, `_ONE_PAPER`), nor a quoted note
    to check ("'SparseRL: SpMV +20%, both vs existing methods; ...' Is the SpMV part correct?",
    blind44's bx08 was tabled with two other papers)."""
    return any(_COMPARE.search(x) and _OF_PAPERS.search(_ONE_PAPER.sub(" ", x))
               for s in split_sentences(without_quotations(question)) for x in _ASKED_APART.split(s))


# Where a question's clauses part: "..., and how does that compare with ...?"
_CLAUSES = re.compile(r"[?？;；。]|,\s*(?:and|but)\s+|，\s*")


def compared_papers(question: str, catalogue: dict[str, PaperRecord], fit: Fit | None = None,
                    ordinary: frozenset[str] = frozenset(),
                    shared: frozenset[str] = frozenset()) -> set[str]:
    """The loaded papers a comparison question names inside the clause that compares ("How
    does RoT compare with GLOT?": both), not elsewhere in the question."""
    clause = next((c for c in _CLAUSES.split(question)
                   if _COMPARE.search(c) or _DIFFERENCE.search(c)), question)
    return set(detect_papers(clause, catalogue, fit, ordinary, shared)) | labelled_papers(clause, catalogue)


def labelled_papers(question: str, catalogue: dict[str, PaperRecord]) -> set[str]:
    """Loaded papers the question names by their whole "X et al." label ("Compare InfoSEDD and
    Balla et al."), which `detect_papers` leaves to author matching."""
    low = question.lower()
    found = set()
    for pid, r in catalogue.items():
        label = r.display_name.lower()
        at = low.find(label) if label.endswith(ET_AL) else -1
        if at >= 0 and (at == 0 or not low[at - 1].isalnum()):
            found.add(pid)
    return found


# A word as a text writes it, hyphens kept ("DNA", "GPT-4o", "OpTI-BFM"): names and question words.
NAME_WORDS = re.compile(r"[\w][\w\-]*")


def _build_name_index(catalogue: dict[str, PaperRecord]) -> tuple[dict[str, tuple[str, ...]], int]:
    """Lower-case names (method names, titles) -> the papers they name, built once per
    catalogue. A method name that also appears in two or more other papers' titles or names
    ("RAG", "LLM") is a topic, not a name: it is left out, so a question about RAG is not
    narrowed to the one paper that happens to be called that. Also the longest name's word
    count (how far a question's runs of words need looking up)."""
    words: dict[str, set[str]] = {}
    for pid, rec in catalogue.items():
        for w in NAME_WORDS.findall(f"{rec.title} {rec.display_name}"):
            words.setdefault(w, set()).add(pid)
    index: dict[str, set[str]] = {}
    for pid, rec in catalogue.items():
        for name in (rec.display_name, rec.title):
            if not name or len(name) < 3 or is_author_label(name):
                continue
            if name == rec.display_name and len(words.get(name, set()) - {pid}) >= 2:
                continue
            index.setdefault(" ".join(NAME_WORDS.findall(name.lower())), set()).add(pid)
    built = {k: tuple(sorted(v)) for k, v in index.items() if k}
    longest = max((k.count(" ") + 1 for k in built), default=0)
    return built, longest


_name_index = _PerCatalogue(_build_name_index)


def name_matches(text: str, catalogue: dict[str, PaperRecord],
                 ordinary: frozenset[str] = frozenset(),
                 shared: frozenset[str] = frozenset()) -> list[tuple[str, tuple[str, ...]]]:
    """Each name in the text (a loaded paper's method name, not "X et al.", or its full title)
    with the papers it names: every run of the text's words is looked up in the catalogue's
    name index. A name two papers share ("QuRL") names both. A one-word name that is an
    `ordinary` word ("DRIFT", "DID", "MOSES") is named only when the text writes it just as
    the name is written: not by "test data drift slowly", "Did earlier work ...?" or "the
    Moses benchmark". A `shared` name (lower case: "dna", "imagenet") is a term
    other loaded papers write too, so it names no paper however it is written."""
    index, longest = _name_index(catalogue)
    written = NAME_WORDS.findall(text)
    words = [w.lower() for w in written]
    found: list[tuple[str, tuple[str, ...]]] = []
    for i in range(len(words)):
        for n in range(1, min(longest, len(words) - i) + 1):
            name = " ".join(words[i : i + n])
            if name not in index or (n == 1 and name in shared):
                continue
            if n == 1 and name in ordinary and not any(
                    catalogue[pid].display_name == written[i] for pid in index[name]):
                continue
            found.append((name, index[name]))
    return found


# How close a namesake's fit must come to the best one's to stay named.
NAMESAKE_SHARE = 0.75


def detect_papers(text: str, catalogue: dict[str, PaperRecord], fit: Fit | None = None,
                  ordinary: frozenset[str] = frozenset(),
                  shared: frozenset[str] = frozenset()) -> tuple[str, ...]:
    """Loaded papers named in the text, in the order the text names them. With `fit`, a name
    several loaded papers share keeps those whose own words hold the text's other words:
    "QuRL's improvement on open-ended QA" is the rubric-reward QuRL, not the low-precision RL
    one of the same name. `fit(terms, papers)` weighs the terms each paper holds (by rarity).
    A text that does not tell the namesakes apart (no other word, or fits about as close as
    the best) keeps them all. `ordinary`: words the loaded papers write in lower case;
    `shared`: names other loaded papers write too (name_matches)."""
    matches = name_matches(text, catalogue, ordinary, shared)
    named = list(dict.fromkeys(pid for _, pids in matches for pid in pids))
    namesakes = [(name, pids) for name, pids in matches if len(pids) > 1] if fit else []
    words = list(dict.fromkeys(tokenize(text))) if namesakes else []
    for name, pids in namesakes:
        own = set(tokenize(name))
        terms = [t for t in words if t not in own]
        scores = fit(terms, pids) if fit and terms else {}
        best = max(scores.values(), default=0.0)
        if best > 0:
            dropped = {p for p in pids if scores.get(p, 0.0) < NAMESAKE_SHARE * best}
            named = [p for p in named if p not in dropped]
    return tuple(named)
