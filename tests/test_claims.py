"""Claim questions ("Is it true that ...?") on the demo papers with the real embedder: a
verdict from the policy's checks, the deciding sentence quoted and cited, no model call."""

import pytest

from rag.claims import claim_of, is_claim_question
from rag.fakes import FakeChat, FakeEmbedding
from rag.pipeline import PaperChat
from rag.query import detect_intent


@pytest.mark.parametrize(("question", "claim"), [
    ("Is it true that RoT reduces latency?", "RoT reduces latency"),
    ("Is it really the case that GLOT is a pooling module?", "GLOT is a pooling module"),
    ("Do the papers support that STAD needs labels?", "STAD needs labels"),
    # a spoken figure reads as a paper writes it
    ("Is it true that GLOT keeps about 80 percent accuracy?", "GLOT keeps about 80% accuracy"),
    # a press release's authors read as the label a paper is cited by
    ("Is it true that Ammar Ahmed and colleagues cut the waiting time?", "Ahmed et al. cut the waiting time"),
    # a related-work citation's year is no figure of the paper
    ("Is it true that Yarotsky (2026) shows faster rates?", "Yarotsky shows faster rates"),
    ("Is it true that RoT (Ahmed et al., 2026) cuts cost?", "RoT (Ahmed et al.) cuts cost"),
    ("Is it true that Schirmer 等（2026）研究分布偏移？", "Schirmer 等研究分布偏移"),
    # a post's thread counters, emoji, hashtags and the writer's asides are no part of the
    # claim (claims_blind42's social-media posts); a fraction, a rank and a degree sign stay
    ("Is it true that 1/ New paper from Ahmed et al. 🧵 RoT reuses reasoning steps. "
     "2/ Up to 40% fewer output tokens for a small prompt growth (fair trade imo)?",
     "New paper from Ahmed et al. RoT reuses reasoning steps. Up to 40% fewer output tokens for a small prompt growth"),
    ("Is it true that tbh, GLOT is neat #NLProc #LLMs: it pools tokens with a graph, imo.",
     "GLOT is neat: it pools tokens with a graph."),
    ("Is it true that #论文分享# STAD 不需要标签👍", "STAD 不需要标签"),
    ("Is it true that RoT ranks #1 on 1/2 of the tasks at 37°C?", "RoT ranks #1 on 1/2 of the tasks at 37°C"),
    # a fact-checker's memo: the quoted text to check, without its labels and notes
    # (claims_blind43); an apostrophe inside the quote does not close it
    ("Is it true that Headline to check: 'RoT's cache cuts latency.' Draft para 4 (editor: check 'cuts'): "
     "'The models' accuracy held.' (Writer's query: 'held' = maintained.)",
     "RoT's cache cuts latency. The models' accuracy held."),
    ("Is it true that Quote attributed to Dmitry Yarotsky in the draft, please check: 'You can't widen the "
     "corner forever'", "Dmitry Yarotsky: You can't widen the corner forever."),
    ("Is it true that 核稿备忘 · 稿件第三段：“平均成功率约为 62%。”?", "平均成功率约为 62%。"),
    # a Chinese cue closing the claim is no part of it, nor is what points back at it
    ("RoT 把推理延迟降低了 82%，这是真的吗？", "RoT 把推理延迟降低了 82%"),
    ("核稿：“RoT 把推理延迟降低了 82%。”是真的吗？", "RoT 把推理延迟降低了 82%。"),
    ("QuRL 是用 DPO 训练的，对吗?", "QuRL 是用 DPO 训练的"),
    # a quote inside the claim, which goes on after it, is part of the claim
    ("Is it true that Foresti et al., baseline beaten: 'embedding trick' (continuous) < InfoSEDD's estimator?",
     "Foresti et al., baseline beaten: 'embedding trick' (continuous) < InfoSEDD's estimator"),
    ("Is it true that a long lead-in of more than twenty words that sets a scene and goes on and on before "
     "the colon and only then says: 'RoT cuts latency.'",
     "a long lead-in of more than twenty words that sets a scene and goes on and on before the colon and "
     "only then says: 'RoT cuts latency.'"),
])
def test_claim_questions_are_recognised(question: str, claim: str) -> None:
    assert is_claim_question(question) and detect_intent(question) == "claim"
    assert claim_of(question) == claim


def test_other_questions_are_not_claims() -> None:
    assert not is_claim_question("How much does RoT reduce latency?")
    assert detect_intent("Compare RoT and GLOT") == "compare"
    assert is_claim_question("RoT 能减少延迟，是真的吗？")
    # "check" opens a claim only as a word of its own (answers_library_blind41's bu01)
    assert is_claim_question("Check: RoT cuts latency by 82%") and claim_of("Check: RoT cuts latency") == "RoT cuts latency"
    assert not is_claim_question('Checking my GLOT slide. The bullet says: "GLOT: 100x fewer parameters." '
                                 "What should the bullet actually say?")
    # a Chinese cue followed by another question asks more than a verdict (bu28)
    assert not is_claim_question("幻灯片上 GLOT 的流程我画成：LLM 输出 token → 建图 → readout。这个流程对吗？LLM 本身需要训练吗？")
    assert is_claim_question("GLOT 冻结了 LLM，对吗？") and is_claim_question("GLOT 冻结了 LLM，对吗？我记得是这样。")
    # ... its English rewrite after it, as the question's intent is read, asks nothing more
    assert is_claim_question("QuRL 是用 DPO 训练的，对吗？ Is it true that QuRL was trained with DPO?")
    assert detect_intent("QuRL 是用 DPO 训练的，对吗？ Is it true that QuRL was trained with DPO?") == "claim"


@pytest.mark.slow
@pytest.mark.parametrize(("question", "verdict", "paper", "quote"), [
    ("Is it true that RoT reduces inference latency by 82%?", "supported", "RoT", "82%"),
    ("Is it true that RoT increases inference latency by 82%?", "contradicted", "RoT", "82%"),
    ("Is it true that ResiliBench uses a tool library of 50 APIs?", "contradicted", "ResiliBench", "30 APIs"),
    ("Is it true that STAD requires labels to adapt the model?", "contradicted", "STAD", "labels"),
    ("Is it true that NAVIS is evaluated on ImageNet?", "unstated", "", ""),
    # a related-work sentence: a citation's year and label, a reporting verb (claims_blind36)
    ("Is it true that Ahmed et al. (2026) report that RoT reduces cost by 59%?", "supported", "RoT", "59%"),
    ("Is it true that RoT (Ahmed et al., 2026) raises cost by 59%?", "contradicted", "RoT", "59%"),
])
def test_claim_verdicts_cite_the_deciding_sentence(real_chat: PaperChat, real_llm: FakeChat,
                                                   question: str, verdict: str, paper: str,
                                                   quote: str) -> None:
    answer = real_chat.ask(question)
    assert answer.verdict == verdict, answer.text
    # decided by the checks; the model reads a "supported" sentence again, and any claim not
    # contradicted against its paper's whole text (the fake one answers out of form, so the
    # checks' verdict stands)
    assert len(real_llm.prompts) == {"supported": 2, "unstated": 1, "contradicted": 0}[verdict]
    if verdict != "contradicted":  # the last reading is of the paper whole
        assert real_llm.prompts[-1][0]["content"].startswith(f"Text of a research paper ({paper or 'NAVIS'};")
    if verdict == "unstated":
        assert answer.refused and not answer.citations and "do not say" in answer.text
        return
    assert not answer.refused and [c.name for c in answer.citations] == [paper]
    assert quote in answer.text and f"[{answer.citations[0].n}]" in answer.text
    assert answer.text.startswith("Yes" if verdict == "supported" else "No")
    assert answer.checks and answer.checks[-1].verdicts  # the report says why


# --- the claim rules, on real sentences of rag/demo/papers.txt ---------------------------
from rag.claims import (  # noqa: E402
    DEFAULT_ATTRIBUTION,
    DEFAULT_STEPS,
    Candidate,
    ClaimVerdict,
    asserted,
    claim_parts,
    claim_sentences,
    claim_terms,
    claim_words_held,
    comparison_held,
    disagreement,
    each_statement,
    judge_claim,
    misattributed,
    model_contradiction,
    model_paper_reading,
    model_paraphrase,
    model_reading,
    names_paper,
    option_probability,
    paper_passages,
    specifics_held,
    substitution,  # noqa: E402
    words_held,
)
from rag.contradiction import (  # noqa: E402
    changed_figure,
    compared_figures,
    contradiction,
    narrowed_scope,
    number_direction,
    numbers,
    opposite_words,
    overstated_scope,
    parity_said,
    reversed_comparison,
    swapped_figures,
    swapped_subjects,
)
from rag.models import Hit, Passage, Verdict  # noqa: E402
from rag.policy import Context, Subjects, clauses_of, no_contradiction, spelt  # noqa: E402
from rag.sentences import VectorCache  # noqa: E402
from rag.text import tokenize  # noqa: E402

ROT = ("Findings show small prompt growth but substantial efficiency gains, with RoT reducing output "
       "tokens by up to 40%, inference latency by 82%, and cost by 59% while maintaining accuracy.")
STAD = "Without requiring labels, our model infers time-evolving class prototypes that act as a dynamic classification head."
GRAPHBSI = ("Finally, in our empirical evaluation, we demonstrate state-of-the-art performance on molecular "
            "and synthetic graph generation, outperforming existing one-shot graph generative models on "
            "the standard benchmarks Moses and GuacaMol.")
RECURR = ("On high-dimensional 3D compressible Navier-Stokes simulations with 262k points, a 0.8B parameter "
          "RecurrFNO outperforms 1.6B parameter baselines while using 13.5\\% less training memory.")
ZHIYI = ("Empirical results across multiple datasets and models show that our method achieves a significant "
         "improvement in accuracy under stringent communication constraints, notably an $18.9\\%$ relative "
         "accuracy improvement at a compression ratio of $0.1$.")
RFEDAGS = ("We theoretically show that the proposed RFedAGS has global convergence and sublinear convergence "
           "rate under decaying step sizes cases.")
NAVIS = ("In this work, we analyze the challenges in training current Temporal Graph Neural Networks for "
         "node affinity prediction and suggest appropriate solutions.")
RESILI_RATES = ("MDP-optimal workflow prompts achieve an average success rate of 62.1%, Chain-of-Thought "
                "prompts yield an average success rate of 50.8%, and flawed workflow prompts result in an "
                "average success rate of 54.3%.")


def test_a_paraphrase_holds_the_claim_words_by_synonym() -> None:
    """'cuts ... keeping' for 'reducing ... maintaining'; 'needing any labels' for 'requiring labels'."""
    assert words_held(claim_terms("RoT cuts inference latency by 82% while keeping accuracy"), ROT) >= 0.85
    terms = claim_terms("STAD adapts the model without needing any labels")
    assert "ani" not in terms and words_held(terms, f"{STAD} STAD") >= 0.8


def test_a_close_cosine_needs_fewer_claim_words_but_not_none() -> None:
    steps = ((-1.0, 0.7), (0.6, 0.5), (0.75, 0.3))  # the default
    assert claim_words_held(0.72, 0.3, steps).ok
    assert claim_words_held(0.56, 0.62, steps).ok  # a paraphrase
    assert not claim_words_held(0.56, 0.55, steps).ok  # not close enough
    assert claim_words_held(0.4, 0.9, steps).ok  # a near paraphrase needs fewer still
    assert not claim_words_held(0.4, 0.7, steps).ok
    assert not claim_words_held(0.2, 0.9, steps).ok  # but some
    assert claim_words_held(0.72, -0.05, steps).ok  # most of its words: at any cosine
    assert not claim_words_held(0.4, 0.9, ((-1.0, 0.7), (0.6, 0.5))).ok  # the steps are settings


def test_a_claim_adding_a_name_or_a_comparison_is_not_supported() -> None:
    yarotsky = ("It is well-known that on such problems deterministic GD has loss convergence rates, "
                "which can be improved by using Heavy Ball with a non-stationary Jacobi-based schedule.")
    verdict = specifics_held("In mini-batch SGD, Heavy Ball with the Jacobi schedule converges faster", yarotsky)
    assert not verdict.ok and "SGD" in verdict.reason
    assert specifics_held("RoT reduces inference latency by 82%", ROT).ok
    assert not comparison_held("NAVIS trains faster than temporal graph neural networks", NAVIS).ok
    assert comparison_held("GraphBSI beats existing one-shot graph generative models", GRAPHBSI).ok
    success = ("MDP-optimal workflow prompts achieve an average success rate of 62.1%, Chain-of-Thought "
               "prompts yield an average success rate of 50.8%")
    assert comparison_held("workflow prompts reach a higher success rate than Chain-of-Thought", success).ok


