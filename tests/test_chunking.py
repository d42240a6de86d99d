from rag.chunking import split_paper
from rag.config import DEMO_CORPUS
from rag.corpus import load_papers, make_paper


def test_chunks_follow_sentences_and_carry_metadata() -> None:
    papers = load_papers(DEMO_CORPUS).papers
    for paper in papers:
        chunks = split_paper(paper, chunk_size=180, chunk_overlap=30)
        assert 1 <= len(chunks) <= 4
        assert [c.chunk_id for c in chunks] == [f"{paper.paper_id}:{i}" for i in range(len(chunks))]
        for c in chunks:
            assert c.metadata["paper_id"] == paper.paper_id
            assert c.metadata["authors"] == "; ".join(paper.authors)
            assert c.metadata["n_chunks"] == len(chunks)
            assert c.text.rstrip().endswith((".", "!", "?", "%", ")", "}", "$")) or c is chunks[-1]
        # every sentence of the abstract appears in some chunk
        joined = " ".join(c.text for c in chunks)
        assert paper.abstract[:60] in joined and paper.abstract[-40:] in joined


def test_short_abstract_is_one_chunk_and_ids_are_stable() -> None:
    paper = make_paper("x:1", "One short abstract. Two sentences.", title="T", authors=("A B",))
    first, again = split_paper(paper), split_paper(paper)
    assert len(first) == 1 and first[0].text == "One short abstract. Two sentences."
    assert [c.chunk_id for c in first] == [c.chunk_id for c in again]
