"""Claim-question evaluation: "Is it true that ...?" through the PaperChat facade.

Each line: {"id", "claim", "verdict": supported|contradicted|unstated, "papers", "paper_ids",
"evidence"}. A verdict is right when it equals the expected one; for supported and
contradicted claims the cited sentence must also come from an expected paper and, when the
line annotates evidence, be one of those sentences (eval/judge.py's rule).

    .venv/bin/paperchat eval claims [--questions F] [--library demo|iclr] [--out rows.jsonl]
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

import typer
from tqdm import tqdm

from eval.judge import holds_evidence, right_paper
from eval.libraries import open_library
from rag.claims import is_claim_question
from rag.config import DEMO_CORPUS, Settings
from rag.pipeline import PaperChat

CLAIMS = Path(__file__).resolve().parent / "questions" / "claims_dev.jsonl"


def question_of(row: dict[str, Any]) -> str:
    claim = row["claim"].strip()
    return claim if is_claim_question(claim) else f"Is it true that {claim.rstrip('.?')}?"


def evaluate_claims(chat: PaperChat, rows: list[dict[str, Any]], progress: bool = True) -> dict[str, Any]:
    """Verdict accuracy, a confusion count and, for decided claims, whether the cited
    sentence is from an expected paper and (where annotated) is the evidence."""
    out: list[dict[str, Any]] = []
    confusion: Counter[str] = Counter()
    for row in tqdm(rows, desc="claims", unit="claim", disable=not progress, file=sys.stderr):
        answer = chat.ask(question_of(row))
        got = answer.verdict or "unstated"
        cited = answer.passages and [p for p in answer.passages if p.n in {c.n for c in answer.citations}]
        grounded = None
        if got != "unstated" and cited:
            grounded = all(right_paper(p, row) for p in cited) and (
                not row.get("evidence") or any(holds_evidence(p, row["evidence"]) for p in cited))
        right = got == row["verdict"] and grounded is not False
        confusion[f"{row['verdict']}->{got}"] += 1
        out.append({"id": row["id"], "claim": row["claim"], "expected": row["verdict"], "verdict": got,
                    "right": right, "citation_right": grounded, "answer": answer.text,
                    "total": answer.timings.get("total"), "checks": [c.to_json() for c in answer.checks]})
    decided = [r for r in out if r["citation_right"] is not None]
    return {
        "claims": len(out),
        "verdict_accuracy": round(sum(r["right"] for r in out) / len(out), 3) if out else None,
        "verdict_only_accuracy": round(sum(r["verdict"] == r["expected"] for r in out) / len(out), 3)
        if out else None,
        "citation_right": round(sum(r["citation_right"] for r in decided) / len(decided), 3)
        if decided else None,
        "confusion": dict(sorted(confusion.items())),
        "median_total_s": round(statistics.median(r["total"] for r in out if r["total"]), 3) if out else None,
        "rows": out,
    }


def claims_command(
    questions: Path = typer.Option(CLAIMS, help="JSONL claim set."),
    library: str | None = typer.Option(None, help="demo or iclr: a cached library (eval/libraries.py)."),
    out: Path | None = typer.Option(None, help="Write per-claim rows (JSONL) here."),
) -> None:
    """Evaluate claim questions: verdict accuracy (JSON to stdout). The chat model is called only
    to read an unstated verdict's near misses for a paraphrase (Settings.claim_paraphrase_reads)
    and to re-read a "supported" verdict (Settings.claim_model_check)."""
    rows = [json.loads(x) for x in questions.read_text(encoding="utf-8").splitlines() if x.strip()]
    with tempfile.TemporaryDirectory() as tmp:
        chat = open_library(library, Settings(), Path(tmp), [DEMO_CORPUS])
        result = evaluate_claims(chat, rows)
        result["papers"] = len(chat.papers())
    per_claim = result.pop("rows")
    if out:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in per_claim) + "\n")
    print(json.dumps({"library": library or "fresh", **result}))
