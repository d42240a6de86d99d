"""Claim questions ("Is it true that RoT cuts latency by 82%?"): whether the loaded papers
support the claim, contradict it, or do not say, decided by the answer policy's checks on the
evidence sentences (no model call) and answered with the deciding sentence quoted and cited."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from difflib import SequenceMatcher
from typing import TypeVar

from rag.cite import quoted
from rag.config import Settings
from rag.contradiction import (
    aligned_sentences,
    changed_figure,
    compared_figures,
    contradiction,
    denied_said,
    narrowed_scope,
    number_direction,
    numbers,
    opposite_words,
    overstated_scope,
    parity_said,
    release_denied,
    reversed_comparison,
    swapped_cause,
    swapped_figures,
    swapped_roles,
    swapped_setting,
    swapped_subjects,
    words,
)
from rag.evidence import approx_tokens
from rag.llm import ChatModel
from rag.models import Answer, Citation, Hit, Passage, SentenceCheck, Verdict
from rag.origin import background, credit
from rag.policy import (
    Context,
    content_terms,
    known_words,
    numbers_bound,
    numbers_held,
    same_paper,
    source_line,
    specifics,
    spelt,
    subject,
)
from rag.prompts import render
from rag.quantities import said_against, said_figures, without_said
from rag.sentences import VectorCache, overlap, split_sentences
from rag.text import BRACKETED, CITED_YEAR, has_cjk, is_chinese, tokenize

log = logging.getLogger(__name__)

CUE = re.compile(
    r"^\s*(?:is it (?:really )?(?:true|the case|correct|right) that|is the claim that|"
    r"true or false\s*[:,]?|(?:do|does) (?:the|any|the loaded) papers? (?:support|show|say|claim|"
    r"confirm) that|(?:verify|check)\b(?: the claim)?(?: that)?\s*:?)\s*", re.IGNORECASE)
CUE_ZH = re.compile(r"是真的吗|是否属实|对吗|是不是真的|是否正确|真的吗")
# the Chinese cue closing a claim, with what points back at it: "…”，这是真的吗？", "…，对吗？"
_CUE_ZH_END = re.compile(r"[，,]?\s*(?:这(?:个|种)?(?:说法)?|此说法)?\s*(?:是真的吗|是否属实|对吗|是不是真的|"
                         r"是否正确|真的吗)\s*[?？]*\s*$")
_NUMBERS = re.compile(r"\d+(?:[.,]\d+)*%?")

LINES = {
    "supported": ("Yes: the loaded papers support this.", "是的：已加载的论文支持这一说法。"),
    "contradicted": ("No: the loaded papers contradict this.", "不对：已加载的论文与这一说法相矛盾。"),
    "unstated": ("The loaded papers do not say whether this is true.", "已加载的论文没有说明这一点。"),
}


def is_claim_question(question: str) -> bool:
    """"Is it true that X?", "Check: X", "X，是真的吗？": a question asking only whether a
    claim holds. A Chinese cue followed by another question ("这个流程对吗？LLM 本身需要训练吗？")
    asks more than a verdict, so it is answered as a question; so is "Checking my slide ...",
    which opens with no cue."""
    if CUE.match(question):
        return True
    cue = CUE_ZH.search(question)
    if cue is None:
        return False
    rest = question[cue.end():].lstrip("?？ ")  # a Chinese question after it (not its English rewrite)
    return not (has_cjk(rest) and any(c in rest for c in "?？"))


# "Ammar Ahmed and colleagues", "Dmitry Yarotsky and his team": an author's paper, "Ahmed et al."
_COLLEAGUES = re.compile(r"(?<![\w-])(?:[A-Z][\w'’-]*\s+)?([A-Z][\w'’-]*)\s+and\s+(?:colleagues|co-?authors|"
                         r"collaborators|(?:his|her|their)\s+(?:colleagues|team|co-?authors))\b")


def _without_years(claim: str) -> str:
    """The claim without its citations' years, which are no figure of the paper: "Yarotsky
    (2026) shows ..." -> "Yarotsky shows ...", "RoT (Ahmed et al., 2026)" -> "RoT (Ahmed et al.)"."""
    return CITED_YEAR.sub(lambda m: f" ({m.group('who')})" if m.group("who") else "", claim)


def claim_of(question: str) -> str:
    """The claim itself: 'Is it true that X?' -> 'X', with figures as people say them written
    as figures ("80 percent": 80%, "four-fifths": 80%, "两成": 20%; `said_figures`), no
    closing Chinese cue ("X，这是真的吗？" -> "X"), a press
    release's "Ammar Ahmed and colleagues" as the label "Ahmed et al.", no citation years, no
    post furniture (`without_post_furniture`) and, when it quotes the text to check after a
    label ("Draft para 4: '...'"), the quoted text alone (`quoted_claim`)."""
    claim = CUE.sub("", question, count=1).strip()
    claim = _CUE_ZH_END.sub("", claim).strip().rstrip("?？ ").strip() or claim
    claim = quoted_claim(without_post_furniture(claim))
    return said_figures(_COLLEAGUES.sub(r"\1 et al.", _without_years(claim)))


# what closes each opening quotation mark
_CLOSING = {"'": "'’", "‘": "’'", "\"": "\"”", "“": "”\"", "「": "」", "『": "』"}
# a label's colon and the quote it opens: "Draft para 4: '...", "稿件第三段：“..."
_LABELLED_QUOTE = re.compile(r"[:：]\s*(['‘\"“「『])")
# what may follow a quote's closing mark: the end, a note in brackets or the next label (an
# apostrophe inside the quote is followed by a letter, "can't", or a lower-case word)
_AFTER_QUOTE = re.compile(r"\s*(?:$|[(（]|[A-Z\u4e00-\u9fff])")
_NOTES = re.compile(r"(?:\s*[(（][^()（）]*[)）])*\s*")
_PROPER_NAME = re.compile(r"\b[A-Z][a-z]+(?:[ -][A-Z][a-z]+)+\b")  # "Dmitry Yarotsky"


def quoted_claim(claim: str, label_words: int = 20) -> str:
    """The text a claim quotes for checking, without the labels and notes around it: "Headline
    to check: 'A.' Draft para 4: 'B.' (Writer's query: ...)" -> "A. B."; "核稿备忘 · 稿件第三段：
    “……”" -> "……" (claims_blind43, a fact-checker's memo: left whole, the labels and notes
    are sentences no paper holds). Only when every quote follows a label's colon, no label is
    longer than `label_words` words and nothing but notes in brackets follows the last quote
    ("Foresti et al., baseline beaten: 'embedding trick' (...) < InfoSEDD's ..." goes on after
    it, and is left as it is). A label naming a person the quote does not ("Quote attributed
    to Dmitry Yarotsky ...: '...'") gives the quote that name as its head."""
    opens = [m for m in _LABELLED_QUOTE.finditer(claim) if not _in_brackets(claim, m.start())]
    quotes: list[str] = []
    start = 0
    for i, m in enumerate(opens):
        label = BRACKETED.sub(" ", claim[start:m.start()])
        if len(label.split()) > label_words:
            return claim
        end = opens[i + 1].start() if i + 1 < len(opens) else len(claim)
        stretch = claim[m.end():end]
        close = next((j for j, c in enumerate(stretch) if j and c in _CLOSING[m.group(1)]
                      and not stretch[j - 1].isspace() and _AFTER_QUOTE.match(stretch, j + 1)), -1)
        if close < 0:
            return claim
        notes = _NOTES.match(stretch, close + 1)
        start = m.end() + (notes.end() if notes else close + 1)
        if i + 1 == len(opens) and start < len(claim):
            return claim  # the claim goes on after its quote
        body = stretch[:close].strip()
        names = [n for n in _PROPER_NAME.findall(label) if n.split()[-1] not in body]
        quotes.append(f"{names[0]}: {body}" if names else body)
    if not quotes:
        return claim
    return " ".join(q if q.endswith((".", "!", "?", "。", "！", "？")) else f"{q}." for q in quotes)


