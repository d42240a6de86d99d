"""The contradiction check of the answer policy: whether a passage sentence disagrees with a
claim about the same thing by negation ("does not improve" vs "improves"), direction ("reduces
latency" vs "increases latency") or number ("82%" vs "28%"). Word lists: rag/policy_words.json."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Set
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from rag.models import Passage
from rag.sentences import overlap, split_sentences
from rag.text import CJK, tokenize

WORDS_FILE = Path(__file__).resolve().parent / "policy_words.json"
# a figure: not the end of a word or of a decimal ("v2", ".5"), but after a Chinese character it
# is one ("任务一共有5,040个": 5040, not 040)
_NUMBER = re.compile(rf"(?<![^\W{CJK.pattern[1:-1]}])(?<!\.)\d+(?:[.,]\d+)*")  # CJK: rag/text.py
# the same figure for the other modules reading figures (rag/policy.py, rag/quantities.py)
FIGURE = _NUMBER.pattern
_RAW_WORD = re.compile(r"[\w][\w'\-]*(?:\.\d+)*|…|[,;:.!?()]")  # "62.1" whole: a "." ends a sentence


def numbers(text: str) -> set[str]:
    return {n.replace(",", "") for n in _NUMBER.findall(text)}


# A figure with a magnitude after it ("262k points", "a 0.8B parameter model", "1.2 million")
_SCALED = re.compile(r"(?<![\w.])(\d+(?:[.,]\d+)*)\s?(k|K|M|B|thousand|million|billion)\b")
_SCALES = {"k": 10**3, "K": 10**3, "thousand": 10**3, "M": 10**6, "million": 10**6, "B": 10**9, "billion": 10**9}


def scaled(text: str) -> dict[str, str]:
    """Each figure written with a magnitude, as `numbers` gives it, with its full value:
    "262k" -> {"262": "262000"}, "1.6B" -> {"1.6": "1600000000"}."""
    out = {}
    for digits, unit in _SCALED.findall(text):
        raw = digits.replace(",", "")
        value = round(float(raw) * _SCALES[unit], 6)
        out[raw] = str(int(value)) if value == int(value) else str(value)
    return out


def figures(text: str) -> set[str]:
    """The numbers, and the figures the number words stand for ("half of the tokens": 50)."""
    spelled = words().spelled
    return numbers(text) | {spelled[w] for w in re.findall(r"[a-z]+", text.lower()) if w in spelled}


@dataclass(frozen=True)
class Words:
    """The policy's word lists, loaded once from WORDS_FILE."""

    negations: frozenset[str]
    negation_skip: frozenset[str]
    boundaries: frozenset[str]
    up: frozenset[str]
    down: frozenset[str]
    references: tuple[str, ...]
    others: frozenset[str]
    frame: frozenset[str]
    gaps: frozenset[str] = frozenset()  # never part of an asked two-word term
    generic: frozenset[str] = frozenset()  # words that add no information to an answer
    generic_cjk: frozenset[str] = frozenset()  # characters likewise
    count_modifiers: frozenset[str] = frozenset()  # "how many *fewer* parameters": not counted
    synonyms: Mapping[str, frozenset[str]] = field(default_factory=dict)  # stem -> its group
    fillers: frozenset[str] = frozenset()  # claim words with no content to look for ("any")
    antonyms: frozenset[tuple[str, str]] = frozenset()  # stems, both orders
    comparatives: Mapping[str, str] = field(default_factory=dict)  # "outperforms" -> up, as written
    self_references: frozenset[str] = frozenset()  # "we", "our": an abstract's own method
    answer_words_cjk: tuple[str, ...] = ()  # "优于", "降低": a Chinese comparison's answer
    hedges: tuple[str, ...] = ()  # "can be inferred", "presumably": said of what a passage implies
    spelled: Mapping[str, str] = field(default_factory=dict)  # "half" -> "50"
    multiplier: re.Pattern[str] | None = None  # "100x", "100 times": a figure given as a ratio
    example_markers_cjk: tuple[str, ...] = ()  # "例如": a Chinese question offers an example
    new_cjk_chars: int = 3  # a Chinese answer adds information with this many new characters
    heading_words: int = 6  # a claim's first sentence this short, naming no paper, heads it
    heading_chars: int = 16  # ... in Chinese, in characters
    refers_back_words: int = 8  # how far into a sentence "In their test ..., they" refers back
    cjk_one_as_article: tuple[str, ...] = ()  # "一个小的子集": "a small subset", no figure
    asks_for_breaks: frozenset[str] = frozenset()  # "what *under* fixed step sizes": no "what ... size"
    quantity_nouns: tuple[str, ...] = ()  # "what replay buffer *size*": a quantity is asked
    named_nouns: tuple[str, ...] = ()  # "which image *datasets*": a named thing is asked
    kind_words: frozenset[str] = frozenset()  # "what *kind* of datasets": a kind, not a name, as written
    function_words: frozenset[str] = frozenset()  # "which parameters *of a* language model": as written
    term_pronouns: frozenset[str] = frozenset()  # stems no two-word asked term holds ("my", "don")
    direction_settings: frozenset[str] = frozenset()  # words opening a direction's setting ("at", "under")
    term_discourse: frozenset[str] = frozenset()  # nor these ("core contribution", "empirical results")
    gate_function: frozenset[str] = frozenset()  # stems the answerability gate does not count: those and "about"
    named_nouns_cjk: tuple[str, ...] = ()  # "哪些*数据集*"
    kind_cjk: frozenset[str] = frozenset()  # characters of "what kind of" in Chinese ("什么类型的数据集")
    negating: re.Pattern[str] | None = None  # "rather than", "instead of": negate what follows
    lower_better: frozenset[str] = frozenset()  # stems of "latency", "error": a smaller figure may be better
    valence: frozenset[str] = frozenset()  # "better", "outperforms": up or down by the metric, as written
    # "more robust", "less stable": "more" / "less" before one of these compares a quality, as "better" does
    quality_adjectives: frozenset[str] = frozenset()
    absence_sources: frozenset[str] = frozenset()  # "paper", "abstract": what a refusal says is silent
    absence_own_work: frozenset[str] = frozenset()  # "method", "results": the paper's work, as a refusal's subject
    # a question opening with one of these asks yes or no: its content is what the answer asserts
    yes_no_openers: frozenset[str] = frozenset()
    restating_openers: tuple[str, ...] = ()  # "is there ...": a yes / no question that describes
    # "... run on X, or on Y?": a preposition that opens the last of two choices opens the first too
    choice_openers: frozenset[str] = frozenset()
    # "when ... ", "if ...": a condition the answer must meet, up to its clause's end
    condition: re.Pattern[str] | None = None
    # "If you can't label a reward dataset, ...": a claim's opening condition on the reader
    reader_condition: re.Pattern[str] | None = None
    # "This is because ...", "Therefore, ...": a sentence explaining or concluding from the one
    # before; "This is stated in passage ...", "The passage states: "..."": one pointing at its source
    follow_on: re.Pattern[str] | None = None
    # "This limit is ...", "These results ...": a demonstrative and a noun (group 1) pointing back;
    # not "This is ...", "Such as ..." (`follow_on_not_nouns`)
    follow_on_demonstrative: re.Pattern[str] | None = None
    follow_on_kept: frozenset[str] = frozenset()  # "This method ...": the paper's own, stems
    # "Yes, ...", "No, ...", "是的，...": a sentence giving a yes / no question its answer
    verdict_opener: re.Pattern[str] | None = None
    reference: re.Pattern[str] | None = None  # a sentence opening with one of the `references`
    # "I remember X. Is that right?": a tag question asking whether what was just said is
    # right, and the asker's framing of what they believe ("I remember", "in my memory")
    belief_tag: re.Pattern[str] | None = None
    belief_marker: re.Pattern[str] | None = None
    own_plan: re.Pattern[str] | None = None  # "Aim 2 will", "this project", "本项目拟": the claimant's own plans
    own_label: re.Pattern[str] | None = None  # "Decision:", "Action item (Tom):", "待办：": the writer's own tasks
    own_opener: re.Pattern[str] | None = None  # "We ...", "我们...": a sentence opening with its writer
    own_document: re.Pattern[str] | None = None  # "Table 3", "the revision", "修订版": the writer's own document
    own_matter: re.Pattern[str] | None = None  # "claim 4", "the applicant", "权利要求": what the writer decides on
    scene_reference: re.Pattern[str] | None = None  # "The team grants ...", "该文指出": a paper spoken of, unnamed
    points_back: re.Pattern[str] | None = None  # "That is what RoT does.", "这正是": opens pointing back
    post_aside: re.Pattern[str] | None = None  # "imo", "tbh": a post writer's own aside, no claim
    belief_doubt: re.Pattern[str] | None = None  # "Am I mixing that up?": a "yes" would deny it
    affirming: re.Pattern[str] | None = None  # "Yes, ...", "That's right.": a sentence agreeing
    # "compare with *existing methods*": words that name nothing particular to compare with (stems)
    compared_generic: frozenset[str] = frozenset()
    # "compare with explicit models *achieving* the same ...": a clause about the thing begins
    compared_clause: re.Pattern[str] | None = None
    vague_quantity: re.Pattern[str] | None = None  # "in *a handful of* episodes"
    exact: re.Pattern[str] | None = None  # "*exactly* how many"
    # a claim's denial (`denied_said`): "not only" adds; "fails", "no" assert; "not because of X" denies X
    denial_adding: re.Pattern[str] | None = None
    denial_asserting: re.Pattern[str] | None = None
    denial_reason: re.Pattern[str] | None = None
    denial_min_share: float = 0.75
    # "how does X change as Y grows", "... handle Y", "how well does X do when Y": each form's
    # pattern (group 1: the condition or case) and the share of its words a cited paper must hold
    case_forms: tuple[tuple[re.Pattern[str], float], ...] = ()
    varied_fillers: frozenset[str] = frozenset()  # "grows", "from ... to": say only that it varies
    # "X, leading to Y" (the cause first) and "Y due to X" (the effect first)
    causes_forward: re.Pattern[str] | None = None
    causes_backward: re.Pattern[str] | None = None
    # "every existing method" (the claim) against "existing methods largely" (its sentence)
    universal_scope: re.Pattern[str] | None = None
    partial_scope: re.Pattern[str] | None = None
    parity: frozenset[str] = frozenset()  # "matches", "on par": neither side is better, as written
    # "was introduced by", "a new method that", "the first to": a claim crediting its paper with
    # originating a thing; "well-known", "such as", "recent works": a sentence calling it known
    origin_verbs: tuple[str, ...] = ()
    origin_new: tuple[str, ...] = ()
    origin_first: tuple[str, ...] = ()
    background_markers: tuple[str, ...] = ()
    origin_min_share: float = 0.75
    copy_min_share: float = 0.7  # two papers sharing this much of their words are one paper loaded twice
    # a claim credits another paper's method, by words alone, when that paper's sentence about its
    # own method holds this many of the claim's words, and more than the credited paper holds
    attribution_min_words: int = 10
    origin_taken_up: tuple[str, ...] = ()  # "we extend X", "builds on X": X is not the paper's own
    open_choices: frozenset[str] = frozenset()  # "or something else?": a choice left open, as written
    vague_choice: frozenset[str] = frozenset()  # "something", "anything": no alternative's own words (stemmed)
    identifying: frozenset[str] = frozenset()  # "It is called ...", "The method you mean is ...": which paper
    # "The paper does not specify ...", "文章没有讲...": the source says nothing of what was asked
    absence: re.Pattern[str] | None = None
    release: tuple[re.Pattern[str] | None, re.Pattern[str] | None] = (None, None)
    # a figure given as a bound: ">" after "more than" (above it), "<" after "up to" (at most it)
    figure_bounds: tuple[tuple[str, re.Pattern[str]], ...] = ()
    figure_rounding: float = 0.15  # two figures this share apart are one figure rounded
    figure_far_reach: int = 5  # changed_figure: the words this far after a figure ...
    figure_far_shared: int = 3  # ... of which this many shared say it is of the same thing
    # "Passage [2] mentions that ...", "The passage from [1] discusses ...": a sentence telling
    # what a passage says (the markers in the match are the passages it points at)
    tour: re.Pattern[str] | None = None
    several_papers: re.Pattern[str] | None = None  # "which papers", "any works": asks for several
    # "both", "each one", "两者": a question describing its papers asks about more than one
    two_described: re.Pattern[str] | None = None
    date_asks: re.Pattern[str] | None = None  # "what year", "when was": asks for a date


