"""The minilm-int8 embedder (all-MiniLM-L6-v2 as int8 ONNX on onnxruntime): the same vector space
as the fp32 MiniLM, normalised, order kept through its length-sorted batches, and a library
built with it retrieves."""

from __future__ import annotations

import threading
from pathlib import Path

import numpy as np
import pytest

from rag.config import DEMO_CORPUS, Settings
from rag.cores import embedding_threads
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


def test_threads_picks_an_engine_of_that_many_threads_for_the_calling_thread_only() -> None:
    embed = MiniLMInt8Embedding(num_threads=2)
    q = "How can diffusion models estimate mutual information?"
    default = np.array(embed.get_query_embedding(q))
    with embed.threads(1):
        one = np.array(embed.get_query_embedding(q))
        assert set(embed._sessions) == {1, 2}
        seen: list[int] = []
        other = threading.Thread(target=lambda: seen.append(
            getattr(embed._local, "threads", None) or embed.num_threads))
        other.start()
        other.join()
        assert seen == [2]  # another thread still uses the default engine
    assert embed._sessions[1].get_session_options().intra_op_num_threads == 1
    assert embed._sessions[2].get_session_options().intra_op_num_threads == 2
    assert np.allclose(one, default, atol=1e-5)
    assert getattr(embed._local, "threads", None) is None


def test_embedding_threads_hands_the_count_to_an_engine_with_its_own_pool() -> None:
    embed = MiniLMInt8Embedding(num_threads=2)
    with embedding_threads(1, embed):
        assert embed._local.threads == 1
    with embedding_threads(0, embed):  # spare cores: at least one, at most the machine's
        assert 1 <= embed._local.threads <= 64
    assert embed._local.threads is None


def test_a_minilm_library_embeds_its_questions_with_the_int8_engine(tmp_path: Path) -> None:
    chat = PaperChat(make_settings(tmp_path / "data", embed_model="minilm"), llm=FakeChat())
    assert isinstance(chat.store.query_model, MiniLMInt8Embedding)
    assert chat.store.embed_model is load_embedder(chat.settings, "minilm")
    chat.ingest([DEMO_CORPUS], progress=False)
    hits = chat.search("mutual information estimated with score-based discrete diffusion",
                       k=3, mode="dense")
    assert hits and hits[0].metadata["display_name"] == "InfoSEDD"
    # Switched off, questions are embedded by the library's own model, with the same answer.
    own = PaperChat(make_settings(tmp_path / "data", embed_model="minilm", query_embedders={}),
                    llm=FakeChat())
    assert own.store.query_model is own.store.embed_model
    assert own.search("mutual information estimated with score-based discrete diffusion",
                      k=3, mode="dense")[0].metadata["display_name"] == "InfoSEDD"


def test_an_engine_with_its_own_pool_leaves_torch_threads_alone() -> None:
    torch = pytest.importorskip("torch")
    embed = MiniLMInt8Embedding(num_threads=2)
    before = torch.get_num_threads()
    target = 1 if before != 1 else 2
    with embedding_threads(target, embed):
        assert embed._local.threads == target
        assert torch.get_num_threads() == before  # other requests' torch work keeps its threads
    with embedding_threads(target):  # no model given: torch's
        assert torch.get_num_threads() == target
    assert torch.get_num_threads() == before