def test_an_acronym_holds_what_it_stands_for_in_a_claim() -> None:
    """Seen claims cb06 and ce03: "refines them with a GNN" against "a graph neural network",
    "Corner Gradient Descent ... the plain GD rate" against "the plain GD rate"."""
    glot = ("Operating on the outputs of a frozen LLM, GLOT first constructs a latent token-similarity "
            "graph, then refines token representations with a graph neural network.")
    claim = "GLOT builds a graph of similar tokens from the LLM's outputs and refines them with a GNN"
    assert specifics_held(claim, glot).ok
    assert not specifics_held(claim.replace("GNN", "GCN"), glot).ok
    terms = claim_terms(claim)
    assert words_held(terms, glot, spelt(claim, glot)) > words_held(terms, glot)
    # a comparative spells no acronym: blind10's unstated cp21 ("larger language models", "LLM")
    larger = "ResiliBench finds that larger language models are more robust than smaller ones"
    assert not spelt(larger, "a benchmark that evaluates LLM workflow execution")
    rate = "contours with a corner accelerate the plain GD rate"
    assert specifics_held("In Corner Gradient Descent, corners accelerate the plain GD rate", rate).ok


def test_contradiction_by_a_numbers_direction_and_by_an_antonym() -> None:
    assert "down by 18.9" in number_direction(
        "The discrepancy-aware compression method causes an 18.9% relative accuracy drop", ZHIYI)
    assert not number_direction("The method gives an 18.9% relative accuracy improvement", ZHIYI)
    # blind32's dl12 (after its run): "a compilation rate 20% lower" against "improves the
    # compilation rate by 20%", whose verb is five words before its figure
    sparse = ("In sparse matrix-vector multiplication (SpMV) tasks, it improves the compilation rate by 20% "
              "compared to existing methods, and the generated code runs 30% faster on average.")
    assert "down by 20" in number_direction("SparseRL's code runs 30% faster on average, but at the price of "
                                            "a compilation rate 20% lower than existing methods.", sparse)
    assert not number_direction("SparseRL raises the compilation rate by 20% over existing methods.", sparse)
    assert "diverg" in opposite_words("RFedAGS is shown to diverge when the step sizes decay", RFEDAGS)
    assert not opposite_words("RFedAGS converges under decaying step sizes", RFEDAGS)
    # claims_blind40's dt12: the learned mapping "becomes simpler" against "its complexity rises";
    # a sentence saying both ("a simple operator ... more complex mappings") contradicts neither
    rises = "As test-time iterations increase, the complexity of the learned mapping rises."
    assert "simpler" in opposite_words("As test-time iterations increase, the learned mapping becomes simpler.", rises)
    both = "A simple and regular implicit operator can progressively express more complex mappings."
    assert not opposite_words("A simple implicit operator expresses richer mappings.", both)


def test_a_directions_objects_stop_at_its_setting() -> None:
    """Claims_blind40's dt09 (supported) was contradicted for "direction differs on 'compress'":
    its "which compression units to drop" against the abstract's "improvement in accuracy under
    stringent communication constraints, ... at a compression ratio of 0.1", where the
    compression is the setting, not what improves. What a direction acts on still clashes."""
    claim = ("In their method each client measures that output discrepancy on a small calibration subset "
             "and uses it to choose which compression units to drop. At a compression ratio of 0.1 it "
             "improves accuracy by 18.9% in relative terms.")
    assert contradiction(claim, ZHIYI, "Zhiyi et al.", spelled=True) == ""
    assert "accuraci" in contradiction("At a compression ratio of 0.1 the method lowers accuracy by 18.9%.",
                                       ZHIYI, "Zhiyi et al.", spelled=True)
    assert "direction differs" in contradiction("RoT increases inference latency at every scale.",
                                                "RoT reduces inference latency by 82% at every scale.", "RoT")


def test_more_than_a_figure_is_a_bound_not_a_direction() -> None:
    """Claims_blind41's du02 (supported): "speeds up training by more than 100 times compared
    with parameter-efficient fine-tuning" was contradicted by the abstract's "20x fewer
    trainable parameters and speeds up the training time by over 100x": "more than 100" bounds
    a figure, and the training time is not what is fewer. "More memory than CoT" still moves."""
    glot = ("Furthermore, it is competitive with state-of-the-art techniques on benchmarks like GLUE and MTEB "
            "with 20x fewer trainable parameters and speeds up the training time by over 100x compared with "
            "parameter-efficient fine-tuning methods.")
    claim = ("Mantri et al. report that GLOT speeds up training by more than 100 times compared with "
             "parameter-efficient fine-tuning methods")
    assert contradiction(claim, glot, "GLOT", spelled=True) == ""
    assert "direction differs" in contradiction("RoT uses more memory than CoT.", "RoT uses less memory than CoT.", "RoT")
    assert "direction differs" in contradiction("GLOT trains with more trainable parameters.", glot, "GLOT")


def test_a_claim_of_all_contradicts_a_sentence_of_most_or_some() -> None:
    """"Every existing method" against "existing methods largely" (blind23's dc18, blind24's
    dd18, contradicted): all is said of what the sentence says of most. Not when the claim
    denies its universal ("not all"), nor when the sentence says all itself, nor when neither
    side quantifies; "the most" is a superlative, not "most"."""
    heuristics = "Existing communication compression methods largely rely on simple heuristics based on magnitude or randomness."
    said = overstated_scope("Every existing compression method relies on simple heuristics", heuristics)
    assert "'every'" in said and "'largely'" in said
    tta = "However, most test-time adaptation methods have focused on synthetic corruption shifts."
    assert "'most'" in overstated_scope("Test-time adaptation methods have always focused on synthetic shifts", tta)
    assert not overstated_scope("Not all compression methods rely on heuristics", heuristics)
    # a class the sentence limits must be what the universal word speaks of (claims_blind45's dy17)
    broad = "We prove that for a broad class of implicit models, expressive power grows with test-time compute."
    assert "'a broad class of'" in overstated_scope("The proof covers every implicit model without exception", broad)
    assert not overstated_scope("An implicit model is a network in which every layer shares the same weights", broad)
    # a verb denied before the universal denies it too (claims_blind41's du01, supported)
    buffers = "Mitigating shallow forgetting typically requires substantially larger buffer capacities."
    assert not overstated_scope("Experience replay does not protect every level of a network equally.", buffers)
    assert overstated_scope("Experience replay protects every level of a network equally.", buffers)
    assert not overstated_scope("Experience replay doesn't protect every level of a network equally.", buffers)
    assert not overstated_scope("Replay can't protect every level", buffers)
    assert overstated_scope("Replay, which is no cure, protects every level", buffers)
    assert not overstated_scope("Most existing compression methods rely on heuristics", heuristics)
    assert not overstated_scope("All existing methods rely on heuristics", "All existing methods mostly rely on heuristics.")
    assert not overstated_scope("RoT is the most efficient method in every setting",
                                "RoT is the most efficient method in each setting.")
    assert not overstated_scope("ALL-IN transfers across datasets", "ALL-IN mostly transfers across datasets.")


def test_a_claim_keeping_to_one_thing_contradicts_a_sentence_listing_others() -> None:
    """"Validated only on LLM reasoning" against "four domains: imaging, ..., and LLM
    reasoning" (blind20's cz16, contradicted); "a gender-only neuron" against "gender, race,
    and religion" (blind32's bl06 answer "Yes, it is a gender-only thing"). Not "not only",
    not "rather than only" (blind8's cm22, unstated), not when the claim names the sibling
    too, nor when the sentence keeps to one thing itself."""
    domains = ("The theory is validated across four domains: imaging, scientific computing, operations "
               "research, and LLM reasoning.")
    said = narrowed_scope("Liu et al. validate their theory only on LLM reasoning.", domains)
    assert "'LLM'" in said and "'research'" in said
    bias = "We learn a feature neuron encoding societal bias information such as gender, race, and religion."
    assert "'race'" in narrowed_scope("Yes, GRADIEND is a gender-only thing.", bias)
    assert narrowed_scope("The neuron encodes gender alone.", bias)
    assert not narrowed_scope("The neuron encodes not only gender but also race.", bias)
    assert not narrowed_scope("The neuron encodes only gender and race and religion.", bias)
    assert not narrowed_scope("GLOT builds its graph from several layers rather than only from the final layer.",
                              "GLOT refines token representations with a graph neural network, and finally aggregates them.")
    assert not narrowed_scope("The neuron encodes only gender.", "The neuron encodes only gender, not race.")
    assert not narrowed_scope("RoT cuts tokens by only 40%.", "RoT cuts tokens by 40%, latency by 82%.")


def test_a_winner_contradicts_a_sentence_saying_the_two_match() -> None:
    """blind29's di17 (after its run): "UPT clearly outperforms RecurrUPT" against "RecurrUPT
    matches UPT performance". A comparison of size ("fewer parameters") is no verdict on
    performance, and a claim of a match agrees."""
    recurr = ("We further validate broad architectural compatibility: RecurrViT reduces error accumulation by "
              "90% compared to standard Vision Transformers on Active Matter, while RecurrUPT matches UPT "
              "performance on ShapeNet-Car using 44% fewer parameters.")
    assert "'matches'" in parity_said("On ShapeNet-Car the original UPT clearly outperforms RecurrUPT.", recurr)
    assert parity_said("RecurrUPT performs better than UPT on ShapeNet-Car.", recurr)
    assert not parity_said("RecurrUPT uses fewer parameters than UPT on ShapeNet-Car.", recurr)
    assert not parity_said("RecurrUPT matches the performance of UPT on ShapeNet-Car.", recurr)
    assert not parity_said("RecurrViT outperforms standard Vision Transformers on Active Matter.", recurr)
    # either side saying both is no contradiction (claims_blind45's dy02)
    implicit = ("These compact models can often match or even exceed the accuracy of larger explicit networks "
                "by allocating more test-time compute.")
    assert not parity_said("Implicit models can match or even beat larger explicit networks.", implicit)
    assert not parity_said("Compact models outperform larger explicit networks.", implicit)
    assert not parity_said("RecurrUPT matches or even beats UPT on ShapeNet-Car.", recurr)


def test_evaluative_antonyms_contradict_and_kinds_of_model_do_not() -> None:
    """A claim that calls a thing short, heavyweight or changing where the sentence says long,
    lightweight or preserving is contradicted; "implicit" against a sentence that compares with
    "explicit models" is a kind, not an antonym (seen claim c20 is true)."""
    rot = "Large reasoning models improve accuracy by producing long reasoning traces, but this inflates latency."
    assert "short" in opposite_words("Large reasoning models gain accuracy by producing short reasoning traces", rot)
    # costly against cheap or inexpensive (blind28's dh12), expensive against inexpensive
    judges = "Previous approaches rely on human feedback or LLM-as-judge strategies, which are costly."
    assert "inexpens" in opposite_words("The authors call LLM-judge rewards inexpensive", judges)
    assert opposite_words("The authors call LLM-judge rewards cheap", judges)
    assert not opposite_words("The authors call LLM-judge rewards expensive", judges)
    glot = "We introduce GLOT, a lightweight, structure-aware pooling module."
    assert "heavyweight" in opposite_words("GLOT is a heavyweight pooling module", glot)
    sde = "We derive a noise-controlled family of SDEs that preserves the marginal distributions."
    assert opposite_words("The noise-controlled family of SDEs changes the marginal distributions", sde)
    liu = "It trains with constant memory, significantly reducing memory needs compared to explicit models."
    assert not opposite_words("Implicit models train with constant memory", liu)
    # blind14's ct18 (after its run): the paraphrase reading's YES had made it supported
    collapse = ("Conversely, we identify that the strong collapse induced by small buffers leads to "
                "rank-deficient covariances and inflated class means.")
    assert "deflat" in opposite_words("The strong collapse caused by small buffers deflates the class means", collapse)


def test_contradiction_by_a_spelled_number_and_by_opposite_adjectives() -> None:
    glot = ("Experimentally, our approach is remarkably robust and efficient: on a diagnostic stress test "
            "where 90% of tokens are random distractors, GLOT maintains over 97% accuracy while baseline "
            "methods collapse.")
    half = ("GLOT maintains over 97% accuracy on a diagnostic stress test where half of the tokens "
            "are random distractors")
    assert "50" in contradiction(half, glot, "GLOT", spelled=True)
    assert not contradiction(half.replace("half", "90%"), glot, "GLOT", spelled=True)
    # an answer's figure is not "corrected" by a passage's number word (blind3's ac39, replayed)
    liu = ("The theory is validated across four domains: imaging, scientific computing, operations "
           "research, and LLM reasoning.")
    assert not contradiction("Liu et al. validate the theory with 40 test-time iterations across "
                             "domains of imaging, scientific computing, operations research, and LLM "
                             "reasoning", liu, "Liu et al.")
    assert contradiction("Liu et al. validate the theory across 40 domains: imaging, scientific "
                         "computing, operations research, and LLM reasoning", liu, "Liu et al.", spelled=True)
    assert "fix" in opposite_words("STAD keeps its class prototypes fixed over time", STAD)
    assert not opposite_words("STAD infers class prototypes that evolve over time", STAD)
    recurr = ("RecurrSim consistently delivers superior accuracy-cost trade-offs compared to alternative "
              "adaptive-compute models, including Deep Equilibrium and diffusion-based approaches.")
    assert contradiction("RecurrSim gives worse accuracy-cost trade-offs than Deep Equilibrium models", recurr)
    assert not contradiction("RecurrSim gives better accuracy-cost trade-offs than Deep Equilibrium models",
                             recurr)


