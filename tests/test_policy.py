"""The answer policy's named checks (rag/policy.py, rag/contradiction.py): pure logic, no models."""

from collections.abc import Callable
from dataclasses import replace
from types import SimpleNamespace

import pytest

from rag.contradiction import contradiction, words
from rag.models import Hit, Passage, SentenceCheck, Verdict
from rag.pipeline import PaperChat
from rag.policy import (
    Context,
    LibrarySize,
    Subjects,
    added_held,
    adds_information,
    affirms,
    answer_type_matches,
    answerability,
    asked_name,
    asked_terms,
    asked_terms_held,
    asking_part,
    asks_after_yes_no,
    asks_yes_no,
    belief,
    check_pair,
    choice_held,
    clauses_of,
    comparative_held,
    compared_held,
    copy_of,
    correctable,
    counted_thing,
    coverage,
    described,
    figure_elsewhere,
    follows_kept,
    held_choice,
    identified,
    identifies,
    known_words,
    means_added,
    measured_thing,
    named_in_reply,
    names_only,
    numbers_bound,
    numbers_held,
    offered_choices,
    offered_cjk,
    offered_compounds,
    offered_held,
    offered_names,
    passes,
    rarity,
    says_unanswered,
    specifics_held,
    spells,
    subject,
    subjects_of,
    toured,
    unknown_only,
    verdict_kept,
)
from rag.text import english_stems, tokenize

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
    # opening with the paper discussed, it stays about that paper whatever it names further on
    # (blind30's bj18: "The authors add a training-free framework ... TGNN behavior [2]", TGNN
    # the name of the paper cited, while the question described the paper found first)
    later = subject("The authors add pooling as GLOT does.", glot, ctx)
    assert not later.ok and "discussed" in later.reason
    assert subject("GLOT adds pooling.", glot, ctx).ok  # naming it first: about GLOT
    # after a short opening phrase too (blind20's az16 at 4,310 papers: "Without any labels, it
    # infers ..." was corrected to a quote of another paper's sentence)
    assert not subject("Without any labels, it reduces latency.", glot, ctx).ok
    assert subject("Without any labels, it reduces latency.", rot, ctx).ok
    assert subject("On ImageNet, pooling is hard.", glot, ctx).ok
    # "The framework ..." is not the paper discussed: where the question describes its paper, the
    # paper found first is a guess (blind34's bn20 at 4,310 papers: "The framework was also
    # validated ... [3]" cited RecurrSim, the paper asked about, though a ViT paper was found first)
    assert subject("The framework adds pooling.", glot, ctx).ok
    # in Chinese, after an opening phrase too (blind39's bs28 at 4,310 papers: "具体来说，他们将这些
    # 方法分为两大类 ... [4]" cited another paper's split of pose-estimation methods)
    assert not subject("具体来说，他们将这些方法分为两大类。", glot, ctx).ok
    assert subject("具体来说，他们将这些方法分为两大类。", rot, ctx).ok


def test_subject_a_sentence_naming_no_paper_stays_with_the_papers_the_question_names() -> None:
    """Blind38's br34 at 4,310 papers: asked which of Liu et al.'s models wins, "The implicit
    model wins in the LLM reasoning domain [3]" cited another paper's "Implicit Chain-of-Thought
    methods". When the question names its papers, a sentence that names none is about them."""
    rot, glot = _passage(1, "rot", "RoT", ROT), _passage(2, "glot", "GLOT", GLOT)
    named = Context(subjects=SUBJECTS, focus=frozenset({"rot"}), named_focus=True)
    drift = subject("Latency drops sharply.", glot, named)
    assert not drift.ok and "GLOT" in drift.reason
    assert subject("Latency drops sharply.", rot, named).ok
    # only when the question names the paper: one it describes is a guess (the paper found first)
    assert subject("Latency drops sharply.", glot, replace(named, named_focus=False)).ok
    # a paper an earlier sentence brought in may be cited again
    assert subject("Latency drops sharply.", glot, named, current=frozenset({"rot", "glot"})).ok
    # a question asking for several papers may be answered from others
    assert subject("Latency drops sharply.", glot, replace(named, question="Which other papers cut latency like RoT?")).ok
    # a passage of another paper that discusses the asked one
    mentions = _passage(3, "other", "Other", "Unlike RoT, we reuse no thoughts.")
    assert subject("Thoughts are reused.", mentions, named).ok
    # a copy of the asked paper, loaded again
    words = {"rot": frozenset(tokenize(ROT)), "copy": frozenset(tokenize(ROT))}
    copied = replace(named, paper_tokens=words.__getitem__)
    assert subject("Latency drops sharply.", _passage(4, "copy", "A title", ROT), copied).ok


def test_an_answer_naming_the_described_paper_goes_on_about_it() -> None:
    """Blind53's cg22: a question describing GRADIEND was answered "The library contains a work
    by Drechsel et al. that learns ... [1]. The architecture trained is transformer [3].", [3]
    TGMM's passage. Once the answer names (and cites) the paper it means, its sentences naming
    none are about that paper, as if the question had named it."""
    described = Context(question="Which work learns a gender unit and edits the model?",
                        subjects=SUBJECTS, focus=frozenset({"glot"}))
    assert identified("RoT reuses prior thoughts [1].", ["rot"], described) == {"rot"}
    # it must cite what it names: "Unlike RoT, ..." citing GLOT identifies nothing
    assert identified("Unlike RoT, this work pools tokens.", ["glot"], described) == frozenset()
    assert identified("The work pools tokens.", ["glot"], described) == frozenset()  # names none
    # a question naming its paper has its focus already; one asking for several papers keeps
    # them open
    assert identified("RoT reuses thoughts.", ["rot"], replace(described, named_focus=True)) == frozenset()
    several = replace(described, question="Which papers reuse reasoning steps?")
    assert identified("RoT reuses thoughts.", ["rot"], several) == frozenset()
    assert identified("RoT reuses thoughts.", ["rot"], replace(described, focus=frozenset())) == frozenset()


def test_a_reply_naming_one_paper_is_about_it_from_its_first_sentence() -> None:
    """Blind54's ch17 at 4,310 papers: "Yes, there is a paper ... on discrete data such as DNA.
    This approach bridges ... . The paper introduces InfoSEDD (Foresti et al.) ..." had its
    first two sentences repaired to another paper's passage. A reply to a question describing
    one paper that names one paper, among those given, is about it throughout."""
    from rag.cite import markers

    described = Context(question="Is there a paper that pools token graphs?", subjects=SUBJECTS,
                        focus=frozenset({"rot"}))
    given = {1: "rot", 2: "glot"}

    def meant(reply: str, ctx: Context = described, given: dict[int, str] = given) -> frozenset[str]:
        return named_in_reply(reply, markers(reply), given, ctx)

    reply = "Yes, there is one [2]. It pools tokens as a graph. The paper introduces GLOT [2]."
    assert meant(reply) == {"glot"}
    assert meant(reply.replace(" [2]", "")) == {"glot"}  # no markers at all
    assert meant(reply, given={1: "rot"}) == frozenset()  # not among the passages given
    assert meant(f"{reply} RoT does otherwise.") == frozenset()
    assert meant("It pools tokens as a graph [2].") == frozenset()
    # citing another paper's passage anywhere: named in passing (blind39's bs18), or the papers
    # cited by [n] alone are others (blind52's cf09)
    assert meant("It was shown with the framework called GLOT in [1].") == frozenset()
    assert meant(f"{reply} It also reuses thoughts [1].") == frozenset()
    assert meant(reply, replace(described, named_focus=True)) == frozenset()
    several = replace(described, question="Which papers pool token graphs?")
    assert meant(reply, several) == frozenset()
    # a question describing two papers ("both", "each one"): blind39's bs29
    two = replace(described, question="Both pool tokens somehow; what does each one use?")
    assert meant(reply, two) == frozenset()
    assert identified("GLOT pools tokens [2].", ["glot"], two) == frozenset()
    # the paper named must hold as many of the question's words as the one found first
    # (blind55's ci15: "Instead, they applied GraphBSI ..." for a question describing InfoSEDD)
    papers = {"rot": frozenset(tokenize("RoT reuses reasoning thoughts to cut inference latency.")),
              "glot": frozenset(tokenize("GLOT pools a graph of token states."))}
    fits = replace(described, paper_tokens=papers.__getitem__)
    assert meant(reply, fits) == {"glot"}  # GLOT holds the question's "pool" and "token"
    about_rot = replace(fits, question="Is there a paper that cuts inference latency by reusing thoughts?")
    assert meant(reply, about_rot) == frozenset()


def test_subject_a_sentence_about_a_paper_the_question_did_not_name_is_off_topic() -> None:
    """Blind46's bz28: asked about GLOT alone, the model went on to ResiliBench, RoT and
    SparseRL, each sentence naming and citing its own paper."""
    rot, glot = _passage(1, "rot", "RoT", ROT), _passage(2, "glot", "GLOT", GLOT)
    named = Context(subjects=SUBJECTS, focus=frozenset({"rot"}), named_focus=True)
    off = subject("GLOT uses 20x fewer trainable parameters.", glot, named)
    assert not off.ok and "not the paper asked about" in off.reason
    assert subject("RoT reduces inference latency by 82%.", rot, named).ok
    # naming the asked paper too: about it ("GLOT pools tokens, unlike RoT")
    assert subject("Unlike RoT, GLOT uses 20x fewer trainable parameters.", glot, named).ok
    # a question it describes, or one asking for other papers, may be answered from others
    assert subject("GLOT uses 20x fewer trainable parameters.", glot, replace(named, named_focus=False)).ok
    several = replace(named, question="Which other papers cut latency like RoT?")
    assert subject("GLOT uses 20x fewer trainable parameters.", glot, several).ok
    # a copy of the asked paper, loaded again under its own name
    words = {"rot": frozenset(tokenize(ROT)), "glot": frozenset(tokenize(ROT))}
    assert subject("GLOT reduces inference latency by 82%.", _passage(3, "glot", "GLOT", ROT),
                   replace(named, paper_tokens=words.__getitem__)).ok


def test_a_reworded_copy_of_a_paper_is_still_a_copy() -> None:
    """Blind55's ci22 at 4,310 papers: "The passage from [2] states ..." was dropped as a tour of
    another paper, [2] being Lanzillotta et al.'s ICLR version, reworded, so its chunk shared
    less than 0.9 of its words with the demo copy. Whole papers sharing most of their words
    both ways are one paper; the rest of the library shares far less."""
    demo = "Replay buffers anchor feature geometry; mitigating shallow forgetting needs larger buffers."
    iclr = "We show replay buffers anchor feature geometry, while mitigating shallow forgetting needs larger buffers."
    other = "Replay of old samples helps continual learning of a robot's feature geometry."
    papers = {"demo": frozenset(tokenize(demo)), "iclr": frozenset(tokenize(iclr)),
              "other": frozenset(tokenize(other))}
    ctx = Context(paper_tokens=papers.__getitem__)
    reworded = _passage(2, "iclr", "Asymptotic analysis", "We show replay buffers anchor feature geometry.")
    assert len(set(tokenize(reworded.text)) & papers["demo"]) < 0.9 * len(set(tokenize(reworded.text)))
    assert copy_of(reworded, ["demo"], ctx)
    assert not copy_of(_passage(3, "other", "Other", other), ["demo"], ctx)
    about_demo = replace(ctx, focus=frozenset({"demo"}), subjects=Subjects({"Asymptotic analysis": "iclr"}))
    assert toured([reworded], about_demo).ok
    # "It ..." in an answer about the demo copy may cite the reworded one (blind46's bz15 at 4,310)
    assert subject("It shows that replay buffers anchor feature geometry.", reworded, about_demo).ok
    assert not subject("It shows that replay helps a robot.", _passage(3, "other", "Other", other), about_demo).ok
    # and a reply naming the reworded copy is about the paper found first
    reply = "It is from Asymptotic analysis [2]. Replay buffers anchor feature geometry [2]."
    assert named_in_reply(reply, [2], {1: "demo", 2: "iclr"}, replace(about_demo, question="Which paper shows "
                          "that replay buffers anchor the features of old tasks?")) == {"iclr"}


def test_subject_a_sentence_naming_x_et_al_must_cite_a_paper_by_x() -> None:
    def by(pid: str, name: str, text: str, authors: str) -> Passage:
        return Passage(1, Hit(f"{pid}-0", pid, text, 1.0, {"display_name": name, "authors": authors}), text)

    recurr = by("recurr", "RecurrSim", RECURR, "Dana Mori; Ángel Ruiz")
    balla = by("balla", "Balla et al.", STAD, "Julia Balla; Tom Sun")
    iclr_copy = by("copy", "A title", RECURR, "")  # the ICLR records carry no authors
    claim = "Balla et al. emphasize test-time control over accuracy-cost trade-offs."
    wrong = subject(claim, recurr, CTX)
    assert not wrong.ok and "Balla et al." in wrong.reason and "RecurrSim" in wrong.reason
    assert subject(claim, balla, CTX).ok
    assert subject(claim, iclr_copy, CTX).ok  # authors unknown: not judged by the label
    assert subject("Ruiz et al. enable test-time control.", recurr, CTX).ok  # any author, accent folded
    assert subject("Mori et al. and Balla et al. both use prototypes.", balla, CTX).ok
    assert subject("RecurrSim, unlike Balla et al., needs no retraining.", recurr,
                   Context(subjects=Subjects({"RecurrSim": "recurr"}))).ok  # names its own paper
    cites_balla = by("other", "Other", "As Balla et al. showed, prototypes drift.", "Kim Lee")
    assert subject(claim, cites_balla, CTX).ok  # the passage discusses Balla et al.


def test_a_label_of_loaded_authors_must_not_cite_another_paper_whose_authors_are_unknown() -> None:
    """Blind34's bn40 at 4,310 papers: "Lanzillotta et al. use 4 epochs per task" cited an
    ICLR paper (no authors recorded) saying "up to 4 epochs"; Lanzillotta et al. wrote a loaded
    paper, so the sentence is about that paper, or a copy of it loaded again."""
    def by(pid: str, text: str, authors: str = "") -> Passage:
        return Passage(1, Hit(f"{pid}-0", pid, text, 1.0, {"display_name": pid, "authors": authors}), text)

    recs = [SimpleNamespace(paper_id="lanz", display_name="Lanzillotta et al.", title="",
                            authors=["Giulia Lanzillotta", "Sidak Pal Singh"]),
            SimpleNamespace(paper_id="epochs", display_name="", title="Larger Datasets", authors=[])]
    subjects = subjects_of(recs)
    assert subjects.labelled("As Lanzillotta et al. and Singh et al. show, ...") == {"lanz"}
    lanz_text = "We formalize the gap between deep and shallow forgetting."
    words = {"lanz": frozenset(tokenize(lanz_text)), "epochs": frozenset(tokenize("Training for up to 4 epochs."))}
    ctx = Context(subjects=subjects, paper_tokens=words.__getitem__)
    claim = "Lanzillotta et al. use 4 epochs per task."
    wrong = subject(claim, by("epochs", "Training for up to 4 epochs."), ctx)
    assert not wrong.ok and "Lanzillotta et al." in wrong.reason
    assert subject(claim, by("lanz", lanz_text, "Giulia Lanzillotta"), ctx).ok
    assert subject(claim, by("copy", lanz_text), ctx).ok  # the same abstract loaded again
    assert subject(claim, by("epochs", "As Lanzillotta et al. found, 4 epochs suffice."), ctx).ok
    assert subject("Kim et al. use 4 epochs.", by("epochs", "Training for up to 4 epochs."), ctx).ok  # no loaded paper by Kim


def test_a_claim_names_the_one_paper_every_author_surname_it_writes_belongs_to() -> None:
    """claims_blind54's eh13 credits TGMM's proof to "Liu, Ding, Osher and Yin" and names no
    paper: the surnames name Liu et al.'s paper as the label "Liu et al." would, though Liu
    also wrote another. One surname, surnames of no one paper, or none, name nothing."""
    recs = [SimpleNamespace(paper_id="implicit", display_name="Liu et al.", title="",
                            authors=["Jianhao Liu", "Qi Ding", "Stanley Osher", "Wotao Yin"]),
            SimpleNamespace(paper_id="rot", display_name="RoT", title="", authors=["Ammar Ahmed", "Jin Liu"]),
            SimpleNamespace(paper_id="tgmm", display_name="TGMM", title="", authors=["Zhiheng Chen", "Ruofan Wu"])]
    subjects = subjects_of(recs)
    assert subjects.written_by("Liu, Ding, Osher and Yin prove that transformers approximate EM.") == {"implicit"}
    assert subjects.written_by("Ahmed and Liu's thought graph") == {"rot"}
    assert subjects.written_by("Liu shows it.") == set()  # one surname: two papers' author
    assert subjects.written_by("Liu and Chen show it.") == set()  # no paper by both
    assert subjects.written_by("Transformers approximate EM.") == set()


def test_subjects_of_a_catalogue_skip_author_labels_and_cut_titles() -> None:
    recs = [SimpleNamespace(paper_id="a", display_name="RoT", title="", authors=[]),
            SimpleNamespace(paper_id="b", display_name="Huang et al.", title="", authors=[]),
            SimpleNamespace(paper_id="c", display_name="A Long Title That Was C",
                            title="A Long Title That Was Cut Short For A Name", authors=[])]
    names = subjects_of(recs).names
    assert names == {"RoT": "a", "A Long Title That Was Cut Short For A Name": "c"}
    assert subjects_of(recs).named("What does RoT do? and rot?") == {"a"}  # case-sensitive names
    assert subjects_of(recs).named("a long title that was cut short for a name") == {"c"}


def test_a_paper_s_long_form_names_it_unless_its_name_is_shared() -> None:
    """"Retrieval-of-Thought cuts latency" is about RoT: a sentence saying it must cite RoT.
    A name other loaded papers write too (`shared`) is no name, nor is its long form."""
    recs = [SimpleNamespace(paper_id="a", display_name="RoT", title="", authors=[]),
            SimpleNamespace(paper_id="d", display_name="DNA", title="", authors=[])]
    long = {"a": "Retrieval-of-Thought", "d": "Deoxyribonucleic Acid"}
    subjects = subjects_of(recs, frozenset({"dna"}), long)
    assert subjects.names == {"RoT": "a", "Retrieval-of-Thought": "a"}
    assert subjects.named("Retrieval-of-Thought cuts latency.") == {"a"}
    assert subjects_of(recs, frozenset({"dna"})).names == {"RoT": "a"}


def test_a_sentence_saying_which_paper_it_is_is_supported_by_that_paper() -> None:
    """"Which one is that?" answered "The method mentioned is ALL-IN (Eliasof et al.) [1]."
    shares few words with any passage: 9 of 12 such sentences in the recorded runs were
    dropped for their similarity (blind52's cf16, blind35's bo16), all of answerable
    questions. Citing the paper it names, it is supported; citing another, or saying more
    than which paper, it is measured as any sentence."""
    rot, glot = _passage(1, "rot", "RoT", ROT), _passage(2, "glot", "GLOT", "GLOT pools tokens.")
    ctx = Context(question="Which paper reuses reasoning steps? Name?", threshold=0.5,
                  subjects=Subjects({"RoT": "rot", "GLOT": "glot"}, {"ahmed": frozenset({"rot"})}))
    for said in ("It is called RoT (Ahmed et al.).", "The method you mean is RoT.", "That's Ahmed et al.'s paper."):
        assert identifies(said, rot, ctx), said
        first = check_pair(said, rot, 0.2, ctx)[0]
        assert first.ok and first.reason == "says which paper it is: the one cited"
    assert not identifies("It is called RoT.", glot, ctx)
    assert not identifies("It is RoT, which cuts latency by 82%.", rot, ctx)
    assert not check_pair("RoT cuts latency by 40%.", rot, 0.2, ctx)[0].ok


