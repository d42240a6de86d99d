"""The answer path with the real embedder and scripted model replies."""

import pytest

from rag.answer import answerable, asked_share, quoted_answer, system_prompt
from rag.chinese import NOT_TRANSLATED
from rag.config import Settings
from rag.fakes import FakeChat
from rag.llm import LLMError
from rag.models import Answer, Hit, Passage, Turn
from rag.pipeline import PaperChat
from rag.query import Query, condense
from rag.retrieve import Filters, Retrieval

pytestmark = pytest.mark.slow


def test_answer_cites_only_passages_in_the_prompt(real_chat: PaperChat, real_llm: FakeChat) -> None:
    real_llm.replies.append(
        "InfoSEDD is a discrete diffusion based approach [1]. It is lightweight and scalable [12].")
    answer = real_chat.ask("What is InfoSEDD?")
    assert not answer.refused and answer.error is None
    given = {p.n: p for p in answer.passages}
    assert answer.citations and all(c.n in given for c in answer.citations)
    for c in answer.citations:
        assert c.passage == given[c.n].text  # the citation shows the exact passage text
        assert c.name == "InfoSEDD"
    assert "[12]" not in answer.text
    prompt = real_llm.prompts[-1][-1]["content"]
    assert all(f"[{n}]" in prompt for n in given)


def test_model_saying_it_does_not_know_is_a_refusal_with_suggestions(real_chat: PaperChat,
                                                                     real_llm: FakeChat) -> None:
    real_llm.replies.extend(["I don't know.", "I don't know."])  # asked for its parts: still not
    answer = real_chat.ask("What learning rate does GLOT use for its pooling module?")
    assert answer.refused and answer.citations == [] and len(real_llm.prompts) == 2
    assert "do not answer" in answer.text and "GLOT" in answer.suggestions


def test_unrelated_question_is_refused_before_calling_the_model(real_chat: PaperChat,
                                                               real_llm: FakeChat) -> None:
    answer = real_chat.ask("What is the best recipe for a chocolate cake?")
    assert answer.refused
    assert real_llm.prompts == []  # retrieval found nothing relevant: the model was not asked


def test_llm_failure_still_returns_the_passages(real_chat: PaperChat, real_llm: FakeChat) -> None:
    real_llm.error = LLMError("cannot reach the language model at http://127.0.0.1:9/v1")
    answer = real_chat.ask("How does RecurrSim trade accuracy for cost?")
    assert answer.error and "cannot reach" in answer.error
    assert answer.passages and any(p.hit.name == "RecurrSim" for p in answer.passages)


def test_follow_up_is_rewritten_by_the_model_with_the_history(real_chat: PaperChat,
                                                              real_llm: FakeChat) -> None:
    history = [Turn("Which papers study federated learning?", "Two papers [1][2].",
                    ("Zhiyi et al.", "RFedAGS"))]
    real_llm.replies.extend(["RFedAGS Riemannian federated learning convergence guarantees",
                             "RFedAGS has global convergence [1]."])
    answer = real_chat.ask("What convergence guarantees do they give?", history=history)
    assert answer.standalone_query == "RFedAGS Riemannian federated learning convergence guarantees"
    condense_prompt = real_llm.prompts[0][0]["content"]
    assert "Which papers study federated learning?" in condense_prompt
    assert answer.passages[0].hit.name == "RFedAGS"


def test_follow_up_settled_by_the_history_needs_no_model_call(real_chat: PaperChat,
                                                              real_llm: FakeChat) -> None:
    history = [Turn("Which papers study federated learning?", "Two papers [1][2].",
                    ("Zhiyi et al.", "RFedAGS"))]
    real_llm.replies.append("RFedAGS has global convergence [1].")
    answer = real_chat.ask("What about the second one's convergence?", history=history)
    assert answer.standalone_query.endswith("(RFedAGS)") and len(real_llm.prompts) == 1
    assert {p.hit.name for p in answer.passages} == {"RFedAGS"}
    one = [Turn("What is RoT?", "RoT reuses prior reasoning [1].", ("RoT",))]
    real_llm.replies.append("RoT reduces latency by 82% [1].")
    answer = real_chat.ask("And how much does it cut latency?", history=one)
    assert answer.standalone_query == "And how much does it cut latency? (RoT)"
    assert len(real_llm.prompts) == 2 and "82%" in answer.text


def test_chinese_question_is_answered_in_english_checked_and_translated(
        real_chat: PaperChat, real_llm: FakeChat, monkeypatch: pytest.MonkeyPatch) -> None:
    """The model answers the question's English form; the checks read the English answer; the
    checked answer is translated, keeping its markers and names (chinese_via_english)."""
    monkeypatch.setattr(real_chat.settings, "chinese_via_english", True)
    real_llm.replies.extend(["What kind of model is GraphBSI?",
                             "GraphBSI is a one-shot graph generative model [1].",
                             "GraphBSI 是一种单步图生成模型 [1]。"])
    answer = real_chat.ask("GraphBSI 是什么模型？")
    assert answer.standalone_query == "What kind of model is GraphBSI?"
    asked = real_llm.prompts[1][-1]["content"]
    assert "Question: What kind of model is GraphBSI?" in asked and "Answer in Chinese" not in asked
    assert "1. GraphBSI is a one-shot graph generative model." in real_llm.prompts[2][-1]["content"]
    assert answer.text == "GraphBSI 是一种单步图生成模型 [1]。" and answer.question == "GraphBSI 是什么模型？"
    assert answer.citations and answer.citations[0].name == "GraphBSI"
    assert answer.checks[0].sentence.startswith("GraphBSI is a one-shot")  # checked in English