def _in_brackets(text: str, at: int) -> bool:
    """Whether `at` is inside a note in brackets ("(Writer's note: 'twice its size' = ...)")."""
    depth = 0
    for c in text[:at]:
        depth += c in "(（"
        depth -= depth > 0 and c in ")）"
    return depth > 0


# emoji and pictographs ("🧵", "🧮", "✅"), with the joiners and selectors that build them
_EMOJI = re.compile("[\U0001F000-\U0001FAFF\u2600-\u27BF\u2B00-\u2BFF\uFE0F\u200D]+")
# "#论文分享#" (Weibo), "#NeurIPS2025" (a tag opening with a letter; not "#1")
_HASHTAG = re.compile(r"#[^#\s]{1,30}#|(?<![\w&#])#[^\W\d_]\w*")
# a thread's counter opening the post or a sentence: "1/", "2/5", "(3/4)"
_THREAD_COUNTER = re.compile(r"(^|[.!?。！？]\s*)\(?\d{1,2}/\d{0,2}\)?(?=\s)")


def without_post_furniture(claim: str) -> str:
    """A claim pasted from a social-media post without what the post adds around it: emoji,
    hashtags, a thread's counters ("1/ New paper from Ahmed et al. 🧵 ...") and the writer's
    asides (`post_asides`: "(fair trade imo)", ", tbh"). They are in no abstract, so left in
    they leave a sentence of the claim that nothing holds (claims_blind42's dv01)."""
    text = _THREAD_COUNTER.sub(r"\1", _HASHTAG.sub(" ", _EMOJI.sub(" ", claim)))
    aside = words().post_aside
    if aside is not None:
        text = re.sub(r"\s*\([^()]*\)", lambda m: "" if aside.search(m.group(0)) else m.group(0), text)
        # opening a sentence ("tbh, ...") or said at a clause's end ("..., imo.")
        text = re.sub(rf"(^|[.!?]\s+)(?:{aside.pattern})\s*[,:]?\s*", r"\1", text, flags=re.IGNORECASE)
        text = re.sub(rf"\s*[,;:–—]?\s*(?:{aside.pattern})\s*(?=[,.;:!?。，]|$)", "", text, flags=re.IGNORECASE)
    return re.sub(r"\s+(?=[,.;:!?])", "", re.sub(r"\s{2,}", " ", text)).strip() or claim


@dataclass(frozen=True)
class ClaimVerdict:
    verdict: str  # supported | contradicted | unstated
    passage: Passage | None = None
    sentence: str = ""
    verdicts: tuple[Verdict, ...] = ()
    # An unstated verdict's closest sentences that pass every check but the share of the
    # claim's words, each as the supported verdict it would be: the model may read them for a
    # paraphrase (`model_paraphrase`).
    near: tuple[ClaimVerdict, ...] = ()
    # A claim joining statements ("X: A; B, and C") decided statement by statement
    # (`judge_parts`): each statement with its own verdict.
    parts: tuple[tuple[str, ClaimVerdict], ...] = ()
    # More sentences quoted beside the deciding one (a claim the model read the whole paper
    # for, `model_paper_reading`: its closest sentences).
    also: tuple[tuple[Passage, str], ...] = ()


DEFAULT_STEPS: tuple[tuple[float, float], ...] = Settings.model_fields["claim_support_steps"].default
DEFAULT_ATTRIBUTION: float = Settings.model_fields["claim_attribution_coverage"].default


@dataclass(frozen=True)
class Candidate:
    score: float  # the better of the cosine and the word overlap
    cosine: float
    passage: Passage  # the sentence's passage
    sentence: str


def _candidates(claim: str, passages: list[Passage], vectors: VectorCache) -> list[Candidate]:
    """Every evidence sentence with its similarity to the claim, most similar first."""
    pairs = [(p, s) for p in passages for s in split_sentences(p.text) or [p.text]]
    if not pairs:
        return []
    cos = vectors.texts([s for _, s in pairs]) @ vectors.texts([claim])[0]
    scored = [Candidate(max(float(c), overlap(claim, f"{s} {source_line(p)}")), float(c), p, s)
              for c, (p, s) in zip(cos, pairs, strict=True)]
    return sorted(scored, key=lambda x: -x.score)


def claim_terms(claim: str) -> list[str]:
    """The claim's content words to find in a sentence: no numbers (numbers_held checks
    them), no framing or filler words ("any")."""
    fillers = words().fillers
    return [t for t in content_terms(_NUMBERS.sub("", claim)) if t not in fillers]


def words_held(terms: list[str], text: str, also: frozenset[str] = frozenset()) -> float:
    """Share of the terms the text holds, itself or by a synonym ("cuts" for "reducing"), or
    that are `also` held (said through an acronym)."""
    if not terms:
        return 0.0
    held, synonyms = set(tokenize(text)) | also, words().synonyms
    return sum(t in held or bool(synonyms.get(t, frozenset()) & held) for t in terms) / len(terms)


def claim_words_held(held: float, cosine: float,
                     steps: tuple[tuple[float, float], ...] = DEFAULT_STEPS) -> Verdict:
    """Enough of the claim's words: at some (cosine, share) step, the sentence is at least that
    close to the claim and holds at least that share of its words. The first step (any cosine)
    asks for most of the words; closer paraphrases need fewer, never none."""
    step = next(((c, h) for c, h in steps if cosine >= c and held >= h), None)
    reason = f"{held:.2f} of the claim's words, cosine {cosine:.2f}"
    return Verdict("claim_words_held", step is not None,
                   reason + (f" (a paraphrase at cosine >= {step[0]})" if step and step[0] > 0 else ""))


def specifics_held(claim: str, text: str) -> Verdict:
    """Every name, acronym or term with a capital or digit inside it that the claim uses
    ("SGD", "ImageNet", "GPT-4", a capitalised word past the first) is in the sentence or its
    paper's name, itself or through an acronym ("GNN" for "graph neural network"): a claim that
    adds a specific the sentence lacks is not supported by it."""
    held = set(tokenize(text)) | spelt(claim, text)
    missing = [w for w in specifics(claim) if not set(tokenize(w)) <= held]
    return Verdict("specifics_held", not missing,
                   f"not in the sentence: {', '.join(missing)}" if missing else "")


