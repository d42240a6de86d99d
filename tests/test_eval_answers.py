"""The answer-evaluation runner's metrics, on the fake models."""

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from eval.answers import Report, evaluate, fact_present, judge
from eval.calibrate_refusal import best_threshold
from rag.config import Settings
from rag.fakes import FakeChat
from rag.models import Hit, Passage
from rag.pipeline import PaperChat
from rag.writelock import LibraryBusy

ROOT = Path(__file__).resolve().parents[1]


def test_fact_alternatives() -> None:
    assert fact_present("40%|forty percent", "cuts tokens by up to 40%")
    assert not fact_present("82%", "by 28%")


def test_a_fact_written_as_a_regular_expression_is_matched_as_one() -> None:
    # Question writers used regex syntax (blind27-28); it used to be read as literal text.
    assert fact_present(r"1\.2(?!\d)|6/5", "theta_max = min(2, 1.5, 1.2) = 1.2 [1]")
    assert not fact_present(r"1\.2(?!\d)|6/5", "a rate of 1.25")
    assert fact_present(r"entropy|kullback|\bKL\b", "a KL term")
    assert not fact_present(r"\bKL\b", "the SKLearn toolkit")
    assert fact_present("state[- ]space|virtual state", "a state space model")
    # Plain facts with regex metacharacters stay literal: "+17", "min(2", "o(t^{-\\zeta})".
    assert fact_present("+17|17 points", "gains +17 on average")
    assert fact_present("min(2|min{2", "theta = min(2, nu)")
    assert not fact_present("17.0", "17x0")


def test_judge_counts_out_of_prompt_and_wrong_paper_citations(chat: PaperChat) -> None:
    hit = Hit("c0", "p0", "GLOT pools token outputs with a graph neural network.", 1.0,
              {"display_name": "GLOT"})
    passages = [Passage(1, hit, hit.text)]
    t = judge("GLOT pools token outputs with a graph neural network [1]. It is fast [4].",
              passages, {"GLOT"}, chat.vectors)
    assert (t.pairs, t.out_of_prompt) == (2, 1)
    assert t.precise == 1
    wrong_paper = judge("GLOT pools token outputs with a graph neural network [1].", passages,
                        {"RoT"}, chat.vectors)
    assert wrong_paper.precise == 0


def test_evaluate_reports_refusals_and_accuracy(chat: PaperChat, fake_llm: FakeChat) -> None:
    questions = [
        {"id": "a", "question": "What does InfoSEDD compute?", "papers": ["InfoSEDD"],
         "facts": ["Kullback"], "unanswerable": False},
        {"id": "b", "question": "What GPU trained RecurrSim?", "papers": ["RecurrSim"],
         "facts": [], "unanswerable": True},
    ]
    fake_llm.replies.extend([
        "InfoSEDD can be used to compute Kullback–Leibler divergences [1].",
        "I don't know.", "I don't know."])  # asked again for the parts: still not
    summary = evaluate(chat, questions, progress=False).summary()
    assert summary["questions"] == 2
    assert summary["refusal_recall"] == 1.0 and summary["refusal_precision"] == 1.0
    assert summary["out_of_prompt_citations"] == 0
    assert summary["accuracy_by_type"] == {"": 1.0}  # the one answerable question, untyped
    assert isinstance(Report().summary(), dict)


def test_a_refused_answerable_question_scores_no_facts(chat: PaperChat, fake_llm: FakeChat) -> None:
    question = {"id": "a", "type": "single", "question": "What does InfoSEDD compute?",
                "papers": ["InfoSEDD"], "facts": ["InfoSEDD"], "unanswerable": False}
    fake_llm.replies.extend(["I don't know.", "I don't know."])  # and for its parts
    report = evaluate(chat, [question], progress=False)
    assert report.rows[0]["refused"] and "InfoSEDD" in report.rows[0]["answer"]  # a suggestion
    assert report.summary()["accuracy"] == 0.0 and report.summary()["refusal_precision"] == 0.0


