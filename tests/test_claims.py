"""Claim questions ("Is it true that ...?") on the demo papers with the real embedder: a
verdict from the policy's checks, the deciding sentence quoted and cited, no model call."""

import pytest

from rag.claims import claim_of, is_claim_question
from rag.fakes import FakeChat
from rag.pipeline import PaperChat
from rag.query import detect_intent


@pytest.mark.parametrize(("question", "claim"), [
    ("Is it true that RoT reduces latency?", "RoT reduces latency"),
    ("Is it really the case that GLOT is a pooling module?", "GLOT is a pooling module"),
    ("Do the papers support that STAD needs labels?", "STAD needs labels"),
])
def test_claim_questions_are_recognised(question: str, claim: str) -> None:
    assert is_claim_question(question) and detect_intent(question) == "claim"
    assert claim_of(question) == claim


def test_other_questions_are_not_claims() -> None:
    assert not is_claim_question("How much does RoT reduce latency?")
    assert detect_intent("Compare RoT and GLOT") == "compare"
    assert is_claim_question("RoT 能减少延迟，是真的吗？")


@pytest.mark.slow
@pytest.mark.parametrize(("question", "verdict", "paper", "quote"), [
    ("Is it true that RoT reduces inference latency by 82%?", "supported", "RoT", "82%"),
    ("Is it true that RoT increases inference latency by 82%?", "contradicted", "RoT", "82%"),
    ("Is it true that ResiliBench uses a tool library of 50 APIs?", "contradicted", "ResiliBench", "30 APIs"),
    ("Is it true that STAD requires labels to adapt the model?", "contradicted", "STAD", "labels"),
    ("Is it true that NAVIS is evaluated on ImageNet?", "unstated", "", ""),
])
def test_claim_verdicts_cite_the_deciding_sentence(real_chat: PaperChat, real_llm: FakeChat,
                                                   question: str, verdict: str, paper: str,
                                                   quote: str) -> None:
    answer = real_chat.ask(question)
    assert answer.verdict == verdict, answer.text
    assert real_llm.prompts == []  # decided by the checks, not the model
    if verdict == "unstated":
        assert answer.refused and not answer.citations and "do not say" in answer.text
        return
    assert not answer.refused and [c.name for c in answer.citations] == [paper]
    assert quote in answer.text and f"[{answer.citations[0].n}]" in answer.text
    assert answer.text.startswith("Yes" if verdict == "supported" else "No")
    assert answer.checks and answer.checks[-1].verdicts  # the report says why
