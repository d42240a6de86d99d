"""Issue-11 figures on a full-size library: a copy of the cached ICLR library (the 20 demo
papers among the ICLR 2026 abstracts, 4,310 papers; `eval/libraries.py`), then the same library
replicated to ~100,000 chunks.

- re-ingest of the files the library was built from (nothing changed), and adding one new paper
  end to end (embed, Chroma, whole-paper vector, BM25 update), each in seconds;
- warm PaperChat.search (k=10) and understand+retrieve (what ask does before the model) p50/p95
  over ~50 varied queries, wall and CPU time;
- the library copied `--copies` times with new chunk and paper ids and the real vectors slightly
  perturbed (Gaussian noise, renormalised: cosine to the original ~0.99), written straight into
  Chroma without re-embedding; the BM25 side then catches up the way a worker does (the version
  stamp changed: fetch the new chunks, tokenise, add), then the same warm searches;
- resident memory after each stage and the peak.

    .venv/bin/python -m eval.bench_scale [--copies 10] [--queries 50]

Copies carry their original's title and text, so BM25 ties among them: a latency figure, not a
quality one. JSON to stdout; progress to stderr.
"""

from __future__ import annotations

import functools
import json
import os
import resource
import shutil
import sys
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any

import numpy as np
import typer

import rag.lexical
from eval.bench_latency import ICLR, make_queries, timed
from eval.libraries import CACHE
from rag.config import DEMO_CORPUS, Settings
from rag.fakes import FakeChat
from rag.pipeline import PaperChat

ONE = {"title": "Sparse transport kernels for streaming optimal transport",
       "abstract": "We study optimal transport between streams of point clouds. Sparse transport "
       "kernels keep only the k nearest couplings of each point and update them as points "
       "arrive, so each step costs O(nk) instead of O(n^2). On shape matching and single-cell "
       "alignment benchmarks the method matches entropic Sinkhorn within 1% of the transport "
       "cost while running 40 times faster on a laptop CPU.",
       "authors": ["Ada Example", "Bo Sample"], "year": 2026}


