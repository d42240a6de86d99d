"""The real Gradio app in headless Debian chromium (fake embedder and LLM, demo corpus).
One app and one browser for the module; a fresh page (session) per test. Every test also
checks that the page asked nothing of any host but 127.0.0.1."""

from __future__ import annotations

import json
import os
import re
import socket
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright

from rag.config import DEMO_CORPUS
from rag.fakes import FakeChat
from rag.pipeline import PaperChat
from tests.conftest import make_settings
from ui.app import build_app, launch_options

pytestmark = pytest.mark.e2e
# Screenshots go to a temporary folder; PAPERCHAT_REFRESH_SCREENSHOTS=1 refreshes docs/ instead.
SHOTS = (Path(__file__).resolve().parents[1] / "docs" / "screenshots"
         if os.environ.get("PAPERCHAT_REFRESH_SCREENSHOTS") == "1"
         else Path(tempfile.gettempdir()) / "paperchat-screenshots")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"]
QUESTION = "How does InfoSEDD estimate mutual information?"
TOPIC = "How can mutual information be estimated for discrete data?"  # names no paper
WAIT = 30_000  # ms; generous for a 2-core machine shared with other jobs


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class App:
    url: str
    chat: PaperChat
    down_model: str  # the model choice whose endpoint nobody serves


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[App]:
    dead = free_port()  # nothing listens here: "no LLM reachable"
    settings = make_settings(tmp_path_factory.mktemp("ui") / "data",
                             openai_base_url=f"http://127.0.0.1:{dead}/v1")
    chat = PaperChat(settings, llm=FakeChat())
    chat.ingest([DEMO_CORPUS], progress=False)
    demo = build_app(chat)
    port = free_port()
    demo.queue().launch(prevent_thread_lock=True, server_name="127.0.0.1", server_port=port,
                        quiet=True, share=False, **launch_options())
    try:
        yield App(f"http://127.0.0.1:{port}/", chat, f"qwen2.5-1.5b @ 127.0.0.1:{dead}")
    finally:
        demo.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def page(app: App, browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1440, "height": 900}, accept_downloads=True)
    pg = context.new_page()
    outside: list[str] = []
    pg.on("request", lambda r: outside.append(r.url)
          if not r.url.startswith(("http://127.0.0.1", "data:", "blob:")) else None)
    pg.goto(app.url, wait_until="load")  # "networkidle" never comes: Gradio keeps an SSE open
    expect(pg.locator("#pc-header")).to_contain_text("papers", timeout=WAIT)
    yield pg
    context.close()
    assert outside == [], f"the page reached beyond 127.0.0.1: {outside}"


def ask(page: Page, question: str) -> None:
    page.fill("#pc-question textarea", question)
    page.click("#pc-send")
    page.locator("#pc-chat .pc-meta, #pc-chat .pc-error, #pc-chat .pc-warn").first.wait_for(
        timeout=WAIT)


def pick(page: Page, dropdown: str, text: str, option: str) -> None:
    page.click(f"{dropdown} input")
    page.keyboard.press("Control+A")  # a single-choice dropdown shows its current value
    page.keyboard.type(text)
    page.get_by_role("option", name=option, exact=True).click()
    page.keyboard.press("Escape")


def test_ask_then_click_a_citation_to_see_its_passage(page: Page) -> None:
    ask(page, QUESTION)
    cite = page.locator("#pc-chat .pc-cite").first
    cite.click()
    pop = cite.locator(".pc-pop")
    expect(pop).to_be_visible()
    expect(pop.locator(".pc-name")).to_have_text("InfoSEDD")
    expect(pop.locator(".pc-authors")).to_contain_text("Alberto Foresti")
    quote = pop.locator(".pc-quote").inner_text()
    assert "mutual information" in quote.lower()
    active = page.locator("#pc-sources .pc-src.pc-active")  # the same passage, highlighted
    expect(active).to_have_count(1)
    assert active.locator("mark").first.inner_text() in quote
    count = page.locator("#pc-sources .pc-count").inner_text()  # "N passages given … · M cited"
    expect(page.locator("#pc-sources .pc-src")).to_have_count(int(count.split()[0]))
    expect(page.locator("#pc-sources .pc-badge.pc-cited").first).to_be_visible()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "chat.png"))

    page.click("#pc-export button")  # the export accordion: Markdown and BibTeX
    expect(page.locator("#pc-export")).to_contain_text("## References")
    with page.expect_download() as download:
        page.click("#pc-dl-bib")
    bib = Path(download.value.path()).read_text(encoding="utf-8")
    assert bib.startswith("@misc{foresti") and "Alberto Foresti" in bib


def test_author_filter_cites_only_that_authors_papers(page: Page) -> None:
    author = "Carola-Bibiane Schönlieb"
    pick(page, "#pc-authors", "Schön", author)
    ask(page, "Which methods are proposed?")
    sources = page.locator("#pc-sources .pc-src")
    expect(sources.first).to_be_visible()
    for text in sources.locator(".pc-authors").all_inner_texts():
        assert author in text
    cites = page.locator("#pc-chat .pc-cite .pc-authors")
    assert cites.count() >= 1
    for text in cites.all_text_contents():
        assert author in text


