"""Paper finding at library scale: the demo papers among the 4,302 ICLR 2026 abstracts, several
retrieval systems side by side in one run, each over a library cached per embedder.

Question kinds (JSONL: {"id", "kind", "question", "relevant": [paper ids], "expect": {...}}):
- single, paraphrase, chinese: the one relevant paper in the top 5 (MRR@10 reported too);
- multi: every relevant paper in the top 10;
- author: the papers the product would list (query understanding -> metadata filter, ranked,
  topic-qualified when the question names a topic) are exactly the relevant set;
- area, year: the filters query understanding derives select exactly the papers whose area /
  year is in "expect".

A system is an embedder plus settings; `understood` systems go through the product's query
understanding (author/area/year filters, and a model rewrite of Chinese questions when the
embedder is English-only), the others search the bare question.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tqdm import tqdm

from eval.libraries import library_settings
from eval.retrieval_demo import load_questions
from rag.config import Settings
from rag.pipeline import PaperChat
from rag.query import Query
from rag.retrieve import Filters

log = logging.getLogger(__name__)

TOP = {"single": 5, "paraphrase": 5, "chinese": 5, "multi": 10}
SET_KINDS = ("author", "area", "year")
QUESTIONS = Path(__file__).resolve().parent / "questions" / "retrieval_library_dev.jsonl"


@dataclass(frozen=True)
class System:
    """One retrieval configuration to score."""

    name: str
    embed_model: str
    mode: str = "hybrid"
    understood: bool = True
    overrides: dict[str, Any] = field(default_factory=dict)


SYSTEMS: dict[str, System] = {s.name: s for s in (
    # Off-the-shelf baselines on the bare question.
    # Each counts a word the question repeats again, as they did before session 20.
    System("bm25", "minilm", mode="bm25", understood=False,
           overrides={"query_stopwords": False, "query_word_repeats": True}),
    System("minilm-dense", "minilm", mode="dense", understood=False, overrides={"paper_share": 0.0}),
    System("rrf-bm25-minilm", "minilm", understood=False,
           overrides={"fusion": "rrf", "paper_share": 0.0, "query_stopwords": False,
                      "query_word_repeats": True}),
    System("e5-dense", "e5", mode="dense", understood=False, overrides={"paper_share": 0.0}),
    # The product: query understanding, paper-level fusion; "-papers" adds the whole-paper
    # vectors as a third side. MiniLM systems translate Chinese with the model first.
    System("minilm", "minilm"),  # the product's defaults
    System("minilm-papers", "minilm", overrides={"paper_share": 0.5}),  # ablation
    System("minilm-dense0.65", "minilm", overrides={"dense_weight": 0.65}),  # ablation
    # Ablation: BM25 sees the question's function words too (the default before issue 9's
    # fusion ablation).
    System("minilm-allwords", "minilm", overrides={"query_stopwords": False}),
    # Ablation: BM25 counts a word the question repeats again (the default before session 20).
    System("minilm-repeats", "minilm", overrides={"query_word_repeats": True}),
    # Ablation: questions embedded by torch MiniLM, as chunks are (the default before session
    # 28; the product embeds them with the int8 ONNX MiniLM, settings.query_embedders).
    System("minilm-torch-query", "minilm", overrides={"query_embedders": {}}),
    System("e5", "e5"),
    System("e5-papers", "e5", overrides={"paper_share": 0.5}),
)}


def ranked(chat: PaperChat, system: System, question: str, k: int = 10) -> tuple[list[str], Query | None]:
    """Paper ids for a question, best first, and the understood query (None when bare)."""
    if not system.understood:
        return [h.paper_id for h in chat.search(question, k=k, per_paper=1, mode=system.mode)], None
    query = chat.understand(question)
    if system.mode == "hybrid":  # the product's own routing (named papers, authors, filters)
        return chat.ranked_papers(query, k), query
    if query.filters.authors:
        return [r.paper_id for r in chat.listed_papers(query)], query
    hits = chat.search(query.text, k=k, filters=query.filters, per_paper=1, mode=system.mode)
    return [h.paper_id for h in hits], query


def _selected(chat: PaperChat, filters: Filters) -> set[str]:
    return filters.allowed({r.paper_id: r for r in chat.papers()}) or set()


def _expected_set(chat: PaperChat, expect: dict[str, Any]) -> set[str]:
    wanted = Filters(areas=tuple(expect.get("areas", ())), years=tuple(expect.get("years", ())))
    cat = {r.paper_id: r for r in chat.papers()}
    exact = {pid for pid, rec in cat.items()
             if (not wanted.areas or rec.area in wanted.areas or rec.subarea in wanted.areas
                 or f"{rec.area} · {rec.subarea}" in wanted.areas)
             and (not wanted.years or rec.year in wanted.years)}
    return exact


def score_one(chat: PaperChat, system: System, rec: dict[str, Any]) -> dict[str, Any]:
    """One question's outcome: ok, reciprocal rank (ranked kinds) and what was returned."""
    kind, relevant = rec["kind"], set(rec.get("relevant") or ())
    ids, query = ranked(chat, system, rec["question"], k=50 if kind in SET_KINDS else 10)
    row: dict[str, Any] = {"id": rec["id"], "kind": kind}
    if kind in ("area", "year"):
        got = _selected(chat, query.filters) if query else set()
        want = _expected_set(chat, rec.get("expect", {}))
        row.update(ok=bool(want) and got == want, got=len(got), want=len(want))
    elif kind == "author":
        row.update(ok=set(ids) == relevant, extra=len(set(ids) - relevant),
                   missing=len(relevant - set(ids)))
    else:
        first = next((r for r, pid in enumerate(ids[:10], 1) if pid in relevant), None)
        top = set(ids[: TOP[kind]])
        row.update(ok=all(group & top for group in paper_groups(rec)),
                   rr=1.0 / first if first else 0.0)
    return row