def phrases(before: str, items: list[str], after: str) -> re.Pattern[str] | None:
    """A case-blind pattern matching any of the phrases as written, between `before` and
    `after`; None for no phrases."""
    if not items:
        return None
    return re.compile(before + "(?:" + "|".join(map(re.escape, items)) + ")" + after, re.IGNORECASE)


@lru_cache(maxsize=1)
def word_lists() -> dict[str, Any]:
    """WORDS_FILE as written, read once (`words` and rag/quantities.py build on it)."""
    data: dict[str, Any] = json.loads(WORDS_FILE.read_text(encoding="utf-8"))
    return data


@lru_cache(maxsize=1)
def words() -> Words:
    raw = word_lists()

    def stems(items: list[str]) -> frozenset[str]:
        return frozenset(s for w in items for s in tokenize(w))

    return Words(
        negations=frozenset(raw["negations"]), negation_skip=frozenset(raw["negation_skip"]),
        boundaries=frozenset(raw["boundaries"]), up=frozenset(raw["directions"]["up"]),
        down=frozenset(raw["directions"]["down"]), references=tuple(raw["subject_references"]),
        others=frozenset(raw["other_subjects"]), frame=frozenset(tokenize(raw["frame_words"])),
        gaps=frozenset(tokenize(raw["term_gaps"])), generic=frozenset(tokenize(raw["generic_words"])),
        generic_cjk=frozenset(raw["generic_cjk"]),
        count_modifiers=frozenset(tokenize(raw["count_modifiers"])),
        synonyms={t: group for g in raw.get("claim_synonyms", []) for group in [stems(g.split())]
                  for t in group},
        fillers=stems(raw.get("claim_fillers", "").split()),
        antonyms=frozenset(p for a, b in raw.get("antonyms", []) for x in tokenize(a) for y in tokenize(b)
                           for p in ((x, y), (y, x))),
        comparatives={x: d for d, xs in raw.get("comparatives", {}).items() for x in xs},
        self_references=stems(raw.get("self_references", "").split()),
        answer_words_cjk=tuple(raw.get("answer_words_cjk", "").split()),
        hedges=tuple(raw.get("hedges", [])), spelled=dict(raw.get("spelled_numbers", {})),
        new_cjk_chars=int(raw.get("new_cjk_chars", 3)),
        heading_words=int(raw.get("heading_words", 6)), heading_chars=int(raw.get("heading_chars", 16)),
        refers_back_words=int(raw.get("refers_back_words", 8)),
        cjk_one_as_article=tuple(raw.get("cjk_one_as_article", "").split()),
        asks_for_breaks=frozenset(raw.get("asks_for_breaks", "").split()),
        quantity_nouns=tuple(raw.get("quantity_nouns", "").split()),
        named_nouns=tuple(raw.get("named_nouns", [])), kind_words=frozenset(raw.get("kind_words", "").split()),
        function_words=frozenset(raw.get("function_words", "").split()),
        term_pronouns=stems(raw.get("term_pronouns", "").split()),
        term_discourse=stems(raw.get("term_discourse", "").split()),
        direction_settings=frozenset(raw.get("direction_settings", "").split()),
        gate_function=stems(raw.get("gate_function_words", "").split()) | stems(raw.get("term_pronouns", "").split()),
        named_nouns_cjk=tuple(raw.get("named_nouns_cjk", "").split()), kind_cjk=frozenset(raw.get("kind_cjk", "")),
        negating=phrases(r"\b", raw.get("negating_phrases", []), r"\b"),
        lower_better=stems(raw.get("lower_better", "").split()),
        valence=frozenset(raw.get("valence_comparatives", "").split()),
        quality_adjectives=frozenset(raw.get("quality_adjectives", "").split()),
        absence_sources=frozenset(raw.get("absence_sources", [])),
        absence_own_work=frozenset(raw.get("absence_own_work", "").split()),
        yes_no_openers=frozenset(raw.get("yes_no_openers", "").split()),
        restating_openers=tuple(raw.get("restating_openers", [])),
        choice_openers=frozenset(raw.get("choice_openers", "").split()),
        condition=phrases(r"\b", raw.get("condition_words", "").split(), r"\b[^;:?.!]*"),
        reader_condition=phrases(r"^\s*", raw.get("condition_words", "").split(),
                                 r"\s+(?:you|your|you're|one|we)\b[^,;:]{0,200}[,;:]"),
        reference=phrases("^", raw["subject_references"], r"(?![A-Za-z0-9_])"),  # "他们将" too
        follow_on=_either(phrases(r"^\W*", raw.get("follow_on_openers", []), r"\b"),
                          phrases(r"^\W*", raw.get("follow_on_openers_cjk", []), ""),
                          _pointer(raw.get("follow_on_pointer", {})),
                          _quoting(raw.get("follow_on_quotes", {}))),
        follow_on_demonstrative=phrases(
            r"^\W*", raw.get("follow_on_demonstratives", "").split(),
            rf"\s+(?!(?:{'|'.join(map(re.escape, raw.get('follow_on_not_nouns', '').split()))})\b)([a-z][\w-]*)"),
        follow_on_kept=stems(raw.get("follow_on_kept_subjects", "").split()),
        verdict_opener=_openers(raw.get("verdict_openers", "").split(),
                                raw.get("verdict_openers_cjk", "").split()),
        belief_tag=_belief_tag(raw.get("belief_tags", []), raw.get("belief_short_tags", [])),
        post_aside=phrases(r"(?<![\w-])", raw.get("post_asides", []), r"(?![\w-])"),
        own_plan=_either(phrases(r"(?<![\w-])", raw.get("own_plans", []), r"(?![\w-])"),
                         phrases("", raw.get("own_plans_cjk", []), "")),
        scene_reference=_scene_reference(raw),
        points_back=_points_back(raw),
        own_label=_either(phrases(r"^\W*", raw.get("own_labels", []), r"(?![\w-])\s*(?:\([^()]*\)\s*)?[:：]"),
                          phrases(r"^\W*", raw.get("own_labels_cjk", []), r"\s*(?:[(（][^()（）]*[)）]\s*)?[:：]")),
        own_opener=_either(phrases(r"^\W*", raw.get("own_document_openers", []), r"(?![\w'-])"),
                           phrases(r"^\W*", raw.get("own_document_openers_cjk", []), "")),
        own_document=_either(phrases(r"(?<![\w-])", raw.get("own_document", []), r"(?![\w-])"),
                             phrases("", raw.get("own_document_cjk", []), "")),
        own_matter=_either(phrases(r"(?<![\w-])", raw.get("own_matter", []), r"(?![\w-])"),
                           phrases(r"(?<![\w-])", raw.get("own_matter_numbered", []), r"\s*\d"),
                           phrases("", raw.get("own_matter_cjk", []), "")),
        belief_marker=phrases(r"(?<![\w-])", raw.get("belief_markers", []), r"(?![\w-])(?:\s+(?:that|as|being|it)\b)*"),
        belief_doubt=phrases(r"\b", raw.get("belief_doubts", []), r"\b"),
        affirming=phrases(r"^\W*", raw.get("affirming_openers", []), r"(?![\w'-])"),
        compared_generic=stems(raw.get("compared_generic", "").split()),
        compared_clause=phrases(r"\b", raw.get("compared_clause_openers", []), r"\b"),
        vague_quantity=phrases(r"\b", raw.get("vague_quantities", []), r"\b"),
        exact=phrases(r"\b", raw.get("exact_phrases", []), r"\b"),
        denial_adding=phrases(r"\b", raw.get("denial_adding", []), r"\b"),
        denial_asserting=phrases(r"\b", raw.get("denial_asserting", []), r"\b"),
        denial_reason=phrases(r"\bnot\s+", raw.get("denial_reasons", []), r"\b"),
        denial_min_share=float(raw.get("denial_min_share", 0.75)),
        case_forms=_case_forms(raw),
        varied_fillers=stems(raw.get("varied_fillers", "").split()),
        causes_forward=phrases(r"\b", raw.get("causes_forward", []), r"\b"),
        causes_backward=phrases(r"\b", raw.get("causes_backward", []), r"\b"),
        parity=frozenset(raw.get("parity_words", "").split()),
        origin_verbs=tuple(raw.get("origin_verbs", [])), origin_new=tuple(raw.get("origin_new", [])),
        origin_first=tuple(raw.get("origin_first", [])),
        background_markers=tuple(raw.get("background_markers", [])),
        origin_min_share=float(raw.get("origin_min_share", 0.75)),
        copy_min_share=float(raw.get("copy_min_share", 0.7)),
        attribution_min_words=int(raw.get("attribution_min_words", 10)),
        origin_taken_up=tuple(raw.get("origin_taken_up", [])),
        open_choices=frozenset(raw.get("open_choices", [])),
        vague_choice=frozenset(tokenize(" ".join(raw.get("vague_choice_words", [])))),
        identifying=frozenset(raw.get("identifying_words", [])),
        universal_scope=phrases(r"(?<![\w-])", raw.get("universal_scope", []), r"(?![\w-])"),
        partial_scope=phrases(r"(?<![\w-])(?<!the )(?<!at )", raw.get("partial_scope", []), r"(?![\w-])"),
        multiplier=_multiplier(raw.get("multiplier_units", "").split()),
        absence=_absence(raw),
        release=_release(raw),
        figure_bounds=tuple((b, p) for b, key in ((">", "figure_bounds_above"), ("<", "figure_bounds_below"))
                            if (p := phrases(r"\b", raw.get(key, []), "$"))),
        figure_rounding=float(raw.get("figure_rounding_share", 0.15)),
        figure_far_reach=int(raw.get("figure_far_reach", 5)), figure_far_shared=int(raw.get("figure_far_shared", 3)),
        tour=_tour(raw),
        # (?!\w) rather than \b after: an entry may end in its question mark ("and when?")
        date_asks=_either(phrases(r"\b", raw.get("date_asks", []), r"(?!\w)"),
                          phrases("", raw.get("date_asks_cjk", []), "")),
        two_described=_either(phrases(r"(?<![\w-])", raw.get("two_described", []), r"(?![\w-])"),
                              phrases("", raw.get("two_described_cjk", []), "")),
        several_papers=_either(phrases(r"(?<![\w-])", raw.get("several_papers", []), r"(?![\w-])"),
                               phrases("", raw.get("several_papers_cjk", []), "")),
        example_markers_cjk=tuple(raw.get("example_markers_cjk", "").split()))


