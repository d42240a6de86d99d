"""The lexical (BM25) index: stemmed bm25s over title, authors, keywords and text, at two
levels: each chunk (to pick passages) and each whole paper (to rank papers: BM25 works best on
the full abstract, while the dense side needs chunks because MiniLM truncates).

Persisted beside Chroma so start-up does not rebuild it; rebuilt only when the stored chunk
ids change.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
import unicodedata
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


def fold(text: str) -> str:
    """Lower case without accents, so "Schonlieb" matches "Schönlieb"."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def tokenize(text: str) -> list[str]:
    """Folded, stemmed tokens without stop words; compound tokens keep their parts."""
    out: list[str] = []
    for tok in _TOKEN.findall(fold(text)):
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


def merge_chunks(texts: list[str]) -> str:
    """The paper text back from its ordered, overlapping chunks (overlaps counted once)."""
    merged = texts[0] if texts else ""
    for text in texts[1:]:
        head = text[:12]
        at = merged.find(head, max(0, len(merged) - len(text))) if head else -1
        while at >= 0 and not text.startswith(merged[at:]):
            at = merged.find(head, at + 1)
        merged += text[len(merged) - at :] if at >= 0 else " " + text
    return merged


def _bm25(docs: list[list[str]]) -> bm25s.BM25:
    bm25 = bm25s.BM25(k1=1.2, b=0.75)
    bm25.index(docs, show_progress=False)
    return bm25


class LexicalIndex:
    """BM25 over a fixed list of chunks and over the papers they make up, with the chunks'
    texts and metadata for building hits."""

    def __init__(self, ids: list[str], texts: list[str], metas: list[dict[str, Any]],
                 bm25: bm25s.BM25 | None, paper_bm25: bm25s.BM25 | None = None) -> None:
        self.ids, self.texts, self.metas, self.bm25 = ids, texts, metas, bm25
        self.paper_bm25 = paper_bm25
        self.fingerprint = fingerprint(ids)
        self._paper_of = np.array([str(m.get("paper_id", "")) for m in metas], dtype=object)
        # Papers in first-seen order; chunk positions of each paper in chunk order.
        self.paper_ids: list[str] = list(dict.fromkeys(self._paper_of.tolist()))
        self.position = {cid: i for i, cid in enumerate(ids)}
        self.chunks_of: dict[str, list[int]] = {pid: [] for pid in self.paper_ids}
        for i, pid in enumerate(self._paper_of):
            self.chunks_of[pid].append(i)
        for positions in self.chunks_of.values():
            positions.sort(key=lambda i: int(self.metas[i].get("chunk_index", 0)))
        self._paper_array = np.array(self.paper_ids, dtype=object)

    @classmethod
    def build(cls, ids: list[str], texts: list[str], metas: list[dict[str, Any]]) -> LexicalIndex:
        if not ids:
            return cls([], [], [], None)
        index = cls(ids, texts, metas, None)
        index.bm25 = _bm25([tokenize(document_text(t, m)) for t, m in zip(texts, metas, strict=True)])
        papers = [index.chunks_of[pid] for pid in index.paper_ids]
        index.paper_bm25 = _bm25([
            tokenize(document_text(merge_chunks([texts[i] for i in pos]), metas[pos[0]]))
            for pos in papers
        ])
        return index

    def save(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        if self.bm25 is not None and self.paper_bm25 is not None:
            self.bm25.save(str(folder / "bm25"), show_progress=False)
            self.paper_bm25.save(str(folder / "bm25_papers"), show_progress=False)
        payload = {"ids": self.ids, "texts": self.texts, "metas": self.metas,
                   "fingerprint": self.fingerprint, "levels": ["chunk", "paper"]}
        tmp = folder / "chunks.json.tmp"
        tmp.write_text(json.dumps(payload), encoding="utf-8")
        tmp.replace(folder / "chunks.json")

    @classmethod
    def load(cls, folder: Path) -> LexicalIndex | None:
        """The saved index, or None when there is none, it cannot be read or it predates the
        paper-level index (it is then rebuilt)."""
        try:
            payload = json.loads((folder / "chunks.json").read_text(encoding="utf-8"))
            if "paper" not in payload.get("levels", []):
                raise ValueError("no paper-level index")
            bm25 = paper_bm25 = None
            if payload["ids"]:
                bm25 = bm25s.BM25.load(str(folder / "bm25"))
                paper_bm25 = bm25s.BM25.load(str(folder / "bm25_papers"))
        except (OSError, ValueError, KeyError) as exc:
            log.info("lexical index at %s not loaded (%s); it will be rebuilt", folder, exc)
            return None
        return cls(payload["ids"], payload["texts"], payload["metas"], bm25, paper_bm25)

    def unknown(self, text: str) -> frozenset[str]:
        """The text's (stemmed) words that no stored chunk contains."""
        vocab = self.bm25.vocab_dict if self.bm25 is not None else {}
        return frozenset(t for t in tokenize(text) if t not in vocab)

    def _scores(self, bm25: bm25s.BM25 | None, query: str, mask: np.ndarray | None) -> np.ndarray:
        if bm25 is None:
            return np.zeros(0, dtype=np.float32)
        tokens = [t for t in tokenize(query) if t in bm25.vocab_dict]
        if not tokens:
            return np.zeros(bm25.scores["num_docs"], dtype=np.float32)
        return np.asarray(bm25.get_scores(tokens, weight_mask=mask))

    def chunk_scores(self, query: str, allowed: set[str] | None = None) -> np.ndarray:
        """BM25 of every chunk (0 for chunks of papers outside `allowed`)."""
        mask = None
        if allowed is not None:
            mask = np.isin(self._paper_of, list(allowed)).astype(np.float32)
        return self._scores(self.bm25, query, mask)

    def paper_scores(self, query: str, k: int, allowed: set[str] | None = None) -> list[tuple[str, float]]:
        """(paper id, BM25 of the whole paper) for the best k papers with a positive score."""
        mask = None
        if allowed is not None:
            mask = np.isin(self._paper_array, list(allowed)).astype(np.float32)
        return [(self.paper_ids[i], s) for i, s in _top(self._scores(self.paper_bm25, query, mask), k)]

    def search(self, query: str, k: int, allowed: set[str] | None = None) -> list[tuple[int, float]]:
        """(chunk position, BM25 score) of the best k chunks with a positive score."""
        return _top(self.chunk_scores(query, allowed), k)


def _top(scores: np.ndarray, k: int) -> list[tuple[int, float]]:
    """(position, score) of the k best positive scores, best first."""
    k = min(k, len(scores))
    if k <= 0:
        return []
    top = np.argpartition(-scores, k - 1)[:k]
    top = top[np.argsort(-scores[top], kind="stable")]
    return [(int(i), float(scores[i])) for i in top if scores[i] > 0]
