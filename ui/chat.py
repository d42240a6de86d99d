"""One chat turn for the UI: stream PaperChat's events into chat messages and the sources
panel, saying what is happening while the model is slow, and never failing silently."""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Generator, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from rag.export import answer_to_markdown, cited_papers, papers_to_bibtex
from rag.llm import LLMError
from rag.models import Answer, Event, Passage, Turn
from rag.pipeline import PaperChat, turn_of
from rag.retrieve import Filters
from ui.library import export_folder
from ui.models import ModelMenu
from ui.render import answer_html, comparison_html, esc, note_html, sources_html, stopped

log = logging.getLogger(__name__)
T = TypeVar("T")
TICK = 1.0  # seconds between "still waiting" updates
SLOW = 15.0  # after this long without a token, say why it may take a while
Messages = list[dict[str, Any]]


def with_ticks(events: Iterator[T], every: float | None = None) -> Generator[T | None, None, None]:
    """The events, with None whenever `every` seconds pass without one. The source runs in a
    thread and is closed at its next event after this generator is closed (the Stop button);
    its exceptions are re-raised here."""
    box: queue.Queue[tuple[str, Any]] = queue.Queue()
    stop = threading.Event()

    def pump() -> None:
        try:
            for item in events:
                if stop.is_set():
                    break
                box.put(("item", item))
            box.put(("done", None))
        except Exception as exc:  # noqa: BLE001 (re-raised in the consumer, which reports it)
            box.put(("error", exc))
        finally:  # a closed stream also closes the model's HTTP response, so generation stops
            close = getattr(events, "close", None)
            if close is not None:
                close()

    threading.Thread(target=pump, name="paperchat-answer", daemon=True).start()
    try:
        while True:
            try:
                kind, item = box.get(timeout=every or TICK)
            except queue.Empty:
                yield None
                continue
            if kind == "done":
                return
            if kind == "error":
                raise item
            yield item
    finally:
        stop.set()


@dataclass
class TurnView:
    """What the UI shows for the turn in progress."""

    number: int
    model: str
    started: float = field(default_factory=time.monotonic)
    passages: tuple[Passage, ...] = ()
    text: str = ""
    message: str = ""
    sources: str = ""
    answer: Answer | None = None

    def waiting(self) -> None:
        waited = time.monotonic() - self.started
        if self.text:
            return
        what = (
            f"asking {self.model} about {len(self.passages)} passages"
            if self.passages
            else f"searching the papers and starting {self.model} if needed"
        )
        hint = (
            " A local model on a CPU needs a while to read the passages." if waited > SLOW else ""
        )
        self.message = note_html(f"Working: {what}… {waited:.0f} s.{hint}", "wait")

    def apply(self, event: Event) -> None:
        if event.kind == "status":  # a status after tokens: the model is asked again
            self.text = ""
            self.message = note_html(event.text, "wait")
        elif event.kind == "checking":  # the reply stays; a note says it is being checked
            self.message = answer_html(self.text, self.passages, self.number) + note_html(event.text, "wait")
        elif event.kind == "passages":
            self.passages = event.passages
            self.sources = sources_html(
                self.passages, (), self.number, note="Waiting for the answer…"
            )
            self.waiting()
        elif event.kind == "token":
            self.text += event.text
            self.message = (
                answer_html(self.text, self.passages, self.number)
                + '<span class="pc-caret"></span>'
            )
        elif event.kind == "answer" and event.answer is not None:
            self.finish(event.answer)

    def finish(self, answer: Answer) -> None:
        self.answer = answer
        self.message, self.sources = final_views(answer, self.number)

    def fail(self, exc: BaseException) -> None:
        kind = "the language model could not answer" if isinstance(exc, LLMError) else "error"
        self.message = note_html(f"{kind.capitalize()}: {exc}", "error")
        note = "Passages were retrieved, but no answer was generated." if self.passages else None
        self.sources = sources_html(self.passages, (), self.number, error=str(exc), note=note)


