"""The minilm-int8 embedder (all-MiniLM-L6-v2 as int8 ONNX on onnxruntime): the same vector space
as the fp32 MiniLM, normalised, order kept through its length-sorted batches, and a library
built with it retrieves."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from rag.config import DEMO_CORPUS, Settings
from rag.corpus import load_papers
from rag.embed import MiniLMInt8Embedding, load_embedder
from rag.fakes import FakeChat
from rag.pipeline import PaperChat
from tests.conftest import make_settings

pytestmark = pytest.mark.slow


def _settings(**overrides: object) -> Settings:
    return Settings(_env_file=None, **overrides)  # type: ignore[arg-type]


def _abstracts(n: int) -> list[str]:
    papers = load_papers(DEMO_CORPUS).papers[:n]
    return [f"{p.title}\n{p.abstract}" for p in papers]


def test_int8_vectors_are_close_to_the_fp32_minilm_ones() -> None:
    texts = _abstracts(6)
    questions = ["How can diffusion models estimate mutual information?",
                 "momentum for gradient descent"]
    fp32 = load_embedder(_settings(), "minilm")
    int8 = load_embedder(_settings(), "minilm-int8")
    assert isinstance(int8, MiniLMInt8Embedding)
    a = np.array(fp32.get_text_embedding_batch(texts))
    b = np.array(int8.get_text_embedding_batch(texts))
    assert b.shape == (6, 384)
    assert np.allclose(np.linalg.norm(b, axis=1), 1.0, atol=1e-4)
    assert (a * b).sum(axis=1).min() > 0.99
    for q in questions:
        assert float(np.dot(fp32.get_query_embedding(q), int8.get_query_embedding(q))) > 0.99


def test_batches_keep_order_and_padding_does_not_change_a_vector() -> None:
    # Batches of 2, lengths mixed so the length sort reorders them across groups.
    embed = load_embedder(_settings(embed_batch_size=2), "minilm-int8")
    long_text = " ".join(_abstracts(3))  # past the 256-piece window: truncated, not an error
    texts = ["graphs", long_text, "a short sentence about proteins", "x", _abstracts(1)[0]]
    together = np.array(embed.get_text_embedding_batch(texts))
    alone = np.array([embed.get_text_embedding(t) for t in texts])
    assert together.shape == (5, 384)
    assert np.allclose(together, alone, atol=1e-5)
    assert len({tuple(np.round(v, 4)) for v in together}) == 5
    assert embed.get_text_embedding_batch([]) == []


def test_a_library_built_with_int8_finds_its_papers(tmp_path: Path) -> None:
    settings = make_settings(tmp_path / "data", embed_model="minilm-int8")
    chat = PaperChat(settings, llm=FakeChat())
    chat.ingest([DEMO_CORPUS], progress=False)
    hits = chat.search("mutual information estimated with score-based discrete diffusion",
                       k=3, mode="dense")
    assert hits and hits[0].metadata["display_name"] == "InfoSEDD"