def test_check_pair_names_every_check_and_a_contradiction_is_correctable() -> None:
    rot = _passage(1, "rot", "RoT", ROT)
    good = check_pair("RoT reduces inference latency by 82%.", rot, 0.8, CTX)
    assert [v.check for v in good] == ["supported", "numbers_held", "numbers_bound", "asked_terms_held",
                                       "specifics_held", "known_words", "subject", "no_contradiction"]
    assert passes(good)
    bad = check_pair("RoT increases inference latency by 82%.", rot, 0.8, CTX)
    assert not passes(bad) and correctable(bad)
    assert next(v for v in bad if v.check == "no_contradiction").reason.startswith("direction differs")
    number = check_pair("RoT reduces latency by 28%.", rot, 0.8, CTX)
    assert not next(v for v in number if v.check == "numbers_held").ok
    # "inflates" goes up (blind24's bd01 answered that long traces reduce latency and cost)
    assert contradiction("Long reasoning traces reduce latency and cost.",
                         "Producing long reasoning traces inflates latency and cost.").startswith("direction differs")
    # the paper's own name acts; it is not what goes up or down (claims_blind24's dd02: "gains,
    # with RoT reducing" against "the largest reduction ... that RoT reports")
    gains = ("Findings show substantial efficiency gains, with RoT reducing output tokens by up to 40%, "
             "inference latency by 82%, and cost by 59%.")
    largest = "The largest reduction in output tokens that RoT reports is 40%."
    assert contradiction(largest, gains, "RoT") == ""
    assert contradiction("RoT increases inference latency by 82%.", gains, "RoT").startswith("direction differs")
    # "not only X, but also Y" says X (claims_blind24's dd04 and dd10 were contradicted by it)
    tgmm = ("These results not only improve upon prior work on approximating the EM algorithm, but also "
            "provide the first guarantee for high-order tensor operations.")
    assert contradiction("The TGMM results improve upon prior work on approximating the EM algorithm.", tgmm) == ""
    assert contradiction("The TGMM results do not improve upon prior work on approximating the EM algorithm.",
                         tgmm).startswith("negation differs")
    # "without A or B" negates B too (claims_blind27's dg04 and blind20's cz07, both supported,
    # were contradicted by it)
    allin = ("Empirically, ALL-IN achieves strong performance on unseen datasets with new input "
             "features, without requiring architecture changes or retraining.")
    assert contradiction("ALL-IN runs on new datasets without any change to its architecture and "
                         "without retraining.", allin, "ALL-IN") == ""
    assert contradiction("ALL-IN requires architecture changes for new datasets.", allin,
                         "ALL-IN").startswith("negation differs")
    # a word the paper's one-word name begins with is the name's, not a statement about
    # recurrence (claims_blind44's dx21: "without recurrence" said of another simulator)
    recurr = ("We introduce Recurrent-Depth Simulator (RecurrSim), an architecture-agnostic framework "
              "that enables explicit test-time control over accuracy-cost trade-offs.")
    wrapped = "RecurrSim can be wrapped around a simulator trained the ordinary way, without recurrence."
    assert contradiction(wrapped, recurr, "RecurrSim") == ""
    assert contradiction(wrapped, recurr, "Other").startswith("negation differs")
    # a title's words may be what changes: only a one-word name or an "et al." surname is left out
    assert contradiction("Accuracy drops.", "Accuracy rises.", "Accuracy Matters") == contradiction(
        "Accuracy drops.", "Accuracy rises.")


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


def test_a_close_passage_lets_a_paraphrase_through_but_never_below_the_floor() -> None:
    texts = ["RoT reduces inference latency by reusing thoughts."]
    paraphrase = "Does the work that recycles earlier chains of thought answer faster?"
    assert not answerability(paraphrase, texts, 0.5, 0.25, 0.4, {}).ok  # few shared words
    close = answerability(paraphrase, texts, 0.5, 0.25, 0.4, {}, close=0.45)
    assert close.ok and "reaches" in close.reason
    assert not answerability(paraphrase, texts, 0.2, 0.25, 0.4, {}, close=0.1).ok  # floor first


def test_a_sentence_of_the_question_close_to_a_passage_sentence_lets_a_long_paraphrase_through() -> None:
    """answers_library_blind45's podcast questions set a scene, describe a paper in plain words,
    then ask: short of coverage and far from every passage as a whole, one sentence is near one
    of the paper's. The closeness is computed only when coverage falls short, never below the floor."""
    texts = ["RoT reduces inference latency by reusing thoughts."]
    paraphrase = "Segment idea for the show. Does the work that recycles earlier chains of thought answer faster?"
    calls: list[float] = []

    def closest(best: float) -> Callable[[], float]:
        return lambda: calls.append(best) or best

    assert not answerability(paraphrase, texts, 0.3, 0.25, 0.4, {}).ok
    near = answerability(paraphrase, texts, 0.3, 0.25, 0.4, {}, closest_sentence=closest(0.52), sentence_close=0.45)
    assert near.ok and "cosine 0.52" in near.reason
    assert not answerability(paraphrase, texts, 0.3, 0.25, 0.4, {}, closest_sentence=closest(0.40),
                             sentence_close=0.45).ok
    assert not answerability(paraphrase, texts, 0.2, 0.25, 0.4, {}, closest_sentence=closest(0.9),
                             sentence_close=0.45).ok  # the floor first
    calls.clear()
    assert answerability("How does RoT reduce latency?", texts, 0.6, 0.25, 0.5, {},
                         closest_sentence=closest(0.1), sentence_close=0.45).ok
    assert calls == []  # covered: not computed


def test_closest_sentence_reads_each_sentence_of_the_question() -> None:
    from rag.fakes import FakeEmbedding
    from rag.sentences import VectorCache, closest_sentence
    vectors = VectorCache(FakeEmbedding())
    passage = "We study pooling. GLOT builds a token graph and refines it with a graph neural network."
    whole = closest_sentence("GLOT builds a token graph and refines it with a graph neural network.", [passage], vectors)
    assert whole == pytest.approx(1.0, abs=1e-5)
    long = ("Segment idea, bear with me, for the episode tonight. GLOT builds a token graph and refines it "
            "with a graph neural network. What should I tell listeners?")
    assert closest_sentence(long, [passage], vectors) == pytest.approx(1.0, abs=1e-5)
    assert closest_sentence(long, [], vectors) == 0.0


def test_a_small_library_does_not_refuse_a_paraphrase_for_plain_words_no_abstract_has() -> None:
    texts = ["RoT reduces inference latency by reusing thoughts."]
    weight = {"rot": 3.0, "reduc": 1.0, "infer": 1.0, "latenc": 3.0, "reus": 3.0, "thought": 2.0}
    # a journalist's framing: "press", "release", "reporter" are in no abstract of 20 papers
    question = "A press release from a university says reused thoughts cut latency: true?"
    small = LibrarySize(20 / 1000, 0.35, english_stems())
    assert not answerability(question, texts, 0.3, 0.25, 0.4, weight).ok  # a large library's rule
    verdict = answerability(question, texts, 0.3, 0.25, 0.4, weight, size=small)
    assert verdict.ok and "need 0.35" in verdict.reason
    # a question of ordinary words none of which a passage holds is still refused
    assert not answerability("What is the population of Tokyo?", texts, 0.3, 0.25, 0.4, weight, size=small).ok
    assert LibrarySize(1.0, 0.35, english_stems()).need(0.4) == 0.4


def test_a_long_description_needs_no_more_of_its_words_than_a_question_of_terms_cap_would() -> None:
    """Blind47's inventors' descriptions (40-100 words) were refused at 20 papers: every clause
    holds a word some other paper has, so the share their own paper's passage holds fell under
    the need. Past `terms_cap` distinct terms, the passage needs the weight of need × terms_cap
    of the question's average terms; a short question's need is unchanged."""
    texts = ["STAD tracks class prototypes with a Bayesian filter under gradual shifts."]
    weight = {t: 1.0 for t in ("stad", "track", "class", "prototyp", "bayesian", "filter", "gradual", "shift")}
    description = ("Our camera software keeps a drifting prototype for each class and tracks it with a Bayesian "
                   "filter as seasons, lighting, weather, traffic, buildings, vegetation, clothing and road "
                   "markings slowly change across months, without labels, retraining, servers or operators; "
                   "which published paper already does that?")
    assert not answerability(description, texts, 0.3, 0.25, 0.4, weight).ok
    capped = answerability(description, texts, 0.3, 0.25, 0.4, weight, terms_cap=10)
    assert capped.ok and "of 10 of the question's 26 words' weight" in capped.reason
    assert not answerability(description, texts, 0.3, 0.25, 0.4, weight, terms_cap=26).ok
    short = "Which paper tracks rainfall with a Bayesian filter?"  # under the cap: the share itself
    assert answerability(short, texts, 0.3, 0.25, 0.4, weight, terms_cap=10) == \
        answerability(short, texts, 0.3, 0.25, 0.4, weight)
    from rag.policy import capped_share
    assert capped_share(0.2, 40, 20) == pytest.approx(0.4) and capped_share(0.2, 20, 20) == 0.2
    assert capped_share(0.9, 40, 20) == 1.0 and capped_share(0.2, 40, None) == 0.2
    # a long question its passage holds none of stays refused
    far = ("Which of the papers reports the population of Tokyo, Osaka, Nagoya, Sapporo, Fukuoka, Kobe, Kyoto, "
           "Kawasaki, Saitama, Hiroshima and Sendai in the rainy months of each recent decade?")
    assert not answerability(far, texts, 0.3, 0.25, 0.4, weight, terms_cap=10).ok


def test_the_gate_does_not_count_the_askers_pronouns_and_prepositions() -> None:
    """Blind40's first-person questions ("I was going to write up ... Has someone already proved
    this?") were refused at 4,310 papers: "my", "you", "about", "someone", "already" are in no
    abstract, so they weighed as the rarest words of the question. Closed-class words
    (`gate_function_words`) are not counted; content words no passage holds still are."""
    texts = ["RoT reduces inference latency by reusing thoughts."]
    weight = {"rot": 3.0, "reduc": 1.0, "infer": 1.0, "latenc": 3.0, "reus": 3.0, "thought": 2.0}
    plain = "Does reusing thoughts reduce latency?"
    mine = "Has someone already shown that reusing my thoughts reduces latency for you, or am I about to?"
    assert answerability(plain, texts, 0.3, 0.25, 0.5, weight).ok
    assert answerability(mine, texts, 0.3, 0.25, 0.5, weight).ok
    assert not answerability("Has someone already measured my protein folding accuracy?", texts, 0.3, 0.25,
                             0.5, weight).ok


def test_a_term_does_not_span_punctuation_nor_hold_a_pronoun() -> None:
    """Blind40's bt02: "How big is ResiliBench: how many tasks, built from how many APIs?" asked no
    "tasks built", and "Would my 'largest' claim still hold?" no "my largest"; the right answer
    "ResiliBench has 5,040 tasks built from a tool library of 30 APIs" was dropped for it."""
    q = "How big is ResiliBench: how many tasks, built from how many APIs? Would my 'largest' claim still hold?"
    assert asked_terms(q) == frozenset()
    assert asked_terms("What learning rate, and which training examples?") == {("learn", "rate"), ("train", "exampl")}
    assert ("learn", "rate") in asked_terms("Is the v2.0 learning rate fixed?")
    # a contraction's stem is no term word (blind40's bt09: "representations don't change")
    assert asked_terms("Do its node representations don't change?") == {("node", "represent")}
    # nor is a paper label's "et al." (blind44's bx14: no passage writes it)
    assert asked_terms("Does ALL-IN (Eliasof et al.) claim to be a foundation model?") == {("foundat", "model")}
    # nor its surname typed in lower case, paired with the next word (5 of 311 recorded questions)
    assert asked_terms("how do liu et al implicit models scale") == {("implicit", "model"), ("model", "scale")}
    # a word opening in lower case is no name, whatever its hyphen joins
    assert ("non-gaussian", "mixtur") in asked_terms("Does TGMM also work on non-Gaussian mixtures?")
    assert asked_terms("Does TGMM beat EM Gaussian mixtures?") == frozenset()
    # a count word or a reporting verb is no part of a term (blind56's cj19 and cj30, after
    # their run: "few repeats" and "both mention diffusion" are no paper's words)
    assert asked_terms("When do the authors suggest few repeats and when many?") == frozenset()
    assert asked_terms("GraphBSI and RecurrSim both mention diffusion models.") == {("diffus", "model")}


def test_words_of_research_discourse_are_no_asked_term() -> None:
    """Blind42's bv03 and bv05: "Is the core contribution a benchmark win or a proof? In which
    application areas did they validate it?" had the right "The core contribution ... is a proof
    that ..." and "The application areas ... include imaging, ..." dropped, the abstract saying
    neither "contribution" nor "application areas"; so was "The empirical results obtained on
    established zero-shot benchmarks showed ...". Content terms are still checked, and so is a
    discourse word beside a content word (blind41's bu33, unanswerable: "ResiliBench results
    slide: ... Chain-of-Thought prompts won")."""
    q = ("Is the core contribution a benchmark win we can rerun, or a proof? In which application areas "
         "did they validate it, and what empirical results were obtained on which test-time iterations?")
    assert asked_terms(q) == {("benchmark", "win"), ("test-tim", "iter")}
    assert asked_terms("What goes on our results slide?") == {("result", "slide")}
    text = ("The theory is validated across four domains: imaging, scientific computing, operations "
            "research, and LLM reasoning.")
    implicit = _passage(1, "imp", "Liu et al.", text)
    assert asked_terms_held("The application areas where they validated it include imaging, scientific "
                            "computing, operations research, and LLM reasoning.", implicit, q).ok
    assert not asked_terms_held("The core contribution is a benchmark win on imaging.", implicit, q).ok


def test_a_question_after_statements_is_read_by_its_first_sentence() -> None:
    """Blind40's bt36 set the scene, then asked "Did OpTI-BFM already handle tasks that change
    during deployment?". Reading such a question as a yes / no one (its "Yes, ..." then needs
    every asked term in the cited paper) was tried and replayed: it refused bt36 and bt37 but lost
    five right answers on blind25-39 (be20, bj17, bs20, bg23, bo14), whose "Yes, ..." was dropped
    for a paraphrased term. A question is a yes / no one by its first sentence."""
    q = ("The extension I had in mind: the user switches goals in the middle of an episode, so the agent "
         "must infer the reward again. Did OpTI-BFM already handle tasks that change during deployment?")
    assert not asks_yes_no(q)
    assert asks_yes_no("Did OpTI-BFM already handle tasks that change during deployment?")


def test_answer_type() -> None:
    assert not answer_type_matches("How many tasks?", "Many tasks.").ok
    # "any non-zero replay fraction" gives how much (blind40's bt05)
    assert answer_type_matches("How much replay is needed?", "Any non-zero replay fraction suffices.").ok
    assert answer_type_matches("How many tasks?", "5,040 tasks.").ok
    assert answer_type_matches("What is STAD?", "A filter.").ok
    # "how long", like "多长", asks for a quantity (blind7's ak34 was answered by a quoted
    # sentence about permutation invariance)
    q = "How long does ALL-IN take to compute its node representations on a graph with millions of nodes?"
    assert not answer_type_matches(q, 'This is based on the passage which states that "the node '
                                      'representations are invariant in distribution to permutations".').ok
    assert answer_type_matches(q, "It takes 3 hours on one GPU.").ok
    # a vague quantity answers only when the cited text gives it so (blind19's ay06)
    episodes = "In how many episodes does OpTI-BFM identify an unseen reward?"
    said = "it identifies an unseen reward function in a handful of episodes with minimal overhead"
    assert answer_type_matches(episodes, "It needs a handful of episodes.", cited=said).ok
    assert not answer_type_matches(episodes, "It needs several episodes.", cited=said).ok
    assert not answer_type_matches(episodes, "It needs a handful of episodes.").ok
    exactly = "Exactly how many episodes, on average, does OpTI-BFM need?"  # blind7's ak37
    assert not answer_type_matches(exactly, "It needs a handful of episodes.", cited=said).ok


def test_a_question_for_a_size_or_value_needs_a_quantity() -> None:
    # seen sets: each such question was unanswerable, and blind5's af40 / blind6's ag32 were
    # answered with words only ("substantially larger buffer capacities")
    size = "What replay buffer size do Lanzillotta et al. find is needed to mitigate shallow forgetting?"
    no = answer_type_matches(size, "Mitigating shallow forgetting requires substantially larger buffer capacities.")
    assert not no.ok and "quantity" in no.reason
    assert answer_type_matches(size, "A buffer of 5,000 samples is needed.").ok
    assert not answer_type_matches("What is the dimensionality of the virtual state in NAVIS?",
                                   "NAVIS keeps a virtual state per node.").ok
    # "to what degree" asks how much, not for a number; a yes/no question asks for neither
    assert answer_type_matches("To what degree does GLOT improve on mean pooling?", "GLOT improves on it "
                               "substantially.").ok
    assert answer_type_matches("Is the batch size given?", "No, it is not.").ok
    # a kind of it is no quantity (blind31's bk29: "what kind of depth does RecurrSim's name
    # refer to?" answered "recurrent depth")
    assert answer_type_matches("What kind of depth does RecurrSim's name refer to?",
                               "It refers to recurrent depth.").ok
    assert not answer_type_matches("What depth does RecurrSim use?", "It uses recurrent depth.").ok
    # a rate or a probability is a quantity (blind55's ci33, unanswerable, was answered by
    # the abstract's "parameterized error models" and no probability)
    probability = "In ResiliBench's error models, what failure probability do they give each API, something like 10%?"
    assert not answer_type_matches(probability, "The benchmark models probabilistic tool behaviors through "
                                   "parameterized error models.").ok
    assert answer_type_matches("What success rate do flawed workflow prompts reach?", "They reach 54.3%.").ok
    assert answer_type_matches("What kind of rate is proved?", "A linear rate.").ok
    # "what share of" asks for a share (blind56's cj39, unanswerable, was answered "The regret
    # bound ... is OpTI-BFM"); "what they share" asks for none
    share = "What share of the oracle's return does OpTI-BFM reach after its episodes?"
    assert not answer_type_matches(share, "The regret bound for well-trained BFMs is OpTI-BFM.").ok
    assert answer_type_matches(share, "It reaches 95% of it.").ok
    assert answer_type_matches("What do GLOT and ALL-IN share?", "Both build graphs.").ok
    # "what" before a preposition asks what holds there, not for the noun after it (blind54's
    # ch11: "and what under fixed step sizes" was taken to ask for a size, and the right answer
    # refused)
    steps = "For RFedAGS: what is guaranteed under decaying step sizes, and what under fixed step sizes?"
    assert answer_type_matches(steps, "Under decaying step sizes it converges globally.").ok
    assert not answer_type_matches("And what step sizes does RFedAGS use?", "It uses decaying ones.").ok
    # Chinese "一个" is mostly the article "a" (blind54's ch43: "要多大？" answered "使用一个小的本地
    # 数据子集", a small subset, no size); after 只 or within a figure it is the figure one
    size_zh = "What is the size of the calibration subset? 校准子集要多大？"
    assert not answer_type_matches(size_zh, "每个客户端使用一个小的本地数据子集作为校准数据。").ok
    assert not answer_type_matches(size_zh, "它使用一些本地数据。").ok
    assert answer_type_matches(size_zh, "每个客户端只用一个批次的数据。").ok
    assert answer_type_matches(size_zh, "每个客户端使用十一个样本。").ok


def test_a_question_for_a_named_thing_needs_a_name() -> None:
    q = "Which image datasets do Liu et al. use in their imaging experiments?"
    none = answer_type_matches(q, "Liu et al. use standard image datasets in their imaging experiments.",
                               ["Liu et al. Jialin Liu"])
    assert not none.ok and "datasets" in none.reason
    assert answer_type_matches(q, "They use CIFAR-10 and ImageNet.").ok
    # the cited paper's own name names no dataset (paraphrased questions leave it out)
    bench = "On which standard benchmarks is the graph pooling method evaluated?"
    assert not answer_type_matches(bench, "GLOT is evaluated on standard benchmarks.", ["GLOT Mantri"]).ok
    assert answer_type_matches(bench, "GLOT is evaluated on GLUE and MTEB.", ["GLOT Mantri"]).ok
    # an option the question offers is not a name the answer found (blind3's ac36)
    assert not answer_type_matches("Which graph neural network architecture, such as GCN or GAT, does "
                                   "GLOT use?", "GLOT uses GAT.", ["GLOT Mantri"]).ok
    # a kind of thing is answered by a description
    assert answer_type_matches("What kind of datasets does ALL-IN do well on?", "Unseen datasets.").ok
    assert answer_type_matches("Does RoT use a reward model?", "Yes, a reward-guided traversal.").ok
    assert asked_name("Which base language model does QuRL fine-tune?") == "language model"
    assert asked_name("Which family of sequence models does NAVIS draw on?") == ""
    # "which websites" asks for names (blind15's au37: "easily accessible online sources")
    sites = "Which websites, for example Wikipedia or Reddit, does QuRL mine its rubrics from?"
    assert not answer_type_matches(sites, "QuRL mines its rubrics from easily accessible online sources.", ["QuRL"]).ok
    assert answer_type_matches(sites, "QuRL mines its rubrics from Stack Exchange.", ["QuRL"]).ok