def _absence(raw: dict[str, Any]) -> re.Pattern[str] | None:
    """A sentence saying its source does not speak of something: "The paper does not specify
    ...", "the authors did not report ...", "文章没有讲 ...", "论文并未说明 ..." (a source word, then
    within its clause the negated verb)."""
    def alt(items: list[str]) -> str:
        return "|".join(map(re.escape, sorted(items, key=len, reverse=True)))

    sources, verbs = raw.get("absence_sources", []), raw.get("absence_verbs", [])
    sources_cjk, verbs_cjk = raw.get("absence_sources_cjk", "").split(), raw.get("absence_verbs_cjk", "").split()
    negations_cjk = raw.get("absence_negations_cjk", "").split()
    forms = []
    if sources and verbs:
        forms.append(rf"\b(?:{alt(sources)})\b[^.;:!?]{{0,40}}?\b(?:do|does|did)\s+not\s+(?:{alt(verbs)})\b")
    if sources_cjk and verbs_cjk and negations_cjk:
        forms.append(rf"(?:{alt(sources_cjk)})[^，。；：？！,;:?!\n]{{0,30}}?(?:{alt(negations_cjk)})(?:{alt(verbs_cjk)})")
    return re.compile("|".join(forms), re.IGNORECASE) if forms else None


def _release(raw: dict[str, Any]) -> tuple[re.Pattern[str] | None, re.Pattern[str] | None]:
    """Whether code or data are out: (denied, stated). Denied: "code not released", "the
    weights have not been made public", "no public code", "no code was released", "the authors
    never released an implementation", "haven't open-sourced their weights", "closed-source
    model", "代码未开源"; stated: "Our code is available at ...", "we release the dataset", a
    repository's address."""
    def alt(items: list[str]) -> str:
        return "|".join(map(re.escape, sorted(items, key=len, reverse=True)))

    things, verbs, closed = raw.get("release_things", []), raw.get("release_verbs", []), raw.get("release_closed", [])
    hosts, closed_cjk = raw.get("release_hosts", []), raw.get("release_closed_cjk", [])
    if not (things and verbs):
        return None, None
    t, v = alt(things), alt(verbs)
    denied = [rf"\b(?:{t})\s+(?:(?:is|are|was|were|has|have|had)\s+)?(?:not|never|yet\s+to\s+be)\s+"
              rf"(?:(?:been|yet|made|been\s+made)\s+)?(?:{v})\b",
              rf"\bno\s+(?:public(?:ly\s+available)?|released|open[- ]source)\s+(?:{t})\b",
              rf"\bno\s+(?:{t})\s+(?:(?:is|are|was|were|has\s+been|have\s+been)\s+)(?:(?:yet|publicly)\s+)?(?:{v})\b"]
    if acts := raw.get("release_acts", []):  # "the authors never released an implementation"
        denied.append(rf"(?:\bnot|\bnever|n['’]t|\byet\s+to)\s+(?:(?:yet|publicly|openly)\s+)?(?:{alt(acts)})\s+"
                      rf"(?:(?:an|a|the|any|their|its|his|her)\s+)?(?:(?:public|working|official|open[- ]source)\s+)?"
                      rf"(?:{t})\b")
    if closed:
        denied.append(rf"(?<![\w-])(?:{alt(closed)})\s+(?:{t})\b|\b(?:{t})\s+(?:{alt(closed)})(?![\w-])")
    if closed_cjk:
        denied.append(alt(closed_cjk))
    stated = [rf"\b(?:{t})\b[^.;!?]{{0,40}}?\b(?:is|are|has\s+been|have\s+been|was|were)\s+"
              rf"(?:(?:also|publicly|made|freely|now)\s+)*(?:{v})\b",
              r"\b(?:we|they|the\s+authors)\s+(?:also\s+)?(?:release|open[- ]source|publish)\b"]
    if hosts:
        stated.append(alt(hosts))
    return re.compile("|".join(denied), re.IGNORECASE), re.compile("|".join(stated), re.IGNORECASE)


# "Code will be released at github.com/...": not out yet, so no contradiction of "not released"
_PROMISED = re.compile(r"\b(?:will|to)\s+be\s+(?:made\s+)?(?:publicly\s+)?(?:released|available|public|open[- ]sourced)\b",
                       re.IGNORECASE)


def release_denied(claim: str, sentence: str) -> str:
    """The claim says the code (data, weights) is not out; the sentence says where it is
    ("code not released" against "Our code is available at https://github.com/...")."""
    denied, stated = words().release
    if denied is None or stated is None or not (m := denied.search(claim)) or not (s := stated.search(sentence)) \
            or _PROMISED.search(sentence):
        return ""
    return f"the claim says '{m.group(0)}', the passage '{s.group(0)}'"


def _scene_reference(raw: dict[str, Any]) -> re.Pattern[str] | None:
    """A determiner and a noun for a paper or its makers ("the team", "their study", anywhere in
    a sentence), or a Chinese word for them (`scene_references_cjk`)."""
    determiners, nouns = raw.get("scene_reference_determiners", "").split(), raw.get("scene_reference_nouns", "").split()
    english = (re.compile(rf"(?<![\w-])(?:{'|'.join(map(re.escape, determiners))})\s+"
                          rf"(?:{'|'.join(map(re.escape, nouns))})(?![\w-])", re.IGNORECASE)
               if determiners and nouns else None)
    return _either(english, phrases("", raw.get("scene_references_cjk", []), ""))


def _points_back(raw: dict[str, Any]) -> re.Pattern[str] | None:
    """A text opening with a word pointing back (`points_back_openers`, whole words) or a
    Chinese character doing so (`points_back_openers_cjk`)."""
    cjk = raw.get("points_back_openers_cjk", "")
    return _either(phrases(r"^\W*", raw.get("points_back_openers", "").split(), r"(?![\w-])"),
                   re.compile(rf"^\W*[{re.escape(cjk)}]") if cjk else None)


def _any_of(items: list[str]) -> str:
    """A group matching any of the phrases as written, any run of spaces where one is."""
    return "(?:" + "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in items) + ")"


def _pointer(parts: dict[str, list[str]]) -> re.Pattern[str] | None:
    """A sentence pointing at where the sentence before was said, and saying nothing itself:
    "This is explicitly stated in passage ...", "It is described in ..." (`follow_on_pointer`:
    subjects, optional adverbs, verbs, prepositions)."""
    if not parts:
        return None
    return re.compile(rf"^\W*{_any_of(parts['subjects'])}\s+(?:{_any_of(parts['adverbs'])}\s+)?"
                      rf"{_any_of(parts['verbs'])}\s+{_any_of(parts['prepositions'])}\b", re.IGNORECASE)


def _quoting(parts: dict[str, Any]) -> re.Pattern[str] | None:
    """A sentence offering a quotation as its evidence: at most `intro_words` words, one of the
    `verbs`, a colon and a quotation mark ("The passage states: "..."", "Lanzillotta et al.
    states: "..."")."""
    if not parts.get("verbs"):
        return None
    intro = int(parts.get("intro_words", 6))
    return re.compile(rf"^\W*(?:[\w.'’-]+\s+){{0,{intro}}}?{_any_of(parts['verbs'])}\s*:\s*[\"“'‘]",
                      re.IGNORECASE)


