"""Diagnostic (issue 10, session 9): the local model's reading (prompts/claim_judge.md) of the
three sentences closest to each claim that are about the claim's subject, beside the word checks'
verdict and the expected label. Usage, from the project root, through the lock:

    flock /tmp/heavy.lock .venv/bin/python eval/runs/issue10/claim_reading_probe.py demo OUT.jsonl \\
        eval/questions/claims_blind4.jsonl eval/questions/claims_blind5.jsonl

Output: one JSON line per claim ({"set", "id", "claim", "expected", "checks", "final", "probe":
[{"cos", "score", "paper", "sentence", "reply"}]}); progress on stderr.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path
from typing import Any

import rag.claims as rc
import rag.pipeline as pl
from eval.claims import question_of
from eval.libraries import open_library
from rag.config import DEMO_CORPUS, Settings
from rag.models import Passage
from rag.policy import subject
from rag.prompts import render

saved: dict[str, Any] = {}
_judge, _reading = pl.judge_claim, pl.model_reading


def judge(claim: str, passages: list[Passage], vectors: Any, ctx: Any, *args: Any, **kw: Any) -> Any:
    """The pipeline's judge, keeping the three closest sentences about the claim's subject."""
    verdict = _judge(claim, passages, vectors, ctx, *args, **kw)
    found = []
    for c in rc._candidates(claim, passages, vectors):
        if subject(claim, Passage(c.passage.n, c.passage.hit, c.sentence), ctx).ok:
            found.append(c)
        if len(found) == 3:
            break
    saved.update(verdict=verdict, found=found)
    return verdict


def reading(claim: str, verdict: Any, llm: Any) -> Any:
    """The model's reading of each kept sentence, then the pipeline's own second reading."""
    saved["probe"] = []
    for c in saved["found"]:
        prompt = render("claim_judge", paper=c.passage.hit.name, sentence=c.sentence, claim=claim)
        reply = "".join(llm.stream([{"role": "user", "content": prompt}], max_tokens=4, temperature=0.0))
        saved["probe"].append({"cos": round(c.cosine, 3), "score": round(c.score, 3),
                               "paper": c.passage.hit.paper_id, "sentence": c.sentence,
                               "reply": reply.strip()})
    return _reading(claim, verdict, llm)


def main(library: str, out_path: str, sets: list[str]) -> None:
    pl.judge_claim, pl.model_reading = judge, reading
    with tempfile.TemporaryDirectory() as tmp, open(out_path, "w", encoding="utf-8") as out:
        chat = open_library(library, Settings(claim_model_check=True), Path(tmp), [DEMO_CORPUS])
        for name in sets:
            for row in map(json.loads, Path(name).read_text(encoding="utf-8").splitlines()):
                saved.clear()
                answer = chat.ask(question_of(row))
                verdict = saved.get("verdict")
                out.write(json.dumps({
                    "set": Path(name).stem, "id": row["id"], "claim": row["claim"],
                    "expected": row["verdict"], "checks": verdict.verdict if verdict else None,
                    "final": answer.verdict, "probe": saved.get("probe")}, ensure_ascii=False) + "\n")
                out.flush()
                print(row["id"], row["verdict"], verdict.verdict if verdict else None, answer.verdict,
                      file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3:])
