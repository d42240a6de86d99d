"""BM25 that documents can be added to and removed from without re-indexing the rest.

bm25s precomputes every (document, term) score, and each one depends on the whole corpus (idf,
average length), so one added paper meant re-indexing the library. Here only term counts and
document lengths are stored; idf and length normalisation are applied when a query is scored,
for the few columns its terms touch. The formula is bm25s's default (Lucene idf, Robertson term
frequency), so scores match what bm25s gave for the same corpus.

Instances are immutable: `added` and `kept` return new ones, so a reader holding the old index
keeps a consistent view while a new one is built.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import numpy as np


class Bm25:
    """Term counts of documents 0..n-1 (COO triples) and their lengths, scored lazily."""

    def __init__(self, vocab: dict[str, int] | None = None, rows: np.ndarray | None = None,
                 cols: np.ndarray | None = None, tfs: np.ndarray | None = None,
                 lengths: np.ndarray | None = None, k1: float = 1.2, b: float = 0.75) -> None:
        self.vocab = vocab if vocab is not None else {}
        self.rows = rows if rows is not None else np.zeros(0, dtype=np.int32)
        self.cols = cols if cols is not None else np.zeros(0, dtype=np.int32)
        self.tfs = tfs if tfs is not None else np.zeros(0, dtype=np.float32)
        self.lengths = lengths if lengths is not None else np.zeros(0, dtype=np.float32)
        self.k1, self.b = k1, b
        order = np.argsort(self.cols, kind="stable")
        self._docs, self._tf = self.rows[order], self.tfs[order]
        counts = np.bincount(self.cols, minlength=len(self.vocab))
        self._indptr = np.concatenate([[0], np.cumsum(counts)]).astype(np.int64)
        self._avg = float(self.lengths.mean()) if len(self.lengths) else 1.0

    @property
    def num_docs(self) -> int:
        return len(self.lengths)

    def df(self, token: str) -> int:
        """How many documents contain the token."""
        col = self.vocab.get(token)
        return 0 if col is None else int(self._indptr[col + 1] - self._indptr[col])

    def added(self, docs: list[list[str]]) -> Bm25:
        """A copy with these documents appended (numbered after the existing ones)."""
        vocab = dict(self.vocab)
        rows, cols, tfs = [], [], []
        for offset, tokens in enumerate(docs):
            for token, count in Counter(tokens).items():
                rows.append(self.num_docs + offset)
                cols.append(vocab.setdefault(token, len(vocab)))
                tfs.append(count)
        lengths = np.array([len(d) for d in docs], dtype=np.float32)
        return Bm25(vocab, np.concatenate([self.rows, np.array(rows, dtype=np.int32)]),
                    np.concatenate([self.cols, np.array(cols, dtype=np.int32)]),
                    np.concatenate([self.tfs, np.array(tfs, dtype=np.float32)]),
                    np.concatenate([self.lengths, lengths]), self.k1, self.b)

    def kept(self, keep: np.ndarray) -> Bm25:
        """A copy with only the documents where `keep` is true, renumbered in order."""
        keep = np.asarray(keep, dtype=bool)
        new_number = np.cumsum(keep) - 1
        live = keep[self.rows] if len(self.rows) else np.zeros(0, dtype=bool)
        return Bm25(self.vocab, new_number[self.rows[live]].astype(np.int32), self.cols[live],
                    self.tfs[live], self.lengths[keep], self.k1, self.b)

    def scores(self, tokens: list[str], weight_mask: np.ndarray | None = None) -> np.ndarray:
        """BM25 of every document for the query tokens (repeated tokens count again)."""
        scores = np.zeros(self.num_docs, dtype=np.float32)
        n = self.num_docs
        for token in tokens:
            col = self.vocab.get(token)
            if col is None:
                continue
            start, end = self._indptr[col], self._indptr[col + 1]
            if start == end:
                continue
            docs, tf = self._docs[start:end], self._tf[start:end]
            df = float(end - start)
            idf = np.float32(np.log(1 + (n - df + 0.5) / (df + 0.5)))
            norm = self.k1 * ((1 - self.b) + self.b * self.lengths[docs] / self._avg)
            np.add.at(scores, docs, idf * tf / (norm + tf))
        return scores if weight_mask is None else scores * weight_mask

    def save(self, path: Path, stamp: str) -> None:
        """Write to `path` (.npz), tagged with `stamp` so a reader can match it to its texts."""
        tmp = path.with_name(f"{path.stem}.{stamp}.tmp.npz")  # unique: workers may share a folder
        np.savez(tmp, vocab=np.array(list(self.vocab), dtype=str), rows=self.rows,
                 cols=self.cols, tfs=self.tfs, lengths=self.lengths, stamp=np.array(stamp))
        tmp.replace(path)

    @classmethod
    def load(cls, path: Path, stamp: str) -> Bm25:
        """Read what `save` wrote; ValueError when it carries another stamp."""
        with np.load(path) as data:
            if str(data["stamp"]) != stamp:
                raise ValueError(f"{path.name} does not match the saved chunks")
            vocab = {str(t): i for i, t in enumerate(data["vocab"].tolist())}
            return cls(vocab, data["rows"], data["cols"], data["tfs"], data["lengths"])
