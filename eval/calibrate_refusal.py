"""Calibrate the refusal threshold: the best dense cosine retrieval finds for answerable vs
unanswerable questions (a calibration set kept apart from the answer evaluation set).

    .venv/bin/python -m eval.calibrate_refusal [--questions eval/questions/refusal_calibration.jsonl]
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

import typer

from rag.config import DEMO_CORPUS, Settings
from rag.pipeline import PaperChat
from rag.query import understand

HERE = Path(__file__).resolve().parent


def best_threshold(answerable: list[float], unanswerable: list[float]) -> tuple[float, float]:
    """The midpoint cut with the highest balanced accuracy, and that accuracy."""
    cuts = sorted(set(answerable + unanswerable))
    best = (0.0, 0.0)
    for lo, hi in zip(cuts, cuts[1:], strict=False):
        t = (lo + hi) / 2
        acc = (sum(s >= t for s in answerable) / len(answerable)
               + sum(s < t for s in unanswerable) / len(unanswerable)) / 2
        if acc > best[1]:
            best = (t, acc)
    return best


def main(questions: Path = HERE / "questions" / "refusal_calibration.jsonl") -> None:
    rows = [json.loads(x) for x in questions.read_text().splitlines() if x.strip()]
    with tempfile.TemporaryDirectory() as tmp:
        chat = PaperChat(Settings(data_dir=Path(tmp)))
        chat.ingest([DEMO_CORPUS], progress=False)
        catalogue = chat.store.catalogue()
        scores = []
        for r in rows:
            query = understand(r["question"], [], catalogue, chat.llm, 0)
            if query.named or query.filters.authors:  # these never refuse on retrieval score
                print(f"names a paper or author: {r['question']}", file=sys.stderr)
                continue
            scores.append((r, chat.retrieve(query.text, query.filters).best_dense))
    ans = [s for r, s in scores if not r["unanswerable"]]
    una = [s for r, s in scores if r["unanswerable"]]
    threshold, acc = best_threshold(ans, una)
    for r, s in sorted(scores, key=lambda x: x[1]):
        print(f"{s:.3f}  {'UNANSWERABLE' if r['unanswerable'] else 'answerable  '}  {r['question']}",
              file=sys.stderr)
    print(json.dumps({"threshold": round(threshold, 3), "balanced_accuracy": round(acc, 3),
                      "answerable_min": round(min(ans), 3), "unanswerable_max": round(max(una), 3),
                      "questions": len(scores)}))


if __name__ == "__main__":
    typer.run(main)
