"""UI latency in a real browser: the real app (default local model, MiniLM, demo corpus) in
headless Debian chromium. Measures page load (navigation to an interactive page with the
corpus shown) and time from pressing Ask to the first streamed token visible in the page.

    .venv/bin/python -m eval.bench_ui [--model qwen2.5-0.5b] [--questions 5] [--loads 5] [--full]
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from playwright.sync_api import Page, sync_playwright

from rag.config import DEMO_CORPUS, Settings
from rag.pipeline import PaperChat
from ui.app import build_app, launch_options

QUESTIONS = [
    "How does InfoSEDD estimate mutual information?",
    "What does Retrieval-of-Thought reuse to make reasoning cheaper?",
    "How does experience replay affect deep forgetting in continual learning?",
    "What convergence rate does Heavy Ball reach on quadratic problems?",
    "Which papers work on graph neural networks?",
]
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"]
# Presses Ask and watches the page: the retrieved passages appear in the sources panel; the
# first streamed token shows a caret; an answer that arrives whole (a refusal, an error)
# counts when it appears. Unless `full`, it then presses
# Stop, so a slow CPU spends the run on what is measured.
MEASURE_JS = """
async (full) => {
  const chat = document.querySelector('#pc-chat');
  const sources = document.querySelector('#pc-sources');
  const done = '.pc-meta, .pc-error, .pc-warn';
  const t0 = performance.now();
  let first = null, passages = null;
  return await new Promise((resolve) => {
    const finish = (end, now) => {
      obs.disconnect();
      const kind = end === null ? 'stopped' : end.classList.contains('pc-meta') ? 'answer'
        : end.classList.contains('pc-error') ? 'error' : 'refused';
      resolve({ passages_ms: passages, first_token_ms: first,
                total_ms: end === null ? null : now - t0, kind: kind });
    };
    const check = () => {
      const now = performance.now();
      if (passages === null && sources.querySelector('.pc-src')) { passages = now - t0; }
      const end = chat.querySelector(done);
      if (first === null && (end || chat.querySelector('.pc-caret'))) {
        first = now - t0;
        if (!end && !full) { document.querySelector('#pc-stop').click(); finish(null, now); }
      }
      if (end && first !== null) { finish(end, now); }
    };
    const obs = new MutationObserver(check);
    obs.observe(chat, { subtree: true, childList: true, characterData: true });
    obs.observe(sources, { subtree: true, childList: true });
    document.querySelector('#pc-send').click();
  });
}
"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def page_load(browser: Any, url: str) -> dict[str, float]:
    """One fresh session: navigation to the app showing the corpus, and the load event."""
    context = browser.new_context(viewport={"width": 1440, "height": 900})
    page = context.new_page()
    t0 = time.perf_counter()
    page.goto(url, wait_until="load")
    load_event = time.perf_counter() - t0
    page.locator("#pc-header", has_text="papers").wait_for(timeout=60_000)
    ready = time.perf_counter() - t0
    context.close()
    return {"load_event_s": load_event, "interactive_s": ready}


def ask_timed(page: Page, question: str, full: bool) -> dict[str, Any]:
    print(f"asking: {question}", file=sys.stderr, flush=True)
    page.click("#pc-new")
    page.locator("#pc-chat .pc-meta, #pc-chat .pc-error, #pc-chat .pc-warn").first.wait_for(
        state="detached", timeout=30_000)
    page.fill("#pc-question textarea", question)
    result = page.evaluate(MEASURE_JS, full)
    if result["kind"] == "stopped":  # the turn ends with its note once the stop is taken
        page.locator("#pc-chat .pc-warn").first.wait_for(timeout=60_000)
    print(f"  {result}", file=sys.stderr, flush=True)
    return {"question": question, **result}


def run(settings: Settings, questions: int, loads: int, full: bool) -> dict[str, Any]:
    chat = PaperChat(settings)
    t0 = time.perf_counter()
    chat.ingest([DEMO_CORPUS], progress=False)
    ingest_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    demo = build_app(chat)  # starts the model in a background thread, as `paperchat serve` does
    port = _free_port()
    demo.queue(default_concurrency_limit=1).launch(
        prevent_thread_lock=True, server_name="127.0.0.1", server_port=port, quiet=True,
        share=False, **launch_options())
    url = f"http://127.0.0.1:{port}/"
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
            loaded = [page_load(browser, url) for _ in range(loads)]
            print(f"page loads: {loaded}", file=sys.stderr, flush=True)
            chat.llm()  # wait for the pre-warm to finish: measure answers, not the model start
            warm_s = time.perf_counter() - t0
            page = browser.new_context(viewport={"width": 1440, "height": 900}).new_page()
            page.goto(url, wait_until="load")
            page.locator("#pc-header", has_text="ready").wait_for(timeout=60_000)
            asked = [ask_timed(page, q, full) for q in QUESTIONS[:questions]]
            browser.close()
    finally:
        demo.close()
    return {"model": settings.llm_model, "ingest_s": ingest_s, "model_ready_s": warm_s,
            "loads": loaded, "questions": asked}


def summary(result: dict[str, Any]) -> dict[str, float]:
    """Medians of the measurements."""
    firsts = [q["first_token_ms"] / 1000 for q in result["questions"]]
    totals = [q["total_ms"] / 1000 for q in result["questions"] if q["total_ms"] is not None]
    return {
        "page_load_event_s": statistics.median(x["load_event_s"] for x in result["loads"]),
        "page_interactive_s": statistics.median(x["interactive_s"] for x in result["loads"]),
        "passages_visible_s": statistics.median(
            q["passages_ms"] / 1000 for q in result["questions"] if q["passages_ms"] is not None),
        "first_token_s": statistics.median(firsts),
        **({"total_s": statistics.median(totals)} if totals else {}),
    }


def main(
    model: Annotated[str | None, typer.Option(help="Local model (default: the settings').")] = None,
    questions: Annotated[int, typer.Option(min=1, max=len(QUESTIONS))] = 5,
    loads: Annotated[int, typer.Option(min=1, help="Fresh page loads to time.")] = 5,
    full: Annotated[bool, typer.Option(help="Wait for whole answers instead of pressing Stop "
                                            "after the first token.")] = False,
) -> None:
    """Print the measurements as JSON (stdout) with the machine load before and after."""
    before = os.getloadavg()
    # Gradio prints to stdout; only the JSON goes there.
    with tempfile.TemporaryDirectory(prefix="paperchat-bench-ui-") as tmp, \
            contextlib.redirect_stdout(sys.stderr):
        defaults = Settings()  # type: ignore[call-arg]  # models stay put; the library is new
        overrides: dict[str, Any] = {"data_dir": Path(tmp) / "data"}
        if model:
            overrides["llm_model"] = model
        result = run(defaults.model_copy(update=overrides), questions, loads, full)
    result["summary"] = summary(result)
    result["loadavg_before"], result["loadavg_after"] = before, os.getloadavg()
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    typer.run(main)
