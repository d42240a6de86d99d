"""Figures as people say them, for claim questions: spoken shares written as figures
("four-fifths" 80%, "nine out of ten" 90%, "两成" 20%, "five times" 5 times), and whether a
sentence holds a figure said approximately or as a bound ("something like 80%" for 82%, "more
than a third" for 37.9%, "more than five times faster" for a latency cut of 82%). Word lists:
rag/policy_words.json (`spoken_fractions`, `cjk_numerals`, `approximators`, the figure bounds)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from rag.contradiction import FIGURE, near_figures, numbers, within_bound, word_lists, words
from rag.text import tokenize

_FIGURE = r"\d+(?:[.,]\d+)*"
# a figure said as spoken ("80 percent", "20 per cent"): the figure with "%", as papers write it
_SPOKEN_PERCENT = re.compile(r"(?<=\d)\s*(?:percent|per cent)\b", re.IGNORECASE)
_BREAK = re.compile(r"[,;:]\s|\.\s")  # where a clause ends after a figure
_CLAUSE_BREAK = re.compile(rf"{_BREAK.pattern}|{FIGURE}\s*(?:%|x\b|×)?")
_MATH_FIGURE = re.compile(r"\$\s*\d+(?:[.,]\d+)*\s*\\?%?\s*\$")
_ORDINAL = re.compile(r"\b(?:the|first|second|other|latter|former|upper|lower|top|bottom)\s+$", re.IGNORECASE)


@dataclass(frozen=True)
class Spoken:
    """The spoken-figure word lists, loaded once."""

    fraction: re.Pattern[str] | None  # "four-fifths", "a third of", "over a third"
    share: re.Pattern[str] | None  # "nine out of ten", "9 in 10", "19 out of every 20"
    times: re.Pattern[str] | None  # "five times", "ten-fold": a number word before a ratio's unit
    tenths_cjk: re.Pattern[str] | None  # "两成": tenths
    half_cjk: str  # "一半"
    approximate: re.Pattern[str] | None  # "about", "something like", "~" right before a figure
    numerals: dict[str, int]  # "four": 4 (the spelled numbers and "a"/"one")
    parts: dict[str, int]  # "fifth": 5, "fifths": 5, "half": 2
    cjk: dict[str, int]  # "两": 2


def _alternatives(items: list[str]) -> str:
    return "|".join(re.escape(x) for x in sorted(items, key=len, reverse=True))


@lru_cache(maxsize=1)
def spoken() -> Spoken:
    """The patterns of spoken figures, built from rag/policy_words.json."""
    raw = word_lists()
    numerals = {w: int(n) for w, n in raw.get("spelled_numbers", {}).items() if n.isdigit() and int(n) < 100}
    numerals |= {"a": 1, "an": 1, "one": 1}
    parts = {w: int(n) for w, n in raw.get("spoken_fractions", {}).items()}
    cjk = {w: int(n) for w, n in raw.get("cjk_numerals", {}).items()}
    count = _alternatives([*numerals, *(str(n) for n in range(1, 10))])
    bounds = [w for key in ("figure_bounds_above", "figure_bounds_below") for w in raw.get(key, [])]
    approx = raw.get("approximators", [])
    # a fraction is a share when plural ("two-thirds"), or "of" follows, or a bound, an
    # approximation or "by" / "to" comes before: not "a third variant", "a fifth of" is
    lead = _alternatives([*bounds, *approx, "by", "to", "cut", "cuts"])
    part = _alternatives(list(parts))
    fraction = re.compile(
        rf"\b(?:(?P<lead>{lead})\s+)?(?:(?P<count>{count})[\s-])?(?P<part>{part})\b(?P<of>\s+of\b)?",
        re.IGNORECASE) if parts else None
    share = re.compile(rf"\b(?P<count>{count}|\d+)\s+(?:(?:out\s+of|in)(?:\s+every)?|of\s+every)\s+(?P<whole>{count}|\d+)\b(?!\s*(?:%|percent))",
                       re.IGNORECASE)
    units = words().multiplier
    times = re.compile(rf"\b(?P<count>{_alternatives([w for w in numerals if w not in ('a', 'an')])})"
                       rf"(?=[\s-](?:times|fold)\b)", re.IGNORECASE) if units else None
    tenths = re.compile(rf"(?P<count>[{''.join(cjk)}])成") if cjk else None
    approximate = re.compile(rf"(?:\b(?:{_alternatives(approx)})\s+|~\s*)$", re.IGNORECASE) if approx else None
    return Spoken(fraction, share, times, tenths, raw.get("half_cjk", "一半"), approximate, numerals, parts, cjk)


def _percent(value: float) -> str:
    return f"{round(value, 1):g}%"


def _count(word: str, s: Spoken) -> int:
    return int(word) if word.isdigit() else s.numerals[word.lower()]


def said_figures(text: str) -> str:
    """The text with its spoken figures, shares and counts written as figures: "80 percent" ->
    "80%", "cuts latency by more than four-fifths" -> "by more than 80%", "nine out of ten
    tokens" -> "90% tokens", "about a third of the time" -> "about 33.3% of the time", "five
    times faster" -> "5 times faster", "两成" -> "20%", "一半" -> "50%". "A third variant" stays
    as it is."""
    s = spoken()
    text = _SPOKEN_PERCENT.sub("%", text)

    def fraction(m: re.Match[str]) -> str:
        count, part = m.group("count") or "", m.group("part").lower()
        # "half" alone only as a share ("about half the time", "half of"; not "the second half
        # of training"), a part with a count
        if not count and (part != "half" or _ORDINAL.search(m.string[:m.start()])) \
                or not (m.group("of") or m.group("lead") or part.endswith("s")):
            return m.group(0)
        count = count or "one"
        share = _count(count, s) / s.parts[part] * 100
        return f"{m.group('lead') + ' ' if m.group('lead') else ''}{_percent(share)}{m.group('of') or ''}"

    def share(m: re.Match[str]) -> str:
        whole = _count(m.group("whole"), s)
        return _percent(_count(m.group("count"), s) / whole * 100) if whole else m.group(0)

    if s.fraction:
        text = s.fraction.sub(fraction, text)
    if s.share:
        text = s.share.sub(share, text)
    if s.times:
        text = s.times.sub(lambda m: str(s.numerals[m.group("count").lower()]), text)
    if s.tenths_cjk:
        text = s.tenths_cjk.sub(lambda m: _percent(s.cjk[m.group("count")] * 10), text)
    return text.replace(s.half_cjk, "50%") if s.half_cjk else text


def _kinds(text: str) -> list[tuple[str, str, int, int]]:
    """Each figure of the text with its kind ("%", "x" for a ratio, "" otherwise) and span."""
    ratio = words().multiplier
    out = []
    for m in re.finditer(rf"(?<![\w.]){_FIGURE}", text):
        if "," in m.group(0) and not re.fullmatch(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?", m.group(0)):
            continue  # "1,2" is a list, "5,040" a figure
        after = text[m.end():m.end() + 12]
        kind = "%" if re.match(r"\s*(?:%|percent\b|per cent\b)", after) else ""
        if not kind and ratio and (r := ratio.match(text, m.start())) and r.start(1) == m.start():
            kind = "x"
        out.append((m.group(0).replace(",", ""), kind, m.start(), m.end()))
    return out


def _direction(text: str) -> str:
    """up|down: the last direction word of the text (a figure's clause before it): "reducing
    output tokens by up to 40%, inference latency by" (a list of cuts) is down; "" for none."""
    w = words()
    said = [x for x in re.findall(r"[a-z]+", text.lower()) if x in w.up or x in w.down]
    return "" if not said else "down" if said[-1] in w.down else "up"


def _clause_words(text: str, start: int, end: int) -> set[str]:
    """The content words of a figure's own clause (from the last comma, semicolon, sentence end
    or figure before it to the next break after it), at most ten before and three after it."""
    before = _CLAUSE_BREAK.split(text[:start])[-1].split()[-10:]
    after = _BREAK.split(text[end:])[0].split()[1:4]
    return set(tokenize(" ".join(before + after))) - words().frame


# what a figure is written with: its unit ("20x fewer", "40% of", "100 times faster")
_UNIT = re.compile(r"\s*(?:%|x\b|×|times\b|percent\b|per cent\b|-?fold\b)", re.IGNORECASE)


def _thing_words(text: str, end: int) -> frozenset[str]:
    """The content words right after a figure and its unit, up to three before a break: the
    thing it counts ("20x *fewer trainable parameters*")."""
    rest = text[end:]
    unit = _UNIT.match(rest)
    rest = rest[unit.end():] if unit else rest
    return frozenset(tokenize(" ".join(_BREAK.split(rest)[0].split()[:3]))) - words().frame


def _passage_figures(text: str) -> list[tuple[float, str, set[str], frozenset[str]]]:
    """A sentence's figures with their kind, their clause's words and the words of the thing
    they count (`_thing_words`); a change by a percentage
    is also a ratio ("reducing ... latency by 82%" is 1 / 0.18, about 5.6 times less; "an 18.9%
    relative accuracy improvement" is 1.189 times the accuracy)."""
    out = []
    # a figure inside a formula ("$\\min(2,\\nu,...)$") is no figure said of a thing
    # ("$18.9\\%$" is a figure written in math)
    text = re.sub(r"\$[^$]*\$", lambda m: m.group(0) if _MATH_FIGURE.fullmatch(m.group(0))
                  else " " * len(m.group(0)), text)
    for n, kind, start, end in _kinds(text):
        around, thing = _clause_words(text, start, end), _thing_words(text, end)
        out.append((float(n), kind, around, thing))
        if kind == "%" and 0 < float(n) < 100:
            way = _direction(re.split(r"[;.]\s", text[:start])[-1] + text[end:end + 40].split(",")[0])
            if way:
                out.append((100 / (100 - float(n)) if way == "down" else 1 + float(n) / 100, "x", around, thing))
    return out


# "falls *to* about 40% of what it was", "needing *only* about 86.5% of the memory": what is left
_LEFT = re.compile(r"\b(?:to|only|just|left with)\s+(?:\S+\s+){0,3}$", re.IGNORECASE)


@dataclass(frozen=True)
class _Said:
    """A figure the claim says approximately or as a bound, against the sentence's figures."""

    start: int
    end: int
    met: bool  # one of the sentence's figures of its thing meets it
    theirs: tuple[float, ...]  # the sentence's figures of its kind whose clause is most like its own
    sure: bool  # those share two words with its clause, or one no other figure's clause shares
    met_any_way: bool  # met by one of them, what is left of it, or its inverse


def _meets(n: str, kind: str, bound: str, approx: bool, m: float) -> bool:
    """Whether the sentence's figure m meets the claim's figure n as said: within its bound,
    near it when approximate, or, for a ratio worked out from a change, equal to the digits
    written (two at least: "5.6x" for a cut of 82%)."""
    digits = len(n.partition(".")[2])
    return bool(bound and (within_bound(n, bound, str(m)) or float(n) == m) or approx and near_figures(n, str(m))
                or kind == "x" and len(n.replace(".", "")) >= 2 and round(m, digits) == float(n))


@lru_cache(maxsize=512)  # judge_claim reads each (claim, sentence) for support and for contradiction
def _said(claim: str, sentence: str, own: frozenset[str]) -> tuple[_Said, ...]:
    """The claim's figures said approximately ("about", "something like": `approximators`), as
    a bound ("more than", "up to") or as a ratio, each against the sentence's figures of its
    kind that count the same thing (two words of `_thing_words`: "20x fewer trainable
    parameters", not "100x compared with parameter-efficient fine-tuning", blind53's eg02) or,
    as much, whose clause shares the most words with its own (the paper's name, `own`, aside:
    of several, those are the ones said of its thing)."""
    s, w = spoken(), words()
    held = _passage_figures(sentence.replace("\\", ""))
    out = []
    for n, kind, start, end in _kinds(claim):
        lead = claim[max(0, start - 24):start]
        bound = next((b for b, pattern in w.figure_bounds if pattern.search(lead.rstrip())), "")
        approx = bool(s.approximate and s.approximate.search(lead))
        if not (bound or approx or kind == "x"):
            continue
        context, counted = _clause_words(claim, start, end) - own, _thing_words(claim, end) - own
        # two words of the thing at least: one ("accuracy") is as often a clause's last word
        scored = [((len(thing & counted) if len(thing & counted) >= 2 else 0, len(around & context)), m)
                  for m, k, around, thing in held if k == kind]
        top = max((x for x, _ in scored), default=(0, 0))
        theirs, best = tuple(m for x, m in scored if x == top), top[1]
        left = kind == "%" and bool(_LEFT.search(claim[:start])) or kind == "x" and float(n) < 1
        sides = [x for m in theirs for x in ((m, 100 - m) if kind == "%" else (m, 1 / m) if m else (m,))]
        out.append(_Said(start, end, any(_meets(n, kind, bound, approx, m) for m in (sides if left else theirs)),
                         theirs, best >= 2 or best == 1 and len(theirs) == 1,
                         any(_meets(n, kind, bound, approx, m) for m in sides)))
    return tuple(out)


def said_spans(claim: str, sentence: str, own: frozenset[str] = frozenset()) -> list[tuple[int, int]]:
    """The spans of the claim's figures said approximately, as a bound or as a ratio that the
    sentence holds (`_said`): "something like 80%" for 82% (within `figure_rounding_share`),
    "more than 80%" for 82%, "5.6x" or "more than five times faster" for a latency cut of 82%,
    "to about 40% of what it was" for a cut of 59%. A flat figure is held only as written
    (`numbers_held`)."""
    exact = numbers(sentence.replace("\\", ""))
    return [(x.start, x.end) for x in _said(claim, sentence, own)
            if x.met and claim[x.start:x.end].replace(",", "") not in exact]


def said_against(claim: str, sentence: str, own: frozenset[str] = frozenset()) -> str:
    """Why the sentence gives another figure to what the claim says approximately or as a bound:
    "cuts the cost by less than a third" against "... and cost by 59%", "around 80% accuracy"
    against "over 97% accuracy" (`_said`: the sentence's figures of the same thing, sure of it);
    "" when one of them, what is left of it or its inverse meets the claim's."""
    for x in _said(claim, sentence, own):
        if x.sure and not x.met_any_way and x.theirs:
            unit = re.match(r"\s*(?:%|x\b|×|times\b)", claim[x.end:])
            said = " ".join(claim[:x.end].split()[-5:]) + (unit.group(0) if unit else "")
            return f"the claim says '{said}', the passage gives {', '.join(f'{m:g}' for m in x.theirs)}"
    return ""


def without_said(claim: str, sentence: str, own: frozenset[str] = frozenset()) -> str:
    """The claim with the figures the sentence holds as said (`said_spans`) taken out, for the
    checks that hold figures as written."""
    for start, end in reversed(said_spans(claim, sentence, own)):
        claim = claim[:start] + claim[end:]
    return claim
