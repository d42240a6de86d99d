"""Probe (no model): the answerability gate with words no loaded paper has weighted as the
rarest (shipped) or not counted, over the English questions of the answer sets that name no
paper, at 20 and 4,310 papers. Prints, per library and variant, how many answerable and
unanswerable questions pass the gate, and the questions whose verdict the variant changes.

    .venv/bin/python eval/runs/issue10/s31/gate_absent_probe.py 14 32
"""
import glob
import json
import re
import sys
import tempfile
from pathlib import Path

from eval.libraries import open_library
from rag.answer import answerable
from rag.config import Settings

CJK = re.compile(r"[\u4e00-\u9fff]")


class Unheld(dict):
    """Rarity weights where a word no paper has weighs nothing."""

    def get(self, key, default=None):
        return super().get(key, 0.0)


lo, hi = int(sys.argv[1]), int(sys.argv[2])
files = [f for f in sorted(glob.glob("eval/questions/answers_library_blind*.jsonl"))
         if lo <= int(re.search(r"blind(\d+)", f).group(1)) <= hi]
rows = [json.loads(line) for f in files for line in open(f, encoding="utf-8")]
rows = [r for r in rows if not CJK.search(r["question"])]
for size in ("demo", "iclr"):
    with tempfile.TemporaryDirectory() as tmp:
        chat = open_library(size, Settings(), Path(tmp), [])
        shipped = chat.word_rarity()
        variants = {"rarest": shipped, "unheld": Unheld(shipped)}
        passed = {v: {"ans": 0, "unans": 0} for v in variants}
        changed = []
        n = {"ans": 0, "unans": 0}
        for r in rows:
            query = chat.understand(r["question"])
            if query.intent != "answer" or query.named or query.filters.authors or query.filters.areas:
                continue
            found = chat._retrieve_for(query)
            kind = "unans" if r.get("unanswerable") else "ans"
            n[kind] += 1
            got = {v: answerable(query, found, chat.settings, w) for v, w in variants.items()}
            for v, verdict in got.items():
                passed[v][kind] += verdict.ok
            if got["rarest"].ok != got["unheld"].ok:
                changed.append(f"  {r['id']} {kind} {got['rarest'].ok}->{got['unheld'].ok} "
                               f"{got['rarest'].reason} | {got['unheld'].reason} | {r['question'][:90]}")
        print(f"{size}: {n} unnamed English questions; passing the gate: {passed}")
        print("\n".join(changed))