def comparison_held(claim: str, sentence: str) -> Verdict:
    """A claim that compares ("trains faster than", "beats") is supported only by a sentence
    that compares the same way (a comparative of its direction) or gives numbers to compare."""
    comparatives = words().comparatives
    raw = re.findall(r"[a-z]+", claim.lower())
    asked = {comparatives[w] for w in raw if w in comparatives}
    if not asked:
        return Verdict("comparison_held", True, "")
    # a comparative followed by what it compares ("higher accuracy", "less-accurate"), not a
    # list's "and more."
    said = {comparatives[w] for w in re.findall(r"([a-z]+)(?=[\s-]+\w)", sentence.lower()) if w in comparatives}
    ok = asked <= said or len(numbers(sentence)) >= 2
    return Verdict("comparison_held", ok, "" if ok else "the claim compares; the sentence does not")


def disagreement(claim: str, sentence: str, name: str, paper: frozenset[str] = frozenset()) -> str:
    """Why the sentence contradicts the claim: negation, direction or number (the answer
    policy's check), a number's direction, figures given to each other's things or settings
    (by the words before them, or by their whole clauses: `swapped_subjects`),
    another figure for the same thing (`changed_figure`), or than the claim says approximately
    or as a bound (`said_against`: "less than a third" against 59%), the
    two sides of a verb swapped (`swapped_roles`), a cause and its effect swapped
    (`swapped_cause`), an antonym, all said of what the sentence says of some
    (`overstated_scope`), one thing kept to where the sentence lists others (`narrowed_scope`), a
    winner where the sentence says the two match (`parity_said`), a comparison the other way round
    (in words, or in the figures given to each side), or another name in the claim's slot
    (`substitution`; `paper`: the sentence's paper's words)."""
    return (contradiction(claim, sentence, name, spelled=True) or number_direction(claim, sentence)
            or swapped_figures(claim, sentence) or swapped_subjects(claim, sentence)
            or changed_figure(claim, sentence)
            or said_against(claim, sentence, frozenset(tokenize(name)))
            or swapped_setting(claim, sentence)
            or swapped_roles(claim, sentence) or swapped_cause(claim, sentence)
            or opposite_words(claim, sentence) or overstated_scope(claim, sentence)
            or narrowed_scope(claim, sentence)
            or reversed_comparison(claim, sentence, name) or parity_said(claim, sentence, name)
            or compared_figures(claim, sentence)
            or substitution(claim, sentence, paper))


_SLOT_WORD = re.compile(r"[^\W_][\w'\-]*")
_SLOT_MAX = 4  # words either side may put in the slot
_EXAMPLE = re.compile(r"\b(?:such as|including|like|e\.g)\b", re.IGNORECASE)  # before or in a slot


def _slot_words(text: str) -> list[tuple[str, str]]:
    """Each written word, stop words kept, with the key it is aligned by: its stem, the same
    for every synonym of a group ("cuts" and "reduces")."""
    synonyms = words().synonyms
    out = []
    for raw in _SLOT_WORD.findall(text.replace("\\", "")):
        stems = tokenize(raw)
        key = min(synonyms.get(stems[0], {stems[0]})) if stems else raw.lower()
        out.append((raw, key))
    return out


def _listed(item: str, text: str) -> bool:
    """Whether `item` is an item of a list in `text`, after a comma and before another item
    ("imaging, scientific computing, *operations research*, and LLM reasoning")."""
    return bool(item) and bool(re.search(rf",\s*{re.escape(item)}\s*(?:,|\band\b|\bor\b)", text))


def substitution(claim: str, sentence: str, paper: frozenset[str]) -> str:
    """The claim puts a name in the slot where the sentence has another: "a connection to
    Thompson sampling for linear bandits" against "a connection to upper-confidence algorithms
    for linear bandits". The words around the slot agree (two or more on each side, or three
    before it where the claim ends), each side's slot is at most `_SLOT_MAX` words, and the
    claim's name (a capitalised word or acronym, `specifics`) is nowhere in the paper
    (`paper`): a term the paper uses elsewhere may be a paraphrase, an unknown name is not."""
    c, s = _slot_words(claim), _slot_words(sentence)
    names = {w.lower() for w in specifics(claim)}
    ops = SequenceMatcher(None, [k for _, k in c], [k for _, k in s], autojunk=False).get_opcodes()
    for n, (tag, i1, i2, j1, j2) in enumerate(ops):
        if tag != "replace" or i2 - i1 > _SLOT_MAX:
            continue
        left = ops[n - 1][2] - ops[n - 1][1] if n and ops[n - 1][0] == "equal" else 0
        nxt = ops[n + 1] if n + 1 < len(ops) else None
        right = nxt[2] - nxt[1] if nxt and nxt[0] == "equal" else 0
        at_end = i2 == len(c) and left >= 3
        if not (left >= 2 and right >= 2 and j2 - j1 <= _SLOT_MAX or at_end):
            continue
        said = [r for r, _ in c[i1:i2]]
        instead = " ".join(r for r, _ in s[j1 : min(j2, j1 + (len(said) if at_end else _SLOT_MAX))])
        named = bool(names & {w.lower() for w in said}) or (_listed(" ".join(said), claim)
                                                             and _listed(instead, sentence))
        if not named or set(tokenize(" ".join(said))) & paper or _EXAMPLE.search(
                " ".join(r for r, _ in c[max(0, i1 - 2) : i2])):
            continue  # an example the paper does not give ("methods such as CoTTA") is unstated
        return f"the claim says '{' '.join(said)}' where the passage says '{instead}'"
    return ""


def misattributed(claim: str, terms: list[str], found: list[Candidate], ctx: Context,
                  strong: float) -> Candidate | None:
    """The sentence that says what the claim credits to paper X of another paper Y, about Y's
    own method (it names Y, or says "we"/"our"). A claim with a figure: the claim's other words
    (`strong` of them) and numbers are in it, and X's paper lacks them (its words below
    `strong`, or a number). Any claim: the sentence holds `attribution_min_words` of the
    claim's other words and more of them than X's whole paper does ("NAVIS projects node
    features into a shared random space and builds representations from covariance
    statistics", ALL-IN's own sentence; a figure elsewhere, "Reading list, week 3", changes
    nothing). Another paper doing a plain thing the claim names ("evaluated on robotic
    manipulation", a few words) does not show that X did not."""
    # the paper it names, else the one its authors wrote (a claim naming "Liu, Ding, Osher and
    # Yin" or "Liu et al.": `ctx.focus`, named)
    named = ctx.subjects.named(claim) or (set(ctx.focus) if ctx.named_focus else set())
    if len(named) != 1 or ctx.paper_tokens is None:
        return None
    x = next(iter(named))
    x_names = {t for n in (*ctx.subjects.by_paper.get(x, ()), *ctx.subjects.surnames_by_paper.get(x, ()))
               for t in tokenize(n)}
    rest = [t for t in terms if t not in x_names]
    x_text = " ".join(ctx.paper_tokens(x))
    figures, x_held = numbers(claim), words_held(rest, x_text)
    if not rest or figures and x_held >= strong and figures <= numbers(x_text):
        return None
    # the words a sentence must hold to show it by words alone: as many as asked, more than X's paper
    need = max(words().attribution_min_words, round(x_held * len(rest)) + 1)
    own = words().self_references
    for c in found:
        p = c.passage
        if p.hit.paper_id == x or x in ctx.subjects.named(c.sentence) or c.score < ctx.threshold \
                or same_paper(p.hit.paper_id, x, ctx):  # X's own paper loaded twice says it of X
            continue
        about_own = p.hit.paper_id in ctx.subjects.named(c.sentence) or own & set(tokenize(c.sentence))
        if not about_own:
            continue
        held = words_held(rest, c.sentence)
        if figures and held >= strong and figures <= numbers(c.sentence.replace("\\", "")) \
                or round(held * len(rest)) >= need:
            return c
    return None


