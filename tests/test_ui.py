"""The UI's view models and actions, without a browser (fake embedder and LLM)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rag.fakes import FakeChat
from rag.llm import LLMError
from rag.models import Event, Hit, Passage
from rag.pipeline import PaperChat
from rag.retrieve import Filters
from tests.conftest import make_settings
from ui import chat as chat_turn
from ui import library, render
from ui.app import auth_pairs, build_app
from ui.models import ModelMenu

TOPIC = "How can mutual information be estimated for discrete data?"  # names no paper


def _passage(n: int, text: str, **meta: object) -> Passage:
    full = f"Intro sentence. {text} Closing sentence."
    return Passage(n, Hit(f"c{n}", f"p{n}", full, 1.0, {"display_name": f"P{n}", **meta}), text)


def _turn(chat: PaperChat, question: str, **kw: object) -> list[tuple]:  # type: ignore[type-arg]
    menu = ModelMenu(chat)
    args = {"filters": Filters(), "top_k": 6, "model": menu.default, **kw}
    return list(chat_turn.ask(chat, menu, question, [], [], **args))  # type: ignore[arg-type]


def test_answer_html_links_known_markers_and_escapes_the_rest() -> None:
    passages = [
        _passage(1, "Cats purr *loudly* at $5."),
        _passage(2, "Dogs bark.", url="https://d.org"),
    ]
    html = render.answer_html(
        "Cats purr [1] and dogs bark [2]. <script>x</script> See [7].", passages, turn=3
    )
    assert html.count('class="pc-cite"') == 2
    assert 'data-src="pc-t3-s1"' in html and 'data-src="pc-t3-s2"' in html
    assert "&lt;script&gt;" in html and "<script>" not in html
    assert "See [7]." in html  # a number no passage has stays plain text
    assert "&#42;loudly&#42; at &#36;5." in html  # Markdown and LaTeX cannot act on the passage
    assert 'href="https://d.org"' in html


def test_answer_html_splits_grouped_markers() -> None:
    html = render.answer_html("Both [1, 2].", [_passage(1, "A."), _passage(2, "B.")], turn=1)
    assert html.count('class="pc-cite"') == 2


def test_sources_mark_cited_passages_and_highlight_them_in_their_chunk() -> None:
    html = render.sources_html([_passage(1, "A b."), _passage(2, "C d.")], {2}, turn=1)
    assert "2 passages given to the model · 1 cited" in html
    assert html.count("is-cited") == 1 and 'id="pc-t1-s2"' in html
    assert "Intro sentence. <mark>A b.</mark> Closing sentence." in html


def test_sources_with_an_error_keep_the_passages() -> None:
    html = render.sources_html([_passage(1, "A b.")], (), 1, error="cannot reach the model")
    assert "The language model failed" in html and "cannot reach the model" in html
    assert 'id="pc-t1-s1"' in html


def test_a_turn_streams_then_ends_with_a_cited_answer(chat: PaperChat) -> None:
    steps = _turn(chat, "How does InfoSEDD estimate mutual information?")
    messages, sources, history, answer = steps[-1]
    assert answer is not None and answer.citations and not answer.error
    assert messages[0] == {
        "role": "user",
        "content": "How does InfoSEDD estimate mutual information?",
    }
    assert 'class="pc-cite"' in messages[1]["content"]
    assert "InfoSEDD" in sources and "cited" in sources
    assert len(history) == 1 and history[0].question.startswith("How does InfoSEDD")
    assert any("pc-wait" in s[0][1]["content"] for s in steps[:-1])  # never a silent spinner


def test_llm_failure_shows_the_error_and_the_passages(chat: PaperChat, fake_llm: FakeChat) -> None:
    fake_llm.error = LLMError("cannot reach the language model at http://127.0.0.1:9/v1")
    messages, sources, history, answer = _turn(
        chat, "How does InfoSEDD estimate mutual information?"
    )[-1]
    assert "The language model failed: cannot reach" in messages[1]["content"]
    assert answer is not None and answer.passages
    assert "pc-src" in sources and "The language model failed" in sources
    assert history == []  # a failed turn is not kept as context


def test_slow_model_reports_progress(
    chat: PaperChat, fake_llm: FakeChat, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(chat_turn, "TICK", 0.02)
    monkeypatch.setattr(chat_turn, "SLOW", 0.1)
    fake_llm.delay = 0.5
    steps = _turn(chat, TOPIC)
    given = len(steps[-1][3].passages)
    waiting = [s[0][1]["content"] for s in steps if f"about {given} passages" in s[0][1]["content"]]
    assert waiting and all("pc-wait" in w for w in waiting)
    assert "needs a while" in waiting[-1]  # past SLOW, it says why
    assert steps[-1][3].citations


def test_empty_library_says_what_to_do(tmp_path: Path) -> None:
    empty = PaperChat(make_settings(tmp_path / "d"), llm=FakeChat())
    messages, _, _, answer = _turn(empty, "anything?")[-1]
    assert "No papers are loaded yet" in messages[1]["content"] and answer is None


def test_no_match_is_an_honest_refusal(chat: PaperChat) -> None:
    messages, _, _, answer = _turn(
        chat, "What is the boiling point of water?", filters=Filters(authors=("Nobody Atall",))
    )[-1]
    assert answer is not None and answer.refused
    assert "pc-warn" in messages[1]["content"] and "do not answer" in messages[1]["content"]


def test_chosen_model_and_passage_count_are_used(chat: PaperChat) -> None:
    _, sources, _, answer = _turn(chat, TOPIC, top_k=2)[-1]
    assert len(answer.passages) == 2 and "2 passages given to the model" in sources


def test_upload_reports_added_and_rejected_records(chat: PaperChat, tmp_path: Path) -> None:
    path = tmp_path / "new.jsonl"
    good = {
        "title": "Quantum Gardening",
        "abstract": "We grow qubits in soil.",
        "authors": ["Ann Bee"],
    }
    path.write_text(json.dumps(good) + "\n{not json\n", encoding="utf-8")
    seen: list[str] = []
    report = library.add_files(chat, [str(path)], lambda f, d: seen.append(d))
    assert report.added == 1 and len(report.rejected) == 1
    row = render.report_rows(report)[0]
    assert row[:4] == ["new.jsonl", 1, 0, 1] and row[4].startswith("new.jsonl:2: ")
    assert "rejected" in render.upload_note(report) and "pc-warn" in render.upload_note(report)
    assert seen[0].startswith("Adding new.jsonl")
    assert any("Quantum Gardening" in str(r) for r in render.library_rows(chat.papers(), "bee"))
    again = library.add_files(chat, [str(path)], lambda f, d: None)
    assert again.added == 0 and again.unchanged == 1


def test_remove_paper(chat: PaperChat) -> None:
    victim = chat.papers()[0]
    assert "Removed" in library.remove_paper(chat, victim.paper_id)
    assert victim.paper_id not in {r.paper_id for r in chat.papers()}
    assert "No loaded paper" in library.remove_paper(chat, victim.paper_id)


def test_compare_needs_two_to_five_papers_and_writes_exports(chat: PaperChat) -> None:
    ids = [r.paper_id for r in chat.papers()]
    html, md, csv = library.compare_view(chat, ids[:1])
    assert "Pick between two and five" in html and md is None and csv is None
    html, md, csv = library.compare_view(chat, ids[:2])
    assert "<table" in html and md and csv
    assert Path(csv).read_text(encoding="utf-8").startswith("aspect,")


def test_exports_of_an_answer(chat: PaperChat) -> None:
    answer = chat.ask("How does InfoSEDD estimate mutual information?")
    markdown, md_path, bib_path = chat_turn.export_files(chat, answer)
    assert (
        markdown.startswith("# How does InfoSEDD") and Path(md_path or "").read_text() == markdown
    )
    assert "@misc{" in Path(bib_path or "").read_text()
    assert chat_turn.export_files(chat, answer)[1:] == (md_path, bib_path)  # no new files
    assert chat_turn.export_files(chat, None) == ("", None, None)


def test_filter_and_paper_choices_come_from_the_corpus(chat: PaperChat) -> None:
    options = render.filter_choices(chat.papers())
    assert "Carola-Bibiane Schönlieb" in options["authors"] and "Deep Learning" in options["areas"]
    labels = dict(render.paper_choices(chat.papers()))
    assert any(label.startswith("InfoSEDD") for label in labels)


def test_model_menu_offers_local_models_and_the_endpoint(tmp_path: Path) -> None:
    settings = make_settings(tmp_path / "d", openai_base_url="http://127.0.0.1:9/v1")
    menu = ModelMenu(PaperChat(settings, llm=FakeChat()))
    assert menu.labels == [
        "fake model",
        "qwen2.5-0.5b (local)",
        "qwen2.5-1.5b (local)",
        "qwen2.5-1.5b @ 127.0.0.1:9",
    ]
    assert menu.get("fake model") is None
    assert menu.get("qwen2.5-1.5b @ 127.0.0.1:9").name == "qwen2.5-1.5b"


def test_auth_from_a_pair_or_a_file(tmp_path: Path) -> None:
    assert auth_pairs(None) is None
    assert auth_pairs("ann:s3:cret") == [("ann", "s3:cret")]
    path = tmp_path / "users"
    path.write_text("# lab accounts\nann:one\n\nbob:two\n", encoding="utf-8")
    assert auth_pairs(str(path)) == [("ann", "one"), ("bob", "two")]
    with pytest.raises(ValueError, match="user:password"):
        auth_pairs("no-colon")


def test_build_app_exposes_the_api(chat: PaperChat) -> None:
    demo = build_app(chat, warm=False)
    names = {d.api_name for d in demo.fns.values()}
    assert {"ask", "compare", "add_files", "remove_paper", "new_conversation", "papers"} <= names


def test_a_stopped_turn_loses_its_spinner_and_caret() -> None:
    live = render.answer_html("Partial [1]", [_passage(1, "A.")], 1) + '<span class="pc-caret"></span>'
    out = render.stopped(live)
    assert "pc-caret" not in out and out.endswith(render.note_html("Stopped.", "warn"))
    assert render.stopped(render.note_html("Working… 3 s.", "wait")) == render.note_html(
        "Stopped.", "warn")


def test_a_reply_being_checked_stays_on_screen() -> None:
    view = chat_turn.TurnView(number=1, model="fake")
    view.apply(Event("token", text="GraphBSI 是一种单步图生成模型。"))
    view.apply(Event("checking", text="Reading the answer in English to check its citations…"))
    assert view.text == "GraphBSI 是一种单步图生成模型。"
    assert "单步图生成模型" in view.message and "Reading the answer in English" in view.message


def test_a_model_asked_again_replaces_its_first_reply_on_screen() -> None:
    view = chat_turn.TurnView(number=1, model="fake")
    for piece in ("QuRL", " (Wei et al.)"):
        view.apply(Event("token", text=piece))
    view.apply(Event("status", text="The model named a paper without answering; asking it again…"))
    assert view.text == "" and "asking it again" in view.message
    view.apply(Event("token", text="Rubrics are case-wise"))
    assert view.text == "Rubrics are case-wise" and "Wei et al." not in view.message