OPTI = ("Formally, we provide a regret bound for well- trained BFMs through a direct connection to "
        "upper-confidence algorithms for linear bandits.")


def test_another_name_in_the_claims_slot_contradicts() -> None:
    """The words around the slot agree and the claim's name is nowhere in the paper."""
    paper = frozenset(tokenize(OPTI))
    why = substitution("OpTI-BFM's regret bound comes from a connection to Thompson sampling for linear "
                       "bandits", OPTI, paper)
    assert "Thompson sampling" in why and "upper-confidence algorithms" in why
    navis = ("Combining the solutions, we develop NAVIS - Node Affinity prediction model using VIrtual "
             "State, by exploiting the equivalence between heuristics and state space models.")
    why = substitution("NAVIS stands for Node Affinity prediction model using Variational Inference",
                       navis, frozenset(tokenize(navis)))
    assert why.endswith("'VIrtual State'")  # the claim ends: as many of the sentence's words
    # the same name, a name the paper uses elsewhere, a common word in the slot: no verdict
    assert not substitution("NAVIS stands for Node Affinity prediction model using VIrtual State", navis,
                            frozenset(tokenize(navis)))
    assert not substitution("a regret bound through a connection to Thompson sampling for linear bandits",
                            OPTI, paper | {"thompson"})
    assert not substitution("a regret bound through a connection to optimistic algorithms for linear bandits",
                            OPTI, paper)


def test_another_item_in_the_claims_list_contradicts_and_an_example_does_not() -> None:
    """blind29's di15 (after its run): "imaging, scientific computing, robotics and LLM
    reasoning" against "..., operations research, and LLM reasoning": a common word fills the
    slot, but the slot is an item of a list on both sides and the paper never says it. A named
    example the paper does not give ("methods such as CoTTA", blind29's di22) is unstated."""
    domains = ("The theory is validated across four domains: imaging, scientific computing, operations "
               "research, and LLM reasoning.")
    paper = frozenset(tokenize(domains))
    why = substitution("Liu et al. validate their theory in four domains: imaging, scientific computing, "
                       "robotics and LLM reasoning.", domains, paper)
    assert "'robotics'" in why and "'operations research'" in why
    assert not substitution("Liu et al. validate their theory in four domains: imaging, scientific computing, "
                            "robotics and LLM reasoning.", domains, paper | {"robot"})
    # not a list: a common word in the slot still needs a name
    assert not substitution("The theory is validated across four domains with robotics reasoning.", domains, paper)
    stad = ("However, most test-time adaptation methods have focused on synthetic corruption shifts, leaving a "
            "variety of distribution shifts underexplored.")
    assert not substitution("STAD is compared against continual test-time adaptation methods such as CoTTA.",
                            stad, frozenset(tokenize(stad)))


def test_figures_whose_clauses_say_whose_they_are_given_to_each_other_contradict() -> None:
    """Claims_blind56's ej13 ("flawed workflow prompts ... only 50.8%, lower than Chain-of-Thought
    prompts at 54.3%") was supported: ResiliBench gives each of its three success rates after the
    same words ("an average success rate of"), so only their clauses' subjects tell them apart."""
    resili = RESILI_RATES
    why = swapped_subjects("MDP-optimal workflow prompts reach 62.1%, while flawed workflow prompts get only "
                           "50.8%, lower than Chain-of-Thought prompts at 54.3%.", resili)
    assert "50.8" in why and "54.3" in why
    assert not swapped_subjects("MDP-optimal workflow prompts reach 62.1%, flawed workflow prompts 54.3% and "
                                "Chain-of-Thought prompts 50.8%.", resili)
    assert "50.8" in swapped_subjects("Chain-of-Thought prompts reach an average success rate of 62.1%.", resili)
    # a clause sharing a word of its own figure's clause is not read as the other's
    assert not swapped_subjects("RoT cuts inference latency by 82% and cost by 59%.", ROT)
    # one figure in the sentence: nothing to swap with
    assert not swapped_subjects("Flawed workflow prompts reach 62.1%.", "MDP-optimal workflow prompts reach 62.1%.")
    # the answer policy's contradiction check uses it too
    p = _passage(1, "r", "ResiliBench", resili)
    verdict = no_contradiction("Flawed workflow prompts reach only 50.8%, below Chain-of-Thought's 54.3% [1].", p)
    assert not verdict.ok and "50.8" in verdict.reason


def test_figures_given_to_each_others_things_contradict() -> None:
    """Blind8's cm18 ('RoT cuts inference latency by 59% and cost by 82%') was supported: both
    figures are RoT's, but each belongs to the other's thing."""
    why = swapped_figures("RoT cuts inference latency by 59% and cost by 82%.", ROT)
    assert "59" in why and "82" in why
    assert not swapped_figures("RoT cuts inference latency by 82% and cost by 59%.", ROT)
    assert not swapped_figures("RoT reduces cost by 59%.", ROT)
    assert "82" in swapped_figures("RoT reduces cost by 82%.", ROT)
    # one shared word is not the other figure's thing (claims_dev's c18)
    assert not swapped_figures("The discrepancy-aware compression method achieves an 18.9% relative accuracy "
                               "improvement at a compression ratio of 0.1", ZHIYI)
    # figures that share the words before them (three success rates) are not told apart here
    resili = ("MDP-optimal workflow prompts achieve an average success rate of 62.1%, Chain-of-Thought "
              "prompts yield an average success rate of 50.8%.")
    assert not swapped_figures("Chain-of-Thought prompts reach an average success rate of 62.1%.", resili)
    # the answer policy's contradiction check uses it too
    p = _passage(1, "rot", "RoT", ROT)
    assert not no_contradiction("RoT reduces inference latency by 59%.", p).ok
    assert no_contradiction("RoT reduces inference latency by 82%.", p).ok


def test_another_figure_for_the_same_thing_contradicts() -> None:
    """Blind32's dl13 (after its run): "GLOT is competitive ... with 200x fewer trainable
    parameters, and ... trains over 100x faster" was unstated: the claim joins two facts, so it
    shares too few of its words with the sentence for the whole-claim number check, though
    its 200x is given to what the sentence gives 20x."""
    glot = ("Furthermore, it is competitive with state-of-the-art techniques on benchmarks like GLUE and MTEB "
            "with 20x fewer trainable parameters and speeds up the training time by over 100x compared with "
            "parameter-efficient fine-tuning methods.")
    claim = ("The token-graph pooling paper claims that GLOT is competitive with state-of-the-art techniques on "
             "GLUE and MTEB with 200x fewer trainable parameters, and that it trains over 100x faster than "
             "parameter-efficient fine-tuning methods.")
    assert "200" in changed_figure(claim, glot) and not contradiction(claim, glot, "GLOT")
    assert "200" in disagreement(claim, glot, "GLOT")
    assert not changed_figure(claim.replace("200x", "20x"), glot)
    assert "1000" in changed_figure("GLOT trains over 1000x faster than parameter-efficient fine-tuning.", glot)
    # a rounding, a complement, a figure within the other's bound, or another kind of figure agree
    recurr = "a 0.8B parameter RecurrFNO outperforms 1.6B parameter baselines while using 13.5% less training memory."
    assert not changed_figure("RecurrFNO needs about 14% less training memory than the baselines.", recurr)
    assert not changed_figure("RecurrFNO needs only about 86.5% of the baselines' training memory.", recurr)
    assert "35" in changed_figure("RecurrFNO uses 35% less training memory than the baselines.", recurr)
    resili = "Our construction pipeline generates 5,040 tasks from a tool library of 30 APIs."
    assert not changed_figure("The pipeline yields more than 150 tasks for each API in its library.", resili)
    assert "4050" in changed_figure("The construction pipeline generates 4,050 tasks from a library of 30 APIs.",
                                    resili)
    assert not changed_figure("RoT cuts output tokens by 30% while maintaining accuracy.", ROT)  # "up to 40%"
    assert not changed_figure("RoT leaves inference latency at 0.18x of what it was.", ROT)
    # two sizes of one change ("by 18%" against "by 82%") do not add up to a whole: only a figure
    # said as what is left of the whole is a complement ("down to 18%", "18% of the original")
    assert "18" in changed_figure("RoT reduces inference latency by 18%.", ROT)
    assert "18" in changed_figure("RoT cuts inference latency by only about 18%.", ROT)
    assert not changed_figure("RoT brings inference latency down to 18% of the original.", ROT)
    assert not changed_figure("RoT reduces inference latency by 82%.", ROT)
    # the words further after each figure may say it is of the same thing: "half of all tokens
    # swapped for random distractors" shares only "token" in its three nearest (claims_blind52's
    # ef11, after its run)
    stress = "on a diagnostic stress test where 90% of tokens are random distractors, maintaining over 97% accuracy."
    assert "50" in changed_figure("In the stress test, with 50% of all tokens swapped for random distractors, "
                                  "GLOT stays above 97% accuracy.", stress)
    assert not changed_figure("With 50% of all tokens swapped for new ones, GLOT stays above 97% accuracy.", stress)
    # the words before alone are not the same thing: a setting the sentence does not give
    zhiyi = "notably an 18.9% relative accuracy improvement at a compression ratio of 0.1, validating its efficacy."
    assert not changed_figure("Zhiyi et al. also report results at a compression ratio of 0.01.", zhiyi)
    # ... unless the claim gives the sentence's own result there (claims_blind33's dm13)
    assert "0.01" in changed_figure("Discrepancy-aware FL compression, headline: +18.9% relative accuracy at "
                                    "compression ratio 0.01", zhiyi)
    # a figure near the other is a rounding only when rounded to its own step (claims_blind44's
    # dx11: "19 out of every 20 tokens", 95%, is not the abstract's 90% rounded), or a fraction said
    glot = ("Experimentally, our approach is remarkably robust and efficient: on a diagnostic stress test "
            "where 90% of tokens are random distractors, GLOT maintains over 97% accuracy while baseline "
            "methods collapse.")
    claim = claim_of("Is it true that GLOT held over 97% accuracy on a stress test in which 19 out of every 20 "
                     "tokens were random distractors?")
    assert "95%" in claim and "95" in changed_figure(claim, glot)
    assert not changed_figure(claim.replace("95%", "90%"), glot)


def test_a_figure_is_rounded_to_the_step_it_is_written_to() -> None:
    from rag.contradiction import rounded_figures
    for claim, passage in (("19", "18.9"), ("60", "62.1"), ("300", "262"), ("1000", "1024"), ("33.3", "31")):
        assert rounded_figures(claim, passage), (claim, passage)
    for claim, passage in (("95", "90"), ("85", "82"), ("0.1", "0.01"), ("200", "20")):
        assert not rounded_figures(claim, passage), (claim, passage)


def test_a_figure_said_roughly_is_held_by_the_papers_and_contradicted_by_another() -> None:
    """Claims_blind34's dn13 (a podcast host: "nine out of ten tokens are random junk, it still
    hangs on to somewhere around 80 percent accuracy") was unstated against GLOT's "over 97%
    accuracy"; spoken shares are read as figures, and a figure said roughly or as a bound is
    held by the paper's figure for the same thing when it meets it."""
    glot = ("Experimentally, our approach is remarkably robust and efficient: on a diagnostic stress test "
            "where 90% of tokens are random distractors, GLOT maintains over 97% accuracy while baseline "
            "methods collapse.")
    claim = claim_of("Is it true that in GLOT's stress test where nine out of ten tokens are random junk, "
                     "it still hangs on to somewhere around 80 percent accuracy?")
    assert "90%" in claim and "80%" in claim
    assert "97" in disagreement(claim, glot, "GLOT")
    assert not disagreement(claim.replace("somewhere around 80%", "more than 95%"), glot, "GLOT")
    # the cut of 82% meets "more than four-fifths" and "more than five times faster"
    cut = claim_of("Is it true that RoT cuts inference latency by more than four-fifths?")
    assert cut == "RoT cuts inference latency by more than 80%"
    assert not disagreement(cut, ROT, "RoT")
    assert "40" in disagreement("RoT cuts inference latency by about 40%", ROT, "RoT")


def test_rather_than_negates_what_follows() -> None:
    """Blind7's ck12 ('InfoSEDD is built on a continuous diffusion process rather than a
    discrete one') came out unstated: 'rather than' says 'not discrete'."""
    infosedd = "In this work, we introduce InfoSEDD, a discrete diffusion based approach for estimating mutual information."
    assert "discret" in contradiction("InfoSEDD is built on a continuous diffusion process rather than a "
                                      "discrete one.", infosedd, "InfoSEDD")
    bsi = "GraphBSI iteratively refines a belief over distribution parameters rather than the samples themselves."
    assert "sampl" in contradiction("GraphBSI updates the samples directly.", bsi, "GraphBSI")
    assert not contradiction("GraphBSI refines a belief rather than the samples.", bsi, "GraphBSI")


