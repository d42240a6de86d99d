"""The quoted answers an ungated fallback (quote_share 0) gave where the session-28 code refused,
from two replays (BEFORE: session-28 code, AFTER: the ungated fallback), with the share of the
question each quote holds, plain and weighted by rarity in its library. The weighted share chose
quote_share = 0.55 (eval/RESULTS.md, session 29). Labels: UN an unanswerable answered, OK right,
NF answered without the fact, WP a wrong paper cited.

    .venv/bin/python eval/runs/issue10/s29/quote_share_probe.py /tmp/replays/f28 /tmp/replays/q29
"""

import glob
import json
import os
import re
import sys
import tempfile
from pathlib import Path

from eval.libraries import open_library
from rag.config import Settings
from rag.text import tokenize


def label(row: dict) -> str:
    precision = row["judge"].get("paper_precision")
    if row["unanswerable"]:
        return "UN"
    if precision is not None and precision < 1:
        return "WP"
    return "OK" if row["accuracy"] >= 1 else "NF"


def main(before: str, after: str) -> None:
    libraries = {}
    for size in ("demo", "iclr"):
        chat = open_library(size, Settings(), Path(tempfile.mkdtemp()), [])
        libraries[size] = (chat.word_rarity(), chat.store.catalogue())
    rows = []
    for path in sorted(glob.glob(f"{after}/blind*_*.jsonl")):
        base = f"{before}/{os.path.basename(path)}"
        if not os.path.exists(base) or not os.path.getsize(path):
            continue
        size = re.search(r"blind\d+_(\w+)", path).group(1)
        old = {json.loads(x)["id"]: json.loads(x) for x in open(base)}
        weight, catalogue = libraries[size]
        rarest = max(weight.values())
        for line in open(path):
            row = json.loads(line)
            quoted = any(c["action"] == "quoted from the evidence" for c in row["checks"])
            if not (old[row["id"]]["refused"] and not row["refused"] and quoted):
                continue
            question = row["standalone_query"] or row["question"]
            name = row["answer"].split(":")[0]
            rec = next((c for c in catalogue.values() if c.name == name), None)
            named = set(tokenize(" ".join([name, *((rec.display_name, *rec.authors) if rec else ())])))
            sentence = re.sub(r"\[\d+\]", "", row["answer"][len(name) + 1:])
            want, held = set(tokenize(question)) - named, set(tokenize(sentence))
            plain = len(want & held) / len(want) if want else 0.0
            total = sum(weight.get(t, rarest) for t in want)
            weighted = sum(weight.get(t, rarest) for t in want & held) / total if total else 0.0
            rows.append((label(row), size, row["id"], round(plain, 2), round(weighted, 2), question[:80]))
    for row in sorted(rows, key=lambda r: r[4]):
        print(*row)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