def rss_mb() -> float:
    """This process's resident memory now (MB)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def warm_searches(chat: PaperChat, queries: list[str]) -> dict[str, Any]:
    """One untimed pass (caches, lazy loads), then timed passes: search and the ask path."""
    for q in queries:
        chat.search(q, k=10)

    def asked(question: str) -> None:
        query = chat.understand(question)
        chat.retrieve(query.text, query.filters)

    return {"search_k10": timed(lambda q: chat.search(q, k=10), queries),
            "understand_and_retrieve": timed(asked, queries),
            "rss_mb": round(rss_mb(), 1), "load_average_1min": round(os.getloadavg()[0], 2)}


def replicate(chat: PaperChat, copies: int, seed: int = 0, noise: float = 0.005) -> dict[str, Any]:
    """Write `copies` copies of every stored chunk and whole-paper vector straight into Chroma
    (new ids, perturbed vectors, no model call), under the library's write lock so the version
    stamp changes; then let the BM25 side catch up as any worker would. Deliberately below the
    facade: this builds a test library, it is not a way to load papers."""
    store = chat.store
    rng = np.random.default_rng(seed)
    got = store.collection.get(include=["embeddings", "documents", "metadatas"])
    papers = store.paper_collection.get(include=["embeddings", "metadatas"])
    step = min(4000, store.client.get_max_batch_size())

    def perturbed(vectors: Any) -> list[list[float]]:
        v = np.asarray(vectors, dtype=np.float32)
        v = v + rng.normal(0.0, noise, v.shape).astype(np.float32)
        return (v / np.linalg.norm(v, axis=1, keepdims=True)).tolist()  # type: ignore[no-any-return]

    t0 = time.perf_counter()
    with store.writing():
        for r in range(1, copies + 1):
            ids = [f"{cid}~r{r}" for cid in got["ids"]]
            metas = [_copy_meta(m or {}, cid, r) for cid, m in zip(ids, got["metadatas"] or [], strict=True)]
            vectors = perturbed(got["embeddings"])
            for s in range(0, len(ids), step):
                store.collection.add(ids=ids[s : s + step], embeddings=vectors[s : s + step],  # type: ignore[arg-type]
                                     documents=(got["documents"] or [])[s : s + step],
                                     metadatas=metas[s : s + step])  # type: ignore[arg-type]
            store.paper_collection.add(
                ids=[f"{pid}~r{r}" for pid in papers["ids"]], embeddings=perturbed(papers["embeddings"]),  # type: ignore[arg-type]
                metadatas=[{"paper_id": f"{pid}~r{r}"} for pid in papers["ids"]])
            print(f"copy {r}/{copies}: {store.count()} chunks", file=sys.stderr)
    chroma_s = time.perf_counter() - t0
    # The copies' texts are their originals': tokenise each distinct text once (setup only).
    original = rag.lexical.tokenize
    rag.lexical.tokenize = functools.lru_cache(maxsize=None)(original)  # type: ignore[assignment]
    try:
        t0 = time.perf_counter()
        chat.lexical  # noqa: B018 (the version changed: fetch, tokenise and add the new chunks)
        bm25_s = time.perf_counter() - t0
    finally:
        rag.lexical.tokenize = original  # type: ignore[assignment]
    return {"copies": copies, "chroma_write_seconds": round(chroma_s, 1),
            "bm25_catch_up_seconds_tokens_cached": round(bm25_s, 1)}


def _copy_meta(meta: Mapping[str, Any], new_id: str, r: int) -> dict[str, Any]:
    out = dict(meta)
    out["paper_id"] = f"{meta.get('paper_id', '')}~r{r}"
    if "_node_content" in out:  # LlamaIndex's serialised node: keep its id in step
        node = json.loads(str(out["_node_content"]))
        node["id_"] = new_id
        node.setdefault("metadata", {})["paper_id"] = out["paper_id"]
        out["_node_content"] = json.dumps(node)
    return out


def main(
    copies: Annotated[int, typer.Option(help="Copies of the library added (10: ~98,000 chunks).")] = 10,
    queries: Annotated[int, typer.Option(help="Queries per timed pass.")] = 50,
    library: Annotated[str, typer.Option(help="Cached library folder under data/eval-libraries.")]
    = "iclr-minilm",
) -> None:
    source = CACHE / library
    if not (source / "ingested").exists():
        typer.echo(f"error: no cached library {library}; build the ICLR one: .venv/bin/python -c "
                   "\"from eval.libraries import library_settings; from rag.config import Settings; "
                   "library_settings('iclr', Settings())\"", err=True)
        raise typer.Exit(2)
    with tempfile.TemporaryDirectory(prefix="bench-scale-") as tmp:
        folder = Path(tmp) / "library"
        shutil.copytree(source, folder)
        settings = Settings(_env_file=None, data_dir=folder, embed_model="minilm",  # type: ignore[call-arg]
                            llm_provider="fake")
        chat = PaperChat(settings, llm=FakeChat())
        asked = make_queries(ICLR, queries)
        chat.search("warm-up", k=10)  # model, Chroma, BM25 loaded outside the timings
        out: dict[str, Any] = {"papers": len(chat.papers()), "chunks": chat.store.count(),
                               "rss_mb_loaded": round(rss_mb(), 1)}
        t0 = time.perf_counter()
        extra = folder / "iclr_without_demo.jsonl"
        again = chat.ingest([DEMO_CORPUS, *([extra] if extra.exists() else [])], progress=False)
        out["reingest_seconds"], out["reingest_added"] = time.perf_counter() - t0, again.added
        one = Path(tmp) / "one.jsonl"
        one.write_text(json.dumps(ONE) + "\n", encoding="utf-8")
        t0 = time.perf_counter()
        added = chat.ingest([one], progress=False).added
        out["add_one_seconds"], out["add_one_added"] = time.perf_counter() - t0, added
        hits = chat.search(ONE["title"], k=3)  # type: ignore[arg-type]
        out["add_one_found_first"] = bool(hits) and hits[0].metadata.get("title") == ONE["title"]
        out["at_library"] = warm_searches(chat, asked)
        out["replicated"] = replicate(chat, copies)
        out["replicated"]["papers"] = len(chat.papers())
        out["replicated"]["chunks"] = chat.store.count()
        out["at_replicated"] = warm_searches(chat, asked)
        out["peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
        out["recorded_first_ingest_seconds"] = json.loads(
            (source / "ingested").read_text())["ingest_seconds"]
        print(json.dumps(out, indent=1))


if __name__ == "__main__":
    typer.run(main)
