"""The English kinds (paraphrase, multi, author, area, year, single) of every earlier retrieval
set at 4,310 papers, scored as `paperchat eval retrieval-library` scores the product's default
system, but without the model (Chinese questions need it to translate; they are left out).
Run it with the code of one tree on PYTHONPATH (session 22: the commit before the routing
fixes, ce21fe5, with eval/retrieval_library.py's routing fix applied, against 447e85a):

    PYTHONPATH=TREE .venv/bin/python eval/runs/issue9/routing_s22/english_kinds.py OUT.json
"""
import collections
import glob
import json
import sys
from pathlib import Path

from eval.libraries import library_settings
from eval.retrieval_library import SET_KINDS, SYSTEMS, TOP, load_questions, score_one
from rag.config import Settings
from rag.pipeline import PaperChat

QUESTIONS = Path(__file__).resolve().parents[3] / "questions"
HELD_OUT = {"blind17"}  # run once, by the full command, after the changes

chat = PaperChat(library_settings("iclr", Settings()))
system = SYSTEMS["minilm"]
out = {}
for f in sorted(glob.glob(str(QUESTIONS / "retrieval_library_*.jsonl"))):
    name = f.split("retrieval_library_")[1][:-6]
    if name in HELD_OUT:
        continue
    for rec in load_questions(f, kinds=(*TOP, *SET_KINDS)):
        if rec["kind"] != "chinese":
            out[f"{name}/{rec['id']}"] = score_one(chat, system, rec)
json.dump(out, open(sys.argv[1], "w"), indent=0)
tot = collections.defaultdict(lambda: [0, 0, 0.0])
for row in out.values():
    t = tot[row["kind"]]
    t[0] += 1
    t[1] += bool(row["ok"])
    t[2] += row.get("rr", 0.0)
for kind, (n, ok, rr) in sorted(tot.items()):
    print(f"{kind:<11} {ok:>4} of {n:<4} {ok / n:.3f}   MRR@10 {rr / n:.3f}")
