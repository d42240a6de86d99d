"""The answer policy: the named checks every cited sentence passes, each returning a Verdict
with its reason, and the rules for when to ask the model at all.

A sentence citing passage [n] is kept when all of these hold (`check_pair`):
  supported           the passage's similarity to the sentence reaches `support_threshold`
  numbers_held        every number of the sentence is in the passage text (a bare one not
                      only as a ratio: "100x" holds no "length of 100")
  asked_terms_held    each two-word term it repeats from the question is in the passage's chunk
  specifics_held      each name or acronym it uses ("GAT", "ImageNet") is in the cited paper or
                      the question (not a name, nor a compound, the question only offers or
                      compares with)
  known_words         it uses no question word that no loaded paper contains ("GPU")
  subject             a sentence naming paper X cites X (or a passage that names X), one naming
                      "X et al." cites a paper by X; a sentence about "the paper" / "it"
                      cites the paper being discussed
  no_contradiction    negation, direction words and numbers agree with the passage; the
                      sentence neither says of all what the passage says of some nor keeps
                      to one thing the passage lists with others, nor says code the
                      passage gives is not released
Before them, a sentence that asks (`not_a_question`), infers (`stated`), explains a dropped
sentence ("This is because ...", `follows_kept`), gives a Chinese question back with no English
reading and no character, term or figure of its own (`measurable`) or, in an answer about one paper, tells what
another paper's passage says ("Passage [3] mentions that ...", `toured`) is dropped. The
answer as a whole must give what was asked (`answer_type_matches`), add to the question words its cited papers hold
(`added_held`), cite papers naming what a question compares with (`compared_held`) and, when a
Chinese answer gives back the example its question offered, a paper naming it (`offered_held`);
when the question offers a choice, the answer picks one its cited papers say (`choice_held`);
a comparative the answer adds ("lower than") needs a cited paper speaking of that direction
(`comparative_held`); a question asking how something changes as a condition varies, how it
handles a case or how well it does in one needs a cited paper speaking of that condition or
case (`varied_held`); the model must not say it does not know (`knows`); a Chinese answer
affirming a yes / no question in its own words needs the English rewrite's terms in a cited
paper (`affirmed_held`). cite.py applies these checks (keep, repair to another passage, correct
to the passage's own sentence, or drop); answer.py refuses when nothing survives. A reply that
only names a paper or repeats the question (`names_only`) is asked for once more before that
refusal, and one saying only "I don't know" (`unknown_only`) is asked anew for the parts of the
question the passages answer (pipeline.py). When a question offering alternatives is still refused, the one
alternative the passages of the paper ranked first hold is answered instead, with the sentence
holding it quoted (`held_choice`; answer.py `chosen`). Word lists
live in rag/policy_words.json, thresholds in Settings."""

from __future__ import annotations

import math
import operator
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any

from rag.authors import Name, name_matches, surname_key
from rag.config import Settings
from rag.contradiction import (
    FIGURE,
    aligned_sentences,
    contradiction,
    narrowed_scope,
    numbers,
    overstated_scope,
    plain_numbers,
    ratios,
    release_denied,
    scaled,
    swapped_figures,
    swapped_subjects,
    words,
)
from rag.models import Passage, SentenceCheck, Verdict
from rag.sentences import split_sentences
from rag.text import (
    BRACKETED,
    DASHES,
    HAN,
    LATIN_TERMS,
    QUERY_BREAK,
    acronym_words,
    is_author_label,
    is_chinese,
    spells,
    spelt_out,
    tokenize,
    without_quotations,
)
from rag.text import CJK as _CJK  # Chinese, Japanese, Korean characters

DEFAULT_SUPPORT: float = Settings.model_fields["support_threshold"].default
DEFAULT_TERM_SHARE: float = Settings.model_fields["asked_terms_share"].default
DEFAULT_RESTATED_SPAN: int = Settings.model_fields["restated_span"].default
DEFAULT_ECHO_SHARE: float = Settings.model_fields["restated_echo_share"].default
DEFAULT_ADDED_SHARE: float = Settings.model_fields["added_held_share"].default


# a capitalised word, possibly an author's surname ("Yarotsky's", "Lanzillotta")
_CAPITALISED = re.compile(r"(?<![\w-])[A-Z][^\W\d_]+(?:[-'’][^\W\d_]+)*")


def _surnames_written(text: str) -> set[str]:
    """The surname keys (`surname_key`) of the capitalised words of a text, a possessive "'s"
    aside: the authors it may name."""
    return {surname_key(Name.parse(re.sub(r"['’]s$", "", m.group(0))).surname) for m in _CAPITALISED.finditer(text)}


@dataclass(frozen=True)
class Subjects:
    """The loaded papers' names (method names and titles) -> paper ids, to find which papers
    a sentence is about."""

    names: Mapping[str, str] = field(default_factory=dict)
    # an author's surname (folded, `surname_key`) -> ids of the loaded papers they wrote
    by_surname: Mapping[str, frozenset[str]] = field(default_factory=dict)

    def names_author(self, text: str) -> bool:
        """Whether the text writes, capitalised, the surname of a loaded paper's author
        ("Dmitry Yarotsky's method", "Schirmer, Zhang and Nalisnick")."""
        return bool(_surnames_written(text) & self.by_surname.keys())

    def written_by(self, text: str, least: int = 2) -> set[str]:
        """Ids of the loaded papers that every author surname the text writes, capitalised,
        belongs to, when it writes `least` or more of them ("Liu, Ding, Osher and Yin prove
        ..."); none when it writes fewer, or when no one paper has them all."""
        papers = [self.by_surname[k] for k in _surnames_written(text) if k in self.by_surname]
        return set(frozenset.intersection(*papers)) if len(papers) >= least else set()

    def labelled(self, text: str) -> set[str]:
        """Ids of the loaded papers with an author of each surname the text's "X et al." labels
        use (`labelled_authors`)."""
        return {pid for s in labelled_authors(text)
                for pid in self.by_surname.get(surname_key(Name.parse(s).surname), ())}

    @cached_property
    def by_paper(self) -> dict[str, tuple[str, ...]]:
        """Each loaded paper's names, by its id."""
        out: dict[str, list[str]] = {}
        for name, pid in self.names.items():
            out.setdefault(pid, []).append(name)
        return {pid: tuple(names) for pid, names in out.items()}

    @cached_property
    def surnames_by_paper(self) -> dict[str, tuple[str, ...]]:
        """Each loaded paper's authors' surname keys (`by_surname` read the other way), by its id."""
        out: dict[str, list[str]] = {}
        for surname, pids in self.by_surname.items():
            for pid in pids:
                out.setdefault(pid, []).append(surname)
        return {pid: tuple(keys) for pid, keys in out.items()}

    @cached_property
    def pattern(self) -> re.Pattern[str] | None:
        """Method names match case-sensitively ("RoT", not "rot"); titles in any case."""
        names = sorted(self.names, key=len, reverse=True)
        if not names:
            return None
        alts = [re.escape(n) if n.count(" ") < 3 else f"(?i:{re.escape(n)})" for n in names]
        return re.compile(rf"(?<![\w-])(?:{'|'.join(alts)})(?![\w-])")

    def named(self, text: str) -> set[str]:
        """Ids of the loaded papers the text names."""
        pattern = self.pattern
        if pattern is None:
            return set()
        found = {self.names.get(m.group(0)) or self._fold(m.group(0)) for m in pattern.finditer(text)}
        return {pid for pid in found if pid}

    def meant(self, text: str) -> set[str]:
        """Ids of the loaded papers the text names or labels "X et al." (`named`, `labelled`)."""
        return self.named(text) | self.labelled(text)

    def _fold(self, name: str) -> str:
        low = name.lower()
        return next((pid for n, pid in self.names.items() if n.lower() == low), "")


def subjects_of(records: Iterable[Any], shared: frozenset[str] = frozenset(),
                long_forms: Mapping[str, str] | None = None) -> Subjects:
    """Subjects from catalogue records: each paper's method name, the long form its text
    defines for it (`long_forms`, by paper id: "Retrieval-of-Thought" for RoT) and its title
    (not an "X et al." label, nor a title cut short for a name, nor a `shared` name: one other
    loaded papers write too, such as "ImageNet", lower case, nor that name's long form)."""
    names: dict[str, str] = {}
    by_surname: dict[str, set[str]] = {}
    for rec in records:
        for author in rec.authors:
            if surname := surname_key(Name.parse(author).surname):
                by_surname.setdefault(surname, set()).add(rec.paper_id)
        own = "" if rec.display_name.lower() in shared else rec.display_name
        cut = bool(rec.title) and own != rec.title and rec.title.startswith(own)
        long_form = (long_forms or {}).get(rec.paper_id, "") if own else ""
        for name in ("" if cut else own, long_form, rec.title):
            if name and len(name) >= 3 and not is_author_label(name):
                names.setdefault(name, rec.paper_id)
    return Subjects(names, {k: frozenset(v) for k, v in by_surname.items()})


@dataclass(frozen=True)
class Context:
    """What the checks know besides the sentence and its passage."""

    question: str = ""  # the standalone English question
    original: str = ""  # the question as asked (Chinese, or with its references unresolved)
    unknown: frozenset[str] = frozenset()  # its words no loaded paper contains
    subjects: Subjects = field(default_factory=Subjects)
    focus: frozenset[str] = frozenset()  # ids of the papers the question is about
    named_focus: bool = False  # the question names those papers ("GLOT", "Liu et al."), not only describes one
    threshold: float = DEFAULT_SUPPORT  # Settings.support_threshold
    paper_tokens: Callable[[str], frozenset[str]] | None = None  # a paper's words, by id
    term_share: float = DEFAULT_TERM_SHARE  # Settings.asked_terms_share
    restated_span: int = DEFAULT_RESTATED_SPAN  # Settings.restated_span
    echo_share: float = DEFAULT_ECHO_SHARE  # Settings.restated_echo_share
    added_share: float = DEFAULT_ADDED_SHARE  # Settings.added_held_share
    cited_names: frozenset[str] = frozenset()  # stemmed names of the papers a sentence cites
    # a Chinese answer sentence -> its English reading (rag/english.py), checked in its stead
    readings: Mapping[str, str] = field(default_factory=dict, hash=False, compare=False)

    def words_of(self, passage: Passage) -> frozenset[str]:
        """The stemmed words of the passage's whole paper (title and every chunk), if known."""
        return self.paper_tokens(passage.hit.paper_id) if self.paper_tokens else frozenset()


def source_line(passage: Passage) -> str:
    """What the prompt shows above the passage: its paper's name and authors."""
    return f"{passage.hit.name} by {', '.join(passage.hit.authors)}"


# where a two-word term cannot run on: punctuation, a sentence end (not "v2.0"), a dash
_TERM_BREAK = re.compile(r"[,;:?!()\[\]\"“”，；：？！。]|\.(?=\s|$)|\s[-–—]\s")
# a paper's label ("Liu et al."), never part of an asked term: its surname goes too, and no term
# runs across it ("liu et al implicit models" asks no "liu implicit")
_ET_AL = re.compile(r"(?:(?<![\w-])[^\W\d_][\w'’-]*\s+)?\bet\s+al\b\.?")


@lru_cache(maxsize=256)
def asked_terms(question: str) -> frozenset[tuple[str, str]]:
    """Two-word lower-case terms of the question ("learning rate", "training examples"),
    stemmed, leaving out pairs with a framing word ("continual learning paper") or a
    preposition-like gap word ("library behind"). A term does not span punctuation: "how many
    tasks, built from how many APIs?" asks no "tasks built" (blind40's bt02), and no pronoun or
    negative contraction (`term_pronouns`: "my largest", "representations don't") is part of
    one, and no pair of words of research discourse (`term_discourse`: "core contribution",
    "empirical results") is one; "results slide" still is. Nor is the "et al." of a paper's
    label ("does ALL-IN (Eliasof et al.) claim ...?": no passage writes it, blind44's bx14), nor
    its surname written in lower case ("liu et al implicit models": no "liu implicit"). A word
    opening in lower case is part of a term whatever its hyphen joins ("non-Gaussian mixtures":
    blind54's ch39 was answered "Yes, ... works on non-Gaussian mixtures", citing TGMM's
    Gaussian ones)."""
    frame = words().frame | words().gaps | words().term_pronouns
    discourse = words().term_discourse
    out: set[tuple[str, str]] = set()
    for part in _TERM_BREAK.split(_ET_AL.sub(",", question)):
        # a word opening in lower case is no name, whatever follows its hyphen ("non-Gaussian")
        stems = [(tokenize(w) or [""])[0] if w[:1].islower() else "" for w in re.findall(r"[\w-]+", part)]
        out.update((a, b) for a, b in zip(stems, stems[1:], strict=False)
                   if a and b and a != b and a not in frame and b not in frame
                   and not (a in discourse and b in discourse))
    return frozenset(out)


def missing_terms(passage: Passage, terms: frozenset[tuple[str, str]],
                  paper: frozenset[str] = frozenset()) -> list[tuple[str, str]]:
    """The terms one of whose words is in neither the passage's chunk, its source line, nor
    (`paper`) the rest of its paper: a paraphrased question's description of a paper ("the
    graph generation paper") is held by the paper's abstract, not always by the cited chunk."""
    if not terms:
        return []
    source = passage_words(passage, paper)
    return sorted(t for t in terms if not held_stem(t[0], source) or not held_stem(t[1], source))


def held_stem(stem: str, source: frozenset[str] | set[str]) -> bool:
    """The stem, or its other form the stemmer keeps apart ("reduct" of "reduction" and
    "reduc" of "reducing": blind36's bp01 was dropped for "cost reduction" against "reducing
    ... cost"), is in the source."""
    if stem in source:
        return True
    twin = stem[:-1] if stem.endswith("uct") else stem + "t" if stem.endswith("uc") else ""
    return bool(twin) and twin in source


def passage_words(passage: Passage, paper: frozenset[str] = frozenset()) -> frozenset[str]:
    """The stemmed words a cited passage holds: its chunk, the text shown, its source line, and
    (`paper`) the rest of its paper."""
    return paper.union(tokenize(" ".join([passage.text, passage.hit.text, source_line(passage)])))


def cited_words(cited: Iterable[Passage],
                paper: Callable[[Passage], frozenset[str]] | None = None) -> frozenset[str]:
    """The stemmed words the cited passages hold (`passage_words`), with (`paper`, e.g.
    `Context.words_of`) the rest of their papers."""
    return frozenset().union(*(passage_words(p, paper(p) if paper else frozenset()) for p in cited))


def holds_terms(passage: Passage, terms: frozenset[tuple[str, str]],
                paper: frozenset[str] = frozenset()) -> bool:
    """Both words of every term are in the passage's chunk, source line or `paper`."""
    return not missing_terms(passage, terms, paper)


# --- the checks ---------------------------------------------------------------------------
def supported(score: float, threshold: float) -> Verdict:
    return Verdict("supported", score >= threshold, f"similarity {score:.2f} vs {threshold:.2f}")


# "62.1 - 50.8 = 11.3", "5,040 / 30 = 168": a figure the sentence works out in the open.
_SUM = re.compile(r"(\d+(?:[.,]\d+)*)\s*%?\s*([-+*/×÷−–])\s*(\d+(?:[.,]\d+)*)\s*%?\s*=\s*(\d+(?:[.,]\d+)*)")
_SIGNS = str.maketrans({"×": "*", "÷": "/", "−": "-", "–": "-"})
_OPS: dict[str, Callable[[float, float], float]] = {
    "-": operator.sub, "+": operator.add, "*": operator.mul, "/": lambda a, b: a / b if b else math.nan}


def worked_out(claim: str, held: set[str]) -> set[str]:
    """Results of the sums the sentence shows whose operands are `held` and whose result is
    right to the digits written: such a figure is the passage's, worked out."""
    out = set()
    for a, op, b, result in _SUM.findall(claim):
        a, b, result = (x.replace(",", "") for x in (a, b, result))
        if a in held and b in held:
            digits = len(result.partition(".")[2])
            if abs(_OPS[op.translate(_SIGNS)](float(a), float(b)) - float(result)) <= 0.5 * 10 ** -digits + 1e-9:
                out.add(result)
    return out


