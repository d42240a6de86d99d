"""Person names: matching an asked name against the authors of loaded papers, with the variants
people write (initials, accents, "Surname, Given", hyphenated given names, any case), and
finding the names a question mentions.

A name matches an author when the surnames are equal and every given name asked is compatible
with the author's given names (equal, or an initial of one); a bare surname matches every
author with that surname. Substrings never match: "Wei" is not "Qingwei". A question may
misspell a long surname by one slip ("Dreschel and Herbolt" for Drechsel and Herbold,
`_misspelt`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from rag.text import english_words, fold

_PARTS = re.compile(r"[^\W\d_]+", re.UNICODE)
# Words that sit next to a name in a question and are not part of it.
# Verbs of authorship beside a short surname ("Wei wrote", "has Wei written").
_WROTE = r"wrote|written|authored|co-?authored|published"
_CUE = re.compile(r"\b(?:by|from|of|authors?|wrote|write|written|work(?:s|ed)?|papers?|"
                  r"publish(?:ed|es)?|co-?authored|authored)\b|'s\b|’s\b|的")


@dataclass(frozen=True)
class Name:
    """A person's name, folded: given names (or initials) and surname."""

    given: tuple[str, ...]
    surname: str

    @classmethod
    def parse(cls, text: str) -> Name:
        """"Moshe Eliasof", "M. Eliasof", "Eliasof, Moshe", "C.-B. Schönlieb" -> Name."""
        if "," in text:
            last, _, first = text.partition(",")
            given, surname = _PARTS.findall(fold(first)), _PARTS.findall(fold(last))
            return cls(tuple(given), " ".join(surname))
        parts = _PARTS.findall(fold(text))
        return cls(tuple(parts[:-1]), parts[-1] if parts else "")

    def matches(self, author: Name) -> bool:
        """The asked name (self) could be this author."""
        if not self.surname or surname_key(self.surname) != surname_key(author.surname):
            return False
        return all(any(_compatible(g, a) for a in author.given) for g in self.given)


def _compatible(asked: str, given: str) -> bool:
    """Equal, or one is the other's initial (metadata too may say "M. Eliasof")."""
    return (asked == given or (len(asked) == 1 and given.startswith(asked))
            or (len(given) == 1 and asked.startswith(given)))


def surname_key(folded: str) -> str:
    """A folded surname as it is compared: an umlaut written out ("Guennemann", "Schoenlieb")
    is the same name as with the dots or without them ("Günnemann", "Schonlieb")."""
    return folded.replace("oe", "o").replace("ue", "u").replace("ae", "a")


def name_matches(asked: str, author: str) -> bool:
    """Whether an asked name (a filter value or a question's mention) means this author."""
    return Name.parse(asked).matches(Name.parse(author))


@lru_cache(maxsize=8)
def surname_of(author: str) -> str:
    """The author's surname as surnames are compared (folded, `surname_key`)."""
    return surname_key(Name.parse(author).surname)


@lru_cache(maxsize=4)
def _by_surname(authors: frozenset[str]) -> dict[str, tuple[str, ...]]:
    index: dict[str, list[str]] = {}
    for author in authors:
        index.setdefault(surname_of(author), []).append(author)
    return {k: tuple(sorted(v)) for k, v in index.items() if k}


def mentioned_authors(question: str, authors: Iterable[str]) -> tuple[str, ...]:
    """The loaded authors a question names. A surname counts when the question writes the full
    name or initials with it, or writes it capitalised beside a cue ("papers by Wei",
    "Foresti's papers", "Eliasof, Moshe"), or is followed by all the given names ("Yin
    Wotao", Chinese order), or when it is the whole question; surnames shorter
    than four letters only with a capital and beside authorship ("by Li", "Li's", "has Wei
    written", "with Yin as an author"). Given names or initials written
    before the surname narrow the match ("M. Eliasof")."""
    loaded = frozenset(authors)  # the catalogue's own frozenset: the caches below key on it
    index = _by_surname(loaded)
    words = _PARTS.findall(question)
    folded = [fold(w) for w in words]
    cue = _CUE.search(question.lower()) is not None
    found: list[str] = []
    for i, word in enumerate(folded):
        candidates = index.get(surname_key(word), ()) or index.get(_misspelt(words[i], loaded), ())
        # Where one author's given names are written with the surname ("Liang Li's papers",
        # "Huang Wen"), the surname there is that author's, not every Li's.
        full = [a for a in candidates if _full_name(folded[:i], Name.parse(a))
                or _given_after(words, folded, i, Name.parse(a))]
        for author in full or candidates:
            if author not in found and _named(question, words, folded, i, author, cue):
                found.append(author)
    return tuple(found)


# A capitalised word this long or longer may be a surname misspelt by one slip (`_misspelt`);
# a shorter one ("Chen" for "Chan") is too near too many names to tell.
MISSPELT_MIN = 6


