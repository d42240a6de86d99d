"""Issue-11 ingest figures, each beside the limit and the naive pipeline measured in the same run:

- raw embedder: the same chunks embedded in batches, nothing stored (the limit);
- PaperChat: `PaperChat.ingest` of the corpus (parse, chunk, embed, Chroma, paper vectors, BM25);
- naive LlamaIndex: `VectorStoreIndex.from_documents` (one Document per paper) into Chroma;
- re-ingest of the unchanged corpus; adding one paper to the loaded library;
- warm search p50/p95 on the loaded library; peak memory of this process;
- the BM25 side alone: full build (the old cost of every ingest) vs adding one paper.

    .venv/bin/python -m eval.bench_ingest [--limit 200] [--corpus papers.jsonl.gz] [--embed minilm]
    .venv/bin/python -m eval.bench_ingest --lexical-only      # the BM25 side at full size, quickly

Each pipeline gets its own fresh data directory. JSON to stdout; progress and logs to stderr.
"""

from __future__ import annotations

import gzip
import json
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Annotated, Any

import chromadb
import typer
from chromadb.config import Settings as ChromaSettings
from llama_index.core import Document, StorageContext, VectorStoreIndex
from llama_index.vector_stores.chroma import ChromaVectorStore

from eval.libraries import ICLR
from rag.chunking import split_paper
from rag.config import Settings
from rag.corpus import load_papers
from rag.embed import load_embedder
from rag.fakes import FakeChat
from rag.lexical import LexicalIndex
from rag.pipeline import PaperChat
from rag.store import to_node


def _subset(corpus: Path, limit: int | None, out: Path) -> int:
    """The first `limit` records of a JSONL(.gz) corpus written to `out`; how many."""
    opener = gzip.open if corpus.suffix == ".gz" else open
    n = 0
    with opener(corpus, "rt", encoding="utf-8") as src, out.open("w", encoding="utf-8") as dst:
        for line in src:
            if limit is not None and n >= limit:
                break
            if line.strip():
                dst.write(line)
                n += 1
    return n


def _settings(folder: Path, embed: str) -> Settings:
    return Settings(_env_file=None, data_dir=folder, embed_model=embed,  # type: ignore[call-arg]
                    llm_provider="fake")


def bench_raw(path: Path, settings: Settings) -> dict[str, float]:
    """Embed PaperChat's chunks of the corpus in batches, store nothing: the limit. Sorted by
    length over the whole corpus first (the least padding any order gives; PaperChat sorts
    within each stored batch of whole papers)."""
    embedder = load_embedder(settings)
    chunks = [c for p in load_papers(path).papers
              for c in split_paper(p, settings.chunk_size, settings.chunk_overlap)]
    texts = sorted((to_node(c).get_content(metadata_mode="embed")  # type: ignore[arg-type]
                    for c in chunks), key=len)
    embedder.get_text_embedding_batch(texts[:8])  # warm-up (model load) outside the timing
    t0 = time.perf_counter()
    embedder.get_text_embedding_batch(texts)
    return {"seconds": time.perf_counter() - t0, "chunks": len(texts)}


def bench_paperchat(path: Path, one: Path, settings: Settings) -> dict[str, Any]:
    """PaperChat's ingest, a re-ingest of the same file, one paper more, then warm searches."""
    chat = PaperChat(settings, llm=FakeChat())
    chat.warm()  # model load outside timing
    t0 = time.perf_counter()
    report = chat.ingest([path])
    first = time.perf_counter() - t0
    t0 = time.perf_counter()
    again = chat.ingest([path], progress=False)
    reingest = time.perf_counter() - t0
    t0 = time.perf_counter()
    added_one = chat.ingest([one], progress=False).added
    add_one = time.perf_counter() - t0
    titles = [r.title for r in chat.papers()[:50]] or ["graph"]
    chat.search(titles[0], k=10)
    latencies = []
    for title in titles:
        t0 = time.perf_counter()
        chat.search(title, k=10)
        latencies.append((time.perf_counter() - t0) * 1000)
    latencies.sort()
    return {"seconds": first, "papers": report.added, "chunks": sum(r.chunks for r in chat.papers()),
            "reingest_seconds": reingest, "reingest_added": again.added,
            "add_one_seconds": add_one, "add_one_added": added_one,
            "search_ms_p50": statistics.median(latencies),
            "search_ms_p95": latencies[int(0.95 * (len(latencies) - 1))]}


