"""Figures as people say them (rag/quantities.py): spoken shares written as figures, and
figures said approximately or as a bound held by a sentence's figure."""

from __future__ import annotations

import pytest

from rag.quantities import said_against, said_figures, said_spans, without_said

ROT = ("Findings show small prompt growth but substantial efficiency gains, with RoT reducing output "
       "tokens by up to 40%, inference latency by 82%, and cost by 59% while maintaining accuracy.")
RESILI = ("Specifically, MDP-optimal workflow prompts achieve an average success rate of 62.1\\%, "
          "Chain-of-Thought prompts yield an average success rate of 50.8\\%, and flawed workflow "
          "prompts result in an average success rate of 54.3\\%.")


@pytest.mark.parametrize(("said", "written"), [
    ("RoT cuts latency by more than four-fifths", "RoT cuts latency by more than 80%"),
    ("nine out of ten tokens", "90% tokens"),
    ("one in four theories", "25% theories"),
    ("19 out of every 20 tokens", "95% tokens"),
    ("one in every four runs", "25% runs"),
    ("19 of every 20 tokens", "95% tokens"),
    ("19 of 20 tokens", "19 of 20 tokens"),  # a count of a count, not said as a share
    ("about a third of the time", "about 33.3% of the time"),
    ("nearly two-thirds of tasks", "nearly 66.7% of tasks"),
    ("succeeds about half the time", "succeeds about 50% the time"),
    ("more than half of the tasks", "more than 50% of the tasks"),
    ("answers five times faster", "answers 5 times faster"),
    ("编译成功率提升两成，代码快三成", "编译成功率提升20%，代码快30%"),
    ("一半的时间", "50%的时间"),
    # not shares: an ordinal, a compound, a part
    ("a third variant of the method", "a third variant of the method"),
    ("a half-baked idea", "a half-baked idea"),
    ("the second half of training", "the second half of training"),
    ("half the model", "half the model"),
])
def test_spoken_shares_are_written_as_figures(said: str, written: str) -> None:
    assert said_figures(said) == written


@pytest.mark.parametrize(("claim", "held"), [
    # approximately: within the rounding share of the figure said of the same thing
    ("inference latency drops by something like 80%", True),
    ("cost falls by nearly 60%", True),
    ("latency drops by about 60%", False),  # the cost's 59%, not latency's 82%
    # a bound the figure meets
    ("latency drops by more than 80%", True),
    ("latency drops by more than 90%", False),
    ("cost falls by more than 70%", False),  # latency's 82% is not the cost's
    # a ratio worked out from a cut: 1 / (1 - 0.82) = 5.6
    ("RoT answers more than 5 times faster", True),
    ("RoT answers about 5 times faster", True),
    ("RoT answers 5.6x faster", True),
    ("RoT answers more than 10 times faster", False),
    ("answers come back about 2 times faster", False),
    # a flat figure is held only as written (numbers_held)
    ("latency drops by 80%", False),
])
def test_said_figures_held(claim: str, held: bool) -> None:
    assert bool(said_spans(claim, ROT, own=frozenset({"rot"}))) is held


@pytest.mark.parametrize(("claim", "held"), [
    ("Chain-of-Thought prompts succeed about 50% of the time", True),
    ("MDP-optimal prompts succeed in nearly 66.7% of tasks", True),
    ("flawed workflow prompts succeed in more than 50% of tasks", True),
    # near MDP-optimal's 62.1%, but the clause naming Chain-of-Thought gives 50.8%
    ("Chain-of-Thought prompts succeed about 60% of the time", False),
])
def test_a_figure_is_held_by_the_figure_of_its_own_thing(claim: str, held: bool) -> None:
    assert bool(said_spans(claim, RESILI)) is held


def test_without_said_takes_out_only_the_held_figures() -> None:
    claim = "latency drops by something like 80% and cost by 70%"
    assert without_said(claim, ROT) == "latency drops by something like % and cost by 70%"