def numbers_held(claim: str, passage: Passage) -> Verdict:
    """Every figure of the sentence is the passage's (or worked out from it in the open). A
    bare figure must be in the passage other than as a ratio: GLOT's "100x faster" does not
    hold "a sequence length of 100"; a ratio may be held by the bare figure ("a factor of 100").
    A figure written with a magnitude is its full value too ("262,000 points" for the passage's
    "262k points", "262 thousand" for "262,000")."""
    text = passage.text.replace("\\", "")
    full = set(scaled(text).values())
    held = numbers(text) | full
    worked = worked_out(claim, held)
    missing = ((plain_numbers(claim) - plain_numbers(text) - full) | (ratios(claim) - held)) - worked
    missing -= {n for n, value in scaled(claim).items() if value in held}
    return Verdict("numbers_held", not missing,
                   f"not in the passage: {', '.join(sorted(missing))}" if missing else "")


def restated(tokens: list[str], question: list[str], span: int) -> set[int]:
    """Positions of `tokens` inside a run of at least `span` tokens copied word for word from
    the question ("In the paper whose neural simulators let users pick a loop count ...,")."""
    if span <= 0 or len(tokens) < span:
        return set()
    runs = {tuple(question[i : i + span]) for i in range(len(question) - span + 1)}
    covered: set[int] = set()
    for i in range(len(tokens) - span + 1):
        if tuple(tokens[i : i + span]) in runs:
            covered.update(range(i, i + span))
    return covered


_EITHER = re.compile(r"\bor\b", re.IGNORECASE)  # "... or ...?": alternatives offered
_ASKS_BACK = re.compile(r"\b(?:that|this|it)\s+(?:how|what)\b", re.IGNORECASE)  # "Is that how it went?"


@lru_cache(maxsize=256)
def belief(question: str) -> tuple[str, str]:
    """(the sentence, what it states) of a question that says what the asker believes and asks
    whether it is right: the sentence before a tag question asking so ("I remember its SpMV
    code running 20% faster. Is that the right speed figure?", "..., right?"; `belief_tags`),
    not a tag offering alternatives ("Is that for SpMV or SpMM?"), asking what or which ("Is
    this a known finding, and which model ...?") or whether the asker is wrong ("Am I mixing
    that up?", where "yes" denies it: `belief_doubts`); what it states is what follows the
    asker's framing ("I remember", "I have it in my head that": `belief_markers`). ("", "")
    for a question stating no belief (blind33's half-remembered questions)."""
    w = words()
    if w.belief_tag is None or _CJK.search(question):
        return "", ""
    for m in w.belief_tag.finditer(question):
        tag = m.group(0)
        offers = _EITHER.search(tag) or (w.belief_doubt and w.belief_doubt.search(tag))
        if offers or (_WH_WORD.search(tag) and not _ASKS_BACK.search(tag)):
            continue
        before = split_sentences(question[: m.start()].strip())
        if not before:
            continue
        sentence = before[-1]
        framing = list(w.belief_marker.finditer(sentence)) if w.belief_marker else []
        stated = sentence[framing[-1].end():] if framing else sentence
        stated = stated.strip(" ,:;")
        if stated:
            return sentence, stated
    return "", ""


def affirms(sentence: str) -> bool:
    """The sentence agrees with what it answers ("Yes, ...", "That's right.")."""
    opener = words().affirming
    return bool(opener and opener.match(sentence))


@lru_cache(maxsize=256)
def described(question: str) -> str:
    """The part of a question an answer may copy as the question's own description (for
    `restated`): not the content of a yes / no question ("Does NAVIS use edge features ...?"
    answered "Yes, NAVIS uses edge features ..." asserts it), unless it asks whether some work
    exists ("Is there work that ...?"), and never a condition the question sets ("when the
    components have full covariance matrices") or what the asker believes and asks to have
    confirmed (`belief`): those are what the answer must show."""
    if asks_yes_no(question):
        return ""
    w = words()
    _, stated = belief(question)  # what the asker believes is what a "yes" asserts
    question = question.replace(stated, " ") if stated else question
    return w.condition.sub(" ", question) if w.condition else question


def asks_yes_no(question: str) -> bool:
    """"Does NAVIS use edge features ...?": a yes / no question about what a paper does, not
    whether some work exists ("Is there work that ...?"), also after a lead-in phrase ("In
    ResiliBench, are open-weight models more robust ...?", `_without_lead_in`); read by its
    first sentence, not by a later one after statements setting the scene (tried in session 38
    and reverted: eval/RESULTS.md)."""
    w = words()
    low = _without_lead_in(question.strip()).lower()
    first = low.split(maxsplit=1)[0] if low else ""
    return first in w.yes_no_openers and not low.startswith(w.restating_openers)


# where a sentence goes on to ask after a colon: "STAD's head is one prototype per class: does it ...?"
_COLON_ASK = re.compile(r"[:：]\s+")


@lru_cache(maxsize=256)
def _yes_no_later(question: str) -> str:
    """The first yes / no question after the question's first sentence: a later sentence ("...
    rather than each call failing independently. Do ResiliBench's error models simulate such
    correlated failures?", blind47's ca35) or what follows a colon ("STAD's head is one
    prototype per class: does it support multi-label outputs ...?", blind52's cf36); "" for
    none. Only a "Yes" is read as answering it (`asked_terms_held`); a question is still read
    by its first sentence otherwise (`asks_yes_no`)."""
    sentences = split_sentences(question) or [question]
    later = [part for i, x in enumerate(sentences) for j, part in enumerate(_COLON_ASK.split(x)) if i or j]
    return next((x for x in later if asks_yes_no(x)), "")


def asked_terms_held(claim: str, passage: Passage, question: str,
                     paper: frozenset[str] = frozenset(), share: float = 1.0,
                     restated_span: int = 0, echo_share: float = DEFAULT_ECHO_SHARE) -> Verdict:
    """The two-word terms the sentence repeats from the question are held by the cited paper:
    at least `share` of them (one term of one: all), and all of them answering a yes / no
    question, whose terms are what the answer asserts ("Yes, it was applied to age bias"),
    saying "Yes" to a yes / no sentence or clause after the question's first (`_yes_no_later`), or
    agreeing with what the asker believes (`belief`).
    Terms inside a stretch of at least `restated_span` words the sentence copies from the
    question's description (`described`) are restated, not something the sentence asserts:
    they count as held; unless `echo_share` of its words are restated, the question given back
    ("Yes, there is work that learns one dedicated unit encoding an attribute such as gender
    [4]"): all it says is that the cited paper fits the question's words, so they are checked
    (blind21's ba16, blind31's bk15 at 4,310 papers cited another paper so)."""
    yes = affirms(claim)
    later = (_clauses(_yes_no_later(question)) or [""])[0] if yes else ""  # a later yes / no clause
    if asks_yes_no(question) or yes and (belief(question)[1] or later):
        share = 1.0  # "Yes, ..." to what the asker believes, or to a later yes / no sentence, asserts all of it
    tokens = tokenize(claim)
    copied = restated(tokens, tokenize(described(question)), restated_span)
    own = [i for i, t in enumerate(tokens) if t not in _VERDICT_WORDS]
    if own and sum(i in copied for i in own) >= echo_share * len(own):
        copied = set()  # the question given back
    pairs = list(zip(tokens, tokens[1:], strict=False))
    terms = asked_terms(question) & set(pairs)
    asserted = terms & {pair for i, pair in enumerate(pairs) if not {i, i + 1} <= copied}
    asked = (_clauses(question) or [question])[0]  # the yes / no clause
    if yes and asks_yes_no(question) and not _EITHER.search(asked):
        # "Yes, ..." to "Did any model do better with X?" asserts the question, whatever else
        # the sentence says (blind34's bn38: "Yes" with two averages, no model named); not to
        # "A, or B?", where it picks neither
        terms = asserted = asked_terms(asked)
    elif later and not belief(question)[1] and not _EITHER.search(later):
        # and the terms of a later yes / no clause besides its own, unless it asks whether the
        # asker's belief is right ("Is that a fair summary?"): "Yes, STAD's head is one
        # prototype per class" does not say it supports multi-label outputs (blind52's cf36)
        terms, asserted = terms | asked_terms(later), asserted | asked_terms(later)
    missing = missing_terms(passage, frozenset(asserted), paper)
    ok = not missing or (len(terms) - len(missing)) / len(terms) >= share
    listed = ", ".join(" ".join(t) for t in missing)
    return Verdict("asked_terms_held", ok, listed if ok else f"asked term not in the cited paper: {listed}")


# A word that names a thing: an acronym, a dataset, a model, a named technique ("SpMM",
# "ImageNet", "GPT-4", "Chain-of-Thought"); capitalised words after a sentence's first.
_ENTITY = re.compile(r"(?<![.!?]\s)(?<!^)\b(?=[\w-]*[A-Z])[\w-]{2,}\b")
_CLAUSE_END = re.compile(r"(?<=[,;])\s+|(?<=[，；])\s*")  # Chinese clauses too
_RESPECTIVELY = re.compile(r",?\s*\brespectively\b", re.IGNORECASE)
_LIST_BREAK = re.compile(r",\s*(?:and|or)\s+|,\s*|\s+(?:and|or)\s+")
_LISTED_FIGURE = re.compile(rf"{FIGURE}\s*(?:%|x\b|×)?")


def clauses_of(sentence: str) -> list[str]:
    """The sentence's clauses, each with the figures it gives. A list of things given a list
    of figures "respectively" gives each thing its own figure: "The average success rates for
    MDP-optimal workflow prompts, Chain-of-Thought prompts, and flawed workflow prompts are
    62.1%, 50.8%, and 54.3% respectively" reads as three clauses, "MDP-optimal workflow prompts
    62.1%", "Chain-of-Thought prompts 50.8%", "flawed workflow prompts are 54.3%" (blind37's
    bq05). Where the things listed are not as many as the figures, the sentence is left whole."""
    said = _RESPECTIVELY.search(sentence)
    if said:
        figures = list(_LISTED_FIGURE.finditer(sentence[: said.start()]))
        if len(figures) >= 2:
            things = [t for t in _LIST_BREAK.split(sentence[: figures[0].start()].strip()) if t.strip()]
            if len(things) >= len(figures):
                paired = things[len(things) - len(figures):]
                paired[0] = " ".join(things[: len(things) - len(figures) + 1])
                return [f"{t.strip()} {f.group(0).strip()}" for t, f in zip(paired, figures, strict=True)]
    return _CLAUSE_END.split(sentence)


def numbers_bound(claim: str, passage: Passage, question: str) -> Verdict:
    """A figure is said of what the passage says it of. A "how many X" answer's figure counts X
    where the passage gives it (the clause holding it, or the one before, names X). When the
    sentence ties a number to a named thing the question asked about ("20% on SpMM tasks"), the
    passage's clause holding the number, or the clause before it, names that thing too (the
    abstract's 20% is for SpMV, SpMM comes in the next sentence; its 62.1% is MDP-optimal
    prompts', not Chain-of-Thought's). A Chinese sentence is held to the same through the
    Latin names it ties to its figure ("在 Burgers 方程基准上 ... 262k": the abstract's 262k is for
    Navier-Stokes)."""
    nums = numbers(claim)
    if not nums:
        return Verdict("numbers_bound", True, "")
    quoted = quotes(claim, passage)
    if not quoted and not _CJK.search(claim) and (elsewhere := figure_elsewhere(claim, passage.text)):
        return Verdict("numbers_bound", False, elsewhere)
    # "how many rubrics" answered "17.0 rubrics": the passage's 17.0 counts points, not rubrics
    asking = asking_part(question)
    counted = counted_thing(asking) if _HOW_MANY.search(asking) else ""
    counted = "" if counted in _PERCENT else counted  # "how many percentage points": figures carry "%"
    # "how much memory overhead" answered "the memory overhead is 59%": the passage's 59% is cost's
    measured = measured_thing(asking)
    measured = "" if measured in _PERCENT else measured
    asked = set(tokenize(question))
    own = set(tokenize(source_line(passage)))
    names = (passage.hit.name, str(passage.hit.metadata.get("display_name") or ""))
    # the cited paper's own name spelt out ("Retrieval-of-Thought" for "RoT", blind36's bp01)
    # is no thing the figure is said of
    things = {t for m in _ENTITY.findall(claim.strip()) for t in tokenize(m)[:1]
              if t in asked and t not in own and not any(spells(m, n) for n in names)}
    if not (counted or measured or things):
        return Verdict("numbers_bound", True, "")
    contexts = _figure_contexts(passage.text)
    for n in sorted(counts_of(claim, counted) & nums) if counted else ():
        if _given_with(n, counted, contexts) is False:
            return Verdict("numbers_bound", False, f"the passage's {n} does not count {counted}")
    own_clauses = [(numbers(c), set(tokenize(c))) for c in clauses_of(claim)]
    for ns, w in own_clauses if measured else ():
        given = [g for n in sorted(ns) if (g := _given_with(n, measured, contexts)) is not None]
        if measured in w and given and not any(given):
            return Verdict("numbers_bound", False, f"the passage's {', '.join(sorted(ns))} "
                           f"is not said of {measured}")
    if not things or quoted:
        # a sentence the passage holds word for word says its figures of what the passage does
        # (blind33's bm11: "an 18.9% relative accuracy improvement at a compression ratio of 0.1,
        # validating its efficacy for ... FL", copied whole, was dropped for its "FL")
        return Verdict("numbers_bound", True, "")
    # every clause naming a thing gives a figure of its own: each figure is bound in its clause
    naming = [ns for ns, w in own_clauses if things & w]
    each_own = bool(naming) and all(naming)
    # a thing the passage writes out in full ("ViT": "Vision Transformers") is its to name
    abbreviated = spelt(claim, passage.text)
    for n in sorted(nums):
        # The things named in the sentence's own clause of the figure ("MDP-optimal ... 62.1%,
        # and Chain-of-Thought ... 50.8%" ties each figure to its own); all of them if none,
        # unless every clause naming a thing gives its own figure: "... MDP-optimal workflow
        # prompts are 62.1%, ..., and flawed workflow prompts result in ... 54.3%" says the
        # 54.3% of the flawed prompts, not of MDP-optimal ones (blind37's bq05).
        mine = {t for ns, w in own_clauses if n in ns for t in things & w}
        if not mine and each_own:
            continue
        mine = (mine or things) - abbreviated
        held = [w for ns, w in contexts if n in ns]
        if held and not any(mine <= w for w in held):
            return Verdict("numbers_bound", False, f"the passage gives {n} for something other than "
                           f"{', '.join(sorted(mine))}")
    return Verdict("numbers_bound", True, "")


_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3})")  # "5,040" is one figure
_DIGIT = re.compile(r"\d")
_NOT_FIGURE = re.compile(r"[^\d.]")  # "30%", "100x": the figure itself


def _figure_words(text: str, n: str, reach: int, listed: bool = True) -> list[set[str]]:
    """For each place `text` gives the figure `n`, the content words (stems) at most `reach`
    words before or after it in its sentence, figures aside; without `listed`, no place where
    another figure is that near ("62.1%, 50.8%, and 54.3% respectively" lists its figures away
    from their things)."""
    near = [tokens[max(0, i - reach): i] + tokens[i + 1: i + 1 + reach]
            for sentence in split_sentences(text) or [text]
            for tokens in [tokenize(_THOUSANDS.sub("", sentence))]
            for i, t in enumerate(tokens) if _NOT_FIGURE.sub("", t).strip(".") == n]
    return [{w for w in words if not _DIGIT.search(w)} for words in near
            if listed or not any(_DIGIT.search(w) for w in words)]


