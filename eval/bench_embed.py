"""The raw embedder's throughput on PaperChat's chunks of the ICLR abstracts, under the knobs the
ingest path can turn (issue 11): embedder (fp32 torch MiniLM or int8 ONNX), texts per batch,
engine threads, and whether the texts are sorted by length before they are cut into batches
(the padding a batch costs is set by its longest text). Nothing is stored.

    .venv/bin/python -m eval.bench_embed [--limit 300] [--embed minilm --embed minilm-int8]
        [--batch 32 --batch 64] [--threads 2] [--runs 1]

JSON to stdout (chunks/s per configuration); progress to stderr.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Annotated

import typer

from eval.bench_ingest import _subset
from eval.libraries import ICLR
from rag.chunking import split_paper
from rag.config import Settings
from rag.corpus import load_papers
from rag.embed import EMBEDDERS
from rag.store import to_node


def chunk_texts(corpus: Path, limit: int | None) -> list[str]:
    """What PaperChat embeds for each chunk of the first `limit` papers (title + passage)."""
    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    with tempfile.TemporaryDirectory(prefix="bench-embed-") as tmp:
        path = Path(tmp) / "papers.jsonl"
        _subset(corpus, limit, path)
        papers = load_papers(path).papers
    chunks = [c for p in papers for c in split_paper(p, settings.chunk_size, settings.chunk_overlap)]
    return [to_node(c).get_content(metadata_mode="embed") for c in chunks]  # type: ignore[arg-type]


def throughput(embed: str, texts: list[str], batch: int, threads: int, sort: bool,
               runs: int) -> dict[str, float | int | str | bool]:
    """Chunks per second of one configuration (best of `runs`), model load and warm-up
    outside the timing."""
    settings = Settings(_env_file=None, embed_batch_size=batch,  # type: ignore[call-arg]
                        embed_threads=threads)
    if embed == "minilm":
        import torch

        torch.set_num_threads(threads)
    model = EMBEDDERS[embed](settings)
    model.get_text_embedding_batch(texts[:batch])
    ordered = sorted(texts, key=len) if sort else texts
    best = float("inf")
    for _ in range(runs):
        t0 = time.perf_counter()
        model.get_text_embedding_batch(ordered)
        best = min(best, time.perf_counter() - t0)
    row: dict[str, float | int | str | bool] = {
        "embed": embed, "batch": batch, "threads": threads, "length_sorted": sort,
        "chunks": len(texts), "seconds": round(best, 2), "chunks_per_s": round(len(texts) / best, 1)}
    print(json.dumps(row), file=sys.stderr)
    return row


def main(
    limit: Annotated[int, typer.Option(help="Papers (the first N ICLR records).")] = 300,
    embed: Annotated[list[str] | None, typer.Option(help="Embedders to compare.")] = None,
    batch: Annotated[list[int] | None, typer.Option(help="Batch sizes to try.")] = None,
    threads: Annotated[list[int] | None, typer.Option(help="Engine threads to try.")] = None,
    runs: Annotated[int, typer.Option(help="Timed runs per configuration (best kept).")] = 1,
) -> None:
    texts = chunk_texts(ICLR, limit)
    print(f"{len(texts)} chunks of {limit} papers", file=sys.stderr)
    rows = [throughput(e, texts, b, t, s, runs)
            for e in embed or ["minilm", "minilm-int8"]
            for b in batch or [32]
            for t in threads or [2]
            for s in (False, True)]
    print(json.dumps({"papers": limit, "chunks": len(texts), "rows": rows}, indent=1))


if __name__ == "__main__":
    typer.run(main)