GLOT = ("In a diagnostic stress test where 90% of tokens are random distractors, GLOT maintains over 97% "
        "accuracy while baseline methods collapse.")


@pytest.mark.parametrize(("claim", "against"), [
    ("RoT cuts the cost of reasoning by less than 33.3%", True),  # cost by 59%
    ("inference latency drops by about 40%", True),  # latency by 82%
    ("inference latency drops by more than 80%", False),
    ("inference latency falls to less than 20% of what it was", False),  # what the 82% cut leaves
    ("output tokens drop by up to 40%", False),
    ("output tokens drop by 30%", False),  # a flat figure: changed_figure's
])
def test_said_against_finds_another_figure_for_the_same_thing(claim: str, against: bool) -> None:
    assert bool(said_against(claim, ROT, own=frozenset({"rot"}))) is against


def test_said_against_reads_the_figure_of_the_claims_thing() -> None:
    said = ("in their stress test where 90% of tokens are random junk, it still hangs on to somewhere "
            "around 80% accuracy")
    assert said_against(said, GLOT, own=frozenset({"glot"})) == (
        "the claim says 'on to somewhere around 80%', the passage gives 97")
    assert not said_against("with 90% random tokens GLOT keeps more than 95% accuracy", GLOT,
                            own=frozenset({"glot"}))
    # a figure in a formula is said of no thing
    formula = "We prove that the optimal rate is given by $\\theta_{\\max}=\\min(2,\\nu,\\tfrac{2}{\\zeta+1/\\nu})$."
    assert not said_against("the optimal rate exponent is at most 1", formula)
    # the figure counting the same thing decides, not the clause sharing the most words
    # (blind53's eg02: "20x fewer trainable parameters" was read against the 100x whose clause
    # holds "compared with parameter-efficient fine-tuning")
    glot = ("Furthermore, it is competitive with state-of-the-art techniques on benchmarks like GLUE and MTEB with "
            "20x fewer trainable parameters and speeds up the training time by over 100x compared with "
            "parameter-efficient fine-tuning methods.")
    fewer = "Compared with parameter-efficient fine-tuning it has 20x fewer trainable parameters"
    assert not said_against(fewer, glot, own=frozenset({"glot"}))
    assert said_against(fewer.replace("20x", "50x"), glot, own=frozenset({"glot"})) == (
        "the claim says 'parameter-efficient fine-tuning it has 50x', the passage gives 20")
    # one word after a list's last figure ("while maintaining accuracy") is no thing counted
    assert not said_against("RoT cuts output tokens by up to 40% at unchanged accuracy", ROT, own=frozenset({"rot"}))


RECURR = ("On high-dimensional 3D compressible Navier-Stokes simulations with 262k points, a 0.8B parameter "
          "RecurrFNO outperforms 1.6B parameter baselines while using 13.5\\% less training memory.")
ZHIYI = ("Empirical results across multiple datasets and models show that our method achieves a significant "
         "improvement in accuracy under stringent communication constraints, notably an $18.9\\\\%$ relative "
         "accuracy improvement at a compression ratio of $0.1$, validating the efficacy of our approach.")


@pytest.mark.parametrize(("claim", "sentence", "held"), [
    # what a cut leaves, said as such ("to", "only")
    ("with RoT, the cost comes down to roughly 42% of what it was", ROT, True),
    ("with RoT, the cost comes down by roughly 40%", ROT, False),  # the cut is 59%
    ("RecurrFNO needs only about 86.5% of the baselines' training memory", RECURR, True),
    ("inference latency drops to about 0.18x and cost to about 0.41x", ROT, True),
    # a relative gain as a ratio
    ("calibration gives about 1.19x the accuracy", ZHIYI, True),
    ("calibration gives about 1.5x the accuracy", ZHIYI, False),
])
def test_what_a_change_leaves_and_its_ratio_are_held(claim: str, sentence: str, held: bool) -> None:
    spans = said_spans(claim, sentence, own=frozenset({"rot"}))
    assert bool(spans) is held
    if "0.18x" in claim:
        assert len(spans) == 2
