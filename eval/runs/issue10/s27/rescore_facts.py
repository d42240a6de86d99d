"""Fact accuracy of recorded answer runs, rescored with eval.answers.fact_present after it
learned to read facts written as regular expressions (session 27). Before, such a fact was
matched as literal text and never found.

    .venv/bin/python eval/runs/issue10/s27/rescore_facts.py blind27 blind28
"""

from __future__ import annotations

import json
import statistics
import sys
from pathlib import Path

from eval.answers import fact_present

ROOT = Path(__file__).resolve().parents[4]


def main(names: list[str]) -> None:
    for name in names:
        questions = {json.loads(line)["id"]: json.loads(line) for line in
                     (ROOT / f"eval/questions/answers_library_{name}.jsonl").open(encoding="utf-8")}
        for size in ("demo", "iclr"):
            rows = [json.loads(line) for line in
                    (ROOT / f"eval/runs/issue10/answers_{name}_{size}.jsonl").open(encoding="utf-8")]
            old, new, changed = [], [], []
            for row in rows:
                q = questions[row["id"]]
                if q["unanswerable"] or row["accuracy"] is None:
                    continue
                facts = q.get("facts", [])
                found = 0 if row["refused"] else sum(fact_present(f, row["answer"]) for f in facts)
                acc = found / len(facts) if facts else None
                if acc is None:
                    continue
                old.append(row["accuracy"])
                new.append(acc)
                if abs(acc - row["accuracy"]) > 1e-9:
                    changed.append(f"{row['id']} {row['accuracy']:.2f}->{acc:.2f}")
            print(f"{name} {size}: fact accuracy {statistics.mean(old):.3f} -> "
                  f"{statistics.mean(new):.3f} ({len(new)} answerable); changed: {', '.join(changed) or 'none'}")


if __name__ == "__main__":
    main(sys.argv[1:])
