"""Warm retrieval latency on the ICLR 2026 corpus (4,302 papers).

    .venv/bin/python eval/bench_latency.py [--data-dir DIR] [--queries N] [--json]

Ingests the corpus once into its own data dir (kept: later runs find it loaded and skip
ingesting), warms up, then times PaperChat.retrieve (the ask path's retrieval: query
embedding, Chroma, BM25, fusion, grouping) and paper-level search for N queries. Prints median
and p95 of wall time and of this process's CPU time (less sensitive to other jobs on a shared
machine), with the load average.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import statistics
import time
from pathlib import Path
from typing import Any

from rag.config import REPO_ROOT, Settings
from rag.pipeline import PaperChat

ICLR = REPO_ROOT.parent / "shared" / "data" / "iclr2026" / "papers.jsonl.gz"
FIXED = [
    "papers by Wotao Yin", "Which reinforcement learning papers use world models?",
    "How do diffusion language models decode in parallel?", "LoRA", "62.1%",
    "mixture of experts routing collapse", "Which benchmark evaluates LLM agents on web tasks?",
    "test-time scaling for reasoning models", "membership inference for memorization",
    "graph neural networks over-smoothing",
]


def make_queries(corpus: Path, n: int) -> list[str]:
    """Fixed questions, then keyword pairs and title heads from every k-th paper (deterministic)."""
    with gzip.open(corpus, "rt", encoding="utf-8") as fh:
        papers = [json.loads(line) for line in fh if line.strip()]
    out = list(FIXED)
    step = max(1, len(papers) // n)
    for i, rec in enumerate(papers[::step]):
        keywords = rec.get("keywords") or []
        if i % 2 and len(keywords) >= 2:
            out.append(f"What is known about {keywords[0]} and {keywords[1]}?")
        else:
            out.append(str(rec["title"]).split(":")[0])
    return out[:n]


def timed(fn: Any, queries: list[str]) -> dict[str, float]:
    """Median and p95 of wall and CPU milliseconds per call."""
    wall, cpu = [], []
    for q in queries:
        w0, c0 = time.perf_counter(), time.process_time()
        fn(q)
        wall.append((time.perf_counter() - w0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
    return {"median_ms": _pct(wall, 0.5), "p95_ms": _pct(wall, 0.95),
            "cpu_median_ms": _pct(cpu, 0.5), "cpu_p95_ms": _pct(cpu, 0.95)}


def _asked(chat: PaperChat, question: str) -> None:
    query = chat.understand(question)
    chat.retrieve(query.text, query.filters)


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if q == 0.5:
        return round(statistics.median(ordered), 1)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 1)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data-dir", type=Path, default=REPO_ROOT / "data" / "bench")
    ap.add_argument("--corpus", type=Path, default=ICLR)
    ap.add_argument("--collection", default="iclr2026",
                    help="Collection name (the eval libraries use the default, papers).")
    ap.add_argument("--queries", type=int, default=60)
    ap.add_argument("--json", action="store_true", help="Print one JSON object.")
    args = ap.parse_args()
    settings = Settings(data_dir=args.data_dir, collection=args.collection, chroma_host=None)
    chat = PaperChat(settings)
    ingest_s = None
    if not chat.papers():
        t0 = time.perf_counter()
        chat.ingest([args.corpus])
        ingest_s = round(time.perf_counter() - t0, 1)
    queries = make_queries(args.corpus, args.queries)
    chat.lexical  # noqa: B018 (load the BM25 index before timing)
    timed(chat.retrieve, queries[:5])  # warm-up: model, Chroma and caches
    load_before = os.getloadavg()[0]
    result = {
        "papers": len(records := chat.papers()), "chunks": sum(r.chunks for r in records),
        "queries": len(queries), "ingest_s": ingest_s,
        "retrieve": timed(chat.retrieve, queries),
        "search_papers_k10": timed(lambda q: chat.search(q, k=10, per_paper=1), queries),
        # What ask does before the model: query understanding (authors, areas, years, named
        # papers against the whole catalogue) and retrieval with the filters it found.
        "understand_and_retrieve": timed(lambda q: _asked(chat, q), queries),
        "load_average_1min": [round(load_before, 2), round(os.getloadavg()[0], 2)],
        "cpus": os.cpu_count(),
    }
    if args.json:
        print(json.dumps(result))
        return
    for key, value in result.items():
        print(f"{key:>18}: {value}")


if __name__ == "__main__":
    main()
