"""The components of the three views (chat, compare, library), laid out; no behaviour here."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import gradio as gr

from rag.corpus import PAPER_FILES, PAPER_SUFFIXES
from ui import render

EXAMPLES = ["What problem does continual learning with replay buffers face?",
            "Which papers make reasoning models cheaper at inference time?"]


@dataclass
class ChatView:
    model: gr.Dropdown
    top_k: gr.Slider
    authors: gr.Dropdown
    areas: gr.Dropdown
    venues: gr.Dropdown
    years: gr.Dropdown
    new: gr.Button
    chatbot: gr.Chatbot
    question: gr.Textbox
    send: gr.Button
    stop: gr.Button
    markdown: gr.Code
    md_file: gr.DownloadButton
    bib_file: gr.DownloadButton
    sources: gr.HTML

    @property
    def filters(self) -> list[gr.Dropdown]:
        return [self.authors, self.areas, self.venues, self.years]


@dataclass
class CompareView:
    papers: gr.Dropdown
    run: gr.Button
    out: gr.HTML
    md: gr.DownloadButton
    csv: gr.DownloadButton


@dataclass
class LibraryView:
    search: gr.Textbox
    table: gr.Dataframe
    files: gr.File
    folder: gr.File
    add: gr.Button
    status: gr.HTML
    report: gr.Dataframe
    remove_pick: gr.Dropdown
    remove: gr.Button


def chat_view(models: list[str], default_model: str, top_k: int,
              options: dict[str, list[Any]]) -> ChatView:
    """Controls on the left, the conversation in the middle, the sources on the right.
    `options` are the filter choices; names, areas and venues may also be typed in part."""
    with gr.Row(equal_height=False):
        with gr.Column(scale=1, min_width=230):
            model = gr.Dropdown(models, value=default_model, label="Model", elem_id="pc-model",
                                info="Other models start on their first question.")
            top_k_ = gr.Slider(1, 15, value=top_k, step=1, label="Passages",
                               info="How many passages the model reads.")
            authors, areas, venues, years = (
                gr.Dropdown(options[key], multiselect=True, label=key.capitalize(),
                            elem_id=f"pc-{key}", allow_custom_value=key != "years")
                for key in ("authors", "areas", "venues", "years"))
            new = gr.Button("New conversation", elem_id="pc-new", size="sm")
        with gr.Column(scale=3, min_width=420):
            chatbot = gr.Chatbot(
                label="Conversation", elem_id="pc-chat", height=520, sanitize_html=False,
                buttons=[], feedback_options=None, layout="panel",
                placeholder="Ask about the loaded papers. Every claim is cited: hover or click "
                            "[n] to see its passage.")
            with gr.Row():
                question = gr.Textbox(placeholder="Ask a question about the papers…", scale=6,
                                      show_label=False, elem_id="pc-question", autofocus=True)
                send = gr.Button("Ask", variant="primary", scale=1, min_width=80, elem_id="pc-send")
                stop = gr.Button("Stop", scale=0, min_width=70, elem_id="pc-stop")
            gr.Examples(EXAMPLES, [question], label="Try")
            with gr.Accordion("Export this answer", open=False, elem_id="pc-export"):
                markdown = gr.Code(language="markdown", label="Markdown with references",
                                   interactive=False, buttons=["copy"], lines=6, max_lines=14)
                with gr.Row():
                    md_file = gr.DownloadButton("Answer (.md)", interactive=False, size="sm",
                                                elem_id="pc-dl-answer")
                    bib_file = gr.DownloadButton("Cited papers (.bib)", interactive=False,
                                                 size="sm", elem_id="pc-dl-bib")
        with gr.Column(scale=2, min_width=300):
            gr.Markdown("**Sources** · passages given to the model")
            sources = gr.HTML(render.sources_html([], (), 0), label="sources", elem_id="pc-sources",
                              max_height=640)
    return ChatView(model, top_k_, authors, areas, venues, years, new, chatbot, question, send,
                    stop, markdown, md_file, bib_file, sources)


def compare_view(papers: list[tuple[str, str]]) -> CompareView:
    """A paper picker ((label, paper id) choices), the table and its downloads."""
    gr.Markdown("Pick two to five papers. Each cell is a sentence of the paper, cited to its "
                "passage, or “not stated”.")
    with gr.Row():
        pick = gr.Dropdown(papers, multiselect=True, max_choices=5, filterable=True, scale=5,
                           label="Papers to compare", elem_id="pc-compare-pick")
        run = gr.Button("Compare", variant="primary", scale=1, min_width=110,
                        elem_id="pc-compare-run")
    out = gr.HTML(render.note_html("The table appears here.", "meta"), label="comparison",
                  elem_id="pc-compare-out")
    with gr.Row():
        md = gr.DownloadButton("Download Markdown", interactive=False, size="sm",
                               elem_id="pc-dl-md")
        csv = gr.DownloadButton("Download CSV", interactive=False, size="sm", elem_id="pc-dl-csv")
    return CompareView(pick, run, out, md, csv)


def library_view(rows: list[list[Any]], papers: list[tuple[str, str]]) -> LibraryView:
    """The searchable paper table on the left; upload, report and removal on the right."""
    with gr.Row(equal_height=False):
        with gr.Column(scale=3):
            search = gr.Textbox(placeholder="Filter by name, author, area, venue or year…",
                                show_label=False, elem_id="pc-lib-search")
            table = gr.Dataframe(
                rows or None, headers=render.LIBRARY_HEADERS, interactive=False, wrap=True,
                max_height=600, label="Loaded papers", elem_id="pc-lib-table",
                datatype=["markdown", "str", "str", "str", "number", "number"],
                column_widths=["25%", "28%", "22%", "9%", "7%", "9%"])
        with gr.Column(scale=2, min_width=300):
            files = gr.File(file_count="multiple", file_types=PAPER_SUFFIXES, height=140,
                            label=f"Add papers: {PAPER_FILES}",
                            elem_id="pc-upload")
            folder = gr.File(file_count="directory", height=90, label="…or a whole folder "
                             "(other files in it are listed as skipped)",
                             elem_id="pc-upload-folder")
            add = gr.Button("Add to library", variant="primary", elem_id="pc-add")
            status = gr.HTML(label="upload status", elem_id="pc-lib-status")
            report = gr.Dataframe(headers=render.REPORT_HEADERS, interactive=False, wrap=True,
                                  label="Upload report", elem_id="pc-report",
                                  column_widths=["19%", "13%", "20%", "16%", "32%"])
            with gr.Row():
                remove_pick = gr.Dropdown(papers, value=None, label="Remove a paper",
                                          scale=3, elem_id="pc-remove-pick")
                remove = gr.Button("Remove", variant="stop", scale=1, min_width=90, size="sm",
                                   elem_id="pc-remove")
    return LibraryView(search, table, files, folder, add, status, report, remove_pick, remove)