def test_blind10_answer_type_faults() -> None:
    # the wh-word asks for the parameters, not for a language model (ap22)
    assert asked_name("Which paper in the library could tell me which parameters of a language model "
                      "to change to remove a racial bias?") == ""
    # a count of "tool APIs" is answered by "30 APIs" (ap19)
    assert answer_type_matches("The benchmark that injects API failures: how many tool APIs does its "
                               "task set draw on?", "It draws on 30 APIs.").ok
    # a rate written as a formula is a quantity (ap24)
    assert answer_type_matches("Yarotsky 证明，角点轮廓能把普通 GD 的收敛速率提升到多少？",
                               "能提升到 O(t^{-θζ})。").ok


def test_a_chinese_question_for_a_named_thing_needs_a_name() -> None:
    # blind4's ad42 and blind6's ag42 (unanswerable) were answered without any name
    q = "RFedAGS 的实验用了哪些真实世界数据集？"
    assert not answer_type_matches(q, "RFedAGS 的实验用了 synthetic 和真实世界数据集。", ["RFedAGS Huang"]).ok
    assert not answer_type_matches("TGMM 训练 transformer 主干时使用的是什么损失函数？",
                                   "TGMM 训练 transformer 主干时使用的是交叉熵损失函数。", ["TGMM Chen"]).ok
    bench = "GraphBSI 在哪些基准上进行了评估？"
    assert answer_type_matches(bench, "GraphBSI 在Moses和GuacaMol上进行了评估。", ["GraphBSI Li"]).ok
    assert not answer_type_matches(bench, "GraphBSI 在标准基准上进行了评估。", ["GraphBSI Li"]).ok
    # a kind of dataset is answered by a description
    assert answer_type_matches("ALL-IN 在什么类型的数据集上表现好？", "ALL-IN 在未见过的数据集上表现好。").ok


def test_a_count_must_count_what_was_asked() -> None:
    q = "How many GPU hours did it take to train RecurrSim's 0.8B RecurrFNO?"
    other = answer_type_matches(q, "RecurrFNO uses 13.5% less training memory than 1.6B baselines.")
    assert not other.ok and "hour" in other.reason
    assert answer_type_matches(q, "Training took 200 GPU hours.").ok
    assert answer_type_matches("How many fewer parameters does RecurrUPT use?",
                               "RecurrUPT uses 44% fewer parameters.").ok
    # "how much does it ..." asks a degree, not a count of the verb
    assert answer_type_matches("How much does RoT cut latency?", "RoT reduces latency by 82%.").ok
    # a Chinese answer to a translated question is not checked word by word
    assert answer_type_matches("How many APIs are there?", "共有 30 个 API。").ok
    # the name before the counted thing modifies it (blind6's ag13, after its run)
    tasks = "On average, how many ResiliBench tasks does the pipeline generate per API?"
    assert answer_type_matches(tasks, "The pipeline generates 168 tasks per API.").ok
    assert not answer_type_matches(tasks, "ResiliBench has 30 APIs.").ok
    # a yes/no question with "how much" inside its description asks no quantity (blind6's ag19)
    assert answer_type_matches("Does the approach that scores drops by how much outputs change build "
                               "on existing compressors?", "Yes, it builds on them.").ok
    # "how many percentage points" is answered by a figure with "%" (blind5's af14)
    points = "How many percentage points higher is the success rate of MDP-optimal prompts?"
    assert answer_type_matches(points, "The difference is 62.1 - 50.8 = 11.3% higher.").ok
    assert not answer_type_matches(points, "The difference is 11.3 seconds.").ok


@pytest.mark.parametrize(("question", "answer", "ok"), [
    ("Which reasoning benchmarks was RoT evaluated on?", "RoT was evaluated on reasoning benchmarks [1].", False),
    ("Which large language models were tested in ResiliBench?",
     "ResiliBench was tested across widely used large language models [1].", False),
    ("Which reasoning benchmarks was RoT evaluated on?", "RoT was evaluated on GSM8K and MATH [1].", True),
    ("How many APIs does ResiliBench use?", "ResiliBench uses 30 APIs [1].", True),
    ("Does RoT reduce latency?", "Yes, RoT reduces latency [1].", True),  # yes/no: nothing to add
    ("OpTI-BFM 的实验具体使用了哪些环境或基准？", "OpTI-BFM 的实验使用了 OpTI-BFM (Rupf et al.) 提供的环境或基准 [1]。", False),
    ("ALL-IN 对哪些变换保持不变？", "ALL-IN 对节点特征的线性变换和置换保持不变 [1]。", True),
])
def test_an_answer_must_add_what_the_question_did_not_say(question: str, answer: str, ok: bool) -> None:
    verdict = adds_information(question, answer, ["OpTI-BFM Rupf", "RoT Luo", "ResiliBench Wang"])
    assert verdict.ok is ok, verdict.reason


def test_the_cited_papers_name_spelt_out_and_a_nouns_verb_form_are_held() -> None:
    """blind36's bp01: "Retrieval-of-Thought (RoT) reduces inference latency by 82%" was taken
    as tying 82% to a thing the passage's clause does not name, though it is RoT's own name
    spelt out; "a cost reduction of 59%" missed "cost reduction" against "reducing ... cost"
    (the stemmer keeps "reduct" and "reduc" apart). A thing that is not the paper's name is
    still bound."""
    text = ("Findings show small prompt growth but substantial efficiency gains, with RoT reducing "
            "output tokens by up to 40%, inference latency by 82%, and cost by 59% while maintaining accuracy.")
    rot = _passage(1, "rot", "RoT", text)
    q = ("A news piece says Retrieval-of-Thought (RoT) makes reasoning 82% cheaper. What does the 82% "
         "refer to, and what cost reduction do the authors give?")
    assert spells("Retrieval-of-Thought", "RoT") and not spells("Retrieval", "RoT")
    assert numbers_bound("Retrieval-of-Thought (RoT) reduces inference latency by 82%.", rot, q).ok
    assert asked_terms_held("The authors give a cost reduction of 59% while maintaining accuracy.", rot, q).ok
    assert not numbers_bound("On Chain-of-Thought, RoT reduces inference latency by 82%.", rot,
                             "What does RoT give on Chain-of-Thought?").ok


def test_a_question_for_a_date_needs_a_date() -> None:
    """blind36's bp35: "On what date was Balla and Lawrence's post first published?" was
    answered by a quoted sentence of the post giving no date. "When does X converge?" asks a
    condition, not a date."""
    q = "On what date was Balla and Lawrence's post first published?"
    assert not answer_type_matches(q, "Balla et al.: This post highlights the growing set of techniques [1].").ok
    assert answer_type_matches(q, "It was first published in March 2024 [1].").ok
    assert answer_type_matches("When does RFedAGS converge to a stationary point?", "Under decaying step sizes [1].").ok
    assert not answer_type_matches("这篇文章是哪一年发表的？", "它介绍了自回归模型 [1]。").ok
    assert answer_type_matches("这篇文章是哪一年发表的？", "它于 2025 年发表 [1]。").ok
    # "..., and when?" closing a question asks a date too (answers_library_blind45's by35)
    who = "Yarotsky calls the Jacobi heavy-ball doubling well-known. Who came up with that, and when?"
    assert not answer_type_matches(who, "Yarotsky (Dmitry Yarotsky) mentions that Heavy Ball with a Jacobi-based "
                                   "schedule improves the rate [1].").ok
    assert answer_type_matches(who, "Polyak proposed it in 1964 [1].").ok
    assert answer_type_matches("When does it converge, and how fast?", "Under decaying step sizes, sublinearly [1].").ok


def test_asked_terms_skip_gap_words_and_a_paraphrase_may_miss_one_term_of_several() -> None:
    assert ("librari", "behind") not in asked_terms("How many APIs are in the tool library behind it?")
    graph = _passage(1, "g", "GraphBSI", "GraphBSI refines a belief over graphs in the space of "
                     "distribution parameters; it is a one-shot graph generation model.")
    q = ("In the graph generation paper that refines a belief over distribution parameters, "
         "what kind of equation is the sampling process written as?")
    claim = ("The sampling process in the graph generation paper that refines a belief over "
             "distribution parameters is written as a stochastic differential equation.")
    assert not asked_terms_held(claim, graph, q, share=1.0).ok  # "sampling process" is not there
    held = asked_terms_held(claim, graph, q, share=0.6)
    assert held.ok and "sampl process" in held.reason
    lone = asked_terms_held("GraphBSI is used for speech recognition.", graph,
                            "Which paper does speech recognition?", share=0.6)
    assert not lone.ok  # one term of one: it must be there
    # a term the cited chunk lacks but its paper holds (the rest of the abstract) is held
    assert asked_terms_held("GraphBSI does speech recognition.", graph,
                            "Which paper does speech recognition?",
                            paper=frozenset({"speech", "recognit"}), share=1.0).ok



def test_a_yes_no_answer_holds_every_term_it_repeats_from_the_question() -> None:
    grad = _passage(1, "g", "Drechsel et al.", "We identify a feature neuron with a gradient "
                    "method and debias gender, race and religion with it.")
    claim = "Yes, the gradient feature neuron has been applied to age bias."
    asked = "Has the gradient feature neuron been applied to age bias?"
    held = asked_terms_held(claim, grad, "Which setting was the gradient feature neuron "
                            "applied to, age bias?", share=0.6)
    assert held.ok and "age bia" in held.reason  # two terms of three: enough for a paraphrase
    missed = asked_terms_held(claim, grad, asked, share=0.6)
    assert not missed.ok and "age bia" in missed.reason  # what a "Yes" asserts must be there
    # "Is there work that ...?" describes the work it asks for: the share applies
    assert asked_terms_held(claim, grad, "Is there work where the gradient feature neuron "
                            "was applied to age bias?", share=0.6).ok
    # a yes / no sentence after a scene-setting one: a "Yes" asserts it all (blind47's ca35),
    # while another sentence is read with the share
    scene = ("Our claim covers debiasing with gradients along other attributes. Has the gradient feature "
             "neuron been applied to age bias?")
    missed = asked_terms_held(claim, grad, scene, share=0.6)
    assert not missed.ok and "age bia" in missed.reason
    assert asked_terms_held("The gradient feature neuron was applied to age bias.", grad, scene, share=0.6).ok


def test_a_yes_to_a_later_yes_no_clause_asserts_its_terms_too() -> None:
    """Blind52's cf36: "STAD's head is one prototype per class: does it support multi-label
    outputs ...?" answered "Yes, STAD's head is one prototype per class [1]": the "Yes" says it
    supports multi-label outputs, which the passage does not hold, though the sentence repeats
    only the premise. A later clause asking whether the asker's belief is right asserts the
    belief, not the clause's own words."""
    stad = _passage(1, "s", "STAD", "STAD infers time-evolving class prototypes, one prototype per class, "
                    "that act as a dynamic classification head.")
    q = ("plot twist: each shelf image has several products. STAD's head is one prototype per class: "
         "does it support multi-label outputs?")
    missed = asked_terms_held("Yes, STAD's head is one prototype per class.", stad, q, share=0.6)
    assert not missed.ok and "multi-label output" in missed.reason
    assert asked_terms_held("STAD's head is one prototype per class.", stad, q, share=0.6).ok  # no "Yes"
    said = _passage(2, "s", "STAD", "STAD's prototype head supports multi-label outputs.")
    assert asked_terms_held("Yes, STAD's head supports multi-label outputs.", said, q, share=0.6).ok
    belief = "I remember that STAD keeps one prototype per class. Is that a fair summary?"
    assert asked_terms_held("Yes, STAD keeps one prototype per class.", stad, belief, share=0.6).ok


def test_a_yes_asserts_the_whole_yes_no_question_even_terms_it_does_not_repeat() -> None:
    """Blind34's bn38: "In ResiliBench, did any individual model actually do better with
    Chain-of-Thought prompts ...?" answered "Yes, MDP-optimal workflow prompts achieved 62.1%,
    while Chain-of-Thought prompts yielded 50.8%": the "Yes" says some single model did, which
    the passage (averages only) does not hold, though the sentence repeats no such term."""
    resili = _passage(1, "r", "ResiliBench", "MDP-optimal workflow prompts achieve an average "
                      "success rate of 62.1%, Chain-of-Thought prompts 50.8%.")
    q = ("In ResiliBench, did any individual model do better with Chain-of-Thought prompts than "
         "with the MDP-optimal workflow prompts?")
    yes = "Yes, MDP-optimal workflow prompts achieved 62.1%, while Chain-of-Thought prompts yielded 50.8%."
    held = asked_terms_held(yes, resili, q)
    assert not held.ok and "individu model" in held.reason
    assert asked_terms_held(yes.replace("Yes, ", "On average, "), resili, q).ok  # no "Yes": not asserted
    # "A, or B?": a "Yes" picks neither alternative, so it asserts neither (blind26's bf07)
    glot = _passage(1, "g", "GLOT", "On a stress test GLOT keeps 97% accuracy while baseline methods collapse.")
    either = "On GLOT's stress test, do the baseline methods degrade gracefully like GLOT, or do they collapse?"
    assert asked_terms_held("Yes, baseline methods collapse.", glot, either).ok


def test_a_description_ending_in_a_colon_asks_nothing() -> None:
    """Blind28's bh19: "The federated-learning compressor that checks, on a small slice of each
    client's own data, how much dropping a candidate unit changes the model's outputs: on which
    two kinds of simple heuristics ... do existing compression methods largely rely?" asks which
    heuristics; its description's "how much" asked for a quantity, and the right reply was
    refused. The asking clause after a colon is the question; choices after a colon stay."""
    q = ("The federated-learning compressor that checks, on a small slice of each client's own data, "
         "how much dropping a candidate unit changes the model's outputs: on which two kinds of simple "
         "heuristics do existing compression methods largely rely?")
    assert asking_part(q).startswith("on which two kinds")
    assert answer_type_matches(q, "They rely on magnitude-based and random heuristics [1].").ok
    rate = "At what rate does the expressive power grow: linearly, polynomially or exponentially?"
    assert asking_part(rate) == rate and len(offered_choices(rate)) == 3


def test_a_yes_no_question_after_a_lead_in_phrase_is_one() -> None:
    """Blind28's bh34 (unanswerable) asked "In ResiliBench, are open-weight models more robust to
    tool failures than proprietary API models, or the other way round?"; the answer "open-weight
    models are more robust ... than proprietary API models" passed, since a question opening with
    "In" was no yes / no question and the sentence only restated it. After a lead-in phrase the
    question is what follows it; what the answer asserts must be in the cited paper."""
    lead = ("In ResiliBench, are open-weight models more robust to tool failures than proprietary "
            "API models, or the other way round?")
    assert asks_yes_no(lead) and asks_yes_no("In Zhiyi et al.'s method, is the discrepancy measured at the output?")
    assert not asks_yes_no("In the framework that lets users set the loop count, why would a user pick few?")
    assert not asks_yes_no("In GLOT, is there a graph over the tokens?")  # whether some work exists
    resili = _passage(1, "r", "ResiliBench", "MDP-optimal workflow prompts achieve an average success "
                      "rate of 62.1% under tool failures.")
    claim = "In ResiliBench, open-weight models are more robust to tool failures than proprietary API models."
    assert not asked_terms_held(claim, resili, lead, share=0.6).ok


def test_a_yes_no_question_after_a_clause_setting_the_scene_is_one() -> None:
    """Blind29's bi38 (unanswerable): "When InfoSEDD is used for semantic-aware model selection
    in text summarization, does it pick the same summarization model as ROUGE?" was no yes / no
    question, so dropping its "No, ..." sentence left an answer that said neither."""
    scene = ("When InfoSEDD is used for semantic-aware model selection in text summarization, does "
             "it pick the same summarization model as ROUGE?")
    assert asks_yes_no(scene) and asking_part(scene).startswith("does it pick")
    assert asks_yes_no("If the buffer holds 1% of old data, does deep forgetting stay away?")
    assert not asks_yes_no("When does RoT prune nodes?")  # the clause asks
    assert not asks_yes_no("When is STAD used, and why?")
    assert asking_part("If adapting GLOT took 10 hours, how long would GLOT take?") == "how long would GLOT take?"
    dropped = [SentenceCheck("No, InfoSEDD does not pick the same summarization model as ROUGE.", (2,), "dropped")]
    rest = "InfoSEDD is used for semantic-aware model selection in text summarization [2]."
    assert not verdict_kept(scene, dropped, rest).ok


def test_a_quoted_description_is_what_is_asked_about_not_the_ask() -> None:
    """Blind47's ca23 quoted an inventor's 'We measure how much two sequences ... tell us about
    each other' and asked what the paper was applied to: no quantity was asked."""
    quoted = ("Lay summary: 'We measure how much two sequences of symbols tell us about each other, using a "
              "model that corrupts and restores tokens.' Is this anticipated? What did it beat?")
    assert asking_part(quoted) == "Is this anticipated? What did it beat?"
    assert answer_type_matches(quoted, "It was applied to motif discovery and beat the embedding trick.").ok
    unquoted = "We measure how much two sequences tell us about each other. How much do they?"
    assert not answer_type_matches(unquoted, "It was applied to motif discovery.").ok
    assert asking_part("'How much is it?'") == "'How much is it?'"  # nothing else to ask: kept


