"""The Gradio chat UI: event wiring over the layout in ui.layout. A chat turn is streamed by
ui.chat, uploads and comparisons run in ui.library, HTML comes from ui.render."""

from __future__ import annotations

import ipaddress
import logging
import os
import threading
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any

import gradio as gr

from rag.config import Settings
from rag.models import Answer, Turn
from rag.pipeline import PaperChat
from rag.retrieve import Filters
from ui import chat as chat_turn
from ui import layout, library, render
from ui.models import ModelMenu
from ui.style import CSS, JS, THEME

log = logging.getLogger(__name__)
CONFIRM_REMOVE = ("(pid, m, q) => "
                  "[pid && confirm('Remove this paper and its passages?') ? pid : null, m, q]")


def launch_options() -> dict[str, Any]:
    """Theme, CSS, script and footer: Gradio 6 takes them in launch(), not in Blocks()."""
    return {"theme": THEME, "css": CSS, "js": JS, "footer_links": ["api"]}


def build_app(chat: PaperChat, *, warm: bool = True) -> gr.Blocks:
    """The whole UI over one PaperChat. `warm` starts the default model in the background."""
    menu = ModelMenu(chat)
    if warm:
        menu.warm()
    records = chat.papers()
    papers = render.paper_choices(records)
    # delete_cache: Gradio's copies of uploads and downloads older than a day go every hour.
    with gr.Blocks(title="PaperChat", analytics_enabled=False, fill_width=True,
                   delete_cache=(3600, 86400)) as demo:
        with gr.Row(elem_id="pc-top"):
            gr.HTML("<h1>PaperChat</h1><div class='pc-sub'>Cited answers from your papers, "
                    "offline</div>", scale=1)
            header = gr.HTML(_header(chat, menu, menu.default), scale=2, label="status",
                             elem_id="pc-header")
        with gr.Tabs():
            with gr.Tab("Chat", id="chat"):
                c = layout.chat_view(menu.labels, menu.default, chat.settings.top_k,
                                     render.filter_choices(records))
            with gr.Tab("Compare", id="compare"):
                cmp = layout.compare_view(papers)
            with gr.Tab("Library", id="library"):
                lib = layout.library_view(render.library_rows(records), papers)
        _wire_chat(chat, menu, c, header)
        cmp.run.click(partial(_compare, chat), [cmp.papers], [cmp.out, cmp.md, cmp.csv],
                      api_name="compare")
        _wire_library(demo, chat, menu, c, cmp, lib, header)
        timer = gr.Timer(1.5, active=menu.state == "starting")
        timer.tick(partial(_tick, chat, menu), [c.model], [header, timer], api_visibility="private")
        gr.api(partial(_papers, chat), api_name="papers")
    return demo


def _wire_chat(chat: PaperChat, menu: ModelMenu, c: layout.ChatView, header: gr.HTML) -> None:
    history, last_answer, stop_flag = gr.State([]), gr.State(None), gr.State(None)
    exports = [c.markdown, c.md_file, c.bib_file]
    asking = gr.on([c.question.submit, c.send.click], partial(_ask, chat, menu),
                   [c.question, c.chatbot, history, *c.filters, c.top_k, c.model],
                   [c.chatbot, c.sources, c.question, history, last_answer, stop_flag],
                   api_name="ask", show_progress="hidden")
    asking.then(partial(_after_answer, chat, menu), [last_answer, c.model], [*exports, header],
                api_visibility="private")
    # Stop sets the running turn's flag (kept in session state) rather than cancelling the
    # event, so the turn ends normally with a "Stopped." note and the model stream is closed.
    c.stop.click(_stop, [stop_flag], None, queue=False, api_visibility="private")
    c.new.click(_new_conversation, None, [c.chatbot, c.sources, history, last_answer, *exports],
                api_name="new_conversation")
    c.model.change(partial(_header, chat, menu), [c.model], [header], api_visibility="private")