def final_views(answer: Answer, turn: int) -> tuple[str, str]:
    """(chat message, sources panel) for a finished answer."""
    cited = {c.n for c in answer.citations}
    if answer.error:
        message = note_html(
            f"The language model failed: {answer.error}. The "
            f"{len(answer.passages)} passages retrieved for your question are "
            "shown under Sources.",
            "error",
        )
        return message, sources_html(answer.passages, (), turn, error=answer.error)
    if answer.comparison is not None:
        message = (
            comparison_html(answer.comparison, turn)
            + "\n\n"
            + note_html(
                "Comparison of the named papers. Use the Compare tab to pick papers and export.",
                "meta",
            )
        )
        return message, sources_html(answer.passages, cited, turn)
    notes = "".join("\n\n" + note_html(n, "info") for n in answer.notes)
    if answer.refused:
        note = "The model found no answer in these passages." if answer.passages else None
        return note_html(answer.text, "warn") + notes, sources_html(answer.passages, cited, turn, note=note)
    meta = f"{len(cited)} checked citation(s)"
    if "total" in answer.timings:
        meta += f" · {answer.timings['total']:.1f} s"
    message = answer_html(answer.text, answer.passages, turn) + notes + "\n\n" + note_html(meta, "meta")
    return message, sources_html(answer.passages, cited, turn)


def answer_events(
    chat: PaperChat,
    menu: ModelMenu,
    model: str,
    question: str,
    history: Sequence[Turn],
    filters: Filters,
    top_k: int,
) -> Iterator[Event]:
    """PaperChat's events for a question, with the chosen model (started here if needed)."""
    if not menu.is_started(model):
        yield Event("status", text=f"Starting {model}…")
    llm = menu.get(model)
    yield from chat.ask_stream(question, history, filters, llm=llm, top_k=top_k)


def ask(chat: PaperChat, menu: ModelMenu, question: str, messages: Messages,
        history: list[Turn], filters: Filters, top_k: int, model: str,
        stop: threading.Event | None = None,
        ) -> Iterator[tuple[Messages, str, list[Turn], Answer | None]]:
    """Stream one turn: (chat messages, sources panel, history, final answer) after each step.
    Setting `stop` ends the turn within a tick; the model's stream is closed at its next token."""
    messages = [*messages, {"role": "user", "content": esc(question)}]
    turn = TurnView(number=len(messages), model=model)

    def step(answer: Answer | None = None) -> tuple[Messages, str, list[Turn], Answer | None]:
        reply = {"role": "assistant", "content": turn.message}
        return [*messages, reply], turn.sources, history, answer

    if not chat.papers():
        turn.message = note_html("No papers are loaded yet. Add files in the Library tab, then "
                                 "ask again.", "warn")
        yield step()
        return
    turn.waiting()
    turn.sources = sources_html((), (), turn.number, note="Searching the papers…")
    events = with_ticks(answer_events(chat, menu, model, question, history, filters, top_k))
    try:
        for event in events:
            if stop is not None and stop.is_set():
                turn.message = stopped(turn.message)
                break
            if event is None:
                turn.waiting()
            else:
                turn.apply(event)
            yield step()
    except (LLMError, ValueError) as exc:
        turn.fail(exc)
    except Exception as exc:  # the edge: report it in the chat rather than as a stuck spinner
        log.exception("answering %r failed", question)
        turn.fail(exc)
    finally:
        events.close()
    if turn.answer is not None and not turn.answer.error:
        history = [*history, turn_of(turn.answer)]
    yield step(turn.answer)


def export_files(chat: PaperChat, answer: Answer | None) -> tuple[str, str | None, str | None]:
    """(Markdown text, .md path, .bib path) for an answer; empty when there is none."""
    if answer is None or not (answer.text or answer.passages):
        return "", None, None
    markdown = answer_to_markdown(answer)
    papers = cited_papers(answer, {p.paper_id: p for p in chat.papers()})
    bibtex = papers_to_bibtex(papers) if papers else ""
    folder = export_folder(markdown, bibtex)
    md_path = folder / "answer.md"
    md_path.write_text(markdown, encoding="utf-8")
    if not bibtex:
        return markdown, str(md_path), None
    bib_path = folder / "references.bib"
    bib_path.write_text(bibtex, encoding="utf-8")
    return markdown, str(md_path), str(bib_path)
