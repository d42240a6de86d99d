"""Citation checking against real MiniLM vectors: keep, repair, drop."""

from dataclasses import replace

import pytest

from rag.answer import finalize
from rag.cite import check_citations, claims, markers
from rag.models import Hit, Passage, SentenceCheck
from rag.pipeline import PaperChat
from rag.policy import Context, Subjects, measurable, not_a_question, verdict_kept
from rag.sentences import split_sentences
from rag.text import tokenize

pytestmark = pytest.mark.slow


def _passages() -> list[Passage]:
    texts = [
        "InfoSEDD is a discrete diffusion approach that estimates mutual information between discrete variables.",
        "RecurrSim trades accuracy for cost by choosing the number of recurrent iterations at inference time.",
        "Federated learning clients exchange compressed model updates to save bandwidth.",
    ]
    names = ["InfoSEDD", "RecurrSim", "FedCom"]
    return [Passage(n=i + 1, hit=Hit(chunk_id=f"c{i}", paper_id=f"p{i}", text=t, score=1.0,
                                     metadata={"display_name": names[i]}), text=t)
            for i, t in enumerate(texts)]


def test_markers_parse_common_forms() -> None:
    assert markers("A claim [1][2] and [3, 4] and 【5】 and [Passage 6].") == [1, 2, 3, 4, 5, 6]


def test_a_list_item_number_is_not_part_of_the_claim() -> None:
    """Blind6's ag25 (after its run): "...有以下优势： 1." was dropped for the figure "1"."""
    assert claims("隐式模型有以下优势： 1. 常数内存。")[0][0] == "隐式模型有以下优势："
    assert [c for c, _ in claims("It has two advantages: 1. Constant memory [1]. 2) Depth [2].")] == [
        "It has two advantages:", "Constant memory.", "Depth."]
    assert [c for c, _ in claims("RoT cuts latency by 82% [1].")] == ["RoT cuts latency by 82%."]


def test_a_sentence_ends_before_a_closing_quote_too() -> None:
    """'Passage [1] states: "... X." Passage [2] mentions ...' is two sentences (session 34: the
    second passage's sentence was checked as part of the first's quote)."""
    text = 'Passage [1] states: "Graph learning lacks X." Passage [2] mentions Y. He said "ok." and left.'
    assert split_sentences(text) == ['Passage [1] states: "Graph learning lacks X."', "Passage [2] mentions Y.",
                                     'He said "ok." and left.']
    # blind36's bp13: an author label ends the sentence when the next opens as one does
    assert split_sentences("InfoSEDD is by Foresti et al. Their result beats X. Liu et al. show Y.") == [
        "InfoSEDD is by Foresti et al.", "Their result beats X.", "Liu et al. show Y."]


def test_a_list_written_one_item_per_line_is_split_at_its_items() -> None:
    """Blind34's bn27 (after its run): the items of "...不一样：\n1. 语义\n2. 值范围\n3. 维度" were
    read as "语义 2." and "值范围 3.", the next item's number ending the one before, and were
    dropped for the figures 2 and 3, though the list was the right answer. Naming the markers
    keeps the lines."""
    from rag.cite import name_markers
    zh = "输入特征在以下几个方面不一样：\n1. 语义\n2. 值范围\n3. 维度"
    assert [c for c, _ in claims(name_markers(zh, _passages()))] == [
        "输入特征在以下几个方面不一样：", "语义", "值范围", "维度"]
    en = "Features differ in three ways [2]:\n1. Semantics [2]\n2) Value ranges\n- Dimensions [1]"
    assert claims(name_markers(en, _passages())) == [
        ("Features differ in three ways:", [2]), ("Semantics", [2]), ("Value ranges", []),
        ("Dimensions", [1])]
    # an item ends with its line: the next line, not an item, is a sentence of its own
    assert [c for c, _ in claims(name_markers("You need:\n- Access to its gradients\nThis rewrites "
                                              "the model [1].", _passages()))] == [
        "You need:", "Access to its gradients", "This rewrites the model."]
    # a figure inside an item is still the item's own
    assert claims("Results:\n1. RoT cuts latency by 82% [1]\n2. Cost falls by 59% [1]") == [
        ("Results:", []), ("RoT cuts latency by 82%", [1]), ("Cost falls by 59%", [1])]


def test_a_checked_list_stays_a_list(real_chat: PaperChat) -> None:
    """Once checked, a list written one item per line is shown as a list again (the answer
    is Markdown), each item with its citation."""
    from rag.cite import listed_claims
    reply = ("Two papers fit [1]:\n1. InfoSEDD estimates mutual information with discrete diffusion [1]"
             "\n2. RecurrSim trades accuracy for cost at inference time [2]"
             "\nFederated learning clients exchange compressed model updates [3].")
    assert [item for *_, item in listed_claims(reply)] == [False, True, True, False]
    out = check_citations(reply, _passages(), real_chat.vectors)
    assert out.text == ("- InfoSEDD estimates mutual information with discrete diffusion [1]"
                        "\n- RecurrSim trades accuracy for cost at inference time [2]"
                        "\n\nFederated learning clients exchange compressed model updates [3].")


def test_correct_citations_are_kept(real_chat: PaperChat) -> None:
    out = check_citations("InfoSEDD estimates mutual information with discrete diffusion [1].",
                          _passages(), real_chat.vectors)
    assert out.cited == [1]
    assert out.report.supported == 1 and out.report.repaired == 0
    assert out.text.endswith("[1].")


