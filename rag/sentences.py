"""Sentences and their vectors, shared by evidence selection and citation checking."""

from __future__ import annotations

import re
from collections import OrderedDict

import numpy as np
from llama_index.core.base.embeddings.base import BaseEmbedding

from rag.text import tokenize

_ABBREV = r"(?<!e\.g\.)(?<!i\.e\.)(?<!et al\.)(?<!vs\.)(?<!Fig\.)(?<!Eq\.)"
# Words a sentence opens with: after "et al." they begin a new one ("The researchers behind
# InfoSEDD are Foresti et al. Their result ...": blind36's bp13)
_OPENERS = r"(?:The|Their|They|This|These|Those|It|Its|We|Our|However|Both|Each|In|On|For)\b"
# A sentence ends at . ! or ? (also before a closing quote: 'Passage [1] states: "... spaces."
# Passage [2] ...') followed by a capital, figure, quote, bracket or CJK character
_SPLIT = re.compile(
    _ABBREV + r"(?:(?<=[.!?])|(?<=[.!?][\"”]))\s+(?=[A-Z0-9\"'(\[$\\*\u4e00-\u9fff])|(?<=[。！？])\s*"
    rf"|(?<=et al\.)\s+(?={_OPENERS})"
)

# A line opening a list item ("1. ...", "2) ...", "- ...", "• ..."): each item is a sentence of
# its own, with its marker at its start, not left at the end of the item before ("语义 2.").
NUMBERED = r"\d{1,2}[.)]"  # "1.", "2)"
LIST_MARKER = rf"(?:{NUMBERED}|[-*•])"  # also "- ", "* ", "• "
_ITEM = re.compile(rf"\n\s*(?={LIST_MARKER}\s)")
ITEM_START = re.compile(rf"{LIST_MARKER}\s")
_MARKER_ONLY = re.compile(rf"^{NUMBERED}$")


def split_sentences(text: str) -> list[str]:
    """Sentences of a passage or answer (keeps abbreviations such as e.g. and et al. intact);
    each item of a list written one per line is a sentence."""
    out: list[str] = []
    for item in _ITEM.split(text):
        # an item ends at its line's end: what follows on the next line is not part of it
        head, _, rest = item.partition("\n") if ITEM_START.match(item.lstrip()) else (item, "", "")
        for block in (head, rest):
            parts = [p.strip() for p in _SPLIT.split(" ".join(block.split()))]
            if len(parts) > 1 and _MARKER_ONLY.match(parts[0]):  # "1." split from its item
                parts[:2] = [f"{parts[0]} {parts[1]}"]
            out.extend(p for p in parts if p)
    return out


def join_sentences(sentences: list[str]) -> str:
    """Sentences back into one text that `split_sentences` splits the same way: a list item
    keeps its own line."""
    items = [bool(ITEM_START.match(s)) for s in sentences]
    return "".join(("\n" if items[i] or items[i - 1] else " ") * bool(i) + s for i, s in enumerate(sentences))


def overlap(claim: str, source: str) -> float:
    """Share of the claim's content words (stemmed) that the source contains."""
    want = set(tokenize(claim))
    if not want:
        return 0.0
    return len(want & set(tokenize(source))) / len(want)


def relevance(question: str, sentences: list[str], vectors: VectorCache) -> np.ndarray:
    """How much each sentence bears on the question: MiniLM cosine plus half the share of the
    question's content words it contains (so "Where is NAVIS evaluated?" prefers "We evaluate
    NAVIS on TGB" to another NAVIS sentence that is merely similar)."""
    if not sentences:
        return np.zeros(0, dtype=np.float32)
    sims = vectors.texts(sentences) @ vectors.query(question)
    return np.array([float(c) + 0.5 * overlap(question, s) for c, s in zip(sims, sentences, strict=True)])


def closest_sentence(question: str, texts: list[str], vectors: VectorCache, min_words: int = 5) -> float:
    """The best cosine between a sentence of the question (of `min_words` words or more; the
    whole question when none is) and a sentence of the texts. A long question that sets a scene,
    describes a paper in plain words and then asks ("Segment idea: models trained on networks
    ... can't be reused on a new network dataset ... What's the trick?") is far from every
    passage as a whole, while its describing sentence is near one sentence of its paper."""
    asked = [s for s in split_sentences(question) if len(s.split()) >= min_words] or [question]
    sentences = [s for t in texts for s in (split_sentences(t) or [t])]
    if not sentences:
        return 0.0
    return float(np.max(vectors.texts(asked) @ vectors.texts(sentences).T))


class VectorCache:
    """Normalised embeddings of short texts, cached (answers re-use passage sentences)."""

    def __init__(self, embedder: BaseEmbedding, size: int = 20000) -> None:
        self.embedder = embedder
        self.size = size
        self._cache: OrderedDict[str, np.ndarray] = OrderedDict()

    def texts(self, texts: list[str]) -> np.ndarray:
        missing = [t for t in dict.fromkeys(texts) if t not in self._cache]
        if missing:
            for text, vec in zip(missing, self.embedder.get_text_embedding_batch(missing), strict=True):
                self._put(text, np.asarray(vec, dtype=np.float32))
        if not texts:
            return np.zeros((0, 1), dtype=np.float32)
        return np.stack([self._cache[t] for t in texts])

    def query(self, text: str) -> np.ndarray:
        key = "\x00q:" + text
        if key not in self._cache:
            self._put(key, np.asarray(self.embedder.get_query_embedding(text), dtype=np.float32))
        return self._cache[key]

    def _put(self, key: str, vec: np.ndarray) -> None:
        norm = float(np.linalg.norm(vec)) or 1.0
        self._cache[key] = vec / norm
        self._cache.move_to_end(key)
        while len(self._cache) > self.size:
            self._cache.popitem(last=False)