@pytest.mark.parametrize(("question", "cited", "missing"), [
    ("How does Yarotsky's corner SGD compare with Nesterov's accelerated method?",
     "Yarotsky corner SGD Heavy Ball", "Nesterov"),
    ("How do the success rates on ResiliBench compare with their scores on ToolBench?",
     "ResiliBench success rates", "ToolBench"),
    ("Is RoT faster than CoT prompting?", "RoT CoT prompting latency", ""),
    ("How does RoT compare with GLOT in efficiency?", "RoT GLOT", ""),
    ("Which benchmarks was GLOT tested on besides GLUE and MTEB?", "GLOT", ""),  # no comparison
    # a name before the comparison describes the subject ("GPU kernels"), not what it is compared with
    ("For the RL system that writes GPU kernels, how much faster does its code run than existing "
     "methods' code?", "SparseRL kernels code faster", ""),
    # a thing in lower case: its own words, not the generic ones (blind19's ay33)
    ("How does Yarotsky's corner SGD compare with the conjugate gradient method on power-law "
     "problems?", "Yarotsky corner SGD gradient method power-law", "conjug"),
    ("How does GLOT compare with plain mean pooling?", "GLOT mean pooling", ""),
    # what follows the thing describes it (blind6's ag25: "achiev" was taken for a name)
    ("Memory of implicit models compared to explicit models achieving the same performance.",
     "implicit models explicit networks memory", ""),
    ("How does SparseRL's compilation rate compare to existing methods?", "SparseRL compilation rate", ""),
    # a clause after a pronoun describes the thing; "best" names nothing (blind35's bo13, bo24)
    ("How big was RecurrFNO compared with the baselines it beat?", "RecurrFNO 1.6B parameter baselines", ""),
    ("How did plain reasoning prompts do compared with the best workflow prompts?",
     "Chain-of-Thought prompts MDP-optimal workflow prompts", ""),
    ("How did plain reasoning prompts do compared with the best workflow prompts?", "Chain-of-Thought prompts",
     "workflow"),
    # the question asks what it is compared with (blind10's ap04)
    ("Implicit models reduce memory compared to which models?", "implicit models memory", ""),
    # the comparison ends with its question: the next one's "How" is no name (blind32's bl25)
    ("How many fewer parameters does RecurrUPT use than UPT on ShapeNet-Car? How much does "
     "RecurrViT cut error accumulation on Active Matter?", "RecurrUPT UPT ShapeNet-Car", ""),
    ("How many fewer parameters does RecurrUPT use than UPT on ShapeNet-Car? How much does "
     "RecurrViT cut error accumulation on Active Matter?", "RecurrUPT ShapeNet-Car", "UPT"),
    # typed queries (blind37's bq05, bq09): "vs" joins, "avg" is "average", "cot" is spelt out,
    # and a dash ends what is compared
    ("resilibench avg sucess rates: mdp-optimal vs cot vs flawed workflow prompts",
     "MDP-optimal workflow prompts 62.1%, Chain-of-Thought prompts 50.8%, flawed workflow prompts 54.3%", ""),
    ("resilibench avg sucess rates: mdp-optimal vs react vs flawed workflow prompts",
     "MDP-optimal workflow prompts 62.1%, Chain-of-Thought prompts 50.8%, flawed workflow prompts 54.3%", "react"),
    ("navis vs persistant forecast / moving avg heuristics - does it actually beat them on tgb?",
     "Heuristics such as persistent forecast or moving average outperform these models.", ""),
    ("navis vs persistant forecast / exponential smoothing - does it beat them?",
     "Heuristics such as persistent forecast or moving average outperform these models.", "exponenti"),
    # "rather than Y" says "not Y": no comparison, and the next sentence's "Exam" is no name
    # (blind43's bw23)
    ("A method uses a generative model rather than first mapping the symbols to vectors. Exam question: "
     "what quantity does it compute?", "InfoSEDD computes Kullback-Leibler divergences.", ""),
    ("Does it map symbols to vectors other than CPC? Exam question: what does it compute?",
     "InfoSEDD computes Kullback-Leibler divergences.", ""),
    ("Is it more accurate than MINE? Exam question: what does it compute?",
     "InfoSEDD computes Kullback-Leibler divergences.", "MINE"),
    # a word of the same meaning (blind43's bw15: "shrinking versus constant step sizes" against
    # "decaying step sizes" and "fixed step sizes")
    ("What does the paper prove with shrinking versus constant step sizes?",
     "It converges sublinearly under decaying step sizes and linearly under fixed step sizes.", ""),
    ("What does the paper prove with shrinking versus adaptive step sizes?",
     "It converges sublinearly under decaying step sizes and linearly under fixed step sizes.", "adapt"),
    # a comparison the asker only remembers or quotes is theirs to have checked, not asked
    # (blind36's bm19, blind40's bu01: answered from their evidence in session 42's oracle runs)
    ("A blog-style piece on next-token generation for images: I remember the central tension it "
     "stressed as speed versus sample quality. What tradeoff did it actually put at the centre?",
     "We emphasize the tradeoffs between compression and autoregressive modelability.", ""),
    ('My GLOT bullet says: "GLOT: 100x fewer trainable params than PEFT, same GLUE scores." '
     "What are the right numbers?", "GLOT has 20x fewer trainable parameters.", ""),
    # ... but a question sentence still asks it, remembered or not, and a short quotation is a name
    ("I remember it being compared with MINE. How does it compare with MINE?",
     "InfoSEDD computes Kullback-Leibler divergences.", "MINE"),
    ('Is GLOT better than "LoRA"?', "GLOT has 20x fewer trainable parameters.", "LoRA"),
    # "the X versus Y paper" names the paper by its topic: "paper" is no thing compared (blind39's bs04)
    ("lanzillotta et al the deep versus shallow forgetting paper how do they describe deep forgetting",
     "We formalize the gap between deep (feature-space) and shallow (classifier-level) forgetting.", ""),
    # a comparison ends with its sentence: the next sentence's capitalised first word is no name
    ("It is faster versus the baseline. What does it cost?", "It costs more memory.", ""),
    # the comparing word opening a sentence is no name (blind48's cb27) ...
    ("Compared to embedding discrete data into continuous space, what is the difference in results?",
     "InfoSEDD outperforms methods embedding discrete data into a continuous space.", ""),
    # ... while the names after it still are
    ("Compared to MINE, how accurate is it?", "InfoSEDD is accurate.", "MINE"),
    # a name written as an acronym the cited text spells out (blind56's cj01: "MDP-optimal vs CoT")
    ("Give the risk ratio MDP-optimal vs CoT.", "Chain-of-Thought prompts yield 50.8%.", ""),
    ("Give the risk ratio MDP-optimal vs CoT.", "Chain of custody prompts yield 50.8%.", "CoT"),
])
def test_a_comparison_is_answered_only_by_papers_naming_what_it_is_compared_with(
        question: str, cited: str, missing: str) -> None:
    verdict = compared_held(question, [_passage(1, "p", "P", cited)])
    assert verdict.ok == (not missing)
    assert (missing in verdict.reason) if missing else verdict.reason == ""


def test_a_chinese_question_compares_only_with_the_names_it_writes() -> None:
    """Blind56's cj27 (after its run): "和参数高效微调方法相比" was read in English as "compared to
    parameter-efficient micro-tuning methods", and GLOT's right answer was refused for
    "micro-tun". Of a Chinese question, the English reading's words are a translation: only a
    Latin name the question writes itself must be held."""
    cited = [_passage(1, "p", "P", "GLOT has 20x fewer trainable parameters than parameter-efficient fine-tuning.")]
    reading = "How many times fewer parameters does GLOT have compared to parameter-efficient micro-tuning methods?"
    assert not compared_held(reading, cited).ok  # an English question's own words
    assert compared_held(reading, cited, original="和参数高效微调方法相比，GLOT 的可训练参数少多少倍？").ok
    named = "How does GLOT compare with LoRA?"
    assert not compared_held(named, cited, original="GLOT 和 LoRA 相比怎么样？").ok

@pytest.mark.parametrize(("question", "answer", "ok"), [
    # a count in the description of the paper is not what the question asks
    ("One compression method checks on a few local examples how much dropping a part of the "
     "update changes the outputs. According to it, which two device limitations matter?",
     "Limited bandwidth and battery resources.", True),
    ("For the simulator whose users dial cost by choosing how many times a block is looped, "
     "what kind of simulations does it achieve?", "Physically faithful simulations.", True),
    # the question sentence itself still asks for a count, after a description or not
    ("One method reuses thoughts. How many output tokens does it save?", "It saves tokens.", False),
    ("How many tokens does RoT save vs. CoT?", "RoT saves many tokens.", False),
    ("RoT 节省了多少输出 token？ How many output tokens does RoT save?", "RoT 节省了输出 token。", False),
    # a lead-in phrase describes the paper; the clause after it asks (blind26's bf20)
    ("In the framework that lets users set how many recurrent iterations a neural simulator runs at "
     "test time, why would a user choose a small number of iterations?",
     "Few iterations give fast, less accurate simulations for exploratory runs.", True),
    # a "how much" whose subject follows at once asks nothing: it describes (blind35's bn18)
    ("When you forecast, on a changing network, how much each user will interact with each item, "
     "is there a paper finding that the learned models were borrowed from another task?",
     "Recent works adapted dynamic link property prediction models.", True),
    ("A simulator where the user decides at run time how many times an internal block is repeated. "
     "For each benchmark named, give the result or write 'qualitative only'.",
     "It is shown on Burgers, Korteweg-De Vries and Kuramoto-Sivashinsky.", True),  # blind44's bx16
    # ... but one asked for by a verb, or asked in a learner's word order, still asks
    ("Tell me how many GPUs the authors used.", "They used GPUs.", False),
    # a number word the question has is no quantity given (blind44's bx40, unanswerable); a figure
    # the question has still is ("Is it 82%?" confirmed by "82%")
    ("In each of the four validation domains, how much did solution quality improve?",
     "Solution quality improved in each of the four validation domains.", False),
    ("In each of the four validation domains, how much did solution quality improve?",
     "It improved by 12% in each of the four domains.", True),
    ("Is it 82%? How much does RoT cut latency?", "RoT cuts latency by 82%.", True),
    ("With GLOT, how much the accuracy improves?", "It improves.", False),
    ("How much the accuracy improves with GLOT?", "It improves.", False),
    # a yes / no question asks no quantity, but an ask after it can (blind21's ba31)
    ("Can RoT's thought graph guide a different model, and how much accuracy is lost when it is?",
     "Yes, it can guide a different model.", False),
    ("Can RoT's thought graph guide a different model, and how much accuracy is lost when it is?",
     "Yes, with 3% less accuracy.", True),
    ("Does RoT cut latency? How much?", "Yes, it does.", False),
    ("Does RoT cut latency, and what does it store?", "Yes, it stores reasoning steps.", True),
    # a lead-in that asks itself stays part of the question
    ("On how many benchmarks, and with which models, is RoT evaluated?", "RoT is evaluated widely.", False),
    ("According to the survey, with how many GPUs is it trained?", "It is trained on GPUs.", False),
])
def test_only_the_asking_part_of_a_question_sets_what_the_answer_must_give(
        question: str, answer: str, ok: bool) -> None:
    assert answer_type_matches(question, answer).ok == ok
    assert "How many" in asking_part("A paper loops blocks. How many blocks?")
    assert "how many" not in asking_part("By choosing how many times it loops, what does it get?")
    assert asking_part("In the work that sets how many steps run, why are few chosen?") == "why are few chosen?"
    assert asking_part("On which datasets, for example MNIST, is TGMM evaluated?").startswith("On which")

def test_a_question_verb_or_count_word_is_not_an_asked_term() -> None:
    """Blind2 lost right answers to pairs like 'edges connect' and 'three properties': the
    abstract says 'sequential and semantic edges' and 'three key aspects'."""
    from rag.text import tokenize

    def stem(w: str) -> str:
        return tokenize(w)[0]

    terms = asked_terms("What two kinds of edges connect the steps in RoT's thought graph?")
    assert (stem("edges"), stem("connect")) not in terms and (stem("two"), stem("kinds")) not in terms
    assert (stem("thought"), stem("graph")) in terms
    assert not any(stem("three") in t for t in asked_terms("Which three properties does it measure?"))
    # "stay", "remain" say a state holds, not a term (blind35's bo07: "does the LLM itself stay
    # frozen", answered "the LLM stays frozen" from "a frozen LLM")
    terms = asked_terms("Does the LLM itself stay frozen, and does GLOT need fewer parameters while "
                        "staying competitive?")
    assert not {t for t in terms if stem("stay") in t}
    assert not {t for t in asked_terms("Does accuracy remain stable?") if stem("remain") in t}


def test_a_bare_yes_does_not_answer_the_what_asked_after_it() -> None:
    """Blind35's bo17 (after its run) at 4,310 papers: "Is there a method for this, and what does
    it do with the raw attributes?" was answered "Yes, there is a method for this [1]." citing
    another paper. A yes or no answers only the first ask; what follows must add something."""
    question = ("I maintain graph models for several customers. Is there a method for this, and what does "
                "it do with the raw attributes?")
    assert not adds_information(question, "Yes, there is a method for this [1].").ok
    assert adds_information(question, "Yes: it projects them into a shared random space [1].").ok
    assert not adds_information("Is there one? On average, how did plain prompts do?", "Yes [1].").ok
    # a yes / no question alone, or one asked after a what question, is answered by yes or no
    assert adds_information("Does RoT store what it reasoned before?", "Yes [1].").ok
    assert adds_information("What does RoT store? Does it reuse it?", "It stores steps. Yes [1].").ok


def test_a_chinese_comparison_answered_by_a_direction_word_adds_information() -> None:
    """Blind2's InfoSEDD answer '优于' (outperforms) was refused as adding nothing."""
    question = "有一篇用离散扩散模型来估计离散数据互信息的论文，它和依赖“嵌入技巧”的方法相比效果如何？"
    assert adds_information(question, "InfoSEDD在估计离散数据互信息方面优于依赖“嵌入技巧”的方法 [1]。",
                            ["InfoSEDD"]).ok
    assert not adds_information(question, "该论文和依赖“嵌入技巧”的方法相比效果如何 [1]。", ["InfoSEDD"]).ok


SPARSERL = ("In sparse matrix-vector multiplication (SpMV) tasks, it improves the compilation rate by "
            "20% compared to existing methods, and the generated code runs 30% faster on average. For "
            "sparse matrix-dense matrix multiplication (SpMM) tasks, SparseRL also shows significant "
            "performance gains.")


def test_a_figure_is_bound_to_what_the_passage_says_it_of() -> None:
    """Blind2's unanswerable 'By how much does SparseRL improve the compilation rate on SpMM
    tasks?' was answered with SpMV's 20%."""
    p = _passage(1, "sparserl", "SparseRL", SPARSERL)
    spmm = "By how much does SparseRL improve the compilation rate on SpMM tasks?"
    wrong = numbers_bound("SparseRL improves the compilation rate by 20% on SpMM tasks [1].", p, spmm)
    assert not wrong.ok and "SpMM".lower() in wrong.reason
    spmv = "By how much does SparseRL improve the compilation rate on SpMV tasks?"
    assert numbers_bound("SparseRL improves the compilation rate by 20% on SpMV tasks [1].", p, spmv).ok
    assert numbers_bound("SparseRL improves the compilation rate by 20% [1].", p, spmm).ok  # names nothing


def test_a_sentence_copied_whole_from_its_passage_says_its_figures_of_what_the_passage_does() -> None:
    """Blind33's bm11: the abstract's sentence copied whole was dropped because its closing "FL",
    asked about, is in another clause than its 0.1 (session 42's oracle runs)."""
    said = ("Empirical results show an $18.9\\%$ relative accuracy improvement at a compression ratio "
            "of $0.1$, validating its efficacy for scalable and communication-efficient FL.")
    p = _passage(1, "zhiyi", "Zhiyi et al.", f"Our method compresses updates. {said}")
    q = "Zhiyi et al.'s FL compression: a gain of 19 points at a ratio of 0.25. Is that right?"
    assert numbers_bound(f"{said} [1]", p, q).ok
    # the same figures said in other words are still bound clause by clause
    assert not numbers_bound("The FL gain is 18.9% at a compression ratio of 0.1 [1].", p, q).ok


def test_a_thing_the_passage_writes_out_in_full_is_the_one_its_figure_is_said_of() -> None:
    """blind55's ci02: "The ViT version reduced error accumulation by 90% ... on Active Matter"
    was dropped: the passage says "Vision Transformers", never "ViT"."""
    recurr = _passage(1, "r", "RecurrSim", "RecurrViT reduces error accumulation by 90% compared to standard "
                      "Vision Transformers on Active Matter, while RecurrUPT matches UPT performance on "
                      "ShapeNet-Car using 44% fewer parameters.")
    q = "Also, what did the ViT version do on Active Matter?"
    assert numbers_bound("The ViT version reduced error accumulation by 90% on Active Matter.", recurr, q).ok
    wrong = numbers_bound("The ViT version reduced error accumulation by 44% on Active Matter.", recurr, q)
    assert not wrong.ok and "activ" in wrong.reason


def test_a_figure_in_a_clause_of_its_own_is_not_bound_to_another_clauses_thing() -> None:
    """Blind37's bq05 ("resilibench avg sucess rates: mdp-optimal vs cot vs flawed workflow
    prompts") was refused: the 54.3% of the reply's last clause was bound to the MDP-optimal
    prompts its first clause gives 62.1% for."""
    p = _passage(1, "resili", "ResiliBench", (
        "Specifically, MDP-optimal workflow prompts achieve an average success rate of 62.1%, "
        "Chain-of-Thought prompts yield an average success rate of 50.8%, and flawed workflow "
        "prompts result in an average success rate of 54.3%."))
    q = "resilibench avg sucess rates: mdp-optimal vs cot vs flawed workflow prompts"
    listed = ("The average success rates for MDP-optimal workflow prompts are 62.1%, Chain-of-Thought "
              "prompts are 50.8%, and flawed workflow prompts result in an average success rate of 54.3%.")
    assert numbers_bound(listed, p, q).ok
    swapped = "The average success rate for MDP-optimal workflow prompts is 54.3%, and CoT prompts are 50.8%."
    assert not numbers_bound(swapped, p, q).ok  # the figure's own clause names the wrong thing
    # a clause naming the thing without a figure leaves the figure to it, as before
    assert not numbers_bound("For MDP-optimal workflow prompts, the average is 54.3%.", p, q).ok


def test_figures_given_respectively_are_bound_each_to_its_thing() -> None:
    """Blind37's bq05 at 4,310 papers: the reply listed the three prompt kinds, then their three
    rates "respectively"; every rate was bound to the first kind and the reply refused."""
    p = _passage(1, "resili", "ResiliBench", (
        "Specifically, MDP-optimal workflow prompts achieve an average success rate of 62.1%, "
        "Chain-of-Thought prompts yield an average success rate of 50.8%, and flawed workflow "
        "prompts result in an average success rate of 54.3%."))
    q = "resilibench avg sucess rates: mdp-optimal vs cot vs flawed workflow prompts"
    said = ("The average success rates for MDP-optimal workflow prompts, Chain-of-Thought prompts, and "
            "flawed workflow prompts in ResiliBench are {}, {}, and {} respectively.")
    assert numbers_bound(said.format("62.1%", "50.8%", "54.3%"), p, q).ok
    assert not numbers_bound(said.format("54.3%", "50.8%", "62.1%"), p, q).ok
    assert clauses_of(said.format("62.1%", "50.8%", "54.3%")) == [
        "The average success rates for MDP-optimal workflow prompts 62.1%", "Chain-of-Thought prompts 50.8%",
        "flawed workflow prompts in ResiliBench are 54.3%"]
    # fewer things than figures: the sentence stays whole
    assert clauses_of("The buffer sizes were 1% and 20%, respectively.") == [
        "The buffer sizes were 1% and 20%,", "respectively."]


def test_a_count_is_bound_to_what_the_passage_counts() -> None:
    """Blind5's unanswerable 'On average, how many rubrics does QuRL mine for each question?' was
    answered with the +17.0 points of its benchmark gain."""
    p = _passage(1, "qurl", "QuRL", "QuRL mines rubrics for each question from online sources. "
                 "It improves the total score by +17.0 points over the base model.")
    q = "On average, how many rubrics does QuRL mine for each question?"
    wrong = numbers_bound("QuRL mines an average of 17.0 rubrics for each question [1].", p, q)
    assert not wrong.ok and "rubric" in wrong.reason
    tools = _passage(1, "resili", "ResiliBench", "The pipeline builds 5,040 tasks from a tool library of 30 APIs.")
    assert numbers_bound("The library has 30 APIs [1].", tools, "How many APIs are in the tool library?").ok
    # a figure the passage does not give is numbers_held's to judge, not this check's
    assert numbers_bound("It mines 12 rubrics [1].", p, q).ok


def test_an_amount_is_bound_to_what_the_passage_measures() -> None:
    """'How much memory overhead does RoT's thought graph add?' (unanswerable) was answered with
    the 59% the abstract gives for cost, and 'How much extra wall-clock time ... does the
    calibration step add?' with the 0.1 of a compression ratio."""
    rot = _passage(1, "rot", "RoT", ROT)
    q = "How much memory overhead does RoT's thought graph add at inference time?"
    assert measured_thing(q) == "memori"
    wrong = numbers_bound("The memory overhead of RoT's thought graph at inference time is 59% [1].", rot, q)
    assert not wrong.ok and "memori" in wrong.reason
    lat = "How much inference latency does RoT save?"
    assert numbers_bound("RoT cuts inference latency by 82% [1].", rot, lat).ok
    zhiyi = _passage(1, "z", "Zhiyi et al.", "Our method achieves an 18.9% relative accuracy "
                     "improvement at a compression ratio of 0.1.")
    t = "How much extra wall-clock time per round does the calibration step add on each client?"
    assert not numbers_bound("The calibration step adds about 0.1 seconds of wall-clock time [1].", zhiyi, t).ok
    # a clause with the measured thing passes when one of its figures is the passage's for it
    acc = "How much accuracy does the method gain at a compression ratio of 0.1?"
    assert numbers_bound("It gains 18.9% relative accuracy at a compression ratio of 0.1 [1].", zhiyi, acc).ok
    # the verb first, or a comparison: no measured thing, nothing checked here
    assert measured_thing("How much does RoT reduce output tokens?") == ""
    assert measured_thing("How much faster is NAVIS at inference than the baselines?") == ""
    assert measured_thing("What does RoT cost?") == ""


def test_verb_particles_and_modals_are_no_asked_terms() -> None:
    """'the function it ends up computing' was dropped for the asked term 'end up', and 'the two
    effects that must be balanced' for 'effect must': neither is something a paper must hold."""
    terms = asked_terms("How does the complexity of the function it ends up computing change?")
    assert ("comput", "chang") in terms and not {t for t in terms if "up" in t}
    # a modal verb is framing, as "should" already was
    assert ("effect", "must") not in asked_terms("Which two effects must be balanced?")


RECURRSIM = ("We demonstrate RecurrSim's effectiveness across fluid dynamics benchmarks (Burgers, "
             "Korteweg-De Vries, Kuramoto-Sivashinsky), achieving physically faithful simulations over long "
             "horizons. On high-dimensional 3D compressible Navier-Stokes simulations with 262k points, a 0.8B "
             "parameter RecurrFNO outperforms 1.6B parameter baselines while using 13.5% less training memory.")