def _either(*patterns: re.Pattern[str] | None) -> re.Pattern[str] | None:
    """One case-blind pattern matching what any of the patterns match; None for none."""
    given = [p.pattern for p in patterns if p is not None]
    return re.compile("|".join(given), re.IGNORECASE) if given else None


def _tour(raw: dict[str, Any]) -> re.Pattern[str] | None:
    """A sentence opening with the passage it reports on: "Passage [2] mentions ...", "The
    passage from [1] discusses ...", "From passage [3], we learn ...", "段落[2]提到 ...", or a bare
    marker before a reporting verb ("[3] also mentions ...")."""
    sources, openers = raw.get("tour_sources", []), raw.get("tour_openers", [])
    verbs = raw.get("tour_verbs", [])
    if not sources:
        return None

    def alt(items: list[str]) -> str:
        return "|".join(map(re.escape, sorted(items, key=len, reverse=True))) or "(?!)"

    marker = r"[\[【]\s*\d+(?:\s*[,，、]\s*\d+)*\s*[\]】]"
    pointed = rf"(?:(?:{alt(openers)})\s+)?(?:the\s+)?(?:{alt(sources)})\s*(?:from\s+|in\s+)?{marker}"
    bare = rf"{marker}\s*(?:also\s+|further\s+)?(?:{alt(verbs)})\b"
    return re.compile(rf"^\s*(?:{pointed}|{bare})", re.IGNORECASE)


def _belief_tag(tags: list[str], short: list[str]) -> re.Pattern[str] | None:
    """A question sentence asking whether what was said before it is right: one opening with a
    tag ("Is that ...?", "Am I ...?", at most 80 characters), or a short one after a comma
    ("..., right?"). None for no tags."""
    if not tags and not short:
        return None
    opening = "|".join(map(re.escape, tags)) or "(?!)"
    after = "|".join(map(re.escape, short)) or "(?!)"
    return re.compile(rf"(?:^|(?<=[.?!:;]))\s*(?:{opening})\b[^?.!]{{0,80}}\?|,\s*(?:{after})\?", re.IGNORECASE)


def _multiplier(units: list[str]) -> re.Pattern[str] | None:
    """A figure with a ratio's unit right after it ("100x", "4.5 ×", "10-fold", "100 倍"): the
    figure is group 1. None for no units."""
    if not units:
        return None

    def unit(u: str) -> str:  # a one-letter unit only right after the figure ("3 x 3" is a size)
        gap = "" if len(u) == 1 and not CJK.match(u) else r"[\s-]?"
        return gap + re.escape(u) + (r"\b" if u.isascii() and u[-1].isalpha() else "")

    return re.compile(r"(?<![\w.])(\d+(?:[.,]\d+)*)(?:"
                      + "|".join(unit(u) for u in sorted(units, key=len, reverse=True)) + ")", re.IGNORECASE)


def ratios(text: str) -> set[str]:
    """The figures the text gives as ratios ("100x faster": 100)."""
    pattern = words().multiplier
    return {n.replace(",", "") for n in pattern.findall(text)} if pattern else set()


def plain_numbers(text: str) -> set[str]:
    """The figures the text gives other than as ratios ("length 100", "62.1%")."""
    pattern = words().multiplier
    return numbers(pattern.sub(" ", text) if pattern else text)


def _case_forms(raw: Mapping[str, Any]) -> tuple[tuple[re.Pattern[str], float], ...]:
    """The question forms `varied_held` reads, each with the share of its case's words a cited
    paper must hold: "How does X <varied verb> ... <opener> <condition>?" ("change as workflows
    get longer"), "How does X <handled verb> <case>?" ("handle text-attributed graphs"), and
    "How well does X ... / How does X <perform> ... <condition word> <case>?". Group 1 is the
    condition or case, up to the question's end, a semicolon or a colon."""
    def alt(key: str) -> str:
        return "(?:" + "|".join(map(re.escape, raw.get(key, []))) + ")"

    def verb_after_how(key: str) -> str:
        return rf"\bhow\b[^?]*?\b{alt(key)}\b"

    case = r"([^?;:]*)"
    forms = (
        ("varied_verbs", rf"{verb_after_how('varied_verbs')}[^?]*?\b{alt('varied_openers')}\b{case}",
         "varied_min_share"),
        ("handled_verbs", rf"{verb_after_how('handled_verbs')}{case}", "handled_min_share"),
        ("how_well_openers", rf"(?:\b{alt('how_well_openers')}\b|{verb_after_how('how_well_verbs')})"
                             rf"[^?]*?\b{alt('how_well_conditions')}\b{case}", "how_well_min_share"),
    )
    return tuple((re.compile(pattern, re.IGNORECASE), float(raw[share]))
                 for needed, pattern, share in forms if raw.get(needed))


def _openers(words: list[str], cjk: list[str]) -> re.Pattern[str] | None:
    """A case-blind pattern for a sentence opening with one of the words (whole words) or the
    Chinese phrases (no word boundary between Chinese characters); None for neither."""
    alternatives = [rf"(?:{'|'.join(map(re.escape, words))})\b"] if words else []
    alternatives += [re.escape(c) for c in cjk]
    return re.compile(r"^\s*(?:" + "|".join(alternatives) + ")", re.IGNORECASE) if alternatives else None


_CONTRAST = frozenset({"while", "whereas", "but", "although", "though", "unlike", "yet", "whilst",
                       ";", ":", "(", ")", ".", "!", "?", "…"})  # and every sentence end


@dataclass(frozen=True)
class _Word:
    stem: str
    raw: str  # the word as written, lower case (direction words are matched as written)
    negated: bool  # inside the scope of a negation ("not", "without", ...)
    clause: int  # increases at a contrast ("while", "but", ";"): directions stay in their clause
    phrase: int = 0  # increases at a setting word ("at", "under"): a direction's objects stop there


def _scopes(text: str) -> tuple[list[_Word], set[str]]:
    """Each content word with its negation scope and clause, and the heads of negations (the
    first content word a negation governs: 'does not significantly improve' -> improv)."""
    w = words()
    out: list[_Word] = []
    heads: set[str] = set()
    negated, head_open, clause, phrase = 0, False, 0, 0
    if w.negating:  # "X rather than Y" says "not Y"
        text = w.negating.sub(" not ", text)
    if w.denial_adding:  # "not only improve upon prior work, but also ..." improves
        text = w.denial_adding.sub(" ", text)
    for raw in _RAW_WORD.findall(text.lower()):
        if raw in _CONTRAST:
            clause += 1
        if raw in w.direction_settings:
            phrase += 1
        if raw in w.negations or raw.endswith("n't"):
            negated, head_open = 4, True
            continue
        if raw == "or" and negated > 0:  # "without requiring changes or retraining": both
            negated, head_open = 4, False
            continue
        if raw in w.boundaries or not raw[0].isalnum():
            negated, head_open = 0, False
            continue
        for stem in tokenize(raw):
            out.append(_Word(stem, raw, negated > 0, clause, phrase))
            if head_open and raw not in w.negation_skip:
                heads.add(stem)
                head_open = False
        negated = max(0, negated - 1) if raw not in w.negation_skip else negated
    return out, heads


_OTHER_WAY = {"up": "down", "down": "up"}


def _directions(scoped: list[_Word], own: frozenset[str] = frozenset()) -> set[tuple[str, str]]:
    """(up|down, object stem) for each direction word, flipped when negated. Its objects are
    the words after it up to the next direction word in its clause (at most eight: "reducing
    output tokens by 40%, latency by 82%") and before a setting word ("improvement in accuracy
    at a compression ratio of 0.1" improves no compression: claims_blind40's dt09), else the
    two words before it ("accuracy drops"), or the one word before it when a setting follows it
    ("relative accuracy improvement at a compression ratio", "such models, iterating longer at
    test time": not "models").
    `own`: the paper's own name, which acts and is no object ("gains, with RoT reducing ...")."""
    w = words()
    both = w.up | w.down
    out: set[tuple[str, str]] = set()
    for i, word in enumerate(scoped):
        d = "up" if word.raw in w.up else "down" if word.raw in w.down else ""
        if not d or _bounds_a_figure(scoped, i):
            continue
        if word.negated:
            d = _OTHER_WAY[d]
        objs: list[str] = []
        before = 2
        for nxt in scoped[i + 1 : i + 9]:
            if nxt.phrase != word.phrase and not objs:
                before = 1  # "accuracy improvement at a ratio of 0.1": the word before only
            if nxt.raw in both or nxt.clause != word.clause or nxt.phrase != word.phrase:
                break
            objs.append(nxt.stem)
        if not objs:
            objs = [p.stem for p in scoped[max(0, i - before) : i] if p.clause == word.clause]
        out.update((d, o) for o in objs if o not in own)
    return out


def _bounds_a_figure(scoped: list[_Word], i: int) -> bool:
    """"more than 100 times", "fewer than half": the word bounds a figure (numbers_held and the
    figure checks judge it), it says no direction (claims_blind41's du02: "speeds up training by
    more than 100 times" against "20x fewer trainable parameters")."""
    after = [x.raw for x in scoped[i + 1 : i + 3]]
    return len(after) == 2 and after[0] == "than" and (after[1][0].isdigit() or after[1] in words().spelled)


def _shared(claim: str, sentence: str) -> float:
    """Share of the claim's content words (numbers and framing words aside) in the sentence."""
    frame = words().frame
    want = {t for t in tokenize(_RAW_NUMBERLESS.sub("", claim)) if t not in frame}
    return len(want & set(tokenize(sentence))) / len(want) if want else 0.0


def _own_name(name: str) -> frozenset[str]:
    """The stems of a paper's name as the text names it: a one-word name ("RoT", "GLOT") or the
    surname of "Lanzillotta et al."; nothing of a title (its words can be what changes)."""
    first, *rest = name.split() or [""]
    if rest and " ".join(rest).lower().rstrip(".") not in {"et al", "and others"}:
        return frozenset()
    return frozenset(tokenize(first))


