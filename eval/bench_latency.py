"""Warm retrieval latency on the ICLR 2026 corpus (4,302 papers).

    .venv/bin/python eval/bench_latency.py [--data-dir DIR] [--queries N] [--json]

Ingests the corpus once into its own data dir (kept, so later runs skip it), warms up, then
times PaperChat.retrieve (the ask path's retrieval: query embedding, Chroma, BM25, fusion,
grouping) and paper-level search for N queries; prints median and p95 with the machine load.
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

ICLR = Path("/work/shared/data/iclr2026/papers.jsonl.gz")
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


def timed(fn: Any, queries: list[str]) -> list[float]:
    times = []
    for q in queries:
        t0 = time.perf_counter()
        fn(q)
        times.append((time.perf_counter() - t0) * 1000)
    return times


def summary(ms: list[float]) -> dict[str, float]:
    ordered = sorted(ms)
    return {"median_ms": round(statistics.median(ordered), 1),
            "p95_ms": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 1),
            "mean_ms": round(statistics.fmean(ordered), 1)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data-dir", type=Path, default=REPO_ROOT / "data" / "bench")
    ap.add_argument("--corpus", type=Path, default=ICLR)
    ap.add_argument("--queries", type=int, default=60)
    ap.add_argument("--json", action="store_true", help="Print one JSON object.")
    args = ap.parse_args()
    settings = Settings(data_dir=args.data_dir, collection="iclr2026", chroma_host=None)
    chat = PaperChat(settings)
    t0 = time.perf_counter()
    report = chat.ingest([args.corpus])
    ingest_s = time.perf_counter() - t0
    queries = make_queries(args.corpus, args.queries)
    chat.lexical  # noqa: B018 (load the BM25 index before timing)
    timed(chat.retrieve, queries[:5])  # warm-up: model, Chroma and caches
    result = {
        "papers": len(chat.store.catalogue()), "chunks": chat.store.count(),
        "queries": len(queries), "added_now": report.added, "ingest_s": round(ingest_s, 1),
        "retrieve": summary(timed(chat.retrieve, queries)),
        "search_papers_k10": summary(timed(lambda q: chat.search(q, k=10, per_paper=1), queries)),
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "cpus": os.cpu_count(),
    }
    if args.json:
        print(json.dumps(result))
        return
    for key, value in result.items():
        print(f"{key:>18}: {value}")


if __name__ == "__main__":
    main()