def bench_lexical(path: Path, settings: Settings) -> dict[str, float]:
    """The BM25 side alone (no embedding): a full build over the corpus's chunks (what every
    ingest cost before issue 11), then one paper added incrementally, and a save."""
    papers = load_papers(path).papers
    chunks = [c for p in papers for c in split_paper(p, settings.chunk_size, settings.chunk_overlap)]
    rows = ([c.chunk_id for c in chunks[:-1]], [c.text for c in chunks[:-1]],
            [dict(c.metadata) for c in chunks[:-1]])
    t0 = time.perf_counter()
    index = LexicalIndex.build(*rows)
    build = time.perf_counter() - t0
    last = chunks[-1]
    t0 = time.perf_counter()
    index = index.changed([last.chunk_id], [last.text], [dict(last.metadata)])
    add_one = time.perf_counter() - t0
    t0 = time.perf_counter()
    index.save(settings.data_dir / "lexical")
    return {"chunks": len(chunks), "full_build_seconds": build, "add_one_seconds": add_one,
            "save_seconds": time.perf_counter() - t0}


def bench_naive(path: Path, settings: Settings) -> dict[str, float]:
    """The naive LlamaIndex ingest: a Document per paper, default chunking, into Chroma."""
    embedder = load_embedder(settings)
    embedder.get_text_embedding_batch(["warm-up"])
    docs = [Document(text=p.abstract, metadata={"title": p.title}) for p in load_papers(path).papers]
    client = chromadb.PersistentClient(path=str(settings.data_dir / "naive"),
                                       settings=ChromaSettings(anonymized_telemetry=False))
    store = ChromaVectorStore(chroma_collection=client.get_or_create_collection("naive"))
    t0 = time.perf_counter()
    VectorStoreIndex.from_documents(docs, storage_context=StorageContext.from_defaults(
        vector_store=store), embed_model=embedder)
    return {"seconds": time.perf_counter() - t0, "papers": len(docs)}


def main(
    limit: Annotated[int | None, typer.Option(help="Only the first N records.")] = None,
    corpus: Annotated[Path, typer.Option(help="JSONL(.gz) of papers.")] = ICLR,
    embed: Annotated[str, typer.Option(help="Embedder: minilm, e5 or fake.")] = "minilm",
    lexical_only: Annotated[bool, typer.Option(help="Only the BM25 side (no embedding).")] = False,
) -> None:
    with tempfile.TemporaryDirectory(prefix="bench-ingest-") as tmp:
        root = Path(tmp)
        path = root / "papers.jsonl"
        n = _subset(corpus, limit, path)
        one = root / "one.jsonl"
        one.write_text(json.dumps({"title": "A paper added to a loaded library",
                                   "abstract": "One more paper about sparse transport kernels."}))
        print(f"{n} records from {corpus}", file=sys.stderr)
        lexical = bench_lexical(path, _settings(root / "lexical", embed))
        if lexical_only:
            print(json.dumps({"records": n, "lexical": lexical}, indent=1))
            return
        raw = bench_raw(path, _settings(root / "raw", embed))
        ours = bench_paperchat(path, one, _settings(root / "paperchat", embed))
        naive = bench_naive(path, _settings(root / "naive", embed))
    out = {"records": n, "embed": embed, "raw_embedder": raw, "paperchat": ours,
           "naive_llamaindex": naive, "lexical": lexical,
           "paperchat_vs_raw": ours["seconds"] / raw["seconds"],
           "naive_vs_paperchat": naive["seconds"] / ours["seconds"],
           "reingest_share": ours["reingest_seconds"] / ours["seconds"],
           "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    typer.run(main)