def contradiction(claim: str, sentence: str, name: str = "", spelled: bool = False) -> str:
    """Why the sentence contradicts the claim, or "" when it does not: a negation one side
    has and the other lacks, opposite directions (reduce vs increase) for the same thing,
    or a different number for the same statement. `name`: the sentence's paper, which the
    claim may name where the sentence says "we" or "our method". `spelled`: number words are
    figures too ("half" against "90%"; claim questions only: an answer's "40 iterations" is
    not corrected by "four domains")."""
    c_scope, c_heads = _scopes(claim)
    s_scope, s_heads = _scopes(sentence)
    c_pos = {x.stem for x in c_scope if not x.negated}
    s_pos = {x.stem for x in s_scope if not x.negated}
    own = _own_name(name)
    flipped = (c_heads & s_pos - s_heads) | (s_heads & c_pos - c_heads)
    # a word the paper's one-word name begins with is the name's ("without recurrence" said of
    # another model, against "Recurrent-Depth Simulator (RecurrSim)": claims_blind44's dx21)
    if flipped := {f for f in flipped if not any(len(f) >= 4 and o != f and o.startswith(f) for o in own)}:
        return f"negation differs on '{sorted(flipped)[0]}'"
    c_dir, s_dir = _directions(c_scope, own), _directions(s_scope, own)
    opposite = {(_OTHER_WAY[d], o) for d, o in c_dir}
    # a word the sentence itself moves both ways is two things sharing a stem ("20x fewer
    # trainable parameters and speeds up the training time": claims_blind41's du02, supported)
    both_ways = {(d, o) for d, o in s_dir if (_OTHER_WAY[d], o) in s_dir}
    if clash := (opposite & s_dir) - c_dir - both_ways:
        return f"direction differs on '{sorted(clash)[0][1]}'"
    c_kinds, s_kinds = {d for d, _ in c_dir}, {d for d, _ in s_dir}
    if len(c_kinds) == 1 and len(s_kinds) == 1 and c_kinds != s_kinds and \
            (numbers(claim) & numbers(sentence) or _shared(claim, f"{sentence} {name}") >= 0.6):
        return f"direction differs: the claim says {min(c_kinds)}, the passage {min(s_kinds)}"
    c_num, s_num = (figures(claim), figures(sentence)) if spelled else (numbers(claim), numbers(sentence))
    if c_num - s_num and s_num and _shared(claim, f"{sentence} {name}") >= 0.75:
        return f"number differs: {', '.join(sorted(c_num - s_num))} vs {', '.join(sorted(s_num))}"
    return ""


_RAW_NUMBERLESS = re.compile(r"\d+(?:[.,]\d+)*%?")


def aligned_sentences(claim: str, passage: Passage, min_overlap: float = 0.5, authors: bool = False) -> list[str]:
    """The passage sentences that speak to the claim (share half its content words, counting
    the paper's name, and with `authors` its authors' names: a claim naming "Abdul Majid et
    al." speaks of their paper's sentences, which never name them; claim questions)."""
    name = f"{passage.hit.name} {' '.join(passage.hit.authors)}" if authors else passage.hit.name
    return [s for s in split_sentences(passage.text) or [passage.text]
            if _shared(claim, f"{s} {name}") >= min_overlap]


def correction(claim: str, passage: Passage) -> str:
    """The passage sentence that contradicts the claim (its correction), else its closest one."""
    aligned = aligned_sentences(claim, passage) or split_sentences(passage.text) or [passage.text]
    return next((s for s in aligned if contradiction(claim, s, passage.hit.name)),
                max(aligned, key=lambda s: overlap(claim, s)))


# --- further disagreements, used by claim questions (rag/claims.py) -----------------------
def opposite_words(claim: str, sentence: str) -> str:
    """A word of the claim whose antonym the sentence uses instead ("diverge" vs "converges"),
    neither side using both."""
    c, s = set(tokenize(claim)), set(tokenize(sentence))
    clash = sorted((a, b) for a, b in words().antonyms if a in c and b in s and a not in s and b not in c)
    return f"the claim says '{clash[0][0]}', the passage '{clash[0][1]}'" if clash else ""


_NUMBER_OR_WORD = re.compile(r"\d+(?:[.,]\d+)*|[a-z][\w'\-]*")


def _direction_near(text: str, number: str) -> str:
    """up|down: the direction word closest to the number (within four words, six before a "by
    N", flipped after a negation), else ""."""
    w = words()
    seq = _NUMBER_OR_WORD.findall(text.lower().replace("\\", ""))
    for i in (k for k, x in enumerate(seq) if x.replace(",", "") == number):
        # "improves the compilation rate by 20%": the verb of "by N" may be further back
        back = 6 if i and seq[i - 1] == "by" else 4
        for j in sorted(range(max(0, i - back), min(len(seq), i + 5)), key=lambda j: abs(j - i)):
            d = "up" if seq[j] in w.up else "down" if seq[j] in w.down else ""
            if d:
                negated = any(x in w.negations for x in seq[max(0, j - 3) : j])
                return _OTHER_WAY[d] if negated else d
    return ""


# "not ... every", "doesn't protect every" (a contraction: no word boundary before its "n't")
_DENIED_BEFORE = re.compile(r"(?:\bnot|\bnever|n't)(?:\s+\w+){0,2}\s+$", re.IGNORECASE)


def overstated_scope(claim: str, sentence: str) -> str:
    """The claim says of all what the sentence says of most or some: "every existing method
    relies on heuristics" against "existing methods largely rely on heuristics", "no earlier
    work studied it" against "leaving it largely unexplored". The claim's universal word is not
    denied ("not all"), and the sentence uses none itself. A class the sentence limits ("for a
    broad class of implicit models") must be what the universal word speaks of ("every implicit
    model": claims_blind45's dy17)."""
    w = words()
    if w.universal_scope is None or w.partial_scope is None or w.universal_scope.search(sentence):
        return ""
    # "not all", and a verb denied before it: "replay does not protect every level equally"
    # (claims_blind41's du01, supported)
    found = [m for m in w.universal_scope.finditer(claim) if not _DENIED_BEFORE.search(claim[: m.start()])]
    partial = w.partial_scope.search(sentence)
    if not found or partial is None:
        return ""
    universal = found[0].group(0)
    if partial.group(0).lower().endswith(" of"):
        # "a broad class of implicit models" limits those models: the claim's universal word must
        # speak of them ("every implicit model"), not of something else ("every layer shares ...")
        limited = set(tokenize(" ".join(sentence[partial.end():].split()[:2])))
        spoken = [m for m in found if limited & set(tokenize(" ".join(claim[m.end():].split()[:3])))]
        if not spoken:
            return ""
        universal = spoken[0].group(0)
    return f"the claim says '{universal.lower()}' where the passage says '{partial.group(0).lower()}'"


# "only on LLM reasoning", "a gender-only thing", "gender alone", "on graph-level tasks only.":
# the one thing a claim keeps to (a trailing "only" ends its clause: not "the classifier only needs")
_ONLY = re.compile(r"(?<!\bnot )\b(?:only|solely|exclusively)\s+(?:(?:on|in|for|to|with|by|about|of|from|the|a|an|its|their)\s+)*"
                   r"([A-Za-z][\w-]*)|\b([A-Za-z]\w*)-only\b|\b([A-Za-z][\w-]*)\s+alone\b"
                   r"|\b([A-Za-z][\w-]*)(?:\s+[a-z]+)?\s+only(?=\s*[.,;:)]|\s*$)", re.IGNORECASE)
# "node- and graph-level tasks": a suspended hyphen, the shared second half left to the last word
_SUSPENDED = re.compile(r"\b([A-Za-z]+)-(\s*(?:,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+))(?=[A-Za-z]+-([A-Za-z]+)\b)")
_SIBLING_AFTER = r"-?\s*(?:,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+)([A-Za-z][\w-]*)"
_SIBLING_BEFORE = r"([A-Za-z][\w-]*)\s*(?:,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+)$"


def narrowed_scope(claim: str, sentence: str) -> str:
    """The claim keeps to one thing ("validated only on LLM reasoning", "a gender-only
    neuron") that the sentence lists with others ("imaging, ..., and LLM reasoning", "gender,
    race, and religion"): a sibling in the sentence's list, joined by a comma, "and" or "or",
    that the claim does not name. Not "not only" or "rather than only", not a number, not when
    the sentence keeps to one thing itself."""
    if not _ONLY.search(claim) or _ONLY.search(sentence):
        return ""
    sentence = _SUSPENDED.sub(lambda m: f"{m.group(1)}-{m.group(3)}{m.group(2)}", sentence)
    said, negating = set(tokenize(claim)), words().negating
    for m in _ONLY.finditer(claim):
        if negating and negating.search(claim[max(0, m.start() - 20) : m.start()]):
            continue  # "rather than only from the final layer": the claim denies the narrowing
        kept = next(g for g in m.groups() if g)
        stem = tokenize(kept)[:1]
        if not stem:
            continue
        for w in re.finditer(r"[A-Za-z][\w-]*", sentence):
            if tokenize(w.group(0))[:1] != stem:
                continue
            after = re.match(_SIBLING_AFTER, sentence[w.end():])
            before = re.search(_SIBLING_BEFORE, sentence[: w.start()])
            for sib in (x.group(1) for x in (after, before) if x):
                sib_stems = tokenize(sib)[:1]  # a compound whole: "node-level" is not "graph-level"
                if sib_stems and not set(sib_stems) & said:
                    return f"the claim keeps to '{kept}', the passage lists '{sib}' with it"
    return ""


def number_direction(claim: str, sentence: str) -> str:
    """The same number with opposite directions ("an 18.9% accuracy drop" vs "an 18.9%
    accuracy improvement")."""
    for n in sorted(numbers(claim) & numbers(sentence)):
        c, s = _direction_near(claim, n), _direction_near(sentence, n)
        if c and s and c != s:
            return f"the claim says {c} by {n}, the passage {s}"
    return ""


