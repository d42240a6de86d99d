"""The independent citation judge (eval/judge.py): exact paper and evidence sentence, no
similarity."""

from eval.judge import holds_evidence, judge_answer, right_paper
from rag.models import Answer, Hit, Passage

ROT = "RoT reuses thoughts. It reduces inference latency by 82%."


def _passage(n: int, pid: str, name: str, text: str) -> Passage:
    return Passage(n, Hit(f"{pid}-0", pid, text, 1.0, {"display_name": name}), text)


def _answer(text: str, passages: list[Passage], refused: bool = False) -> Answer:
    return Answer(question="q", text=text, citations=[], passages=passages, refused=refused)


def test_right_paper_by_id_or_exact_name() -> None:
    p = _passage(1, "p-rot", "RoT", ROT)
    assert right_paper(p, {"papers": ["RoT"]})
    assert right_paper(p, {"paper_ids": ["p-rot"]})
    assert not right_paper(p, {"papers": ["RoT-2", "GLOT"]})


def test_evidence_is_matched_at_sentence_level() -> None:
    p = _passage(1, "p-rot", "RoT", ROT)
    assert holds_evidence(p, ["It reduces inference latency by 82 %."])  # spacing and symbols
    assert not holds_evidence(p, ["It reduces inference latency by 28%."])
    long = _passage(2, "p-rot", "RoT", "Findings show gains, with RoT reducing latency by 82% and cost by 59%.")
    assert holds_evidence(long, ["with RoT reducing latency by 82% and cost by 59%"])


def test_judge_counts_paper_and_evidence_per_cited_pair() -> None:
    rot = _passage(1, "p-rot", "RoT", ROT)
    glot = _passage(2, "p-glot", "GLOT", "GLOT pools tokens. It cuts latency by 82%.")
    q = {"papers": ["RoT"], "evidence": ["It reduces inference latency by 82%."]}
    t = judge_answer(_answer("RoT cuts latency by 82% [1][2]. It reuses thoughts [1].", [rot, glot]), q)
    assert (t.pairs, t.right_paper, t.with_evidence, t.right_evidence) == (3, 2, 3, 2)
    assert t.summary()["paper_precision"] == round(2 / 3, 3)
    no_evidence = judge_answer(_answer("RoT reuses thoughts [1].", [rot]), {"papers": ["RoT"]})
    assert no_evidence.summary()["evidence_precision"] is None
    assert no_evidence.summary()["paper_precision"] == 1.0
    assert judge_answer(_answer("Refused [1].", [rot], refused=True), q).pairs == 0
    assert judge_answer(_answer("It is so [9].", [rot]), q).right_paper == 0  # out of prompt