def test_wrong_or_missing_numbers_are_repaired_to_the_supporting_passage(real_chat: PaperChat) -> None:
    text = ("RecurrSim chooses the number of recurrent iterations at inference time [1]. "
            "Federated clients compress their model updates to save bandwidth.")
    out = check_citations(text, _passages(), real_chat.vectors)
    assert out.cited == [2, 3]
    assert out.report.repaired == 2
    assert "[2]" in out.text and "[3]" in out.text and "[1]" not in out.text


def test_numbers_outside_the_prompt_are_never_kept(real_chat: PaperChat) -> None:
    out = check_citations("InfoSEDD estimates mutual information [7].", _passages(), real_chat.vectors)
    assert out.report.invalid_dropped == 1
    assert out.cited == [1] and "[7]" not in out.text


def test_unsupported_sentences_are_dropped(real_chat: PaperChat) -> None:
    text = ("InfoSEDD estimates mutual information [1]. "
            "The Eiffel Tower was painted bright green in 1850 by medieval monks [2].")
    out = check_citations(text, _passages(), real_chat.vectors)
    assert out.report.unsupported == 1 and out.report.sentences == 2
    assert "Eiffel" not in out.text and out.cited == [1]


def test_refusal_phrases_are_detected(real_chat: PaperChat) -> None:
    assert check_citations("I don't know.", _passages(), real_chat.vectors).refused
    assert check_citations("The passages do not mention this.", _passages(), real_chat.vectors).refused
    assert check_citations("论文中没有提到这一点。", _passages(), real_chat.vectors).refused


def test_saying_the_paper_does_not_speak_of_it_is_a_refusal(real_chat: PaperChat) -> None:
    """Blind34's bn41 (after its run): asked whether Balla et al. say which generation order
    suits video, the model wrote "Balla 等人的文章没有讲视频数据应该用什么生成顺序 [1]。" ("their article
    does not discuss ..."), and it was shown as an answer. A sentence whose source does not
    speak of what was asked is the model saying the papers do not answer."""
    said = ["Balla 等人的文章没有讲视频数据应该用什么生成顺序或分词方式 [1]。",
            "论文并未说明训练用了多少个 epoch。",
            "The paper does not specify how many epochs were used [1].",
            "The authors did not report the training cost."]
    for text in said:
        assert check_citations(text, _passages(), real_chat.vectors).refused, text
    # a negated statement of fact is no refusal: it is checked as any other sentence
    facts = ["RecurrSim does not report a fixed cost: it trades accuracy for cost at inference time [2].",
             "RecurrSim 没有使用固定的迭代次数，而是在推理时选择 [2]。"]
    for text in facts:
        assert not check_citations(text, _passages(), real_chat.vectors).refused, text
    # said after a kept answer, it qualifies that answer instead of refusing it
    out = check_citations("InfoSEDD estimates mutual information between discrete variables [1]. "
                          "The paper does not specify how many samples it needs.", _passages(), real_chat.vectors)
    assert not out.refused and out.cited == [1]


def test_numbers_must_appear_in_the_cited_passage(real_chat: PaperChat) -> None:
    out = check_citations("RecurrSim cuts the cost by 87.5% at inference time [2].", _passages(),
                          real_chat.vectors)
    assert out.cited == [] and out.report.unsupported == 1


def test_a_term_asked_about_must_be_in_the_passage(real_chat: PaperChat) -> None:
    claim = "InfoSEDD uses a learning rate when it estimates mutual information [1]."
    out = check_citations(claim, _passages(), real_chat.vectors,
                          question="What learning rate does InfoSEDD use?")
    assert out.cited == [] and out.report.unsupported == 1
    fine = check_citations("InfoSEDD estimates mutual information with discrete diffusion [1].",
                           _passages(), real_chat.vectors, question="What does InfoSEDD estimate?")
    assert fine.cited == [1]


def test_pointer_only_replies_become_quotes_of_the_passage(real_chat: PaperChat) -> None:
    for reply in ["Passage [2].", "[2]", "This is stated in passage [2]."]:
        out = check_citations(reply, _passages(), real_chat.vectors,
                              question="How does RecurrSim trade accuracy for cost?")
        assert out.cited == [2], reply
        # quoted with the paper's name, so "which papers ...?" answered by pointers names them
        assert out.text.startswith("RecurrSim: RecurrSim trades accuracy for cost") and out.text.endswith("[2].")


def test_pointer_sentences_after_a_claim_are_dropped(real_chat: PaperChat) -> None:
    out = check_citations("InfoSEDD estimates mutual information [1]. This is stated in Passage [1].",
                          _passages(), real_chat.vectors)
    assert out.text == "InfoSEDD estimates mutual information [1]."


def test_a_word_no_loaded_paper_contains_cannot_be_claimed(real_chat: PaperChat) -> None:
    claim = "RecurrSim trades accuracy for cost on a GPU [2]."
    out = check_citations(claim, _passages(), real_chat.vectors,
                          question="What GPU does RecurrSim use?", unknown=frozenset({"gpu"}))
    assert out.cited == [] and out.report.unsupported == 1
    known = check_citations(claim, _passages(), real_chat.vectors, question="What GPU does RecurrSim use?")
    assert known.cited == [2]  # without the corpus's word the claim is only checked for support