def judge_claim(claim: str, passages: list[Passage], vectors: VectorCache, ctx: Context,
                steps: tuple[tuple[float, float], ...] = DEFAULT_STEPS,
                attribution: float = DEFAULT_ATTRIBUTION, whole: bool = True) -> ClaimVerdict:
    """The most similar evidence sentence about the claim's subject decides: contradicted when
    it disagrees (`disagreement`) or says what the claim denies (`denied_said`, even when it
    shares few of the claim's other words), supported when it holds enough of the claim's words
    (at one of the (cosine, share) `steps`), every number and known word, else the next. None:
    contradicted when another paper's sentence says it of its own method (`misattributed`),
    else, for a claim joining statements (`whole`), each statement on its own (`judge_parts`),
    else unstated, with the sentences that failed only for the share of the claim's words
    (`near`, closest first)."""
    terms = claim_terms(claim)
    found = _candidates(claim, passages, vectors)
    if earlier := _origin_denied(claim, found, ctx):
        return earlier
    near: list[ClaimVerdict] = []
    for c in found:
        if c.score < ctx.threshold:
            break
        p, s = c.passage, c.sentence
        one = Passage(p.n, p.hit, s)
        about = subject(claim, one, ctx)
        if not about.ok:
            continue
        speaks = s in aligned_sentences(claim, one, authors=True) or numbers(claim) & numbers(s.replace("\\", ""))
        if why := (disagreement(claim, s, p.hit.name, ctx.words_of(one)) if speaks else "") or denied_said(claim, s) \
                or release_denied(claim, s):
            return ClaimVerdict("contradicted", p, s, (about, Verdict("no_contradiction", False, why)))
        text = f"{s} {source_line(p)}"
        held = words_held(terms, text, spelt(claim, text))
        # a figure said approximately or as a bound that the sentence holds ("more than 80%"
        # for 82%) is held; the others must be the passage's as written
        written = without_said(claim, s, frozenset(tokenize(p.hit.name)))
        checks = (about, numbers_held(written, one), numbers_bound(written, one, written),
                  known_words(written, ctx.unknown, text), specifics_held(claim, text), comparison_held(claim, s),
                  claim_words_held(held, c.cosine, steps))
        if all(v.ok for v in checks):
            whole_held = ClaimVerdict("supported", p, s, checks)
            return each_statement(claim, whole_held, passages, vectors, ctx, steps, attribution) if whole else whole_held
        if all(v.ok for v in checks[:-1]):
            near.append(ClaimVerdict("supported", p, s, checks))
    if released := _release_stated(claim, found, ctx):
        return released
    if wrong := misattributed(claim, terms, found, ctx, attribution):
        credited = Verdict("subject", False, f"the passage says this of {wrong.passage.hit.name}'s own method")
        return ClaimVerdict("contradicted", wrong.passage, wrong.sentence, (credited,))
    if whole and (by_parts := judge_parts(claim, passages, vectors, ctx, steps, attribution)):
        return by_parts
    return ClaimVerdict("unstated", near=tuple(near))


def _origin_denied(claim: str, found: list[Candidate], ctx: Context) -> ClaimVerdict | None:
    """A claim crediting its paper with originating a thing (rag/origin.py `credit`: "PowerSGD
    ... was introduced by Wan Zhiyi and colleagues") that a sentence of the paper presents as
    known or earlier work ("low-rank methods such as ATOMO and PowerSGD", `background`), holding
    `origin_min_share` of the thing's words, while no sentence of the paper's own work ("we",
    "our") holds as much, unless it takes the thing up ("we extend the Neural Collapse
    framework"): contradicted, whatever else the two share (claims_blind39's ds18,
    claims_blind44's dx14). A thing named by a loaded paper's name is that paper's own."""
    w = words()
    if has_cjk(claim) or not (c := credit(claim, ctx.subjects.names)):
        return None
    if w.own_plan and w.own_plan.search(c.agent):  # "Aim 1 will develop ...": the writer's plan
        return None
    terms = [t for t in claim_terms(c.thing) if t not in w.generic]
    if not terms:
        return None
    earlier: tuple[Candidate, Verdict, str] | None = None
    for cand in found:
        if words_held(terms, cand.sentence) < w.origin_min_share:
            continue
        about = subject(claim, Passage(cand.passage.n, cand.passage.hit, cand.sentence), ctx)
        if not about.ok:
            continue
        if not (marker := background(cand.sentence, terms)):
            return None  # the paper's own words hold it too
        earlier = earlier or (cand, about, marker)
    if earlier is None:
        return None
    cand, about, marker = earlier
    why = Verdict("no_contradiction", False, f"the claim credits {c.agent} with '{c.thing}'; the passage presents "
                  f"it as known or earlier work ('{marker}')")
    return ClaimVerdict("contradicted", cand.passage, cand.sentence, (about, why))


def _release_stated(claim: str, found: list[Candidate], ctx: Context) -> ClaimVerdict | None:
    """A claim saying a paper's code is not out, contradicted by any of its paper's sentences
    saying where it is, however little else the two share: "its authors never released an
    implementation, so ours is the only working version" against "Our code is available at
    https://github.com/..." (claims_blind44's dx13: cosine 0.34, below every other check's
    threshold)."""
    if not (denied := words().release[0]) or not denied.search(claim):
        return None
    for c in found:
        one = Passage(c.passage.n, c.passage.hit, c.sentence)
        if (why := release_denied(claim, c.sentence)) and (about := subject(claim, one, ctx)).ok:
            return ClaimVerdict("contradicted", c.passage, c.sentence, (about, Verdict("no_contradiction", False, why)))
    return None