def test_a_comparison_the_figures_contradict() -> None:
    """Blind8's cm17 ('Chain-of-Thought does better on average than the MDP-optimal workflows')
    was supported by the sentence giving 62.1% to MDP-optimal prompts and 50.8% to CoT."""
    resili = ("Specifically, MDP-optimal workflow prompts achieve an average success rate of 62.1\\%, "
              "Chain-of-Thought prompts yield an average success rate of 50.8\\%, and flawed workflow "
              "prompts result in an average success rate of 54.3\\%.")
    why = compared_figures("Among the prompting styles tested in ResiliBench, Chain-of-Thought does "
                           "better on average than the MDP-optimal workflows.", resili)
    assert "50.8" in why and "62.1" in why
    assert not compared_figures("MDP-optimal workflows do better on average than Chain-of-Thought prompts.", resili)
    assert not compared_figures("Flawed workflow prompts do better than Chain-of-Thought prompts.", resili)
    # a cut in latency or cost: which way is better is not read from the figures
    assert not compared_figures("RoT cuts latency more than cost.", ROT)



@pytest.mark.parametrize(("claim", "contradicted"), [
    # claims_blind45's dy19: 62.1 against flawed prompts' 54.3 is 7.8 points, not more than 11
    ("MDP-optimal workflow prompts reached 62.1% average success, more than 11 points above flawed workflow "
     "prompts.", True),
    ("MDP-optimal workflow prompts reached 62.1% average success, more than 11 points above Chain-of-Thought "
     "prompts.", False),
    # claims_blind16's cu13: "about 20" is not 11.3; a gap as written is held within its rounding
    ("MDP-optimal workflow prompts beat Chain-of-Thought prompts by about 20 percentage points.", True),
    ("MDP-optimal workflow prompts beat Chain-of-Thought prompts by 11 percentage points.", False),
    ("Flawed workflow prompts reach a rate 3.5 percentage points higher than Chain-of-Thought prompts.", False),
    ("Chain-of-Thought prompts trail flawed workflow prompts by 8 points.", True),
    ("Chain-of-Thought prompts trail flawed workflow prompts by nearly 4 points.", False),
])
def test_a_gap_in_points_the_figures_do_not_leave_is_contradicted(claim: str, contradicted: bool) -> None:
    resili = ("Specifically, MDP-optimal workflow prompts achieve an average success rate of 62.1\\%, "
              "Chain-of-Thought prompts yield an average success rate of 50.8\\%, and flawed workflow "
              "prompts result in an average success rate of 54.3\\%.")
    why = compared_figures(claim, resili)
    assert bool(why) == contradicted
    assert not why or "points between them" in why


def test_a_comparison_the_other_way_round_contradicts() -> None:
    """'we ... outperforming B': the paper's own method (its name) wins, whatever the claim says."""
    assert reversed_comparison("Existing one-shot graph generative models outperform GraphBSI on Moses",
                               GRAPHBSI, "GraphBSI")
    assert not reversed_comparison("GraphBSI outperforms existing one-shot graph generative models on Moses",
                                   GRAPHBSI, "GraphBSI")
    assert reversed_comparison("1.6B parameter baselines outperform the 0.8B parameter RecurrFNO", RECURR)
    assert not reversed_comparison("The 0.8B parameter RecurrFNO outperforms 1.6B parameter baselines", RECURR)


def _passage(n: int, pid: str, name: str, text: str) -> Passage:
    return Passage(n, Hit(f"{pid}-0", pid, text, 1.0, {"display_name": name}), text)


def test_a_claim_naming_the_authors_speaks_of_their_sentences() -> None:
    """Blind32's dl11 (after its run): "A weakness of the recurrent-depth simulator paper: Abdul
    Majid et al. never compare RecurrSim with other adaptive-compute models" was unstated: its
    sentence ("... superior accuracy-cost trade-offs compared to alternative adaptive-compute
    models ...") shares under half its words, the authors' names not counted, so the negation
    was never compared. Claim questions count the cited paper's authors as its name."""
    from rag.contradiction import aligned_sentences
    text = ("RecurrSim consistently delivers superior accuracy-cost trade-offs compared to alternative "
            "adaptive-compute models, including Deep Equilibrium and diffusion-based approaches.")
    hit = Hit("r-0", "r", text, 1.0, {"display_name": "RecurrSim", "authors": "Hanna Abdul Majid; Jane Doe"})
    claim = ("A weakness of the recurrent-depth simulator paper: Abdul Majid et al. never compare RecurrSim "
             "with other adaptive-compute models, such as Deep Equilibrium models.")
    assert not aligned_sentences(claim, Passage(1, hit, text))  # the answer policy's reading
    assert aligned_sentences(claim, Passage(1, hit, text), authors=True) == [text]
    assert "negation" in disagreement(claim, text, "RecurrSim")


def test_a_result_credited_to_the_wrong_paper_is_contradicted() -> None:
    """RoT's 82% latency cut claimed for GLOT: RoT's sentence about its own method decides,
    GLOT's paper has none of it. A claim GLOT's paper does hold is not misattributed."""
    glot_words = frozenset("glot pool token graph llm sentenc represent 97 90 accuraci".split())
    words = {"rot": frozenset(), "glot": glot_words}
    ctx = Context(subjects=Subjects({"RoT": "rot", "GLOT": "glot"}), paper_tokens=words.__getitem__)
    rot = _passage(1, "rot", "RoT", ROT)
    found = [Candidate(0.7, 0.7, rot, ROT)]
    claim = "GLOT reduces inference latency by 82%"
    hit = misattributed(claim, claim_terms(claim), found, ctx, 0.8)
    assert hit is not None and hit.passage.hit.paper_id == "rot"
    held = "GLOT keeps 97% accuracy with 90% distractor tokens"
    assert misattributed(held, claim_terms(held), found, ctx, 0.8) is None
    other = "GLOT reduces inference latency by 75%"  # the number is not RoT's either
    assert misattributed(other, claim_terms(other), found, ctx, 0.8) is None
    vague = "GLOT reduces inference latency substantially"  # no figure: RoT doing it proves nothing of GLOT
    assert misattributed(vague, claim_terms(vague), found, ctx, 0.8) is None


def test_a_method_credited_to_the_wrong_paper_is_contradicted_without_a_figure() -> None:
    """Blind53's eg13 (after its run): ALL-IN's method credited to NAVIS, with no figure, was
    unstated. ALL-IN's sentence about its own approach holds ten or more of the claim's words,
    more than NAVIS's whole paper does: it decides. A plain thing another paper also did ("is
    evaluated on link prediction tasks") is too few words to show anything of NAVIS, and a
    paper holding the words itself is not misattributed."""
    allin = ("Our approach projects node features into a shared random space and constructs representations "
             "via covariance-based statistics, thus eliminating dependence on the original feature space.")
    navis_words = frozenset(tokenize("NAVIS node affinity prediction temporal graph virtual state heuristics "
                                     "state space models loss function TGB"))
    words = {"navis": navis_words, "allin": frozenset(tokenize(allin))}
    ctx = Context(subjects=Subjects({"NAVIS": "navis", "ALL-IN": "allin"}), paper_tokens=words.__getitem__)
    found = [Candidate(0.7, 0.7, _passage(1, "allin", "ALL-IN", allin), allin)]
    claim = ("Reading list, week 3: NAVIS is the paper behind our cross-dataset graph model: it projects node "
             "features into a shared random space and builds representations from covariance statistics, so "
             "nothing depends on the original feature space.")  # the week's figure changes nothing
    hit = misattributed(claim, claim_terms(claim), found, ctx, 0.8)
    assert hit is not None and hit.passage.hit.paper_id == "allin"
    few = "NAVIS projects node features into a shared space."  # five words: too few to tell
    assert misattributed(few, claim_terms(few), found, ctx, 0.8) is None
    words["navis"] = navis_words | frozenset(tokenize(allin))  # NAVIS's paper says it too
    assert misattributed(claim, claim_terms(claim), found, ctx, 0.8) is None


@pytest.mark.slow
@pytest.mark.parametrize(("question", "verdict"), [
    ("Is it true that existing one-shot graph generative models outperform GraphBSI on Moses and GuacaMol?",
     "contradicted"),
    ("Is it true that the discrepancy-aware compression method causes an 18.9% relative accuracy drop?",
     "contradicted"),
    ("Is it true that STAD adapts the model without needing any labels?", "supported"),
    ("Is it true that NAVIS trains faster than temporal graph neural networks?", "unstated"),
    # A named paper's claim also meets the other papers' passages: RoT reports this, not GLOT.
    ("Is it true that GLOT reduces inference latency by 82%?", "contradicted"),
    # ... whoever wrote them: its authors named too are no filter for the other papers
    # (claims_blind53's eg13: ALL-IN's method credited to NAVIS and its authors)
    ("Is it true that NAVIS, by Feldman, Mantri, Eliasof and Baskin, projects node features into a "
     "shared random space and builds representations from covariance statistics, so one model "
     "transfers to datasets with different input features?", "contradicted"),
    # ... and a claim naming its paper by its authors alone (claims_blind54's eh13: TGMM's proof
    # credited to Liu et al.'s authors); the same said of TGMM's authors holds
    ("Is it true that Liu, Ding, Osher and Yin prove that transformers can efficiently approximate "
     "both the EM algorithm and cubic tensor power iterations, the core step of spectral methods?",
     "contradicted"),
    ("Is it true that Chen, Wu and Fang prove that transformers can efficiently approximate both the "
     "EM algorithm and cubic tensor power iterations?", "supported"),
])
def test_claim_rules_end_to_end(real_chat: PaperChat, question: str, verdict: str) -> None:
    answer = real_chat.ask(question)
    assert answer.verdict == verdict, answer.text


def test_a_hyphened_comparative_compares() -> None:
    """RecurrSim's "fast, less-accurate simulations ... more-accurate simulations" compares."""
    sentence = ("By setting the number of recurrent iterations $K$, users can generate fast, "
                "less-accurate simulations for exploratory runs or real-time control loops, or "
                "increase $K$ for more-accurate simulations in critical applications or offline studies.")
    claim = "RecurrSim runs fewer iterations for rough exploration and more when accuracy matters"
    assert comparison_held(claim, sentence).ok
    assert not comparison_held(claim, "Users can generate simulations for exploratory runs.").ok


def test_a_lists_and_more_is_not_a_comparison() -> None:
    """NAVIS's 'recommender systems, and more. … we analyze ... training current Temporal
    Graph Neural Networks' neither supports nor reverses 'NAVIS trains faster than TGNNs'."""
    sentence = ("Node affinity prediction is widely used with applications in social and financial "
                "networks, recommender systems, and more. … In this work, we analyze the challenges "
                "in training current Temporal Graph Neural Networks.")
    claim = "NAVIS trains faster than temporal graph neural networks"
    assert not comparison_held(claim, sentence).ok
    assert reversed_comparison(claim, sentence, "NAVIS") == ""


def test_the_model_reading_turns_a_supported_verdict_it_reads_as_false_into_contradicted() -> None:
    sentence = "Implicit models compute outputs by iterating a single parameter block to a fixed point."
    hit = Hit("liu-0", "liu", sentence, 1.0, {"display_name": "Liu et al."})
    found = ClaimVerdict("supported", Passage(1, hit, sentence), sentence, ())
    claim = "Implicit models pass the input through many distinct, separately parameterized blocks."
    said = model_reading(claim, found, FakeChat(["FALSE"]))
    assert said.verdict == "contradicted" and said.verdicts[-1].check == "model_reading"
    assert said.sentence == sentence  # the same sentence, now cited as the contradiction
    assert model_reading(claim, found, FakeChat(["TRUE"])).verdict == "supported"
    assert model_reading(claim, found, FakeChat(["I am not sure."])).verdict == "supported"
    unstated = ClaimVerdict("unstated")
    assert model_reading(claim, unstated, FakeChat(["FALSE"])) is unstated  # only "supported" is read


def test_a_failing_model_leaves_the_checks_verdict() -> None:
    class Down:
        name = "down"

        def stream(self, messages, *, max_tokens=256, temperature=0.0):  # noqa: ANN001, ANN202
            raise ConnectionError("the model server is unreachable")
            yield ""

    sentence = "RoT reduces inference latency by up to 82%."
    found = ClaimVerdict("supported", Passage(1, Hit("rot-0", "rot", sentence, 1.0, {}), sentence), sentence, ())
    assert model_reading("RoT reduces latency by 82%.", found, Down()) == found


def _near(sentence: str, name: str = "InfoSEDD") -> ClaimVerdict:
    hit = Hit(f"{name}-0", name, sentence, 1.0, {"display_name": name})
    return ClaimVerdict("supported", Passage(1, hit, sentence), sentence,
                        (Verdict("claim_words_held", False, "0.30 of the claim's words, cosine 0.55"),))


MOTIFS = ("We showcase the versatility of our approach through applications on motif discovery in "
          "genetic promoter data, semantic-aware model selection in text summarization, and entropy "
          "estimation in Ising models.")
MOTIF_CLAIM = "The InfoSEDD authors use their estimator to discover motifs in DNA promoter sequences"