def paper_groups(rec: dict[str, Any]) -> list[set[str]]:
    """The relevant papers as groups of ids that are one paper (a demo abstract and its ICLR
    copy, listed under "duplicates"): finding either id of a group finds the paper."""
    groups = [set(g) for g in rec.get("duplicates", [])]
    grouped = set().union(*groups) if groups else set()
    return groups + [{pid} for pid in rec.get("relevant", []) if pid not in grouped]


def score_system(chat: PaperChat, system: System, questions: list[dict[str, Any]],
                 progress: bool = True) -> dict[str, Any]:
    rows, times = [], []
    for rec in tqdm(questions, desc=system.name, disable=not progress):
        t0 = time.perf_counter()
        rows.append(score_one(chat, system, rec))
        times.append(time.perf_counter() - t0)
    kinds: dict[str, dict[str, float]] = {}
    for row in rows:
        agg = kinds.setdefault(row["kind"], {"n": 0, "ok": 0, "rr": 0.0})
        agg["n"] += 1
        agg["ok"] += bool(row["ok"])
        agg["rr"] += row.get("rr", 0.0)
    for agg in kinds.values():
        agg["rate"] = round(agg["ok"] / agg["n"], 4)
        agg["mrr@10"] = round(agg.pop("rr") / agg["n"], 4)
    times.sort()
    return {"kinds": kinds, "misses": [r for r in rows if not r["ok"]],
            "median_ms": round(1000 * times[len(times) // 2], 1) if times else None}


def run(questions_path: Path, settings: Settings, systems: list[str], library: str = "iclr",
        progress: bool = True) -> dict[str, Any]:
    """Score each system on the question set over the cached library for its embedder."""
    questions = load_questions(questions_path, kinds=(*TOP, *SET_KINDS))
    out: dict[str, Any] = {"questions": str(questions_path), "library": library, "systems": {}}
    for name in systems:
        if name not in SYSTEMS:
            raise ValueError(f"unknown system {name!r}; choose from {', '.join(SYSTEMS)}")
        system = SYSTEMS[name]
        base = settings.model_copy(update={"embed_model": system.embed_model, **system.overrides})
        chat = PaperChat(library_settings(library, base))
        chat.ingest([], progress=False)  # gives paper vectors to a library cached before they existed
        out["papers"] = len(chat.papers())
        out["systems"][name] = score_system(chat, system, questions, progress)
    return out


def format_report(report: dict[str, Any], verbose: bool = False) -> str:
    kinds = sorted({k for s in report["systems"].values() for k in s["kinds"]})
    head = f"{'system':<18}" + "".join(f"{k:>12}" for k in kinds) + f"{'median ms':>11}"
    lines = [f"library: {report['library']} ({report.get('papers', '?')} papers), "
             f"questions: {report['questions']}", head]
    for name, res in report["systems"].items():
        cells = "".join(f"{res['kinds'][k]['rate']:>12.3f}" if k in res["kinds"] else f"{'-':>12}"
                        for k in kinds)
        lines.append(f"{name:<18}{cells}{res['median_ms']:>11}")
        if verbose:
            lines += [f"    miss {m}" for m in res["misses"]]
    return "\n".join(lines)
