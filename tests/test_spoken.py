"""Questions as people dictate them (rag/spoken.py): punctuated as a careful writer would, so
the answer policy reads their clauses as it reads written ones. Blind39's questions were
dictated: with no question mark, "graph b s i can you do scaffold constrained generation and
how well does that work on moses" was not read as a yes / no question, and its answer ("This
approach works well on Moses") was kept for an unanswerable question."""

import json

import pytest

from eval.answers import ReplayChat
from rag.answer import system_prompt
from rag.policy import asking_part, asks_yes_no, offered_choices
from rag.query import detect_intent
from rag.spoken import punctuated, without_fillers


@pytest.mark.parametrize(("said", "written"), [
    ("graph b s i can you do scaffold constrained generation like fix part of the molecule and how "
     "well does that work on moses",
     "For graph b s i, can you do scaffold constrained generation like fix part of the molecule? "
     "How well does that work on moses?"),
    ("um navis the node affinity model what equivalence does it exploit and why did they also need a "
     "new loss function",
     "For navis the node affinity model, what equivalence does it exploit? Why did they also need a new "
     "loss function?"),
    # an alternative stays in its question; "does the ..." may open the first clause
    ("lou et al the implicit models paper does the theory also cover implicit gnns or is it just imaging",
     "For lou et al the implicit models paper, does the theory also cover implicit gnns, or is it just imaging?"),
    # a lead that says something is a sentence of its own; a lead opening with a preposition keeps it
    ("okay so there's a blog post about next token models on graphs what tradeoff do they stress",
     "There's a blog post about next token models on graphs. What tradeoff do they stress?"),
    ("for least squares problems with power law spectra did someone get the doubled rate with sgd",
     "For least squares problems with power law spectra, did someone get the doubled rate with sgd?"),
    # "what's", negative auxiliaries; a question word inside a phrase opens no clause
    ("glot what's the accuracy on the stress test and why doesn't mean pooling cope",
     "For glot, what's the accuracy on the stress test? Why doesn't mean pooling cope?"),
    ("graph b s i what does it refine and in what space and why is that good",
     "For graph b s i, what does it refine and in what space? Why is that good?"),
    # a relative clause is no question ("which items a user will go for", "where the weights have to")
    ("for predicting which items a user will go for next is there a model that beats the baselines",
     "For predicting which items a user will go for next, is there a model that beats the baselines?"),
    # "is a" after other words is no new question
    ("tgmm what do they say is a first", "For tgmm, what do they say is a first?"),
])
def test_a_dictated_question_is_punctuated_as_written(said: str, written: str) -> None:
    assert punctuated(said) == written


@pytest.mark.parametrize("question", [
    "How does GLOT pool token states?",  # punctuated already
    "Compare RoT and GLOT",  # no clause that asks
    "papers by Eliasof",
    "RoT 快多少",  # Chinese
    "What does RoT reuse? I mean a proof that it helps.",
])
def test_a_written_question_is_left_as_it_is(question: str) -> None:
    assert punctuated(question) == question


def test_fillers_go_wherever_they_stand_and_an_opening_so_goes() -> None:
    assert without_fillers("So um what does RoT, uh, reuse?") == "What does RoT, reuse?"
    assert without_fillers("okay so how does it pool") == "how does it pool"
    assert without_fillers("Is GLOT so fast?") == "Is GLOT so fast?"  # "so" inside is a word


def test_the_policy_reads_a_dictated_question_as_a_written_one() -> None:
    said = "info said can it estimate transfer entropy or is it only mutual information"
    assert not asks_yes_no(said)
    written = punctuated(said)
    assert asks_yes_no(written)
    assert [alt for alt, _ in offered_choices(written)]  # the alternatives it offers
    two = punctuated("graph b s i can you do scaffold generation and how well does that work on moses")
    assert asking_part(two).endswith("How well does that work on moses?")
    assert detect_intent(punctuated("lanza lotta et al the deep versus shallow forgetting paper how do "
                                    "they describe deep forgetting")) == "answer"


def test_a_replay_finds_the_reply_recorded_for_the_question_as_dictated(tmp_path) -> None:
    said = "glot what's the accuracy on the stress test"
    rows = tmp_path / "rows.jsonl"
    rows.write_text(json.dumps({"question": said, "raw": "Over 97% [1]."}) + "\n")
    prompt = [{"role": "system", "content": system_prompt()},
              {"role": "user", "content": f"Question: {punctuated(said)}"}]
    assert "".join(ReplayChat.from_rows(rows).stream(prompt)) == "Over 97% [1]."