# Where the clauses a figure belongs to part ("by 82%, and cost by 59%", "..., while ..."); not
# inside a figure ("5,040")
# where a figure's clause ends: a comma (not a thousands separator), "and", "while", and "vs" /
# "versus" between two results ("62.1% success vs 50.8% for plain CoT prompts": claims_blind42's dv09)
_FIGURE_CLAUSE = re.compile(r"[,;:()](?!\d{3}\b)|\band\b|\bwhile\b|\bwhereas\b|\bvs\b\.?|\bversus\b")


def _figure_heads(text: str) -> list[tuple[str, set[str]]]:
    """Each figure with the content words just before it (`_figure_contexts`): "inference
    latency by 82%, and cost by 59%" gives (82, {infer, latenc}) and (59, {cost})."""
    return [(n, before) for n, _, _, before, _ in _figure_contexts(text)]


def swapped_figures(claim: str, sentence: str) -> str:
    """The claim gives a figure to what the sentence gives another of its figures ("RoT cuts
    latency by 59% and cost by 82%" against "latency by 82%, and cost by 59%"): the words
    before the claim's figure are, in the sentence, before a different figure (two of them, or
    all the sentence has there), and the sentence's own words before that figure are not the
    claim's. One shared word ("compression" against "a compression ratio of 0.1") is not enough."""
    said = _figure_heads(sentence)
    held = {n for n, _ in said}
    for n, heads in _figure_heads(claim):
        if n not in held or not heads:
            continue
        own = set().union(*(h for m, h in said if m == n))
        if heads & own:
            continue
        # the claim's words are that figure's: two of them, or all the sentence has before it
        other = next((m for m, h in said if m != n and (len(heads & h) >= 2 or h and h <= heads)), None)
        if other is not None:
            return f"the claim gives {n} to '{' '.join(sorted(heads))}', the passage {other}"
    return ""


def _figure_clauses(text: str) -> list[tuple[str, set[str]]]:
    """Each clause (`_FIGURE_CLAUSE`) giving one figure, as that figure and the clause's content
    words (stems, figures aside): "Chain-of-Thought prompts yield an average success rate of
    50.8%" gives (50.8, {chain-of-thought, ..., prompt, yield, averag, success, rate})."""
    frame = words().frame
    out = []
    for clause in _FIGURE_CLAUSE.split(text.replace("\\", "")):
        found = numbers(clause)
        if len(found) == 1:
            out.append((next(iter(found)), {t for t in tokenize(clause) if t not in frame and not t[0].isdigit()}))
    return out


def swapped_subjects(claim: str, sentence: str) -> str:
    """The claim gives a figure to what the sentence gives another figure of, read by whole
    clauses: where each figure of the sentence has the same words just before it ("MDP-optimal
    workflow prompts achieve an average success rate of 62.1%, Chain-of-Thought prompts yield
    an average success rate of 50.8%, and flawed workflow prompts result in an average success
    rate of 54.3%"), what tells them apart is their clauses' other words. A claim's clause
    giving a figure (less the words every figure clause of the sentence has) that shares none of
    that figure's clause's own words and two of another's says it of the other's thing
    ("flawed workflow prompts ... only 50.8%", claims_blind56's ej13)."""
    said = _figure_clauses(sentence)
    if len({n for n, _ in said}) < 2:
        return ""
    common = set.intersection(*(w for _, w in said))
    own: dict[str, set[str]] = {}
    for n, w in said:
        own.setdefault(n, set()).update(w - common)
    for n, w in _figure_clauses(claim):
        mine = w - common
        if n not in own or mine & own[n]:
            continue
        other = next((m for m, theirs in own.items() if m != n and len(mine & theirs) >= 2), None)
        if other is not None:
            return (f"the claim gives {n} to '{' '.join(sorted(mine & own[other]))}', "
                    f"which the passage gives {other}")
    return ""


def _figure_contexts(text: str, reach: int = 3) -> list[tuple[str, str, str, set[str], set[str]]]:
    """Each figure of the text with its kind ("%" for a percentage, "x" for a ratio, "" for a
    plain figure), its bound (">" for "more than 150", "<" for "up to 40%", else "") and the
    content words before and after it in its clause (at most `reach` each, not past another
    figure): "with 20x fewer trainable parameters" gives (20, x, "", {with ...}, {fewer,
    trainabl, paramet})."""
    w = words()
    frame = w.frame
    out = []
    for clause in _FIGURE_CLAUSE.split(text.replace("\\", "")):
        seq = _NUMBER_OR_WORD.findall(clause.lower())
        ratio = ratios(clause)
        spots = [i for i, x in enumerate(seq) if x[0].isdigit()]
        for k, i in enumerate(spots):
            n = seq[i].replace(",", "")
            kind = "%" if re.search(rf"(?<![\w.]){re.escape(seq[i])}\s?(?:%|percent\b)", clause) else \
                "x" if n in ratio else ""
            start = spots[k - 1] + 1 if k else 0
            end = spots[k + 1] if k + 1 < len(spots) else len(seq)
            before = [t for w in seq[start:i] for t in tokenize(w) if t not in frame]
            after = [t for w in seq[i + 1 : end] for t in tokenize(w) if t not in frame]
            lead = " ".join(seq[max(start, i - 2) : i])
            bound = next((b for b, pattern in w.figure_bounds if pattern.search(lead)), "")
            out.append((n, kind, bound, set(before[-reach:]), set(after[:reach])))
    return out


def within_bound(n: str, bound: str, m: str) -> bool:
    """Whether figure m is within the bound "more than n" (">") or "at most n" ("<")."""
    return bound == ">" and float(m) > float(n) or bound == "<" and float(m) < float(n)


def near_figures(a: str, b: str) -> bool:
    """Two figures within `figure_rounding_share` of each other (a claim's "19%" for "18.9%")."""
    x, y = float(a), float(b)
    return abs(x - y) <= words().figure_rounding * max(abs(x), abs(y))


def _precision(figure: str) -> float:
    """The step a figure is written to: 0.1 for "18.9", 1 for "19", 10 for "60", 1000 for "5000"."""
    whole, _, decimals = figure.partition(".")
    if decimals:
        return 10.0 ** -len(decimals)
    zeros = len(whole) - len(whole.rstrip("0"))
    return 10.0 ** min(zeros, len(whole) - 1)


# shares a speaker says as a fraction ("a third", "four-fifths"): percentages of k/d for d <= 10
_FRACTIONS = frozenset(round(100 * k / d, 1) for d in range(2, 11) for k in range(1, d))


def rounded_figures(a: str, b: str) -> bool:
    """Whether the first figure (a claim's) is the second (a passage's) rounded: to the step it
    is written to ("19%" for 18.9%, "60%" for 62.1%, "300" for 262) or, a share said as a
    simple fraction (33.3% for "a third"), within `figure_rounding_share` of it
    (`near_figures`). "95%" (nineteen in twenty) is not 90% rounded, though within that share
    of it (claims_blind44's dx11)."""
    x, y = float(a), float(b)
    if abs(x - y) <= _precision(a) / 2 + 1e-9:
        return True
    return round(x, 1) in _FRACTIONS and near_figures(a, b)


def changed_figure(claim: str, sentence: str) -> str:
    """The claim gives another figure of the same kind to what the sentence gives its figure:
    "with 200x fewer trainable parameters" against "with 20x fewer trainable parameters". The
    words after the two figures agree (two of them, or one and one before), neither figure is
    in the other text, neither is the other rounded (`rounded_figures`) and two percentages do not
    add up to 100 ("86.5% of the memory" for "13.5% less"); a figure within the other's bound
    ("more than 150" against 5,040; 30% against "up to 40%") agrees. The words before alone do not
    count: "results at a compression ratio of 0.01" may be a setting the sentence does not
    give, beside its 0.1; unless the claim also gives one of the sentence's own figures, the
    result the sentence gives at its setting ("+18.9% relative accuracy at compression ratio
    0.01" against "an 18.9% relative accuracy improvement at a compression ratio of 0.1",
    claims_blind33's dm13), and two words before the figures agree. It needs no share of the
    whole claim, as `contradiction` does: a claim joining two facts may change the figure of
    one."""
    mine, said = _figure_contexts(claim), _figure_contexts(sentence)
    if not mine or not said:
        return ""
    held = numbers(sentence) | set(scaled(sentence).values())
    given = numbers(claim) | set(scaled(claim).values())
    # the words after each figure further on (`figure_far_reach`): "with half of all tokens
    # swapped for random distractors" against "where 90% of tokens are random distractors"
    # (claims_blind52's ef11) shares "token" in three words, and three words in five
    reach, shared = words().figure_far_reach, words().figure_far_shared
    far = [x[4] for x in _figure_contexts(sentence, reach)]
    claim_far = [x[4] for x in _figure_contexts(claim, reach)]
    for k, (n, kind, bound, before, after) in enumerate(mine):
        if n in held:
            continue
        # another of the claim's figures is the sentence's own: the same result, so a setting
        # named by the same words before it ("at compression ratio 0.01" for "of 0.1") is changed
        anchored = bool(given & held - {n})
        for j, (m, its_kind, its_bound, its_before, its_after) in enumerate(said):
            if m in given or its_kind != kind or rounded_figures(n, m):
                continue
            if bound != its_bound and (within_bound(n, bound, m) or within_bound(m, its_bound, n)):
                continue  # "more than 150 tasks for each API" against "5,040 tasks"; 30% of "up to 40%"
            if kind == "%" and abs(float(n) + float(m) - 100) < 1 and (_residual(claim, n) or _residual(sentence, m)):
                continue  # "86.5% of the memory" for "13.5% less memory"; not "cut by 18%" for "by 82%"
            same_after = len(after & its_after)
            if same_after >= 2 or same_after and before & its_before \
                    or len(_changed_by(claim, n) & _changed_by(sentence, m)) >= 2 \
                    or len(claim_far[k] & far[j]) >= shared:
                return f"the claim says {n}{kind} {' '.join(sorted(after or before))}, the passage {m}{its_kind}"
            if anchored and len(before & its_before) >= 2:
                return f"the claim gives its result at {' '.join(sorted(before))} {n}{kind}, the passage at {m}{its_kind}"
    return ""