def test_the_model_reads_a_near_miss_for_a_paraphrase() -> None:
    """A sentence that passes every check but the share of the claim's words is read by the
    model: YES makes the claim supported by it (the failed share kept in the report), NO or a
    reply out of form leaves it unstated."""
    other = _near("InfoSEDD estimates mutual information with score-based diffusion models.")
    found = ClaimVerdict("unstated", near=(other, _near(MOTIFS)))
    model = FakeChat(["NO", "YES"])
    said = model_paraphrase(MOTIF_CLAIM, found, model, reads=2, least=0.45)
    assert said.verdict == "supported" and said.sentence == MOTIFS
    assert [(v.check, v.ok) for v in said.verdicts] == [("claim_words_held", False), ("model_paraphrase", True)]
    assert len(model.prompts) == 2 and MOTIFS in model.prompts[1][0]["content"]
    assert MOTIF_CLAIM in model.prompts[1][0]["content"]
    # only the closest `reads` near misses are read
    assert model_paraphrase(MOTIF_CLAIM, found, FakeChat(["NO", "YES"]), reads=1, least=0.45) is found
    assert model_paraphrase(MOTIF_CLAIM, found, FakeChat(["Not sure.", "I don't know"]), reads=2, least=0.45) is found
    # nothing to read, or a verdict the checks decided: no model call
    quiet = FakeChat(["YES"])
    assert model_paraphrase(MOTIF_CLAIM, ClaimVerdict("unstated"), quiet, reads=2, least=0.45).verdict == "unstated"
    decided = _near(MOTIFS)
    assert model_paraphrase(MOTIF_CLAIM, decided, quiet, reads=2, least=0.45) is decided and not quiet.prompts


def test_a_paraphrase_is_read_by_the_probability_of_yes() -> None:
    """YES just under even still counts when it reaches the setting (0.46 >= 0.45), not below
    it; an endpoint without probabilities is taken at its plain answer."""
    found = ClaimVerdict("unstated", near=(_near(MOTIFS),))
    said = model_paraphrase(MOTIF_CLAIM, found, FakeChat(probabilities=[{"NO": 0.5, "YES": 0.46}]),
                            reads=2, least=0.45)
    assert said.verdict == "supported" and "probability 0.46" in said.verdicts[-1].reason
    low = FakeChat(probabilities=[{"NO": 0.55, "YES": 0.40}])
    assert model_paraphrase(MOTIF_CLAIM, found, low, reads=2, least=0.45) is found
    plain = FakeChat(["YES"], probabilities=[{}])
    assert model_paraphrase(MOTIF_CLAIM, found, plain, reads=2, least=0.45).verdict == "supported"
    assert len(plain.prompts) == 2  # asked for probabilities, then for the plain answer
    assert model_paraphrase(MOTIF_CLAIM, found, FakeChat(["NO"], probabilities=[{}]), reads=2, least=0.45) is found


def test_a_failing_model_leaves_a_near_miss_unstated() -> None:
    found = ClaimVerdict("unstated", near=(_near(MOTIFS),))
    said = model_paraphrase(MOTIF_CLAIM, found, FakeChat(error=ConnectionError("down")), reads=2, least=0.45)
    assert said is found


def test_the_probability_of_an_answer_word_adds_its_spellings_and_prefixes() -> None:
    options = ("TRUE", "FALSE", "UNSTATED")
    first = {"FALSE": 0.4, "False": 0.05, " F": 0.05, "TRUE": 0.3, "UN": 0.1, "": 0.02, "I": 0.08}
    assert option_probability(first, "FALSE", options) == pytest.approx(0.5)
    assert option_probability(first, "UNSTATED", options) == pytest.approx(0.1)
    assert option_probability({}, "FALSE", options) == 0.0
    # a prefix that begins two options counts for neither
    assert option_probability({"NO": 0.9}, "NO", ("NO", "NOT STATED")) == 0.0


INTEGRATION = ("Backed by Continuous Time Markov Chains theory principles, the design of InfoSEDD is "
               "lightweight and scalable and allows seamless integration with pretrained models.")
CANNOT = "InfoSEDD cannot be combined with pretrained models."


def test_a_near_miss_the_model_reads_as_false_with_enough_probability_contradicts() -> None:
    """The first near miss whose probability of FALSE reaches the setting contradicts the
    claim, cited; below it the claim stays unstated; `reads` bounds the sentences read."""
    found = ClaimVerdict("unstated", near=(_near(MOTIFS), _near(INTEGRATION)))
    model = FakeChat(probabilities=[{"FALSE": 0.45, "TRUE": 0.4}, {"FALSE": 0.57, "TRUE": 0.3}])
    said = model_contradiction(CANNOT, found, model, reads=2, least=0.52)
    assert said.verdict == "contradicted" and said.sentence == INTEGRATION
    assert said.verdicts[-1].check == "model_reading" and not said.verdicts[-1].ok
    assert "probability 0.57" in said.verdicts[-1].reason
    assert "TRUE, FALSE or UNSTATED" in model.prompts[0][0]["content"] and len(model.prompts) == 2
    assert CANNOT in model.prompts[1][0]["content"] and INTEGRATION in model.prompts[1][0]["content"]
    below = FakeChat(probabilities=[{"FALSE": 0.51}, {"FALSE": 0.45}])
    assert model_contradiction(CANNOT, found, below, reads=2, least=0.52) is found
    one = FakeChat(probabilities=[{"FALSE": 0.45}, {"FALSE": 0.9}])
    assert model_contradiction(CANNOT, found, one, reads=1, least=0.52) is found and len(one.prompts) == 1
    off = FakeChat(probabilities=[{"FALSE": 1.0}])
    assert model_contradiction(CANNOT, found, off, reads=2, least=1.1) is found and not off.prompts
    decided = ClaimVerdict("supported", near=found.near)
    assert model_contradiction(CANNOT, decided, off, reads=2, least=0.5) is decided and not off.prompts


def test_no_probabilities_or_a_failing_model_leave_a_near_miss_unstated() -> None:
    found = ClaimVerdict("unstated", near=(_near(INTEGRATION),))
    # an endpoint that gives no logprobs; a plain FALSE reply is not enough
    assert model_contradiction(CANNOT, found, FakeChat(probabilities=[{}]), reads=2, least=0.52) is found
    down = FakeChat(error=ConnectionError("down"), probabilities=[{"FALSE": 0.9}])
    assert model_contradiction(CANNOT, found, down, reads=2, least=0.52) is found


STAD_CLAIM = ("Is it true that STAD adapts a deployed model by tracking how the network's final "
              "hidden features change over time?")


@pytest.mark.slow
def test_a_claim_no_one_sentence_holds_is_supported_when_the_model_reads_its_paper_so(
        real_chat: PaperChat, real_llm: FakeChat, monkeypatch: pytest.MonkeyPatch) -> None:
    """The word checks and the sentence readings leave the paraphrase unstated; the model then
    reads STAD's whole abstract with the claim, and a first token TRUE with probability 0.95
    (the setting: 0.9) makes it supported, quoting STAD's sentences closest to the claim, each
    cited to a passage the answer lists (the abstract's chunks, given to the model). At 0.85,
    or from a model that fails, it stays unstated."""
    monkeypatch.setattr(real_chat.settings, "claim_paraphrase_reads", 0)
    real_llm.probabilities.append({"TRUE": 0.95, "FALSE": 0.03})
    answer = real_chat.ask(STAD_CLAIM)
    assert answer.verdict == "supported" and answer.text.startswith("Yes"), answer.text
    assert {c.name for c in answer.citations} == {"STAD"} and 1 <= len(answer.citations) <= 2
    read = real_llm.prompts[-1][0]["content"]
    assert read.startswith("Text of a research paper (STAD; Mona Schirmer") and "STAD adapts a deployed" in read
    given = {p.n: p for p in answer.passages}
    for c in answer.citations:  # every citation names a passage the answer lists, of STAD's text given
        assert c.n in given and given[c.n].hit.paper_id == c.paper_id and given[c.n].text in read
        assert f"[{c.n}]" in answer.text
    assert "time-varying dynamics in the last set of hidden features" in answer.text
    check = answer.checks[-1].verdicts[-1]
    assert (check.check, check.ok) == ("model_paper_reading", True) and "probability 0.95" in check.reason
    real_llm.probabilities.append({"TRUE": 0.85, "FALSE": 0.1})
    assert real_chat.ask(STAD_CLAIM).verdict == "unstated"
    with real_chat.override(FakeChat(error=ConnectionError("down"), probabilities=[{"TRUE": 0.99}])):
        assert real_chat.ask(STAD_CLAIM).verdict == "unstated"


STAD_TEXT = ("STAD is a Bayesian filtering method that adapts a deployed model to gradual shifts "
             "without labels. It tracks the time-varying dynamics in the last set of hidden features. "
             "It needs no labels at test time.")


def _stad_paper() -> list[Passage]:
    hit = Hit("stad-0", "stad", STAD_TEXT, 1.0, {"display_name": "STAD", "authors": "Mona Schirmer; Dan Zhang"})
    return [Passage(3, hit, STAD_TEXT)]


def _vectors() -> VectorCache:
    return VectorCache(FakeEmbedding())


@pytest.mark.parametrize(("before", "first", "after"), [
    ("unstated", {"TRUE": 0.93, "FALSE": 0.04}, "supported"),
    ("unstated", {"TRUE": 0.85, "FALSE": 0.1}, "unstated"),  # TRUE under 0.9
    ("unstated", {"TRUE": 0.3, "FALSE": 0.55}, "contradicted"),
    ("unstated", {"TRUE": 0.5, "FALSE": 0.45}, "unstated"),  # a middling FALSE settles nothing
    ("supported", {"TRUE": 0.3, "FALSE": 0.6}, "contradicted"),
    ("supported", {"TRUE": 0.6, "FALSE": 0.3}, "supported"),
])
def test_the_model_reads_a_claims_paper_whole(before: str, first: dict[str, float], after: str) -> None:
    """`model_paper_reading`: TRUE >= 0.9 supports an unstated claim, FALSE >= 0.5 contradicts an
    unstated or supported one; a supported verdict turned contradicted cites its own sentence,
    an unstated one the paper's closest sentences; the reason gives the probability."""
    own = "It needs no labels at test time."
    paper = _stad_paper()
    found = ClaimVerdict(before, paper[0] if before == "supported" else None, own if before == "supported" else "")
    model = FakeChat(probabilities=[first])
    read = model_paper_reading("STAD adapts without labels", found, paper, _vectors(), model, 0.9, 0.5)
    assert read.verdict == after
    assert model.prompts and STAD_TEXT in model.prompts[0][0]["content"]
    assert "STAD adapts without labels" in model.prompts[0][0]["content"]
    if after == before:
        assert read is found
        return
    assert read.passage is paper[0] and read.sentence in STAD_TEXT and read.sentence
    if before == "supported":
        assert read.sentence == own
    why = read.verdicts[-1]
    assert why.check == "model_paper_reading" and why.ok == (after == "supported")
    assert f"probability {first['TRUE' if after == 'supported' else 'FALSE']:.2f}" in why.reason


@pytest.mark.parametrize(("alone", "after"), [
    ([0.95, 0.93], "supported"),
    ([0.96, 0.74], "unstated"),  # the second sentence, read alone, is not stated (claims_blind39's ds12)
])
def test_a_claim_of_several_sentences_is_supported_when_each_is(alone: list[float], after: str) -> None:
    """Read whole, a claim whose first sentence is right drew TRUE over 0.9 for a wrong second
    sentence; each of its sentences is read alone too, and each must reach the threshold."""
    paper = _stad_paper()
    sentences = ("STAD adapts a deployed model without labels", "STAD: It was tested on ImageNet-C")
    model = FakeChat(probabilities=[{"TRUE": 0.94, "FALSE": 0.03}, *({"TRUE": t, "FALSE": 0.05} for t in alone)])
    read = model_paper_reading(". ".join(sentences), ClaimVerdict("unstated"), paper, _vectors(), model, 0.9, 0.5,
                               sentences=sentences)
    assert read.verdict == after
    assert [m[0]["content"].rsplit("Claim about this paper: ", 1)[1].split("\n")[0] for m in model.prompts] == \
        [". ".join(sentences), *sentences]  # the whole claim, then each sentence
    if after == "supported":
        assert "each of its 2 sentences too" in read.verdicts[-1].reason


