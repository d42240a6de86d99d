"""Paper finding on the demo corpus: a question set with the papers each question should find.

Each JSONL line: {"id", "kind", "question", "relevant": [paper ids], "names": [...]} where kind
is single (one expected paper: scored as found in the top 5), or multi, author or area (every
relevant paper must be in the top 10). Questions go through the product's query understanding
(named authors and areas become filters) and its paper-level search, as `ask` does.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

from rag.config import DEMO_CORPUS, Settings
from rag.pipeline import PaperChat

DEMO_QUESTIONS = Path(__file__).resolve().parent / "questions" / "retrieval_demo.jsonl"
DEPTH = {"single": 5, "multi": 10, "author": 10, "area": 10}


def load_questions(path: Path, kinds: tuple[str, ...] = tuple(DEPTH)) -> list[dict[str, Any]]:
    """The question set; a malformed line is a user error naming the line."""
    out = []
    for no, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
            if rec["kind"] not in kinds or not str(rec["question"]).strip():
                raise ValueError(f"kind must be one of {', '.join(kinds)}")
            if not (rec.get("relevant") or rec.get("expect")):
                raise ValueError("give the relevant papers or the expected filter")
        except (ValueError, KeyError, TypeError) as exc:
            raise ValueError(f"{path}:{no}: bad question ({exc})") from None
        out.append(rec)
    return out


def ranked_papers(chat: PaperChat, question: str, k: int = 10, understood: bool = True) -> list[str]:
    """Paper ids for a question, best first: understood as `ask` would (named authors and
    areas become filters; `understood=False` searches the bare text), ranked per paper."""
    query = chat.understand(question)
    text, filters = (query.text, query.filters) if understood else (question, None)
    return [h.paper_id for h in chat.search(text, k=k, filters=filters, per_paper=1)]


def score_questions(chat: PaperChat, questions: list[dict[str, Any]],
                    understood: bool = True) -> dict[str, Any]:
    """Success per question kind, and the questions that missed."""
    kinds: dict[str, dict[str, float]] = {}
    misses = []
    for rec in questions:
        ranked = ranked_papers(chat, rec["question"], understood=understood)
        depth = DEPTH[rec["kind"]]
        ok = set(rec["relevant"]) <= set(ranked[:depth])
        row = kinds.setdefault(rec["kind"], {"questions": 0, "found": 0, "exact": 0})
        row["questions"] += 1
        row["found"] += ok
        # Stricter, for information: the relevant papers fill the first places exactly.
        row["exact"] += set(rec["relevant"]) == set(ranked[: len(rec["relevant"])])
        if not ok:
            misses.append({"id": rec.get("id"), "question": rec["question"],
                           "missing": [n for pid, n in zip(rec["relevant"], rec.get("names", rec["relevant"]),
                                                           strict=False) if pid not in ranked[:depth]]})
    for row in kinds.values():
        row["rate"] = round(row["found"] / row["questions"], 4)
        row["exact_rate"] = round(row["exact"] / row["questions"], 4)
    several = [kinds[k] for k in ("multi", "author", "area") if k in kinds]
    found, total = sum(r["found"] for r in several), sum(r["questions"] for r in several)
    return {"kinds": kinds,
            "single_top5": kinds.get("single", {}).get("rate", 0.0),
            "several_all_top10": round(found / total, 4) if total else 0.0,
            "misses": misses}


def run_demo(path: Path, settings: Settings, understood: bool = True) -> dict[str, Any]:
    """Ingest the demo corpus into a throw-away data dir and score the question set."""
    questions = load_questions(path)
    with tempfile.TemporaryDirectory(prefix="paperchat-demo-") as tmp:
        chat = PaperChat(settings.model_copy(update={"data_dir": Path(tmp), "collection": "demo",
                                                     "chroma_host": None}))
        chat.ingest([DEMO_CORPUS], progress=False)
        return score_questions(chat, questions, understood)


def format_report(report: dict[str, Any], verbose: bool = False) -> str:
    lines = [f"{kind:<7} {row['found']:>3.0f}/{row['questions']:<3.0f} = {row['rate']:.3f}"
             f"  ({'right paper in top 5' if kind == 'single' else 'all relevant in top 10'};"
             f" relevant papers exactly first: {row['exact_rate']:.3f})"
             for kind, row in report["kinds"].items()]
    lines.append(f"single-paper questions, right paper in top 5: {report['single_top5']:.3f}")
    lines.append(f"multi-paper/author/area questions, all in top 10: {report['several_all_top10']:.3f}")
    if verbose:
        lines += [f"  missed {m['id']}: {m['question']} -> {', '.join(m['missing'])}" for m in report["misses"]]
    return "\n".join(lines)
