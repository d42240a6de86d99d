"""Diagnostic (issue 10, session 25): the local model's first-token probabilities for its second
reading (prompts/claim_judge.md) of every claim the word checks call supported, beside the
expected label, so that the plain-answer rule of `model_reading` (FALSE as the first word
contradicts) can be set against a probability cut. The paraphrase and near-miss readings are
switched off here: only the supported verdicts of the checks are read, one call each.

    flock /tmp/heavy.lock .venv/bin/python eval/runs/issue10/s25/reading_probability.py demo OUT.jsonl \\
        eval/questions/claims_blind*.jsonl

Output: one JSON line per claim ({"set", "id", "expected", "checks", "probabilities", "reply"});
progress on stderr. Tally: reading_probability.py --tally OUT.jsonl
"""

from __future__ import annotations

import json
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

import rag.claims as rc
import rag.pipeline as pl
from eval.claims import question_of
from eval.libraries import open_library
from rag.config import DEMO_CORPUS, Settings

saved: dict[str, Any] = {}
_reading = pl.model_reading


def reading(claim: str, verdict: Any, llm: Any) -> Any:
    """The first-token probabilities of the second reading, then the pipeline's own reading."""
    saved["checks"] = verdict.verdict
    if verdict.verdict == "supported" and verdict.passage is not None:
        saved["probabilities"] = rc._first_token(llm, "claim_judge", verdict, claim)
        out = _reading(claim, verdict, llm)
        saved["reply"] = out.verdicts[-1].reason if out.verdict == "supported" else "FALSE"
        return out
    return verdict


def main(library: str, out_path: str, sets: list[str]) -> None:
    pl.model_reading = reading
    pl.model_paraphrase = lambda claim, verdict, *a, **k: verdict
    pl.model_contradiction = lambda claim, verdict, *a, **k: verdict
    with tempfile.TemporaryDirectory() as tmp, open(out_path, "w", encoding="utf-8") as out:
        chat = open_library(library, Settings(claim_model_check=True), Path(tmp), [DEMO_CORPUS])
        for name in sets:
            for row in map(json.loads, Path(name).read_text(encoding="utf-8").splitlines()):
                saved.clear()
                answer = chat.ask(question_of(row))
                probs = saved.get("probabilities") or {}
                out.write(json.dumps({
                    "set": Path(name).stem, "id": row["id"], "expected": row["verdict"],
                    "checks": saved.get("checks"), "final": answer.verdict,
                    "probabilities": {k: round(v, 4) for k, v in probs.items()},
                    "reply": saved.get("reply")}, ensure_ascii=False) + "\n")
                out.flush()
                print(Path(name).stem, row["id"], row["verdict"], saved.get("checks"), answer.verdict,
                      file=sys.stderr)


def tally(path: str) -> None:
    """Right verdicts among the claims the checks call supported, for the plain rule and for
    P(FALSE) cuts."""
    rows = [json.loads(x) for x in Path(path).read_text(encoding="utf-8").splitlines()]
    read = [r for r in rows if r["checks"] == "supported"]
    print(f"{len(rows)} claims, {len(read)} called supported by the checks", file=sys.stderr)
    for r in read:
        r["false"] = rc.option_probability(r["probabilities"], "FALSE", rc._VERDICT_WORDS)

    def right(r: dict[str, Any], contradicted: bool) -> bool:
        return r["expected"] == ("contradicted" if contradicted else "supported")

    plain = Counter(right(r, r["reply"] == "FALSE") for r in read)
    print(f"plain FALSE: {plain[True]} right of {len(read)}")
    for cut in (0.3, 0.4, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.9, 1.01):
        c = Counter(right(r, r["false"] >= cut) for r in read)
        print(f"P(FALSE) >= {cut}: {c[True]} right of {len(read)}")
    for r in sorted(read, key=lambda r: r["false"]):
        print(f"{r['set']:16} {r['id']} {r['expected']:12} reply={r['reply'][:10]:10} P(FALSE)={r['false']:.2f}")


if __name__ == "__main__":
    if sys.argv[1] == "--tally":
        tally(sys.argv[2])
    else:
        main(sys.argv[1], sys.argv[2], sys.argv[3:])