def each_statement(claim: str, held: ClaimVerdict, passages: list[Passage], vectors: VectorCache, ctx: Context,
                   steps: tuple[tuple[float, float], ...], attribution: float) -> ClaimVerdict:
    """A claim one sentence holds, as a whole, judged again statement by statement: one
    sentence can hold most of its words and still leave a statement out. A statement
    (`judge_parts`) or, for a claim of several sentences, a sentence (`claim_sentences`) that
    a sentence contradicts makes it contradicted ("RoT ... assembles templates from them. The
    templates increase the amount of exploration ...": claims_blind39's ds12); a sentence of
    the claim that nothing holds leaves it unstated (an encyclopedia entry's "Models debiased
    in this way were found to stay debiased after fine-tuning"); otherwise it stays supported."""
    by_parts = judge_parts(claim, passages, vectors, ctx, steps, attribution)
    if by_parts is not None and by_parts.verdict == "contradicted":
        return by_parts
    sentences = claim_sentences(claim, ctx)
    if len(sentences) < 2:
        return held
    judged = [(x, judge_claim(x, passages, vectors, ctx, steps, attribution)) for x in sentences]
    if against := _contradicted(judged, "sentences"):
        return against
    if unheld := next((x for x, v in judged if v.verdict == "unstated"), None):
        why = Verdict("claim_parts", False, f"nothing holds one of its {len(sentences)} sentences: {unheld}")
        return ClaimVerdict("unstated", verdicts=(why,))  # no sentence reading undoes it
    return held


def _contradicted(judged: list[tuple[str, ClaimVerdict]], pieces: str) -> ClaimVerdict | None:
    """The first of a claim's judged statements or sentences (`pieces`) that is contradicted,
    as the claim's verdict, with the pieces kept; None when none is."""
    for x, v in judged:
        if v.verdict == "contradicted":
            why = Verdict("claim_parts", False, f"one of its {len(judged)} {pieces} is contradicted: {x}")
            return replace(v, verdicts=(*v.verdicts, why), parts=tuple(judged))
    return None


def asserted(claim: str, ctx: Context) -> str:
    """What a claim of several sentences asserts: without its questions ("Why not simply use an
    LLM judge as the reward?", which the next sentence answers), without the writer's own plans
    naming no loaded paper ("Aim 1 will develop ...") and without a heading, a short
    first sentence (at most `heading_words` words, or `heading_chars` characters in Chinese)
    naming no loaded paper or "X et al." ("Lecture 8, test-time adaptation.", "Implementation
    note."). Course notes and slides open so (claims_blind40); their words are in no abstract,
    so left in they pulled the share of the claim's words held below every step. The claim
    as given when nothing would be left."""
    sentences = split_sentences(claim)
    if len(sentences) < 2:
        return claim
    w = words()
    # the writer's own plans ("Aim 1 will develop replay methods for ...", `own_plans`) name
    # no loaded paper: they are no claim about one (a grant proposal's background, claims_blind41)
    kept = [x for x in sentences if not x.rstrip().endswith(("?", "？"))
            and not (w.own_plan and w.own_plan.search(x) and not _subject_words(x, ctx))
            and not _writers_own(x)]
    first = kept[0] if kept else ""
    short = len(re.sub(r"\s+", "", first)) <= w.heading_chars if has_cjk(first) else len(first.split()) <= w.heading_words
    if len(kept) > 1 and short and not _subject_words(first, ctx):
        kept = kept[1:]
    kept = without_lead_in(kept, ctx)
    return " ".join(kept) if kept else claim


# where a sentence's head ends: "Audio guide, stop 12 (the 'tiny suitcase' table): ..."
_COLON = re.compile(r"[:：]\s*")


def names_paper(text: str, ctx: Context) -> bool:
    """Whether the text names a loaded paper: its method name or title, an "X et al." label,
    or a loaded author's surname ("Dmitry Yarotsky's method", "Schirmer, Zhang and Nalisnick")."""
    return bool(_subject_words(text, ctx)) or ctx.subjects.names_author(text)


def without_lead_in(sentences: list[str], ctx: Context) -> list[str]:
    """A claim's sentences from the first that names its paper (`names_paper`) on: what comes
    before sets the scene and says nothing of a paper ("Every graph dataset describes its nodes
    in its own private language.", an exhibit panel's analogy), and so no paper holds it. The
    head of that sentence, before a colon, goes too when it names no paper and the rest does
    ("Reasoning AIs can recycle their old thinking, the way a cook reuses a favourite recipe
    card: Retrieval-of-Thought ... keeps earlier reasoning ..."). Exhibit texts open so
    (claims_blind47); left in, their sentences held by no sentence of the paper kept every
    claim unstated. Unchanged when no sentence names a paper, when what comes before speaks of
    a paper without naming it ("The team grants that ...", `scene_references` in
    rag/policy_words.json), or when the naming sentence (or the colon's body) points back at it
    ("That is what RoT does.", `points_back_openers`). Used on claims
    of several sentences: on the 92 seen claims it changes, live at 20 papers, 33 -> 42 right;
    a claim of one sentence keeps its head (dropped too, 17 -> 16 of 24)."""
    w = words()

    def points_back(text: str) -> bool:
        return bool(w.points_back and w.points_back.match(text))

    def refers(text: str) -> bool:
        return bool(w.scene_reference and w.scene_reference.search(text))

    at = next((i for i, x in enumerate(sentences) if names_paper(x, ctx)), None)
    if at is None or (at and (points_back(sentences[at]) or any(refers(x) for x in sentences[:at]))):
        return sentences
    first = sentences[at]
    if (labelled := _label_to_name(first, ctx)) != first:  # "Card 4 (front: RoT ...?) back: ..."
        first = labelled
    elif (colon := _COLON.search(first)) is not None:
        head, body = first[: colon.start()], first[colon.end():]
        if not names_paper(head, ctx) and not refers(head) and names_paper(body, ctx) and not points_back(body) \
                and len(body.split()) >= 3 and not _in_brackets(first, colon.start()):
            first = body
    return [first, *sentences[at + 1:]]


def _label_to_name(sentence: str, ctx: Context) -> str:
    """A sentence whose head, before its first colon outside brackets, is a label naming a paper
    only in its brackets ("Card 4 (front: Retrieval-of-Thought — what's the catch?) back: The
    prompt ...", "Slide 3 (STAD): ..."), headed by that name instead ("STAD: The prompt ...").
    The label's words (a card's number, its question) are in no abstract, and a name inside
    brackets heads no statement, so the sentences after it named no subject (revision
    flashcards, claims_blind48). A label is at most `heading_words` words outside its
    brackets; the sentence is unchanged when its body is shorter than three words."""
    colon = next((m for m in _COLON.finditer(sentence) if not _in_brackets(sentence, m.start())), None)
    if colon is None:
        return sentence
    head, body = sentence[: colon.start()], sentence[colon.end():]
    bare = BRACKETED.sub(" ", head)
    name = _subject_words(head, ctx)
    if not name or names_paper(bare, ctx) or not _short_label(head) or len(body.split()) < 3:
        return sentence
    return f"{name}: {body}"


def _short_label(head: str) -> bool:
    """A label is at most `heading_words` words outside its brackets."""
    return len(BRACKETED.sub(" ", head).split()) <= words().heading_words