def _misspelt(word: str, authors: frozenset[str]) -> str:
    """The loaded surname (as compared, `surname_key`) that a question's capitalised word of
    `MISSPELT_MIN` letters or more, not itself a loaded surname nor an English word, is one
    slip away from (a letter dropped, added or changed, or two swapped: "Dreschel" for
    Drechsel, "Herbolt" for Herbold, "Lanzilotta" for Lanzillotta; blind48's library patrons),
    when exactly one is; "" otherwise. Over the 5,000-odd committed questions and claims, with
    the 4,310 papers' surnames loaded, only those three words were so taken."""
    key = surname_key(fold(word))
    if len(key) < MISSPELT_MIN or not word[:1].isupper() or key in _by_surname(authors) \
            or fold(word) in english_words():
        return ""
    near = {k for v in _slips(key) for k in _slip_index(authors).get(v, ())}
    return next(iter(near)) if len(near) == 1 else ""


def _slips(key: str) -> set[str]:
    """The word and each way of dropping one of its letters: two words one slip apart share one."""
    return {key} | {key[:i] + key[i + 1:] for i in range(len(key))}


@lru_cache(maxsize=4)
def _slip_index(authors: frozenset[str]) -> dict[str, frozenset[str]]:
    """Each `_slips` form of the authors' surnames of `MISSPELT_MIN` letters or more -> those
    surnames (as compared, `surname_key`)."""
    index: dict[str, set[str]] = {}
    for key in _by_surname(authors):
        if len(key) >= MISSPELT_MIN:
            for v in _slips(key):
                index.setdefault(v, set()).add(key)
    return {v: frozenset(keys) for v, keys in index.items()}


def _full_name(before: list[str], name: Name) -> bool:
    """The words before the surname are this author's given names or initials ("Moshe
    Eliasof", "M. Eliasof", "C B Schonlieb", "Stanley Osher" without the "J")."""
    given = _given_run(before[-max(len(name.given), 1):], name)
    return bool(given) and Name(given, name.surname).matches(name)


def _named(question: str, words: list[str], folded: list[str], i: int, author: str,
           cue: bool) -> bool:
    name = Name.parse(author)
    before = folded[max(0, i - max(len(name.given), 1)) : i]
    after = folded[i + 1 : i + 1 + len(name.given)]
    if _full_name(before, name):
        return True
    if after and words[i + 1][:1].isupper() and re.search(rf"{re.escape(words[i])}\s*,", question):
        return all(_is_given_of(w, name) for w in after)  # "Eliasof, Moshe"
    if _given_after(words, folded, i, name):
        return True  # "Yin Wotao", "Huang Zhenwei": surname first without a comma (Chinese order)
    if _given_elsewhere(before, name) or _other_first_name(words, i):
        return False  # another given name written before: another person with that surname
    capital = words[i][:1].isupper()
    if len(folded[i]) < 4:
        w = re.escape(words[i])
        return capital and re.search(rf"(?:\bby|\bfrom)\s+{w}\b|\b{w}['’]s\b|"
                                     rf"\b{w}\s+(?:as\s+(?:an?\s+)?(?:co-?)?authors?|{_WROTE})\b|"
                                     rf"\b(?i:has|have|had|did|does)\s+{w}\s+(?:\w+\s+)?(?:write|{_WROTE})\b",
                                     question) is not None
    by_surname = re.search(rf"\b(?:by|from)\s+{re.escape(folded[i])}\b", fold(question))
    return (capital and cue) or len(folded) == 1 or by_surname is not None


def _given_after(words: list[str], folded: list[str], i: int, name: Name) -> bool:
    """The words right after the surname are all this author's given names, capitalised ("Yin
    Wotao", "Huang Zhenwei": the surname first, as Chinese names are written), or all in lower
    case with the surname ("zong qingwei")."""
    after = folded[i + 1 : i + 1 + len(name.given)]
    lower = words[i].islower()
    return len(after) == len(name.given) > 0 and all(
        (words[i + 1 + k][:1].isupper() or lower and words[i + 1 + k].islower()) and _is_given_of(w, name)
        for k, w in enumerate(after))


def _given_run(before: list[str], name: Name) -> tuple[str, ...]:
    """The words right before the surname that are this author's given names or initials."""
    run: list[str] = []
    for word in reversed(before):
        if not _is_given_of(word, name):
            break
        run.insert(0, word)
    return tuple(run)


def _is_given_of(word: str, name: Name) -> bool:
    return any(_compatible(word, g) for g in name.given)


def _given_elsewhere(before: list[str], name: Name) -> bool:
    """The word right before the surname looks like someone else's given name or initial."""
    if not before:
        return False
    word = before[-1]
    return len(word) == 1 and not _is_given_of(word, name)


def _other_first_name(words: list[str], i: int) -> bool:
    """A capitalised word (not the question's first, not a cue) right before the surname:
    "John Eliasof" is not Moshe Eliasof."""
    if i < 2:
        return False
    prev = words[i - 1]
    return prev[:1].isupper() and _CUE.search(prev.lower()) is None