def test_asked_terms_are_looked_up_in_the_whole_chunk_and_framing_words_are_ignored(
        real_chat: PaperChat) -> None:
    chunk = ("A persistent paradox in continual learning is forgetting. "
             "Minimal buffers anchor feature geometry and prevent deep forgetting.")
    shown = "Minimal buffers anchor feature geometry and prevent deep forgetting."
    passage = Passage(n=1, hit=Hit(chunk_id="c", paper_id="p", text=chunk, score=1.0,
                                   metadata={"display_name": "CL"}), text=shown)
    claim = "The continual learning paper finds that minimal buffers anchor feature geometry [1]."
    out = check_citations(claim, [passage], real_chat.vectors,
                          question="What does the continual learning paper find about minimal buffers?")
    assert out.cited == [1] and out.report.supported == 1


def test_function_words_shared_with_the_question_do_not_count_as_asked_terms(
        real_chat: PaperChat) -> None:
    text = "We provide a regret bound through a direct connection to upper-confidence algorithms."
    passage = Passage(n=1, hit=Hit(chunk_id="c", paper_id="p", text=text, score=1.0,
                                   metadata={"display_name": "OpTI-BFM"}), text=text)
    out = check_citations(
        "OpTI-BFM obtains its regret bound through a direct connection to upper-confidence algorithms [1].",
        [passage], real_chat.vectors,
        question="Through what connection does OpTI-BFM obtain its regret bound?")
    assert out.cited == [1]  # "its regret" and "obtain its" are not terms the passage must hold


def test_pointer_replies_are_not_quoted_when_the_passage_does_not_answer(real_chat: PaperChat) -> None:
    # the passage is about something else: a quote would pass off an unrelated sentence
    out = check_citations("Passage [3].", _passages(), real_chat.vectors,
                          question="Which paper proposes a method for speech recognition?")
    assert out.cited == [] and out.text == ""
    # the question names something no loaded paper mentions
    out = check_citations("[2]", _passages(), real_chat.vectors,
                          question="Which paper uses ImageNet?", unknown=frozenset({"imagenet"}))
    assert out.cited == []


def test_a_claim_about_authorship_is_supported_by_the_source_line(real_chat: PaperChat) -> None:
    text = "We introduce GLOT, a lightweight pooling module for LLM token outputs."
    hit = Hit(chunk_id="c", paper_id="p", text=text, score=1.0,
              metadata={"display_name": "GLOT", "authors": "Krishna Sri Ipsit Mantri; Moshe Eliasof"})
    assert hit.authors == ["Krishna Sri Ipsit Mantri", "Moshe Eliasof"]
    out = check_citations("GLOT is by Krishna Sri Ipsit Mantri and Moshe Eliasof [1].",
                          [Passage(n=1, hit=hit, text=text)], real_chat.vectors)
    assert out.cited == [1]


def test_markers_used_as_a_subject_become_the_papers_names(real_chat: PaperChat) -> None:
    out = check_citations("[3] exchanges compressed model updates to save bandwidth.", _passages(),
                          real_chat.vectors)
    assert out.cited == [3]
    assert out.text == "FedCom exchanges compressed model updates to save bandwidth [3]."
    named = check_citations("[2] RecurrSim trades accuracy for cost.", _passages(), real_chat.vectors)
    assert named.text == "RecurrSim trades accuracy for cost [2]."  # the name is not doubled
    zh = check_citations("[1] 和 [3] 研究了 InfoSEDD 和 FedCom。", _passages(), real_chat.vectors)
    assert zh.text.startswith("InfoSEDD") and "FedCom" in zh.text and zh.cited == [1, 3]


def test_a_sentence_crediting_a_second_paper_it_does_not_cite_is_dropped(real_chat: PaperChat) -> None:
    both = check_citations("InfoSEDD and FedCom exchange compressed model updates to save bandwidth [3].",
                           _passages(), real_chat.vectors)
    assert both.cited == [] and both.report.unsupported == 1
    why = next(v for v in both.checks[0].verdicts if v.check == "specifics_held")
    assert not why.ok and "InfoSEDD" in why.reason


def test_only_a_copy_of_the_question_with_its_question_word_is_an_echo() -> None:
    question = "When InfoSEDD is used for model selection, which model does it pick?"
    assert not not_a_question("Which model does it pick [1].", question).ok
    assert not_a_question("It picks the model ROUGE picks [1].", question).ok  # says something
    assert not_a_question("InfoSEDD is used for model selection [1].", question).ok  # no question word
    assert not_a_question("Which model does it pick [1].").ok  # no question to compare with


def test_the_question_echoed_back_is_not_an_answer(real_chat: PaperChat) -> None:
    out = check_citations("RecurrSim 用多少次迭代来权衡精度和成本 [2]？", _passages(), real_chat.vectors)
    assert out.cited == [] and out.report.unsupported == 1
    assert out.checks[0].verdicts[0].check == "not_a_question"


def test_a_piece_of_the_question_restated_with_its_question_word_is_not_an_answer(real_chat: PaperChat) -> None:
    """blind29's bi26: the reply's second sentence was the question's second ask, copied as a
    statement with a citation."""
    question = "RecurrSim 如何权衡精度和成本？它用多少次迭代？"
    ctx = Context(question="How does RecurrSim trade accuracy and cost?", original=question)
    out = check_citations("RecurrSim 通过选择迭代次数来权衡精度和成本 [2]。它用多少次迭代 [2]。",
                          _passages(), real_chat.vectors, ctx=ctx)
    assert out.cited == [2] and "多少" not in out.text
    assert out.checks[-1].action == "dropped" and out.checks[-1].verdicts[0].check == "not_a_question"
    english = check_citations("RecurrSim trades accuracy for cost by choosing the number of recurrent "
                              "iterations at inference time [2].", _passages(), real_chat.vectors,
                              ctx=Context(question="How does RecurrSim trade accuracy for cost?",
                                          original="How does RecurrSim trade accuracy for cost?"))
    assert english.cited == [2]  # an answer, not the question's words