def _writers_own(sentence: str) -> bool:
    """Whether a sentence of a claim records its writer's own decision or task under its label
    ("Decision (5 Dec): we keep PowerSGD ...", "Action item: Tom to check which of our models
    RoT was evaluated with", "待办：...", `own_labels`): what the writer will do, not what a
    paper says, even when it names the paper. Lab minutes end so (claims_blind46); left in,
    no sentence of any paper held them and the claim stayed unstated. So does a sentence opening
    with its writer that points to the writer's own document ("We add STAD to the revised Table
    3.", "我们会在修订版中说明这一点。", `own_document`): rebuttal letters close so (claims_blind55). So
    does one speaking of what the writer decides on (`own_matter`: "Claim 4 therefore lacks
    novelty over D1.", "The applicant argues that D4 ...", "See D1, abstract."): a patent
    examiner's office action weighs the papers against an application so (claims_blind56)."""
    w = words()
    to_own_document = bool(w.own_opener and w.own_document and w.own_opener.match(sentence)
                           and w.own_document.search(sentence))
    return to_own_document or any(p is not None and p.search(sentence) for p in (w.own_label, w.own_matter))


def claim_sentences(claim: str, ctx: Context) -> list[str]:
    """The sentences of an English claim of several, each given the claim's subject when it
    names none (as `claim_parts` gives its statements); [claim] for one sentence, a Chinese
    claim, or one naming no subject."""
    if has_cjk(claim):
        return [claim]
    head = _HEAD.match(claim)
    body = claim[head.end():] if head else claim
    sentences = [x.strip(" .,") for x in split_sentences(body)]
    sentences = [x for x in sentences if len(x.split()) >= 3]
    if len(sentences) < 2:
        return [claim]
    about = (_subject_words(head.group("head"), ctx) if head else "") or _subject_words(body, ctx)
    if not about:
        return [claim]
    return [x if _subject_words(x, ctx) else f"{about}: {x}" for x in sentences]


# Where a claim joins statements: "; ", " — ", " + ", ", and ", ", plus ", ", while ", ", but "
_JOINS = re.compile(r"\s*;\s+|\s+[—–]\s+|\s+\+\s+|,\s+(?:and|plus|while|whereas|but)\s+")
# "InfoSEDD: ...", "RoT, as ratios: ...": a head naming what the claim is about, before a colon
# (not inside brackets: "Node affinity prediction (for us: which merchants ...) is ..." has none,
# claims_blind44's dx06)
_HEAD = re.compile(r"^(?P<head>(?:[^:;()]|\([^():;]*\)){1,60}?):\s+")


def claim_parts(claim: str, ctx: Context) -> list[str]:
    """The statements an English claim joins ("InfoSEDD: estimation on discrete data via
    discrete diffusion; beats embedding-trick estimators, and plugs into pretrained models"),
    its sentences first (a press release's "With a new technique called RoT, ... cut the
    waiting time by more than four-fifths. The team says ..."), each statement of at least three
    words and given the claim's subject when it names none: a loaded paper's name or an "X et
    al." label, in the head before a colon, else in its first statement, else (a claim of
    several sentences) the first it names anywhere; a head naming none, "Key result:", is left
    out: "InfoSEDD: beats embedding-trick estimators", and so is a label before a dash
    (`_dash_label`). [claim] when it joins none, names no
    subject (a statement about no paper would be held by any paper's sentence), or is Chinese."""
    if has_cjk(claim):
        return [claim]
    head = _HEAD.match(claim)
    body = claim[head.end():] if head else claim
    sentences = split_sentences(body) or [body]
    parts = [p.strip(" .,") for sentence in sentences for p in _JOINS.split(sentence.strip())]
    parts = [p for p in parts if p]
    named = head.group("head") if head else ""
    if not head and len(parts) > 2 and _names_only(parts[0], ctx):  # "Zhiyi et al. — X; Y"
        named = re.sub(r"\bet al$", "et al.", parts.pop(0))  # its full stop was stripped
    elif not head and len(parts) > 2 and _dash_label(sentences[0], ctx):
        parts.pop(0)  # "Blip 12 · Techniques · Trial — ALL-IN ...": a label, as "Key result:" is
    if len(parts) < 2 or any(len(p.split()) < 3 for p in parts):
        return [claim]
    headed = _subject_words(named, ctx) if named else ""  # "Key result: ..." names none
    about = headed or _subject_words(parts[0], ctx) or (_subject_words(body, ctx) if len(sentences) > 1 else "")
    if not about:
        return [claim]
    return [p if (not headed and _subject_words(p, ctx)) else f"{about}: {p}" for p in parts]


# "Blip 12 · Techniques · Trial (moved in from Assess) — ALL-IN ...": a label before a dash
_DASH_HEAD = re.compile(r"^\s*(?P<head>[^—–;:]{1,80}?)\s+[—–]\s+")


def _dash_label(sentence: str, ctx: Context) -> bool:
    """Whether the sentence opens with a label before a dash: at most `heading_words` words
    outside its brackets, naming no loaded paper or author ("Blip 12 · Techniques · Trial
    (moved in from Assess) — ALL-IN for graph datasets ..."). Like a head before a colon naming
    none ("Key result: ..."), it is no statement about the paper: judged as one, nothing held
    it, and a claim whose every other statement a sentence held stayed unstated (a technology
    radar's blips, claims_blind51's ee04 and ee08)."""
    m = _DASH_HEAD.match(sentence)
    if m is None:
        return False
    return _short_label(m.group("head")) and not names_paper(m.group("head"), ctx)


# "Ahmed et al.": a claim's subject named by its paper's label
_ET_AL_LABEL = re.compile(r"(?<![\w-])[A-Z][\w'’-]*\s+et\s+al\.?")


def _names_only(text: str, ctx: Context) -> bool:
    """Whether the text only names what a claim is about: "Zhiyi et al.", "ALL-IN (Eliasof et
    al.)", a survey table's first column before its " — "."""
    left = ctx.subjects.pattern.sub(" ", text) if ctx.subjects.pattern else text
    left = _ET_AL_LABEL.sub(" ", left)
    return bool(_subject_words(text, ctx)) and not re.search(r"[^\W\d_]", left)


def _subject_words(text: str, ctx: Context) -> str:
    """The first loaded paper's name or "X et al." label the text uses, as written; "" for none."""
    found = list(ctx.subjects.pattern.finditer(text)) if ctx.subjects.pattern else []
    found += list(_ET_AL_LABEL.finditer(text))
    return min(found, key=lambda m: m.start()).group(0) if found else ""


def judge_parts(claim: str, passages: list[Passage], vectors: VectorCache, ctx: Context,
                steps: tuple[tuple[float, float], ...] = DEFAULT_STEPS,
                attribution: float = DEFAULT_ATTRIBUTION) -> ClaimVerdict | None:
    """A claim joining statements (`claim_parts`) that no one sentence decides: contradicted
    when a sentence contradicts one of its statements, supported when each statement is held
    by a sentence of its own (a reviewer's "X does A, and B" is held by two of the abstract's
    sentences); None otherwise (the claim stays unstated)."""
    parts = claim_parts(claim, ctx)
    if len(parts) < 2:
        return None
    judged = [(part, judge_claim(part, passages, vectors, ctx, steps, attribution, whole=False)) for part in parts]
    if against := _contradicted(judged, "statements"):
        return against
    if all(v.verdict == "supported" for _, v in judged):
        first = judged[0][1]
        why = Verdict("claim_parts", True, f"each of its {len(parts)} statements is held by a sentence")
        return replace(first, verdicts=(*first.verdicts, why), parts=tuple(judged))
    return None


