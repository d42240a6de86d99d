"""Retrieval evaluation on a BEIR folder: the product's own pipeline (PaperChat.ingest, then
paper-level PaperChat.retrieve) in a throw-away data dir, scored against graded qrels, next to
off-the-shelf baselines."""

from __future__ import annotations

import json
import logging
import tempfile
import time
from pathlib import Path
from typing import Any

from tqdm import tqdm

from eval.beir import BeirSet, load_beir, relevant_doc_ids, subset
from eval.retrieval_baselines import DEPTH, Run, all_baselines, bm25_run
from eval.retrieval_metrics import score_run
from rag.config import Settings
from rag.corpus import paper_id_for
from rag.embed import EMBEDDERS, load_embedder
from rag.pipeline import PaperChat

log = logging.getLogger(__name__)


def write_corpus(beir: BeirSet, path: Path) -> dict[str, list[str]]:
    """The corpus as a PaperChat JSONL file; returns PaperChat's paper id -> BEIR doc ids.

    PaperChat derives a paper's id from its title and abstract, so the map is exact (two BEIR
    documents with the same text share one paper and both count when it is ranked).
    """
    ids: dict[str, list[str]] = {}
    with path.open("w", encoding="utf-8") as fh:
        for paper in beir.papers:
            fh.write(json.dumps({"title": paper.title, "abstract": paper.abstract}) + "\n")
            ids.setdefault(paper_id_for(paper.title, paper.abstract), []).append(paper.paper_id)
    return ids


# Ablations of the product scored on the same index when asked (`--variants`): settings
# changed from the defaults.
VARIANTS: dict[str, dict[str, Any]] = {
    "paperchat_allwords": {"query_stopwords": False},  # BM25 sees function words too
    "paperchat_papers": {"paper_share": 0.5},  # whole-paper vectors as a third side
    "paperchat_repeats": {"query_word_repeats": True},  # BM25 counts a repeated word again
}


def product_run(beir: BeirSet, settings: Settings, work: Path, progress: bool = True) -> Run:
    """Ingest into `work` with the product's settings, then rank papers for every query."""
    return product_runs(beir, settings, work, progress)["paperchat"]


def product_runs(beir: BeirSet, settings: Settings, work: Path, progress: bool = True,
                 variants: dict[str, dict[str, Any]] | None = None, dense_only: bool = False,
                 stats: dict[str, Any] | None = None) -> dict[str, Run]:
    """The product's run ("paperchat") and one per variant (settings changed), on one index;
    with `dense_only`, also "dense_only" (the same index ranked by its dense side alone,
    `mode="dense"`). `stats`, when given, gets the ingest's chunks, seconds and chunks/s."""
    local = settings.model_copy(update={"data_dir": work / "data", "collection": "beir",
                                        "chroma_host": None})
    work.mkdir(parents=True, exist_ok=True)
    ids = write_corpus(beir, work / "corpus.jsonl")
    chat = PaperChat(local)
    t0 = time.perf_counter()
    report = chat.ingest([work / "corpus.jsonl"], progress=progress)
    ingest_s = time.perf_counter() - t0
    if report.rejected:
        raise ValueError(f"{len(report.rejected)} BEIR documents were rejected: {report.rejected[0]}")
    if stats is not None:
        chunks = chat.store.count()
        stats.update(papers=report.added, chunks=chunks, ingest_s=round(ingest_s, 1),
                     chunks_per_s=round(chunks / ingest_s, 2) if ingest_s else None)
    modes = {"paperchat": ({}, "hybrid"), **{n: (u, "hybrid") for n, u in (variants or {}).items()}}
    if dense_only:
        modes["dense_only"] = ({}, "dense")
    runs: dict[str, Run] = {}
    for name, (update, mode) in modes.items():
        chat.settings = local.model_copy(update=update)
        run: Run = runs.setdefault(name, {})
        for qid, text in tqdm(beir.judged_queries().items(), desc=name, disable=not progress):
            hits = chat.retrieve(text, k=DEPTH, per_paper=1, mode=mode).hits
            run[qid] = [doc for h in hits for doc in ids.get(h.paper_id, [])]
    chat.settings = local
    return runs