def figure_elsewhere(claim: str, text: str, reach: int = 3) -> str:
    """A figure of the sentence that the passage gives, said of other things than the passage
    says it of: none of the words beside it in the sentence is beside it anywhere in the
    passage (`reach` words either side). "The sinusoidal embedding contributes 30% of the
    performance gain" is not the abstract's "the generated code runs 30% faster" (blind46's bz39,
    unanswerable: the sentence names no thing the question asked about, so the rest of
    `numbers_bound` had nothing to tie the figure to). "" when every figure is held so. A
    dimension ("3D", "2-D") is a word, not a figure said of something: "its biggest 3D fluid
    test" is RecurrSim's "3D compressible Navier-Stokes simulations" (blind59's cm18 at 4,310
    papers was refused for it)."""
    dimensions = {d for d in _DIMENSION.findall(claim) if not _figure_not_dimension(claim, d)}
    for n in sorted(numbers(claim) - dimensions):
        mine, theirs = _figure_words(claim, n, reach, listed=False), _figure_words(text, n, reach)
        said = set().union(*mine) if mine else set()
        if said and theirs and not any(said & w for w in theirs):
            return f"the passage gives {n} beside {', '.join(sorted(set().union(*theirs))[:4])}, not beside {', '.join(sorted(said)[:4])}"
    return ""


_DIMENSION = re.compile(r"(?<![\w.])(\d)\s?-?[dD]\b")  # "3D", "2-D": a dimension (its figure)


def _figure_not_dimension(text: str, n: str) -> bool:
    """The text gives the figure `n` somewhere other than as a dimension ("3D")."""
    return bool(re.search(rf"(?<![\w.]){re.escape(n)}(?![\d.,]*\d)(?!\s?-?[dD]\b)", text))


def quotes(claim: str, passage: Passage) -> bool:
    """The sentence, without its [n] markers and closing stop, is in the passage word for word."""
    body = " ".join(re.sub(r"\s*\[\d+\]", "", claim).split()).rstrip(" .。")
    return len(body) >= 20 and body in " ".join(passage.text.split())


def _given_with(n: str, word: str, contexts: list[tuple[set[str], set[str]]]) -> bool | None:
    """Whether the passage gives figure `n` with `word` around it (`_figure_contexts`); None when
    it does not give `n` at all (numbers_held judges that)."""
    held = [w for ns, w in contexts if n in ns]
    return any(word in w for w in held) if held else None


def counts_of(text: str, counted: str) -> set[str]:
    """The figures the text gives as counts of `counted` (a stem): those with it among the
    three words after them ("17.0 rubrics", "30 tool APIs"); not an item's "(1)" in a list."""
    out = set()
    for m in _FIGURE.finditer(text):
        rest = re.split(r"\d|[.;:!?](?:\s|$)", text[m.end():], maxsplit=1)[0]  # up to the next figure
        after = tokenize(" ".join(re.findall(r"[\w-]+", rest)[:3]))
        if counted in after:
            out |= numbers(m.group(0))
    return out


_PERCENT = frozenset({"percent", "percentag", "point"})
_FIGURE = re.compile(r"(?<![\w.(])\d+(?:[.,]\d+)*%?(?![\w)])")


def _figure_contexts(text: str) -> list[tuple[set[str], set[str]]]:
    """Each clause of the passage that gives figures, as (its figures, the words around them):
    the clause, the clause before, and its sentence's opening clause when that has no figure of
    its own ("In SpMV tasks, it improves ... by 20%, and the code runs 30% faster": "In SpMV
    tasks" scopes both figures)."""
    out = []
    for sentence in split_sentences(text.replace("\\", "")):
        clauses = _CLAUSE_END.split(sentence)
        scope = clauses[0] if not numbers(clauses[0]) else ""
        for i, clause in enumerate(clauses):
            if figures := numbers(clause):
                out.append((figures, set(tokenize(" ".join([scope, *clauses[max(0, i - 1) : i + 1]])))))
    return out


_WORD = re.compile(r"(?<![\w-])[A-Za-z][\w-]*")
_LABEL = re.compile(r"[^:.!?]{1,80}:\s+")  # "RoT: ", a quote's paper label


def _held(word: str, held: frozenset[str] | set[str]) -> bool:
    """The word's stems are held, whole or hyphen by hyphen ("Kullback-Leibler" by
    "Kullback" and "Leibler")."""
    return set(tokenize(word)) <= held or all(set(tokenize(p)) <= held for p in word.split("-") if p)


@lru_cache(maxsize=256)
def spelt(claim: str, text: str) -> frozenset[str]:
    """The sentence's words the text says through an acronym (rag/text.py `acronym_words`),
    comparatives aside ("larger language models" is not an "LLM"). Cached: a claim's checks
    ask it of the same sentence several times."""
    return acronym_words(claim, text, words().comparatives)


def specifics(text: str) -> list[str]:
    """The names, acronyms and terms with a capital or digit inside ("SGD", "ImageNet",
    "GPT-4") and the capitalised words past the first that a sentence uses. A label before a
    colon opening the text is a sentence of its own ("RoT: We evaluate ...", a quoted
    sentence, names no "We")."""
    label = _LABEL.match(text)
    parts = [text[: label.end()], text[label.end():]] if label else [text]
    return [w for part in parts for i, w in enumerate(_WORD.findall(part))
            if re.search(r"[A-Z].*[A-Z]|[a-z][A-Z]|\d", w) or (i > 0 and w[0].isupper())]


def specifics_held(claim: str, passage: Passage, question: str,
                   paper: frozenset[str] = frozenset(), known: frozenset[str] = frozenset()) -> Verdict:
    """Every name or acronym the sentence uses is in the cited passage's chunk, its source
    line, the rest of its paper (`paper`) or the question: "GLOT uses a GAT [2]" is not
    supported by a paper that never says GAT. The names of the papers the sentence cites
    (`known`) are held too: "InfoSEDD and FedCom [1][3]" names each of its two passages' papers,
    and so are acronyms the text spells out, and words it abbreviates ("GNN", "graph neural
    network"). The names the question only offers as examples or choices ("such as GCN or
    GAT") are not held by the question: picking one is a claim the paper must make, as is
    picking a compound it offers ("class-incremental or task-incremental", `offered_compounds`)."""
    text = " ".join([passage.text, passage.hit.text, source_line(passage),
                     str(passage.hit.metadata.get("display_name", ""))])
    cited = paper.union(known, tokenize(DASHES.sub("-", text)))
    held = cited.union(spelt(claim, f"{text} {question}"), _question_held(question))
    missing = [w for w in dict.fromkeys(specifics(claim)) if not _held(w, held)]
    # a compound the question offers as a choice ("class-incremental or task-incremental"),
    # picked by the sentence (not named with all its alternatives): the cited paper must have
    # it whole (its first token is the whole compound's stem), not only its parts
    said = DASHES.sub("-", claim).lower()
    for compound, others in offered_compounds(question):
        picked = compound.lower() in said and not all(o.lower() in said for o in others)
        if picked and compound not in missing and (stems := tokenize(compound)) and stems[0] not in cited:
            missing.append(compound)
    return Verdict("specifics_held", not missing,
                   f"not in the cited paper: {', '.join(missing)}" if missing else "")


_EXAMPLES = re.compile(r"\b(?:such as|for example|for instance|e\.g\.,?|like)\s+([^?.;:(),]+)", re.IGNORECASE)
_CHOICE = re.compile(r"([\w/-]+)\s+or\s+([\w/-]+)")
# What a question compares its subject with ("compare with the MINE estimator on ...", "better
# than MINE", "versus MINE"): up to a preposition that sets the comparison's ground ("on GLUE")
# or a question word going on in a typed query ("the deep versus shallow forgetting paper how do
# they ...", blind39's bs04);
# also what a method is asked to be used with ("compatible with secure aggregation", "combined
# with QSGD"): an answer about the method alone does not say (blind42's bv35)
# ("rather than Y" and "other than Y" say "not Y" and "except Y": no comparison, blind43's bw23)
_COMPARED = re.compile(r"\b(?:compar(?:e[sd]?|ing|ison)\s+(?:with|to|against)|(?<!rather )(?<!other )than|versus|vs\.?"
                       r"|(?:compatible|combined|used together)\s+with|in\s+combination\s+with)\s+"
                       r"([^?.;:(),]+?)(?=\s+(?:on|in|for|at|under|when|across|over|while|how|what|which|why|who|where"
                       r"|does|do|did)\b|[?.;:(),]|$)",
                       re.IGNORECASE)


def offered_names(question: str) -> list[str]:
    """The names a question offers as examples ("such as GCN or GAT", "for example CSR"), as a
    choice between two ("a GCN or a GAT", "RFedAvg or RFedSVRG"), or as what its subject is
    compared with ("compare with the MINE neural estimator"): saying how a paper fares against
    one is a claim the paper must make."""
    spans = [m.group(1) for m in (*_EXAMPLES.finditer(question), *_COMPARED.finditer(question))]
    # "x " keeps each word off the first place, where `specifics` skips a capitalised word
    choices = [f"{a} {b}" for a, b in _CHOICE.findall(question) if specifics(f"x {a}") and specifics(f"x {b}")]
    return specifics("x " + " ".join(spans + choices))