def test_the_paper_reading_asks_nothing_it_cannot_change() -> None:
    """A contradicted verdict, no paper, settings above 1, or a supported verdict with the FALSE
    setting off: no model call. No probabilities or a failing model: the verdict stands."""
    paper = _stad_paper()
    quiet = FakeChat(probabilities=[{"FALSE": 1.0}])
    contradicted = ClaimVerdict("contradicted", paper[0], "It needs no labels at test time.")
    supported = ClaimVerdict("supported", paper[0], "It needs no labels at test time.")
    unstated = ClaimVerdict("unstated")
    assert model_paper_reading("x", contradicted, paper, _vectors(), quiet, 0.9, 0.5) is contradicted
    assert model_paper_reading("x", unstated, [], _vectors(), quiet, 0.9, 0.5) is unstated
    assert model_paper_reading("x", unstated, paper, _vectors(), quiet, 1.1, 1.1) is unstated
    assert model_paper_reading("x", supported, paper, _vectors(), quiet, 0.9, 1.1) is supported
    assert not quiet.prompts
    assert model_paper_reading("x", unstated, paper, _vectors(), FakeChat(probabilities=[{}]), 0.9, 0.5) is unstated
    down = FakeChat(error=ConnectionError("down"), probabilities=[{"TRUE": 0.99}])
    assert model_paper_reading("x", unstated, paper, _vectors(), down, 0.9, 0.5) is unstated


def test_a_papers_text_for_the_model_is_whole_within_the_budget() -> None:
    """`paper_passages`: an abstract that fits is read whole, in order; a chunk already given
    keeps its number (now whole), the others are numbered after the given ones; over the
    budget the retrieved chunk comes first."""
    chunks = [Hit(f"c{i}", "p1", f"Sentence {i} of the paper. " * 10, 1.0, {"chunk_index": i}) for i in range(3)]
    other = Passage(1, Hit("x0", "p2", "Another paper.", 1.0), "Another paper.")
    given = Passage(2, chunks[1], "Sentence 1 of the paper.")
    merged, paper = paper_passages(chunks, [other, given], budget=1000)
    assert [(p.n, p.hit.chunk_id) for p in paper] == [(3, "c0"), (2, "c1"), (4, "c2")]
    assert all(p.text == p.hit.text for p in paper)
    assert [(p.n, p.hit.chunk_id) for p in merged] == [(1, "x0"), (2, "c1"), (3, "c0"), (4, "c2")]
    assert merged[1].text == chunks[1].text  # the given chunk, whole
    _, tight = paper_passages(chunks, [other, given], budget=80)
    assert [p.hit.chunk_id for p in tight] == ["c1"]


@pytest.mark.slow
def test_a_paraphrased_claim_is_supported_when_the_model_reads_it_so(
        real_chat: PaperChat, real_llm: FakeChat, monkeypatch: pytest.MonkeyPatch) -> None:
    """End to end on the demo papers: the word checks alone leave the paraphrase unstated (the
    sentence says "learning the time-varying dynamics in the last set of hidden features"); the
    model's YES on that near miss makes it supported, citing STAD's sentence, and the second
    reading (TRUE) keeps it. NO leaves it unstated."""
    question = STAD_CLAIM
    monkeypatch.setattr(real_chat.settings, "claim_paper_probability", 1.1)  # the whole-paper reading off
    monkeypatch.setattr(real_chat.settings, "claim_paper_false_probability", 1.1)
    monkeypatch.setattr(real_chat.settings, "claim_paraphrase_reads", 0)
    assert real_chat.ask(question).verdict == "unstated" and not real_llm.prompts
    monkeypatch.setattr(real_chat.settings, "claim_paraphrase_reads", 2)
    real_llm.replies.extend(["YES", "TRUE"])
    answer = real_chat.ask(question)
    assert answer.verdict == "supported", answer.text
    assert [c.name for c in answer.citations] == ["STAD"], answer.text
    assert "time-varying dynamics in the last set of hidden features" in answer.text
    assert "states a claim, perhaps in other words" in real_llm.prompts[0][0]["content"]
    assert "TRUE, FALSE or UNSTATED" in real_llm.prompts[1][0]["content"]
    checks = [(v.check, v.ok) for v in answer.checks[-1].verdicts]
    assert ("claim_words_held", False) in checks and ("model_paraphrase", True) in checks
    real_llm.prompts.clear()
    real_llm.replies.extend(["NO", "NO"])
    real_llm.probabilities.extend([{"TRUE": 0.6, "FALSE": 0.3}] * 2)  # and not read as false
    assert real_chat.ask(question).verdict == "unstated" and 2 <= len(real_llm.prompts) <= 4


@pytest.mark.slow
def test_a_claim_the_model_reads_as_false_is_contradicted_end_to_end(
        real_chat: PaperChat, real_llm: FakeChat) -> None:
    """On the demo papers: "cannot be combined with pretrained models" against InfoSEDD's
    "allows seamless integration with pretrained models" holds no negation the word checks
    align and too few of the claim's words; the paraphrase reading says NO, and the model's
    probability of FALSE on the same sentence (0.6, above the setting's 0.53) contradicts it,
    citing that sentence. At 0.45 the claim stays unstated."""
    question = "Is it true that InfoSEDD cannot be combined with pretrained models?"
    real_llm.replies.extend(["NO", "NO"])
    real_llm.probabilities.extend([{"FALSE": 0.6, "TRUE": 0.3}, {"FALSE": 0.6, "TRUE": 0.3}])
    answer = real_chat.ask(question)
    assert answer.verdict == "contradicted", answer.text
    assert answer.text.startswith("No") and [c.name for c in answer.citations] == ["InfoSEDD"]
    assert "seamless integration with pretrained models" in answer.text
    checks = [(v.check, v.ok) for v in answer.checks[-1].verdicts]
    assert ("claim_words_held", False) in checks and checks[-1] == ("model_reading", False)
    real_llm.replies.clear()
    real_llm.probabilities.clear()
    real_llm.replies.extend(["NO", "NO"])
    real_llm.probabilities.extend([{"FALSE": 0.45, "TRUE": 0.4}] * 2)
    assert real_chat.ask(question).verdict == "unstated"


def test_a_figure_put_on_another_setting_of_the_same_sentence_is_contradicted() -> None:
    """blind21's da14 was called supported: the sentence gives 44% to ShapeNet-Car and Active
    Matter another figure; a claim naming the setting the sentence gives the figure is not."""
    from rag.contradiction import swapped_setting
    sentence = ("RecurrViT reduces error accumulation by 90% compared to standard Vision Transformers on "
                "Active Matter, while RecurrUPT matches UPT performance on ShapeNet-Car using 44% fewer parameters.")
    wrong = "The result that RecurrUPT matches UPT with 44% fewer parameters is obtained on the Active Matter benchmark."
    assert "Active Matter" in swapped_setting(wrong, sentence)
    right = "RecurrUPT matches UPT on ShapeNet-Car with 44% fewer parameters."
    assert swapped_setting(right, sentence) == ""
    # a claim naming no setting of the sentence is not a swap
    assert swapped_setting("RecurrUPT needs 44% fewer parameters than UPT.", sentence) == ""
    # "vs" ends a figure's clause: the figure after it is the other side's (claims_blind42's dv09)
    rates = ("Specifically, MDP-optimal workflow prompts achieve an average success rate of 62.1%, Chain-of-Thought "
             "prompts yield an average success rate of 50.8%, and flawed workflow prompts result in 54.3%.")
    assert swapped_setting("MDP-optimal prompts average 62.1% success vs 50.8% for plain CoT prompts.", rates) == ""
    assert "MDP" in swapped_setting("MDP-optimal prompts average 50.8% success vs 62.1% for plain CoT prompts.", rates)


def test_a_claim_denying_what_the_passage_says_is_contradicted() -> None:
    """blind21's da17 and da20 were called unstated: the sentence shares few of the claim's other
    words, but it says what the claim's negation denies."""
    from rag.contradiction import denied_said
    stad = ("To address this, we propose STAD, a Bayesian filtering method that adapts a deployed model to "
            "temporal distribution shifts by learning the time-varying dynamics in the last set of hidden features.")
    wrong = ("STAD adapts a deployed model by minimizing the entropy of its predictions on test batches, "
             "rather than by Bayesian filtering.")
    assert "bayesian filtering" in denied_said(wrong, stad)
    balla = "Despite this mismatch, AR models are widely used beyond language, owing to their scalability and controllability."
    because = ("Balla et al. say autoregressive models are used beyond language mainly because they produce "
               "higher-quality samples, not because of their scalability or controllability.")
    assert "scalability controllability" in denied_said(because, balla)
    # what the claim affirms is not denied; "not only" adds; a thing that fails or has none is asserted
    assert denied_said("STAD is a Bayesian filtering method rather than an entropy minimizer.", stad) == ""
    assert denied_said("STAD adapts not only by Bayesian filtering but also by pseudo-labels.", stad) == ""
    assert denied_said("Graph models fail to generalize across datasets.",
                       "This misalignment prevents graph models from generalizing across datasets.") == ""
    assert denied_said("ALL-IN also transfers to graphs whose nodes have no input features at all.",
                       "ALL-IN enables transferability across datasets with different input features.") == ""
    # the passage negates the same words: it agrees with the claim
    assert denied_said("STAD does not need labels.", "STAD adapts the model without labels.") == ""
    # one shared word is not enough
    assert denied_said("RoT works without giving up accuracy.", "RoT keeps accuracy while reducing cost.") == ""
    # a condition on the reader denies nothing of the paper (blind37's dq06 was called contradicted)
    opti = ("While this is a very efficient process in terms of compute, it can be less so in terms of data: as a "
            "standard assumption, BFMs require computing rewards over a non-negligible inference dataset, assuming "
            "either access to a functional form of rewards, or significant labeling efforts.")
    advice = ("If you can't write down your reward function and can't afford to label a reward dataset, OpTI-BFM "
              "lets a behavior foundation model work out the task by interacting with the environment.")
    assert denied_said(advice, opti) == ""
    assert "reward" in denied_said("OpTI-BFM can't afford to label a reward dataset.", opti)


def test_a_claim_swapping_cause_and_effect_is_contradicted() -> None:
    """blind27's dg16 and blind26's df16 were called supported: the claim makes the sentence's
    effect its cause. The phrases may differ ('gives rise to' / 'leading to', 'due to')."""
    from rag.claims import disagreement
    from rag.contradiction import swapped_cause
    sentence = ("Distribution shifts between training and test data are inevitable over the lifecycle "
                "of a deployed model, leading to performance decay.")
    wrong = ("The STAD authors describe the performance decay of a deployed model as what gives rise "
             "to the distribution shift between its training and test data.")
    assert "gives rise to" in swapped_cause(wrong, sentence)
    assert "cause" in disagreement(wrong, sentence, "STAD")
    assert swapped_cause("Distribution shifts are due to the performance decay of deployed models.", sentence)
    # the same direction, in other words or the other way round in the sentence's order: agreed
    assert swapped_cause("Distribution shifts cause the performance decay of deployed models.", sentence) == ""
    assert swapped_cause("Performance decay of deployed models is due to distribution shifts.", sentence) == ""
    # the second of a sentence's phrases may be the one the claim swaps ("makes ..., leading to")
    graphs = ("However, their discrete, unordered nature makes them difficult for traditional "
              "generative models, leading to the rise of discrete diffusion and flow matching models.")
    assert swapped_cause("It was the rise of discrete diffusion and flow matching models that made "
                         "graphs hard for traditional generative models.", graphs)
    assert swapped_cause("Graphs being hard for traditional generative models led to the rise of "
                         "discrete diffusion and flow matching models.", graphs) == ""
    # no causal phrase in one of them: not judged
    assert swapped_cause(wrong, "STAD tracks class prototypes over time.") == ""
    # blind32's dl16 (after its run): "are what cause", the verb without its "-s"
    bias = "AI systems frequently exhibit and amplify social biases, leading to harmful consequences in critical areas."
    assert swapped_cause("Harmful consequences in critical areas are what cause AI systems to exhibit and "
                         "amplify social biases.", bias)
    assert swapped_cause("Social biases that AI systems exhibit and amplify cause harmful consequences in "
                         "critical areas.", bias) == ""


def test_a_claim_swapping_the_two_sides_of_a_verb_is_contradicted() -> None:
    """blind22's db19 was called supported: the claim says EM approximates transformers, the
    sentence that transformers approximate EM."""
    from rag.contradiction import swapped_roles
    sentence = ("Theoretically, we prove that transformers can efficiently approximate both the "
                "Expectation-Maximization (EM) algorithm and a core component of spectral methods.")
    wrong = "The TGMM authors prove that the Expectation-Maximization algorithm can efficiently approximate transformers."
    assert "approximate" in swapped_roles(wrong, sentence)
    right = "The TGMM authors prove that transformers can efficiently approximate the Expectation-Maximization algorithm."
    assert swapped_roles(right, sentence) == ""
    # no verb after a modal in both: not judged
    assert swapped_roles("The EM algorithm approximates transformers.", sentence) == ""


