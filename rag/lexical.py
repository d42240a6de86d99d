"""The lexical (BM25) index: stemmed bm25s over chunk text, title and authors.

Persisted beside Chroma so start-up does not rebuild it; rebuilt only when the stored chunk
ids change.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

import bm25s
import numpy as np
import Stemmer
from bm25s.stopwords import STOPWORDS_EN

log = logging.getLogger(__name__)

# Words with inner dots or hyphens stay whole ("62.1", "opti-bfm") and also give their parts.
_TOKEN = re.compile(r"[0-9a-z\u00c0-\u024f]+(?:[.\-][0-9a-z\u00c0-\u024f]+)*")
_STOP = frozenset(STOPWORDS_EN)


@lru_cache(maxsize=1)
def _stemmer() -> Stemmer.Stemmer:
    return Stemmer.Stemmer("english")


def tokenize(text: str) -> list[str]:
    """Lower-cased, stemmed tokens without stop words; compound tokens keep their parts."""
    out: list[str] = []
    for tok in _TOKEN.findall(text.lower()):
        parts = re.split(r"[.\-]", tok) if ("-" in tok or "." in tok) else []
        for word in [tok, *parts]:
            if word and word not in _STOP and (len(word) > 1 or word.isdigit()):
                out.append(word)
    return _stemmer().stemWords(out)


def document_text(text: str, meta: dict[str, Any]) -> str:
    """What BM25 sees for a chunk: names and authors too, so they are findable exactly."""
    fields = (meta.get("title"), meta.get("display_name"), meta.get("authors"), meta.get("keywords"))
    return " ".join(str(f) for f in fields if f) + " " + text


def fingerprint(ids: list[str]) -> str:
    return hashlib.sha1("\n".join(sorted(ids)).encode()).hexdigest()


class LexicalIndex:
    """BM25 over a fixed list of chunks, with their texts and metadata for building hits."""

    def __init__(self, ids: list[str], texts: list[str], metas: list[dict[str, Any]],
                 bm25: bm25s.BM25 | None) -> None:
        self.ids, self.texts, self.metas, self.bm25 = ids, texts, metas, bm25
        self.fingerprint = fingerprint(ids)
        self._paper_of = np.array([str(m.get("paper_id", "")) for m in metas], dtype=object)

    @classmethod
    def build(cls, ids: list[str], texts: list[str], metas: list[dict[str, Any]]) -> LexicalIndex:
        if not ids:
            return cls([], [], [], None)
        bm25 = bm25s.BM25(k1=1.2, b=0.75)
        corpus = [tokenize(document_text(t, m)) for t, m in zip(texts, metas, strict=True)]
        bm25.index(corpus, show_progress=False)
        return cls(ids, texts, metas, bm25)

    def save(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        if self.bm25 is not None:
            self.bm25.save(str(folder / "bm25"))
        payload = {"ids": self.ids, "texts": self.texts, "metas": self.metas,
                   "fingerprint": self.fingerprint}
        tmp = folder / "chunks.json.tmp"
        tmp.write_text(json.dumps(payload), encoding="utf-8")
        tmp.replace(folder / "chunks.json")

    @classmethod
    def load(cls, folder: Path) -> LexicalIndex | None:
        """The saved index, or None when there is none or it cannot be read."""
        try:
            payload = json.loads((folder / "chunks.json").read_text(encoding="utf-8"))
            bm25 = bm25s.BM25.load(str(folder / "bm25")) if payload["ids"] else None
        except (OSError, ValueError, KeyError) as exc:
            log.info("lexical index at %s not loaded (%s); it will be rebuilt", folder, exc)
            return None
        return cls(payload["ids"], payload["texts"], payload["metas"], bm25)

    def search(self, query: str, k: int, allowed: set[str] | None = None) -> list[tuple[int, float]]:
        """(chunk position, BM25 score) of the best k chunks with a positive score."""
        if self.bm25 is None or not self.ids:
            return []
        tokens = [t for t in tokenize(query) if t in self.bm25.vocab_dict]
        if not tokens:
            return []
        mask = None
        if allowed is not None:
            mask = np.isin(self._paper_of, list(allowed)).astype(np.float32)
        scores = self.bm25.get_scores(tokens, weight_mask=mask)
        k = min(k, len(scores))
        top = np.argpartition(-scores, k - 1)[:k]
        top = top[np.argsort(-scores[top])]
        return [(int(i), float(scores[i])) for i in top if scores[i] > 0]