def test_a_chinese_sentence_with_a_number_no_passage_has_is_dropped(real_chat: PaperChat) -> None:
    out = check_citations("RecurrSim 的训练花了 10 小时 [2]。", _passages(), real_chat.vectors)
    assert out.cited == [] and out.report.unsupported == 1
    plain = check_citations("它通过选择迭代次数来权衡精度和成本 [2]。", _passages(), real_chat.vectors)
    assert plain.cited == [2]  # nothing measurable: the citation stands


def test_a_chinese_sentence_is_not_held_by_its_papers_name_alone(real_chat: PaperChat) -> None:
    """blind36's bp41: "ALL-IN 这项研究是由 ... Google 资助的" held "ALL-IN", half its Latin
    terms, and passed; a paper's own name says which paper a sentence is about, not what it
    says. A sentence naming only the paper still cites it, repaired to its passage."""
    invented = check_citations("RecurrSim 这项研究是由 Google 资助的 [2]。", _passages(), real_chat.vectors)
    assert invented.cited == [] and invented.report.unsupported == 1
    held = check_citations("RecurrSim 通过选择 recurrent iterations 来权衡精度和成本 [2]。", _passages(),
                           real_chat.vectors)
    assert held.cited == [2]
    named = check_citations("RecurrSim 可以权衡精度和成本 [3]。", _passages(), real_chat.vectors)
    assert named.cited == [2] and named.report.repaired == 1
    # blind16's av25: "Kullback-Leibler" is the abstract's "Kullback–Leibler" (an en dash)
    text = "InfoSEDD computes Kullback–Leibler divergences on discrete data."
    kl = [Passage(n=1, hit=Hit(chunk_id="k", paper_id="p0", text=text, score=1.0,
                               metadata={"display_name": "InfoSEDD"}), text=text)]
    assert check_citations("InfoSEDD 可以用来计算 Kullback-Leibler 散度 [1]。", kl, real_chat.vectors).cited == [1]


def _subjects_ctx(question: str, focus: frozenset[str] = frozenset()) -> Context:
    names = {"InfoSEDD": "p0", "RecurrSim": "p1", "FedCom": "p2"}
    return Context(question=question, subjects=Subjects(names), focus=focus)


def test_a_sentence_about_one_paper_citing_another_is_repaired_or_dropped(real_chat: PaperChat) -> None:
    passages = _passages() + [Passage(n=4, hit=Hit(chunk_id="c3", paper_id="p3",
        text="Our estimator computes mutual information between discrete variables with diffusion.",
        score=1.0, metadata={"display_name": "Other"}),
        text="Our estimator computes mutual information between discrete variables with diffusion.")]
    ctx = _subjects_ctx("How does InfoSEDD estimate mutual information?")
    out = check_citations("InfoSEDD estimates mutual information between discrete variables [4].",
                          passages, real_chat.vectors, ctx=ctx)
    assert out.cited == [1] and out.report.repaired == 1  # the look-alike passage of another paper
    only_other = check_citations("InfoSEDD estimates mutual information between discrete variables [4].",
                                 passages[3:], real_chat.vectors, ctx=ctx)
    assert only_other.cited == [] and only_other.checks[-1].action == "dropped"
    assert any(v.check == "subject" and not v.ok for v in only_other.checks[-1].verdicts)


def test_a_sentence_about_the_paper_discussed_cites_that_paper(real_chat: PaperChat) -> None:
    ctx = _subjects_ctx("What does RecurrSim trade?", focus=frozenset({"p1"}))
    out = check_citations("RecurrSim trades accuracy for cost [2]. It compresses model updates to "
                          "save bandwidth [3].", _passages(), real_chat.vectors, ctx=ctx)
    assert out.cited == [2] and "bandwidth" not in out.text


def test_in_an_answer_about_a_described_paper_it_means_the_paper_cited_before(real_chat: PaperChat) -> None:
    """blind29's bi23: the question describes TGMM without its name; the answer's first
    sentence cites TGMM, and "It claims to be the first ..." cited another paper's claim."""
    ctx = _subjects_ctx("Which method trades accuracy for cost by choosing the number of iterations?")
    text = ("The method trades accuracy for cost by choosing the number of recurrent iterations at "
            "inference time [2]. It exchanges compressed model updates to save bandwidth [3].")
    out = check_citations(text, _passages(), real_chat.vectors, ctx=ctx)
    assert out.cited == [2] and "bandwidth" not in out.text
    assert any(v.check == "subject" and not v.ok for v in out.checks[-1].verdicts)
    # a sentence that is not about the paper before sets what is discussed by its citation
    other = ("The method trades accuracy for cost by choosing the number of recurrent iterations at "
             "inference time [2]. Federated learning clients exchange compressed model updates to save "
             "bandwidth [3]. They compress model updates to save bandwidth [3].")
    kept = check_citations(other, _passages(), real_chat.vectors, ctx=ctx)
    assert kept.cited == [2, 3] and kept.text.count("bandwidth") == 2