def test_best_threshold_separates_the_groups() -> None:
    t, acc = best_threshold([0.5, 0.6, 0.4], [0.1, 0.2, 0.3])
    assert 0.3 < t < 0.4 and acc == 1.0


def test_eval_answers_command_prints_a_summary(tmp_path: Path) -> None:
    qs = tmp_path / "q.jsonl"
    qs.write_text(json.dumps({"id": "x", "question": "How does RecurrSim trade accuracy for cost?",
                              "papers": ["RecurrSim"], "facts": ["recurrent"]}) + "\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PAPERCHAT_", "OPENAI_"))}
    env.update(PAPERCHAT_EMBED_MODEL="fake", PAPERCHAT_LLM_PROVIDER="fake",
               PAPERCHAT_REFUSAL_THRESHOLD="0.1")
    proc = subprocess.run([sys.executable, "-m", "ui.cli", "eval", "answers", "--questions", str(qs),
                           "--out", str(tmp_path / "rows.jsonl")], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    summary = json.loads(proc.stdout)
    assert summary["questions"] == 1 and summary["provider"] == "fake"
    assert json.loads((tmp_path / "rows.jsonl").read_text())["id"] == "x"


def test_replay_gives_each_question_its_recorded_reply_and_rewrite(tmp_path) -> None:
    from eval.answers import ReplayChat
    from rag.answer import system_prompt

    rows = tmp_path / "rows.jsonl"
    rows.write_text(json.dumps({"question": "RoT 快多少？", "raw": "RoT 快 82% [1]。",
                                "standalone_query": "How much faster is RoT?"}, ensure_ascii=False)
                    + "\n" + json.dumps({"question": "Who wrote War and Peace?", "raw": ""}) + "\n")
    replay = ReplayChat.from_rows(rows)
    answer_prompt = [{"role": "system", "content": system_prompt()},
                     {"role": "user", "content": "<passages>...</passages>\nQuestion: RoT 快多少？"}]
    assert "".join(replay.stream(answer_prompt)) == "RoT 快 82% [1]。"
    rewrite = [{"role": "system", "content": "Translate."}, {"role": "user", "content": "RoT 快多少？"}]
    assert "".join(replay.stream(rewrite)) == "How much faster is RoT?"
    never = [answer_prompt[0], {"role": "user", "content": "Question: Who wrote War and Peace?"}]
    assert "".join(replay.stream(never)) == "" and replay.missing == 1


def test_replay_gives_a_reply_asked_again_its_second_part(tmp_path) -> None:
    from eval.answers import ReplayChat
    from rag.answer import retry_messages, system_prompt
    from rag.pipeline import ASKED_AGAIN

    rows = tmp_path / "rows.jsonl"
    rows.write_text(json.dumps({"question": "What do QuRL's rubrics look like?",
                                "raw": f"QuRL (Wei et al.) [1]{ASKED_AGAIN}They are case-wise [1]."}) + "\n")
    replay = ReplayChat.from_rows(rows)
    first = [{"role": "system", "content": system_prompt()},
             {"role": "user", "content": "Question: What do QuRL's rubrics look like?"}]
    assert "".join(replay.stream(first)) == "QuRL (Wei et al.) [1]"
    again = retry_messages(first, "QuRL (Wei et al.) [1]", "What do QuRL's rubrics look like?")
    assert "".join(replay.stream(again)) == "They are case-wise [1]." and replay.missing == 0
    parts = [{"role": "system", "content": system_prompt(parts=True)}, first[1]]  # asked anew for the parts
    assert "".join(replay.stream(parts)) == "They are case-wise [1]." and replay.missing == 0


def test_replay_gives_a_question_asked_with_only_its_asking_part_its_third_reply(tmp_path) -> None:
    from eval.answers import ReplayChat
    from rag.answer import system_prompt
    from rag.pipeline import ASKED_AGAIN

    question = "Our team grades by hand. What do QuRL's rubrics look like?"
    rows = tmp_path / "rows.jsonl"
    rows.write_text(json.dumps({"question": question, "raw": f"I don't know.{ASKED_AGAIN}I don't know."
                                f"{ASKED_AGAIN}They are case-wise [1]."}) + "\n")
    replay = ReplayChat.from_rows(rows)
    parts = system_prompt(parts=True)
    whole = [{"role": "system", "content": parts}, {"role": "user", "content": f"Question: {question}"}]
    assert "".join(replay.stream(whole)) == "I don't know."
    alone = [{"role": "system", "content": parts},
             {"role": "user", "content": "Question: What do QuRL's rubrics look like?"}]
    assert "".join(replay.stream(alone)) == "They are case-wise [1]." and replay.missing == 0
    # after the name of the paper the question names ("About QuRL: ...")
    about = [{"role": "system", "content": parts},
             {"role": "user", "content": "Question: About QuRL: What do QuRL's rubrics look like?"}]
    assert "".join(replay.stream(about)) == "They are case-wise [1]."
    # a run that never asked a third time has no third reply to give
    rows.write_text(json.dumps({"question": question, "raw": f"I don't know.{ASKED_AGAIN}I don't know."}) + "\n")
    assert "".join(ReplayChat.from_rows(rows).stream(alone)) == ""



def test_oracle_answers_with_the_evidence_the_prompt_holds_cited_to_its_passage(tmp_path) -> None:
    from eval.answers import OracleChat
    from rag import prompts
    from rag.answer import build_messages
    from rag.models import Hit, Passage

    def passage(n: int, name: str, text: str) -> Passage:
        return Passage(n, Hit(f"c{n}", f"p{n}", text, 1.0, {"display_name": name}), text)

    said = ["RoT cuts output tokens by 40%.", "RoT cuts latency by 82%."]
    questions = [{"id": "a", "question": "How much does RoT save?", "evidence": said, "unanswerable": False},
                 {"id": "b", "question": "What does RoT cost to train?", "evidence": [], "unanswerable": True},
                 {"id": "c", "question": "RoT 省多少？", "evidence": said[1:], "unanswerable": False}]
    rows = tmp_path / "rows.jsonl"
    rows.write_text(json.dumps({"question": "RoT 省多少？", "raw": "",
                                "standalone_query": "How much does RoT save in latency?"}, ensure_ascii=False) + "\n")
    oracle = OracleChat.for_questions(questions, rows)
    passages = [passage(1, "GLOT", "GLOT pools tokens with a graph."),
                passage(2, "RoT", "Reasoning is reused.  RoT cuts latency\nby 82%. It helps."),
                passage(3, "RoT", "RoT cuts output tokens by 40%.")]
    # each evidence sentence the prompt holds, cited to its own passage (whitespace aside)
    reply = "".join(oracle.stream(build_messages("How much does RoT save?", passages)))
    assert reply == "RoT cuts output tokens by 40%. [3] RoT cuts latency by 82%. [2]"
    # evidence the prompt lacks is not written: with none, the writer does not know
    assert "".join(oracle.stream(build_messages("How much does RoT save?", passages[:1]))) == "I don't know."
    assert "".join(oracle.stream(build_messages("What does RoT cost to train?", passages))) == "I don't know."
    # a question rewritten as the recorded run rewrote it is still answered from its evidence
    assert "".join(oracle.stream([{"role": "system", "content": "Translate."},
                                  {"role": "user", "content": "RoT 省多少？"}])) == "How much does RoT save in latency?"
    reply = "".join(oracle.stream(build_messages("How much does RoT save in latency?", passages)))
    assert reply == "RoT cuts latency by 82%. [2]" and oracle.missing == 0
    # without a recorded run, a rewrite is the question as asked and a translation of the answer fails
    bare = OracleChat.for_questions(questions)
    assert "".join(bare.stream([{"role": "system", "content": "Rewrite."},
                                {"role": "user", "content": "Earlier: ...\nNow: How much does RoT save?"}])) \
        == "How much does RoT save?"
    assert "".join(bare.stream([{"role": "user", "content": prompts.render("translate_answer", sentences="1. x")}])) == ""


def test_replay_reads_a_chinese_reply_as_recorded_or_with_a_live_reader(tmp_path) -> None:
    from eval.answers import ReplayChat
    from rag.fakes import FakeChat
    from rag.prompts import render

    check = {"sentence": "RoT 快 82%。", "action": "kept",
             "checks": [{"check": "read_in_english", "ok": True, "reason": "RoT is 82% faster."}]}
    rows = tmp_path / "rows.jsonl"
    rows.write_text(json.dumps({"question": "RoT 快多少？", "raw": "RoT 快 82% [1]。",
                                "checks": [check]}, ensure_ascii=False) + "\n")
    reading = [{"role": "user", "content": render("read_in_english", sentences="1. RoT 快 82%。\n2. 它很好。")}]
    assert "".join(ReplayChat.from_rows(rows).stream(reading)) == "1. RoT is 82% faster."
    live = FakeChat(["1. RoT is faster by 82%."])
    assert "".join(ReplayChat.from_rows(rows, live).stream(reading)) == "1. RoT is faster by 82%."
    assert live.prompts == [reading]


def test_a_cached_library_another_evaluation_is_refreshing_is_waited_for(
        settings: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two evaluations opening the same cached library each refresh it (a no-op ingest under the
    write lock): the second waits for the first instead of failing with "another ingest ...
    is writing" (seen running the retrieval sets beside answer replays)."""
    from eval import libraries

    monkeypatch.setattr(libraries, "CACHE", tmp_path / "cache")
    monkeypatch.setattr(libraries, "BUSY_WAIT_S", 0.2)
    lib = libraries.library_settings("demo", settings)  # first: ingested and stamped
    holder = PaperChat(lib)
    entered, release = threading.Event(), threading.Event()

    def hold() -> None:
        with holder.store.writing():
            entered.set()
            release.wait(5)

    thread = threading.Thread(target=hold)
    thread.start()
    entered.wait(5)
    threading.Timer(0.5, release.set).start()
    assert libraries.library_settings("demo", settings).data_dir == lib.data_dir
    thread.join()
    assert len(PaperChat(lib).papers()) == 20  # refreshed, nothing duplicated
    monkeypatch.setattr(libraries, "BUSY_TRIES", 1)
    release.clear()
    entered.clear()
    thread = threading.Thread(target=hold)
    thread.start()
    entered.wait(5)
    with pytest.raises(LibraryBusy):
        libraries.library_settings("demo", settings)
    release.set()
    thread.join()


def test_the_claim_evaluation_scores_verdicts_and_records_each_checks(chat: PaperChat) -> None:
    """eval/claims.py: a verdict is right when it is the expected one and, when decided, cites
    an expected paper; each row keeps the checks that decided it (why a claim was read as
    supported is in the run's output, session 40)."""
    from eval.claims import evaluate_claims
    rows = [
        {"id": "s", "claim": "RoT reduces latency by 82%", "verdict": "supported", "papers": ["RoT"]},
        {"id": "u", "claim": "RoT was trained on 64 GPUs for three weeks", "verdict": "unstated", "papers": ["RoT"]},
    ]
    report = evaluate_claims(chat, rows, progress=False)
    assert report["claims"] == 2 and sum(report["confusion"].values()) == 2
    for row, out in zip(rows, report["rows"], strict=True):
        assert out["right"] == (out["verdict"] == row["verdict"] and out["citation_right"] is not False)
        actions = [c["action"] for c in out["checks"]]
        assert actions[0] == "answerable" and len(actions) >= 2, actions
        assert all(v["check"] and isinstance(v["ok"], bool) for c in out["checks"] for v in c["checks"])
    assert report["verdict_accuracy"] == sum(r["right"] for r in report["rows"]) / 2
