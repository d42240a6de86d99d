"""`paperchat eval ...` commands (added to the `paperchat` command in ui/cli.py). Results go
to stdout; progress bars and errors to stderr."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from eval.answers import answers_command
from eval.claims import claims_command
from rag.config import Settings

eval_app = typer.Typer(no_args_is_help=True, help="Evaluate retrieval and answers.")


@eval_app.command("retrieval")
def retrieval(
    beir: Annotated[Path, typer.Option("--beir", help="A BEIR folder: corpus.jsonl[.gz], queries.jsonl, qrels.tsv.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    no_baselines: Annotated[bool, typer.Option("--no-baselines", help="Score only PaperChat.")] = False,
    variants: Annotated[bool, typer.Option(
        "--variants", help="Also score the product's ablations (eval/retrieval.py VARIANTS) on the same index.")] = False,
    max_docs: Annotated[int | None, typer.Option(
        "--max-docs", min=1, help="Score on a subset: every relevant document plus seeded random "
        "others up to N (all judged queries).")] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the --max-docs subset.")] = 0,
    embed: Annotated[list[str] | None, typer.Option(
        "--embed", help="Embedder to score side by side (repeat: --embed minilm --embed e5): the "
        "product and its dense side per embedder, BM25 once.")] = None,
) -> None:
    """nDCG@10, Recall@10/100 and MRR@10 of PaperChat's paper ranking on a BEIR folder (indexed
    in a throw-away data dir), next to BM25, dense, RRF and LlamaIndex baselines."""
    from eval.retrieval import evaluate, format_table

    try:
        result = evaluate(beir, Settings(), baselines=not no_baselines, variants=variants,
                          max_docs=max_docs, seed=seed, embedders=embed or None)
    except ValueError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from None
    print(json.dumps(result) if as_json else format_table(result))


@eval_app.command("retrieval-demo")
def retrieval_demo(
    questions: Annotated[Path | None, typer.Option(help="JSONL question set (default: the demo set).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    verbose: Annotated[bool, typer.Option(help="List every question that missed.")] = False,
    understanding: Annotated[bool, typer.Option(
        help="Turn named authors and areas into filters, as ask does (--no-understanding: "
        "search the bare question, for comparison).")] = True,
) -> None:
    """Paper-finding accuracy on the demo corpus (ingested into a throw-away data dir)."""
    from eval.retrieval_demo import DEMO_QUESTIONS, format_report, run_demo

    try:
        report = run_demo(questions or DEMO_QUESTIONS, Settings(), understanding)
    except ValueError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from None
    print(json.dumps(report) if as_json else format_report(report, verbose))


@eval_app.command("retrieval-library")
def retrieval_library(
    questions: Annotated[Path | None, typer.Option(
        help="JSONL question set (default: eval/questions/retrieval_library_dev.jsonl).")] = None,
    library: Annotated[str, typer.Option(
        help="iclr: the demo papers among the 4,302 ICLR abstracts; iclr500: among the first 500; "
        "demo: the 20 alone. Ingested once per embedder into data/eval-libraries/.")] = "iclr",
    systems: Annotated[str, typer.Option(
        help="Comma-separated systems to score side by side (see eval/retrieval_library.py).")]
        = "bm25,minilm-dense,rrf-bm25-minilm,minilm,minilm-papers",
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    verbose: Annotated[bool, typer.Option(help="List every question that missed.")] = False,
) -> None:
    """Paper finding with the demo papers hidden among thousands of ICLR abstracts:
    paraphrases, Chinese, author sets, area/year filters; baselines in the same run."""
    from eval.retrieval_library import QUESTIONS, format_report, run

    try:
        report = run(questions or QUESTIONS, Settings(), [s for s in systems.split(",") if s],
                     library)
    except ValueError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from None
    print(json.dumps(report) if as_json else format_report(report, verbose))


eval_app.command("answers")(answers_command)
eval_app.command("claims")(claims_command)