def test_a_tour_of_other_papers_passages_is_no_answer_about_one_paper(real_chat: PaperChat) -> None:
    """blind35's bo19 and blind30's bj17 (session 34): after answering, the model told what
    each other passage says ("Passage [2] mentions that ..."); those sentences cite papers the
    question is not about. A tour of the asked paper's own passage stays, and a question asking
    about several papers is answered by such a tour."""
    text = ('RecurrSim trades accuracy for cost [2]. Passage [2] states: "RecurrSim trades accuracy '
            'for cost by choosing the number of recurrent iterations at inference time." Passage [3] '
            'mentions that federated learning clients exchange compressed model updates to save '
            'bandwidth. The passage from [1] discusses a discrete diffusion approach that estimates '
            'mutual information.')
    ctx = _subjects_ctx("How does the simulator with a looped block trade accuracy for cost?",
                        focus=frozenset({"p1"}))
    out = check_citations(text, _passages(), real_chat.vectors, ctx=ctx)
    assert out.cited == [2] and "bandwidth" not in out.text and "diffusion" not in out.text
    toured = [c for c in out.checks if any(v.check == "toured" and not v.ok for v in c.verdicts)]
    assert [c.cited for c in toured] == [(3,), (1,)] and out.report.unsupported >= 2
    assert "FedCom" in toured[0].verdicts[0].reason
    # what goes on from a toured sentence goes with it (blind55's ci17): "This indicates ..."
    follow = text.replace("save bandwidth.", "save bandwidth. This indicates that clients exchange compressed "
                          "model updates to save bandwidth [3].", 1)
    went = check_citations(follow, _passages(), real_chat.vectors, ctx=ctx)
    assert went.cited == [2] and "bandwidth" not in went.text
    assert any(v.check == "follows_kept" and not v.ok for c in went.checks for v in c.verdicts)
    several = _subjects_ctx("Which papers trade accuracy for cost or save bandwidth?", focus=frozenset({"p1"}))
    listed = check_citations(text, _passages(), real_chat.vectors, ctx=several)
    assert 3 in listed.cited and "bandwidth" in listed.text
    unfocused = check_citations(text, _passages(), real_chat.vectors, ctx=_subjects_ctx("What is traded?"))
    assert 3 in unfocused.cited


def test_a_copy_of_the_asked_paper_may_be_toured(real_chat: PaperChat) -> None:
    """At 4,310 papers a demo paper is loaded twice (its ICLR copy): a tour of the copy's
    passage is about the paper asked of."""
    copy = Passage(n=4, hit=Hit(chunk_id="c9", paper_id="p9", text=_passages()[1].text, score=1.0,
                                metadata={"display_name": "RecurrSim copy"}), text=_passages()[1].text)
    words = {"p1": frozenset(tokenize(_passages()[1].text)), "p9": frozenset(tokenize(copy.text))}
    ctx = replace(_subjects_ctx("How does RecurrSim trade accuracy for cost?", focus=frozenset({"p1"})),
                  paper_tokens=lambda pid: words.get(pid, frozenset()))
    out = check_citations("Passage [4] states that RecurrSim trades accuracy for cost by choosing the "
                          "number of recurrent iterations at inference time.", [*_passages(), copy],
                          real_chat.vectors, ctx=ctx)
    assert out.cited and not any(v.check == "toured" and not v.ok for c in out.checks for v in c.verdicts)


def test_a_contradicted_sentence_is_corrected_never_cited_as_support(real_chat: PaperChat) -> None:
    text = "RoT reduces output tokens by up to 40%, inference latency by 82%, and cost by 59%."
    rot = Passage(n=1, hit=Hit(chunk_id="r", paper_id="rot", text=text, score=1.0,
                               metadata={"display_name": "RoT"}), text=text)
    out = check_citations("RoT increases inference latency by 82% [1].", [rot], real_chat.vectors,
                          question="What does RoT do to latency?")
    assert out.text == f"RoT: {text[:-1]} [1]."  # the passage's own words replace the claim
    assert out.checks[-1].action == "corrected"
    assert any(v.check == "no_contradiction" and not v.ok for v in out.checks[-1].verdicts)
    kept = check_citations("RoT reduces inference latency by 82% [1].", [rot], real_chat.vectors)
    assert kept.text == "RoT reduces inference latency by 82% [1]." and kept.checks[-1].action == "kept"


def test_a_sentence_going_on_from_a_cited_one_is_checked_against_its_passage(real_chat: PaperChat) -> None:
    """Blind3's Chinese answer put the figure in a second sentence without a marker; it was
    dropped and the answer lost the number it was asked for."""
    text = ("Across the evaluated models, Chain-of-Thought prompting achieved the highest average "
            "success rate of 50.8%.")
    p = [Passage(n=1, hit=Hit(chunk_id="c0", paper_id="p0", text=text, score=1.0,
                              metadata={"display_name": "ResiliBench"}), text=text)]
    out = check_citations("在 ResiliBench 的评测中，Chain-of-Thought 提示的平均成功率最高 [1]。具体是50.8%。", p,
                          real_chat.vectors, question="Which prompt has the highest average success rate?")
    assert "50.8%" in out.text and out.report.unsupported == 0
    wrong = check_citations("在 ResiliBench 的评测中，Chain-of-Thought 提示的平均成功率最高 [1]。具体是61.2%。", p,
                            real_chat.vectors, question="Which prompt has the highest average success rate?")
    assert "61.2" not in wrong.text  # inherited citations are still checked (the number)