def test_a_translation_losing_a_marker_or_name_leaves_the_checked_english_answer(
        real_chat: PaperChat, real_llm: FakeChat, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(real_chat.settings, "chinese_via_english", True)
    real_llm.replies.extend(["What kind of model is GraphBSI?",
                             "GraphBSI is a one-shot graph generative model [1].",
                             "它是一种单步图生成模型。"])
    answer = real_chat.ask("GraphBSI 是什么模型？")
    assert answer.text == f"{NOT_TRANSLATED} GraphBSI is a one-shot graph generative model [1]."
    assert answer.citations and not answer.refused
    # a refusal is the Chinese refusal, with no translation asked
    real_llm.replies.extend(["Which GPU does GraphBSI train on?", "I don't know.", "I don't know."])
    answer = real_chat.ask("GraphBSI 在哪种 GPU 上训练？")
    assert answer.refused and answer.text.startswith("已加载的论文没有回答这个问题。")
    assert not any("Translate this answer" in m[-1]["content"] for m in real_llm.prompts[3:])


def test_with_chinese_via_english_off_the_model_answers_in_chinese(
        real_chat: PaperChat, real_llm: FakeChat, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(real_chat.settings, "chinese_via_english", False)
    real_llm.replies.extend(["GraphBSI one-shot graph generation Bayesian sample inference",
                             "GraphBSI 是一种单步图生成模型 [1]。"])
    answer = real_chat.ask("GraphBSI 是什么模型？")
    assert answer.standalone_query.startswith("GraphBSI one-shot")
    assert "Answer in Chinese" in real_llm.prompts[1][-1]["content"]
    assert answer.citations and answer.citations[0].name == "GraphBSI"
    assert "GraphBSI" in answer.text and "[1]" in answer.text and len(real_llm.prompts) == 2


# A long Chinese question (102 characters) and its English: 58 words, longer than the old
# 48-token cap, with what tells the paper apart (the heuristics made a trainable state) at the end.
LONG_ZH = ("在时间序列预测里，简单的线性基线曾经让复杂的深度模型很难堪。在随时间变化的交互网络上，"
           "持续预测和移动平均这样的简单规则也常常胜过时序图神经网络。有没有人把这些简单有效的经验规则"
           "改写成可以训练的记忆状态，最终超过了它们？")
LONG_EN = ("In time series forecasting, simple linear baselines once embarrassed complex deep "
           "models. On interaction networks that change over time, simple rules such as persistent "
           "forecast and moving average also often beat the temporal graph neural networks adapted "
           "from dynamic link prediction. Has anyone turned these simple and effective heuristics "
           "into a trainable virtual state that finally outperforms them?")


def test_long_chinese_question_keeps_the_end_of_its_rewrite(real_chat: PaperChat,
                                                            real_llm: FakeChat) -> None:
    assert len(LONG_EN.split()) > 48 and Settings().rewrite_max_tokens >= len(LONG_EN.split())
    real_llm.replies.extend([LONG_EN, "NAVIS 把启发式规则变成可学习的记忆 [1]。"])
    events = list(real_chat.ask_stream(LONG_ZH))
    assert events[0].kind == "status" and "Translating" in events[0].text  # the UI says why it waits
    answer = events[-1].answer
    assert answer is not None
    assert answer.standalone_query == LONG_EN  # whole: "a trainable virtual state" survives
    assert answer.passages and answer.passages[0].hit.name == "NAVIS"


def test_rewrite_is_cut_at_its_cap_and_a_rambling_one_is_not_used() -> None:
    cut = condense(LONG_ZH, [], FakeChat([LONG_EN]), 3, max_tokens=48)
    assert cut == " ".join(LONG_EN.split()[:48])  # what the 48-token cap used to leave
    assert condense(LONG_ZH, [], FakeChat([LONG_EN]), 3, max_tokens=96) == LONG_EN
    history = [Turn("What is RoT?", "RoT reuses reasoning [1].", ("RoT",))]
    ramble = " ".join(["RoT"] * 60)  # 239 characters for a 22-character English follow-up
    assert condense("And its limitations?", history, FakeChat([ramble]), 3, max_tokens=96) == \
        "What is RoT? And its limitations?"


def test_history_given_to_the_rewriter_is_bounded(real_chat: PaperChat, real_llm: FakeChat) -> None:
    history = [Turn(f"question number {i} about RoT", f"answer {i}", ("RoT", "GLOT"))
               for i in range(10)]
    real_llm.replies.extend(["RoT reasoning reuse", "RoT reuses prior reasoning [1]."])
    real_chat.ask("And their limitations?", history=history)
    condense_prompt = real_llm.prompts[0][0]["content"]
    assert "question number 9" in condense_prompt
    assert "question number 6" not in condense_prompt  # history_turns = 3


def test_empty_question_is_a_user_error(real_chat: PaperChat) -> None:
    with pytest.raises(ValueError, match="empty question"):
        real_chat.ask("   ")


def test_a_question_naming_a_paper_is_answered_from_that_paper(real_chat: PaperChat,
                                                               real_llm: FakeChat) -> None:
    answer = real_chat.ask("Where is NAVIS evaluated?")
    assert answer.passages and {p.hit.name for p in answer.passages} == {"NAVIS"}
    assert any("TGB" in p.text for p in answer.passages)  # all of the paper's chunks can come in


def _hit(paper_id: str = "p1") -> Hit:
    return Hit(chunk_id=f"{paper_id}-0", paper_id=paper_id, text="Some text.", score=1.0,
               metadata={"display_name": "P"})


_SETTINGS = Settings(_env_file=None, refusal_threshold=0.25, answerable_coverage=0.5)  # type: ignore[call-arg]


@pytest.mark.parametrize(("filters", "named", "best", "question", "expected"), [
    (Filters(), (), 0.40, "What does the text say?", True),   # close, and the passage has its words
    (Filters(), (), 0.10, "What does the text say?", False),  # under the embedder's floor
    (Filters(), (), 0.40, "What is the population of Tokyo?", False),  # close, but its words are absent
    (Filters(authors=("Wotao Yin",)), (), 0.10, "q", True),  # "papers by X": listing, never refused
    (Filters(areas=("Optimization",)), (), 0.10, "q", True),  # "papers on optimization": same
    (Filters(), ("p1",), 0.10, "q", True),                 # names a loaded paper
])
def test_answerable_rule(filters: Filters, named: tuple[str, ...], best: float, question: str,
                         expected: bool) -> None:
    query = Query(original=question, text=question, filters=filters, named=named)
    verdict = answerable(query, Retrieval([_hit()], best_dense=best), _SETTINGS)
    assert verdict.ok is expected and verdict.check == "answerable" and verdict.reason


def test_the_libraries_size_sets_how_much_unknown_plain_words_weigh() -> None:
    settings = Settings(_env_file=None, embed_model="minilm")  # type: ignore[call-arg]
    question = "Which recent studies cut memory use of the text by half?"
    query = Query(original=question, text=question)
    found = Retrieval([_hit()], best_dense=0.3)  # "Some text.": only "text" is the library's
    assert not answerable(query, found, settings, {"text": 1.0, "some": 1.0}).ok  # large library
    assert not answerable(query, found, settings, {"text": 1.0, "some": 1.0}, papers=5000).ok
    assert answerable(query, found, settings, {"text": 1.0, "some": 1.0}, papers=20).ok
    no_floor = Settings(_env_file=None, embed_model="e5")  # type: ignore[call-arg]
    assert not answerable(query, found, no_floor, {"text": 1.0, "some": 1.0}, papers=20).ok


def test_a_paraphrase_as_close_as_the_seen_sets_ones_is_asked_of_the_model() -> None:
    # blind2 ab11 at 4,310 papers: best cosine 0.44, a third of its words in the passage
    settings = Settings(_env_file=None, embed_model="minilm")  # type: ignore[call-arg]
    query = Query(original="When a fixed-point network gets more solver iterations, what happens?",
                  text="When a fixed-point network gets more solver iterations, what happens?")
    assert answerable(query, Retrieval([_hit()], best_dense=0.44), settings).ok
    assert not answerable(query, Retrieval([_hit()], best_dense=0.38), settings).ok


def test_nothing_found_is_never_answerable() -> None:
    query = Query(original="q", text="q", filters=Filters(authors=("Nobody",)))
    assert not answerable(query, Retrieval([], best_dense=0.9), _SETTINGS).ok


def test_a_claim_about_something_no_paper_mentions_is_refused(real_chat: PaperChat,
                                                              real_llm: FakeChat) -> None:
    unknown = real_chat.lexical.unknown("What GPU trains RecurrSim?")
    assert "gpu" in unknown and not {"recurrsim", "train"} & unknown
    # a compound is known when each of its parts is ("1.6B parameter" in the abstract), not
    # when one part is unknown (blind24's bd14 was refused over "1.6B-parameter")
    compounds = real_chat.lexical.unknown("the 1.6B-parameter baselines and gpu-hours")
    assert "1.6b-paramet" not in compounds and "gpu-hour" in compounds
    real_llm.replies.append("RecurrSim was trained on a GPU with recurrent iterations [1].")
    answer = real_chat.ask("What GPU was used to train RecurrSim?")
    assert answer.refused and answer.citations == [] and "RecurrSim" in answer.suggestions


def test_a_how_many_question_answered_without_a_number_is_refused(real_chat: PaperChat,
                                                                  real_llm: FakeChat) -> None:
    real_llm.replies.append("TGMM uses a shared transformer backbone [1].")
    answer = real_chat.ask("How many training examples does TGMM use?")
    assert answer.refused and answer.passages  # the passages stay visible with the refusal


def test_a_comparison_with_something_no_cited_paper_names_is_refused(real_chat: PaperChat,
                                                                      real_llm: FakeChat) -> None:
    reply = ("GraphBSI outperforms existing one-shot graph generative models on the standard "
             "benchmarks Moses and GuacaMol [1].")
    real_llm.replies.extend([reply, reply])
    other = real_chat.ask("How does GraphBSI compare with autoregressive generators such as "
                          "GraphRNN on the Moses benchmark?")
    assert other.refused and other.passages and "GraphBSI" in other.suggestions
    whole = next(c for c in other.checks if c.action == "answer")
    assert [v.reason for v in whole.verdicts if not v.ok] == [
        "asked to compare with GraphRNN; no cited paper names it"]
    named = real_chat.ask("How does GraphBSI compare with one-shot graph generative models on Moses?")
    assert not named.refused and named.citations  # what it is compared with is in the paper


def test_use_with_something_no_cited_paper_names_is_refused() -> None:
    """blind42's bv35 (unanswerable): "Is Zhiyi et al.'s compression compatible with secure
    aggregation?" was answered by describing the compression alone; what the method is asked
    to be used with must be named by a cited paper, as what it is compared with must."""
    from rag.policy import compared_held
    zhiyi = [Passage(1, Hit("c1", "pz", TOPK_TEXT, 1.0, {"display_name": "Zhiyi et al."}), TOPK_TEXT)]
    asked = "Is Zhiyi et al.'s discrepancy-aware compression compatible with secure aggregation?"
    verdict = compared_held(asked, zhiyi)
    assert not verdict.ok and verdict.reason == "asked about use with secur; no cited paper names it"  # stems
    assert compared_held("Can the compression be combined with low-rank methods such as ATOMO?", zhiyi).ok
    assert not compared_held("Can the compression be used together with error feedback?", zhiyi).ok


TOPK_TEXT = ("Top-k drops the elements with small magnitude, while low-rank methods such as ATOMO and "
             "PowerSGD truncate singular values with small magnitude in aggregation.")

def test_an_answer_that_only_repeats_the_question_is_refused(real_chat: PaperChat,
                                                             real_llm: FakeChat) -> None:
    real_llm.replies.extend(["RoT was evaluated on reasoning benchmarks [1].",
                             "RoT was evaluated on reasoning benchmarks [1]."])
    echo = real_chat.ask("Which reasoning benchmarks was RoT evaluated on?")
    assert echo.refused and echo.citations == [] and "RoT" in echo.suggestions
    whole = next(c for c in echo.checks if c.action == "answer")
    assert any(v.check == "adds_information" and not v.ok for v in whole.verdicts)
    assert len(real_llm.prompts) == 2  # asked once more, echoed again: refused


def test_a_reply_that_only_names_the_paper_is_asked_again(real_chat: PaperChat,
                                                          real_llm: FakeChat) -> None:
    real_llm.replies.extend([
        "QuRL (Wei et al.) [1]",
        "QuRL constructs case-wise rubrics that are question-specific, content-based and "
        "stylistically sensitive [1]."])
    events = list(real_chat.ask_stream("What properties do QuRL's case-wise rubrics have?"))
    answer = events[-1].answer
    assert answer is not None and not answer.refused, answer.checks
    assert {c.name for c in answer.citations} == {"QuRL"} and "content-based" in answer.text
    first, again = real_llm.prompts
    assert again[: len(first)] == first  # the same conversation: the server reuses its prompt
    assert again[-2] == {"role": "assistant", "content": "QuRL (Wei et al.) [1]"}
    assert "does not answer the question" in again[-1]["content"]
    assert "Answer the question itself" in again[-1]["content"]
    kinds = [e.kind for e in events]
    assert kinds.index("status") > kinds.index("token")  # the UI is told, then the new reply streams
    assert answer.checks[0].action == "asked again"
    assert answer.raw_text.startswith("QuRL (Wei et al.) [1]") and "content-based" in answer.raw_text


def test_a_model_saying_only_that_it_does_not_know_is_asked_for_the_parts_it_can_answer(
        real_chat: PaperChat, real_llm: FakeChat) -> None:
    question = "What properties do QuRL's case-wise rubrics have, and were they written by hand?"
    real_llm.replies.extend([
        "I don't know.",
        "QuRL's case-wise rubrics are question-specific, content-based and stylistically "
        "sensitive [1]. The passages do not state who wrote them."])
    events = list(real_chat.ask_stream(question))
    answer = events[-1].answer
    assert answer is not None and not answer.refused, answer.checks
    assert {c.name for c in answer.citations} == {"QuRL"} and "content-based" in answer.text
    first, again = real_llm.prompts
    assert first[0]["content"] == system_prompt() and again[0]["content"] == system_prompt(parts=True)
    assert "answer each part that the passages answer" in again[0]["content"]
    assert again[1:] == first[1:]  # the same passages and question, asked anew
    assert answer.checks[0].action == "asked again"
    assert answer.checks[0].verdicts[0].check == "unknown_only"
    assert any(e.kind == "status" and "does not know" in e.text for e in events)
    assert answer.raw_text.startswith("I don't know.") and "content-based" in answer.raw_text


def test_an_unknown_part_of_the_parts_reply_is_said_of_that_part(real_chat: PaperChat, real_llm: FakeChat) -> None:
    """blind47's ca03 and ca13: asked for the parts, the model answered some with citations and
    said "I don't know." of the last; that sentence refused the whole answer. In a parts reply
    it is shown as the passages not stating the other parts. The same reply as a first answer
    is still the model's own refusal (blind24's bd40)."""
    question = "What properties do QuRL's case-wise rubrics have, and who wrote them?"
    parts = ("QuRL's case-wise rubrics are question-specific, content-based and stylistically sensitive [1]. "
             "I don't know.")
    real_llm.replies.extend(["I don't know.", parts])
    answer = real_chat.ask(question)
    assert not answer.refused, answer.checks
    assert "content-based" in answer.text and "I don't know" not in answer.text
    assert answer.text.endswith("The passages do not state the other parts of the question.")
    real_llm.replies.append(parts)
    assert real_chat.ask(question).refused
    # a parts reply with nothing else cited still refuses
    real_llm.replies.extend(["I don't know.", "The rubrics are discussed. I don't know."])
    assert real_chat.ask(question).refused
    # one concluding that it does not know says so of the whole question (blind52's cf31:
    # background on the paper, then "The passages do not say whether ... Therefore, I don't know.")
    concluded = parts.replace("I don't know.", "Therefore, I don't know.")
    real_llm.replies.extend(["I don't know.", concluded])
    assert real_chat.ask(question).refused


def test_a_model_that_still_does_not_know_when_asked_for_the_parts_refuses(
        real_chat: PaperChat, real_llm: FakeChat) -> None:
    real_llm.replies.extend(["I don't know.", "我不知道。"])
    answer = real_chat.ask("How many GPUs were QuRL's rubrics trained on?")
    assert answer.refused and len(real_llm.prompts) == 2 and answer.passages


def test_a_question_still_unknown_for_its_parts_is_asked_with_only_its_asking_part(
        real_chat: PaperChat, real_llm: FakeChat, monkeypatch: pytest.MonkeyPatch) -> None:
    """blind48 and blind50: long questions carrying the asker's background or a wrong guess
    ("Our CV screener favours men; I heard the rubrics are written by hand.") drew a bare "I
    don't know" twice (7 of blind50's 14 refused answerable questions at 20 papers). They are
    asked a last time with only their question sentences; that reply is checked against the
    whole question."""
    assert real_chat.settings.ask_asking_part_after_unknown == "off"  # the default
    monkeypatch.setattr(real_chat.settings, "ask_asking_part_after_unknown", "named")  # it names QuRL
    question = ("Ticket: our grader team thinks QuRL's rubrics are written by hand, and we run 12 replicas "
                "with a 50 ms budget. What properties do QuRL's case-wise rubrics have?")
    real_llm.replies.extend([
        "I don't know.", "I don't know.",
        "QuRL's case-wise rubrics are question-specific, content-based and stylistically sensitive [1]."])
    events = list(real_chat.ask_stream(question))
    answer = events[-1].answer
    assert answer is not None and not answer.refused, answer.checks
    assert "content-based" in answer.text and {c.name for c in answer.citations} == {"QuRL"}
    first, parts, alone = real_llm.prompts
    assert alone[0]["content"] == system_prompt(parts=True)
    assert "Question: What properties do QuRL's case-wise rubrics have?" in alone[1]["content"]
    assert "replicas" not in alone[1]["content"] and "replicas" in first[1]["content"]
    assert alone[1]["content"].split("<passages>")[1] == first[1]["content"].split("<passages>")[1].replace(
        question, "What properties do QuRL's case-wise rubrics have?")  # the same passages
    assert answer.checks[0].action == "asked its asking part"
    assert [e.text for e in events if e.kind == "status"][-1].startswith("The model still said it does not know")
    assert answer.raw_text.count("(asked again)") == 2 and answer.raw_text.endswith("sensitive [1].")
    # still "I don't know": refused, with its passages; and the step can be turned off
    real_llm.replies.extend(["I don't know."] * 3)
    answer = real_chat.ask(question)
    assert answer.refused and answer.passages and len(real_llm.prompts) == 6
    monkeypatch.setattr(real_chat.settings, "ask_asking_part_after_unknown", "off")
    real_llm.replies.extend(["I don't know."] * 2)
    assert real_chat.ask(question).refused and len(real_llm.prompts) == 8


def test_the_asking_part_follows_the_name_of_the_paper_the_question_names(
        real_chat: PaperChat, real_llm: FakeChat, monkeypatch: pytest.MonkeyPatch) -> None:
    """blind57's ck12: "SparseRL, the CUDA-for-sparse-matrices one ... For my related-work
    section: they had some special embedding ...?" cut to its question sentences no longer said
    which paper "they" are. The asking part follows the named paper's name as the passages show
    it (`ask_asking_part_after_unknown` named; off by default). A question describing its paper
    without naming it is not asked so unless `all` (at 4,310 papers such questions were answered
    from other papers' passages: blind50's cd21, cd22)."""
    monkeypatch.setattr(real_chat.settings, "ask_asking_part_after_unknown", "named")
    question = ("Memo on the bus. SparseRL, the sparse CUDA one, I keep mixing it up. "
                "Which embedding did they use for the sparse matrix input?")
    real_llm.replies.extend([
        "I don't know.", "I don't know.",
        "SparseRL uses a sinusoidal embedding tailored for sparse matrices [1]."])
    answer = real_chat.ask(question)
    assert len(real_llm.prompts) == 3 and not answer.refused, answer.checks
    assert "Question: About SparseRL: Which embedding did they use for the sparse matrix input?\n" \
        in real_llm.prompts[2][1]["content"] + "\n"
    # a described paper: not asked a last time unless `all`
    described = ("Memo on the bus. The paper that writes CUDA code for sparse matrices with reinforcement "
                 "learning, I keep mixing it up. Which embedding did they use for the sparse matrix input?")
    real_llm.replies.extend(["I don't know."] * 2)
    assert real_chat.ask(described).refused and len(real_llm.prompts) == 5
    monkeypatch.setattr(real_chat.settings, "ask_asking_part_after_unknown", "all")
    real_llm.replies.extend(["I don't know."] * 3)
    assert real_chat.ask(described).refused and len(real_llm.prompts) == 8
    assert "Question: Which embedding did they use for the sparse matrix input?" in real_llm.prompts[7][1]["content"]
    # a question answered in Chinese: its reply's Chinese words are not checked, so not pressed
    before = len(real_llm.prompts)
    real_llm.replies.extend(["Memo on the bus. SparseRL. Which embedding did it use for the sparse matrix input?",
                             "我不知道。", "我不知道。", "SparseRL 使用正弦嵌入 [1]。"])
    assert real_chat.ask("公交车上的备忘。SparseRL 那篇。它对稀疏矩阵输入用了哪种嵌入？").refused
    asked = real_llm.prompts[before:]
    assert [m[0]["content"] == system_prompt(parts=True) for m in asked][-2:] == [False, True]
    assert "SparseRL 使用正弦嵌入 [1]。" in real_llm.replies  # never asked for


def test_a_ticket_s_opening_tags_are_not_asked(real_chat: PaperChat, real_llm: FakeChat) -> None:
    real_llm.replies.append("QuRL's case-wise rubrics are question-specific and content-based [1].")
    answer = real_chat.ask("[SPIKE][RFC-212] What properties do QuRL's case-wise rubrics have?")
    assert answer.question == "What properties do QuRL's case-wise rubrics have?"
    assert "SPIKE" not in real_llm.prompts[0][1]["content"] and not answer.refused, answer.checks


def test_asking_for_the_parts_can_be_turned_off(real_chat: PaperChat, real_llm: FakeChat,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(real_chat.settings, "ask_parts_after_unknown", False)
    real_llm.replies.append("I don't know.")
    answer = real_chat.ask("What properties do QuRL's case-wise rubrics have?")
    assert answer.refused and len(real_llm.prompts) == 1


def test_a_failure_when_asking_again_keeps_the_refusal_and_the_passages(real_chat: PaperChat) -> None:
    class OnceThenDown(FakeChat):
        def stream(self, messages, **kw):  # type: ignore[no-untyped-def]
            if self.prompts:
                self.prompts.append(messages)
                raise LLMError("the model server went away")
            yield from super().stream(messages, **kw)

    with real_chat.override(OnceThenDown(["[1]"])) as model:
        answer = real_chat.ask("What properties do QuRL's case-wise rubrics have?")
    assert answer.refused and answer.passages and len(model.prompts) == 2


def test_a_paraphrased_question_repeated_by_the_model_is_still_answered(real_chat: PaperChat,
                                                                        real_llm: FakeChat) -> None:
    # the question's description of the paper misses one term of the abstract's ("sampling
    # process"); the sentence's other terms are in GraphBSI's abstract and it is supported
    real_llm.replies.append(
        "The sampling process in the graph generation paper that refines a belief over "
        "distribution parameters is written as a stochastic differential equation [1].")
    answer = real_chat.ask("In the graph generation paper that refines a belief over distribution "
                           "parameters, what kind of equation is the sampling process written as?")
    assert not answer.refused, answer.checks
    assert {c.name for c in answer.citations} == {"GraphBSI"}


@pytest.fixture
def reading(real_chat: PaperChat, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(real_chat.settings, "read_chinese_in_english", True)


def test_a_chinese_answer_is_not_read_in_english_by_default(real_chat: PaperChat, real_llm: FakeChat) -> None:
    real_llm.replies.extend(["GraphBSI one-shot graph generation", "GraphBSI 是一种单步图生成模型 [1]。"])
    real_chat.ask("GraphBSI 是什么模型？")
    assert len(real_llm.prompts) == 2


def test_a_chinese_answer_is_read_in_english_for_its_check(real_chat: PaperChat, real_llm: FakeChat,
                                                           reading: None) -> None:
    """One more model call reads the Chinese sentences in English; a sentence whose reading its
    passage does not hold is dropped (here the whole answer, so it is refused)."""
    real_llm.replies.extend(["Where is GraphBSI evaluated?", "GraphBSI 在 ImageNet 上进行了评估 [1]。",
                             "1. GraphBSI is evaluated on ImageNet."])
    events = list(real_chat.ask_stream("GraphBSI 在哪里评估？"))
    answer = events[-1].answer
    assert answer is not None
    kinds = [e.kind for e in events]
    assert kinds.index("checking") > kinds.index("token")  # the reply stays on screen, checked
    assert len(real_llm.prompts) == 3 and "1. GraphBSI 在 ImageNet 上进行了评估" in \
        real_llm.prompts[-1][-1]["content"]
    assert answer.refused and not answer.citations
    read = next(v for c in answer.checks for v in c.verdicts if v.check == "read_in_english")
    assert read.reason == "GraphBSI is evaluated on ImageNet."


def test_a_chinese_answer_whose_reading_fails_is_checked_by_its_latin_terms(
        real_chat: PaperChat, real_llm: FakeChat, reading: None) -> None:
    real_llm.replies.extend(["GraphBSI one-shot graph generation Bayesian sample inference",
                             "GraphBSI 是一种单步图生成模型 [1]。", "I cannot translate this."])
    answer = real_chat.ask("GraphBSI 是什么模型？")
    assert len(real_llm.prompts) == 3
    assert answer.citations and answer.citations[0].name == "GraphBSI"
    assert not any(v.check == "read_in_english" for c in answer.checks for v in c.verdicts)


def test_an_unnumbered_reading_of_one_sentence_is_taken(real_chat: PaperChat, real_llm: FakeChat,
                                                        reading: None) -> None:
    real_llm.replies.extend(["Where is GraphBSI evaluated?", "GraphBSI 在 ImageNet 上进行了评估。[1]",
                             "GraphBSI is evaluated on ImageNet."])
    answer = real_chat.ask("GraphBSI 在哪里评估？")
    assert answer.refused
    assert any(v.check == "read_in_english" for c in answer.checks for v in c.verdicts)


def test_a_chinese_question_asks_for_what_it_asks_not_for_its_reading(real_chat: PaperChat,
                                                                      real_llm: FakeChat) -> None:
    """Blind56's cj26 (after its run): "哪一种用很小的缓冲区就能防住" (which one a tiny buffer
    prevents) was read in English as "which buffer size is ...", a size, and the right answer,
    which gives none, was refused. What a Chinese question asks for is read from the question."""
    real_llm.replies.extend(["In Lanzillotta et al.'s experience replay, which buffer size prevents deep forgetting?",
                             "在经验回放中，很小的缓冲区就能防止深层遗忘（deep forgetting）[1]。"])
    answer = real_chat.ask("Lanzillotta 等人的经验回放里，哪一种遗忘用很小的缓冲区就能防住？")
    assert not answer.refused, answer.checks
    real_llm.replies.extend(["How large a buffer prevents deep forgetting in Lanzillotta et al.'s experience replay?",
                             "在经验回放中，很小的缓冲区就能防止深层遗忘（deep forgetting）[1]。"])
    answer = real_chat.ask("Lanzillotta 等人的经验回放里，多大的缓冲区能防住深层遗忘？")  # asks a size
    assert answer.refused
    assert any(v.check == "answer_type" and not v.ok for c in answer.checks for v in c.verdicts)


def test_a_chinese_question_without_history_is_translated_whole() -> None:
    """Session 21: the search-query rewrite summarised long Chinese questions and dropped what
    tells their paper apart; a faithful translation found more of their papers (eval/RESULTS.md).
    A Chinese question with no history is translated (prompts/translate.md), its reply taken
    whole; a follow-up still goes through the rewrite, which folds in the history."""
    question = "有没有论文把时间图上的启发式方法变成可训练的虚拟状态？"
    llm = FakeChat(['Translation: "Is there a paper that turns heuristics on temporal graphs\n'
                    'into a trainable virtual state?"'])
    text = condense(question, [], llm, 3, max_tokens=96)
    assert text == "Is there a paper that turns heuristics on temporal graphs into a trainable virtual state?"
    assert llm.prompts[0][0]["content"].startswith("Translate this question")
    assert question in llm.prompts[0][0]["content"]
    history = [Turn("What is NAVIS?", "NAVIS learns a virtual state [1].", ("NAVIS",))]
    follow = FakeChat(["How does NAVIS compare with heuristics?\nmore text"])
    assert condense("它和启发式方法相比如何？", history, follow, 3, max_tokens=96) == \
        "How does NAVIS compare with heuristics?"
    assert "Rewrite the user's last message" in follow.prompts[0][0]["content"]
    # a rambling or empty translation falls back to the question
    assert condense(question, [], FakeChat(["x " * 400]), 3, max_tokens=1000) == question
    assert condense(question, [], FakeChat([""]), 3, max_tokens=96) == question


def test_a_wrong_pick_among_offered_alternatives_is_replaced_by_the_one_the_passages_hold(
        real_chat: PaperChat, real_llm: FakeChat) -> None:
    """blind23's bc05: the model picked "architecture", which no passage says, and the answer was
    refused; the passages of OpTI-BFM hold only the decision criterion, which is answered,
    quoted and cited from a passage that was in the prompt."""
    real_llm.replies.append("OpTI-BFM is a new behavior foundation model architecture [1].")
    answer = real_chat.ask("What kind of contribution is OpTI-BFM: a new behavior foundation model architecture, "
                           "a pre-training objective for BFMs, or a decision criterion that guides existing BFMs?")
    assert not answer.refused, answer.text
    assert answer.text.startswith("A decision criterion that guides existing BFMs [")
    given = {p.n: p for p in answer.passages}
    assert answer.citations and all(c.n in given and c.name == "OpTI-BFM" for c in answer.citations)
    assert any(c.action == "chosen from the evidence" for c in answer.checks)


def test_alternatives_the_passages_do_not_decide_stay_refused(real_chat: PaperChat, real_llm: FakeChat) -> None:
    """bc01: "up to 40%" says neither "typical (average)" nor "the largest ... observed"."""
    real_llm.replies.append("It is a typical reduction [1].")
    answer = real_chat.ask("RoT reports cutting output tokens by 40%. Is that figure a typical (average) "
                           "reduction, or the largest reduction the authors observed?")
    assert answer.refused and answer.citations == []


def test_the_study_in_an_answer_about_a_described_paper_is_the_paper_found_first(
        real_chat: PaperChat, real_llm: FakeChat) -> None:
    """blind29's bi24 at 4,310 papers: the question described Drechsel et al.'s debiasing
    study (found first) without its name; "The authors' method lets you ... [2]" cited another
    paper's passage and passed, since the answer named no paper."""
    question = ("Which approach estimates mutual information between discrete random variables "
                "with a discrete diffusion model?")
    real_llm.replies.append("I do not know.")
    passages = real_chat.ask(question).passages
    top = passages[0].hit.paper_id
    other = next(p for p in passages if p.hit.paper_id != top)
    first = other.text.split(". ")[0].rstrip(".")
    real_llm.replies.append(f"The authors show that {first[0].lower()}{first[1:]} [{other.n}].")
    answer = real_chat.ask(question)
    why = [v for c in answer.checks for v in c.verdicts if v.check == "subject" and not v.ok]
    assert why and other.hit.name in why[0].reason
    # the model's sentence is dropped; the answer is the described paper's own sentence, quoted
    assert answer.checks[-1].action == "quoted from the evidence" and not answer.refused
    assert {c.paper_id for c in answer.citations} == {top} and answer.text.startswith(passages[0].hit.name)
    # the same sentence naming its own paper is kept: the question named none
    real_llm.replies.append(f"{other.hit.name}: {first} [{other.n}].")
    named = real_chat.ask(question)
    assert [c.n for c in named.citations] == [other.n]


def test_a_wrong_reply_gives_way_to_the_asked_papers_own_sentence(real_chat: PaperChat,
                                                                  real_llm: FakeChat) -> None:
    """A reply that does not give what was asked is refused; the asked paper's sentence that
    holds most of the question's words is the answer instead, quoted and cited (blind17's bb02:
    the 1.5B model missed a figure the abstract states)."""
    question = ("On the 3D compressible Navier-Stokes simulations with 262k points, how many "
                "parameters does RecurrSim's RecurrFNO have?")
    real_llm.replies.append("RecurrSim's RecurrFNO is a recurrent neural operator that matches "
                            "larger baselines [1].")
    answer = real_chat.ask(question)
    assert not answer.refused and answer.checks[-1].action == "quoted from the evidence"
    assert "0.8B parameter RecurrFNO" in answer.text and answer.text.startswith("RecurrSim: ")
    assert {c.name for c in answer.citations} == {"RecurrSim"}
    cited = answer.citations[0]
    assert answer.text.removeprefix("RecurrSim: ").split(" [")[0] in cited.passage
    dropped = [v for c in answer.checks for v in c.verdicts if not v.ok]
    assert [v.check for v in dropped] == ["answer_type"]  # why the reply was not kept


def test_no_quote_stands_in_for_a_reply_when_turned_off_or_when_no_sentence_holds_the_question(
        real_chat: PaperChat, real_llm: FakeChat) -> None:
    question = ("On the 3D compressible Navier-Stokes simulations with 262k points, how many "
                "parameters does RecurrSim's RecurrFNO have?")
    real_llm.replies.append("RecurrSim's RecurrFNO is a recurrent neural operator that matches "
                            "larger baselines [1].")
    before = real_chat.settings.quote_tries
    real_chat.settings.quote_tries = 0
    try:
        assert real_chat.ask(question).refused
    finally:
        real_chat.settings.quote_tries = before
    # GLOT's sentences are near the question but none holds its rarer words ("learning rate")
    real_llm.replies.append("GLOT uses a learning rate of 0.1 [1].")
    answer = real_chat.ask("What learning rate does GLOT use for its pooling module?")
    assert answer.refused and not answer.citations


def test_the_share_of_a_question_a_sentence_holds_leaves_its_papers_names_aside() -> None:
    hit = Hit(chunk_id="c", paper_id="p", text="", score=1.0,
              metadata={"display_name": "RecurrSim", "authors": "Ada Lovelace"})
    passage = Passage(n=1, hit=hit, text="")
    sentence = "A 0.8B parameter RecurrFNO outperforms 1.6B parameter baselines."
    weight = {"how": 0.0, "mani": 0.0, "doe": 0.0, "have": 0.0, "which": 0.0, "ran": 0.0,
              "what": 0.1, "report": 0.5, "paramet": 1.0, "recurrfno": 3.0, "gpu": 5.0}
    assert asked_share("How many parameters does RecurrSim's RecurrFNO have?", passage, sentence,
                       weight) == 1.0  # "RecurrSim" and the stop words aside
    # a rare word the sentence lacks weighs more than a common one it holds
    assert asked_share("Which GPU ran RecurrSim's RecurrFNO parameters?", passage, sentence,
                       weight) < 0.55
    assert asked_share("What does Lovelace's RecurrSim report?", passage, sentence, weight) == 0.0


def test_a_chinese_question_gets_no_english_quote(real_chat: PaperChat) -> None:
    hit = Hit(chunk_id="c", paper_id="p", text="", score=1.0, metadata={"display_name": "RecurrSim"})
    passage = Passage(n=1, hit=hit, text="A 0.8B parameter RecurrFNO outperforms 1.6B parameter baselines.")
    refused = Answer(question="q", text="", citations=[], passages=[passage], refused=True)
    assert quoted_answer("RecurrSim 的 RecurrFNO 有多少参数？", [passage], real_chat.vectors, [],
                         refused, "How many parameters does RecurrSim's RecurrFNO have?") is None


def test_a_faithful_translation_keeps_numbers_and_names_and_gets_its_markers_back() -> None:
    from rag.chinese import faithful, kept_terms, translated
    english = "RoT cuts latency by 82% [1]. The Jacobi HB diverges under GPT-4 noise [2]."
    assert kept_terms(english) == ["RoT", "82", "HB", "GPT-4"]  # not "The", "Jacobi", markers
    assert faithful(english, "RoT 将延迟降低了 82%。Jacobi HB 在 GPT-4 噪声下发散。")
    assert not faithful(english, "RoT 将延迟降低了 82%。雅可比 HB 在噪声下发散。")  # GPT-4 lost
    assert not faithful(english, english)  # not Chinese
    # one numbered line a sentence; markers taken off before and put back before the stop
    model = FakeChat(["1. RoT 将延迟降低了 82%。\n2. Jacobi HB 在 GPT-4 噪声下发散 [2]"])
    assert translated(english, model) == "RoT 将延迟降低了 82% [1]。 Jacobi HB 在 GPT-4 噪声下发散 [2]。"
    sent = model.prompts[0][-1]["content"]
    assert "1. RoT cuts latency by 82%." in sent and "[1]" not in sent
    assert translated(english, FakeChat(["1. RoT 将延迟降低了 82%。"])) is None  # a sentence left out
    assert translated(english, FakeChat(["1. RoT 将延迟降低了。\n2. Jacobi HB 在 GPT-4 噪声下发散。"])) is None
    assert translated(english, FakeChat(error=LLMError("down"))) is None
