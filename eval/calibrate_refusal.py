"""Calibrate answerability (when the model is asked at all) on a calibration set kept apart
from the answer evaluation sets. For each question that names no paper, author or area it
prints the two signals rag/policy.py uses and the best cut of each:

- coverage: the share of the question's content words, weighted by rarity in the library, that
  the best retrieved passage (with its paper's name) holds: Settings.answerable_coverage
  (measured here with every word no paper has at the rarest weight, as in a library of
  Settings.unknown_word_papers or more; a smaller library weighs ordinary English ones less,
  rag/policy.py LibrarySize);
- best dense cosine: depends on the embedder, so its cut is kept per embedder in
  Settings.dense_floors.

    .venv/bin/python -m eval.calibrate_refusal [--questions F] [--library demo|iclr]
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

import typer

from eval.libraries import library_settings
from rag.config import DEMO_CORPUS, Settings
from rag.pipeline import PaperChat
from rag.policy import content_terms, coverage

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


def signals(chat: PaperChat, question: str) -> tuple[float, float] | None:
    """(coverage, best dense cosine) of a question, or None when it names what it is about."""
    query = chat.understand(question)
    if query.named or query.filters.authors or query.filters.areas:
        return None
    found = chat.retrieve(query.text, query.filters)
    texts = [f"{h.name} {h.metadata.get('display_name', '')} {h.text}" for h in found.hits]
    return coverage(content_terms(query.text), texts, chat.word_rarity()), found.best_dense


def main(questions: Path = HERE / "questions" / "refusal_calibration.jsonl",
         library: str | None = typer.Option(None, help="demo or iclr (cached); default a fresh demo")) -> None:
    rows = [json.loads(x) for x in questions.read_text().splitlines() if x.strip()]
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(data_dir=Path(tmp))
        settings = library_settings(library, settings) if library else settings
        chat = PaperChat(settings)
        if not library:
            chat.ingest([DEMO_CORPUS], progress=False)
        scored = [(r, s) for r in rows if (s := signals(chat, r["question"])) is not None]
    result: dict[str, object] = {"library": library or "fresh demo", "embedder": settings.embed_model,
                                 "questions": len(scored)}
    for i, name in enumerate(("coverage", "best_dense")):
        ans = [s[i] for r, s in scored if not r["unanswerable"]]
        una = [s[i] for r, s in scored if r["unanswerable"]]
        cut, acc = best_threshold(ans, una)
        result[name] = {"cut": round(cut, 3), "balanced_accuracy": round(acc, 3),
                        "answerable_min": round(min(ans), 3), "unanswerable_max": round(max(una), 3)}
    for r, (cov, dense) in sorted(scored, key=lambda x: x[1][0]):
        print(f"{cov:.3f} {dense:.3f}  {'UNANSWERABLE' if r['unanswerable'] else 'answerable  '}  "
              f"{r['question']}", file=sys.stderr)
    print(json.dumps(result))


if __name__ == "__main__":
    typer.run(main)
