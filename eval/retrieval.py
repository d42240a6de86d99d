"""Retrieval evaluation on a BEIR folder: the product's own pipeline (PaperChat.ingest, then
paper-level PaperChat.retrieve) in a throw-away data dir, scored against graded qrels, next to
off-the-shelf baselines."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

from tqdm import tqdm

from eval.beir import BeirSet, load_beir
from eval.retrieval_baselines import DEPTH, Run, all_baselines
from eval.retrieval_metrics import score_run
from rag.config import Settings
from rag.corpus import paper_id_for
from rag.pipeline import PaperChat


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
}


def product_run(beir: BeirSet, settings: Settings, work: Path, progress: bool = True) -> Run:
    """Ingest into `work` with the product's settings, then rank papers for every query."""
    return product_runs(beir, settings, work, progress)["paperchat"]


def product_runs(beir: BeirSet, settings: Settings, work: Path, progress: bool = True,
                 variants: dict[str, dict[str, Any]] | None = None) -> dict[str, Run]:
    """The product's run ("paperchat") and one per variant (settings changed), on one index."""
    local = settings.model_copy(update={"data_dir": work / "data", "collection": "beir",
                                        "chroma_host": None})
    work.mkdir(parents=True, exist_ok=True)
    ids = write_corpus(beir, work / "corpus.jsonl")
    chat = PaperChat(local)
    report = chat.ingest([work / "corpus.jsonl"], progress=progress)
    if report.rejected:
        raise ValueError(f"{len(report.rejected)} BEIR documents were rejected: {report.rejected[0]}")
    runs: dict[str, Run] = {}
    for name, update in {"paperchat": {}, **(variants or {})}.items():
        chat.settings = local.model_copy(update=update)
        run: Run = runs.setdefault(name, {})
        for qid, text in tqdm(beir.judged_queries().items(), desc=name, disable=not progress):
            hits = chat.retrieve(text, k=DEPTH, per_paper=1).hits
            run[qid] = [doc for h in hits for doc in ids.get(h.paper_id, [])]
    chat.settings = local
    return runs


def evaluate(folder: Path, settings: Settings, baselines: bool = True,
             progress: bool = True, variants: bool = False) -> dict[str, Any]:
    """Metrics of the product and, unless turned off, of each baseline; with `variants`, of
    each ablation in VARIANTS on the same index too."""
    beir = load_beir(folder)
    if not beir.judged_queries():
        raise ValueError(f"{folder}: no query has a relevant document in qrels")
    with tempfile.TemporaryDirectory(prefix="paperchat-beir-") as tmp:
        runs = product_runs(beir, settings, Path(tmp), progress, VARIANTS if variants else {})
    result: dict[str, Any] = score_run(runs.pop("paperchat"), beir.qrels)
    if runs:
        result["variants"] = {name: score_run(run, beir.qrels) for name, run in runs.items()}
    if baselines:
        result["baselines"] = {name: score_run(run, beir.qrels)
                               for name, run in all_baselines(beir, settings, progress).items()}
    return result


def format_table(result: dict[str, Any]) -> str:
    """A plain-text table: one row for the product, one per baseline."""
    rows = [("paperchat", result), *result.get("variants", {}).items(),
            *result.get("baselines", {}).items()]
    lines = [f"{'system':<20} {'nDCG@10':>8} {'R@10':>7} {'R@100':>7} {'MRR@10':>7}"]
    for name, m in rows:
        lines.append(f"{name:<20} {m['ndcg@10']:>8.4f} {m['recall@10']:>7.4f} "
                     f"{m['recall@100']:>7.4f} {m['mrr@10']:>7.4f}")
    lines.append(f"queries: {result['queries']}")
    return "\n".join(lines)