def test_a_claim_joining_statements_is_split_at_its_joins() -> None:
    """Session 34: a reviewer's or a slide's claim joins statements ("X: A; B", "A + B",
    ", and ..."); each statement keeps the claim's subject, and a claim naming none, or a
    part too short to say anything, is not split."""
    ctx = Context(subjects=Subjects({"InfoSEDD": "i", "RoT": "r"}))
    assert claim_parts("InfoSEDD: estimation on discrete data; beats embedding-trick estimators.", ctx) == [
        "InfoSEDD: estimation on discrete data", "InfoSEDD: beats embedding-trick estimators"]
    assert claim_parts("Key result: RoT cuts latency by 82% + cost by 59% overall", ctx) == [
        "RoT cuts latency by 82%", "RoT: cost by 59% overall"]
    assert claim_parts("Feldman et al. build a new benchmark, and they report a 62.1% success rate.", ctx) == [
        "Feldman et al. build a new benchmark", "Feldman et al.: they report a 62.1% success rate"]
    for whole in ("The method is fast; it is small and cheap.", "RoT is fast; it works.",
                  "RoT reduces latency and cost.", "RoT 降低了延迟；并且降低了成本。"):
        assert claim_parts(whole, ctx) == [whole]
    # a survey table's row: the named paper before " — " heads the statements after it
    assert claim_parts("Zhiyi et al. — discrepancy-aware compression for federated learning; "
                       "+18.9% relative accuracy at ratio 0.1; code not released.", ctx) == [
        "Zhiyi et al.: discrepancy-aware compression for federated learning",
        "Zhiyi et al.: +18.9% relative accuracy at ratio 0.1", "Zhiyi et al.: code not released"]
    assert claim_parts("RoT (Ahmed et al.) — thought-graph reuse of steps; cuts latency by 82%.", ctx)[0] == \
        "RoT: thought-graph reuse of steps"
    # a first statement saying more than a name is a statement, and one statement after it is no join
    assert claim_parts("RoT — a graph of thoughts reused for speed.", ctx) == ["RoT — a graph of thoughts reused for speed."]
    # a label before a dash naming no paper is no statement, as "Key result:" is not (a technology
    # radar's "Blip 12 · Techniques · Trial (moved in from Assess) — ALL-IN ...", claims_blind51)
    assert claim_parts("Blip 8 · Techniques · Trial (moved in) — RoT (Ahmed et al.) reuses thoughts. "
                       "It cuts latency by 82%.", ctx) == [
        "RoT (Ahmed et al.) reuses thoughts", "RoT: It cuts latency by 82%"]
    # a longer head, or one naming a paper, stays a statement
    long_head = "Our group's long-running favourite method for this kind of job — RoT reuses thoughts. It is fast."
    assert claim_parts(long_head, ctx)[0].startswith("RoT: Our group's long-running favourite")


def test_a_claim_that_code_is_not_released_is_contradicted_by_its_address() -> None:
    """claims_blind38's dr16: a survey table's "code not released" against "Our code is
    available at https://github.com/..."; a setting's missing data is no release."""
    from rag.contradiction import release_denied
    said = "Our code is available at https://github.com/wzy1026wzy/Discrepancy-aware-Compression-for-FL."
    for denied in ("code not released", "the implementation has not been made public",
                   "no public code", "unreleased weights", "代码未开源"):
        assert release_denied(f"Zhiyi et al. compress updates; {denied}.", said), denied
    assert release_denied("code not released", "The implementation is publicly available at gitlab.com/x/y.")
    # a promise is no release: the code is not out yet
    assert release_denied("code not released", "The code will be released upon acceptance at github.com/x/y.") == ""
    for other in ("code is released", "without code changes", "no target data are available at test time"):
        assert release_denied(other, said) == "", other
    assert release_denied("code not released", "We compress updates on a small calibration subset.") == ""
    # the release said actively, or its thing first (claims_blind44's dx13, a pitch deck's moat)
    for denied in ("its authors never released an implementation", "they haven't open-sourced their weights",
                   "the team did not release any code", "no code was released"):
        assert release_denied(f"Zhiyi et al. compress updates, and {denied}.", said), denied
    for other in ("the results were never released to the press", "they did not release the dataset"):
        assert release_denied(other, said) == "", other


@pytest.mark.slow
def test_a_denied_release_is_contradicted_by_an_address_however_unlike_the_claim(real_chat: PaperChat) -> None:
    """claims_blind44's dx13: "its authors never released an implementation, so ours is the only
    working version outside their lab" shares too little with "Our code is available at ..."
    (cosine 0.34) for the checks that need a close sentence; the address contradicts it
    anyway. Another paper's address does not."""
    text = ("We propose a discrepancy-aware compression method for federated learning. "
            "Our code is available at https://github.com/wzy1026wzy/Discrepancy-aware-Compression-for-FL.")
    hit = Hit("z0", "pz", text, 1.0, {"display_name": "Zhiyi et al."})
    passages = [Passage(1, hit, text)]
    ctx = Context(subjects=Subjects({"Zhiyi et al.": "pz"}))
    claim = "Zhiyi et al.: its authors never released an implementation, so ours is the only working version outside their lab"
    got = judge_claim(claim, passages, real_chat.vectors, ctx)
    assert got.verdict == "contradicted" and "github.com" in got.sentence
    other = Passage(1, Hit("r0", "pr", text, 1.0, {"display_name": "RoT"}), text)
    ctx = Context(subjects=Subjects({"Zhiyi et al.": "pz", "RoT": "pr"}))
    assert judge_claim(claim, [other], real_chat.vectors, ctx).verdict == "unstated"



@pytest.mark.slow
@pytest.mark.parametrize(("second", "verdict"), [
    ("It reduces inference latency by 82% while maintaining accuracy.", "supported"),
    # the opposite of the abstract's "reduces redundant exploration" (claims_blind39's ds12)
    ("The templates increase redundant exploration while preserving accuracy.", "contradicted"),
    # what the abstract does not say (ds23: "... were found to stay debiased after fine-tuning")
    ("Its templates were found to transfer to vision transformers unchanged.", "unstated"),
])
def test_a_claim_held_whole_by_one_sentence_is_judged_sentence_by_sentence(
        real_chat: PaperChat, second: str, verdict: str) -> None:
    """claims_blind39 (encyclopedia entries): one sentence of the abstract held most of a
    two-sentence claim's words, and the claim was supported whatever its second sentence said.
    Held whole, it is judged again sentence by sentence (`each_statement`)."""
    hit = Hit("r0", "pr", ROT_ABSTRACT, 1.0, {"display_name": "RoT"})
    passages = [Passage(1, hit, ROT_ABSTRACT)]
    first = "RoT reuses reasoning as composable thought steps organized into a thought graph with sequential and semantic edges."
    claim = f"{first} {second}"
    ctx = Context(subjects=Subjects({"RoT": "pr"}))
    held = judge_claim(first, passages, real_chat.vectors, ctx)
    assert held.verdict == "supported"
    got = each_statement(claim, held, passages, real_chat.vectors, ctx, DEFAULT_STEPS, DEFAULT_ATTRIBUTION)
    assert got.verdict == verdict
    assert (verdict == "supported") == (got is held)
    if verdict != "supported":
        assert any(v.check == "claim_parts" and not v.ok for v in got.verdicts)


ROT_ABSTRACT = ("We introduce Retrieval-of-Thought (RoT), which reuses prior reasoning as composable "
                "\"thought\" steps to guide new problems. RoT organizes steps into a thought graph with "
                "sequential and semantic edges to enable fast retrieval and flexible recombination. This "
                "dynamic template reuse reduces redundant exploration and, therefore, reduces output tokens "
                "while preserving accuracy. RoT reducing output tokens by up to 40%, inference latency by "
                "82%, and cost by 59% while maintaining accuracy.")


def test_a_claim_of_several_sentences_is_split_at_its_sentences() -> None:
    """Claims_blind35 (a press release): "Reasoning models can now answer faster. With a new
    technique called RoT, the team cut waiting time by more than 80%." is two statements, and
    the subject named in the second sentence is the first one's too."""
    ctx = Context(subjects=Subjects({"InfoSEDD": "i", "RoT": "r"}))
    assert claim_parts("Reasoning models can now answer much faster. With a new technique called RoT, "
                       "the team cut waiting time by more than 80%.", ctx) == [
        "RoT: Reasoning models can now answer much faster",
        "With a new technique called RoT, the team cut waiting time by more than 80%"]
    # several sentences naming no paper are not split
    whole = "Reasoning models can now answer much faster. The team cut waiting time by more than 80%."
    assert claim_parts(whole, ctx) == [whole]
    # a colon inside brackets opens no head (claims_blind44's dx06: "(for us: ...)")
    aside = ("Node affinity prediction (for us: which merchants a cardholder will favour next) is common. "
             "RoT beats the heuristics.")
    assert claim_sentences(aside, ctx)[0] == ("RoT: Node affinity prediction (for us: which merchants a "
                                              "cardholder will favour next) is common")
    assert claim_parts("RoT (Ahmed et al.): cuts inference latency; reuses earlier thoughts", ctx) == [
        "RoT: cuts inference latency", "RoT: reuses earlier thoughts"]


def test_a_claims_heading_and_questions_are_not_what_it_asserts() -> None:
    """Claims_blind40 (a lecturer's notes): "Lecture 11, evaluating LLM agents." heads the
    claim and "Why not simply use an LLM judge?" asks what the next sentence answers; neither
    is in any abstract, and left in they kept true claims below the share of words held. A
    short first sentence naming a paper is a statement."""
    ctx = Context(subjects=Subjects({"ResiliBench": "r", "QuRL": "q", "RoT": "t"}))
    assert asserted("Lecture 11, evaluating LLM agents. Ao et al.'s pipeline turns 30 APIs into 5,040 tasks.",
                    ctx) == "Ao et al.'s pipeline turns 30 APIs into 5,040 tasks."
    assert asserted("Why not simply use an LLM judge as the reward? QuRL mines a rubric per question.",
                    ctx) == "QuRL mines a rubric per question."
    assert asserted("第 9 讲 · 时序图学习。NAVIS 超过了现有最佳方法。", ctx) == "NAVIS 超过了现有最佳方法。"
    kept = "RoT cuts latency. It reuses thoughts."
    assert asserted(kept, ctx) == kept
    lone = "Reasoning models answer faster."
    assert asserted(lone, ctx) == lone
    assert asserted("Is RoT fast? Is it cheap?", ctx) == "Is RoT fast? Is it cheap?"


def test_a_claims_writer_s_own_plans_are_not_what_it_asserts() -> None:
    """Claims_blind41 (a grant proposal's background): "Aim 1 will develop replay methods for
    ..." says what the writer will do, not what a paper says; left in, it made true claims
    unstated. A plan naming a loaded paper is kept: it may say something of the paper."""
    ctx = Context(subjects=Subjects({"SparseRL": "s", "RoT": "t"}))
    assert asserted("RoT cuts latency by 82%. Building on this, Aim 1 will develop a cache.", ctx) \
        == "RoT cuts latency by 82%."
    assert asserted("SparseRL 以 CUDA 代码为输出。本项目拟在此基础上扩展到张量。", ctx) == "SparseRL 以 CUDA 代码为输出。"
    assert asserted("RoT cuts latency by 82%. We will extend RoT to agents.", ctx) \
        == "RoT cuts latency by 82%. We will extend RoT to agents."
    # "the proposal distribution" is no plan; a sentence saying what a paper does is no plan
    kept = "RoT cuts latency by 82%. Its sampler uses the proposal distribution of a prior step."
    assert asserted(kept, ctx) == kept


def test_a_decision_or_task_recorded_under_its_label_is_not_what_a_claim_asserts() -> None:
    """Claims_blind46 (lab minutes): "Decision: we try it on our own classifier" and "Action
    item: Tom to check which of our models RoT was evaluated with" record the writer's own
    decisions and tasks, even naming the paper; left in, no sentence held them and true
    claims stayed unstated. A label needs its colon at the sentence's start: "The decision
    rule ..." and "Its action space ..." say something of a paper."""
    ctx = Context(subjects=Subjects({"RoT": "t", "NAVIS": "n"}))
    said = "RoT cuts latency by 82%."
    assert asserted(f"{said} Action item: Tom to check which of our models RoT was evaluated with.", ctx) == said
    assert asserted(f"{said} Decision (5 Dec, infra): we pitch RoT on cost.", ctx) == said
    assert asserted(f"Decision: we keep our cache. {said}", ctx) == said
    assert asserted("NAVIS 超过了现有最佳方法。 待办：李同学下周复现。", ctx) == "NAVIS 超过了现有最佳方法。"
    assert asserted("NAVIS 超过了现有最佳方法。 决定（12月3日）：先做迁移试验。", ctx) == "NAVIS 超过了现有最佳方法。"
    kept = f"{said} The decision rule of NAVIS is learned. Its action space is discrete."
    assert asserted(kept, ctx) == kept
    assert asserted("Decision: adopt RoT.", ctx) == "Decision: adopt RoT."  # one sentence: the claim as given