def test_a_comparison_no_one_passage_supports_is_checked_paper_by_paper(real_chat: PaperChat) -> None:
    """Blind5's af29: "InfoSEDD is built on ..., while STAD is built on Bayesian filtering." was
    dropped because no one passage held both halves; each half is checked against its own paper."""
    stad = "STAD adapts a deployed model to temporal distribution shift with Bayesian filtering."
    passages = _passages()[:1] + [Passage(n=2, hit=Hit(chunk_id="s", paper_id="p9", text=stad, score=1.0,
                                                       metadata={"display_name": "STAD"}), text=stad)]
    ctx = Context(question="What is each of InfoSEDD and STAD built on?",
                  subjects=Subjects({"InfoSEDD": "p0", "STAD": "p9"}))
    out = check_citations("InfoSEDD estimates mutual information with discrete diffusion, while STAD "
                          "adapts to temporal shift with Bayesian filtering [1].", passages, real_chat.vectors, ctx=ctx)
    assert out.text == ("InfoSEDD estimates mutual information with discrete diffusion [1], while STAD "
                        "adapts to temporal shift with Bayesian filtering [2].")
    assert out.cited == [1, 2] and out.checks[-1].action == "repaired"  # [1] alone did not hold STAD's half
    # A half that its paper does not hold still drops the whole sentence.
    bad = check_citations("InfoSEDD estimates mutual information with discrete diffusion, while STAD "
                          "adapts with Kalman smoothing on ImageNet [1].", passages, real_chat.vectors, ctx=ctx)
    assert bad.cited == [] and bad.checks[-1].action == "dropped"


def test_a_sentence_that_infers_is_not_cited_as_what_a_passage_states(real_chat: PaperChat) -> None:
    """Blind5's af32 (unanswerable: the average number of steps of a task) was answered by
    "This can be inferred from the passage that states ..." after its guessed figure was dropped."""
    text = ("The average number of steps is 10 [2]. This can be inferred from the passage that states "
            "RecurrSim chooses the number of recurrent iterations at inference time [2].")
    out = check_citations(text, _passages(), real_chat.vectors)
    assert out.cited == [] and out.text == ""
    assert [c.action for c in out.checks] == ["dropped", "dropped"]
    assert out.checks[1].verdicts[0].check == "stated" and "inferred" in out.checks[1].verdicts[0].reason
    plain = check_citations("RecurrSim chooses the number of recurrent iterations at inference time [2].",
                            _passages(), real_chat.vectors)
    assert plain.cited == [2]
    # a pointer at a passage in place of an answer (blind8's am34 and am39, both unanswerable)
    text = ('This can be seen in the passage from [2] where it states: "RecurrSim trades accuracy for '
            'cost by choosing the number of recurrent iterations at inference time."')
    out = check_citations(text, _passages(), real_chat.vectors)
    assert out.cited == [] and out.checks[0].verdicts[0].check == "stated"


def test_a_chinese_sentence_is_checked_by_its_english_reading(real_chat: PaperChat) -> None:
    """A Chinese sentence with no Latin term keeps whatever it cites; read in English, it is
    checked as an English sentence: here repaired to the passage that says it. Its reading's
    asked terms are not checked (the standalone question is another translation)."""
    wrong = "它在推理时通过选择迭代次数来权衡精度和成本 [1]。"
    assert check_citations(wrong, _passages(), real_chat.vectors).cited == [1]
    read = {claims(wrong)[0][0]: "It trades accuracy for cost by choosing the number of iterations "
                                 "at inference time."}
    out = check_citations(wrong, _passages(), real_chat.vectors, ctx=Context(readings=read))
    assert out.cited == [2] and out.text == "它在推理时通过选择迭代次数来权衡精度和成本 [2]。"
    assert out.checks[0].verdicts[-1].check == "read_in_english"
    # seen live (af25): the reading words the asked thing as the question's own translation
    # does not ("discard elements"); read as an English answer it would be dropped for that
    topk = Passage(n=1, hit=Hit(chunk_id="z0", paper_id="pz", text=TOPK, score=1.0,
                                metadata={"display_name": "Zhiyi et al."}), text=TOPK)
    q = "Top-k method discards elements in federated learning communication compression papers."  # as recorded
    english = check_citations("The top-k method will discard elements with small magnitudes [1].", [topk],
                              real_chat.vectors, ctx=Context(question=q))
    assert english.cited == [] and "asked_terms_held" in [v.check for v in english.checks[0].verdicts if not v.ok]
    zh = "Top-k 方法会丢弃小 magnitude 的元素 [1]。"
    read = {claims(zh)[0][0]: "The top-k method will discard elements with small magnitudes."}
    assert check_citations(zh, [topk], real_chat.vectors, ctx=Context(question=q, readings=read)).cited == [1]


def test_a_chinese_sentence_giving_the_question_back_with_no_reading_is_dropped(real_chat: PaperChat) -> None:
    """blind42's bv41: the question given back as its answer ("……论文测过跨 LLM 迁移 [1]。") had
    no English reading and was held at 1.00 by its "LLM"; with a figure, a term or words of its
    own, or read in English, a Chinese sentence is checked as before."""
    q = "GLOT 在一个冻结 LLM 上训练好的池化模块，能不能直接接到新的 LLM 上？论文测过跨 LLM 迁移吗？"
    echo = "GLOT 的池化模块不能直接接到新的 LLM 上，论文测过跨 LLM 迁移 [1]。"
    passages = _passages()
    out = check_citations(echo, passages, real_chat.vectors, ctx=Context(question=q, original=q))
    assert out.cited == [] and out.checks[0].action == "dropped"
    assert out.checks[0].verdicts[0].check == "measurable" and "(glot, llm)" in out.checks[0].verdicts[0].reason
    assert not measurable("论文测过跨 LLM 迁移 [1]。", "", q).ok  # its citation is no figure of its own
    assert measurable("它将延迟降低了 82% [1]。", "", "RoT 能把延迟降低多少？").ok  # a figure of its own
    # words of its own: an answer in Chinese words ("超参数", "梯度" filling the question's blank),
    # or a "yes" with words of its own
    assert measurable("编码器-解码器方法是利用模型的梯度来学习特征神经元的 [1]。", "",
                      "Drechsel 等人提出的编码器-解码器方法是利用模型的什么来学习特征神经元的？").ok
    assert measurable("K 是 RecurrSim 中的一个超参数，用于控制神经网络的迭代次数 [1]。", "",
                      "组会上我要解释 RecurrSim 里的 K 到底控制什么？").ok
    assert measurable("是的，GLOT 只训练池化模块，LLM 保持冻结 [1]。", "", "GLOT 冻结了 LLM 吗？").ok
    # a bare "yes" giving the question back says nothing the check can find: right or wrong alike
    assert not measurable("是的，GLOT 冻结了 LLM [1]。", "", "GLOT 冻结了 LLM 吗？").ok
    assert measurable(echo, "GLOT's pooling module cannot be attached to a new LLM.", q).ok  # read in English
    assert measurable("The paper tested transfer across LLMs [1].", "", q).ok  # English is checked as English


