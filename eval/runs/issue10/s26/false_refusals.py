"""Answerable questions refused although the model's raw reply holds every expected fact, with
the check that refused them (issue 10, session 26). Reads the replays of
eval/runs/issue10/s24/rep.sh (/tmp/replays/TAG/*.jsonl); prints one case per block, then counts
by check.

    python3 eval/runs/issue10/s26/false_refusals.py TAG
"""

from __future__ import annotations

import glob
import json
import re
import sys
from collections import Counter
from pathlib import Path

QUESTIONS = Path(__file__).resolve().parents[3] / "questions"


def main(tag: str) -> None:
    asked = {}
    for f in QUESTIONS.glob("answers_library_blind*.jsonl"):
        for line in f.read_text(encoding="utf-8").splitlines():
            if line.strip():
                rec = json.loads(line)
                asked[rec["id"]] = rec
    by_check: Counter[str] = Counter()
    for f in sorted(glob.glob(f"/tmp/replays/{tag}/*.jsonl")):
        for line in Path(f).read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            if row["unanswerable"] or not row["refused"]:
                continue
            q, raw = asked[row["id"]], row["raw"] or ""
            if not all(re.search(x, raw, re.IGNORECASE) for x in q["facts"]):
                continue
            final = [c for c in row["checks"] if c.get("action") == "answer"]
            why = [f"{k['check']}: {k['reason'][:110]}" for k in final[-1]["checks"] if not k["ok"]] if final else []
            drops = [[f"{k['check']}: {k['reason'][:70]}" for k in c["checks"] if not k["ok"]][:2]
                     for c in row["checks"] if c.get("action") == "dropped"]
            by_check[why[0].split(":")[0] if why else "every sentence dropped"] += 1
            print(Path(f).name[:12], row["id"], q["question"][:140])
            print("    RAW:", raw[:300].replace("\n", " "))
            print("    WHY:", why[:2], "DROPS:", drops[:3])
    print(dict(by_check))


if __name__ == "__main__":
    main(sys.argv[1])