def test_a_chinese_sentence_binds_its_figure_through_its_latin_names() -> None:
    """Blind10's ap42 and blind9's an41 (at 4,310 papers): a Chinese answer gave the abstract's
    Navier-Stokes figures to the Burgers and Kuramoto-Sivashinsky benchmarks the question named."""
    p = _passage(1, "recurrsim", "RecurrSim", RECURRSIM)
    q = "RecurrSim 在 Burgers 方程基准上训练时用了多少条模拟轨迹？"
    wrong = numbers_bound("在 Burgers 方程基准上训练时用了 262k 条模拟轨迹 [1]。", p, q)
    assert not wrong.ok and "burger" in wrong.reason
    q2 = "RecurrSim 在 Kuramoto-Sivashinsky 基准上的长时预测误差比普通 FNO 低多少？"
    assert not numbers_bound("RecurrSim 在 Kuramoto-Sivashinsky 基准上的长时预测误差比普通 FNO 低 13.5% [1]。", p, q2).ok
    right = "RecurrSim 在 Navier-Stokes 模拟中使用的训练内存少 13.5% [1]。"
    assert numbers_bound(right, p, "RecurrSim 在 Navier-Stokes 模拟中节省多少训练内存？").ok
    # each clause of a Chinese sentence keeps its own figure's names
    both = "在 Navier-Stokes 模拟中有 262k 个点，RecurrViT 的误差降低 90% [1]。"
    assert numbers_bound(both, _passage(1, "recurrsim", "RecurrSim", RECURRSIM + " RecurrViT reduces "
                                        "error accumulation by 90% compared to standard Vision Transformers."),
                         "Navier-Stokes 和 RecurrViT 的结果如何？").ok


RESILI = ("Specifically, MDP-optimal workflow prompts achieve an average success rate of 62.1\\%, "
          "Chain-of-Thought prompts yield an average success rate of 50.8\\%, and flawed workflow "
          "prompts result in an average success rate of 54.3\\%.")


def test_a_figure_is_bound_within_a_sentence_that_lists_several() -> None:
    p = _passage(1, "resili", "ResiliBench", RESILI)
    claim = "In ResiliBench, Chain-of-Thought prompts achieve an average success rate of 62.1%."
    assert not numbers_bound(claim, p, claim).ok
    right = "In ResiliBench, Chain-of-Thought prompts achieve an average success rate of 50.8%."
    assert numbers_bound(right, p, right).ok


def test_a_sentence_opening_scopes_each_of_its_figures() -> None:
    """Blind6's ag14 (after its run): "In SpMV tasks, it improves the compilation rate by 20%
    ..., and the generated code runs 30% faster" says both figures of SpMV."""
    p = _passage(1, "sparserl", "SparseRL", SPARSERL)
    q = "On SpMV tasks, which of SparseRL's gains is larger?"
    assert numbers_bound("On SpMV tasks, the generated code runs 30% faster.", p, q).ok
    spmm = "On SpMM tasks, which of SparseRL's gains is larger?"
    assert not numbers_bound("On SpMM tasks, the generated code runs 30% faster.", p, spmm).ok


def test_each_figure_of_a_sentence_is_bound_to_its_own_clause() -> None:
    """Blind5's af14: "MDP-optimal ... is 62.1%, and ... Chain-of-Thought ... is 50.8%" was
    dropped because each figure had to be said of both named things."""
    p = _passage(1, "resili", "ResiliBench", RESILI)
    q = "How much higher is the success rate of MDP-optimal workflow prompts than of Chain-of-Thought prompts?"
    both = ("The average success rate of MDP-optimal workflow prompts is 62.1%, and the average "
            "success rate of Chain-of-Thought prompts is 50.8%.")
    assert numbers_bound(both, p, q).ok
    swapped = ("The average success rate of MDP-optimal workflow prompts is 50.8%, and the average "
               "success rate of Chain-of-Thought prompts is 62.1%.")
    assert not numbers_bound(swapped, p, q).ok


@pytest.mark.parametrize(("reply", "again"), [
    ("QuRL (Wei et al.)", True),  # a name is not an answer
    ("RFedAGS (Huang et al.) [1]", True),
    ("[1]", True),
    ("", True),
    ("QuRL's rubrics are question-specific and content-based [1].", False),
    ("I don't know.", False),  # a refusal is not a name: asked for its parts instead (unknown_only)
    ("已加载的论文没有提到。", False),
])
def test_names_only_decides_when_the_model_is_asked_again(reply: str, again: bool) -> None:
    names = ["QuRL Qingwei Wei", "RFedAGS Zhenwei Huang"]
    assert names_only("What properties do QuRL's rubrics have?", reply, names).ok is again


@pytest.mark.parametrize(("reply", "bare"), [
    ("I don't know.", True),
    ("I don't know", True),
    ("  I do not know. ", True),
    ("我不知道。", True),
    ("I don't know. [1]", True),  # a stray marker says nothing more
    ("", False),  # an empty reply is asked again as naming nothing (names_only)
    ("I don't know. RoT reduces output tokens by up to 40% [1].", False),  # it says something
    ("RoT reduces output tokens by up to 40% [1]. I don't know the rest.", False),
    ("The passages do not state how many GPUs were used.", False),  # the model's own verdict
    ("已加载的论文没有提到。", False),
    # "No passage answers ..." says no more (blind53's cg02 and cg14, answerable questions)
    ("No passage answers this question.", True),
    ("No passage directly addresses the question.", True),
    ("No passage mentions the GPU count. RoT reduces output tokens by 40% [1].", False),
    ("No passage-level cache is used by RoT [1].", False),
])
def test_unknown_only_is_a_reply_saying_nothing_but_that_the_model_does_not_know(reply: str,
                                                                                 bare: bool) -> None:
    assert unknown_only(reply).ok is bare


GLOT_GNN = ("GLOT treats a sentence as a token graph and refines it with a lightweight graph "
            "neural network before pooling, a Kullback–Leibler view of it.")


@pytest.mark.parametrize(("sentence", "ok"), [
    ("GLOT uses a graph neural network architecture, specifically GAT (Graph Attention Network).", False),
    ("GLOT refines the token graph with a lightweight graph neural network [1].", True),
    ("It is evaluated on GLUE and MTEB.", True),  # held by the rest of the paper
    ("It is evaluated on ImageNet.", False),
    ("It estimates Kullback-Leibler divergences.", True),  # the paper writes "Kullback–Leibler"
    ("As the question says, it keeps the LLM frozen.", True),  # the question's own term
    ("It refines the graph with a GNN [1].", True),  # the paper spells the acronym out
    ("It refines the graph with a GCN [1].", False),
])
def test_specifics_held_names_only_what_the_cited_paper_or_question_says(sentence: str, ok: bool) -> None:
    passage = _passage(1, "glot", "GLOT", GLOT_GNN)
    paper = frozenset(t for text in (GLOT_GNN, GLOT) for t in tokenize(text))
    verdict = specifics_held(sentence, passage, "Which GNN does GLOT use with a frozen LLM?", paper)
    assert verdict.ok is ok, verdict.reason


def test_a_name_the_question_only_offers_as_an_example_is_not_held_by_it() -> None:
    """Blind3's unanswerable ac36 ("Which graph neural network architecture, such as GCN or GAT,
    does GLOT use?") was answered "specifically GAT" from a paper that never says GAT."""
    passage = _passage(1, "glot", "GLOT", GLOT_GNN)
    q = "Which graph neural network architecture, such as GCN or GAT, does GLOT use?"
    assert offered_names(q) == ["GCN", "GAT", "GCN", "GAT"]
    assert not specifics_held("GLOT uses a graph neural network, specifically GAT.", passage, q).ok
    assert specifics_held("GLOT refines the graph with a lightweight graph neural network.", passage, q).ok
    choice = "Does GLOT refine the graph with GCN or GAT layers?"
    assert not specifics_held("GLOT uses GCN layers.", passage, choice).ok
    # a name the question asks about, not offers, is still the question's own
    assert specifics_held("GLOT keeps the LLM frozen.", passage, "Does GLOT keep the LLM frozen?").ok
    assert not offered_names("How does GLOT compare with mean pooling on GLUE and MTEB?")


def test_a_word_no_paper_has_is_known_when_the_cited_text_spells_its_acronym() -> None:
    assert not known_words("It refines tokens with a GNN [1].", frozenset({"gnn"})).ok
    assert known_words("It refines tokens with a GNN [1].", frozenset({"gnn"}), GLOT_GNN).ok
    assert not known_words("It uses a GCN [1].", frozenset({"gcn"}), GLOT_GNN).ok


def test_a_sentence_restating_the_question_is_checked_on_what_it_adds() -> None:
    question = ("In the paper whose neural simulators let users pick a loop count at inference time, "
                "how do classical numerical solvers trade accuracy against cost?")
    passage = _passage(1, "rs", "RecurrSim", "Classical numerical solvers typically offer an accuracy-cost "
                       "trade-off: increasing resolution, order, or precision yields more accurate solutions.")
    echo = ("In the paper whose neural simulators let users pick a loop count at inference time, classical "
            "numerical solvers increase resolution, order, or precision for more accurate solutions.")
    assert not asked_terms_held(echo, passage, question, share=0.6).ok  # every asked term counted
    assert asked_terms_held(echo, passage, question, share=0.6, restated_span=6).ok
    # a short phrase taken from the question is still the sentence's own assertion
    short = "RecurrSim lets users pick a loop count for classical numerical solvers."
    assert not asked_terms_held(short, passage, question, share=0.6, restated_span=6).ok
    # a restated stretch counts as held: it cannot make a term the sentence asserts count more
    asserts = ("In the paper whose neural simulators let users pick a loop count at inference time, "
               "the sampling process is a stochastic differential equation.")
    held = asked_terms_held(asserts, passage, question + " What is the sampling process?", share=0.6,
                            restated_span=6)
    assert held.ok and "sampl process" in held.reason  # listed, but outweighed


NAVIS_TASKS = ("Temporal graph learning addresses the problem of forecasting a node's future "
               "affinities, with applications in social and financial networks.")


def test_a_yes_no_questions_content_and_a_condition_are_not_restated_descriptions() -> None:
    """Blind13's as34 and as33 (unanswerable; after their run): "Yes, NAVIS uses edge features
    such as interaction weights" copies a yes / no question's content, which it asserts; "when
    the Gaussian components have full, non-isotropic covariance matrices" is the condition the
    answer must meet. Neither counts as held for being copied, unlike a question's description
    of its paper ("Is there work that ...?" included)."""
    assert described("Does NAVIS use edge features such as interaction weights?") == ""
    assert described("Is there work that learns a single unit? Which does it name?").startswith("Is there work")
    assert "covariance" not in described("How accurate is TGMM when the Gaussian components have full, "
                                         "non-isotropic covariance matrices?")
    assert "loop count" in described("In the paper whose simulators let users pick a loop count, how ...?")
    navis = _passage(1, "navis", "NAVIS", NAVIS_TASKS)
    yes = "Yes, NAVIS uses edge features such as interaction weights to forecast affinities."
    question = "Does NAVIS use edge features such as interaction weights to forecast affinities?"
    said = asked_terms_held(yes, navis, question, share=0.6, restated_span=6)
    assert not said.ok and "edg featur" in said.reason
    # the same words as a description the question gives of its paper are restated
    wh = "In the paper that uses edge features such as interaction weights to forecast affinities, what is studied?"
    echo = "In the paper that uses edge features such as interaction weights to forecast affinities, social networks are studied."
    assert asked_terms_held(echo, navis, wh, share=0.6, restated_span=6).ok
    condition = "How well does NAVIS forecast affinities when edge features such as interaction weights are missing?"
    copied = "NAVIS forecasts affinities well when edge features such as interaction weights are missing."
    assert not asked_terms_held(copied, navis, condition, share=0.6, restated_span=6).ok


def test_a_chinese_how_big_question_needs_an_answer_that_adds_something() -> None:
    question = "GLOT 在构建词元相似度图时，用多大的相似度阈值来连边？"
    assert not adds_information(question, "GLOT 在构建词元相似度图时，用多大的相似度阈值来连边 [1]。", ["GLOT"]).ok
    assert not answer_type_matches(question, "GLOT 用相似度阈值来连边。").ok  # a size was asked



def test_a_chinese_answer_that_adds_one_short_word_adds_information() -> None:
    """Blind15's au28 asked what of the model Drechsel et al. use ("利用模型的什么"); the reply
    gave the question back with "梯度" (gradients) in the gap, and blind22's bb26 with "工具库",
    and both were refused as repeating the question: two or three new characters, one of them a
    function character, were under the count. A run of two or more characters none of which the
    question has is a word the answer adds; an echo of the question still adds nothing."""
    q1 = "Drechsel 等人提出的编码器-解码器方法是利用模型的什么来学习编码社会偏见信息的特征神经元的？"
    a1 = "Drechsel 等人提出的编码器-解码器方法是利用模型的梯度来学习编码社会偏见信息的特征神经元的 [1]。"
    assert adds_information(q1, a1).reason == "adds: 梯度"
    q2 = "ResiliBench 的构建流程一共生成了 5,040 个任务，这些任务是从什么当中生成的？"
    assert adds_information(q2, "ResiliBench 的构建流程一共生成了 5,040 个任务，这些任务是从一个工具库中生成的 [1]。").ok
    assert not adds_information(q1, "Drechsel 等人的方法是利用模型来学习特征神经元的 [1]。").ok
    assert not adds_information(q2, "这些任务是从一个当中生成的 [1]。").ok  # "一个": function characters only


def test_a_figure_worked_out_from_the_passage_is_held() -> None:
    """Blind5's af14 asked how many points higher 62.1% is than 50.8%; the reply "62.1 - 50.8 =
    11.3" was dropped because 11.3 is in no abstract. A sum shown in the open, from the
    passage's figures and right to the digits written, is held; a wrong or unsupported one is not."""
    p = _passage(1, "resili", "ResiliBench", RESILI)
    assert numbers_held("The difference is 62.1 - 50.8 = 11.3 percentage points.", p).ok
    assert numbers_held("That is 62.1% − 50.8% = 11.3%.", p).ok
    assert not numbers_held("The difference is 62.1 - 50.8 = 12.3 percentage points.", p).ok
    assert not numbers_held("The difference is 62.1 - 40.8 = 21.3 percentage points.", p).ok
    assert not numbers_held("The gap is 11.3 points.", p).ok  # not worked out: not held


def test_a_figure_with_a_magnitude_is_held_by_its_full_value() -> None:
    """Blind22's bb02 asked how many points RecurrSim's 3D Navier-Stokes simulations have; the
    reply "262,000 points" was dropped because the abstract writes "262k". A figure written with
    a magnitude (k, M, B, thousand, million, billion) is its full value too, both ways; another
    figure is still not held."""
    p = _passage(1, "recurr", "RecurrSim", "On high-dimensional 3D compressible Navier-Stokes simulations "
                 "with 262k points, a 0.8B parameter RecurrFNO outperforms 1.6B parameter baselines.")
    assert numbers_held("The simulations have 262,000 points.", p).ok
    assert numbers_held("The simulations have 262k points and RecurrFNO has 0.8 billion parameters.", p).ok
    assert numbers_held("The baselines have 1,600,000,000 parameters.", p).ok
    assert not numbers_held("The simulations have 26,200 points.", p).ok
    assert not numbers_held("The baselines have 16 billion parameters.", p).ok
    spelled = _passage(2, "recurr", "RecurrSim", "The meshes have 262,000 points.")
    assert numbers_held("The meshes have 262 thousand points.", spelled).ok
    assert not numbers_held("The meshes have 262 million points.", spelled).ok


def test_a_bare_figure_is_not_held_by_the_same_figure_given_as_a_ratio() -> None:
    """Blind20's az43 asked GLOT's input sequence length, which its abstract does not give; the
    reply "输入序列长度为 100" passed because the abstract says GLOT trains "over 100x faster". A
    figure given only as a ratio ("100x", "20 倍", "10-fold") holds the ratio, not a bare figure;
    a ratio in the sentence is still held by the passage's bare figure ("a factor of 20")."""
    glot = _passage(1, "glot", "GLOT", GLOT + " It trains over 100x faster than full fine-tuning.")
    assert not numbers_held("输入序列长度为 100。", glot).ok
    assert not numbers_held("GLOT uses 20 trainable parameters.", glot).ok
    assert numbers_held("GLOT trains 100 倍 faster.", glot).ok
    assert numbers_held("GLOT trains 100 times faster.", glot).ok
    assert numbers_held("GLOT needs 20-fold fewer trainable parameters.", glot).ok
    factor = _passage(2, "f", "F", "It cuts the cost by a factor of 20 on a 3 x 3 grid.")
    assert numbers_held("It is 20x cheaper.", factor).ok
    assert numbers_held("The grid is 3 by 3.", factor).ok


def test_a_verb_and_its_preposition_are_not_an_asked_term() -> None:
    """Blind5's af20 asked what node representations are "built from"; the right answer was
    dropped because "built from" is in no abstract. A pair with a preposition is no term."""
    q = "In the work that maps node attributes into a common space, what are the node representations built from?"
    assert ("built", "from") not in asked_terms(q)
    assert ("node", "represent") in asked_terms(q)
    # a unit is no term either: "how many percentage points higher" asks a difference
    assert not asked_terms("How many percentage points higher is the success rate?") & {("percentag", "point")}


def test_saying_where_it_is_stated_adds_no_information() -> None:
    """Blind6's ag35 (unanswerable, after its run): the question restated with its own figure,
    plus "This is stated in the passage from ResiliBench", passed as an answer: "passage" was
    the only new word."""
    q = "How many of ResiliBench's 5,040 tasks are held out as a test split?"
    text = "There are 5,040 tasks held out as a test split [2]. This is stated in the passage from ResiliBench [2]."
    assert not adds_information(q, text, ["ResiliBench"]).ok
    assert adds_information(q, "There are 504 tasks held out [2].", ["ResiliBench"]).ok


def test_a_chinese_answer_must_add_enough_new_characters(monkeypatch: pytest.MonkeyPatch) -> None:
    """Three new characters by default: "中心地位" for "什么地位" adds one (blind8's am24 stays
    refused); with new_cjk_chars = 1 it passes, and so would garbled replies (holdout's ah23)."""
    from rag import contradiction

    q = "Balla 等人认为自回归（AR）模型在现代生成式 AI 系统中处于什么地位？"
    short = "Balla 等人认为自回归（AR）模型在现代生成式 AI 系统中处于中心地位 [1]。"
    assert not adds_information(q, short).ok
    monkeypatch.setattr(contradiction, "words", lambda: replace(words(), new_cjk_chars=1))
    monkeypatch.setattr("rag.policy.words", contradiction.words)
    assert adds_information(q, short).ok
    q = "行为基础模型（BFM）在测试时根据直接给定的奖励函数检索高性能策略，这个过程通常被称为什么？"
    assert not adds_information(q, "行为基础模型（BFM）在测试时根据直接给定的奖励函数检索高性能策略 [1]。").ok


def test_a_number_word_is_not_the_counted_thing() -> None:
    q = "In ResiliBench, how many of the three prompting styles have an average success rate below 55%?"
    assert counted_thing(q) == "prompt"


def test_a_sentence_opening_on_the_one_before_follows_a_kept_sentence() -> None:
    """"This is because ...", "This means ...", "Therefore, ...": after a dropped sentence, it
    explains or concludes from nothing the answer keeps (blind14 at36, blind15 au38)."""
    # blind58's cl40: "This is possible with GraphBSI, ..." after a dropped "Yes, we can fix a
    # scaffold ...": it affirms what the dropped sentence said
    for opener in ("This is because TGMM learns in context.", "Therefore, the order does not matter.",
                   "This means the network is not retrained.", "As a result, the cost falls.",
                   "This is possible with GraphBSI, a one-shot graph generative model.", "That is true of NAVIS."):
        assert not follows_kept(opener, before_dropped=True).ok, opener
        assert follows_kept(opener, before_dropped=False).ok, opener
    # a sentence naming its own subject, or opening on a noun, stands alone
    for own in ("This paper proposes TGMM.", "These models iterate one block.", "TGMM learns in context."):
        assert follows_kept(own, before_dropped=True).ok, own
    # blind32's bl42 (session 34): "这些结果证明了..." concluded from a dropped invented result
    for opener in ("这些结果证明了一种输入无关、可迁移的图模型方向。", "因此，它不需要重新训练。"):
        assert not follows_kept(opener, before_dropped=True).ok, opener
    # blind43's bw18: "they" are the dropped sentence's GLOT authors, the result InfoSEDD's
    mixed = "In their test where nine out of ten tokens are junk, they show that InfoSEDD outperforms others."
    assert not follows_kept(mixed, True, {"glot"}, {"infosedd"}).ok
    assert follows_kept(mixed, True, {"infosedd"}, {"infosedd"}).ok  # the same paper goes on
    assert follows_kept(mixed, False, {"glot"}, {"infosedd"}).ok  # after a kept sentence
    assert follows_kept("InfoSEDD outperforms others.", True, {"glot"}, {"infosedd"}).ok  # no pronoun
    assert follows_kept("这项研究提出了 ALL-IN。", before_dropped=True).ok


