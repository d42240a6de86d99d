"""check_citations: every [n] in an answer must name a passage that was in the prompt and
that supports its sentence. Wrong numbers are repaired to the best-supporting passage;
sentences no passage supports are dropped and counted."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from rag.lexical import tokenize
from rag.models import CitationReport, Passage
from rag.sentences import VectorCache, overlap, relevance, split_sentences

MARKER = re.compile(r"\s*[\[【]\s*(?:passages?\s*)?(\d+(?:\s*[,;，、]\s*(?:passages?\s*)?\d+)*)\s*[\]】]",
                    re.IGNORECASE)
_CJK = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]")
_LATIN_TERM = re.compile(r"[A-Za-z][A-Za-z0-9\-]{2,}|\d+(?:\.\d+)?%?")
REFUSAL = re.compile(
    r"\b(?:I (?:do not|don't|cannot|can't) (?:know|answer|find)|(?:do|does) not (?:contain|"
    r"mention|provide|say|answer)|no (?:passage|information)|not (?:mentioned|stated|provided)"
    r" in)|不知道|没有提到|未提及|无法回答|没有相关",
    re.IGNORECASE,
)
# Below this, a passage is not taken to support a sentence (cosine or word overlap).
SUPPORT_THRESHOLD = 0.5


@dataclass(frozen=True)
class CheckedAnswer:
    text: str
    cited: list[int]
    report: CitationReport
    refused: bool


def markers(sentence: str) -> list[int]:
    return [int(n) for m in MARKER.finditer(sentence) for n in re.findall(r"\d+", m.group(1))]


def claims(text: str) -> list[tuple[str, list[int]]]:
    """(sentence without markers, its cited numbers); a marker alone joins the sentence before."""
    out: list[tuple[str, list[int]]] = []
    for sentence in split_sentences(text):
        claim = MARKER.sub("", sentence).strip()
        ns = markers(sentence)
        if out and len(claim.strip(" .,;")) == 0:
            prev, prev_ns = out[-1]
            out[-1] = (prev, prev_ns + ns)
        elif claim or ns:
            out.append((claim, ns))
    return out


def source_line(passage: Passage) -> str:
    """What the prompt shows above the passage: its paper's name and authors."""
    return f"{passage.hit.name} by {', '.join(passage.hit.authors)}"


def support(claim: str, passages: list[Passage], vectors: VectorCache) -> np.ndarray:
    """How well each passage supports the claim: best sentence cosine, or the share of the
    claim's words in the passage and its source line ("GLOT is by Mantri et al.")."""
    claim_vec = vectors.texts([claim])[0]
    scores = []
    for p in passages:
        sents = split_sentences(p.text) or [p.text]
        cos = float(np.max(vectors.texts(sents) @ claim_vec))
        scores.append(max(cos, overlap(claim, f"{p.text} {source_line(p)}")))
    return np.array(scores)


def _cjk_support(claim: str, passages: list[Passage]) -> np.ndarray:
    """For non-English sentences: share of their Latin terms and numbers found in each passage."""
    terms = {t.lower() for t in _LATIN_TERM.findall(claim)}
    if not terms:
        return np.zeros(len(passages))
    sources = [f"{p.text} {source_line(p)}".lower() for p in passages]
    return np.array([sum(t in src for t in terms) / len(terms) for src in sources])


_LEADING_MARKER = re.compile(r"^\s*(?:passages?\s*)?[\[【]\s*\d", re.IGNORECASE)


def name_markers(text: str, passages: list[Passage]) -> str:
    """A sentence that uses markers as its subject ("[1] 和 [3] 研究了联邦学习。", "[2] shows
    ...") gets the papers' names put in front of them, so the sentence still says something
    once the markers move to its end. Sentences made only of markers are left alone."""
    by_n = {p.n: p for p in passages}

    def named(m: re.Match[str]) -> str:
        ns = [int(n) for n in re.findall(r"\d+", m.group(1)) if int(n) in by_n]
        names = " / ".join(dict.fromkeys(by_n[n].hit.name for n in ns))
        if not names or m.string[m.end():].lstrip(" :-").startswith(names):  # "[1] NAVIS: ..."
            return m.group(0)
        return f" {names}{m.group(0)}"

    out = []
    for sentence in split_sentences(text):
        if _LEADING_MARKER.match(sentence) and not is_meta(MARKER.sub("", sentence)):
            sentence = re.sub(r"\bpassages?\s*(?=[\[【])", "", sentence, flags=re.IGNORECASE)
            sentence = MARKER.sub(named, sentence).strip()
        out.append(sentence)
    return " ".join(out)


_NUMBER = re.compile(r"(?<![\w.])\d+(?:[.,]\d+)*")


def _numbers(text: str) -> set[str]:
    return {n.replace(",", "") for n in _NUMBER.findall(text)}


# Words that frame a question rather than name its subject ("What does the paper report?").
FRAME_WORDS = frozenset(tokenize(
    "paper papers work works study studies method methods approach approaches author authors "
    "co-author co-authored propose proposed find finds found show shows report reports "
    "use uses used describe described present presents introduce introduces main key "
    "what which who whom whose where when why how "
    "it its they their them this that these those there here also more most much many "
    "do does did done has have had is are was were be been being can could would should will may might"))


@lru_cache(maxsize=256)
def _asked_terms(question: str) -> frozenset[tuple[str, str]]:
    """Two-word lower-case terms of the question ("learning rate", "training examples"),
    stemmed, leaving out pairs with a framing word ("continual learning paper")."""
    stems = [(tokenize(w) or [""])[0] if w.islower() else "" for w in re.findall(r"[\w-]+", question)]
    return frozenset((a, b) for a, b in zip(stems, stems[1:], strict=False)
                     if a and b and a != b and a not in FRAME_WORDS and b not in FRAME_WORDS)


