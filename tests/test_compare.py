"""Comparison tables: every cell cited to its own paper's passage, or "not stated"."""

import csv
import io

import pytest

from rag.compare import NOT_STATED, ROWS, targets_of
from rag.pipeline import PaperChat

pytestmark = pytest.mark.slow


def test_targets_are_split_from_the_question() -> None:
    assert targets_of("Compare RoT and GLOT.") == ["RoT", "GLOT"]
    assert targets_of("compare InfoSEDD, GraphBSI and TGMM?") == ["InfoSEDD", "GraphBSI", "TGMM"]
    assert targets_of("比较 NAVIS 和 ALL-IN") == ["NAVIS", "ALL-IN"]
    # a typed query: the names are the part that joins some, not its later asks (blind37's bq29)
    assert targets_of("fl papers: zhiyi et al vs rfedags - what problem does each fix, and what does "
                      "each change (client side vs server side)?") == ["zhiyi et al", "rfedags"]
    assert targets_of("Compare RoT and InfoSEDD: which is faster?") == ["RoT", "InfoSEDD"]


@pytest.mark.parametrize("question, expected", [
    ("Compare RoT and GLOT.", ["RoT", "GLOT"]),
    ("Compare InfoSEDD, GraphBSI and TGMM.", ["InfoSEDD", "GraphBSI", "TGMM"]),
    ("比较 NAVIS 和 ALL-IN", ["NAVIS", "ALL-IN"]),
    # The rest of the question is not a third paper (blind2 got a Liu et al. column here).
    ("Compare what InfoSEDD and RecurrSim are for and where each is demonstrated.", ["InfoSEDD", "RecurrSim"]),
])
def test_named_papers_get_a_cited_table(real_chat: PaperChat, question: str, expected: list[str]) -> None:
    answer = real_chat.ask(question)
    table = answer.comparison
    assert table is not None and table.papers == expected
    assert list(table.rows) == list(ROWS)
    by_n = {p.n: p for p in answer.passages}
    for cells in table.rows.values():
        for paper, (text, n) in zip(table.papers, cells, strict=True):
            if n is None:
                assert text == NOT_STATED
            else:  # the cell cites a passage of its own column's paper, containing the cell text
                assert by_n[n].hit.name == paper
                assert text.rstrip("…") in by_n[n].text
    assert {c.n for c in answer.citations} == set(by_n)


def test_cells_use_distinct_sentences_and_do_not_guess_limitations(real_chat: PaperChat) -> None:
    table = real_chat.ask("Compare RoT and GLOT.").comparison
    for col in range(len(table.papers)):
        texts = [cells[col][0] for cells in table.rows.values() if cells[col][1] is not None]
        assert len(texts) == len(set(texts))
    assert "40%" in table.rows["key result"][0][0]
    assert table.rows["limitations"] == [(NOT_STATED, None), (NOT_STATED, None)]


def test_topic_comparison_and_exports(real_chat: PaperChat) -> None:
    answer = real_chat.ask("Compare the federated learning papers.")
    table = answer.comparison
    assert sorted(table.papers) == ["RFedAGS", "Zhiyi et al."]
    rows = list(csv.reader(io.StringIO(table.to_csv())))
    assert rows[0] == ["aspect", *table.papers] and len(rows) == 1 + len(ROWS)
    md = table.to_markdown()
    assert md.splitlines()[0] == "| | " + " | ".join(table.papers) + " |"


def test_five_papers_fit_one_table(real_chat: PaperChat) -> None:
    ids = [p.paper_id for p in real_chat.papers()[:5]]
    table = real_chat.compare(ids)
    assert len(table.papers) == 5 and all(len(c) == 5 for c in table.rows.values())


def test_summary_gives_a_cited_overview_across_papers(real_chat: PaperChat, real_llm) -> None:
    question = "Summarise the papers on federated learning."
    real_llm.replies.append("I don't know.")
    passages = real_chat.ask(question).passages  # the evidence is deterministic
    assert len({p.hit.paper_id for p in passages}) == len(passages)  # one passage per paper
    assert {"RFedAGS", "Zhiyi et al."} <= {p.hit.name for p in passages}
    # a reply quoting one sentence of each federated passage, numbered as given
    fed = [p for p in passages if p.hit.name in ("RFedAGS", "Zhiyi et al.")]
    real_llm.replies.append(" ".join(f"{p.text.split('. ')[0].rstrip('.')} [{p.n}]." for p in fed))
    answer = real_chat.ask(question)
    assert "overview" in real_llm.prompts[-1][-1]["content"]
    assert {c.name for c in answer.citations} == {"RFedAGS", "Zhiyi et al."}