def test_a_sentence_pointing_at_its_source_stands_on_the_one_before() -> None:
    """Blind53's cg31: "Yes, the RoT paper says ... [1]" was dropped and "This is explicitly stated
    in passage under the section "Retrieval-of-Thought (RoT)" [1]" kept as the whole answer to an
    unanswerable question; cg38 kept "The passage states: "We propose ... TGMM ..."" after the
    dropped "The TGMM experiments were run on ... MNIST"."""
    for pointer in ('This is explicitly stated in passage under the section "Retrieval-of-Thought (RoT)".',
                    "It is described in Partition Generative Modeling.",
                    'This was mentioned by the authors of GLOT.',
                    'The passage states: "We propose TGMM, a transformer for Gaussian mixtures."',
                    # blind54's ch36 at 4,310 papers, after "Lanzillotta et al. did not check ..."
                    'Lanzillotta et al. states: "We reveal a critical asymmetry in Experience Replay."'):
        assert not follows_kept(pointer, before_dropped=True).ok, pointer
        assert follows_kept(pointer, before_dropped=False).ok, pointer
    # a sentence saying something of its own in the passage's name stands alone
    for own in ("The passage states that TGMM learns to solve several GMM tasks.",
                "It was shown to work with successor-features-based BFMs.",
                "It is stated that the method needs no labels, in passage [1].",
                "The paper states: TGMM is trained on many mixture tasks at once.",
                'Across the ten tasks of all four domains in the study, the authors write: "x"'):
        assert follows_kept(own, before_dropped=True).ok, own


def test_a_demonstrative_and_a_noun_point_back_to_the_sentence_before() -> None:
    """Blind38's br37 (unanswerable: TGMM's largest number of samples): "The maximum number of
    samples ... is limited by the context length" was dropped, and "This limit is imposed to
    ensure that the transformer can effectively learn ..." kept: it explains a limit nothing
    the answer keeps states."""
    for opener in ("This limit is imposed to ensure that the transformer learns.",
                   "These results show that the method scales.", "Such gains come from the graph."):
        assert not follows_kept(opener, before_dropped=True).ok, opener
        assert follows_kept(opener, before_dropped=False).ok, opener
    for own in ("This method reuses prior reasoning steps.", "This approach needs no labels.",
                "This is supported by the theory.", "These are the two directions."):
        assert follows_kept(own, before_dropped=True).ok, own


def test_how_much_before_a_pronoun_asks_a_degree() -> None:
    """Blind38's br01, a non-native speaker: "how much it improves the speed of the inference?"
    asks a degree, as "how much does it improve" does; it counts no 'improv'."""
    assert counted_thing("In the RoT paper, how much it improves the speed of the inference?") == ""
    assert counted_thing("How many tasks does ResiliBench generate?") == "task"


def test_adverbs_and_conjunctions_are_no_asked_terms() -> None:
    """Blind38's br01 and br23: "the prompt becomes more long because of the templates" asked
    for 'long becaus' and 'prompt becom', "like the EM algorithm makes it" for 'mixtur like'."""
    terms = asked_terms("And the prompt becomes more long because of the templates, or not?")
    assert not {t for t in terms if {"becaus", "becom"} & set(t)}
    assert ("mixtur", "like") not in asked_terms("make the clustering of Gaussian mixtures like the EM algorithm")


INFOSEDD_MI = ("We show that InfoSEDD outperforms existing neural estimators of mutual information on "
               "synthetic data with many discrete variables.")


def test_a_name_the_question_compares_with_is_not_held_by_it() -> None:
    """Blind15's unanswerable au39 ("How does InfoSEDD's mutual information estimate compare with
    the MINE neural estimator on continuous Gaussian variables?") was answered "more accurate
    than the MINE neural estimator" from an abstract that never names MINE: what a question
    compares its subject with is a claim the paper must make, like a name it offers as an
    example. The ground of the comparison ("on GLUE and MTEB") stays the question's own."""
    q = ("How does InfoSEDD's mutual information estimate compare with the MINE neural estimator "
         "on continuous Gaussian variables?")
    assert offered_names(q) == ["MINE"]
    assert offered_names("Is RoT faster than CoT-SC on GSM8K?") == ["CoT-SC"]
    assert offered_names("NAVIS versus TGN: which forecasts better?") == ["TGN"]
    assert not offered_names("How does GLOT compare with mean pooling on GLUE and MTEB?")
    passage = _passage(1, "infosedd", "InfoSEDD", INFOSEDD_MI)
    assert not specifics_held("InfoSEDD's estimate is more accurate than the MINE neural estimator.",
                              passage, q).ok
    assert specifics_held("InfoSEDD outperforms existing neural estimators of mutual information.",
                          passage, q).ok


def test_a_how_answer_must_say_how() -> None:
    """Blind17's aw42 (unanswerable): "chooses K ... by setting the number of recurrent
    iterations K" gives the question back as its own means. "by" before a name says who, not
    how: blind18's ax34 reply ("The gender feature neuron learned by Drechsel et al. can handle
    non-binary gender identities by adjusting the weights ...") was dropped in the replay only
    for "by Drechsel et al", which is not a means."""
    question = ("How does RecurrSim automatically choose the number of recurrent iterations K needed "
                "to meet a target error tolerance?")
    circular = ("RecurrSim automatically chooses the number of recurrent iterations K needed to meet a "
                "target error tolerance by setting the number of recurrent iterations K.")
    assert not means_added(circular, question).ok
    assert "by setting the number of recurrent iterations" in means_added(circular, question).reason
    assert means_added("Users choose K by trading accuracy against cost at test time.", question).ok
    assert means_added("By adjusting K, users get fast, less accurate simulations.", question).ok
    # not a question for a way: "how much" wants a figure, however it is worded
    assert means_added("Latency falls by reducing the latency.", "How much does RoT reduce latency?").ok
    assert means_added(circular, "What does RecurrSim choose?").ok
    drechsel = "How does the gender feature neuron learned by Drechsel et al. handle non-binary genders?"
    assert means_added("The neuron learned by Drechsel et al. handles them by adjusting the weights of "
                       "the model.", drechsel).ok
    assert not means_added("The neuron learned by Drechsel et al. handles them by handling non-binary "
                           "genders.", drechsel).ok


def test_a_question_that_names_no_paper_may_be_restated_in_shorter_stretches(chat: PaperChat) -> None:
    """Blind18's ax20 (a paraphrase, refused at both sizes): "How does it model the tools'
    random behaviour?" answered "The benchmark models the tools' random behaviour through
    parameterized error models that simulate real-world API failure patterns", the abstract's
    own answer, was dropped for "random behaviour", the question's words for "probabilistic tool
    behaviors". A question naming no paper has to describe it: three copied words restate it.
    A question naming the paper needs no description, so the longer span holds there."""
    passage = _passage(1, "rb", "ResiliBench", "The benchmark incorporates three key aspects: (1) "
                       "modeling of probabilistic tool behaviors through parameterized error models "
                       "that simulate real-world API failure patterns.")
    question = ("A benchmark checks how well LLMs carry out tool-calling workflows when the tools may "
                "misbehave at random. How does it model the tools' random behaviour?")
    answer = ("The benchmark models the tools' random behaviour through parameterized error models "
              "that simulate real-world API failure patterns.")
    assert asked_terms_held(answer, passage, question, share=0.6, restated_span=3).ok
    assert not asked_terms_held(answer, passage, question, share=0.6, restated_span=6).ok
    described = chat._answer_context(chat.understand(question))
    named = chat._answer_context(chat.understand("How does ResiliBench model the tools' random behaviour?"))
    assert (described.restated_span, named.restated_span) == (3, 6)


def test_the_papers_a_question_names_by_name_or_author_label_are_its_focus(chat: PaperChat) -> None:
    """A question naming "Liu et al." is about the loaded papers with an author Liu (Liu et al.'s
    own, and RoT, a Liu among its authors), so a sentence naming no paper may cite only them
    (blind38's br34 at 4,310 papers cited another paper's "Implicit Chain-of-Thought"); one
    naming a paper by its name is about that paper; one naming none, about the paper found first."""
    ids = {r.display_name: pid for pid, r in chat.store.catalogue().items()}
    labelled = chat._answer_context(chat.understand("Which model wins in Liu et al.'s reasoning tests?"))
    assert labelled.named_focus and labelled.focus == {ids["Liu et al."], ids["RoT"]}
    both = chat._answer_context(chat.understand("Do Balla et al. and STAD both open with a mismatch?"))
    assert both.named_focus and both.focus == {ids["Balla et al."], ids["STAD"]}
    named = chat._answer_context(chat.understand("How much does RoT cut latency?"))
    assert named.named_focus and named.focus == {ids["RoT"]}
    # a paper named beside its authors' names ("Balla & Lawrence's post"): both are asked about
    # (answers_library_blind41's bu29 lost "The post describes ... [Balla et al.]")
    pair = chat._answer_context(chat.understand(
        "Our session pairs GraphBSI with Balla & Lawrence's post. How does each one handle order?"))
    assert pair.named_focus and pair.focus == {ids["GraphBSI"], ids["Balla et al."]}
    question = "Which method reuses reasoning steps stored in a graph?"
    hits = chat.retrieve(question).hits
    described = chat._answer_context(chat.understand(question), hits)
    assert not described.named_focus and described.focus == {hits[0].paper_id}


ROT_GRAPH = ("RoT organizes prior reasoning as composable thought steps in a thought graph with "
             "sequential and semantic edges, and retrieves query-relevant nodes for a new problem.")


def test_what_an_answer_adds_must_be_in_what_it_cites() -> None:
    question = ("How does the retrieval latency of RoT grow as its thought graph scales from "
                "thousands to millions of nodes?")
    cited = [_passage(1, "rot", "RoT", ROT_GRAPH)]
    made_up = ("The retrieval latency of RoT grows exponentially as its thought graph scales from "
               "thousands to millions of nodes [1].")
    verdict = added_held(question, made_up, cited, ["RoT"], min_share=0.5)
    assert not verdict.ok and verdict.reason.endswith("not held: exponenti") and "0.00 of its 1" in verdict.reason
    # the same answer citing a passage that says it
    says = _passage(1, "rot", "RoT", "Retrieval latency grows exponentially with the graph's size.")
    assert added_held(question, made_up, [says], ["RoT"], min_share=0.5).ok
    # a number and words taken from the passage are held
    assert added_held("How much does RoT reduce latency?", "RoT reduces inference latency by 82% [1].",
                      [_passage(1, "rot", "RoT", ROT)], ["RoT"], min_share=1.0).ok
    # the rest of the cited paper counts (the passage shown is a few of its sentences)
    whole = added_held(question, made_up, cited, ["RoT"], lambda p: frozenset(["exponenti"]), 0.5)
    assert whole.ok and "papers hold 1.00" in whole.reason and "passages 0.00" in whole.reason
    # "yes" is the verdict (verdict_kept checks it), not information; a compound is held by its parts
    assert added_held("Does ALL-IN work on unseen datasets?", "Yes, ALL-IN works on unseen datasets [1].",
                      cited, ["ALL-IN"], min_share=1.0).reason.startswith("adds nothing")
    parts = _passage(1, "allin", "ALL-IN", "It performs strongly on node- and graph-level tasks.")
    assert added_held("On which tasks does ALL-IN perform well?", "ALL-IN performs well on node-level tasks [1].",
                      [parts], ["ALL-IN"], min_share=1.0).ok


def test_added_held_leaves_what_it_cannot_measure_to_other_checks() -> None:
    cited = [_passage(1, "rot", "RoT", ROT)]
    assert added_held("What does RoT reduce?", "RoT 将推理延迟降低了 82% [1]。", cited, min_share=1.0).ok
    assert added_held("What does RoT reduce?", "RoT reduces [1].", cited, ["RoT"], min_share=1.0).ok
    assert added_held("What does RoT reduce?", "RoT reduces latency [1].", cited, min_share=0.0).ok


def test_a_chinese_answer_giving_back_the_questions_example_must_cite_a_paper_naming_it() -> None:
    """Blind20's az42 asked what prior STAD puts on class proportions, "例如狄利克雷先验吗？" (for
    example a Dirichlet prior?); STAD's abstract names no prior, and the answer "STAD 假设了狄利克雷
    先验 [1]" passed: its only content was the question's own example. The example's name in the
    English rewrite must be in a cited paper; an answer not repeating the example is not judged."""
    question = "STAD 在处理标签偏移时，对各类别所占比例假设了什么先验分布？例如狄利克雷先验吗？"
    rewrite = "What prior does STAD assume for class proportions under label shift? For example, is it a Dirichlet prior?"
    assert offered_cjk(question) == ["狄利克雷先验"]
    stad = _passage(1, "stad", "STAD", STAD)
    bad = offered_held(question, rewrite, "STAD 假设了狄利克雷先验 [1]。", [stad])
    assert not bad.ok and "Dirichlet" in bad.reason
    dirichlet = _passage(2, "d", "D", "We place a Dirichlet prior on the class proportions.")
    assert offered_held(question, rewrite, "STAD 假设了狄利克雷先验 [2]。", [dirichlet]).ok
    assert offered_held(question, rewrite, "STAD 推断随时间变化的类别原型 [1]。", [stad]).ok  # not the example
    assert not offered_held(question, "What prior does STAD assume?", "STAD 假设了狄利克雷先验 [2]。", [dirichlet]).ok
    assert offered_held("STAD 用什么先验？", rewrite, "STAD 假设了狄利克雷先验 [1]。", [stad]).ok  # none offered
    # the rewrite may offer it after "e.g." (no word boundary follows the full stop)
    eg = "What prior does STAD assume, e.g. a Dirichlet prior?"
    assert "Dirichlet" in offered_held(question, eg, "STAD 假设了狄利克雷先验 [1]。", [stad]).reason


def test_a_compound_the_question_offers_as_a_choice_must_be_in_the_cited_paper() -> None:
    """Blind20's az31 asked whether Lanzillotta et al. study "class-incremental or
    task-incremental" continual learning; the abstract says neither, and "Yes, Lanzillotta et
    al. study class-incremental continual learning [1]" passed on the parts "class" and
    "incremental". A compound the question offers as a choice must be in the cited paper whole."""
    question = ("Do Lanzillotta et al. study class-incremental or task-incremental continual "
                "learning?")
    assert list(offered_compounds(question)) == [("class-incremental", ("task-incremental",)),
                                                 ("task-incremental", ("class-incremental",))]
    replay = _passage(1, "lanz", "Lanzillotta et al.", "Replay of past classes limits incremental "
                      "forgetting in continual learning.")
    bad = specifics_held("Yes, Lanzillotta et al. study class-incremental continual learning.", replay, question)
    assert not bad.ok and "class-incremental" in bad.reason
    said = _passage(2, "lanz", "Lanzillotta et al.", "We study class-incremental continual learning.")
    assert specifics_held("They study class-incremental continual learning.", said, question).ok
    assert specifics_held("They study continual learning with replay.", replay, question).ok  # picks none
    # blind4's ad07 and blind16's av20 name both sides: the subject, not a pick (right answers)
    both = "Why does simply averaging or max-pooling token outputs lose information?"
    assert specifics_held("Averaging or max-pooling treats tokens as a set.", replay, both).ok
    assert not specifics_held("Max-pooling treats tokens as a set.", replay, both).ok
    graph = "What kind of model is GraphBSI, one-shot or sequential?"
    assert specifics_held("GraphBSI is a one-shot model.",
                          _passage(3, "g", "GraphBSI", "GraphBSI is a one-shot graph generative model."), graph).ok


YAROTSKY = ("We prove that the optimal rate is given by theta_max, where nu, zeta are the exponents "
            "appearing in the capacity and source spectral conditions.")


def test_a_choice_the_question_offers_is_answered_by_a_pick_its_cited_paper_says() -> None:
    """Blind21's ba34 (unanswerable) asked whether implicit models' power grows "linearly,
    polynomially or exponentially" and was answered with a sentence that picks none; ba32 asked
    whether corner SGD needs the exponents in advance "or does it estimate them from the data",
    and "it estimates them from the data" passed, though the paper never speaks of estimating
    or of data: the question's own words are free to repeat, so nothing else checked the pick."""
    rate = ("At what rate does the expressive power of implicit models grow with the number of "
            "test-time iterations in Liu et al.'s theory: linearly, polynomially or exponentially?")
    assert offered_choices(rate) == ((frozenset({"linear"}), True), (frozenset({"polynomi"}), True),
                                     (frozenset({"exponenti"}), True))
    liu = _passage(1, "liu", "Liu et al.", "A simple and regular implicit operator can, through "
                   "iteration, progressively express more complex mappings.")
    none = choice_held(rate, "The implicit operator progressively expresses more complex mappings [1].", [liu])
    assert not none.ok and "picks none" in none.reason
    unsaid = choice_held(rate, "It grows exponentially with the iterations [1].", [liu])
    assert not unsaid.ok and "exponenti" in unsaid.reason
    said = _passage(2, "liu", "Liu et al.", "Expressive power grows exponentially with iterations.")
    assert choice_held(rate, "It grows exponentially with the iterations [2].", [said]).ok
    # the choice in a yes / no question: the alternatives are what only each side says
    corner = ("Does Yarotsky's corner SGD need the spectral exponents to be known in advance to set "
              "its corner angle, or does it estimate them from the data?")
    assert offered_choices(corner)[1] == (frozenset({"estim", "data"}), True)
    yar = _passage(3, "yar", "Yarotsky", YAROTSKY)
    bad = choice_held(corner, "Yarotsky's corner SGD estimates the exponents from the data [3].", [yar])
    assert not bad.ok and bad.reason.endswith("data, estim")
    # the first of two clauses also describes the subject: its words are not the pick's claim
    # (blind11's aq17: the method's description was not in the passage the answer cited)
    assert not offered_choices(corner)[0][1]
    assert choice_held(corner, "Yarotsky's corner SGD needs the exponents in advance [3].", [yar]).ok
    # blind6's ag19 (a right answer): "builds on" is held by "based on", one meaning
    compress = "Does the approach replace today's compressors, or build on them?"
    zhiyi = _passage(5, "z", "Zhiyi et al.", "Existing compression methods are based on magnitude; "
                     "we enhance existing mainstream compression schemes.")
    assert choice_held(compress, "It builds on existing mainstream compression schemes [5].", [zhiyi]).ok
    # the words may come from the rest of the cited paper
    assert choice_held(corner, "It estimates them from the data [3].", [yar],
                       lambda p: frozenset({"estim", "data"})).ok
    # a short list after a comma, and "one-shot" held by the passage
    graph = "What kind of model is GraphBSI, one-shot or sequential?"
    bsi = _passage(4, "g", "GraphBSI", "GraphBSI is a one-shot graph generative model.")
    assert choice_held(graph, "GraphBSI is a one-shot model [4].", [bsi]).ok
    assert not choice_held(graph, "GraphBSI is a sequential model [4].", [bsi]).ok
    # no choice: a wh-question's "or", "or not", an "or" before the colon (blind4's ad29), a
    # Chinese answer
    for question in ("Which papers study pruning or quantization?", "Does STAD use labels or not?",
                     "InfoSEDD and NAVIS each draw on an established theory or model class: which "
                     "theory backs InfoSEDD's design, and with which model class does NAVIS exploit "
                     "an equivalence?",
                     # a wh-question after the colon ("abstract" was taken for a pick)
                     "For each paper: what actually changes or gets spent at test time, what does "
                     "that buy according to the abstract, and does it need labels?",
                     # an alternative of nothing but "something" (blind51's ce20)
                     "Is it a replacement, or something that works with them?"):
        assert offered_choices(question) == ()
        assert choice_held(question, "STAD infers class prototypes [4].", [bsi]).ok
    assert choice_held(rate, "隐式模型的表达能力随迭代增长 [1]。", [liu]).ok