def claim_answer(question: str, found: ClaimVerdict, passages: list[Passage],
                 suggestions: list[str]) -> Answer:
    """The reply to a claim question: the verdict, and the deciding sentence quoted and cited."""
    zh = is_chinese(question)
    text = LINES[found.verdict][int(zh)]
    citations: list[Citation] = []
    p = found.passage
    if p is not None:
        # a claim supported statement by statement quotes the sentence holding each
        shown = [(v.passage, v.sentence) for _, v in found.parts if v.passage is not None] \
            if found.verdict == "supported" and found.parts else [(p, found.sentence), *found.also]
        shown = list(dict.fromkeys(shown))
        text = " ".join([text, *(quoted(q, s) for q, s in shown)])
        citations = [Citation(n=q.n, paper_id=q.hit.paper_id, name=q.hit.name, authors=q.hit.authors,
                              passage=q.text, url=str(q.hit.metadata.get("url", "")), page=q.hit.page)
                     for q in dict.fromkeys(q for q, _ in shown)]
    elif suggestions:
        text += (" 最接近的论文：" if zh else " Closest papers: ") + "; ".join(suggestions)
    check = SentenceCheck(found.sentence, (p.n,) if p else (), found.verdict, found.verdicts)
    return Answer(question=question, text=text, citations=citations, passages=passages,
                  refused=found.verdict == "unstated", suggestions=suggestions, checks=[check],
                  verdict=found.verdict)


_VERDICT_WORDS = ("TRUE", "FALSE", "UNSTATED")  # the answers of prompts/claim_judge.md
_PARAPHRASE_WORDS = ("YES", "NO")  # of prompts/claim_paraphrase.md
_READING = re.compile(rf"\b({'|'.join(_VERDICT_WORDS)})\b")
_PARAPHRASE = re.compile(rf"\b({'|'.join(_PARAPHRASE_WORDS)})\b")
T = TypeVar("T")


def _ask(template: str, found: ClaimVerdict, claim: str,
         call: Callable[[list[dict[str, str]]], T]) -> T | None:
    """`call` (the chat model's reply, or its first-token probabilities) on one of the claim
    prompts (prompts/<template>.md) about the verdict's sentence; None when the model fails
    (logged: the verdict stands)."""
    assert found.passage is not None
    prompt = render(template, paper=found.passage.hit.name, sentence=found.sentence, claim=claim)
    try:
        return call([{"role": "user", "content": prompt}])
    except Exception:  # noqa: BLE001 (the verdict stands; logged)
        log.warning("the model's %s reading of a claim failed; the verdict stands", template, exc_info=True)
        return None


def _read(llm: ChatModel, template: str, found: ClaimVerdict, claim: str, max_tokens: int) -> str | None:
    """The chat model's short reply to a claim prompt; None when it fails."""
    return _ask(template, found, claim,
                lambda m: "".join(llm.stream(m, max_tokens=max_tokens, temperature=0.0)))


def _first_token(llm: ChatModel, template: str, found: ClaimVerdict, claim: str) -> dict[str, float] | None:
    """The chat model's first-token probabilities for its reply to a claim prompt ({} from an
    endpoint that gives none); None when it fails."""
    return _ask(template, found, claim, llm.first_token)


def _word(pattern: re.Pattern[str], reply: str) -> str:
    """The reply's first answer word ("FALSE", "YES"), or "" when it answers out of form."""
    said = pattern.search(reply.upper())
    return said.group(1) if said else ""


def model_reading(claim: str, found: ClaimVerdict, llm: ChatModel) -> ClaimVerdict:
    """A second reading of a "supported" verdict by the chat model (prompts/claim_judge.md):
    the word checks cannot tell "many distinct blocks" from "a single block", the model can.
    FALSE makes it contradicted (the same sentence, cited as the contradiction), anything else
    keeps it; a model that fails or answers out of form keeps the checks' verdict."""
    if found.verdict != "supported" or found.passage is None:
        return found
    if found.parts:  # each statement against the sentence holding it
        for part, v in found.parts:
            if (read := model_reading(part, v, llm)).verdict == "contradicted":
                return replace(read, parts=found.parts)
        return found
    reply = _read(llm, "claim_judge", found, claim, max_tokens=4)
    if reply is None:
        return found
    if _word(_READING, reply) != "FALSE":
        return replace(found, verdicts=(*found.verdicts, Verdict("model_reading", True, reply.strip()[:40])))
    return replace(found, verdict="contradicted", verdicts=(
        *found.verdicts, Verdict("model_reading", False, "the model reads the sentence as saying the claim is false")))


def option_probability(probabilities: dict[str, float], option: str, options: tuple[str, ...]) -> float:
    """The probability that a reply begins with `option` ("FALSE" of TRUE / FALSE / UNSTATED),
    from its first token's alternatives: those that begin `option` and no other one, added up
    ("FALSE", "False", "F"; not "" and not a prefix two options share)."""
    total = 0.0
    for token, p in probabilities.items():
        t = token.strip().upper()
        if t and option.startswith(t) and not any(o.startswith(t) for o in options if o != option):
            total += p
    return total


def model_contradiction(claim: str, found: ClaimVerdict, llm: ChatModel, reads: int,
                        least: float) -> ClaimVerdict:
    """An unstated verdict's closest near misses (`near`, at most `reads`) read with the
    second reading's prompt (prompts/claim_judge.md): the first the model reads as FALSE with
    probability at least `least` (its first token's) contradicts the claim. "InfoSEDD cannot be
    combined with pretrained models" against "... allows seamless integration with pretrained
    models" shares too few words to be held and holds no negation the word checks align. The
    1.5B model's plain answer says FALSE as often to a topical sentence that does not settle an
    unstated claim, but its probability of FALSE is higher for a sentence that contradicts it
    (measured on the seen claim sets, eval/RESULTS.md). A model that fails, or an endpoint
    that gives no probabilities, keeps the claim unstated."""
    if found.verdict != "unstated" or least > 1.0:
        return found
    for near in found.near[:reads]:
        probabilities = _first_token(llm, "claim_judge", near, claim)
        if probabilities is None:
            return found
        false = option_probability(probabilities, "FALSE", _VERDICT_WORDS)
        if false >= least:
            return replace(near, verdict="contradicted", verdicts=(*near.verdicts, Verdict(
                "model_reading", False, f"the model reads the sentence as saying the claim is false "
                f"(probability {false:.2f})")))
    return found