TOPK = ("Top-k drops the elements with small magnitude, while low-rank methods such as ATOMO and "
        "PowerSGD truncate singular values with small magnitude.")


def test_a_reading_must_keep_the_sentences_names_and_numbers() -> None:
    from rag.english import _faithful
    assert _faithful("GraphBSI使用交叉熵损失。", "GraphBSI uses a cross-entropy loss.")
    assert _faithful("Liu 等人达到 50.8%。", "Liu et al. reach 50.8%.")
    assert not _faithful("Liu 等人达到 50.8%。", "Liu et al. reach half.")  # a number lost
    assert not _faithful("Liu 等人达到 50.8%。", "I cannot translate this.")
    assert not _faithful("它很快。", "它 is fast.")  # still Chinese


def test_a_marker_used_as_a_noun_gets_the_papers_name() -> None:
    """Holdout's ah20/ah23 replayed: "在 [1] 中" and "在 [1] 和 [2] 两篇论文中" read "在 中",
    "在 和" once the markers moved to the end."""
    from rag.cite import name_markers

    assert claims(name_markers("在 [2] 中，它少用了 13.5% 的训练内存。", _passages()))[0] == (
        "在 RecurrSim 中，它少用了 13.5% 的训练内存。", [2])
    assert claims(name_markers("As shown in [2], it trades accuracy for cost.", _passages()))[0][0] == (
        "As shown in RecurrSim, it trades accuracy for cost.")
    assert claims(name_markers("It cuts cost by 59% [2].", _passages()))[0][0] == "It cuts cost by 59%."
    # "the paper that ... is [2]." (blind10's ap22 at 4,310 papers read "... is." once the marker moved)
    assert claims(name_markers("The paper that trades accuracy for cost is [2].", _passages()))[0][0] == (
        "The paper that trades accuracy for cost is RecurrSim.")


def test_a_sentence_explaining_a_dropped_one_is_dropped_too(real_chat: PaperChat) -> None:
    """Blind14's at36 and blind15's au38: the answer to a yes / no question was dropped, and
    "This is because it uses an optimistic decision criterion ..." , true of the paper, was kept
    as the whole answer. A sentence that explains or concludes from the one before stands on it."""
    text = ("The Eiffel Tower was painted bright green in 1850 by medieval monks [2]. "
            "This is because RecurrSim chooses the number of recurrent iterations at inference time [2].")
    out = check_citations(text, _passages(), real_chat.vectors)
    assert out.cited == [] and [c.action for c in out.checks] == ["dropped", "dropped"]
    assert out.checks[1].verdicts[0].check == "follows_kept"
    # after a kept sentence the same explanation stands
    kept = check_citations("RecurrSim trades accuracy for cost [2]. This is because it chooses the number "
                           "of recurrent iterations at inference time [2].", _passages(), real_chat.vectors)
    assert kept.cited == [2] and "dropped" not in [c.action for c in kept.checks]
    # a sentence that opens otherwise is checked on its own
    own = check_citations("The Eiffel Tower was painted bright green in 1850 by medieval monks [2]. "
                          "RecurrSim chooses the number of recurrent iterations at inference time [2].",
                          _passages(), real_chat.vectors)
    assert own.cited == [2]


def test_evidence_offered_for_a_dropped_sentence_is_dropped_too(real_chat: PaperChat) -> None:
    """Blind53's cg38 (unanswerable: which real datasets TGMM used): "The experiments were run on
    MNIST." was dropped and "The passage states: "<the paper's first sentence>"" kept as the
    answer. A quote or pointer offered as the evidence for a dropped sentence goes with it."""
    quote = ('The passage states: "RecurrSim trades accuracy for cost by choosing the number of '
             'recurrent iterations at inference time." [2]')
    out = check_citations(f"RecurrSim was trained on the MNIST dataset of handwritten digits [2]. {quote}",
                          _passages(), real_chat.vectors)
    assert out.cited == [] and [c.action for c in out.checks] == ["dropped", "dropped"]
    assert out.checks[1].verdicts[0].check == "follows_kept"
    kept = check_citations(f"RecurrSim trades accuracy for cost [2]. {quote}", _passages(), real_chat.vectors)
    assert kept.cited == [2] and "dropped" not in [c.action for c in kept.checks]


