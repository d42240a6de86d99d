"""Names of papers: the method an abstract introduces ("RoT"), else "Author et al.", and the
long form a text defines for it ("Retrieval-of-Thought")."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping

from rag.text import author_label

_NAME_TOKEN = re.compile(r"\b[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*\b")
_INTRO_RE = re.compile(
    r"\b(?:we\s+(?:introduce|propose|present|develop)|called|termed|dubbed|named)\b",
    re.IGNORECASE,
)
_EXAMPLE_RE = re.compile(r"\b(?:such as|e\.g\.|like|including|than|versus|vs\.)\s", re.IGNORECASE)
# Acronyms that name a field or a tool, not the paper's own method.
_GENERIC = {
    "AI", "API", "APIs", "AR", "CL", "CNN", "CPU", "CUDA", "EM", "FL", "GD", "GNN", "GPU",
    "HB", "LLM", "LLMs", "LRM", "LRMs", "MDP", "MI", "ML", "NLP", "QA", "RL", "RLHF", "SDE",
    "SDEs", "SGD", "SOTA", "TGB", "UPT", "GLUE", "MTEB", "GRPO", "BFMs", "GMM", "GMMs", "VIrtual",
}


def display_name_for(abstract: str, authors: tuple[str, ...], title: str = "") -> str:
    """The method name the abstract introduces (e.g. "RoT"), else "First-author et al."."""
    scores: Counter[str] = Counter()
    for match in _NAME_TOKEN.finditer(abstract):
        token = match.group(0).strip("-")
        uppers = sum(ch.isupper() for ch in token)
        if uppers < 2 or token in _GENERIC or token.rstrip("s") in _GENERIC or len(token) > 24:
            continue
        if token.isupper() and len(token) <= 2:
            continue
        if "-" in token and not any(sum(c.isupper() for c in p) >= 2 for p in token.split("-")):
            continue  # a capitalised phrase such as "Open-Ended", not a name
        if _EXAMPLE_RE.search(abstract[max(0, match.start() - 40) : match.start()]):
            continue  # "methods such as ATOMO": someone else's method
        scores[token] += 1
        before = abstract[max(0, match.start() - 90) : match.start()]
        if _INTRO_RE.search(before):
            scores[token] += 3
        if abstract[max(0, match.start() - 1) : match.start()] == "(":
            scores[token] += 2
    if scores:
        best, score = scores.most_common(1)[0]
        if score >= 4:
            return best
    return author_label(authors) or title[:40] or "Untitled"


# the words a long form may join between its capitalised ones ("Transformer for Gaussian ...")
_LINKING = frozenset({"of", "for", "and", "the", "with", "in", "on", "to", "via", "a", "an", "by"})
_WORD = re.compile(r"[\w][\w'-]*")


def long_form(text: str, short: str) -> str:
    """The long form a text defines for a paper's short name, written before it in brackets:
    "We propose Retrieval-of-Thought (RoT)" -> "Retrieval-of-Thought", "a framework called
    Transformer for Gaussian Mixture Models (TGMM)" -> "Transformer for Gaussian Mixture
    Models"; "" when there is none. The long form is the fewest words before the bracket, from
    a capitalised one, whose letters hold the short name's letters in order, its first letter
    opening the first word (an acronym's definition, after Schwartz and Hearst, 2003), with
    only capitalised or linking words between ("of", "for"); a short name with fewer than two
    letters, or one defined nowhere, has none."""
    letters = [c.lower() for c in short if c.isalpha()]
    if len(letters) < 2:
        return ""
    m = re.search(rf"\(\s*{re.escape(short)}\s*\)", text)
    if not m:
        return ""
    before = re.split(r"[.;:()\[\]]", text[max(0, m.start() - 120) : m.start()])[-1]
    words = _WORD.findall(before)[-(len(letters) + 4):]
    if not words or words[-1].lower() in _LINKING:
        return ""
    for start in range(len(words) - 1, -1, -1):  # the fewest words first
        if not words[start][0].isupper():
            if words[start].lower() in _LINKING:
                continue  # may stand between, but opens no long form
            break  # "We propose Retrieval-of-Thought": "propose" ends it
        span = " ".join(words[start:])
        if span[0].lower() == letters[0] and _holds_letters(span.lower(), letters):
            return span
    return ""


def _holds_letters(phrase: str, letters: list[str]) -> bool:
    """Whether the phrase holds the letters in order."""
    at = 0
    for c in letters:
        at = phrase.find(c, at)
        if at < 0:
            return False
        at += 1
    return True


# a word of a paper's text, for finding the papers that may write a long form
_PLAIN_WORD = re.compile(r"\w+")


def defined_long_forms(texts: Mapping[str, str], names: Mapping[str, str], least: int) -> dict[str, str]:
    """The long form each paper's text (`texts`, by paper id: its first chunk) defines for its
    name (`names`, by paper id; `long_form`), not one that `least` or more other papers' texts
    write, in any case: a term the field shares ("Chain-of-Thought" for a paper whose name
    came out as CoT, "Vision-Language Models", "Adversarial Imitation Learning" that several
    papers define); a copy of the paper loaded again is one other paper. Only the papers
    holding the long form's rarest word are searched for it (at 4,310 papers: 670 of about
    1,040 kept, in 0.35 s; eval/RESULTS.md)."""
    found = {pid: f for pid, name in names.items() if name and (f := long_form(texts[pid], name))}
    if not found:
        return {}
    lowered = {pid: text.lower() for pid, text in texts.items()}
    holding: dict[str, list[str]] = {}  # a word -> the papers whose text has it
    for pid, text in lowered.items():
        for word in set(_PLAIN_WORD.findall(text)):
            holding.setdefault(word, []).append(pid)

    def shared(pid: str, form: str) -> bool:
        rarest = min((holding.get(w, []) for w in _PLAIN_WORD.findall(form)), key=len)
        return sum(form in lowered[p] for p in rarest if p != pid) >= least

    return {pid: f for pid, f in found.items() if not shared(pid, f.lower())}