def _wire_library(demo: gr.Blocks, chat: PaperChat, menu: ModelMenu, c: layout.ChatView,
                  cmp: layout.CompareView, lib: layout.LibraryView, header: gr.HTML) -> None:
    catalogue = [lib.table, *c.filters, cmp.papers, lib.remove_pick, header]
    lib.add.click(partial(_add, chat, menu), [lib.files, lib.folder, c.model, lib.search],
                  [lib.report, lib.status, *catalogue], api_name="add_files")
    lib.remove.click(partial(_remove, chat, menu), [lib.remove_pick, c.model, lib.search],
                     [lib.status, *catalogue], api_name="remove_paper", js=CONFIRM_REMOVE)
    lib.search.change(partial(_library_rows, chat), [lib.search], [lib.table],
                      api_visibility="private", trigger_mode="always_last")
    demo.load(partial(_catalogue, chat, menu), [c.model], catalogue, api_visibility="private")


# --- handlers: each turns component values into component updates ----------------------------
def _ask(chat: PaperChat, menu: ModelMenu, question: str, messages: list[dict[str, Any]],
         turns: list[Turn], authors: list[str], areas: list[str], venues: list[str],
         years: list[Any], top_k: float, model: str) -> Iterator[tuple[Any, ...]]:
    """Answer a question about the loaded papers, streamed, with checked citations."""
    if not (question or "").strip():
        gr.Warning("Type a question about the loaded papers first.")
        yield messages, gr.skip(), "", turns, gr.skip(), gr.skip()
        return
    flag = threading.Event()
    filters = Filters(authors=tuple(authors or ()), areas=tuple(areas or ()),
                      venues=tuple(venues or ()), years=tuple(int(y) for y in years or ()))
    for msgs, sources, turns_now, answer in chat_turn.ask(
            chat, menu, question.strip(), list(messages or []), list(turns or []), filters,
            int(top_k), model, flag):
        yield msgs, sources or gr.skip(), "", turns_now, answer, flag


def _after_answer(chat: PaperChat, menu: ModelMenu, answer: Answer | None,
                  model: str) -> tuple[Any, ...]:
    """The answer's Markdown and BibTeX exports, and the status line (a model may have started)."""
    markdown, md_path, bib_path = chat_turn.export_files(chat, answer)
    return markdown, _download(md_path), _download(bib_path), _header(chat, menu, model)


def _stop(flag: threading.Event | None) -> None:
    """Ask the running turn to stop."""
    if flag is not None:
        flag.set()


def _new_conversation() -> tuple[Any, ...]:
    return [], render.sources_html([], (), 0), [], None, "", _download(None), _download(None)


def _compare(chat: PaperChat, paper_ids: list[str] | None) -> tuple[Any, ...]:
    """The cited comparison table of 2-5 papers, with Markdown and CSV downloads."""
    html, md_path, csv_path = library.compare_view(chat, paper_ids)
    return html, _download(md_path), _download(csv_path)


def _add(chat: PaperChat, menu: ModelMenu, files: list[str] | None, folder: list[str] | None,
         model: str, query: str,
         progress: gr.Progress = gr.Progress()) -> tuple[Any, ...]:  # noqa: B008 (Gradio idiom)
    """Add papers from files or a folder; report what was added, unchanged and rejected per
    file (a folder's other files are listed as skipped)."""
    files = [*(files or []), *(folder or [])]
    if not files:
        return gr.skip(), render.note_html("Choose files to add first.", "warn"), \
            *_catalogue(chat, menu, model, query)
    report = library.add_files(chat, files, lambda done, what: progress(done, desc=what))
    return (render.report_rows(report), render.upload_note(report),
            *_catalogue(chat, menu, model, query))


def _remove(chat: PaperChat, menu: ModelMenu, paper_id: str | None, model: str,
            query: str) -> tuple[Any, ...]:
    """Remove one paper and its passages."""
    return library.remove_paper(chat, paper_id), *_catalogue(chat, menu, model, query)


def _library_rows(chat: PaperChat, query: str) -> list[list[Any]]:
    return render.library_rows(chat.papers(), query)


