"""The lexical (BM25) index: stemmed bm25s over title, authors, keywords and text, at two
levels: each chunk (to pick passages) and each whole paper (to rank papers: BM25 works best on
the full abstract, while the dense side needs chunks because MiniLM truncates).

Persisted beside Chroma so start-up does not rebuild it. Kept in step with Chroma by the
facade: when the library's version stamp changes, the chunks added or removed since are applied
(`LexicalIndex.changed`), so an ingest costs the new papers, not the library.
"""

from __future__ import annotations

import hashlib
import json
import logging
import uuid
from pathlib import Path
from typing import Any

import numpy as np

from rag.bm25 import Bm25
from rag.text import tokenize

log = logging.getLogger(__name__)
FORMAT = 2  # 2: term counts (rag/bm25.py) instead of bm25s's precomputed scores


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


class LexicalIndex:
    """BM25 over a list of chunks and over the papers they make up, with the chunks' texts and
    metadata for building hits. Immutable: `changed` returns the index after an ingest or a
    delete, re-tokenising only the chunks and papers that changed."""

    def __init__(self, ids: list[str], texts: list[str], metas: list[dict[str, Any]],
                 bm25: Bm25 | None = None, paper_bm25: Bm25 | None = None,
                 paper_ids: list[str] | None = None, version: str = "") -> None:
        self.ids, self.texts, self.metas = ids, texts, metas
        self.bm25 = bm25 or Bm25()
        self.paper_bm25 = paper_bm25 or Bm25()
        self.version = version  # the library version (Store.version) this index reflects
        self.fingerprint = fingerprint(ids)
        self._paper_of = np.array([str(m.get("paper_id", "")) for m in metas], dtype=object)
        # Papers in the paper-level index's order; chunk positions of each paper in chunk order.
        self.paper_ids: list[str] = (list(dict.fromkeys(self._paper_of.tolist()))
                                     if paper_ids is None else paper_ids)
        self.position = {cid: i for i, cid in enumerate(ids)}
        self.chunks_of: dict[str, list[int]] = {pid: [] for pid in self.paper_ids}
        for i, pid in enumerate(self._paper_of):
            self.chunks_of[pid].append(i)
        for positions in self.chunks_of.values():
            positions.sort(key=lambda i: int(self.metas[i].get("chunk_index", 0)))
        self._paper_array = np.array(self.paper_ids, dtype=object)

    @classmethod
    def build(cls, ids: list[str], texts: list[str], metas: list[dict[str, Any]]) -> LexicalIndex:
        return cls([], [], []).changed(ids, texts, metas)

    def changed(self, ids: list[str], texts: list[str], metas: list[dict[str, Any]],
                removed: set[str] | frozenset[str] = frozenset()) -> LexicalIndex:
        """This index with the chunks `ids` added and the chunks `removed` taken out; papers
        that gained or lost a chunk are re-indexed whole, the rest are untouched."""
        keep = np.array([cid not in removed for cid in self.ids], dtype=bool)
        affected = {str(m.get("paper_id", "")) for m in metas}
        affected |= {str(p) for p in self._paper_of[~keep]} if len(keep) else set()
        kept = np.flatnonzero(keep).tolist()
        new_metas = [self.metas[i] for i in kept] + list(metas)
        fresh = [p for p in dict.fromkeys(str(m.get("paper_id", "")) for m in new_metas)
                 if p in affected]
        index = LexicalIndex(
            [self.ids[i] for i in kept] + list(ids), [self.texts[i] for i in kept] + list(texts),
            new_metas,
            self.bm25.kept(keep).added([tokenize(document_text(t, m))
                                        for t, m in zip(texts, metas, strict=True)]),
            paper_ids=[p for p in self.paper_ids if p not in affected] + fresh)
        paper_keep = np.array([p not in affected for p in self.paper_ids], dtype=bool)
        index.paper_bm25 = self.paper_bm25.kept(paper_keep).added(
            [index.paper_tokens(pid) for pid in fresh])
        return index

    def paper_text(self, paper_id: str) -> str:
        """A paper's chunks merged back into one text, with its title."""
        pos = self.chunks_of[paper_id]
        return document_text(merge_chunks([self.texts[i] for i in pos]), self.metas[pos[0]])

    def paper_tokens(self, paper_id: str) -> list[str]:
        """What the paper-level BM25 sees of a paper: its text (paper_text) as tokens."""
        return tokenize(self.paper_text(paper_id))

    def save(self, folder: Path) -> None:
        """Write the index; the texts file is replaced last and names the BM25 files' stamp, so
        an interrupted save leaves the previous index readable or none (then it is rebuilt)."""
        folder.mkdir(parents=True, exist_ok=True)
        stamp = uuid.uuid4().hex
        self.bm25.save(folder / "chunks.npz", stamp)
        self.paper_bm25.save(folder / "papers.npz", stamp)
        payload = {"ids": self.ids, "texts": self.texts, "metas": self.metas,
                   "paper_ids": self.paper_ids, "fingerprint": self.fingerprint,
                   "version": self.version, "stamp": stamp, "levels": ["chunk", "paper"],
                   "format": FORMAT}
        tmp = folder / f"chunks.{stamp}.tmp"
        tmp.write_text(json.dumps(payload), encoding="utf-8")
        tmp.replace(folder / "chunks.json")

    @classmethod
    def load(cls, folder: Path) -> LexicalIndex | None:
        """The saved index, or None when there is none, it cannot be read or it was written in
        an older format (it is then rebuilt)."""
        try:
            payload = json.loads((folder / "chunks.json").read_text(encoding="utf-8"))
            if payload.get("format") != FORMAT:
                raise ValueError("an older format")
            stamp = payload["stamp"]
            bm25 = Bm25.load(folder / "chunks.npz", stamp)
            paper_bm25 = Bm25.load(folder / "papers.npz", stamp)
        except (OSError, ValueError, KeyError) as exc:
            log.info("lexical index at %s not loaded (%s); it will be rebuilt", folder, exc)
            return None
        return cls(payload["ids"], payload["texts"], payload["metas"], bm25, paper_bm25,
                   payload["paper_ids"], payload["version"])

    def unknown(self, text: str) -> frozenset[str]:
        """The text's (stemmed) words that no stored chunk contains; a hyphenated compound
        whose every part a chunk contains is known ("1.6B-parameter" where the paper writes
        "1.6B parameter")."""
        return frozenset(t for t in tokenize(text) if not self.bm25.df(t) and not (
            "-" in t.strip("-") and all(self.bm25.df(p) for p in t.split("-") if p)))

    def _scores(self, bm25: Bm25, query: str, mask: np.ndarray | None, distinct: bool) -> np.ndarray:
        tokens = tokenize(query)
        return bm25.scores(list(dict.fromkeys(tokens)) if distinct else tokens, weight_mask=mask)

    def chunk_scores(self, query: str, allowed: set[str] | None = None,
                     distinct: bool = False) -> np.ndarray:
        """BM25 of every chunk (0 for chunks of papers outside `allowed`); `distinct`: each
        (stemmed) query word counts once however often the query repeats it."""
        mask = None
        if allowed is not None:
            mask = np.isin(self._paper_of, list(allowed)).astype(np.float32)
        return self._scores(self.bm25, query, mask, distinct)

    def paper_scores(self, query: str, k: int, allowed: set[str] | None = None,
                     distinct: bool = False) -> list[tuple[str, float]]:
        """(paper id, BM25 of the whole paper) for the best k papers with a positive score."""
        mask = None
        if allowed is not None:
            mask = np.isin(self._paper_array, list(allowed)).astype(np.float32)
        found = _top(self._scores(self.paper_bm25, query, mask, distinct), k)
        return [(self.paper_ids[i], s) for i, s in found]

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