_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3})")  # "5,040" is one figure


def _figure(n: str) -> str:
    """A pattern for figure `n` as written in a text its thousands separators were taken out of
    (`_THOUSANDS`): "13.5" is "13.5" or "13,5"."""
    return re.escape(n).replace(r"\.", r"[.,]")


_HEDGES = r"(?:(?:up\s+to|about|roughly|around|only|nearly|almost|over|more\s+than|less\s+than|just|some|approximately)\s+)*"


def _changed_by(text: str, n: str, reach: int = 3) -> set[str]:
    """What the text says changed by figure `n` ("reducing inference latency by 82%", "cuts
    inference latency by only about 18%"): the content words (stems, at most `reach`) just
    before its "by", in its clause; empty when the figure is not the size of a change. Two
    figures for the same words are two sizes of one change, not a result and its setting."""
    for clause in _FIGURE_CLAUSE.split(_THOUSANDS.sub("", text.replace("\\", ""))):
        found = re.search(rf"\bby\s+{_HEDGES}{_figure(n)}\s?(?:%|percent\b|x\b|×|-?fold\b)", clause)
        if found:
            frame = words().frame
            return set([t for t in tokenize(clause[:found.start()]) if t not in frame][-reach:])
    return set()


def _residual(text: str, n: str) -> bool:
    """The text gives percentage `n` as what is left of a whole ("86.5% of the memory", "down
    to 18%", "at 82% of the original"), not as a change by it ("cut by 82%", "an 18% saving"):
    the two ways of saying a change add up to 100."""
    figure = _figure(n)
    return re.search(rf"(?:\bto|\bat)\s+(?:\w+\s+)?{figure}\s?(?:%|percent\b)|"
                     rf"(?<![\w.]){figure}\s?(?:%|percent)\s+of\b", _THOUSANDS.sub("", text)) is not None


_SETTING_NAME = re.compile(r"(?<![\w-])[A-Z][\w-]*(?:\s+[A-Z][\w-]*)*")  # "Active Matter", "ShapeNet-Car"


def _figures_and_names(text: str) -> list[tuple[set[str], set[str]]]:
    """Each clause's figures and capitalised names (of three letters or more)."""
    return [(numbers(c), {n for n in _SETTING_NAME.findall(c) if len(n) > 2})
            for c in _FIGURE_CLAUSE.split(text.replace("\\", ""))]


def swapped_setting(claim: str, sentence: str) -> str:
    """The claim puts a figure on a name (a benchmark, a model) that the sentence gives another
    of its figures: "RecurrUPT matches UPT with 44% fewer parameters on Active Matter" against
    "RecurrViT reduces error accumulation by 90% ... on Active Matter, while RecurrUPT matches
    UPT performance on ShapeNet-Car using 44% fewer parameters" (blind21's da14, called
    supported). The figure is in one clause of the sentence, which names something the claim's
    clause does not; the claim's name is in another clause of the sentence, with other figures."""
    said = _figures_and_names(sentence)
    for figures, names in _figures_and_names(claim):
        for n in figures:
            home = [s for s in said if n in s[0]]
            if len(home) != 1:
                continue
            theirs = home[0][1] - names
            for name in sorted(names - home[0][1]):
                if theirs and any(name in s[1] and s[0] and n not in s[0] for s in said):
                    return f"the claim gives {n} to {name}, the passage to {', '.join(sorted(theirs))}"
    return ""


def _stems_of(scoped: list[_Word], limit: int) -> set[str]:
    """The stems of the first `limit` written words (a compound's parts count once), framing
    words aside."""
    frame = words().frame
    raws = list(dict.fromkeys(x.raw for x in scoped if x.stem not in frame))[:limit]
    return {x.stem for x in scoped if x.raw in raws and x.stem not in frame}


def _comparisons(scoped: list[_Word], own: frozenset[str]) -> list[tuple[str, set[str], set[str]]]:
    """(up|down, the words compared, the words compared with) for each comparative ("A
    outperforms B", "A is faster than B"): the five words before it in its clause (`own`,
    the paper's name, added where the abstract says "we"/"our" before it), and the five
    after it (after "than" when it follows). "More than 95%" bounds a figure; it compares
    nothing."""
    w = words()
    out = []
    for i, word in enumerate(scoped):
        d = w.comparatives.get(word.raw, "")
        if not d or (i and scoped[i - 1].raw == word.raw):
            continue
        if word.negated:
            d = _OTHER_WAY[d]
        before = [x for x in scoped[:i] if x.clause == word.clause]
        after = [x for x in scoped[i + 1 : i + 14] if x.clause == word.clause and x.raw != word.raw]
        than = next((k for k, x in enumerate(after[:6]) if x.raw == "than"), None)
        right = after[than + 1 :] if than is not None else after
        if not right:  # "..., and more.": nothing is compared
            continue
        if than is not None and _NUMBER.fullmatch(right[0].raw):  # "more than 95%": a bound, no comparison
            continue
        left = _stems_of(before[::-1], 5)
        if any(x.stem in w.self_references for x in before):
            left |= own
        out.append((d, left, _stems_of(right, 5)))
    return out


# "62.1%, more than 11 points above flawed workflow prompts", "beat Chain-of-Thought prompts by
# about 20 percentage points": a claimed gap between two sides, in points
_GAP_BOUND = r"(?P<bound>more\s+than|over|at\s+least|nearly|almost|about|around|roughly|approximately|some|~)?\s*"
_GAP_POINTS = r"(?P<gap>\d+(?:\.\d+)?)\s*(?:percentage[- ]|%\s*)?points?\b"
_GAP_SIDE = re.compile(rf"{_GAP_BOUND}{_GAP_POINTS}\s+(?P<dir>above|higher\s+than|better\s+than|ahead\s+of|"
                       r"more\s+than|over|below|lower\s+than|worse\s+than|behind|under)\s+(?P<b>[^,;:.]+)", re.IGNORECASE)
_GAP_BY = re.compile(r"\b(?P<dir>beat|beats|beating|outperform|outperforms|outperforming|exceed|exceeds|surpass|"
                     r"surpasses|lead|leads|trail|trails)\s+(?P<b>[^,;:.]+?)\s+by\s+" + _GAP_BOUND + _GAP_POINTS,
                     re.IGNORECASE)
_GAP_DOWN = {"below", "lower than", "worse than", "behind", "under", "trail", "trails"}


_Clause = tuple[float, set[str]]  # a clause's first figure and its words (stems)


def _side_figures(a_words: set[str], b_words: set[str],
                  clauses: list[_Clause]) -> tuple[_Clause, _Clause] | None:
    """The clauses giving each side's figure: the one holding most of the words only side A has
    (`a_words`) and fewest of B's, and likewise for B; None when a side has no words of its own,
    both fall on one clause, or a side's clause holds none of its words."""
    if not a_words or not b_words:
        return None
    a = max(clauses, key=lambda c: len(a_words & c[1]) - len(b_words & c[1]))
    b = max(clauses, key=lambda c: len(b_words & c[1]) - len(a_words & c[1]))
    return None if a is b or not a_words & a[1] or not b_words & b[1] else (a, b)


def gap_figure(claim: str, clauses: list[_Clause]) -> str:
    """The claim puts a gap in points between two sides ("more than 11 points above flawed
    workflow prompts") that the sentence's figures for them do not leave (62.1 against 54.3:
    7.8 points; claims_blind45's dy19). A bound is read as written ("more than", "at least":
    the gap must reach it; "about", "roughly": within a point or 15%; "nearly", "almost": not
    above it); a bare gap within half a point, its rounding."""
    for m in (*_GAP_SIDE.finditer(claim), *_GAP_BY.finditer(claim)):
        before = re.split(r"[;:]|,\s+", claim[: m.start()].rstrip(" ,"))[-1]
        a_words, b_words = set(tokenize(before)), set(tokenize(m.group("b")))
        if not (sides := _side_figures(a_words - b_words, b_words - a_words, clauses)):
            continue
        a, b = sides
        said = float(m.group("gap"))
        diff = a[0] - b[0] if " ".join(m.group("dir").lower().split()) not in _GAP_DOWN else b[0] - a[0]
        bound = " ".join((m.group("bound") or "").lower().split())
        if bound in ("more than", "over", "at least"):
            wrong = diff < said or (bound != "at least" and diff == said)
        elif bound in ("nearly", "almost"):
            wrong = diff > said or diff < 0.85 * said
        elif bound:
            wrong = abs(diff - said) > max(1.0, 0.15 * said)
        else:
            wrong = abs(diff - said) > 0.5
        if wrong:
            put = " ".join(x for x in (bound, m.group("gap")) if x)
            return (f"the claim puts {put} points between them; the passage's figures ({a[0]:g} against "
                    f"{b[0]:g}) differ by {round(diff, 2):g}")
    return ""


def compared_figures(claim: str, sentence: str) -> str:
    """The claim says A does better than B, and the sentence gives A and B figures in clauses
    of their own that say the opposite ("Chain-of-Thought does better than the MDP-optimal
    workflows" against "MDP-optimal workflow prompts achieve 62.1%, Chain-of-Thought prompts
    yield 50.8%"). Higher is better; a claim or sentence about a quantity in `lower_better`
    (latency, error, cost: a level or a cut?) is left alone."""
    clauses: list[_Clause] = []
    for part in re.split(r"[,;]|\band\b|\bwhile\b|\bwhereas\b", sentence.replace("\\", "")):
        if found := _NUMBER.findall(part):
            clauses.append((float(found[0].replace(",", "")), set(tokenize(part))))
    if len(clauses) < 2:
        return ""
    if gap := gap_figure(claim, clauses):
        return gap
    if words().lower_better & set(tokenize(f"{claim} {sentence}")):
        return ""  # "82% lower latency" or "latency of 5 ms": which way is better is not read here
    for d, left, right in _comparisons(_scopes(claim)[0], frozenset()):
        if not (sides := _side_figures(left - right, right - left, clauses)) or sides[0][0] == sides[1][0]:
            continue
        a, b = sides
        if (a[0] > b[0]) != (d == "up"):
            return f"the passage's figures ({a[0]:g} against {b[0]:g}) compare the other way"
    return ""


