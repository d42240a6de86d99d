"""The answer policy's named checks (rag/policy.py, rag/contradiction.py): pure logic, no models."""

from types import SimpleNamespace

import pytest

from rag.contradiction import contradiction, words
from rag.models import Hit, Passage
from rag.policy import (
    Context,
    Subjects,
    answer_type_matches,
    answerability,
    check_pair,
    correctable,
    coverage,
    passes,
    rarity,
    subject,
    subjects_of,
)

ROT = ("Findings show small prompt growth but substantial efficiency gains, with RoT reducing "
       "output tokens by up to 40%, inference latency by 82%, and cost by 59% while maintaining accuracy.")
GLOT = ("GLOT is competitive with state-of-the-art techniques on benchmarks like GLUE and MTEB with "
        "20x fewer trainable parameters.")
STAD = "Without requiring labels, our model infers time-evolving class prototypes."
RECURR = ("RecurrSim enables explicit test-time control over accuracy-cost trade-offs in neural "
          "simulators without requiring retraining or architectural redesign.")


def _passage(n: int, pid: str, name: str, text: str) -> Passage:
    return Passage(n, Hit(f"{pid}-0", pid, text, 1.0, {"display_name": name}), text)


SUBJECTS = Subjects({"RoT": "rot", "GLOT": "glot", "Retrieval-of-Thought: Efficient Reasoning": "rot"})
CTX = Context(question="How much does RoT reduce latency?", subjects=SUBJECTS, threshold=0.5)


@pytest.mark.parametrize(("claim", "sentence", "why"), [
    ("RoT increases inference latency by 82%.", ROT, "direction"),
    ("RoT reduces inference latency by 82%.", ROT, ""),
    ("RoT reduces output tokens by 28%.", ROT, "number"),
    ("GLOT uses 20x more trainable parameters.", GLOT, "direction"),
    ("GLOT uses 20x fewer trainable parameters.", GLOT, ""),
    ("RecurrSim requires retraining to change the trade-off.", RECURR, "negation"),
    ("RecurrSim does not require retraining.", RECURR, ""),
    ("STAD requires labels.", STAD, "negation"),
    ("The method does not improve accuracy.", "The method improves accuracy by 3 points.", "negation"),
    ("The method improves accuracy.", "The method does not hurt accuracy and improves it.", ""),
])
def test_contradiction_by_negation_direction_and_number(claim: str, sentence: str, why: str) -> None:
    found = contradiction(claim, sentence)
    assert (why in found) if why else found == ""
    if why:
        assert found  # a reason, never an empty string, when it contradicts


def test_word_lists_come_from_the_data_file() -> None:
    w = words()
    assert "reduces" in w.down and "increases" in w.up and "minimal" not in w.down and "not" in w.negations


def test_subject_a_sentence_naming_a_paper_must_cite_that_paper() -> None:
    rot, glot = _passage(1, "rot", "RoT", ROT), _passage(2, "glot", "GLOT", GLOT)
    assert subject("RoT reduces latency by 82%.", rot, CTX).ok
    wrong = subject("RoT reduces latency by 82%.", glot, CTX)
    assert not wrong.ok and "RoT" in wrong.reason and "GLOT" in wrong.reason
    mentions = _passage(3, "other", "Other", "Unlike RoT, we reuse no thoughts.")
    assert subject("RoT reuses thoughts.", mentions, CTX).ok  # the passage discusses RoT


def test_subject_the_paper_is_the_one_being_discussed() -> None:
    rot, glot = _passage(1, "rot", "RoT", ROT), _passage(2, "glot", "GLOT", GLOT)
    ctx = Context(subjects=SUBJECTS, focus=frozenset({"rot"}))
    assert subject("It reduces latency.", rot, ctx).ok
    assert not subject("It reduces latency.", glot, ctx).ok
    assert not subject("The paper reports fewer parameters.", glot, ctx).ok
    assert subject("Pooling is hard.", glot, ctx).ok  # no subject named or referred to
    assert subject("It reduces latency.", glot, ctx, current=frozenset({"glot"})).ok


def test_subjects_of_a_catalogue_skip_author_labels_and_cut_titles() -> None:
    recs = [SimpleNamespace(paper_id="a", display_name="RoT", title=""),
            SimpleNamespace(paper_id="b", display_name="Huang et al.", title=""),
            SimpleNamespace(paper_id="c", display_name="A Long Title That Was C",
                            title="A Long Title That Was Cut Short For A Name")]
    names = subjects_of(recs).names
    assert names == {"RoT": "a", "A Long Title That Was Cut Short For A Name": "c"}
    assert subjects_of(recs).named("What does RoT do? and rot?") == {"a"}  # case-sensitive names
    assert subjects_of(recs).named("a long title that was cut short for a name") == {"c"}


def test_check_pair_names_every_check_and_a_contradiction_is_correctable() -> None:
    rot = _passage(1, "rot", "RoT", ROT)
    good = check_pair("RoT reduces inference latency by 82%.", rot, 0.8, CTX)
    assert [v.check for v in good] == ["supported", "numbers_held", "asked_terms_held",
                                       "known_words", "subject", "no_contradiction"]
    assert passes(good)
    bad = check_pair("RoT increases inference latency by 82%.", rot, 0.8, CTX)
    assert not passes(bad) and correctable(bad)
    assert next(v for v in bad if v.check == "no_contradiction").reason.startswith("direction differs")
    number = check_pair("RoT reduces latency by 28%.", rot, 0.8, CTX)
    assert not next(v for v in number if v.check == "numbers_held").ok


def test_coverage_weights_rare_words_and_words_no_paper_has() -> None:
    weights = rarity(["graph pooling tokens", "graph learning", "graph neural networks"])
    assert weights["graph"] < weights["pool"]
    assert coverage(["graph", "pool"], ["graph pooling"], weights) == 1.0
    assert coverage(["graph", "pool"], ["graph only"], weights) < 0.5  # the rare word is missing
    assert coverage(["graph", "tokyo"], ["graph"], weights) < 0.5  # unknown word weighs most


def test_answerability_uses_coverage_and_the_embedders_floor() -> None:
    texts = ["RoT reduces inference latency by reusing thoughts."]
    assert answerability("How does RoT reduce latency?", texts, 0.6, 0.25, 0.5, {}).ok
    low = answerability("What is the population of Tokyo?", texts, 0.6, 0.25, 0.5, {})
    assert not low.ok and "holds" in low.reason
    assert not answerability("How does RoT reduce latency?", texts, 0.1, 0.25, 0.5, {}).ok
    assert answerability("How does RoT reduce latency?", texts, 0.1, None, 0.5, {}).ok  # no floor
    assert answerability("它是什么？", texts, 0.6, 0.25, 0.5, {}).ok  # nothing measurable


def test_answer_type() -> None:
    assert not answer_type_matches("How many tasks?", "Many tasks.").ok
    assert answer_type_matches("How many tasks?", "5,040 tasks.").ok
    assert answer_type_matches("What is STAD?", "A filter.").ok