def _holds_terms(passage: Passage, terms: frozenset[tuple[str, str]]) -> bool:
    """Both words of every term are in the passage's chunk or its source line."""
    if not terms:
        return True
    source = set(tokenize(" ".join([passage.text, passage.hit.text, source_line(passage)])))
    return all(a in source and b in source for a, b in terms)


def grounded(claim: str, passage: Passage, question: str,
             unknown: frozenset[str] = frozenset()) -> bool:
    """Hard conditions beyond similarity, for a claim citing this passage:
    - every number in the claim is in the passage text the model was shown;
    - each two-word term the claim repeats from the question ("learning rate") has both words
      in the passage's chunk or its source line;
    - the claim uses no word of `unknown` (question words found in no loaded paper: "GPU")."""
    text = passage.text.replace("\\", "")
    if not _numbers(claim) <= _numbers(text):
        return False
    claim_tokens = tokenize(claim)
    if unknown and not unknown.isdisjoint(claim_tokens):
        return False
    claim_pairs = set(zip(claim_tokens, claim_tokens[1:], strict=False))
    return _holds_terms(passage, _asked_terms(question) & claim_pairs)


def is_meta(claim: str) -> bool:
    """'Passage [1].', 'This is stated in passage [2].': a pointer, not a claim."""
    words = re.sub(r"\b(?:passages?|stated|mentioned|described|shown|given)\b", " ", claim,
                   flags=re.IGNORECASE)
    return len(tokenize(words)) < 2 and not _CJK.search(claim)


def check_citations(text: str, passages: list[Passage], vectors: VectorCache,
                    threshold: float = SUPPORT_THRESHOLD, question: str = "",
                    unknown: frozenset[str] = frozenset()) -> CheckedAnswer:
    """Verify, repair or drop each sentence's citations against the passages given.
    `question` is the standalone English question, `unknown` its words no loaded paper has."""
    by_n = {p.n: p for p in passages}
    pos = {p.n: i for i, p in enumerate(passages)}
    kept: list[str] = []
    cited: list[int] = []
    pointers: list[int] = []
    counts = dict(sentences=0, supported=0, repaired=0, unsupported=0, invalid_dropped=0)
    refused = False
    for claim, ns in claims(name_markers(text, passages)):
        valid = [n for n in dict.fromkeys(ns) if n in by_n]
        counts["invalid_dropped"] += len(ns) - len(valid)
        if REFUSAL.search(claim):
            refused = refused or not kept
            kept.append(claim)
            continue
        if is_meta(claim):
            pointers.extend(valid)
            continue
        counts["sentences"] += 1
        if not passages:
            counts["unsupported"] += 1
            continue
        cjk = bool(_CJK.search(claim))
        scores = _cjk_support(claim, passages) if cjk else support(claim, passages, vectors)
        ok = np.array([grounded(claim, p, question, unknown) for p in passages])
        scores = np.where(ok, scores, 0.0)
        # A sentence in Chinese with no Latin term or number has nothing to measure against
        # the English passages: its grounded citations are taken as they are.
        unmeasured = cjk and not _LATIN_TERM.search(claim)
        good = [n for n in valid if ok[pos[n]] and (scores[pos[n]] >= threshold or unmeasured)]
        if good:
            counts["supported"] += 1
        elif scores.max() >= threshold:
            counts["repaired"] += 1
            good = [passages[int(scores.argmax())].n]
        else:
            counts["unsupported"] += 1
            continue
        kept.append(with_markers(claim, good))
        cited.extend(n for n in good if n not in cited)
    if not kept and pointers and question and not unknown:  # it only pointed: quote the passages
        for n in dict.fromkeys(pointers):
            quote = best_sentence(by_n[n], question, vectors)
            if not answers_question(quote, by_n[n], question, vectors, threshold):
                continue
            kept.append(quoted(by_n[n], quote))
            cited.append(n)
            counts["repaired"] += 1
    return CheckedAnswer(" ".join(kept), cited, CitationReport(**counts), refused)


def answers_question(quote: str, passage: Passage, question: str, vectors: VectorCache,
                     threshold: float = SUPPORT_THRESHOLD) -> bool:
    """Whether a passage sentence can stand as the answer when the model only pointed at the
    passage: it bears on the question (relevance at least `threshold`) and the passage holds
    every two-word term the question asks about ("speech recognition")."""
    if not _holds_terms(passage, _asked_terms(question)):
        return False
    return float(relevance(question, [quote], vectors)[0]) >= threshold


def quoted(passage: Passage, sentence: str) -> str:
    """'NAVIS: We evaluate NAVIS on TGB [1].': a sentence of the passage, named and cited."""
    return with_markers(f"{passage.hit.name}: {sentence}", [passage.n])


def best_sentence(passage: Passage, question: str, vectors: VectorCache) -> str:
    """The passage sentence closest to the question."""
    sents = split_sentences(passage.text) or [passage.text]
    return sents[int(np.argmax(relevance(question, sents, vectors)))]


def with_markers(claim: str, ns: list[int]) -> str:
    """'A claim.' -> 'A claim [1][2].' (markers before the closing punctuation)."""
    body = claim.rstrip()
    end = ""
    while body and body[-1] in ".!?。！？":
        body, end = body[:-1], body[-1] + end
    return f"{body.rstrip()} {''.join(f'[{n}]' for n in ns)}{end}"