def evaluate(folder: Path, settings: Settings, baselines: bool = True,
             progress: bool = True, variants: bool = False, max_docs: int | None = None,
             seed: int = 0, embedders: list[str] | None = None) -> dict[str, Any]:
    """Metrics of the product and, unless turned off, of each baseline; with `variants`, of
    each ablation in VARIANTS on the same index too.

    `max_docs` scores on a seeded subset of the corpus (eval.beir.subset: every relevant
    document plus random others; all judged queries). `embedders` scores the product, its
    dense side alone and its variants once per named embedder on the same documents, with the
    BM25 baselines once (the embedder-dependent baselines are left out); the result then holds
    one entry per embedder under "embedders"."""
    beir = load_beir(folder)
    if not beir.judged_queries():
        raise ValueError(f"{folder}: no query has a relevant document in qrels")
    info: dict[str, Any] | None = None
    if max_docs is not None:
        beir = subset(beir, max_docs, seed)
        info = {"max_docs": max_docs, "seed": seed, "docs": len(beir.papers),
                "relevant_docs": len(relevant_doc_ids(beir.qrels)),
                "queries": len(beir.judged_queries())}
        log.info("subset: %d documents (%d relevant), seed %d", info["docs"],
                 info["relevant_docs"], seed)
    if embedders:
        both = side_by_side(beir, settings, embedders, baselines, progress, variants)
        return {**({"subset": info} if info else {}), **both}
    with tempfile.TemporaryDirectory(prefix="paperchat-beir-") as tmp:
        runs = product_runs(beir, settings, Path(tmp), progress, VARIANTS if variants else {})
    result: dict[str, Any] = score_run(runs.pop("paperchat"), beir.qrels)
    if runs:
        result["variants"] = {name: score_run(run, beir.qrels) for name, run in runs.items()}
    if baselines:
        result["baselines"] = {name: score_run(run, beir.qrels)
                               for name, run in all_baselines(beir, settings, progress).items()}
    if info:
        result["subset"] = info
    return result


def side_by_side(beir: BeirSet, settings: Settings, embedders: list[str], baselines: bool = True,
                 progress: bool = True, variants: bool = False) -> dict[str, Any]:
    """The product (and its dense side alone) per embedder, each in its own throw-away index
    of the same documents, with ingest time; BM25 (stemmed and not) once."""
    unknown = [name for name in embedders if name not in EMBEDDERS]
    if unknown:
        raise ValueError(f"unknown embed model {unknown[0]!r}; choose from {', '.join(EMBEDDERS)}")
    out: dict[str, Any] = {"queries": len(beir.judged_queries()), "embedders": {}}
    for name in dict.fromkeys(embedders):
        local = settings.model_copy(update={"embed_model": name})
        t0 = time.perf_counter()
        load_embedder(local)  # loaded before the ingest is timed
        stats: dict[str, Any] = {"load_s": round(time.perf_counter() - t0, 1)}
        with tempfile.TemporaryDirectory(prefix=f"paperchat-beir-{name}-") as tmp:
            t0 = time.perf_counter()
            runs = product_runs(beir, local, Path(tmp), progress,
                                VARIANTS if variants else {}, dense_only=True, stats=stats)
            stats["total_s"] = round(time.perf_counter() - t0, 1)
        entry: dict[str, Any] = score_run(runs.pop("paperchat"), beir.qrels)
        entry["dense_only"] = score_run(runs.pop("dense_only"), beir.qrels)
        if runs:
            entry["variants"] = {v: score_run(run, beir.qrels) for v, run in runs.items()}
        entry["ingest"] = stats
        log.info("%s: %d chunks in %.1f s (%.2f chunks/s)", name, stats["chunks"],
                 stats["ingest_s"], stats["chunks_per_s"] or 0.0)
        out["embedders"][name] = entry
    if baselines:
        out["baselines"] = {f"bm25{suffix}": score_run(bm25_run(beir, stem, progress), beir.qrels)
                            for suffix, stem in (("", True), ("_unstemmed", False))}
    return out


def format_table(result: dict[str, Any]) -> str:
    """A plain-text table: one row for the product, one per variant and baseline (with
    `embedders`, the product, its dense side and variants per embedder, then ingest times)."""
    if "embedders" in result:
        rows = [row for name, m in result["embedders"].items()
                for row in [(f"paperchat [{name}]", m), (f"dense_only [{name}]", m["dense_only"]),
                            *((f"{v} [{name}]", vm) for v, vm in m.get("variants", {}).items())]]
    else:
        rows = [("paperchat", result), *result.get("variants", {}).items()]
    rows += list(result.get("baselines", {}).items())
    w = 28 if "embedders" in result else 20
    lines = [f"{'system':<{w}} {'nDCG@10':>8} {'R@10':>7} {'R@100':>7} {'MRR@10':>7}"]
    for name, m in rows:
        lines.append(f"{name:<{w}} {m['ndcg@10']:>8.4f} {m['recall@10']:>7.4f} "
                     f"{m['recall@100']:>7.4f} {m['mrr@10']:>7.4f}")
    lines.append(f"queries: {result['queries']}")
    if "subset" in result:
        sub = result["subset"]
        lines.append(f"subset: {sub['docs']} documents ({sub['relevant_docs']} relevant), "
                     f"seed {sub['seed']}")
    for name, m in result.get("embedders", {}).items():
        st = m["ingest"]
        lines.append(f"ingest [{name}]: {st['chunks']} chunks in {st['ingest_s']} s "
                     f"({st['chunks_per_s']} chunks/s; model load {st['load_s']} s)")
    return "\n".join(lines)
