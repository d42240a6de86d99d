"""End to end with the real local model (llama.cpp server started by PaperChat itself)."""

import pytest

from rag.pipeline import PaperChat

pytestmark = [pytest.mark.e2e, pytest.mark.slow]


@pytest.fixture(scope="module")
def local_chat(real_chat: PaperChat) -> PaperChat:
    settings = real_chat.settings.model_copy(update={"llm_provider": "local"})
    return PaperChat(settings)


def test_real_local_model_answers_with_a_citation_to_the_right_paper(local_chat: PaperChat) -> None:
    events = list(local_chat.ask_stream("What does InfoSEDD estimate, and how?"))
    tokens = [e for e in events if e.kind == "token"]
    answer = events[-1].answer
    assert answer is not None and answer.error is None, answer and answer.error
    assert len(tokens) > 3  # streamed
    assert not answer.refused, answer.text
    given = {p.n for p in answer.passages}
    assert answer.citations and all(c.n in given for c in answer.citations)
    assert all(c.name == "InfoSEDD" for c in answer.citations), [c.name for c in answer.citations]
    assert "InfoSEDD" in answer.text or "mutual information" in answer.text.lower()