def reversed_comparison(claim: str, sentence: str, name: str = "") -> str:
    """The claim compares A with B one way and the sentence the other ("B outperforms A"
    against "A outperforms B"): the claim's two sides are found more on the sentence's
    opposite sides than on the same ones."""
    own = frozenset(tokenize(name))
    claims = _comparisons(_scopes(claim)[0], frozenset())
    for d2, left2, right2 in _comparisons(_scopes(sentence)[0], own):
        for d1, left1, right1 in claims:
            if not left1 or not right1:
                continue
            cross = len(left1 & right2) / len(left1) + len(right1 & left2) / len(right1)
            straight = len(left1 & left2) / len(left1) + len(right1 & right2) / len(right1)
            if d1 == d2 and left1 & right2 and right1 & left2 and cross > straight:
                return "the comparison is the other way round"
    return ""


def parity_said(claim: str, sentence: str, name: str = "") -> str:
    """The claim has one side beat the other ("UPT clearly outperforms RecurrUPT") where the
    sentence says they match ("RecurrUPT matches UPT performance"): a comparison of worth
    (`valence`), not of size ("fewer parameters" is no verdict on performance), whose two sides
    are both among the words around the sentence's parity word, either way round. Not when
    either says both ("match or even beat", "match or even exceed")."""
    w = words()
    valence = {x for x in w.valence if w.comparatives.get(x)}
    raw = set(re.findall(r"[a-z]+", claim.lower()))
    # "match or even beat" says they may match (claims_blind45's dy02)
    if not raw & valence or raw & w.parity:
        return ""
    own = frozenset(tokenize(name))
    sides = [(left, right) for _, left, right in _comparisons(_scopes(claim)[0], frozenset()) if left and right]
    scoped = _scopes(sentence)[0]
    for i, x in enumerate(scoped):
        if x.raw not in w.parity or x.negated:
            continue
        if _or_better(sentence, x.raw):
            continue  # "match or even exceed": the sentence has one side beat the other too
        around = _stems_of([y for y in scoped[:i][::-1] if y.clause == x.clause], 5) | \
            _stems_of([y for y in scoped[i + 1 : i + 8] if y.clause == x.clause], 5)
        if any(y.stem in w.self_references for y in scoped[:i]):
            around |= own
        if any(left & around and right & around and not left & right for left, right in sides):
            return f"the claim has one side beat the other where the passage says '{x.raw}'"
    return ""


def _or_better(sentence: str, parity: str) -> bool:
    """The parity word goes on to a comparative: "match or even exceed", "comparable or better"."""
    w = words()
    for m in re.finditer(rf"\b{re.escape(parity)}\s+or\s+(?:even\s+|possibly\s+|slightly\s+)?([a-z]+)",
                         sentence.lower()):
        if w.comparatives.get(m.group(1)) or m.group(1) in w.valence:
            return True
    return False


_EITHER = re.compile(r"\bor\b", re.IGNORECASE)  # "not X or Y" denies both


@lru_cache(maxsize=64)
def _denied_runs(claim: str) -> tuple[tuple[_Word, ...], ...]:
    """The claim's negated stretches of content words, each in its clause ("rather than by
    Bayesian filtering" -> [bayesian, filter]). Only an outright negation denies: "not only"
    adds (`denial_adding`), a thing that fails, lacks or has none is said to be so
    (`denial_asserting`), "not because of X" denies X (`denial_reasons`), and an opening
    condition on the reader ("If you can't label a reward dataset, ...") denies nothing."""
    w = words()
    # the reader's situation, not the paper's (`condition_words` + "you", "your", "we")
    text = w.reader_condition.sub(" ", claim) if w.reader_condition else claim
    # "not only" adds: `_scopes` drops it (`denial_adding`)
    for pattern, by in ((w.negating, " not "), (w.denial_asserting, " "), (w.denial_reason, " not "),
                        (_EITHER, " ")):
        text = " ".join((pattern.sub(by, text) if pattern else text).split())
    scoped, _ = _scopes(text)
    runs: list[list[_Word]] = []
    for i, x in enumerate(scoped):
        if not x.negated:
            continue
        if i and scoped[i - 1].negated and scoped[i - 1].clause == x.clause and runs:
            runs[-1].append(x)
        else:
            runs.append([x])
    return tuple(tuple(run) for run in runs)  # cached: a claim is read against every candidate sentence


def denied_said(claim: str, sentence: str) -> str:
    """The claim denies what the sentence says: the words a negation of the claim governs
    ("STAD adapts ... rather than by Bayesian filtering", "not because of their scalability
    or controllability") are in the sentence, none of them negated there: two of them at
    least, and `denial_min_share` (rag/policy_words.json) of the run ("a Bayesian filtering
    method that adapts", "owing to their scalability and controllability")."""
    w = words()
    frame, min_share = w.frame | w.fillers, w.denial_min_share
    s_scope, _ = _scopes(sentence)
    said = {x.stem for x in s_scope if not x.negated}
    unsaid = {x.stem for x in s_scope if x.negated}
    for run in _denied_runs(claim):
        stems = list(dict.fromkeys(x.stem for x in run if x.stem not in frame))
        held = [t for t in stems if t in said]
        if len(held) >= 2 and len(held) >= min_share * len(stems) and not set(stems) & unsaid:
            return f"the claim denies '{' '.join(dict.fromkeys(x.raw for x in run))}', which the passage says"
    return ""


# "A can efficiently approximate B": a verb after a modal or "to" (an adverb between)
_MODAL_VERB = re.compile(r"\b(?:can|could|may|might|will|would|to|does|do|did)\s+(?:\w+ly\s+)?([a-z]\w+)",
                         re.IGNORECASE)


def _sides(scoped: list[_Word], i: int, reach: int = 5) -> tuple[set[str], set[str]]:
    """The content words before and after word i in its clause (`_stems_of`, at most `reach`
    written words each)."""
    clause = scoped[i].clause
    before = [x for x in scoped[:i] if x.clause == clause]
    after = [x for x in scoped[i + 1 :] if x.clause == clause]
    return _stems_of(before[::-1], reach), _stems_of(after, reach)


def swapped_roles(claim: str, sentence: str) -> str:
    """The claim puts the sentence's subject and object the other way round about the same
    verb: "the EM algorithm can efficiently approximate transformers" against "transformers can
    efficiently approximate ... the EM algorithm" (blind22's db19, called supported). The verb
    follows a modal or "to" in both; the claim's words before it are, in the sentence, after it
    and the other way round, more than they are on the same sides."""
    verbs = [{t for m in _MODAL_VERB.finditer(x) for t in tokenize(m.group(1))[:1]} for x in (claim, sentence)]
    pivots = verbs[0] & verbs[1]
    if not pivots:
        return ""
    c_scope, s_scope = _scopes(claim)[0], _scopes(sentence)[0]
    for i, x in enumerate(c_scope):
        if x.stem not in pivots:
            continue
        left1, right1 = _sides(c_scope, i)
        for j in (j for j, y in enumerate(s_scope) if y.stem == x.stem):
            if _crossed(left1, right1, *_sides(s_scope, j), by_claim=True):
                return f"the claim and the passage put the two sides of '{x.raw}' the other way round"
    return ""


def _crossed(one: Set[str], two: Set[str], its_one: Set[str], its_two: Set[str], by_claim: bool) -> bool:
    """Whether a claim's two sides (`one`, `two`) match a sentence's (`its_one`, `its_two`) the
    other way round: each shares words with the sentence's opposite side, and the shares (of
    the claim's sides with `by_claim`, else of the sentence's) add up to more crossed than
    straight."""
    if not (one and two and its_one and its_two and one & its_two and two & its_one):
        return False

    def share(mine: Set[str], its: Set[str]) -> float:
        return len(mine & its) / len(mine if by_claim else its)

    return share(one, its_two) + share(two, its_one) > share(one, its_one) + share(two, its_two)


def causes_of(text: str) -> list[tuple[frozenset[str], frozenset[str], str]]:
    """For each causal phrase of a text (`causes_forward`: "X, leading to Y"; `causes_backward`:
    "Y due to X"), the content stems of the cause and of the effect it joins within its clause
    (up to a ";"), with the phrase; none where one side has no content word."""
    w = words()
    found = sorted(((m.start(), m.end(), forward, m.group(0))
                    for forward, pattern in ((True, w.causes_forward), (False, w.causes_backward))
                    if pattern for m in pattern.finditer(text)), key=lambda f: (f[0], -(f[1] - f[0])))
    skip = w.frame | w.generic | w.self_references
    out, end = [], -1
    for start, stop, forward, phrase in found:
        if start < end:  # "caused" inside "caused by"
            continue
        end = stop
        before = frozenset(tokenize(text[:start].rsplit(";", 1)[-1])) - skip
        after = frozenset(tokenize(text[stop:].split(";", 1)[0])) - skip
        if before and after:
            out.append((before, after, phrase) if forward else (after, before, phrase))
    return out


def swapped_cause(claim: str, sentence: str) -> str:
    """The claim makes the sentence's effect its cause and its cause the effect: "the STAD
    authors describe performance decay as what gives rise to the distribution shift" against
    "Distribution shifts between training and test data are inevitable ..., leading to
    performance decay" (blind27's dg16, blind26's df16: called supported). The claim's first
    causal phrase against each of the sentence's: each side of the claim shares words with the
    other side of the sentence, and more, as shares of the sentence's sides, than with the same
    side."""
    said = causes_of(claim)
    if not said:
        return ""
    cause, effect, phrase = said[0]
    for its_cause, its_effect, its_phrase in causes_of(sentence):
        if _crossed(cause, effect, its_cause, its_effect, by_claim=False):
            return f"the claim makes the passage's effect the cause ('{phrase}' against '{its_phrase}')"
    return ""