def test_a_yes_no_answer_whose_assertion_its_paper_does_not_hold_is_refused() -> None:
    """Blind21's ba37 (unanswerable) asked whether STAD adapts regression models; "STAD can
    adapt regression models" used a term its paper does not hold ("regression") and was
    replaced by the passage's own words, which say nothing of regression, and the answer
    stood. The question's assertion is not in the paper: the answer is refused."""
    question = "Can STAD adapt regression models, where there are no class prototypes?"
    failed = (Verdict("asked_terms_held", False, "asked term not in the cited paper: regress model"),)
    for action in ("corrected", "dropped"):
        lost = verdict_kept(question, [SentenceCheck("STAD can adapt regression models.", (1,), action, failed)],
                            "STAD infers time-evolving class prototypes [1].")
        assert not lost.ok and "does not hold" in lost.reason
    # dropped for another reason, or kept: nothing lost
    other = (Verdict("asked_terms_held", True, ""), Verdict("numbers_held", False, "not in the passage: 3"))
    assert verdict_kept(question, [SentenceCheck("STAD adapts 3 regression models.", (), "dropped", other)],
                        "STAD infers time-evolving class prototypes [1].").ok
    kept = (Verdict("asked_terms_held", True, ""),)
    assert verdict_kept(question, [SentenceCheck("STAD adapts regression models.", (1,), "kept", kept)],
                        "STAD adapts regression models [1].").ok
    # a yes / no question followed by questions of its own: their answers stand without the
    # yes or no (blind31's false premises: "Does SparseRL train ... from scratch? What does it
    # start from ...?"); not a question asking on in its own sentence or on condition
    premise = "Does STAD need large test batches? What do its authors report about batch size?"
    assert asks_after_yes_no(premise)
    assert verdict_kept(premise, [SentenceCheck("STAD needs large test batches.", (1,), "dropped", failed)],
                        "STAD handles small batch sizes [1].").ok
    assert not asks_after_yes_no("Can STAD adapt regression models, and how well does it do?")
    assert not asks_after_yes_no("Can STAD adapt regression models? If so, how well does it do?")
    assert not asks_after_yes_no("Can SparseRL write SpGEMM code? How much faster is it on this task?")
    assert asks_after_yes_no("Does it train from scratch? What does it start from, and what role does "
                             "this model play?")
    assert asks_after_yes_no("Is it evaluated only on molecules? Besides molecules, on what graphs is it run?")
    # not a yes / no question
    assert verdict_kept("How does STAD adapt models?",
                        [SentenceCheck("STAD can adapt regression models.", (1,), "corrected", failed)],
                        "STAD infers time-evolving class prototypes [1].").ok


def test_a_count_spelt_out_answers_how_many() -> None:
    """Blind23's bc13 (at both library sizes): "How many are there?" answered "... groups the
    techniques into two broad directions [1]" was refused as repeating the question, because
    count words are never asked terms (`term_gaps`) and so never counted as added. A count the
    question does not already have is information; one it has is not."""
    question = ("Balla et al.'s post groups the techniques it highlights into broad directions. "
                "How many are there?")
    answer = "Balla et al.'s post groups the techniques it highlights into two broad directions [1]."
    assert adds_information(question, answer, ["Balla et al."]).ok
    assert not adds_information("Does the post group them into two broad directions? How many?",
                                "The post groups them into two broad directions [1].", ["Balla et al."]).ok
    # a bare count is still worth asking again (blind21's ba01: the second reply was the answer)
    assert names_only("Into how many broad directions does the post group them?", "Two broad directions.").ok


def test_picking_one_offered_alternative_answers_the_question() -> None:
    """blind23's bc02: "...: deterministic GD or stochastic GD?" answered "... for deterministic
    GD" uses only the question's words, yet picks one alternative: that is the answer (the
    reply was refused as repeating the question). Picking none still answers nothing."""
    question = ("In Yarotsky's analysis of corner contours, for which kind of gradient descent does "
                "increasing the corner angle bring the rate arbitrarily close to O(t^{-2ζ}): "
                "deterministic GD or stochastic GD?")
    picked = ("In Yarotsky's analysis of corner contours, increasing the corner angle brings the rate "
              "arbitrarily close to O(t^{-2ζ}) for deterministic GD [1].")
    assert adds_information(question, picked, ["Yarotsky"]).ok
    assert not names_only(question, picked, ["Yarotsky"]).ok  # not asked again either
    none = "In Yarotsky's analysis, increasing the corner angle brings the rate arbitrarily close [1]."
    assert not adds_information(question, none, ["Yarotsky"]).ok
    assert names_only(question, none, ["Yarotsky"]).ok


def test_an_added_comparative_needs_a_cited_paper_speaking_of_that_direction() -> None:
    """blind23's bc39: the answer said OpTI-BFM's return "is typically lower than" fine-tuning's;
    a paper that speaks of no change or comparison in that direction does not hold it."""
    question = "How does the return OpTI-BFM reaches compare with fine-tuning the policy?"
    flat = _passage(1, "p1", "OpTI-BFM", "OpTI-BFM guides data collection for task inference at test time.")
    lower = "The return OpTI-BFM reaches is typically lower than fine-tuning's [1]."
    verdict = comparative_held(question, lower, [flat])
    assert not verdict.ok and "lower" in verdict.reason
    # "lower" is held by a passage saying the method reduces something ("reduces" is down)
    reduces = _passage(2, "p1", "OpTI-BFM", "OpTI-BFM reduces the episodes needed to infer the task.")
    assert comparative_held(question, lower, [reduces]).ok
    # but not by one saying only that something rises
    rises = _passage(3, "p1", "OpTI-BFM", "OpTI-BFM increases the return within a handful of episodes.")
    assert not comparative_held(question, lower, [rises]).ok
    # "outperforms" depends on the metric: a comparison either way holds it
    assert comparative_held(question, "OpTI-BFM outperforms fine-tuning [3].", [rises]).ok
    assert not comparative_held(question, "OpTI-BFM outperforms fine-tuning [1].", [flat]).ok
    # a comparative the question itself says is the question's, not the answer's claim
    asked = "Is OpTI-BFM's return lower than fine-tuning's?"
    assert comparative_held(asked, lower, [flat]).ok


def test_more_before_a_quality_compares_as_better_does() -> None:
    """blind58's cl24 was refused for "making it more robust to signal dilution", cited to GLOT's
    passage where baselines need 20x more trainable parameters: "more robust" is a verdict on
    quality, held by a comparison either way, not a claim that something grows."""
    question = "How does GLOT hold up when most of the input is junk?"
    fewer = _passage(1, "p1", "GLOT", "GLOT is competitive with 20x fewer trainable parameters than fine-tuning.")
    flat = _passage(2, "p1", "GLOT", "GLOT constructs a latent token-similarity graph over the outputs.")
    robust = "Learning over the graph makes GLOT more robust to signal dilution [1]."
    assert comparative_held(question, robust, [fewer]).ok
    # a paper speaking of no comparison still does not hold it
    verdict = comparative_held(question, robust, [flat])
    assert not verdict.ok and "more" in verdict.reason
    # "more" of a size is still a claim that something grows: "fewer" does not hold it, even
    # beside a "more robust" in the same answer
    assert not comparative_held(question, "GLOT needs more memory [1].", [fewer]).ok
    both = "GLOT is more robust to signal dilution but needs more memory [1]."
    assert "more" in comparative_held(question, both, [fewer]).reason


def test_a_question_about_how_something_changes_needs_a_cited_paper_speaking_of_the_condition() -> None:
    """blind21's ba35 was answered with ResiliBench's success rates, which say nothing of how they
    change as workflows get longer; blind22's bb39 with GLOT's 90% figure for a question about 99%."""
    from rag.policy import varied_held
    resili = _passage(1, "p1", "ResiliBench", "MDP-optimal workflow prompts achieve an average success rate "
                      "of 62.1%, Chain-of-Thought prompts yield 50.8%.")
    question = ("How does the success rate on ResiliBench change as workflows get longer, that is, "
                "with the number of tool calls a task requires?")
    verdict = varied_held(question, [resili])
    assert not verdict.ok and "call" in verdict.reason
    # the cited paper (not only the passage) speaking of tool calls that tasks require holds it
    assert varied_held(question, [resili], lambda p: frozenset({"tool", "call", "task", "requir"})).ok
    glot = _passage(2, "p2", "GLOT", "On a diagnostic stress test where 90% of tokens are random distractors, "
                    "GLOT maintains over 97% accuracy.")
    figures = ("How does GLOT's accuracy on its diagnostic stress test change when the share of random "
               "distractor tokens rises from 90% to 99%?")
    assert "99" in varied_held(figures, [glot]).reason
    # "share" says only what is measured: a condition at the passage's own 90% is held
    assert varied_held(figures.replace("rises from 90% to 99%", "reaches 90%"), [glot]).ok
    # a question that asks no change is not this check's
    assert varied_held("What accuracy does GLOT keep when 90% of tokens are distractors?", [resili]).ok
    rfed = _passage(3, "p3", "RFedAGS", "RFedAGS converges sublinearly to a neighborhood of a stationary "
                    "point under fixed step sizes.")
    assert varied_held("How does the Riemannian federated learning algorithm behave with fixed step sizes?", [rfed]).ok
    # how it handles a case: half of the case's words at least (a case may be paraphrased)
    allin = _passage(4, "p4", "ALL-IN", "ALL-IN projects node features into a shared random space and builds "
                     "representations from covariance statistics, across graphs with different input features.")
    text = ("How does ALL-IN handle text-attributed graphs, where each node carries raw text rather than a "
            "numeric feature vector?")
    assert not varied_held(text, [allin]).ok
    assert varied_held("How does ALL-IN handle graphs whose nodes carry different input features?", [allin]).ok
    # the case ends where the question asks something else
    assert varied_held("How does ALL-IN treat input features, and what does it build from them?", [allin]).ok
    # how it chooses, stops, prevents ... something is asked the same way (blind17's aw42)
    recurr = _passage(6, "p6", "RecurrSim", "RecurrSim lets users set the number of recurrent iterations K at "
                      "test time, trading accuracy for cost.")
    chosen = ("How does RecurrSim automatically choose the number of recurrent iterations K needed to meet a "
              "target error tolerance?")
    assert not varied_held(chosen, [recurr]).ok
    assert varied_held("How does RecurrSim choose the number of recurrent iterations K at test time?", [recurr]).ok
    # how well it does in a case: three quarters of the case's words
    glot = _passage(5, "p5", "GLOT", "GLOT builds a token graph from the outputs of a frozen decoder LLM and "
                    "pools it for sentence tasks.")
    assert not varied_held("How well does GLOT work when the frozen model is an encoder-only model such as BERT "
                           "rather than a decoder LLM?", [glot]).ok
    assert varied_held("How well does GLOT work with the outputs of a frozen decoder LLM?", [glot]).ok
    # each ask on its own: a condition of the second ask is not the first one's (blind35's bo03)
    liu = _passage(7, "p7", "Liu et al.", "The network trains with constant memory, significantly reducing "
                   "memory needs for the same level of performance compared to explicit models.")
    two = ("How does training memory behave for Liu et al.'s implicit models, and what kind of networks do "
           "they compare them with when they talk about matching performance?")
    assert varied_held(two, [liu]).ok
    assert not varied_held("How does training memory behave when they talk about matching performance?", [liu]).ok
    # "how does X perform on Y" asks the same
    assert not varied_held("How does GLOT perform on documents longer than 4,096 tokens?", [glot]).ok
    assert varied_held("How does GLOT perform on sentence tasks with a frozen decoder LLM?", [glot]).ok
    # only the asking sentences count: a description's "how well" asks nothing
    assert varied_held("A benchmark checks how well LLMs work when tools misbehave at random. "
                       "Which paper is it?", [glot]).ok


def test_a_how_many_question_is_not_answered_by_a_ratio_alone() -> None:
    """Blind19's ay41 (unanswerable) asked how many trainable parameters GLOT's pooling module
    has "in absolute terms"; "20x fewer trainable parameters compared with parameter-efficient
    fine-tuning" passed, since 20 stands before "parameters". A count asked for is not given by
    figures that are only ratios; a question that asks how many times fewer is answered by one."""
    absolute = "How many trainable parameters, in absolute terms, does GLOT's pooling module have?"
    ratio = "GLOT's pooling module has 20x fewer trainable parameters compared with PEFT methods [1]."
    verdict = answer_type_matches(absolute, ratio)
    assert not verdict.ok and "only a ratio" in verdict.reason
    assert answer_type_matches(absolute, "It has 8.9M trainable parameters, 20x fewer than PEFT [1].").ok
    assert answer_type_matches("How many times fewer trainable parameters does GLOT use than PEFT?", ratio).ok
    assert answer_type_matches("How many fewer parameters does RecurrUPT use?", "It uses 44% fewer parameters [1].").ok


def test_two_choices_opened_by_one_preposition_are_the_phrases_it_opens() -> None:
    """Blind27's bg15 asked whether STAD's experiments were run "on artificially corrupted
    images or on real-world drifts over time"; the right reply "The experiments were run on
    real-world drifts over time" was refused as picking both, since the first choice ran back
    to the question's start ("experiments", "run"), and the pick's "drifts" was not held by the
    paper's "shifts". The first choice opens at the preposition that opens the last, and
    "drift" is held by "shift" (one meaning)."""
    q = ("A method adapts an already-deployed classifier, without labels, to data whose distribution "
         "drifts slowly over months. Were its experiments run on artificially corrupted images or on "
         "real-world drifts over time?")
    assert offered_choices(q) == ((frozenset({"artifici", "corrupt", "imag"}), False),
                                  (frozenset({"real-world", "real", "world", "drift", "time"}), True))
    stad = _passage(1, "stad", "STAD", "Through experiments on real-world temporal distribution shifts, "
                    "we show that our method excels over time.")
    right = "The experiments were run on real-world drifts over time [1]."
    assert adds_information(q, right).ok and choice_held(q, right, [stad]).ok
    # the first of two clauses is still not a claim the evidence may pick by itself (blind22's
    # bb24: "only for one specific architecture, or for a broad class of such models?")
    assert held_choice(q, [stad]) is None
    unsaid = choice_held(q, "The experiments were run on real-world drifts over time [1].",
                         [_passage(1, "stad", "STAD", "We adapt a deployed model without labels.")])
    assert not unsaid.ok and "real" in unsaid.reason
    # a last choice that opens with no preposition keeps the clauses as they were
    tried = "Was the federated method for manifold-valued parameters tried on real data, or only on synthetic problems?"
    assert not offered_choices(tried)[0][1] and "manifold" in offered_choices(tried)[0][0]


def test_a_question_that_is_only_its_alternatives_offers_them() -> None:
    """Blind38's br40 (unanswerable: which models RecurrFNO's 1.6B baselines are): "..., which
    models they are actually? A bigger FNO, or some transformer?" The quote of RecurrSim's
    sentence about the baselines picks neither alternative; it was given as the answer."""
    q = ("The 1.6B parameter baselines that RecurrFNO beats on the Navier-Stokes, which models they are "
         "actually? A bigger FNO, or some transformer?")
    assert offered_choices(q) == ((frozenset({"bigger", "fno"}), True), (frozenset({"some", "transform"}), True))
    recurr = _passage(1, "recurr", "RecurrSim", RECURRSIM)
    quote = ("On high-dimensional 3D compressible Navier-Stokes simulations with 262k points, a 0.8B parameter "
             "RecurrFNO outperforms 1.6B parameter baselines while using 13.5% less training memory [1].")
    assert not choice_held(q, quote, [recurr]).ok
    # a wh-question's own "A or B" is still no choice
    assert offered_choices("Which papers study pruning or quantization?") == ()


def test_the_evidence_decides_a_choice_only_when_it_holds_exactly_one_alternative() -> None:
    """blind23's bc05: of "a new BFM architecture, a pre-training objective for BFMs, or a
    decision criterion that guides existing BFMs", only the criterion is in OpTI-BFM's passages."""
    question = ("What kind of contribution is OpTI-BFM: a new behavior foundation model architecture, "
                "a pre-training objective for BFMs, or a decision criterion that guides existing BFMs?")
    said = ("We propose OpTI-BFM, an optimistic decision criterion that directly models uncertainty over "
            "reward functions and guides BFMs in data collection for task inference.")
    opti = _passage(2, "p1", "OpTI-BFM", f"Behavior foundation models retrieve policies. {said}")
    other = _passage(1, "p2", "Other", "A new architecture with a pre-training objective for existing models.")
    pick = held_choice(question, [opti, other])
    assert pick == ("a decision criterion that guides existing BFMs", opti, said)
    # only the paper ranked first decides: `other` below it holds the pre-training objective, and
    # a paper ranked first that holds no alternative decides nothing
    unrelated = _passage(5, "p3", "Unrelated", "Graph neural networks pass messages.")
    assert held_choice(question, [unrelated, opti]) is None
    # two alternatives held: the evidence does not decide
    both = _passage(3, "p1", "OpTI-BFM", f"{said} It is a new architecture trained with a pre-training objective.")
    assert held_choice(question, [both]) is None
    # a negated alternative is not held
    negated = _passage(4, "p1", "OpTI-BFM", "It is not a decision criterion that guides existing BFMs.")
    assert held_choice(question, [negated]) is None
    # no choice offered, nothing decided
    assert held_choice("What does OpTI-BFM propose?", [opti]) is None


def test_the_condition_both_choices_are_asked_under_is_no_choice() -> None:
    """blind55's ci31 ("if I build the thought graph with one model, can I reuse it with a
    different model family, or do they rebuild it per model?", unanswerable) was answered by
    "RoT organizes steps into a thought graph ..." alone: its words picked the condition."""
    q = ("Back at the RoT poster: if I build the thought graph with one model, can I reuse it with a "
         "different model family, or do they rebuild it per model?")
    assert [sorted(c) for c, _ in offered_choices(q)] == [["famili", "reus"], ["rebuild"]]
    rot = _passage(1, "rot", "RoT", "RoT organizes steps into a thought graph with sequential and semantic edges.")
    said = "RoT organizes steps into a thought graph with sequential and semantic edges [1]."
    assert not choice_held(q, said, [rot]).ok
    # alternatives that are conditions both are still two
    assert len(offered_choices("Does it work when the data drift slowly, or when they shift abruptly?")) == 2


def test_a_choice_left_open_offers_nothing_to_pick_nor_to_hold() -> None:
    """blind48's cb06 ("Is it a dataset of biased sentences I could show my students, or something
    else?") was answered at 4,310 papers by "Something else [1]." and an unrelated paper's
    sentence holding "something"; at 20 papers its right answer was refused for picking neither."""
    question = "Is GRADIEND a dataset of biased sentences I could show my students, or something else?"
    text = "GRADIEND learns a feature neuron that encodes gender bias from model gradients [1]."
    assert offered_choices(question) == ()
    assert choice_held(question, text, [_passage(1, "p1", "GRADIEND", text)]).ok
    other = _passage(1, "p2", "Other", "What it means for a model to know something remains unclear.")
    assert held_choice(question, [other]) is None
    closed = "Is GRADIEND a dataset of biased sentences, or a method that edits model weights?"
    assert len(offered_choices(closed)) == 2
    # named alternatives before a catch-all are still offered (blind33's bm05), and an answer may
    # pick none of them
    three = "Was it compared with wider transformers, with explicit networks, or something else?"
    assert [sorted(c) for c, _ in offered_choices(three)] == [["transform", "wider"], ["explicit", "network"]]
    liu = _passage(1, "p1", "Liu et al.", "Compact models match larger explicit networks.")
    assert held_choice(three, [liu]) == ("with explicit networks", liu, "Compact models match larger explicit networks.")
    assert choice_held(three, "They spend more test-time compute [1].", [liu]).ok


def test_an_alternative_is_held_only_by_one_sentence_that_holds_all_its_words() -> None:
    """blind30's bj39 (unanswerable): "model" and "inference" in one sentence of GraphBSI's
    abstract and "refines" in another made "does the model infer it during refinement" the
    evidence's pick; bj35: "GRPO" in one sentence of QuRL's and "LLM-as-judge" in another made
    "a GRPO model trained with LLM-as-judge rewards" the baseline of its +17.0 points."""
    question = ("How does GraphBSI decide how many nodes a generated graph has: is the node count "
                "sampled from the training distribution first, or does the model infer it during "
                "refinement?")
    spread = _passage(1, "p1", "GraphBSI", "We introduce GraphBSI, a one-shot graph generative model "
                      "based on Bayesian Sample Inference. GraphBSI iteratively refines a belief over graphs.")
    assert held_choice(question, [spread]) is None
    said = "The model infers the node count during refinement."
    together = _passage(1, "p1", "GraphBSI", f"GraphBSI iteratively refines a belief. {said}")
    assert held_choice(question, [together]) == ("does the model infer it during refinement", together, said)
    qurl = ("Against which baseline is QuRL's total improvement of +17.0 points measured: the base model "
            "before any RL training, or a GRPO model trained with LLM-as-judge rewards?")
    abstract = _passage(2, "p2", "QuRL", "Previous approaches typically rely on human feedback or "
                        "LLM-as-judge strategies. With these rubrics, QuRL employs the GRPO algorithm to "
                        "guide the model. The rubrics serve as reward signals.")
    assert held_choice(qurl, [abstract]) is None


