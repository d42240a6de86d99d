from rag.pipeline import PaperChat


def test_fake_pipeline_answers_with_a_valid_citation(chat: PaperChat) -> None:
    answer = chat.ask("How does InfoSEDD estimate mutual information?")
    assert not answer.error
    ns = {p.n for p in answer.passages}
    assert answer.citations and all(c.n in ns for c in answer.citations)