def test_compare_two_papers_and_download_the_csv(page: Page) -> None:
    page.get_by_role("tab", name="Compare").click()
    pick(page, "#pc-compare-pick", "InfoSEDD", "InfoSEDD — Foresti et al.")
    pick(page, "#pc-compare-pick", "RoT", "RoT — Ahmed et al.")
    page.click("#pc-compare-run")
    table = page.locator("#pc-compare-out table.pc-compare")
    expect(table).to_be_visible(timeout=WAIT)
    assert table.locator("thead th").all_inner_texts()[1:] == ["InfoSEDD", "RoT"]
    assert table.locator("tbody th").count() == 5
    table.locator(".pc-cite").first.hover()
    expect(table.locator(".pc-cite .pc-pop").first).to_be_visible()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "compare.png"))
    with page.expect_download() as download:
        page.click("#pc-dl-csv")
    lines = Path(download.value.path()).read_text(encoding="utf-8").splitlines()
    assert lines[0] == "aspect,InfoSEDD,RoT"
    assert lines[1].startswith("problem,") and "[1]" in lines[1]


def test_upload_a_jsonl_and_see_it_in_the_library(page: Page, app: App, tmp_path: Path) -> None:
    path = tmp_path / "lab-papers.jsonl"
    paper = {"title": "Photonic Tensor Cores for Sparse Attention", "authors": ["Mira Okafor"],
             "abstract": "We propose PhotoAttn, a photonic accelerator for sparse attention.",
             "venue": "ISCA 2025", "year": 2025, "url": "https://example.org/photoattn"}
    path.write_text(json.dumps(paper) + "\n{\"title\": \"broken\n", encoding="utf-8")
    page.get_by_role("tab", name="Library").click()
    page.set_input_files("#pc-upload input[type=file]", str(path))
    # Gradio shows the name's stem and extension in two elements; under load its text can read
    # "lab-papers .jsonl" (a CI run on 7807bbd), so the name is matched across that gap
    expect(page.locator("#pc-upload")).to_contain_text(re.compile(r"lab-papers\s*\.jsonl"), timeout=WAIT)
    page.click("#pc-add")
    report = page.locator("#pc-report").get_by_role("row").filter(has_text="lab-papers.jsonl")
    expect(report).to_have_count(1, timeout=WAIT)
    cells = report.get_by_role("gridcell").all_inner_texts()
    assert [c.strip() for c in cells[1:4]] == ["1", "0", "1"]
    assert "lab-papers.jsonl:2" in cells[4]
    expect(page.locator("#pc-lib-status")).to_contain_text("1 record(s) rejected")
    expect(page.locator("#pc-header")).to_contain_text("21 papers")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "library.png"))
    page.fill("#pc-lib-search textarea, #pc-lib-search input", "okafor")
    rows = page.locator("#pc-lib-table").get_by_role("row").filter(
        has=page.get_by_role("gridcell"))
    expect(rows).to_have_count(1, timeout=WAIT)
    expect(rows.first).to_contain_text("Photonic Tensor Cores for Sparse Attention")
    expect(rows.first).to_contain_text("ISCA 2025")
    added = [r for r in app.chat.papers() if r.authors == ["Mira Okafor"]]
    for record in added:  # leave the library as the other tests expect it
        app.chat.delete(record.paper_id)


def test_llm_down_shows_the_error_and_still_the_passages(page: Page, app: App) -> None:
    pick(page, "#pc-model", "@", app.down_model)
    expect(page.locator("#pc-header")).to_contain_text(app.down_model)
    ask(page, QUESTION)
    error = page.locator("#pc-chat .pc-error")
    expect(error).to_contain_text("cannot reach the language model")
    expect(page.locator("#pc-sources .pc-banner.pc-error")).to_contain_text(
        "The language model failed")
    expect(page.locator("#pc-sources .pc-src").first).to_contain_text("InfoSEDD")
    assert page.locator("#pc-sources .pc-src").count() >= 2


def test_gradio_client_drives_the_api(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("HF_HUB_DISABLE_TELEMETRY", "1")
    from gradio_client import Client

    client = Client(app.url, verbose=False)
    papers = client.predict(api_name="/papers")
    assert len(papers) == 20 and {"paper_id", "title", "authors"} <= set(papers[0])
    conversation, sources, question = client.predict(QUESTION, api_name="/ask")
    assert conversation[0]["role"] == "user" and conversation[-1]["role"] == "assistant"
    answer = "".join(p["text"] for p in conversation[-1]["content"] if p.get("type") == "text")
    assert 'class="pc-cite"' in answer and "InfoSEDD" in sources and question == ""
    ids = [p["paper_id"] for p in papers[:2]]
    html, _, csv = client.predict(ids, api_name="/compare")
    assert "<table" in html
    assert csv["interactive"] is True  # a button update; its file is on this (same) machine
    assert Path(csv["value"]).read_text(encoding="utf-8").startswith("aspect,")


def test_a_slow_model_says_so_and_can_be_stopped(page: Page, app: App) -> None:
    fake = app.chat.llm()
    assert isinstance(fake, FakeChat)
    fake.delay = 4.0
    try:
        page.fill("#pc-question textarea", TOPIC)
        page.click("#pc-send")
        waiting = page.locator("#pc-chat .pc-note.pc-wait")
        expect(waiting).to_contain_text(re.compile(r"Working: asking fake model about \d+ passages"))
        given = int(re.search(r"about (\d+) passages", waiting.inner_text()).group(1))
        assert given >= 1
        expect(page.locator("#pc-sources .pc-src")).to_have_count(given)  # passages before the answer
        page.click("#pc-stop")
        expect(page.locator("#pc-chat .pc-note.pc-warn")).to_have_text("Stopped.")
        expect(waiting).to_have_count(0)
    finally:
        fake.delay = 0.0
