"""Whether a claim credits a paper with what its abstract calls known or earlier work.

"PowerSGD ... was introduced by Wan Zhiyi and colleagues" against "low-rank methods such as ATOMO
and PowerSGD truncate singular values" (claims_blind39's ds18); "Heavy Ball with a non-stationary
Jacobi-based schedule ... is a new method that Yarotsky introduces" against "It is well-known that
... by using Heavy Ball with a non-stationary Jacobi-based schedule" (claims_blind25's de14); "The
NAVIS paper is the first to adapt dynamic link property prediction models to node affinity
prediction" against "Recent works have addressed this task by adapting ..." (claims_blind15's cu17).

A claim credits when it says that the paper, its authors or a person named in it introduced,
proposed, invented, discovered or developed a thing, that the thing is a new method they
introduce, or that the paper is the first to do it (`origin_verbs`, `origin_new`, `origin_first`
in rag/policy_words.json). The thing is the noun phrase so credited; the check is rag/claims.py's.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from rag.contradiction import words
from rag.text import tokenize

# who is credited: not earlier or other work ("introduced by earlier work", "others proposed")
_NOT_THE_PAPER = re.compile(r"\b(?:earlier|prior|previous|other|others|another|older|existing|many|several|"
                            r"some|recent|classic|classical)\b", re.IGNORECASE)
_ARTICLE = re.compile(r"^(?:the|a|an|this|that|these|those)\s+", re.IGNORECASE)
# a sentence about the paper's own work
_OWN = re.compile(r"\b(?:we|our|us|this paper|this work)\b")


@dataclass(frozen=True)
class Credit:
    thing: str  # what the claim credits ("PowerSGD")
    agent: str  # to whom ("Wan Zhiyi and colleagues")
    said: str  # the words that credit ("was introduced by")


def _alt(items: tuple[str, ...]) -> str:
    return "|".join(map(re.escape, sorted(items, key=len, reverse=True))) or "(?!)"


@lru_cache(maxsize=1)
def _patterns() -> tuple[re.Pattern[str], ...]:
    """The ways a claim credits, each with the groups thing, agent and said."""
    w = words()
    v, new, first = _alt(w.origin_verbs), _alt(w.origin_new), _alt(w.origin_first)
    flags = re.IGNORECASE
    return (
        # "PowerSGD, a low-rank scheme ..., was introduced by Wan Zhiyi and colleagues"
        re.compile(rf"(?P<thing>[^,;:]+?)(?:,[^;:]*?)?\s+(?P<said>(?:was|were|is|are|has\s+been|have\s+been)\s+"
                   rf"(?:first\s+|originally\s+)?(?:{v})\s+(?:by|in))\s+(?P<agent>[^;:.]+)", flags),
        # "Heavy Ball ..., which ..., is a new method that Yarotsky introduces in his paper"
        re.compile(rf"(?P<thing>[^,;:]+?)(?:,[^;:]*?)?\s+(?P<said>(?:is|are|was|were)\s+(?:a|an)\s+(?:{new})\s+"
                   rf"[\w-]+(?:\s+[\w-]+)?\s+(?:that|which))\s+(?P<agent>.{{1,120}}?)\s+(?:{v})\b", flags),
        # "Behaviour foundation models, the class of agents that Thomas Rupf, ... introduced"
        re.compile(rf"(?P<thing>[^,;:]+),\s+(?:(?:the|a|an)\s+[^,;:]*?\s+)?(?P<said>that|which)\s+"
                   rf"(?P<agent>.{{1,120}}?)\s+(?:first\s+)?(?:{v})\b", flags),
        # "The NAVIS paper is the first to adapt ... to node affinity prediction"
        re.compile(rf"(?P<agent>[^,;:]+?)\s+(?P<said>(?:is|are|was|were)\s+the\s+(?:{first})\s+(?:[\w-]+\s+)?to)\s+"
                   rf"(?P<thing>[^,;:.]+)", flags),
        # "Rupf et al. introduced behaviour foundation models"
        re.compile(rf"(?P<agent>[^,;:]+?)\s+(?P<said>(?:first\s+)?(?:{v}))\s+(?:the\s+idea\s+of\s+)?"
                   rf"(?P<thing>[^,;:.]+)", flags),
    )


def credit(claim: str, names: Iterable[str] = ()) -> Credit | None:
    """What the claim credits its paper with originating, and to whom; None when it credits
    nothing, credits other work, or credits the paper with its own name (`names`, the loaded
    papers' names, read only once a claim credits: "GLOT, introduced by Mantri et al." says
    nothing a sentence could call earlier work)."""
    for pattern in _patterns():
        for m in pattern.finditer(claim):
            agent, thing = m.group("agent").strip(), _ARTICLE.sub("", m.group("thing").strip())
            if not thing or not agent or _NOT_THE_PAPER.search(agent):
                continue
            low = thing.lower()
            if any(n and n.lower() in low and re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", thing, re.IGNORECASE)
                   for n in names):
                return None  # a whole name ("GLOT"), not a part of a word ("POW" in "PowerSGD")
            return Credit(thing, agent, m.group("said"))
    return None


def background(sentence: str, terms: Sequence[str] = ()) -> str:
    """The words by which a sentence presents what it says as known or earlier work ("It is
    well-known that", "Recent works have", "methods such as"), or "" when it does not, or when it
    speaks of the paper's own work ("we", "our"), unless that work takes the thing (its stemmed
    `terms`) up from elsewhere: "we extend the Neural Collapse framework", "guides existing BFMs"
    (`origin_taken_up`, a verb just before the thing's words; claims_blind45's dy14)."""
    low = f" {sentence.lower()} "
    if not _OWN.search(low):
        return next((m for m in words().background_markers if m in low), "")
    return taken_up(sentence, terms)


def taken_up(sentence: str, terms: Sequence[str]) -> str:
    """The verb by which a sentence takes a thing (its stemmed `terms`) up from elsewhere: one of
    `origin_taken_up` ("extend", "build on", "apply") followed, within three words, by the thing,
    most of whose words come next; "" when none."""
    w = words()
    if not terms or not w.origin_taken_up:
        return ""
    raw = re.findall(r"[\w'-]+", sentence.lower())
    want = set(terms)
    for i in range(len(raw)):
        for verb in w.origin_taken_up:
            parts = verb.split()
            if raw[i:i + len(parts)] != parts:
                continue
            start = i + len(parts)
            # the thing begins within three words of the verb ("extend the existing X")
            begin = next((j for j in range(start, min(start + 3, len(raw))) if set(tokenize(raw[j])) & want), None)
            if begin is None:
                continue
            after = {t for x in raw[begin:begin + len(want) + 1] for t in tokenize(x)}
            if len(want & after) * 2 > len(want):
                return verb
    return ""