def test_the_first_of_two_clauses_is_never_picked_from_the_evidence() -> None:
    """The first clause of "Does X ..., or ...?" holds the question's description of its subject,
    which the paper holds whatever the answer is."""
    question = "Does RoT add newly solved problems to its thought graph, or is the graph built once offline?"
    rot = _passage(1, "p1", "RoT", "RoT adds newly solved problems to its thought graph.")
    assert held_choice(question, [rot]) is None


def test_which_ones_in_chinese_asks_for_names_not_a_count() -> None:
    """"在哪几个基准上" asks which benchmarks (blind16's av26 listed them and was refused for
    giving no quantity); "用了几个基准" asks how many."""
    listed = "RecurrSim 在 Burgers、Korteweg-De Vries 和 Kuramoto-Sivashinsky 流体力学基准上展示了它的有效性。"
    assert answer_type_matches("RecurrSim 在哪几个流体力学基准上展示了它的有效性？", listed).ok
    assert not answer_type_matches("RecurrSim 用了几个基准？", "RecurrSim 在 Burgers 基准上展示了它的有效性。").ok


def test_a_degree_word_the_cited_passage_gives_answers_how_large() -> None:
    """"How large a replay buffer is enough?" is answered by the paper's own "minimal buffers"
    (blind22's bb13), "How large is that dataset?" by "non-negligible" (blind16's av10), when
    the cited passage says so, and not when the question asks exactly."""
    question = "How large a replay buffer do Lanzillotta et al. find is enough to prevent deep forgetting?"
    said = "Lanzillotta et al. find that minimal buffers prevent deep forgetting."
    assert answer_type_matches(question, said, cited="minimal buffers successfully anchor feature geometry").ok
    assert not answer_type_matches(question, said, cited="buffers anchor feature geometry").ok
    assert not answer_type_matches("Exactly how large a replay buffer is enough?", said,
                                   cited="minimal buffers successfully anchor feature geometry").ok
    # "how often" is answered by the passage's own "frequently" (blind25's be06)
    often = "According to Drechsel et al., how often do AI systems exhibit and amplify social biases?"
    cited = "AI systems frequently exhibit and amplify social biases, leading to harmful consequences."
    assert answer_type_matches(often, "AI systems frequently exhibit and amplify social biases.", cited=cited).ok
    assert not answer_type_matches(often, "AI systems frequently exhibit social biases.", cited="AI systems exhibit biases.").ok


def test_because_is_the_form_of_an_answer_to_why_not_information_a_paper_must_hold() -> None:
    """blind25's be14 (and blind24's bd03): "because" counted among the answer's added words,
    which no cited paper held."""
    from rag.policy import added_words
    assert added_words("Why can magnitude rules fail?", "Magnitude rules fail because they ignore the discrepancy.") \
        == ["ignor", "discrep"]


def test_an_answer_where_the_model_says_it_does_not_know_is_its_refusal() -> None:
    """blind24's bd40: two cited sentences of background, then "I don't know." was shown as an
    answer to a question the paper does not answer."""
    from rag.policy import knows
    assert not knows("Training NAVIS is non-trivial [1]. We introduce a loss [1]. I don't know.").ok
    assert not knows("NAVIS 使用一个损失函数 [1]。不知道。").ok
    assert knows("NAVIS is trained once for all datasets [1].").ok
    # a sentence that goes on to answer is not a refusal
    assert knows("I don't know which variant is meant, but NAVIS uses a ranking loss on TGB [1].").ok
    # nor is one of its sentences concluding so (blind52's cf31)
    assert not knows("NAVIS uses a ranking loss [1]. Therefore, I don't know.").ok
    assert not knows("NAVIS 使用一个损失函数 [1]。因此，我不知道。").ok


def test_a_reply_concluding_that_the_model_does_not_know_says_so_of_the_whole_question() -> None:
    from rag.policy import concludes_unknown
    assert concludes_unknown("RoT reuses steps [1]. The passages do not say whether it fits n=8. "
                             "Therefore, I don't know.")
    assert concludes_unknown("RoT 复用推理步骤 [1]。所以，我不知道。")
    assert not concludes_unknown("RoT reuses steps [1]. I don't know.")  # said of a part
    assert not concludes_unknown("Therefore, RoT reuses steps [1].")


def test_a_chinese_answer_affirming_a_yes_no_question_needs_its_terms_in_a_cited_paper() -> None:
    """blind24's bd39: "ALL-IN 能够处理有向图" gives back "ALL-IN 能否处理有向图？" as a yes; its
    Chinese words are never compared with the English passage, so it passed on "ALL-IN" alone.
    The English rewrite's terms (directed graphs, directed edges) must be in the cited paper."""
    from rag.policy import affirmed_held
    question = "ALL-IN 能否处理有向图（边有方向的图）？在有向图上的效果如何？"
    rewrite = "Can ALL-IN handle directed graphs (graphs with directed edges)? How does it perform on directed graphs?"
    silent = _passage(1, "p1", "ALL-IN", "ALL-IN projects node features into a shared random space.")
    verdict = affirmed_held(question, rewrite, "ALL-IN 能够处理有向图 [1]。", [silent])
    assert not verdict.ok and "direct graph" in verdict.reason
    said = _passage(2, "p1", "ALL-IN", "ALL-IN handles directed graphs whose directed edges carry features.")
    assert affirmed_held(question, rewrite, "ALL-IN 能够处理有向图 [2]。", [said]).ok
    # a "no" is not an affirmation; an English answer is checked by asked_terms_held instead
    assert affirmed_held(question, rewrite, "ALL-IN 不能处理有向图 [1]。", [silent]).ok
    assert affirmed_held(rewrite, rewrite, "ALL-IN can handle directed graphs [1].", [silent]).ok
    # a sentence giving back the clause asking which asserts that clause's terms, not the yes /
    # no clause's (blind31's bk26: "不需要重新训练" denies the first clause, and the second
    # sentence was refused for the first clause's terms)
    levels = "ALL-IN 用在新数据集上时需要重新训练吗？它在哪些层级的任务上表现强？"
    english = "Does ALL-IN need model retraining on new datasets? On which levels of tasks does it perform strongly?"
    answer = "ALL-IN 不需要重新训练 [1]。它在多种层级的任务上表现强，包括节点和图级任务 [1]。"
    strong = _passage(3, "p1", "ALL-IN", "ALL-IN performs strongly on node-level and graph-level tasks.")
    assert affirmed_held(levels, english, answer, [strong]).ok
    assert not affirmed_held(levels, english, answer, [silent]).ok  # "perform strong" unheld
    # giving back the yes / no clause asserts its terms
    again = "ALL-IN 用在新数据集上时需要重新训练 [1]。"
    assert "model retrain" in affirmed_held(levels, english, again, [strong]).reason


def test_a_chinese_answer_giving_back_a_yes_no_clause_after_a_how_question_asserts_it() -> None:
    """blind18's ax43: "RecurrSim 训练时是怎样设定循环迭代次数 K 的？是每个批次随机采样 K 吗？"
    opens with how, so it was never read as a yes / no question, and "……的方法是每个批次随机采样
    K" passed on "RecurrSim" and "K" alone. Its second clause asks yes or no: giving it back
    asserts it, and the rewrite's terms of that clause must be in a cited paper. The how
    clause given back alone asserts nothing."""
    from rag.policy import affirmed_held
    question = "RecurrSim 训练时是怎样设定循环迭代次数 K 的？是每个批次随机采样 K 吗？"
    rewrite = "How is the number of iterations K set during training for RecurrSim? Is it randomly sampled for each batch?"
    silent = _passage(1, "p1", "RecurrSim", "RecurrSim lets users set the number of recurrent iterations K at test time.")
    affirms = "RecurrSim 训练时设定循环迭代次数 K 的方法是每个批次随机采样 K [1]。"
    verdict = affirmed_held(question, rewrite, affirms, [silent])
    assert not verdict.ok and "random sampl" in verdict.reason
    said = _passage(2, "p1", "RecurrSim", "During training, RecurrSim randomly samples K for each batch.")
    assert affirmed_held(question, rewrite, affirms.replace("[1]", "[2]"), [said]).ok
    # the how clause given back, the yes / no one not: nothing asserted of it
    assert affirmed_held(question, rewrite, "RecurrSim 训练时设定循环迭代次数 K 的方法是固定的 [1]。", [silent]).ok
    # a rewrite with another number of clauses than the question: a how question asserts nothing
    assert affirmed_held(question, "How is K set during training for RecurrSim, and is it random?", affirms, [silent]).ok


def test_a_chinese_answer_giving_back_a_yes_no_question_after_a_scene_setting_statement_asserts_it() -> None:
    """blind52's cf41: "我们想同时看三个以上位点之间的依赖……InfoSEDD 能直接估计多变量的总相关吗？"
    opens with a statement, so its first clause was never read as yes / no, and "InfoSEDD 能直接
    估计多变量的总相关" passed on "InfoSEDD" and "KL" alone. The clause's last sentence asks yes
    or no: giving it back asserts that sentence's terms (not the statement's)."""
    from rag.policy import affirmed_held
    question = ("我们想同时看三个以上位点之间的依赖，不只是两两之间的互信息。InfoSEDD 能直接估计多变量的总相关吗？"
                "论文里有没有这类实验？")
    rewrite = ("We want the dependencies among three or more positions at once, not only pairwise mutual "
               "information. Can InfoSEDD directly estimate the total correlation of multiple variables? "
               "Are there such experiments in the paper?")
    silent = _passage(1, "p1", "InfoSEDD", "InfoSEDD estimates mutual information with discrete diffusion models.")
    affirms = "因此，InfoSEDD 能直接估计多变量的总相关 [1]。"
    verdict = affirmed_held(question, rewrite, affirms, [silent])
    assert not verdict.ok and "total correl" in verdict.reason and "posit" not in verdict.reason
    said = _passage(2, "p1", "InfoSEDD", "InfoSEDD directly estimates the total correlation of multiple variables.")
    assert affirmed_held(question, rewrite, affirms.replace("[1]", "[2]"), [said]).ok
    # a rewrite with another number of clauses than the question: which clause was given back
    # is not known, and a how clause given back asserts nothing (blind52's cf26)
    joined = rewrite.replace("? Are", ", and are")
    assert affirmed_held(question, joined, affirms, [silent]).ok
    assert affirmed_held(question, rewrite, "InfoSEDD 不能直接估计多变量的总相关 [1]。", [silent]).ok  # a no


def test_an_answer_sentence_narrowing_or_widening_the_scope_of_its_passage_is_contradicted() -> None:
    """blind32's bl06: "Yes, GRADIEND is a gender-only thing [1]" was kept on a passage naming
    gender, race and religion; "every existing method" against "existing methods largely" is
    the same error the other way."""
    from rag.policy import no_contradiction
    bias = _passage(1, "p1", "Drechsel et al.", "This study learns a feature neuron encoding societal bias "
                    "information such as gender, race, and religion.")
    verdict = no_contradiction("Yes, the feature neuron of Drechsel et al. encodes gender-only bias information.", bias)
    assert not verdict.ok and "'race'" in verdict.reason
    assert no_contradiction("The feature neuron of Drechsel et al. encodes gender, race and religion bias information.", bias).ok
    heuristics = _passage(2, "p2", "Zhiyi et al.", "Existing communication compression methods largely rely on "
                          "simple heuristics based on magnitude or randomness.")
    assert "'largely'" in no_contradiction("Every existing communication compression method relies on simple "
                                           "heuristics based on magnitude.", heuristics).reason
    # claims_blind38's dr13: "graph-level tasks only" against "node- and graph-level tasks"
    allin = _passage(3, "p3", "ALL-IN", "Empirically, ALL-IN achieves strong performance across diverse node- "
                     "and graph-level tasks on unseen datasets with new input features.")
    verdict = no_contradiction("ALL-IN achieves strong performance on unseen datasets with new input features, "
                               "evaluated on graph-level tasks only.", allin)
    assert not verdict.ok and "'node-level'" in verdict.reason
    assert no_contradiction("ALL-IN achieves strong performance on node- and graph-level tasks of unseen "
                            "datasets with new input features.", allin).ok
    assert no_contradiction("On unseen datasets with new input features, ALL-IN's graph-level tasks only "
                            "need its shared input space.", allin).ok  # "only need": no narrowing


def test_a_question_stating_what_the_asker_believes_and_asking_if_it_is_right() -> None:
    """Blind33 (after its run): "I remember X. Is that right?" asks whether X is right; a
    "Yes" asserts X. X is the sentence before the tag question, after the asker's framing."""
    q = ("SparseRL: I remember its generated SpMV code running about 20% faster than existing "
         "methods. Is that the right speed figure? If not, what was the speed-up?")
    assert belief(q) == ("SparseRL: I remember its generated SpMV code running about 20% faster than "
                         "existing methods.", "its generated SpMV code running about 20% faster than "
                         "existing methods.")
    mid = ("There's a test-time adaptation paper about slowly drifting data, and I have it in my head "
           "that the authors said existing methods already cope fine. Is that how it went?")
    assert belief(mid)[1] == "the authors said existing methods already cope fine."
    assert belief("QuRL is trained with DPO, right?")[1] == "QuRL is trained with DPO"
    assert belief("A colleague sums up STAD as label-free. Is that a fair summary?")[1] == \
        "A colleague sums up STAD as label-free."
    # not a belief: no tag, a tag offering alternatives or asking which, a tag where "yes" denies it
    assert belief("Does QuRL use DPO?") == ("", "")
    assert belief("SparseRL reports 20%. Is that figure for SpMV or for SpMM?") == ("", "")
    assert belief("My GNN loses to a moving average. Is this a known finding, and which model wins?") == ("", "")
    assert belief("I remember NAVIS using transformers. Am I mixing that up?") == ("", "")
    assert belief("QuRL 我记得是用 DPO 训练的，对吗？") == ("", "")
    assert affirms("Yes, that's correct.") and affirms("That is right [1].") and affirms("Correct.")
    assert not affirms("No, it runs 30% faster.") and not affirms("Yesterday's results.")
    assert not affirms("Correctness is checked by the reward.")


def test_what_the_asker_believes_is_not_a_description_a_yes_may_restate() -> None:
    """Blind33's bm16 at 4,310 papers: "Yes, the authors ... mentioned that existing adaptation
    methods already cope fine with such drift ..." copied the asker's belief and passed as a
    restatement of the question, citing another paper. The belief is what a "yes" asserts:
    its terms are checked, all of them, as for a yes / no question."""
    q = ("There's a test-time adaptation paper about data that drift slowly, and I have it in my "
         "head that the authors said existing adaptation methods already cope fine with such drift. "
         "Is that how it went? What had earlier work concentrated on?")
    assert "cope fine" not in described(q) and "test-time adaptation paper" in described(q)
    passage = _passage(1, "p9", "PFT3A", "Existing adaptation methods focus on visual data; our test-time "
                       "adaptation method handles label shift and drift.")
    yes = "Yes, the authors said existing adaptation methods already cope fine with such drift."
    held = asked_terms_held(yes, passage, q, share=0.6, restated_span=3)
    assert not held.ok and "cope fine" in held.reason
    # the same words in a sentence that does not agree are held to the usual share
    no = "No, the authors said existing adaptation methods do not cope fine with such drift."
    assert asked_terms_held(no, passage, q, share=0.5, restated_span=3).ok


def test_a_sentence_that_only_gives_the_question_back_is_checked_against_its_paper() -> None:
    """Blind31's bk15 at 4,310 papers: "Yes, there is work that learns one dedicated unit
    encoding an attribute such as gender and then rewrites the model's weights to remove the
    bias [4]" gives the question back word for word, and cited a bias benchmark. All it asserts
    is that the cited paper fits the question's words: they are checked, not taken as restated."""
    question = ("Our screening model favours male candidates. Is there work that learns one dedicated "
                "unit encoding an attribute such as gender and then rewrites the model's weights?")
    other = _passage(4, "bf", "BiasFreeBench", "We benchmark methods for mitigating bias in the "
                     "responses of large language models, such as gender bias.")
    echo = ("Yes, there is work that learns one dedicated unit encoding an attribute such as gender "
            "and then rewrites the model's weights.")
    held = asked_terms_held(echo, other, question, share=0.6, restated_span=3)
    assert not held.ok and "dedic unit" in held.reason
    assert asked_terms_held(echo.replace("weights.", "weights in hiring."), other, question, share=0.6,
                            restated_span=3, echo_share=1.0).ok  # only a sentence with nothing else
    # a sentence restating the question and adding what the paper says is checked on what it adds
    gradiend = _passage(1, "gr", "GRADIEND", "This study introduces an encoder-decoder approach that "
                        "leverages model gradients to learn a feature neuron encoding societal bias "
                        "information such as gender, race, and religion.")
    adds = ("There is work that learns one dedicated unit encoding an attribute such as gender: it "
            "leverages model gradients to learn a feature neuron encoding societal bias information.")
    assert asked_terms_held(adds, gradiend, question, share=0.6, restated_span=3).ok


def test_a_dimension_is_a_word_not_a_figure_said_of_something() -> None:
    """Blind59's cm18 at 4,310 papers: "the figure I can quote from its biggest 3D fluid test"
    cited RecurrSim's "3D compressible Navier-Stokes simulations" and was dropped as if the
    figure 3 were said of a fluid test instead of compressible simulations."""
    text = ("On high-dimensional 3D compressible Navier-Stokes simulations with 262k points, a 0.8B "
            "parameter RecurrFNO outperforms 1.6B parameter baselines while using 13.5% less training memory.")
    assert figure_elsewhere("RecurrSim's biggest 3D fluid test used 13.5% less training memory.", text) == ""
    assert figure_elsewhere("Its 2-D fluid test is the biggest.", "It runs 2-D compressible flows.") == ""
    # a figure that is no dimension is still read beside its words
    assert figure_elsewhere("In 3D, the simulator, trained for long horizons, ran 3 fluid tests.", text)


def test_a_figure_is_said_beside_what_the_passage_says_it_of() -> None:
    """Blind46's bz39 (unanswerable): "The sinusoidal embedding ... contributes 30% of the
    performance gain" cited the abstract's "the generated code runs 30% faster on average"; the
    sentence names nothing the question asked about for the rest of numbers_bound to tie."""
    text = ("In SpMV tasks, it improves the compilation rate by 20% compared to existing methods, "
            "and the generated code runs 30% faster on average.")
    p = _passage(1, "sparse", "SparseRL", text)
    q = "How much of the gain comes from the sinusoidal embedding?"
    off = numbers_bound("The sinusoidal embedding contributes 30% of the performance gain.", p, q)
    assert not off.ok and "30" in off.reason and "faster" in off.reason
    assert figure_elsewhere("The sinusoidal embedding contributes 30% of the performance gain.", text)
    # the same figure beside a word the passage has beside it, in other words around it
    assert numbers_bound("SparseRL's generated kernels run 30% faster.", p, q).ok
    assert numbers_bound("Compilation rates rise by 20% over existing methods.", p, q).ok
    assert figure_elsewhere("It compiles 5,040 more kernels.", "It has 5040 tasks.")  # one figure, two spellings
    # a figure the passage does not give, or a list of figures away from their things, is
    # left to the other checks
    assert figure_elsewhere("The code is 45% smaller.", text) == ""
    assert figure_elsewhere("The rates were 20% and 30% respectively.", text) == ""
    # a Chinese sentence, or one the passage holds word for word, is not judged so
    assert numbers_bound("生成的代码贡献了 30% 的增益。", p, q).ok


def test_a_denial_said_of_something_else_than_the_papers_is_no_refusal() -> None:
    """blind59's cm13 was refused for "the news item does not provide any experimental results",
    said of the asker's news item before TGMM's first result, cited; blind51's ce24 for "useful
    when the environment does not provide a labeled dataset"."""
    question = "The university news item says transformers now do statistics by themselves. Is 'replacing' fair?"
    assert not says_unanswered("This is not fair because the news item does not provide any results.", question)
    assert not says_unanswered("It helps when the environment does not provide a labeled dataset.", question)
    # said of the papers, their work, or by a pronoun, it is a refusal as before
    for said in ("The paper does not provide any experimental results.", "It does not mention the news item.",
                 "The method does not say.", "The passages do not mention it.", "I don't know."):
        assert says_unanswered(said, question), said
    # without the question, a subject cannot be told to be the asker's
    assert says_unanswered("The news item does not provide any results.")
