"""Real Chroma (embedded) with the real MiniLM embedder on the demo corpus."""

import pytest

from rag.pipeline import PaperChat

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("query, expected", [
    ("estimating mutual information for discrete data with diffusion", "InfoSEDD"),
    ("benchmark of LLM workflows with tool failures", "ResiliBench"),
    ("test-time adaptation to gradual temporal distribution shifts", "STAD"),
    ("reuse prior reasoning steps to cut latency of large reasoning models", "RoT"),
    ("transformers learning Gaussian mixture models", "TGMM"),
])
def test_dense_search_finds_the_paper(real_chat: PaperChat, query: str, expected: str) -> None:
    hits = real_chat.search(query, k=3, mode="dense")
    assert hits[0].name == expected
    assert 0.2 < hits[0].score <= 1.0  # cosine similarity


def test_hits_carry_paper_metadata(real_chat: PaperChat) -> None:
    hit = real_chat.search("GLOT token graph pooling", k=1)[0]
    assert hit.name == "GLOT"
    assert "Moshe Eliasof" in hit.authors
    assert hit.metadata["area"] == "Deep Learning" and hit.metadata["subarea"] == "Attention Mechanisms"
    assert hit.metadata["url"] == "https://github.com/ipsitmantri/GLOT"
    assert hit.text and hit.chunk_id.startswith(hit.paper_id + ":")