def model_paraphrase(claim: str, found: ClaimVerdict, llm: ChatModel, reads: int,
                     least: float) -> ClaimVerdict:
    """An unstated verdict's closest near misses (`near`: every check passed but the share of
    the claim's words) read by the chat model for a paraphrase (prompts/claim_paraphrase.md),
    at most `reads` of them: "motif discovery in genetic promoter data" states "discover motifs
    in DNA promoter sequences" with few shared words. The first it answers YES with probability
    at least `least` (its first token's; from an endpoint without probabilities, its plain
    answer) becomes the supported verdict, its failed share of words kept beside the model's
    reading; otherwise, or with a failing model, the claim stays unstated. The 1.5B model's
    YES for a true paraphrase is often just under even (0.44-0.5); for a contradicted claim's
    near miss it stayed below 0.33 on the seen claim sets (eval/RESULTS.md)."""
    if found.verdict != "unstated":
        return found
    for near in found.near[:reads]:
        probabilities = _first_token(llm, "claim_paraphrase", near, claim)
        if probabilities is None:
            return found
        if probabilities:
            yes = option_probability(probabilities, "YES", _PARAPHRASE_WORDS)
        else:  # an endpoint that gives no probabilities: its plain answer
            reply = _read(llm, "claim_paraphrase", near, claim, max_tokens=3)
            if reply is None:
                return found
            yes = float(_word(_PARAPHRASE, reply) == "YES")
        if yes >= least:
            return replace(near, verdicts=(*near.verdicts, Verdict(
                "model_paraphrase", True, "the model reads the sentence as stating the claim in other "
                f"words (probability {yes:.2f})")))
    return found


def claim_paper(claim: str, passages: list[Passage], vectors: VectorCache, named: tuple[str, ...] = ()) -> str:
    """The paper a claim is about, for reading it whole (`model_paper_reading`): the paper of
    the evidence sentence closest to the claim, among the papers the claim names when it names
    any; "" when no passage is left."""
    if named:
        passages = [p for p in passages if p.hit.paper_id in named]
    found = _candidates(claim, passages, vectors)
    return found[0].passage.hit.paper_id if found else ""


def paper_passages(chunks: list[Hit], passages: list[Passage], budget: int) -> tuple[list[Passage], list[Passage]]:
    """One paper's text for the chat model to read whole: every chunk of it when they fit
    `budget` tokens (an abstract), else the chunks already among `passages` first (the
    retrieved ones), then the others in order, while they fit; as passages in the paper's
    order, each whole. A chunk among `passages` keeps its number (its passage now whole), the
    others are numbered after them. Returns (`passages` with these in, the paper's passages)."""
    given = {p.hit.chunk_id: p for p in passages}
    taken: set[str] = set()
    spent = 0
    for h in sorted(chunks, key=lambda h: h.chunk_id not in given):  # the retrieved first, in order
        cost = approx_tokens(h.text)
        if taken and spent + cost > budget:
            continue
        taken.add(h.chunk_id)
        spent += cost
    n = max((p.n for p in passages), default=0)
    whole: dict[str, Passage] = {}  # the paper's passages by chunk, in the paper's order
    for h in (h for h in chunks if h.chunk_id in taken):
        if h.chunk_id in given:
            whole[h.chunk_id] = Passage(given[h.chunk_id].n, given[h.chunk_id].hit, h.text)
        else:
            n += 1
            whole[h.chunk_id] = Passage(n, h, h.text)
    merged = [whole.get(p.hit.chunk_id, p) for p in passages] + [p for c, p in whole.items() if c not in given]
    return merged, list(whole.values())


def model_paper_reading(claim: str, found: ClaimVerdict, paper: list[Passage], vectors: VectorCache,
                        llm: ChatModel, true_least: float, false_least: float,
                        quotes: int = 2, margin: float = 0.1, sentences: tuple[str, ...] = ()) -> ClaimVerdict:
    """A verdict the checks did not contradict, read again by the chat model against the whole
    text of the claim's paper (`paper`, from `paper_passages`; prompts/claim_paper.md), by its
    first token's probabilities. FALSE with probability at least `false_least` contradicts the
    claim: a supported verdict cites its own sentence, an unstated one the paper's sentences
    closest to the claim (at most `quotes`, within `margin` of the closest's cosine). For an
    unstated verdict, TRUE with probability at least `true_least` makes it supported, quoting
    those sentences: a related-work summary ("Ahmed et al. recycle prior reasoning ... which
    lowers output tokens and cost") joins several of the abstract's sentences in other words,
    so no one sentence holds it. On the seen claim sets read against their abstracts
    (eval/RESULTS.md), the 1.5B model's TRUE separates supported from unstated claims (ROC area
    about 0.91), and a high FALSE is rare but nearly always a contradicted claim; its middling
    FALSE does not tell contradicted from unstated, so an unstated claim's FALSE must be high.
    A claim of several `sentences` (`claim_sentences`) is supported only when each of them,
    read alone, reaches `true_least` too: read whole, an encyclopedia entry whose first sentence
    is right drew TRUE at 0.92-0.96 for a second sentence that is wrong or unstated, which alone
    drew 0.62-0.76 (claims_blind39's ds12, ds14, ds21).
    An endpoint that gives no probabilities (its plain answer says TRUE to most claims on the
    paper's topic), a failing model, or no paper keeps the verdict."""
    if found.verdict == "contradicted" or not paper or min(true_least, false_least) > 1.0 \
            or (found.verdict == "supported" and false_least > 1.0):
        return found
    hit = paper[0].hit
    text = " ".join(dict.fromkeys(s for p in paper for s in (split_sentences(p.text) or [p.text])))

    def read(said: str) -> tuple[float, float] | None:
        prompt = render("claim_paper", paper=hit.name, authors=", ".join(hit.authors[:3]) or "authors unknown",
                        text=text, claim=said)
        try:
            probabilities = llm.first_token([{"role": "user", "content": prompt}])
        except Exception:  # noqa: BLE001 (the verdict stands; logged)
            log.warning("the model's reading of a claim's paper failed; the verdict stands", exc_info=True)
            return None
        return (option_probability(probabilities, "TRUE", _VERDICT_WORDS),
                option_probability(probabilities, "FALSE", _VERDICT_WORDS))

    if (whole := read(claim)) is None:
        return found
    true, false = whole
    if false >= false_least:
        why = Verdict("model_paper_reading", False, f"the model reads {hit.name}'s text as saying the claim "
                      f"is false (probability {false:.2f})")
        if found.verdict == "supported":
            return replace(found, verdict="contradicted", verdicts=(*found.verdicts, why), parts=())
        return _closest("contradicted", claim, paper, vectors, why, quotes, margin)
    if found.verdict == "unstated" and true >= true_least:
        for said in sentences if len(sentences) > 1 else ():
            alone = read(said)
            if alone is None or alone[0] < true_least:
                return found
        each = f"; each of its {len(sentences)} sentences too" if len(sentences) > 1 else ""
        why = Verdict("model_paper_reading", True, f"the model reads {hit.name}'s text as stating the claim "
                      f"(probability {true:.2f}{each}); no one sentence holds it")
        return _closest("supported", claim, paper, vectors, why, quotes, margin)
    return found


def _closest(verdict: str, claim: str, paper: list[Passage], vectors: VectorCache, why: Verdict,
             quotes: int, margin: float) -> ClaimVerdict:
    """`verdict`, quoting the paper's sentences closest to the claim: at most `quotes`, within
    `margin` of the closest's cosine."""
    closest = _candidates(claim, paper, vectors)
    shown = [c for c in closest if c.cosine >= closest[0].cosine - margin][:quotes]
    first = shown[0]
    return ClaimVerdict(verdict, first.passage, first.sentence, (why,),
                        also=tuple((c.passage, c.sentence) for c in shown[1:]))
