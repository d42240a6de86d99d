"""Diagnostic (issue 10, session 10): could the answerability gate tell unanswerable questions by
how far the best dense cosine stands out from the rest of the candidates (a margin that would
scale with the library), rather than by its height? For every single-turn question of the
recorded answer sets at one library size (standalone queries replayed from the recorded rows, no
model), the gate's verdict beside the margin signals of the candidates' chunk cosines:

    flock /tmp/heavy.lock env PYTHONPATH=. .venv/bin/python eval/runs/issue10/gate_margin.py signals iclr \\
        answers_library_blind3:answers_blind3_iclr ... > eval/runs/issue10/gate_margin_iclr.jsonl
    .venv/bin/python eval/runs/issue10/gate_margin.py summary eval/runs/issue10/gate_margin_{demo,iclr}.jsonl

`summary` prints, for each signal, how many unanswerable questions that pass today's gate (and
name no paper, author or area) a threshold would refuse while losing at most N answerable ones.
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

SIGNALS = ("top", "gap5", "gap10", "z")


def features(cosines: list[float]) -> dict[str, float]:
    """The best chunk cosine; its lead over the 5th and 10th; its z-score among the top 50."""
    c = cosines
    top, k = c[0], min(len(c), 50)
    return {"top": top, "gap5": top - c[min(4, len(c) - 1)], "gap10": top - c[min(9, len(c) - 1)],
            "z": (top - statistics.mean(c[:k])) / (statistics.pstdev(c[:k]) + 1e-9)}


def signals(lib: str, specs: list[str]) -> None:
    import rag.retrieve as rr
    from eval.answers import ReplayChat
    from eval.libraries import open_library
    from rag.answer import answerable
    from rag.config import DEMO_CORPUS, Settings

    last: dict[str, Any] = {}
    build = rr.build_retriever

    def keep(*a: Any, **kw: Any) -> Any:
        last["r"] = build(*a, **kw)
        return last["r"]

    rr.build_retriever = keep
    with tempfile.TemporaryDirectory() as tmp:
        chat = open_library(lib, Settings(), Path(tmp), [DEMO_CORPUS])
        for spec in specs:
            qset, rows = spec.split(":")
            recorded = Path(f"eval/runs/issue10/{rows}.jsonl")
            replay = ReplayChat.from_rows(recorded)
            for q in map(json.loads, Path(f"eval/questions/{qset}.jsonl").read_text(encoding="utf-8").splitlines()):
                if q.get("history"):
                    continue
                with chat.override(replay):
                    query = chat.understand(q["question"])
                if query.intent != "answer":
                    continue
                last.clear()
                found = chat._retrieve_for(query)
                verdict = answerable(query, found, chat.settings, chat.word_rarity())
                cos = sorted(last["r"].dense.cosines.values(), reverse=True)
                named = bool(query.named or query.filters.authors or query.filters.areas)
                row = {"set": rows, "id": q["id"], "unans": q.get("unanswerable", False), "named": named,
                       "ok": verdict.ok, **{k: round(v, 3) for k, v in features(cos).items()}}
                print(json.dumps(row), flush=True)
                print(rows, q["id"], verdict.ok, file=sys.stderr)


def summary(paths: list[str]) -> None:
    for path in paths:
        rows = [json.loads(line) for line in Path(path).read_text(encoding="utf-8").splitlines()]
        passing = [r for r in rows if r["ok"] and not r["named"]]
        unans = [r for r in passing if r["unans"]]
        ans = [r for r in passing if not r["unans"]]
        print(f"{Path(path).stem}: {len(rows)} questions, {sum(r['unans'] for r in rows)} unanswerable; "
              f"passing the gate without naming a paper: {len(unans)} unanswerable, {len(ans)} answerable")
        for key in SIGNALS:
            cells = []
            for lose in (0, 2, 4, 8):
                best = max(((sum(r[key] < t for r in unans), t) for t in sorted({r[key] for r in passing})
                            if sum(r[key] < t for r in ans) <= lose), default=(0, 0.0))
                cells.append(f"lose <= {lose}: {best[0]} refused (below {best[1]})")
            print(f"  {key:>5}: " + "; ".join(cells))


if __name__ == "__main__":
    {"signals": lambda a: signals(a[0], a[1:]), "summary": summary}[sys.argv[1]](sys.argv[2:])