def test_once_the_answer_names_the_described_paper_it_cites_no_other(real_chat: PaperChat) -> None:
    """Blind53's cg22: after "... a work by Drechsel et al. ... [1]", the sentence naming no
    paper, "The architecture trained is transformer [3]", cited another paper's passage."""
    from rag.policy import Context, Subjects

    subjects = Subjects({"InfoSEDD": "p0", "RecurrSim": "p1", "FedCom": "p2"})
    ctx = Context(question="Which work trades accuracy for cost at inference?", subjects=subjects,
                  focus=frozenset({"p0"}))
    text = ("RecurrSim trades accuracy for cost by choosing the number of recurrent iterations [2]. "
            "Clients exchange compressed model updates to save bandwidth [3].")
    out = check_citations(text, _passages(), real_chat.vectors, ctx=ctx)
    assert out.cited == [2] and [c.action for c in out.checks] == ["kept", "dropped"]
    failed = [v for v in out.checks[1].verdicts if not v.ok]
    assert [(v.check, v.reason) for v in failed] == [("subject", "about the paper asked about, cites FedCom")]
    # without the naming sentence, the same sentence stands on its own passage
    alone = check_citations(text.split("[2]. ")[1], _passages(), real_chat.vectors, ctx=ctx)
    assert alone.cited == [3]
    # named after it, in a reply citing no other paper, the paper the reply means holds from its
    # first sentence, whose passage is found for it (blind54's ch17: repaired to another paper's)
    later = ("Clients exchange compressed model updates to save bandwidth. "
             "RecurrSim trades accuracy for cost by choosing the number of recurrent iterations [2].")
    out = check_citations(later, _passages(), real_chat.vectors, ctx=ctx)
    assert out.cited == [2] and [c.action for c in out.checks] == ["dropped", "kept"]
    # unless the sentence naming it is dropped: then the reply's naming is not believed (blind46's bz17)
    wrong = check_citations("Clients exchange compressed model updates to save bandwidth. The Eiffel Tower "
                            "was painted bright green in 1850 by RecurrSim's medieval monks.",
                            _passages(), real_chat.vectors, ctx=ctx)
    assert wrong.cited == [3] and [c.action for c in wrong.checks] == ["repaired", "dropped"]
    # citing another paper's passage, it may mean that one too
    other = check_citations(later.replace("bandwidth.", "bandwidth [3]."), _passages(), real_chat.vectors, ctx=ctx)
    assert other.cited == [3, 2]


def test_a_yes_no_answer_whose_yes_was_dropped_is_refused(real_chat: PaperChat) -> None:
    """Blind16's av36 and blind18's ax33 (both unanswerable): "Yes, InfoSEDD can estimate
    conditional mutual information." was dropped (the paper never says so), and "It is accurate
    when it does, as demonstrated by ..." survived on its own, answering a question nobody asked.
    With the yes / no gone, the answer is refused; with it kept, the answer stands."""
    question = "Can InfoSEDD estimate conditional mutual information, and how accurate is it?"
    reply = ("Yes, InfoSEDD can estimate conditional mutual information [1]. It estimates mutual "
             "information between discrete variables with a discrete diffusion approach [1].")
    answer = finalize(question, reply, _passages(), real_chat.vectors, [], question)
    assert answer.refused
    assert [v.check for v in answer.checks[-1].verdicts if not v.ok] == ["verdict_kept"]
    held = "Can InfoSEDD estimate mutual information between discrete variables?"
    kept = finalize(held, "Yes, InfoSEDD estimates mutual information between discrete variables [1].",
                    _passages(), real_chat.vectors, [], held)
    assert not kept.refused and kept.text.startswith("Yes")
    # a choice between alternatives is answered by picking one (blind6's ag19)
    dropped = [SentenceCheck("No, it replaces today's compressors.", (), "dropped")]
    choice = "Does the approach replace today's compressors, or build on them?"
    assert verdict_kept(choice, dropped, "It builds on existing compression schemes [1].").ok
    assert not verdict_kept("Does the approach replace today's compressors?", dropped,
                            "It builds on existing compression schemes [1].").ok
    # not a yes / no question: nothing to keep
    how = "How does InfoSEDD estimate mutual information?"
    assert not finalize(how, "It estimates mutual information between discrete variables with a "
                             "discrete diffusion approach [1].", _passages(), real_chat.vectors, [], how).refused


def test_a_yes_to_what_the_asker_believes_is_checked_as_saying_it(real_chat: PaperChat) -> None:
    """Blind33's bm23: "I think its exploration was driven by uncertainty about the
    environment's dynamics. Is that right? What does it keep uncertainty over?" answered "Yes,
    that's correct [2]." passed on the one word "correct" and was cited. A yes is checked as
    saying what the asker believes: dropped here, while the answer to the question after it stands."""
    q = ("I remember a paper on RecurrSim. I think it picks the number of recurrent iterations at "
         "training time only. Is that right? What does it trade?")
    ctx = _subjects_ctx(q, focus=frozenset({"p1"}))
    out = check_citations("Yes, that's correct [2]. RecurrSim trades accuracy for cost [2].",
                          _passages(), real_chat.vectors, ctx=ctx)
    assert out.checks[0].action == "dropped" and out.cited == [2]
    assert any(v.check == "affirms_belief" for v in out.checks[0].verdicts)
    assert out.text.startswith("RecurrSim trades accuracy for cost")
    # a belief the passage holds: the yes stands, as the asker wrote it, with its citation
    right = ("I remember RecurrSim choosing the number of recurrent iterations at inference time. "
             "Is that right?")
    kept = check_citations("Yes, that's correct [2].", _passages(), real_chat.vectors,
                           ctx=_subjects_ctx(right, focus=frozenset({"p1"})))
    assert kept.text == "Yes, that's correct [2]." and kept.cited == [2]