def test_a_rebuttal_s_thanks_and_pointers_to_its_own_document_are_not_what_a_claim_asserts() -> None:
    """Claims_blind55 (rebuttal letters): "We thank Reviewer 4 for the pointer to ...", "We add
    STAD to the revised Table 3." and "我们会在修订版中说明这一点。" say what the writer does,
    not what a paper says; left in, no sentence of the paper held them and true claims stayed
    unstated. A sentence opening with the writer and pointing to the writer's own document is
    the writer's even naming the paper; one saying what a paper's table shows is kept."""
    ctx = Context(subjects=Subjects({"STAD": "s", "RFedAGS": "r"}))
    said = "STAD adapts a deployed model to temporal shifts with Bayesian filtering."
    assert asserted(f"We thank Reviewer 4 for the pointer. {said} We add STAD to the revised Table 3.", ctx) == said
    assert asserted(f"{said} We will say so in Section 4.1, and we report STAD in the revision.", ctx) == said
    zh = "RFedAGS 在服务器端对梯度流做平均。"
    assert asserted(f"我们感谢审稿人 3 的意见。{zh}我们会在修订版第 2 节补充 RFedAGS 的讨论。", ctx) == zh
    kept = f"{said} Table 3 of the STAD paper reports results on real-world shifts."
    assert asserted(kept, ctx) == kept
    kept = f"{said} We found its prototypes stable over time."  # the writer's finding, no document
    assert asserted(kept, ctx) == kept


def test_an_office_action_s_weighing_of_the_application_is_not_what_a_claim_asserts() -> None:
    """Claims_blind56 (a patent examiner's office actions): "Claim 4 therefore lacks novelty over
    D1.", "The applicant argues that D4 ...", "This is not persuasive.", "See D1, abstract." and
    "因此，权利要求1 ... 不具备专利法 ... 规定的新颖性。" say what the examiner decides on the
    application, not what the prior-art paper discloses; left in, every true claim of the set
    stayed unstated. What the document is said to disclose is kept."""
    ctx = Context(subjects=Subjects({"STAD": "s", "RFedAGS": "r"}))
    said = "D3 (STAD) adapts a deployed model to temporal shifts with Bayesian filtering."
    assert asserted(f"Claim 4 of the application recites a filter. {said} Claim 4 therefore lacks novelty "
                    "over D3. See D3, abstract, lines 6-12.", ctx) == said
    assert asserted(f"The applicant argues that D3 needs labels. This is not persuasive. {said}", ctx) == said
    assert asserted(f"{said} The skilled person would arrive at claim 2 without inventive activity.", ctx) == said
    zh = "对比文件1（RFedAGS）公开了在服务器端对梯度流做平均。"
    assert asserted(f"审查意见通知书（第一次）。权利要求1请求保护一种联邦学习方法。{zh}因此，权利要求1不具备专利法规定的新颖性。",
                    ctx) == zh
    # a claim's own words are kept: "claim" without a number, an application of a method
    kept = f"{said} The main claim of STAD is that its application to label shift works too."
    assert asserted(kept, ctx) == kept


def test_what_comes_before_a_claim_names_its_paper_sets_the_scene() -> None:
    """Claims_blind47 (a science centre's exhibit texts): "Every graph dataset describes its
    nodes in its own private language." and "Reasoning AIs can recycle their old thinking, the
    way a cook reuses a favourite recipe card:" set the scene before the sentence naming the
    paper; no paper's sentence holds them, and left in they kept true claims unstated. An
    author's surname names the paper too. What speaks of the paper without naming it, or a
    sentence pointing back at what came before, keeps the claim whole."""
    ctx = Context(subjects=Subjects({"ALL-IN": "a", "RoT": "t"}, {"yarotsky": frozenset({"y"})}))
    said = "ALL-IN projects node attributes into a shared random space."
    assert asserted(f"Audio guide, stop 9: Every graph dataset describes its nodes in its own way. {said}",
                    ctx) == said
    assert asserted("Reasoning AIs can recycle their old thinking, the way a cook reuses a recipe card: "
                    "RoT keeps earlier reasoning as reusable steps. It cuts output tokens by up to 40%.",
                    ctx) == "RoT keeps earlier reasoning as reusable steps. It cuts output tokens by up to 40%."
    assert asserted("Corner methods are like a racing line. Dmitry Yarotsky's methods reach O(t^{-2ζ}).",
                    ctx) == "Dmitry Yarotsky's methods reach O(t^{-2ζ})."
    assert asserted("图学习没有共享的输入空间。 ALL-IN 把节点特征投影到共享的随机空间。", ctx) \
        == "ALL-IN 把节点特征投影到共享的随机空间。"
    # the scene speaks of the paper ("the team"), or the naming sentence points back at it
    for kept in ("The team grants that human grading is the gold standard. RoT's selling point is cost.",
                 "Up to 40% fewer output tokens and no loss of accuracy. That is what RoT reports.",
                 "Graphs lack a shared input space: this is what ALL-IN addresses.",
                 "Every graph dataset describes its nodes in its own way. Nothing here names any paper."):
        assert asserted(kept, ctx) == kept
    # a claim of one sentence keeps its head (tried: its heads dropped, 17 -> 16 of 24 right)
    assert asserted("Panel 5: RoT cuts latency by 82%.", ctx) == "Panel 5: RoT cuts latency by 82%."
    assert names_paper("Schirmer and Yarotsky's work", ctx) and not names_paper("Every graph dataset", ctx)


def test_a_revision_card_s_label_and_memory_aids_are_not_what_it_asserts() -> None:
    """Claims_blind48 (revision flashcards): "Card 19 (front: STAD — what does it track?)
    back: ..." names its paper only inside the label's brackets, and "Mnemonic: ..." or "Exam
    tip: ..." are the student's own memory aids. Left in, no sentence of the paper held them
    and every true card stayed unstated; read as "STAD: ...", the label's name heads the
    statement. A label longer than `heading_words` outside its brackets, or one naming the
    paper outside them, is kept."""
    ctx = Context(subjects=Subjects({"STAD": "s", "RoT": "t", "OpTI-BFM": "o"}))
    assert asserted("Card 19 (front: STAD — what does it track, and what does it need?) back: It uses Bayesian "
                    "filtering on the last hidden features. No labels needed. Mnemonic: 'Slowly Tracking A Drift'.",
                    ctx) == "STAD: It uses Bayesian filtering on the last hidden features. No labels needed."
    assert asserted("Card 15 (front: OpTI-BFM in two lines) back: BFMs are cheap; OpTI-BFM acts at test time. "
                    "Exam tip: 'optimistic' means upper confidence bounds.", ctx) \
        == "OpTI-BFM: BFMs are cheap; OpTI-BFM acts at test time."
    assert asserted("STAD 跟踪最后一层隐藏特征。 记忆口诀：“慢慢追漂移”。", ctx) == "STAD 跟踪最后一层隐藏特征。"
    # the label names the paper outside its brackets, or is long: a statement, kept
    for kept in ("RoT (Ahmed et al.) results: latency falls by 82%. It keeps accuracy.",
                 "My summary of what I think the week's key reading (RoT) says: latency falls by 82%. It keeps accuracy."):
        assert asserted(kept, ctx) == kept

@pytest.mark.slow
@pytest.mark.parametrize(("claim", "verdict", "quotes"), [
    ("RoT organizes steps into a thought graph with sequential and semantic edges; it reduces "
     "inference latency by 82% while maintaining accuracy", "supported", ["semantic edges", "82%"]),
    ("RoT organizes steps into a thought graph with sequential and semantic edges; it increases "
     "inference latency by 82% while maintaining accuracy", "contradicted", ["82%"]),
    ("RoT organizes steps into a thought graph with sequential and semantic edges; it was "
     "trained on 64 GPUs for three weeks", "unstated", []),
])
def test_a_claim_joining_statements_is_decided_statement_by_statement(
        real_chat: PaperChat, real_llm: FakeChat, claim: str, verdict: str, quotes: list[str]) -> None:
    """No one sentence of RoT's abstract holds both statements: each is held, or contradicted,
    by a sentence of its own, and a supported claim quotes and cites both sentences."""
    answer = real_chat.ask(f"Is it true that {claim}?")
    assert answer.verdict == verdict, answer.text
    assert all(q in answer.text for q in quotes)
    if verdict == "supported":
        assert answer.text.count("[") == 2 and {c.name for c in answer.citations} == {"RoT"}
        assert any(v.check == "claim_parts" and v.ok for v in answer.checks[-1].verdicts)


ZHIYI_TEXT = ("Existing communication compression methods largely rely on simple heuristics based on magnitude or "
              "randomness. For example, Top-k drops the elements with small magnitude, while low-rank methods such "
              "as ATOMO and PowerSGD truncate singular values with small magnitude. To address this issue, we "
              "propose a novel discrepancy-aware communication compression method.")


def _zhiyi() -> tuple[list[Passage], Context]:
    hit = Hit("z-0", "pz", ZHIYI_TEXT, 1.0, {"display_name": "Zhiyi et al.", "authors": "Wan Zhiyi; Li Wei"})
    return [Passage(1, hit, ZHIYI_TEXT)], Context(subjects=Subjects({"Zhiyi et al.": "pz", "GLOT": "pg"}))


@pytest.mark.parametrize(("claim", "thing"), [
    ("PowerSGD, a low-rank scheme, was introduced by Wan Zhiyi and colleagues.", "PowerSGD"),
    ("Heavy Ball with a Jacobi schedule, which lifts GD, is a new method that Yarotsky introduces.",
     "Heavy Ball with a Jacobi schedule"),
    ("Behaviour foundation models, the class of agents that Rupf and Krause introduced, are fast.",
     "Behaviour foundation models"),
    ("The NAVIS paper is the first to adapt link prediction models to node affinity prediction.",
     "adapt link prediction models to node affinity prediction"),
    ("Rupf et al. invented behaviour foundation models.", "behaviour foundation models"),
    # credits earlier work, or the paper with its own name: nothing to check
    ("Top-k, introduced in earlier work, drops small elements.", None),
    ("GLOT, introduced by Mantri et al., builds a token graph.", None),
    ("Zhiyi et al. compress updates by measuring output discrepancy.", None),
])
def test_a_claim_crediting_its_paper_with_a_thing_names_the_thing(claim: str, thing: str | None) -> None:
    from rag.origin import credit
    # "POW" and "HEA" are names of ICLR papers: a part of a word is not a name
    got = credit(claim, ("GLOT", "Zhiyi et al.", "POW", "HEA"))
    assert (got.thing if got else None) == thing


def test_a_sentence_presenting_earlier_work_says_so_unless_it_speaks_of_the_papers_own() -> None:
    from rag.origin import background
    assert background("It is well-known that Heavy Ball with a Jacobi schedule reaches O(t^-2).") == "well-known"
    assert background("Recent works have adapted link prediction models.") == "recent works"
    assert background("We compare with methods such as PowerSGD.") == ""  # the paper's own work
    assert background("PowerSGD truncates singular values.") == ""
    # ... unless the paper's own work takes the thing up from elsewhere (claims_blind45's dy14)
    nc = ["neural", "collaps", "framework"]
    assert background("To explain this, we extend the Neural Collapse framework to the sequential setting.", nc) \
        == "extend"
    assert background("We introduce the Neural Collapse framework.", nc) == ""
    assert background("We extend replay buffers, and the Neural Collapse framework is new.", nc) == ""  # too far


@pytest.mark.parametrize(("claim", "verdict"), [
    # claims_blind39's ds18: PowerSGD is prior work the paper criticises
    ("PowerSGD, a low-rank scheme for compressing model updates, was introduced by Zhiyi et al.", "contradicted"),
    # what the paper does propose, credited to it
    ("A discrepancy-aware communication compression method was introduced by Zhiyi et al.", "not contradicted"),
    # earlier work credited to earlier work
    ("PowerSGD, introduced in earlier work, truncates singular values with small magnitude.", "not contradicted"),
])
def test_a_claim_crediting_the_paper_with_earlier_work_is_contradicted(claim: str, verdict: str) -> None:
    passages, ctx = _zhiyi()
    got = judge_claim(claim, passages, _vectors(), ctx)
    if verdict == "contradicted":
        assert got.verdict == "contradicted" and "such as ATOMO and PowerSGD" in got.sentence
        assert "known or earlier work ('such as')" in got.verdicts[-1].reason
    else:
        assert not (got.verdict == "contradicted" and "earlier work" in got.verdicts[-1].reason)


def test_a_figure_against_a_chinese_character_is_read_whole() -> None:
    """Blind51's ce27: "任务一共有5,040个" read as 040, so its right count failed numbers_held; a
    figure opening a run of Chinese characters was not read at all. The end of a word or of a
    decimal still starts no figure ("v2", "x.5"). The answer policy's "respectively" lists
    (`clauses_of`) and a figure's clause (rag/quantities.py) read figures the same way."""
    assert numbers("任务一共有5,040个，来自30个API。") == {"5040", "30"}
    assert numbers("相对提升18.9%，压缩比为0.1") == {"18.9", "0.1"}
    assert numbers("a total of 5,040 tasks, v2 and x.5") == {"5040"}
    # the figures a "respectively" list pairs off, and a figure's clause, start where numbers() does
    # (before: "和54.3%" was no figure, and A and B shared 62.1%)
    assert clauses_of("成功率 for A, B and C are 62.1%, 50.8%和54.3% respectively") == [
        "成功率 for A 62.1%", "B 50.8%", "C are 54.3%"]
    assert clauses_of("Runs v2, v3 and v4 score 1.5%, 2.5% and 3.5% respectively") == [
        "Runs v2 1.5%", "v3 2.5%", "v4 score 3.5%"]