@lru_cache(maxsize=64)
def offered_compounds(question: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The compound words ("class-incremental", "breadth-first") a question offers as a choice
    between two or as examples, each with the alternatives offered beside it: naming one as the
    answer is a claim the paper must make (naming them all, "averaging or max-pooling loses
    information", picks none). Cached: every (sentence, passage) pair asks it of one question."""
    q = DASHES.sub("-", question)
    groups = [*_CHOICE.findall(q), *(m.group(1).split() for m in _EXAMPLES.finditer(q))]
    out: dict[str, tuple[str, ...]] = {}
    for group in groups:
        offered = [w.strip("-/") for w in group]
        for w in offered:
            if "-" in w:
                out.setdefault(w, tuple(x for x in offered if x != w and x.lower() not in ("or", "and")))
    return tuple(out.items())


@lru_cache(maxsize=64)
def _question_held(question: str) -> frozenset[str]:
    """The question's words a sentence may use as held, less the names it only offers."""
    return frozenset(tokenize(DASHES.sub("-", question))) - frozenset(tokenize(" ".join(offered_names(question))))


def not_a_question(claim: str, question: str = "") -> Verdict:
    """A sentence that asks (the question echoed back) answers nothing; nor does one that
    copies a piece of the `question` with its question word, as a statement ("这些伪影让分类器看不到什么。"
    for "...这些伪影让分类器看不到什么？", blind29's bi26)."""
    if _ASKING.search(claim):
        return Verdict("not_a_question", False, "the sentence asks, it does not answer")
    body = _bare(re.sub(r"\[\d+\]", " ", claim))
    echoed = bool(question) and len(body) >= 4 and bool(_QUESTION_WORD.search(claim)) \
        and body in _bare(question)
    return Verdict("not_a_question", not echoed, "the sentence copies the question's asking words" if echoed else "")


_ASKING = re.compile(r"[?？]\s*$")
# a question word of either language (not `_ASKS_CONTENT`'s 几 or 多大: "几种" is also "several kinds")
_WH = r"(?:what|which|how|whom?|whose|why|where|when)\b"
_QUESTION_WORD = re.compile(rf"\b(?:{_WH}|whether\b)|什么|哪|多少|如何|怎样|怎么|为什么|为何|是否", re.IGNORECASE)


def _bare(text: str) -> str:
    """Letters, digits and CJK characters only, lower case: text compared as written."""
    return re.sub(r"[\W_]+", "", text).lower()


def stated(claim: str) -> Verdict:
    """The sentence says what a passage states, not what it infers from one ("This can be
    inferred from the passage that states ...", "presumably") or a pointer at one in place of
    an answer ("This can be seen in the passage from Liu et al. where it states: ..."): the
    answer's facts are the papers' own, so an inference is no citable claim."""
    low = claim.lower()
    hedge = next((h for h in words().hedges if h in low), "")
    return Verdict("stated", not hedge, f"an inference ('{hedge}'), not what a passage states" if hedge else "")


# "How does X ...?" asks for a way (not "how many / how well"); a means clause of a sentence
_ASKS_HOW = re.compile(r"\bhow\b(?!\s+(?:many|much|long|large|big|far|often|well|fast|accurate|"
                       r"good|close|likely|robust)\b)", re.IGNORECASE)
_MEANS = re.compile(r"\b(?:by|through|via)\s+(?:\w+ing\s+)?(?P<means>[^,;:.()]+)", re.IGNORECASE)
# "learned by Drechsel et al.", "by Moshe Eliasof": who, not how
_AUTHORED = re.compile(r"^(?:[A-Z][\w'\-]*\s+(?:et\s+al\b|[A-Z])|[A-Z][\w'\-]*$)")


def means_added(claim: str, question: str) -> Verdict:
    """A "how does X ...?" answer says how: a sentence whose means repeats the question's own
    words ("RecurrSim chooses the number of iterations K ... by setting the number of
    recurrent iterations K", blind17's aw42) answers nothing. Its leading verb ("setting",
    "using") is not counted; at least two words must follow it. "by" before a name says who
    ("learned by Drechsel et al."), not how."""
    if not question or not _ASKS_HOW.search(asking_part(question)):
        return Verdict("means_added", True, "")
    held = set(tokenize(question)) | words().frame | words().generic | words().gaps
    for m in _MEANS.finditer(claim):
        if _AUTHORED.match(m.group("means").strip()):
            continue
        said = tokenize(m.group("means"))
        if len(said) >= 2 and all(t in held for t in said):
            return Verdict("means_added", False, f"the means repeats the question: '{m.group(0).strip()}'")
    return Verdict("means_added", True, "")


def measurable(claim: str, reading: str, question: str) -> Verdict:
    """A Chinese sentence with no English reading is checked by its Latin terms and figures
    alone. One that only gives the question back, with no character, term or figure of its own
    (function characters, `generic_cjk`, aside), would be held by any passage on the question's
    topic, whatever it asserts ("我们明年会把底座 LLM 换成另一家的模型。……论文测过跨 LLM 迁移。"
    held at 1.00 by a GLOT passage for its "LLM": blind42's bv41). Such a sentence says nothing
    measurable. "……是利用模型的梯度来学习……" adds 梯度 and is checked as before; so is a "yes"
    with words of its own. A bare "是的，GLOT 冻结了 LLM" to "GLOT 冻结了 LLM 吗？" is not: the
    check would pass "不，GLOT 冻结了 LLM" alike (in the replays of blind14-42 this drops four right
    restating answers and three unanswerables' and two wrong answers' sentences a size)."""
    if reading or not _CJK.search(claim) or not question:
        return Verdict("measurable", True, "")
    claim = re.sub(r"\[\d+(?:\s*,\s*\d+)*\]", " ", claim)  # its citations are no figures
    terms = {t.lower() for t in LATIN_TERMS.findall(claim)}
    asked = {t.lower() for t in LATIN_TERMS.findall(question)}
    own = set(HAN.findall(claim)) - set(question) - words().generic_cjk
    if terms <= asked and not own:
        return Verdict("measurable", False, "no English reading, and every character, Latin term and figure "
                       f"of it ({', '.join(sorted(terms)) or 'no term'}) is the question's")
    return Verdict("measurable", True, "")


def follows_kept(claim: str, before_dropped: bool, before_named: Iterable[str] = (),
                 named: Iterable[str] = ()) -> Verdict:
    """A sentence that goes on from the one before it ("This is because it uses an optimistic
    decision criterion ...", "Therefore, ...", "This limit is imposed ...") stands on that one:
    when that sentence was dropped, it explains or concludes from nothing the answer keeps,
    however true it is of the paper. "This method ..." speaks of the paper's own. So does one
    whose subject is a pronoun for the paper the dropped sentence named (`before_named`) while
    it names another (`named`): "The authors of GLOT give ... . In their test ..., they
    demonstrate that InfoSEDD outperforms ..." credits GLOT's test with InfoSEDD's result
    (blind43's bw18 kept it, citing InfoSEDD). So does one pointing at where the sentence
    before was said ("This is explicitly stated in passage ...", "The passage states: "..."",
    `follow_on_pointer`, `follow_on_quotes`): without it, it is evidence for nothing
    (blind53's cg31 and cg38, blind40's bt36: each left as an unanswerable question's answer)."""
    w = words()
    pointing = w.follow_on_demonstrative.match(claim) if w.follow_on_demonstrative else None
    # "This limit is imposed to ...", "These results show ..." (blind38's br37); not "This
    # method ...", the paper's own
    points_back = pointing is not None and not set(tokenize(pointing.group(1))) & w.follow_on_kept
    before, now = set(before_named), set(named)
    crossed = bool(before) and bool(now) and not before & now and _refers_early(claim)
    dangling = before_dropped and (w.follow_on is not None and bool(w.follow_on.match(claim)) or points_back
                                   or crossed)
    return Verdict("follows_kept", not dangling,
                   "goes on from the sentence before, which was dropped" if dangling else "")


def _refers_early(claim: str) -> bool:
    """A reference to the paper being discussed ("their", "the authors", "它") among the
    sentence's first `refers_back_words` words ("In their test ..., they ...")."""
    reference = words().reference
    if reference is None:
        return False
    head = claim.split()[: words().refers_back_words]
    return any(reference.match(" ".join(head[i:]).lower()) for i in range(len(head)))


def known_words(claim: str, unknown: frozenset[str], text: str = "") -> Verdict:
    """No word of the sentence is one no loaded paper has, unless the cited text says it through
    an acronym (`text`: "GNN" where the paper writes "graph neural network")."""
    used = unknown.intersection(tokenize(claim)) - (spelt(claim, text) if text else frozenset())
    return Verdict("known_words", not used,
                   f"no loaded paper has: {', '.join(sorted(used))}" if used else "")


# "Without any labels, ...", "However, ...": a short opening phrase before the sentence's subject
_OPENING_PHRASE = re.compile(r"^[^,.;:()\[\]，。；：]{1,40}[,，]\s*")  # "具体来说，他们 ..." too


def refers_to_subject(claim: str) -> bool:
    """'It reduces ...', 'The paper shows ...', '该方法 ...', also after a short opening phrase
    ("Without any labels, it infers ...": blind20's az16 at 4,310 papers was corrected to a
    quote of another paper): about the paper being discussed."""
    reference = words().reference
    low = claim.lstrip()
    return bool(reference and (reference.match(low) or reference.match(_OPENING_PHRASE.sub("", low, count=1))))


# "Liu et al.", "Schönlieb et al": the surname before it (a name, capitalised).
_AUTHOR_LABEL = re.compile(r"(?<![\w-])([^\W\d_][\w'’-]*)\s+et\s+al\b")


def labelled_authors(claim: str) -> list[str]:
    """The surnames of the "X et al." labels a sentence uses."""
    return [m.group(1) for m in _AUTHOR_LABEL.finditer(claim) if m.group(1)[0].isupper()]


def misattributed(claim: str, passage: Passage) -> str:
    """The "X et al." a sentence names when the cited paper's authors are known and no label
    is one of them (nor named in the passage); "" otherwise (the ICLR records carry no
    authors, so a sentence citing one is not judged by its labels)."""
    labels = labelled_authors(claim)
    authors = passage.hit.authors
    if not labels or not authors or any(f"{s} et al" in passage.text for s in labels):
        return ""
    return "" if any(name_matches(s, a) for s in labels for a in authors) else f"{labels[0]} et al."


def unattributed(claim: str, passage: Passage, ctx: Context, same: float = 0.9) -> str:
    """The "X et al." a sentence names when the cited paper's authors are unknown (the ICLR
    records carry none), X wrote other loaded papers, and the cited paper is none of them: not
    one, nor a copy of one (`same` of the passage's words in that paper), nor a passage that
    names X. "" otherwise. (Blind34's bn40 at 4,310 papers: "Lanzillotta et al. use 4 epochs
    per task" cited another paper's "up to 4 epochs".)"""
    labels = labelled_authors(claim)
    if not labels or passage.hit.authors or any(f"{s} et al" in passage.text for s in labels):
        return ""
    theirs = ctx.subjects.labelled(claim)
    if not theirs or passage.hit.paper_id in theirs or copy_of(passage, theirs, ctx, same):
        return ""
    return f"{labels[0]} et al."


def copy_of(passage: Passage, papers: Iterable[str], ctx: Context, same: float = 0.9) -> bool:
    """The passage is from a copy of one of the papers (the same paper loaded twice): `same`
    of its words are in that paper's, or its paper and that one each hold `copy_min_share` of
    the other's words (a copy reworded: blind55's ci22 at 4,310 papers had "The passage from
    [2] states ..." dropped as a tour, [2] being Lanzillotta et al.'s ICLR version)."""
    said, tokens = set(tokenize(passage.text)), ctx.paper_tokens
    return bool(said) and tokens is not None and any(
        len(said & tokens(pid)) >= same * len(said) or same_paper(passage.hit.paper_id, pid, ctx) for pid in papers)


def same_paper(a: str, b: str, ctx: Context) -> bool:
    """Two loaded papers are one loaded twice: each holds `copy_min_share` of the other's words."""
    if ctx.paper_tokens is None:
        return False
    one, other = ctx.paper_tokens(a), ctx.paper_tokens(b)
    return bool(one and other) and len(one & other) >= words().copy_min_share * max(len(one), len(other))


def toured(pointed: Iterable[Passage], ctx: Context) -> Verdict:
    """A sentence reporting what a passage says ("Passage [2] mentions that ...", `Words.tour`)
    in an answer about one paper (`ctx.focus`: the paper the question names, else the one found
    first) reports on that paper's passages (or a copy's): a tour of the other passages is no
    answer (blind35's bo19: "The passage from [2] explains how GLOT ..." in an answer about
    Balla et al.'s post; blind30's bj17 at 4,310 papers toured two other papers' passages
    after answering). A question asking about several papers ("Which papers ...",
    `several_papers`) is answered by such a tour, and is not judged."""
    pointed = list(pointed)
    if not ctx.focus or not pointed or asks_several(ctx):
        return Verdict("toured", True, "")
    if any(p.hit.paper_id in ctx.focus or copy_of(p, ctx.focus, ctx) for p in pointed):
        return Verdict("toured", True, "")
    names = ", ".join(dict.fromkeys(p.hit.name for p in pointed))
    return Verdict("toured", False, f"tells what {names} says, not the paper asked about")


def asks_several(ctx: Context) -> bool:
    """The question asks about several papers ("Which papers ...", "other works")."""
    several = words().several_papers
    return several is not None and bool(several.search(f"{ctx.original} {ctx.question}"))


def subject(claim: str, passage: Passage, ctx: Context, current: frozenset[str] = frozenset()) -> Verdict:
    """A sentence naming loaded papers cites one of them, or a passage that names them; one
    naming "X et al." cites a paper by X (`misattributed`), or, where the cited paper's
    authors are unknown, one of X's loaded papers or a copy (`unattributed`); a sentence
    opening with "the paper", "the authors" or "it" cites the paper being discussed
    (`current`, else the question's focus), whatever it names further on."""
    pid = passage.hit.paper_id
    about = current or ctx.focus
    if about and refers_to_subject(claim) and pid not in about and not copy_of(passage, about, ctx):
        # "The authors add a training-free framework ... TGNN behavior [2]" is about the paper
        # discussed though it names TGNN's paper later on (blind30's bj18 at 4,310 papers)
        return Verdict("subject", False, f"about the paper discussed, cites {passage.hit.name}")
    named = ctx.subjects.named(claim)
    if pid in named and off_topic(named, passage, ctx):
        # "The ResiliBench paper evaluates ... [2]" in an answer about GLOT, the one paper the
        # question names (blind46's bz28 went on to three other papers' abstracts)
        return Verdict("subject", False, f"about {passage.hit.name}, not the paper asked about")
    if pid in named:
        return Verdict("subject", True, "cites the paper it names")
    if label := misattributed(claim, passage):
        return Verdict("subject", False, f"about {label}, cites {passage.hit.name}")
    if label := unattributed(claim, passage, ctx):
        return Verdict("subject", False, f"about {label}, cites {passage.hit.name}, by others")
    if named:
        names = [n for n, p in ctx.subjects.names.items() if p in named]
        if any(n in passage.text for n in names):
            return Verdict("subject", True, "the passage discusses the paper it names")
        return Verdict("subject", False, f"about {', '.join(sorted(names)[:2])}, cites {passage.hit.name}")
    if (ctx.named_focus and about and pid not in about and not labelled_authors(claim) and not asks_several(ctx)
            and not copy_of(passage, about, ctx)):
        # a sentence naming no paper, in an answer about the papers the question names, goes on
        # about them: "The implicit model wins ... [3]" for a question about Liu et al. may not
        # cite another paper's "implicit CoT" (blind38's br34 at 4,310 papers)
        asked = [n for n, p in ctx.subjects.names.items() if p in about]
        if not any(n in passage.text for n in asked):
            return Verdict("subject", False, f"about the paper asked about, cites {passage.hit.name}")
    return Verdict("subject", True, "")


def identified(sentence: str, cited: Iterable[str], ctx: Context) -> frozenset[str]:
    """The papers a kept sentence of an answer to a question describing one paper (no name,
    `ctx.named_focus` unset; not asking for several, `asks_several`) says it means: those it
    names, or labels "X et al.", and cites. From there on the answer is about them as if the
    question had named them (`subject`): "The library contains a work by Drechsel et al. that
    learns ... [1]. The architecture trained is transformer [3]." may not cite TGMM's passage
    for the paper it identified (blind53's cg22). Empty otherwise, and for a question asking
    about more than one paper it describes ("info said and graph b s i both ...: what does each
    one use ...?", `two_described`: blind39's bs29 lost what it said of the second)."""
    if not _about_one_described(ctx):
        return frozenset()
    return frozenset(ctx.subjects.meant(sentence) & set(cited))


def _about_one_described(ctx: Context) -> bool:
    """The question describes the paper it asks about (names none, yet found one) and asks
    about one: neither "which papers" (`asks_several`) nor "both", "each one" (`two_described`)."""
    two = words().two_described
    return (not ctx.named_focus and bool(ctx.focus) and not asks_several(ctx)
            and not (two is not None and two.search(f"{ctx.original} {ctx.question}")))


def named_in_reply(reply: str, cited: Iterable[int], given: Mapping[int, str], ctx: Context) -> frozenset[str]:
    """The one paper a reply to a question describing one paper names (or labels "X et al."),
    when it names no other and the passages given hold it (`given`: their numbers' paper ids;
    `cited`: the numbers the reply cites): the
    reply says which paper it means, so all of it is about that paper, its sentences before
    the naming one too ("Yes, there is a paper ... on discrete data such as DNA. ... The paper
    introduces InfoSEDD (Foresti et al.) ...": blind54's ch17 at 4,310 papers had its first
    sentences repaired to another paper's passage). It must cite no other paper's passage: a
    reply citing others may name a paper in passing ("... the framework called TGMM in [3]",
    blind39's bs18) or wrongly in a sentence that is dropped (blind46's bz17 named GraphBSI for
    ALL-IN), and the papers it cites by [n] alone are not in its names (blind52's cf09). Empty
    otherwise, as in `identified`. Nor may the paper it names hold fewer of the question's
    words than the paper found first (`ctx.focus`): "Instead, they applied GraphBSI, which ..."
    named a tool, not the paper described (blind55's ci15, asking for InfoSEDD, found first)."""
    if not _about_one_described(ctx):
        return frozenset()
    named = ctx.subjects.meant(reply)
    if len(named) != 1 or not named & set(given.values()):
        return frozenset()
    tokens = ctx.paper_tokens
    if tokens and not named <= ctx.focus and not any(same_paper(n, f, ctx) for n in named for f in ctx.focus):
        # (a copy of the paper found first, loaded again, is that paper: blind46's bz15 at 4,310)
        asked = frozenset(tokenize(ctx.question))
        if max(len(asked & tokens(p)) for p in named) < max(len(asked & tokens(p)) for p in ctx.focus):
            return frozenset()
    return frozenset(named) if {given.get(n) for n in cited} <= named else frozenset()


def off_topic(named: set[str], passage: Passage, ctx: Context) -> bool:
    """A sentence naming only papers the question did not name, when the question names the
    papers it is about (`ctx.named_focus`) and asks about no others (`asks_several`): what
    another paper does is no answer to a question about this one."""
    about = ctx.focus
    return bool(ctx.named_focus and about and named and not named & about and not asks_several(ctx)
                and not copy_of(passage, about, ctx))


def no_contradiction(claim: str, passage: Passage) -> Verdict:
    if _CJK.search(claim):
        return Verdict("no_contradiction", True, "not measured (Chinese)")
    for sentence in aligned_sentences(claim, passage):
        if why := (contradiction(claim, sentence, passage.hit.name) or swapped_figures(claim, sentence)
                   or swapped_subjects(claim, sentence) or overstated_scope(claim, sentence)
                   or narrowed_scope(claim, sentence) or release_denied(claim, sentence)):
            return Verdict("no_contradiction", False, why)
    return Verdict("no_contradiction", True, "")


# a word of what a sentence says beside the names it uses (`identifies`)
_IDENTIFYING_WORD = re.compile(r"[^\W\d_][\w'’]*")


def identifies(claim: str, passage: Passage, ctx: Context) -> bool:
    """Whether the sentence only says which paper a described one is, and cites it: "It is
    called STAD (Schirmer et al.)." citing STAD. Beside the cited paper's name or "X et al."
    label and what is in brackets, it holds only `identifying_words` ("it", "is", "called",
    "the method you mean"). Its similarity to any passage is low, so it was dropped."""
    w = words()
    pid = passage.hit.paper_id
    low = claim.lower()
    # first what costs little: the cited paper's names written in any case, or a label of it
    # (checked for every sentence and passage below the support threshold; `named` scans the
    # sentence for all the library's names, 0.8 ms at 4,310 papers)
    labelled = ctx.subjects.labelled(claim)
    if not any(n.lower() in low for n in ctx.subjects.by_paper.get(pid, ())) and pid not in labelled:
        return False
    if pid not in ctx.subjects.named(claim) | labelled:
        return False
    rest = BRACKETED.sub(" ", re.sub(r"\[\d+\]", " ", claim))
    rest = _AUTHOR_LABEL.sub(" ", ctx.subjects.pattern.sub(" ", rest) if ctx.subjects.pattern else rest)
    said = [x.lower() for x in _IDENTIFYING_WORD.findall(rest)]
    return bool(said) and all(x in w.identifying for x in said)


def check_pair(claim: str, passage: Passage, score: float, ctx: Context,
               current: frozenset[str] = frozenset()) -> tuple[Verdict, ...]:
    """Every check of one (sentence, cited passage) pair. A sentence saying which paper the
    described one is (`identifies`) is supported by that paper's passage."""
    similar = Verdict("supported", True, "says which paper it is: the one cited") \
        if score < ctx.threshold and identifies(claim, passage, ctx) else supported(score, ctx.threshold)
    return (similar, numbers_held(claim, passage),
            numbers_bound(claim, passage, ctx.question),
            asked_terms_held(claim, passage, ctx.question, ctx.words_of(passage), ctx.term_share,
                             ctx.restated_span, ctx.echo_share),
            specifics_held(claim, passage, ctx.question, ctx.words_of(passage), ctx.cited_names),
            known_words(claim, ctx.unknown, passage.hit.text),
            subject(claim, passage, ctx, current), no_contradiction(claim, passage))


def passes(verdicts: tuple[Verdict, ...]) -> bool:
    return all(v.ok for v in verdicts)


def correctable(verdicts: tuple[Verdict, ...]) -> bool:
    """The passage is about what the sentence says (similar, right subject) but disagrees with
    it: the sentence is replaced by the passage's own words, never cited as support."""
    by = {v.check: v.ok for v in verdicts}
    return by["supported"] and by["subject"] and by["known_words"] and not by["no_contradiction"]


# --- when to ask the model ------------------------------------------------------------------
def content_terms(question: str) -> list[str]:
    """The question's stemmed content words, without the words that frame it; a compound
    ("discrepancy-aware") counts once, not also as its parts."""
    frame = words().frame
    tokens = tokenize(question)
    parts = {p for t in tokens if "-" in t or "." in t for p in re.split(r"[.\-]", t)}
    return list(dict.fromkeys(t for t in tokens if t not in frame and t not in parts))


def rarity(papers: list[str]) -> dict[str, float]:
    """Each stemmed word's inverse document frequency over the papers' texts, log(1 + N/df)."""
    df: Counter[str] = Counter()
    for text in papers:
        df.update(set(tokenize(text)))
    n = len(papers)
    return {w: math.log(1 + n / c) for w, c in df.items()}


def coverage(terms: list[str], texts: list[str], weight: Mapping[str, float]) -> float:
    """The best share of the terms, each weighted by its rarity (`weight`; a word no paper has
    weighs as the rarest), that one text holds."""
    if not terms or not texts:
        return 0.0
    rarest = max(weight.values(), default=1.0)
    w = {t: weight.get(t, rarest) for t in terms}
    total = sum(w.values())
    if not total:
        return 0.0
    best = 0.0
    for text in texts:
        held = set(tokenize(text))
        best = max(best, sum(v for t, v in w.items() if t in held) / total)
    return best


def capped_share(share: float, terms: int, cap: int | None) -> float:
    """A share of a question's `terms` words (weighted) as a share of `cap` of them: a question
    of more words needs no more of their weight than one of `cap` words would (a description of
    a hundred plain words holds some other paper's word in every clause, which dilutes the share
    its own paper's text holds). Unchanged for `cap` None or a question of `cap` words or fewer."""
    return min(1.0, share * terms / cap) if cap and terms > cap else share


@dataclass(frozen=True)
class LibrarySize:
    """How far the library is from a large one, for the answerability gate: `scale` is
    min(1, papers / unknown_word_papers). At scale 1 an ordinary English word no loaded paper
    has weighs as the rarest and a question needs `min_coverage`; at smaller scales such a word
    weighs `scale` times the rarest and the need falls in proportion towards `small_coverage`.
    `ordinary`: the stemmed ordinary English words (rag/text.py `english_words`)."""
    scale: float = 1.0
    small_coverage: float = 0.0
    ordinary: frozenset[str] = frozenset()

    def weight(self, terms: list[str], weight: Mapping[str, float]) -> Mapping[str, float]:
        if self.scale >= 1.0:
            return weight
        unknown = [t for t in terms if t not in weight and t in self.ordinary]
        if not unknown:
            return weight
        rarest = max(weight.values(), default=1.0)
        return {**weight, **dict.fromkeys(unknown, self.scale * rarest)}

    def need(self, min_coverage: float) -> float:
        return min(min_coverage, self.small_coverage + self.scale * (min_coverage - self.small_coverage))


def answerability(question: str, texts: list[str], best_dense: float, floor: float | None,
                  min_coverage: float, weight: Mapping[str, float],
                  close: float | None = None, size: LibrarySize = LibrarySize(),
                  closest_sentence: Callable[[], float] | None = None,
                  sentence_close: float | None = None, terms_cap: int | None = None) -> Verdict:
    """Whether retrieval found something the question can be answered from: the best passage
    (with its paper's name) holds enough of the question's rarer words, or the best dense
    cosine is close (`close`, a paraphrase); and, where this embedder has a calibrated floor,
    the best dense cosine reaches it. A question with no
    measurable word (Chinese without a Latin term) is left to the floor alone. In a small
    library (`size`), ordinary English words no paper has weigh less and the need is lower:
    a paraphrase in plain words is not refused for words that 20 abstracts could not hold.
    Pronouns, prepositions and other closed-class words (`gate_function_words`) are not
    counted: "my plan", "has someone already ..." say nothing about which paper answers.
    Short of coverage, a sentence of the question as close to a passage's sentence as
    `sentence_close` (`closest_sentence`, computed only then) asks the model: a long paraphrase
    in plain words whose describing sentence is near its paper's (answers_library_blind45).
    A question of more than `terms_cap` distinct terms needs no more than one of `terms_cap`
    would: the best passage must hold the weight of `min_coverage` × `terms_cap` of its average
    terms. An inventor's description of a hundred plain words ("we keep a moving typical
    example per category ... update it with a probabilistic tracker") has a word of some other
    paper in every clause, which dilutes the share its own paper's passage holds."""
    if floor is not None and best_dense < floor:
        return Verdict("answerable", False, f"best cosine {best_dense:.2f} below {floor:.2f}")
    if close is not None and best_dense >= close:
        return Verdict("answerable", True, f"best cosine {best_dense:.2f} reaches {close:.2f}")
    function = words().gate_function  # "my", "you", "about": no paper's word, nor any other's
    terms = [t for t in content_terms(question) if t not in function]
    if _CJK.search(question) and not any(t.isascii() for t in terms):
        return Verdict("answerable", True, "no measurable term; dense floor only")
    n, need = len(set(terms)), size.need(min_coverage)
    cov = capped_share(coverage(terms, texts, size.weight(terms, weight)), n, terms_cap)
    of = f"{terms_cap} of the question's {n} words' weight" if terms_cap and n > terms_cap else "the question's words"
    held = f"best passage holds {cov:.2f} of {of} (need {need:.2f})"
    if cov < need and sentence_close is not None and closest_sentence is not None \
            and (best := closest_sentence()) >= sentence_close:
        return Verdict("answerable", True, f"{held}, but a sentence of it is at cosine {best:.2f} "
                       f"to a passage's (reaches {sentence_close:.2f})")
    return Verdict("answerable", cov >= need, held)


# "by choosing how many times a block is looped": a question inside a description, asking nothing
# ... or one whose subject follows at once or after the thing counted, as in no direct question
# ("When you forecast how much each user will interact with each item, is there a paper ...?",
# blind35's bn18; "the user decides at run time how many times an internal block is repeated",
# blind44's bx16)
# ... unless a verb asking for it comes before ("Tell me how many GPUs the authors used.")
_ASKS_FOR_IT = re.compile(r"\b(?:tell|say|state|report|give|know|wonder|ask|explain|show|check|list|indicate|"
                          r"specify|note|find out|extract|enter|record)(?:\s+(?:me|us))?\s*$", re.IGNORECASE)


def _indirect(m: re.Match[str]) -> str:
    """What an indirect "how many / much" becomes: nothing, unless a verb before asks for it or
    it opens the clause after a comma with no other ask after it ("For RoT, how many tokens the
    method saves?" asks, in a learner's word order)."""
    if m.group(1):
        return f"{m.group(1)} the"
    before, after = m.string[: m.start()], m.string[m.end():]
    if _ASKS_FOR_IT.search(before) or (before.rstrip().endswith(",") and not _LATER_ASK.search(after)):
        return m.group(0)
    return ""


_INDIRECT = re.compile(r"\b(\w+ing)\s+how\s+(?:many|much)\b|(?<=[\w,]\s)()how\s+(?:many|much)(?:\s+\w+)?(?=\s+(?:each|every|the|a|an|"
                       r"its|their|this|that|these|those|it|they|we|you|he|she|one)\b)", re.IGNORECASE)


# the word an asking clause opens with: a question word or an auxiliary
_ASKING_WORD = (r"(?:why|what|which|how|who|where|when|does|do|did|is|are|was|were|can|could|would|will|"
                r"should|has|have|had)\b")
# an ask going on after a comma ("..., is there a paper ...?")
_LATER_ASK = re.compile(rf",\s*(?:and\s+)?{_ASKING_WORD}", re.IGNORECASE)
# "In the framework that lets users set how many iterations a simulator runs, why would ...?":
# a lead-in phrase that only describes the paper, before the clause that asks
_LEAD_IN = re.compile(
    r"^\s*(?:(?:in|for|on|under|within|among|across|from|given|according to|with|beyond|besides|"
    rf"apart from|regarding|concerning|following)\s+(?!{_WH})"
    # a clause setting the scene ("When InfoSEDD is used for model selection, does it ...?",
    # blind29's bi38), not one that asks ("When does ...")
    rf"|(?:when|whenever|if|once|after|before|while|since|although|though|suppose|assuming)\s+"
    rf"(?!{_WH}|{_ASKING_WORD}))"
    rf"(?P<lead>[^?,]*(?:,[^?,]*)*?),\s*(?={_ASKING_WORD})", re.IGNORECASE)
# a question word the lead-in asks with itself ("..., for what kind of data were ...")
_LEAD_ASKS = re.compile(r"(?:^|[,;]|\b(?:and|or|in|on|for|with|of|from|to|by|at|under|within|among|"
                        rf"across|about)\b)\s*{_WH}", re.IGNORECASE)


def _without_lead_in(sentence: str) -> str:
    """The asking clause of a question sentence that opens with a phrase describing the paper
    ("In the framework that lets users set how many recurrent iterations a neural simulator
    runs at test time, why would a user choose a small number?" asks why, not how many). A
    lead-in that asks itself ("On which datasets, for example MNIST, is TGMM evaluated?", "...,
    for what kind of distributions were ...") is part of the question and stays."""
    m = _LEAD_IN.match(sentence)
    if not m or _LEAD_ASKS.search(m.group("lead")):
        return sentence
    return sentence[m.end():]


@lru_cache(maxsize=256)
def asking_part(question: str) -> str:
    """What a question asks of the answer, without what only describes the paper: the
    statements before its question sentences ("One method checks how much dropping a part of
    the update changes the outputs. According to it, which two limitations ...?"), a lead-in
    phrase before the asking clause (`_without_lead_in`) and the questions a description holds
    ("For the simulator whose users choose how many times a block is looped, what kind of
    simulations ...?" asks for no count), and the quotations it asks about (an inventor's
    description, 'We measure how much two sequences ... tell us about each other', asks for no
    quantity: blind47's ca23)."""
    sentences = split_sentences(without_quotations(question).strip() or question)
    asking = [s for s in sentences if s.endswith(("?", "？"))]
    kept = asking if 0 < len(asking) < len(sentences) else sentences
    kept = [_INDIRECT.sub(_indirect, s) for s in kept]
    return " ".join(_without_lead_in(_after_colon(s)) if s.endswith(("?", "？")) else s for s in kept) or question


# "The compressor that checks ... how much dropping a unit changes the outputs: on which two
# kinds of heuristics do existing methods rely?": the asking clause after a colon
_COLON_ASKS = re.compile(rf"(?:(?:in|on|for|with|of|from|to|by|at|under|according to)\s+)?{_ASKING_WORD}",
                         re.IGNORECASE)


def _after_colon(sentence: str) -> str:
    """The asking clause of a question sentence whose description of the paper ends in a colon
    (blind28's bh19 asked for no quantity, though its description says "how much"); a list of
    choices after a colon ("At what rate ...: linearly, polynomially or exponentially?") is
    part of the question and stays."""
    before, colon, after = sentence.rpartition(":")
    return after.strip() if colon and before.strip() and _COLON_ASKS.match(after.strip()) else sentence


def answer_type_matches(question: str, text: str, names: Iterable[str] = (), cited: str = "") -> Verdict:
    """A "how many" question needs a quantity in the answer, and, in an English answer, the
    thing counted ("How many GPU hours ...?" is not answered by "13.5% less memory"); a vague
    one ("in a handful of episodes") counts when the cited text (`cited`) says it so. So does
    a question for a size, value or ratio ("What replay buffer size ...?"). A question for a
    named thing ("Which image datasets ...?") needs a name, acronym or figure that is neither
    the question's nor a cited paper's (`names`): "STAD is evaluated on real-world temporal
    distribution shifts" names no dataset. A question for a date ("On what date was ... first
    published?", `date_asks`) needs a year, month or day (blind36's bp35 was answered by a
    quoted sentence of the post giving none)."""
    asking = asking_part(question)
    # "Does the approach that scores drops by how much outputs change build on them?" asks yes or no
    yes_no = bool(_AUXILIARY.match(asking.lstrip()))
    part = _quantity_asked(asking, yes_no)
    if part and not _new_quantity(text, question) and not _vague_but_cited(part, text, cited):
        return Verdict("answer_type", False, "a quantity was asked and none is given")
    dated = words().date_asks
    if dated is not None and dated.search(asking) and not _DATE.search(text):
        return Verdict("answer_type", False, "a date was asked and none is given")
    counted = counted_thing(part)
    said = set(tokenize(text)) | (_PERCENT if "%" in text else set())
    # "how many tool APIs" is answered by "30 APIs": any word of the counted phrase will do
    if part and counted and not _CJK.search(text) and not ({counted} | counted_phrase(part)) & said:
        return Verdict("answer_type", False, f"asked how many {counted}; the answer counts something else")
    if part and counted and _only_ratios(part, counted, text):
        return Verdict("answer_type", False, f"asked how many {counted}; the answer gives only a ratio")
    zh = bool(_CJK.search(text))
    if not yes_no and (thing := asked_name(asking, cjk=zh)):
        known = set(tokenize(" ".join([question, *names])))
        named = _LATIN_NAME.findall(text) if zh else specifics(text)
        if not any(not set(tokenize(w)) <= known for w in named):
            return Verdict("answer_type", False, f"asked which {thing}; the answer names none")
    return Verdict("answer_type", True, "")


# A date: a year, a month's name, or a Chinese year, month or day ("2024", "March", "2024年", "3月")
_DATE = re.compile(r"(?<!\d)(?:1[89]|20)\d\d(?!\d)|\b(?:January|February|March|April|May|June|July|August|"
                   r"September|October|November|December)\b|\d\s*[年月日]")


def _only_ratios(asking: str, counted: str, text: str) -> bool:
    """A "how many X" question (X: `counted_thing`) that asks a count, not a comparison (no
    count modifier such as "fewer" or "times" before X), answered only by figures given as
    ratios: "GLOT's pooling module has 20x fewer trainable parameters" does not say how many it
    has (blind19's ay41, unanswerable)."""
    m = _HOW_MANY_MUCH.search(asking)
    if not m or m.group(1).lower() != "many":
        return False
    tokens = tokenize(m.group(2))
    if set(tokens[: tokens.index(counted)] if counted in tokens else tokens) & words().count_modifiers:
        return False
    body = re.sub(r"\[\d+\]", " ", text)  # its [n] markers are no figures
    given = numbers(body)
    return bool(given) and given <= ratios(body)


def _quantity_asked(asking: str, yes_no: bool) -> str:
    """The part of the asking text that asks for a quantity ("" when none does). A yes / no
    question asks none ("Does the approach that scores drops by how much outputs change build
    on them?"), but an ask that follows it does: "Can RoT's graph guide a different model, and
    how much accuracy is lost when it is?" (blind21's ba31, answered "Yes" alone); "Does X
    help? How much?"."""
    def asks(part: str) -> bool:  # "what kind of depth" asks for a kind (blind31's bk29)
        if _ASKS_QUANTITY.search(part):
            return True
        m = _asks_for("quantity_nouns").search(part)
        return m is not None and not set(m.group("gap").lower().split()) & words().kind_words
    if not yes_no:
        return asking if asks(asking) else ""
    # every ask after the first, yes / no one (split where another one begins: `_NEXT_ASK`)
    later = [part for sentence in split_sentences(asking) for part in _NEXT_ASK.split(sentence)][1:]
    return next((part for part in later if not _AUXILIARY.match(part.lstrip()) and asks(part)), "")


def _vague_but_cited(asking: str, text: str, cited: str) -> bool:
    """The answer gives a quantity only vaguely ("a handful of episodes"), as the cited text
    does, and the question does not ask for it exactly."""
    w = words()
    if w.vague_quantity is None or (w.exact is not None and w.exact.search(asking)):
        return False
    return any(m.group().lower() in cited.lower() for m in w.vague_quantity.finditer(text))


_SENTENCE_END = re.compile(r"(?<=[.!])\s+(?=[A-Z])")


@lru_cache(maxsize=256)
def asked_of(question: str) -> str:
    """A question without what the asker only reports for checking: a sentence stating what
    they believe or remember ("I remember the tension it stressed as speed versus sample
    quality.", `belief_markers`) and a quotation of three words or more (a slide bullet, "GLOT
    → 100x fewer trainable params than PEFT"). A comparison made there is the asker's, to be
    confirmed or corrected, not one the answer's papers must make (blind36's bm19 and bm28,
    blind40's bu01, answered from their evidence in session 42's oracle runs)."""
    marker = words().belief_marker
    kept = [s for s in split_sentences(question) if not (marker and marker.search(s) and not s.rstrip().endswith("?"))]
    text = " ".join(kept) if kept else question
    return without_quotations(text)


def compared_held(question: str, cited: Iterable[Passage],
                  paper: Callable[[Passage], frozenset[str]] | None = None, original: str = "") -> Verdict:
    """A question comparing its subject with something named ("compare with Nesterov's
    method", "compare with their scores on ToolBench") is answered only by papers that name
    it: each name from the comparison on is among the words of the cited passages and
    (`paper`, e.g. `Context.words_of`) their papers, or the cited text spells it out ("CoT":
    "Chain-of-Thought"). Answering about the subject alone ("corner SGD reaches O(t^-2ζ)")
    does not say how it compares. Of a Chinese question (`original`, `question` being its
    English reading) only the Latin names it writes itself count: the rest of the reading is a
    small model's translation ("参数高效微调方法" read as "parameter-efficient micro-tuning
    methods", blind56's cj27)."""
    asked = asked_of(question)
    compared = _COMPARED.search(asked)
    if not compared:
        return Verdict("compared_held", True, "")
    # the names from the comparison on: "GPU kernels" before it describes the subject; up to
    # the end of its question or sentence ("... than UPT on ShapeNet-Car? How much ...": not
    # "How", blind32's bl25)
    # ... up to a dash setting off the rest of a typed query ("navis vs persistant forecast /
    # moving avg heuristics - does it actually beat them", blind37's bq09)
    part = QUERY_BREAK.split(_SENTENCE_END.split(_clauses(asked[compared.start():])[0])[0])[0]
    # the comparing word opening a sentence ("Compared to embedding ...", blind48's cb27) names nothing
    names = specifics("x " + part[:1].lower() + part[1:])
    held = cited_words(cited, paper)
    text = " ".join(p.text for p in cited)
    translated = bool(original) and is_chinese(original)
    if translated:
        written = set(tokenize(original))
        names = [n for n in names if set(tokenize(n)) <= written]
    if names:
        missing = [n for n in dict.fromkeys(names) if not set(tokenize(n)) <= held and not spelt_out(n, text)]
    elif translated or compared.group(0).lower().startswith("than"):
        missing = []
    else:  # a thing in lower case ("compare with the conjugate gradient method"): its own
        # words, but for a clause about it ("... achieving the same") and generic ones
        w = words()
        thing = QUERY_BREAK.split(compared.group(1))[0]
        thing = w.compared_clause.split(thing, maxsplit=1)[0] if w.compared_clause else thing
        generic = w.compared_generic | w.generic
        # a word of the same meaning ("avg", claim_synonyms), or a lower-case acronym the cited
        # text spells out ("cot": "Chain-of-Thought") is held too
        missing = [t for t in dict.fromkeys(tokenize(thing)) if t not in generic and t not in held
                   and not w.synonyms.get(t, frozenset()) & held and not spelt_out(t, text)]
    asks = "to compare with" if re.match(r"compar|than|versus|vs", compared.group(0), re.IGNORECASE) else "about use with"
    return Verdict("compared_held", not missing,
                   f"asked {asks} {', '.join(missing)}; no cited paper names it" if missing else "")


@lru_cache(maxsize=1)
def _direction_stems() -> dict[str, frozenset[str]]:
    """up / down: the stems of the direction words and comparatives of that direction."""
    w = words()
    return {d: frozenset(t for x in (w.up if d == "up" else w.down) | {c for c, e in w.comparatives.items() if e == d}
                         for t in tokenize(x)) for d in ("up", "down")}


def comparative_held(question: str, text: str, cited: Iterable[Passage],
                    paper: Callable[[Passage], frozenset[str]] | None = None) -> Verdict:
    """A comparative the answer adds ("lower than", "outperforms") that the question did not
    say is a claim of the answer's own: its cited passages or (`paper`) their papers must speak
    of a change or comparison in that direction (a word of `directions` or `comparatives`:
    "lower" is held by "reduces" or "fewer"). A word whose direction depends on the metric
    ("better", "outperforms", `valence_comparatives`) is held by a comparison either way, and so
    is "more" or "less" before a quality (`quality_adjectives`: "more robust", blind58's cl24).
    blind23's bc39 said OpTI-BFM's return "is typically lower than" fine-tuning's, which its
    paper never compares. A Chinese answer is not measured."""
    body = re.sub(r"\[\d+\]", " ", text)
    if _CJK.search(body):
        return Verdict("comparative_held", True, "")
    w = words()
    asked = set(re.findall(r"[a-z]+", question.lower()))
    found = re.findall(r"[a-z]+", body.lower())
    # each comparative as said, with whether it compares by the metric: "better", or "more" /
    # "less" before a quality ("more robust" compares as "better" does, cl24 of blind58)
    after = [*found[1:], ""]
    said = list(dict.fromkeys((x, x in w.valence or after[i] in w.quality_adjectives)
                              for i, x in enumerate(found) if x in w.comparatives and x not in asked))
    if not said:
        return Verdict("comparative_held", True, "")
    held = cited_words(cited, paper)
    ways = _direction_stems()
    either = ways["up"] | ways["down"]
    missing = list(dict.fromkeys(x for x, by_metric in said
                                 if not held & (either if by_metric else ways[w.comparatives[x]])))
    return Verdict("comparative_held", not missing,
                   f"compares ({', '.join(missing)}) where no cited paper speaks of a change that way" if missing else "")


# where another ask begins ("..., and what do they discard", "and by how much"); the ask kept
_NEXT_ASK = re.compile(r",?\s*\b(?:and|or|but)\s+(?=(?:by\s+)?(?:what|which|how|why|where|when|who|does|do|did|is|"
                       r"are|can)\b)", re.IGNORECASE)


def varied_held(question: str, cited: Iterable[Passage],
                paper: Callable[[Passage], frozenset[str]] | None = None) -> Verdict:
    """A question asking how something changes as a condition varies ("How does the retrieval
    latency of RoT grow as its thought graph scales from thousands to millions of nodes?",
    "... change when the share of distractor tokens rises from 90% to 99%?"), how it handles a
    case ("How does ALL-IN handle text-attributed graphs, where each node carries raw text?"; likewise
    how it chooses, stops, prevents or detects something: `handled_verbs`) or
    how well it does in one ("How well does GLOT work when the frozen model is an encoder-only
    model such as BERT?"), in the question's asking sentences (`asking_part`), is answered only
    by papers that speak of that condition or case: every word and figure of it is among the
    words of the cited passages and (`paper`) their papers, but for the words that say only
    that it varies (`varied_fillers`: "grows", "from ... to") and generic ones; of a case,
    `handled_min_share` (`how_well_min_share`) of them (a case may be paraphrased: "test data
    from a shifted distribution" for "distribution shifts"). An answer about the subject alone
    (its success rates, not how they change with workflow length; how ALL-IN builds node
    representations, not how it treats raw text) does not answer.
    A question offering alternatives ("address it: through extra machinery, or naturally?") is
    `choice_held`'s. Forms and shares: `Words.case_forms` (`varied_*`, `handled_*`, `how_well_*`)."""
    w = words()
    asking = asking_part(question)
    # each ask on its own: "How does training memory behave for X, and what do they compare
    # them with when they talk about Y?" asks no condition of the memory (blind35's bo03)
    found, share = next(((m, s) for part in _NEXT_ASK.split(asking) for p, s in w.case_forms
                         if (m := p.search(part))), (None, 1.0))
    if not found or offered_choices(question):
        return Verdict("varied_held", True, "")
    case = found.group(1)
    held = cited_words(cited, paper)
    wanted = [t for t in dict.fromkeys(tokenize(case.replace(",", "")))
              if t not in w.varied_fillers and t not in w.generic and t not in w.frame]
    missing = [t for t in wanted if t not in held]
    ok = not wanted or (len(wanted) - len(missing)) / len(wanted) >= share
    return Verdict("varied_held", ok, "" if ok else f"asks about {', '.join(missing)}; no cited paper speaks of it")


# A name written in Latin letters inside Chinese text (Chinese characters count as \w, so
# specifics' word boundaries do not hold): a capital past its first letter, a capitalised
# word, or a figure ("在 Moses 和 GuacaMol 上", "CIFAR-10").
_LATIN_NAME = re.compile(r"(?<![A-Za-z0-9_-])(?:[A-Z][A-Za-z0-9_-]*|[a-z][a-z0-9_-]*[A-Z0-9][A-Za-z0-9_-]*)")


@lru_cache(maxsize=2)
def _asks_for(nouns: str) -> re.Pattern[str]:
    """"what/which" with at most three words, none a verb, before one of the `nouns` word list
    ("What replay buffer size", "What is the dimensionality", "Which image datasets"); not "to
    what degree", which asks how much, nor "and what under fixed step sizes", whose "what" asks
    what holds there (`asks_for_breaks`, blind54's ch11)."""
    listed = "|".join(re.escape(n) for n in sorted(getattr(words(), nouns), key=len, reverse=True))
    breaks = "|".join(map(re.escape, sorted(words().asks_for_breaks))) or "(?!)"
    gap = rf"(?:(?!{_AUXILIARY.pattern})(?!(?:{breaks})\b)[\w'-]+\s+|(?:is|are) (?:the|its|their)\s+)"
    return re.compile(rf"(?<!\bto )\b(?:what|which)\s+(?P<gap>{gap}{{0,3}}?)(?P<noun>{listed})\b", re.IGNORECASE)


def asked_name(question: str, cjk: bool = False) -> str:
    """The named thing a "which/what X" question asks for ("datasets" in "Which image datasets
    does ...?"), "" when it asks for a kind of X ("what kind of datasets") or for no such thing.
    With `cjk` (a Chinese answer), the Chinese form ("哪些真实世界数据集", "什么损失函数") counts."""
    m = _asks_for("named_nouns").search(question)
    gap = set(m.group("gap").lower().split()) if m else set()
    if m and not gap & (words().kind_words | words().function_words):
        return m.group("noun")
    if cjk and (m := _asks_for_cjk().search(question)) and not set(m.group("gap")) & words().kind_cjk:
        return m.group("noun")
    return ""


@lru_cache(maxsize=1)
def _asks_for_cjk() -> re.Pattern[str]:
    """哪些/哪个/哪种/什么 with at most six characters, no clause break, before one of
    `named_nouns_cjk` ("哪些真实世界数据集")."""
    listed = "|".join(re.escape(n) for n in sorted(words().named_nouns_cjk, key=len, reverse=True))
    return re.compile(rf"(?:哪些|哪个|哪种|哪一种|哪一个|哪几个|哪几种|什么)(?P<gap>[^，,。？?；;]{{0,6}}?)(?P<noun>{listed})")


_PRONOUN = re.compile(r"(?:it|they|this|that|these|those|we|you|he|she|there)\b", re.IGNORECASE)
_HOW_MANY_MUCH = re.compile(r"\bhow (many|much)\s+([\w\s-]{1,60})", re.IGNORECASE)  # and what it counts


def counted_thing(question: str) -> str:
    """The stem of what "how many/much X" counts: its first content word past a name that
    modifies it ("hour" in "How many GPU hours", "task" in "how many ResiliBench tasks";
    "paramet" in "How many fewer parameters"); "" when there is none."""
    m = _HOW_MANY_MUCH.search(question)
    # "how much does it cut ...", and without the auxiliary "how much it improves the speed"
    # (blind38's br01, a non-native speaker): a degree, not a count
    if not m or _AUXILIARY.match(m.group(2)) or _PRONOUN.match(m.group(2)):
        return ""
    return _head_word(m.group(2))


def _head_word(phrase: str) -> str:
    """The first content word (stem) of what a "how many/much" phrase names, past a name that
    modifies it ("how many ResiliBench tasks" counts tasks) and past framing, count modifiers
    and spelled numbers ("how many fewer parameters")."""
    named = _NAME_BEFORE.match(phrase)
    phrase = phrase[named.end():] if named else phrase
    skip = words().frame | words().count_modifiers | {t for n in words().spelled for t in tokenize(n)}
    return next((t for t in tokenize(phrase) if t not in skip), "")


@lru_cache(maxsize=256)
def measured_thing(question: str) -> str:
    """The stem of what "how much X" measures when X is said before the question's verb
    ("memori" in "How much memory overhead does RoT's graph add?", "wall" in "How much extra
    wall-clock time does ... add?"); "" when the verb comes first ("How much does it cut ...?")
    or a comparison does ("How much faster is NAVIS ...?")."""
    m = _HOW_MUCH.search(question)
    if not m:
        return ""
    parts = _AUXILIARY_WORD.split(m.group(1), maxsplit=1)
    return _head_word(parts[0]) if len(parts) > 1 else ""  # only what comes before the verb


def counted_phrase(question: str) -> set[str]:
    """The stems of the whole phrase "how many" counts, up to its verb ("tool APIs" in "how many
    tool APIs does its task set draw on"), beyond the skipped words of `counted_thing`."""
    m = re.search(r"\bhow many\s+((?:(?!" + _AUXILIARY.pattern + r")[\w-]+\s*){1,4})", question, re.IGNORECASE)
    if not m:
        return set()
    said = re.findall(r"[\w-]+", m.group(1))
    # a name before a lower-case word modifies it ("ResiliBench tasks"): the tasks are counted
    kept = [w for i, w in enumerate(said) if not (w != w.lower() and i + 1 < len(said) and said[i + 1].islower())]
    skip = words().frame | words().count_modifiers
    return {t for t in tokenize(" ".join(kept)) if t not in skip}


_WH_WORD = re.compile(rf"\b{_WH}", re.IGNORECASE)
_CONDITION = re.compile(r"\s*(?:and\s+)?if\b", re.IGNORECASE)  # "If so, how well ...?"
_BACK_REFERENCE = re.compile(r"\b(?:this|these|such)\b|这|此|该", re.IGNORECASE)  # "on this task"


def _clauses(question: str) -> list[str]:
    """The question's parts ending in a question mark (English or Chinese), and any after."""
    return [c for c in re.split(r"[?？]", question) if c.strip()]


def _last_sentence(clause: str) -> str:
    """A question clause's (`_clauses`) last sentence: its asking one, after any statements."""
    return (split_sentences(clause) or [clause])[-1].strip()


def _yes_no_sentence(clause: str) -> str:
    """A question clause's (`_clauses`) last sentence when it asks yes / no after statements
    setting the scene ("We want the dependence among three or more sites at once. Can InfoSEDD
    estimate the total correlation of several variables directly", blind52's cf41), else ""."""
    last = _last_sentence(clause)
    return last if last != clause.strip() and asks_yes_no(last) else ""


def asks_after_yes_no(question: str) -> bool:
    """A yes / no question followed by questions of its own that ask what, which or how ("Does
    SparseRL train its model from scratch? What does it start from ...?", blind31's false
    premises): the answers to those stand without the yes or no, each sentence checked on its
    own. Not one that asks on within its sentence ("..., and how accurate is it?"), on
    condition ("If so, how well?") or about what the yes / no asked of ("How much faster was
    it on this task?", blind31's bk41): their answers presume the yes."""
    return any(_WH_WORD.search(ask) and not _CONDITION.match(ask) and not _BACK_REFERENCE.search(ask)
               for part in _clauses(question)[1:] for ask in _NEXT_ASK.split(part))


def verdict_kept(question: str, checks: Iterable[SentenceCheck], text: str) -> Verdict:
    """A yes / no question's answer keeps its yes or no: when the reply's "Yes, InfoSEDD can
    estimate conditional mutual information" was dropped, what follows ("It is accurate when it
    does ...") stands on a verdict the papers did not support, and does not answer the question
    ("Has ... been applied to age bias?" answered by the abstract's general claim). Nor does
    one whose sentence asserting the question ("STAD can adapt regression models") used a
    question term its paper does not hold ("regression") and was dropped or replaced by the
    passage's own words. A question offering alternatives ("Does it replace today's
    compressors, or build on them?") is answered by picking one, not by yes or no
    (`choice_held`)."""
    opener = words().verdict_opener
    if opener is None or not asks_yes_no(question) or _EITHER.search(question):
        return Verdict("verdict_kept", True, "")
    if asks_after_yes_no(question):
        return Verdict("verdict_kept", True, "the question asks more in questions of their own; "
                       "their answers are checked sentence by sentence")
    checks = list(checks)
    dropped = any(c.action == "dropped" and opener.match(c.sentence) for c in checks)
    kept = any(opener.match(s) for s in split_sentences(text))
    if dropped and not kept:
        return Verdict("verdict_kept", False, "the yes / no the question asks for was dropped; the rest does not give it")
    # "STAD can adapt regression models" asserts the question; its paper never says
    # "regression", so the sentence was dropped or replaced by the passage's own words, and
    # what is left says nothing of the question's terms
    unheld = [c for c in checks if c.action in ("dropped", "corrected")
              and any(v.check == "asked_terms_held" and not v.ok for v in c.verdicts)]
    return Verdict("verdict_kept", not unheld,
                   "the sentence answering yes or no used question terms its paper does not hold; "
                   "the rest does not answer" if unheld else "")


_CJK_NEGATION = re.compile(r"[不没未无非否]")


def affirmed_held(question: str, query_text: str, text: str, cited: Iterable[Passage],
                  paper: Callable[[Passage], frozenset[str]] | None = None, span: int = 4,
                  share: float = DEFAULT_TERM_SHARE) -> Verdict:
    """A Chinese answer to a yes / no question that affirms it by giving back the question's
    own words ("ALL-IN 能够处理有向图" for "ALL-IN 能否处理有向图？": a run of at least `span`
    characters copied from the question, with no negation in its sentence) asserts what the
    question asks, as "Yes, ALL-IN can handle directed graphs" would: every two-word term of the
    English rewrite (`asked_terms`) that it asserts must be in a cited passage or its paper, as
    `asked_terms_held` asks of an English yes / no answer; since the rewrite's wording is the
    model's, not the answer's, `share` of them is enough (Settings.asked_terms_share). The
    Chinese words themselves are not compared with the English passages, so without this the
    sentence passed on its Latin name alone (blind24's bd39, blind23's bc41)."""
    body = re.sub(r"\[\d+\]", " ", text)
    if not (_CJK.search(question) and _CJK.search(body)):
        return Verdict("affirmed_held", True, "")
    # the terms of the clauses a sentence gives back: when the question and its rewrite have
    # as many clauses, those of the rewrite's clauses in the same places ("它在哪些层级的任务上
    # 表现强？" answered in its own words asserts nothing of the first clause: blind31's bk26),
    # else, when the question opens yes / no, all the rewrite's. A question that opens with
    # what or how asserts nothing by its clauses given back, but a yes / no clause after it
    # does ("RecurrSim 训练时是怎样设定 K 的？是每个批次随机采样 K 吗？" answered "……是每个批次
    # 随机采样 K", blind18's ax43)
    clauses, english = _clauses(question), _clauses(query_text)
    unnegated = [x for x in split_sentences(body) if not _CJK_NEGATION.search(x)]

    def given(clause: str) -> bool:  # a run of `span` characters of it given back unnegated
        runs = {clause[i : i + span] for i in range(len(clause) - span + 1)
                if all(_CJK.match(x) for x in clause[i : i + span])}
        return any(r in x for x in unnegated for r in runs)

    opens_yes_no = asks_yes_no(query_text)
    terms: frozenset[tuple[str, str]] = frozenset()
    if len(clauses) == len(english):
        # a clause asking yes / no asserts its terms when given back; one whose last sentence
        # asks so after statements setting the scene, when that sentence is (blind52's cf41)
        for zh, en in zip(clauses, english, strict=True):
            whole = opens_yes_no or asks_yes_no(en)
            if (part := en if whole else _yes_no_sentence(en)) and given(zh if whole else _last_sentence(zh)):
                terms |= asked_terms(part)
    elif opens_yes_no and any(given(zh) for zh in clauses):
        terms = asked_terms(query_text)
    if not terms:
        return Verdict("affirmed_held", True, "")
    held = cited_words(cited, paper)
    missing = sorted(" ".join(t) for t in terms if t[0] not in held or t[1] not in held)
    ok = 1 - len(missing) / len(terms) >= share
    return Verdict("affirmed_held", ok, ("" if ok else "affirms the question; ")
                   + (f"no cited paper holds: {', '.join(missing[:4])}" if missing else ""))


def added_words(question: str, text: str, names: Iterable[str] = ()) -> list[str]:
    """The stemmed words of `text` that are not the question's, not a cited paper's name or
    authors (`names`), and not framing or generic ("widely used"): what an answer says."""
    w = words()
    known = set(tokenize(question)) | set(tokenize(" ".join(names))) | w.frame | w.generic | w.gaps
    return [t for t in tokenize(text) if t not in known]


def adds_information(question: str, text: str, names: Iterable[str] = (), counts: bool = True) -> Verdict:
    """A wh-question's answer must say something the question did not: a word (or number)
    that is not the question's, not a cited paper's name or authors (`names`), and not
    generic ("widely used"); a count spelt out counts ("How many are there?" is answered by
    "... into two broad directions", though "two" is no asked term, `term_gaps`). "Which
    benchmarks was RoT evaluated on?" is not answered by "RoT was evaluated on reasoning
    benchmarks [1]". `counts=False` leaves spelt counts out (`names_only`: a bare "Two broad
    directions." is worth asking again, since no passage supports it alone; blind21's ba01
    was refused without the second reply). A Chinese answer counts the characters
    it adds that are not function characters (`new_cjk_chars` of them), or a word of new
    characters (`_new_cjk_words`)."""
    if not _ASKS_CONTENT.search(question):
        return Verdict("adds_information", True, "not a what/which/how question")
    w = words()
    body = re.sub(r"\[\d+\]", " ", text)  # its [n] markers are not information
    picked = picked_choices(question, body)
    if len(picked) == 1:  # "...: deterministic GD or stochastic GD?" answered "... for deterministic GD"
        return Verdict("adds_information", True, f"picks: {' '.join(sorted(picked[0]))}")
    new = added_words(question, body, names)
    if _asks_on(question):  # "Is there a method for this, and what does it do?": "Yes" answers the first ask only
        new = [t for t in new if t not in _VERDICT_WORDS]
    if not new and counts:  # a count in words the question has not ("into two broad directions")
        asked = set(re.findall(r"[a-z]+", question.lower()))
        new = [t for t in dict.fromkeys(re.findall(r"[a-z]+", body.lower())) if t in w.spelled and t not in asked]
    if not new and _CJK.search(body):
        # characters it adds that are not function characters (`new_cjk_chars`), else an
        # answer word ("优于")
        asked = set(question)
        chars = sorted({c for c in body if _CJK.match(c) and c not in asked and c not in w.generic_cjk})
        said = [a for a in w.answer_words_cjk if a in body and a not in question]
        new = chars if len(chars) >= w.new_cjk_chars else said or _new_cjk_words(body, asked, w.generic_cjk)
    return Verdict("adds_information", bool(new),
                   f"adds: {', '.join(new[:4])}" if new else "repeats the question, answers nothing")


def _asks_on(question: str) -> bool:
    """The question asks what, which or how after its first ask, in its sentence or another
    ("Is there a method for this, and what does it do with the raw attributes?", "Is there
    one? How did ... do?"): a bare yes or no answers only the first ask (blind35's bo17 was
    answered "Yes, there is a method for this [1].")."""
    asks = [ask for part in _clauses(question) for ask in _NEXT_ASK.split(part) if ask.strip()]
    return any(_WH_WORD.search(ask) for ask in asks[1:])


def _new_cjk_words(text: str, asked: set[str], generic: frozenset[str]) -> list[str]:
    """Runs of two or more Chinese characters of `text` that are none of them in the question
    (`asked`), at least one not a function character: a word the answer adds ("梯度" for
    "利用模型的什么", "工具库" for "从什么当中生成"), however few its characters."""
    gaps = "".join(c if _CJK.match(c) and c not in asked else " " for c in text)
    return [r for r in gaps.split() if len(r) >= 2 and set(r) - generic]


def picked_choices(question: str, text: str) -> list[frozenset[str]]:
    """The alternatives the question offers (`offered_choices`) whose own words `text` uses."""
    said = _with_parts(frozenset(tokenize(text)))
    return [c for c, _ in offered_choices(question) if c & said]


def added_held(question: str, text: str, cited: Iterable[Passage], names: Iterable[str] = (),
               paper: Callable[[Passage], frozenset[str]] | None = None,
               min_share: float = 0.0) -> Verdict:
    """What an answer adds to the question must come from what it cites: of the words it adds
    (`added_words`, but not "yes" / "no", which verdict_kept checks), at least `min_share` are
    in its cited passages or (`paper`, e.g. Context.words_of) the rest of their papers; a
    compound ("node-level") is held when its parts are. "The retrieval latency of RoT grows
    exponentially as its thought graph scales to millions of nodes [2]" restates the question
    and adds one word, "exponentially", that neither passage [2] nor its paper holds: it is not
    the paper's answer, however similar the sentence is to the passage. The reason also gives
    the share the passages alone hold. A Chinese answer is not measured."""
    body = re.sub(r"\[\d+\]", " ", text)
    if _CJK.search(body):
        return Verdict("added_held", True, "not measured (Chinese)")
    new = list(dict.fromkeys(t for t in added_words(question, body, names) if t not in _VERDICT_WORDS))
    if not new:
        return Verdict("added_held", True, "adds nothing (adds_information decides)")
    cited = list(cited)
    chunks = _with_parts(cited_words(cited))
    papers = chunks.union(*(paper(p) for p in cited)) if paper else chunks
    in_chunks = sum(_token_held(chunks, t) for t in new) / len(new)
    missing = [t for t in new if not _token_held(papers, t)]
    share = 1 - len(missing) / len(new)
    return Verdict("added_held", share >= min_share,
                   f"papers hold {share:.2f} of its {len(new)} added words, passages {in_chunks:.2f}"
                   + (f"; not held: {', '.join(missing[:5])}" if missing else ""))


# "For example, is it a Dirichlet prior?": what the English rewrite offers, to its sentence's end
# (a comma or a space after the marker: "e.g." has no word boundary after it, "likely" is no marker)
_OFFERED_EN = re.compile(r"\b(?:such as|for example|for instance|e\.g\.|like)(?:,\s*|\s+)([^?.;:]+)", re.IGNORECASE)
_CJK_STOP = re.compile(r"[，。？！?!,.;；：:（）()、]|吗|呢|之类|等")


def offered_cjk(question: str) -> list[str]:
    """What a Chinese question offers as an example, as written ("例如狄利克雷先验吗？":
    狄利克雷先验): from a marker (`example_markers_cjk`) to the next punctuation or particle."""
    out = []
    for marker in words().example_markers_cjk:
        for tail in question.split(marker)[1:]:
            span = _CJK_STOP.split(tail, maxsplit=1)[0].strip().removeprefix("是").strip()
            if len(span) >= 2 and _CJK.search(span):
                out.append(span)
    return out


def offered_held(question: str, query_text: str, text: str, cited: Iterable[Passage],
                 paper: Callable[[Passage], frozenset[str]] | None = None) -> Verdict:
    """A Chinese answer that gives back the example its question offered ("STAD 假设了狄利克雷
    先验" for "……例如狄利克雷先验吗？") asserts it: the example's names in the English rewrite
    ("For example, is it a Dirichlet prior?": Dirichlet) must be in a cited passage or its
    paper. When the rewrite names nothing there, the answer only repeats the question."""
    given = [span for span in offered_cjk(question) if span in text]
    if not given:
        return Verdict("offered_held", True, "")
    wanted = list(dict.fromkeys(n for m in _OFFERED_EN.finditer(query_text) for n in specifics("x " + m.group(1))))
    held = cited_words(cited, paper)
    missing = [n for n in wanted if not _held(n, held)]
    if wanted and not missing:
        return Verdict("offered_held", True, f"the cited paper names {', '.join(wanted)}")
    return Verdict("offered_held", False, f"gives back the question's example {given[0]}"
                   + (f"; no cited paper names {', '.join(missing)}" if missing else ", named by no cited paper"))


# "..., or does it estimate them from the data?", "...: linearly, polynomially or exponentially?"
_OR = re.compile(r",?\s+\bor\b\s+", re.IGNORECASE)


@lru_cache(maxsize=64)
def offered_choices(question: str) -> tuple[tuple[frozenset[str], bool], ...]:
    """The alternatives a question offers its answer, each as the stemmed words only it has:
    a yes / no question with "or" ("Does it need the exponents in advance, or does it estimate
    them from the data?": {need, advanc, ...} and {estim, data}) or a list after a colon ("At
    what rate ...: linearly, polynomially or exponentially?") or a short one after a comma
    ("What kind of model is it, one-shot or sequential?"). A wh-question's "A or B" is not
    a choice ("Which papers study pruning or quantization?"), nor is "or not". When the later
    alternatives are short, the first one is as long as they are ("Does it grow linearly,
    polynomially or exponentially?": linearly); when the last of two opens with a preposition
    (`choice_openers`), the first opens where that preposition last occurs ("Were its
    experiments run on corrupted images or on real-world drifts?": on corrupted images), though
    it is still the first of two clauses. Each comes with whether its words are a claim
    an answer picking it makes: not the first of two clauses, which also holds the question's
    description of its subject ("Was the federated method for manifold-valued parameters tried
    on real data, or only on synthetic problems?")."""
    return tuple((own, claimed) for _, own, claimed in _choices(question))


# "A bigger FNO, or some transformer?": a question of its own that is only the alternatives
# (blind38's br40), with no question word
_BARE_CHOICES = re.compile(r"(?!(?:what|which|who|how|why|where|when)\b)[^,]{1,40},?\s+or\s+[^,]{1,40}",
                           re.IGNORECASE)


_ARTICLE_LEAD = re.compile(r"^(?:a|an|the|or)\s+")
# a clause opening with a question word ("what changes or gets spent ...")
_WH_OPENS = re.compile(rf"^\W*{_WH}", re.IGNORECASE)


def _catch_all(item: str) -> bool:
    """An alternative that leaves the choice open ("something else", `open_choices`)."""
    return _ARTICLE_LEAD.sub("", item.lower().strip()).strip(" .") in words().open_choices


def open_choice(question: str) -> bool:
    """The question's choices end in a catch-all ("..., or something else?"): an answer may pick
    none of the named alternatives."""
    return _parsed_choices(question)[1]


def _choices(question: str) -> tuple[tuple[str, frozenset[str], bool], ...]:
    """`offered_choices` with each alternative as written ("a decision criterion that guides
    existing BFMs")."""
    return _parsed_choices(question)[0]


@lru_cache(maxsize=64)
def _parsed_choices(question: str) -> tuple[tuple[tuple[str, frozenset[str], bool], ...], bool]:
    """`_choices`, and whether a catch-all alternative was left out of them (`open_choice`)."""
    w = words()
    skip = w.frame | w.generic | w.gaps | w.vague_choice
    for sentence in reversed(split_sentences(asking_part(question))):
        body = sentence.strip().rstrip("?？").strip()
        if not sentence.strip().endswith(("?", "？")) or len(_OR.split(body)) < 2:
            continue
        _, colon, listed = body.rpartition(":")
        if colon and _WH_OPENS.match(listed):
            # "For each paper: what actually changes or gets spent at test time, ...?" asks a
            # wh-question after its colon, not a list of alternatives (the form of blind51's
            # ce29, which itself stays refused: its asking part joins that sentence to the
            # question before it, and that "or" is read as a choice)
            colon, listed = "", ""
        if not colon and not asks_yes_no(body) and not _BARE_CHOICES.fullmatch(body):
            # "What kind of model is GraphBSI, one-shot or sequential?": a short list after a comma
            _, colon, listed = body.partition(",")
            if not colon or len(listed.split()) > 6 or len(_OR.split(listed)) < 2:
                return (), False
        parts = _OR.split(listed if colon else body)
        items = [*(x for part in parts[:-1] for x in part.split(",")), parts[-1]]
        items = [x.strip() for x in items if x.strip()]
        if w.condition and not w.condition.match(items[-1]):
            # "if I build the graph with one model, can I reuse it ..., or do they rebuild it?":
            # the condition both alternatives are asked under is neither (blind55's ci31 was
            # answered by a sentence holding the condition's words alone); "when A, or when B?"
            # still offers two
            items = [*(x for x in items[:-1] if not w.condition.match(x)), items[-1]]
        if len(items) < 2:  # "或" ... an "or" with nothing on one side
            return (), False
        # "Is it a dataset of biased sentences, or something else?" leaves the answer open
        # (`open_choices`): the catch-all is no alternative to pick, nor one the evidence can
        # hold, and one named alternative left is no choice (blind48's cb06); "with wider
        # transformers, with explicit networks, or something else?" still offers two
        named = [x for x in items if not _catch_all(x)]
        caught, items = len(named) < len(items), named
        if len(items) < 2:
            return (), caught
        # "Were its experiments run on artificially corrupted images or on real-world drifts?":
        # the first choice opens where the last one's preposition last occurs before it
        opener = items[-1].split()[0].lower()
        firsts = items[0].split()
        at = max((i for i, x in enumerate(firsts) if x.lower() == opener), default=0)
        parallel = not colon and len(items) == 2 and opener in w.choice_openers and at > 0
        if parallel:
            items[0] = " ".join(firsts[at:])
        later = max(len(x.split()) for x in items[1:])
        if not colon and not parallel and later <= 3:
            items[0] = " ".join(items[0].split()[-later:])
        stems = [frozenset(t for t in tokenize(x) if t not in skip) for x in items]
        own = [s - frozenset().union(*(o for j, o in enumerate(stems) if j != i)) for i, s in enumerate(stems)]
        clauses = not colon and later > 3
        if len(own) < 2 or not all(own):
            return (), caught
        return tuple((x, o, not (clauses and i == 0)) for i, (x, o) in enumerate(zip(items, own, strict=True))), caught
    return (), False


def held_choice(question: str, passages: Iterable[Passage]) -> tuple[str, Passage, str] | None:
    """The one alternative the question offers (`offered_choices`) that the evidence holds, as
    written, with the passage and sentence that hold it: every word only that alternative has
    is in one sentence of the passages given of the paper ranked first, no other alternative's
    words all are in those passages, and the alternative is a claim (not the first of two
    clauses, which holds the question's description of its subject). That sentence must not
    negate them (a negation up to four words before one: "does not use simulated data"). None
    when the evidence does not decide. blind23's bc05
    ("... a new BFM architecture, a pre-training objective for BFMs, or a decision criterion that
    guides existing BFMs?"): only the decision criterion is in OpTI-BFM's passages."""
    choices = _choices(question)
    passages = list(passages)
    if not choices or not passages:
        return None
    paper = passages[0].hit.paper_id
    sentences = [(p, x, _with_parts(frozenset(tokenize(x)))) for p in passages if p.hit.paper_id == paper
                 for s in split_sentences(p.text) or [p.text] for x in (y.strip() for y in s.split("…")) if x]
    held = frozenset().union(*(vocab for _, _, vocab in sentences))
    full = [i for i, (_, own, _) in enumerate(choices) if all(_token_held(held, t) for t in own)]
    if len(full) != 1 or not choices[full[0]][2]:
        return None
    item, own, _ = choices[full[0]]
    # ... and one sentence holds them all: words spread over the abstract say nothing of the
    # choice (blind30's bj39: "model" and "inference" in one sentence, "refines" in another
    # do not say the model infers the node count during refinement).
    whole = next(((p, x) for p, x, vocab in sentences if all(_token_held(vocab, t) for t in own)), None)
    if whole is None:
        return None
    passage, sentence = whole
    raw = re.findall(r"[\w'-]+", sentence.lower())
    at = [i for i, x in enumerate(raw) if _with_parts(frozenset(tokenize(x))) & own]
    if any(set(raw[max(0, i - 4):i]) & words().negations for i in at):
        return None
    return item, passage, sentence


def choice_held(question: str, text: str, cited: Iterable[Passage],
                paper: Callable[[Passage], frozenset[str]] | None = None) -> Verdict:
    """A question that offers its answer's choices (`offered_choices`) is answered by picking
    one, and the pick is a claim: the answer must use the words of at least one alternative,
    and the words it uses of each alternative that is a claim must be in a cited passage or
    (`paper`) its paper, or a word of the same meaning (`claim_synonyms`). The question's own
    words are otherwise free to repeat (`added_held` skips them), so
    "Yarotsky's corner SGD estimates the exponents from the data" would pass though the paper
    never speaks of estimating or data; "the operator expresses more complex mappings through
    iteration" picks none of "linearly, polynomially or exponentially". A Chinese answer is not
    measured."""
    body = re.sub(r"\[\d+\]", " ", text)
    choices = offered_choices(question)
    if not choices or _CJK.search(body):
        return Verdict("choice_held", True, "")
    said = _with_parts(frozenset(tokenize(body)))
    if not any(c & said for c, _ in choices) and not open_choice(question):
        offered = " / ".join(" ".join(sorted(c)) for c, _ in choices)
        return Verdict("choice_held", False, f"offers a choice ({offered}); the answer picks none")
    held = _with_parts(cited_words(cited, paper))
    synonyms = words().synonyms  # "builds on" is held by "based on" (claim_synonyms)
    missing = [t for c, claimed in choices if claimed for t in sorted(c & said)
               if not _token_held(held, t) and not synonyms.get(t, frozenset()) & held]
    return Verdict("choice_held", not missing,
                   f"picks what no cited paper says: {', '.join(missing)}" if missing else "")


_VERDICT_WORDS = frozenset({"yes", "no"})


def _parts(token: str) -> list[str]:
    return [p for p in re.split(r"[-.]", token) if p]


def _with_parts(vocabulary: frozenset[str]) -> frozenset[str]:
    """The words and the parts of its compounds ("node-", "graph-level": node, graph, level)."""
    return vocabulary | {p for t in vocabulary for p in _parts(t)}


def _token_held(vocabulary: frozenset[str], token: str) -> bool:
    """An already stemmed token is there, or (a compound) every part of it is (`_held` does
    the same for a word as written)."""
    parts = _parts(token)
    return token in vocabulary or (len(parts) > 1 and all(p in vocabulary for p in parts))


# A sentence that is nothing but the model saying it does not know ("I don't know.", "不知道。"),
# perhaps as the conclusion of what it said before ("Therefore, I don't know.", "因此，我不知道。")
_CONCLUDING = r"(?:(?:so|therefore|thus|hence|consequently|in conclusion|in summary|overall|as a result),?\s+|" \
              r"(?:因此|所以|综上)[，,]?\s*)"
_UNKNOWN = re.compile(rf"^\W*(?P<concluding>{_CONCLUDING})?(?:I (?:do not|don't|cannot|can't) (?:know|answer|tell)\b"
                      r"[^.!?]{0,30}|(?:我)?不知道|无法回答)\W*$", re.IGNORECASE)


def knows(text: str) -> Verdict:
    """An answer with a sentence saying only that the model does not know is the model's own
    refusal, whatever it cited before it (blind24's bd40: two cited sentences of background,
    then "I don't know."), and a reader cannot tell which part to believe."""
    said = [x for x in _marker_free_sentences(text) if _says_unknown(x)]
    return Verdict("knows", not said, f"the model says: {said[0]}" if said else "")


def concludes_unknown(text: str) -> bool:
    """The text ends by concluding that the model does not know ("... The passages do not
    provide information on whether RoT can be used alongside self-consistency. Therefore, I
    don't know."): said of the whole question, not of a part (blind52's cf31, an unanswerable
    question asked again for its parts, was shown as an answer of background). In the
    recorded runs the other replies ending so were to unanswerable questions, or refused."""
    said = _marker_free_sentences(text)
    return bool(said) and bool((m := _UNKNOWN.match(said[-1])) and m.group("concluding"))


def without_unknown(text: str) -> str:
    """The text without its sentences saying only that the model does not know, [n] markers
    kept on the others; "" when nothing else is left."""
    return " ".join(x.strip() for x in split_sentences(text) if x.strip() and not _says_unknown(x))


def _says_unknown(sentence: str) -> bool:
    """The sentence, [n] markers aside, says only that the model does not know."""
    return bool(_UNKNOWN.match(re.sub(r"\[\d+\]", " ", sentence).strip()))


def _marker_free_sentences(text: str) -> list[str]:
    """The text's sentences without their [n] markers, stripped, empty ones left out."""
    return [x.strip() for x in split_sentences(re.sub(r"\[\d+\]", " ", text)) if x.strip()]


# A sentence saying only that no passage answers ("No passage directly addresses the question.")
_NO_PASSAGE = re.compile(r"^\W*no (?:passage|information)(?: here| given| provided)?(?: (?:directly|clearly|"
                         r"explicitly|fully))? (?:answers|addresses|covers|mentions|states|says|provides|"
                         r"answer|address)\b[^.!?]{0,40}\W*$", re.IGNORECASE)


def unknown_only(reply: str) -> Verdict:
    """The reply says nothing but that the model does not know ("I don't know.", "我不知道。"),
    or that no passage answers ("No passage answers this question."). The local model says
    so to many long questions of several parts whose passages answer some of them
    (blind30-44: 21 of 62 such replies were to answerable questions; "No passage ...": 8 of 9
    in blind1-53), so it is asked once more for the parts the passages answer (`PaperChat`,
    `ask_parts_after_unknown`)."""
    said = _marker_free_sentences(reply)
    bare = bool(said) and all(_says_unknown(x) or _NO_PASSAGE.match(x) for x in said)
    return Verdict("unknown_only", bare, "the model said only that it does not know, or that no passage answers"
                   if bare else "")


def names_only(question: str, reply: str, names: Iterable[str] = ()) -> Verdict:
    """Whether to ask the model again: its reply to a wh-question says nothing beyond the
    question's own words, paper names and [n] markers ("QuRL (Wei et al.)", "[1]", or
    nothing at all). A reply saying the passages do not answer is an answer, not a miss."""
    if says_unanswered(reply, question):
        return Verdict("names_only", False, "the model said the passages do not answer")
    said = adds_information(question, reply, names, counts=False)
    if said.ok and reply.strip():
        return Verdict("names_only", False, said.reason)
    return Verdict("names_only", True, "the reply names papers but answers nothing")


def says_unanswered(text: str, question: str = "") -> bool:
    """The text says the passages do not answer: "I don't know", "不知道", or that its source
    does not speak of it ("The paper does not specify ...", "文章没有讲 ...": blind34's bn41
    answered an unanswerable question so, and was shown as an answer). A "does not provide"
    said of something else is no refusal (`_denial_elsewhere`)."""
    absence = words().absence
    if absence and absence.search(text):
        return True
    return any(not _denial_elsewhere(text, m, question) for m in REFUSAL.finditer(text))


_CONDITION_BEFORE = re.compile(r"\b(?:when|whenever|if|unless|where)\b[^.;:!?,]*$", re.IGNORECASE)
_SUBJECT_BEFORE = re.compile(r"\b([a-z][\w-]*)\s*$")


def _denial_elsewhere(text: str, m: re.Match[str], question: str) -> bool:
    """A "does not provide / mention / say" that speaks of something other than the papers: in
    a condition ("useful when the environment does not provide a labelled dataset", blind51's
    ce24 was refused for it), or said of the asker's own material, a lower-case word of the
    question that is no source word nor a word for the paper's work (`absence_sources`,
    `absence_own_work`): "This is not fair because the news item does not provide any
    experimental results" (blind59's cm13, refused with TGMM's first result cited after it)."""
    if not re.match(r"(?:do|does) not\b", m.group(0), re.IGNORECASE):
        return False
    before = text[:m.start()]
    if _CONDITION_BEFORE.search(before):
        return True
    subject = _SUBJECT_BEFORE.search(before)
    if not subject or not question:
        return False
    word = subject.group(1)
    w = words()
    return word in set(re.findall(r"[a-z][\w-]*", question)) and word not in w.absence_sources \
        and word not in w.absence_own_work


# A reply saying the passages do not answer ("I don't know", "不知道").
REFUSAL = re.compile(
    r"\b(?:I (?:do not|don't|cannot|can't) (?:know|answer|find)|(?:do|does) not (?:contain|"
    r"mention|provide|say|answer)|no (?:passage|information)|not (?:mentioned|stated|provided)"
    r" in)|不知道|没有提到|未提及|无法回答|没有相关",
    re.IGNORECASE,
)
_HOW_MANY = re.compile(r"\bhow many\b", re.IGNORECASE)
_HOW_MUCH = re.compile(r"\bhow much\s+(.{1,80})", re.IGNORECASE)
_NAME_BEFORE = re.compile(r"\s*[\w-]*[A-Z][\w-]*\s+(?=[a-z])")  # "ResiliBench" in "ResiliBench tasks"
_AUXILIARY = re.compile(r"(?:does|do|did|is|are|was|were|can|could|will|would|has|have|had|should|"
                        r"may|might)\b", re.IGNORECASE)
_AUXILIARY_WORD = re.compile(rf"\b({_AUXILIARY.pattern})", re.IGNORECASE)  # a verb anywhere, kept by split
# What/which/who/where/how ... and their Chinese forms: the answer must add information.
_ASKS_CONTENT = re.compile(r"\b(?:what|which|who|whom|where|when|how|why)\b|什么|哪些|哪个|哪|如何|怎样|"
                           r"怎么|为什么|多少|多大|多长|多久|多高|多快|多远|几|谁", re.IGNORECASE)
# "How many ...?", "What percentage ...?", "多少": the answer must give a quantity.
_ASKS_QUANTITY = re.compile(r"\bhow (?:many|much|long|large|big|far|often)\b|\bwhat (?:percentage|percent|fraction|"
                            r"proportion|share of|number of)\b|多少|多大|多长|多久|多高|多快|多远|百分之几|几成|(?<!哪)几(?:个|块|种|次|倍)",
                            re.IGNORECASE)
_QUANTITY = re.compile(r"\d|\bO\(|\^|\b(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
                       r"twenty|thirty|hundred|thousand|million|billion|half|twice|double|"
                       r"dozens?|single)\b|[一二两三四五六七八九十百千万亿倍]", re.IGNORECASE)


def _new_quantity(text: str, question: str) -> bool:
    """The answer gives a quantity: a figure, or a number word the question does not have ("in
    each of the four validation domains" answers no "how much did quality improve" that itself
    names the four domains: blind44's bx40, unanswerable, was answered so)."""
    asked = {m.group(0).lower() for m in _QUANTITY.finditer(question) if not m.group(0).isdigit()}
    # a figure counts even when the question has it ("Is it 82%? How much ...": "82%" confirms it);
    # the callers take the answer's [n] markers off
    return any((m.group(0).isdigit() or m.group(0).lower() not in asked) and not _cjk_article(text, m.start())
               for m in _QUANTITY.finditer(text))


def _cjk_article(text: str, at: int) -> bool:
    """The 一 at `at` is the article "a" or part of a word ("每个客户端使用一个小的子集": "a small
    subset"; "一些", "一定"; `cjk_one_as_article`), not the figure one: blind54's ch43 asked how
    large the subset is and was answered so. After 只, 仅, 单, 唯 or 第 (up to two characters
    before it) it counts ("只用一个"), and within a figure ("十一个")."""
    if text[at] != "一" or any(c in "只仅单唯第" for c in text[max(0, at - 2):at]) or (
            at and _QUANTITY.match(text[at - 1])):
        return False
    return text.startswith(words().cjk_one_as_article, at + 1)
