"""Why answerable questions were refused, and which check let unanswerable ones through
(issue 10, session 25). Reads answer-evaluation rows (live or replayed) and prints one line per
case with the deciding check, then counts by check.

    python3 eval/runs/issue10/s25/refusal_reasons.py ROWS.jsonl [ROWS.jsonl ...]
"""

from __future__ import annotations

import json
import sys
from collections import Counter


def reason(row: dict) -> str:
    """The check that refused an answered-then-refused question, or how it was refused."""
    checks = row.get("checks") or []
    for c in checks:
        if c.get("action") == "answerable":
            bad = [k for k in c["checks"] if not k["ok"]]
            if bad:
                return f"gate:{bad[0]['check']}"
    final = [c for c in checks if c.get("action") == "answer"]
    if final:
        bad = [k["check"] for k in final[-1]["checks"] if not k["ok"]]
        if bad:
            return f"answer:{bad[0]}"
    sentences = [c for c in checks if c.get("action") not in ("answer", "answerable", "asked again")]
    if sentences and all(c["action"] in ("dropped", "refusal") for c in sentences):
        if any(c["action"] == "refusal" for c in sentences):
            return "model:refused"
        fails = Counter(k["check"] for c in sentences for k in c["checks"] if not k["ok"])
        return "dropped:" + (fails.most_common(1)[0][0] if fails else "?")
    return "other"


def main(paths: list[str]) -> None:
    refused, answered = Counter(), Counter()
    for path in paths:
        for row in map(json.loads, open(path, encoding="utf-8")):
            if not row["unanswerable"] and row["refused"]:
                why = reason(row)
                refused[why] += 1
                print(f"REFUSED {path.split('/')[-1]:28} {row['id']} {why:28} {row['question'][:90]}")
            elif row["unanswerable"] and not row["refused"]:
                answered["answered"] += 1
                print(f"ANSWERED {path.split('/')[-1]:27} {row['id']} {row['question'][:90]}")
    print("answerable refused, by reason:", dict(refused.most_common()))
    print("unanswerable answered:", sum(answered.values()))


if __name__ == "__main__":
    main(sys.argv[1:])