def _catalogue(chat: PaperChat, menu: ModelMenu, model: str, query: str = "") -> tuple[Any, ...]:
    """Everything that shows the loaded papers: table, filters, pickers, status line."""
    records = chat.papers()
    options = render.filter_choices(records)
    papers = render.paper_choices(records)
    return (render.library_rows(records, query),
            *(gr.Dropdown(choices=options[k]) for k in ("authors", "areas", "venues", "years")),
            gr.Dropdown(choices=papers), gr.Dropdown(choices=papers, value=None),
            _header(chat, menu, model))


def _header(chat: PaperChat, menu: ModelMenu, model: str) -> str:
    """The status line: the chosen model and whether it is up, and the corpus size."""
    if model == menu.default:
        state = menu.state
    else:
        state = "ready" if menu.is_started(model) else "starts on first question"
    records = chat.papers()
    return render.header_html(model, state, len(records), sum(r.chunks for r in records))


def _tick(chat: PaperChat, menu: ModelMenu, model: str) -> tuple[str, gr.Timer]:
    return _header(chat, menu, model), gr.Timer(active=menu.state == "starting")


def _papers(chat: PaperChat) -> list[dict[str, Any]]:
    """The loaded papers with their metadata."""
    return [r.to_json() for r in chat.papers()]


def _download(path: str | None) -> gr.DownloadButton:
    return gr.DownloadButton(value=path, interactive=bool(path))


# --- serving -----------------------------------------------------------------------------------
def auth_pairs(value: str | None) -> list[tuple[str, str]] | None:
    """Logins from PAPERCHAT_AUTH: "user:password", or a file with one such line each."""
    if not value:
        return None
    path = Path(value).expanduser()
    lines = path.read_text(encoding="utf-8").splitlines() if path.is_file() else [value]
    pairs = []
    for line in (x.strip() for x in lines):
        if not line or line.startswith("#"):
            continue
        user, sep, password = line.partition(":")
        if not (sep and user and password):
            raise ValueError("PAPERCHAT_AUTH must be user:password, or a file of such lines")
        pairs.append((user, password))
    if not pairs:
        raise ValueError(f"no user:password lines in {path}")
    return pairs


def _is_loopback(host: str) -> bool:
    try:
        return host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def serve_options(settings: Settings) -> dict[str, Any]:
    """launch() arguments for `serve`: where to listen, who may log in (people with
    PAPERCHAT_AUTH; programs with user "api" and PAPERCHAT_API_KEY), the upload size limit.
    Warns when the UI is reachable from other machines without a login. Gradio's own copies
    of uploads go under the data directory too (unless GRADIO_TEMP_DIR is set)."""
    os.environ.setdefault("GRADIO_TEMP_DIR", str(settings.data_dir / "tmp" / "gradio"))
    auth = auth_pairs(settings.auth)
    if settings.api_key is not None:
        auth = [*(auth or []), ("api", settings.api_key.get_secret_value())]
    if not _is_loopback(settings.host) and auth is None:
        log.warning("serving on %s without a login: anyone who can reach this machine can read "
                    "and change the library; set PAPERCHAT_AUTH=user:password", settings.host)
    return {"server_name": settings.host, "server_port": settings.port, "share": False,
            "auth": auth, "max_file_size": f"{settings.upload_max_mb}mb",
            "auth_message": "PaperChat: log in with the account your lab set up."}


def launch(settings: Settings) -> None:
    """`paperchat serve`: open the stored library, pre-warm the model, serve the UI at / and
    the HTTP API (ui/api.py) under /v1, in one process over one library."""
    import uvicorn

    from ui.api import create_api, warn_if_open

    chat = PaperChat(settings)
    options = serve_options(settings)
    options.pop("share")
    demo = build_app(chat)  # starts the model in a background thread
    app = create_api(chat)
    warn_if_open(settings)
    gr.mount_gradio_app(app, demo.queue(default_concurrency_limit=1), path="/", **options,
                        **launch_options())
    log.info("PaperChat on http://%s:%d (API: /v1, spec: /docs)", settings.host, settings.port)
    uvicorn.run(app, host=settings.host, port=settings.port, log_level="warning")
