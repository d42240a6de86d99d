"""For every answerable question of the recorded answer runs at a library: does the paper it asks
about reach the passages given to the model (retrieval, then evidence selection), with the code
on PYTHONPATH? No model: each question is understood from its recorded English form
(`standalone_query`), so Chinese questions keep the translation their run made. Prints one line
per question whose paper is missed, then the counts by (reached?, refused in the recorded run).

    PYTHONPATH=TREE .venv/bin/python eval/runs/issue10/routing_s22/passages_reached.py iclr > OUT.txt
"""
import collections
import glob
import json
import sys
from pathlib import Path

from eval.libraries import library_settings
from rag.answer import answerable
from rag.config import Settings
from rag.evidence import select_evidence
from rag.pipeline import PaperChat

ROOT = Path(__file__).resolve().parents[3]
lib = sys.argv[1]
chat = PaperChat(library_settings(lib, Settings()))
totals: collections.Counter[tuple[str, str]] = collections.Counter()
for run in sorted(glob.glob(str(ROOT / f"runs/issue10/answers_blind*_{lib}.jsonl"))):
    name = Path(run).name.removeprefix("answers_").removesuffix(f"_{lib}.jsonl")
    questions = {json.loads(line)["id"]: json.loads(line)
                 for line in open(ROOT / f"questions/answers_library_{name}.jsonl")}
    for line in open(run):
        rec = json.loads(line)
        q = questions[rec["id"]]
        if q["unanswerable"]:
            continue
        want = set(q["paper_ids"]) | {p for pair in q.get("duplicates", []) for p in pair}
        query = chat.understand(rec.get("standalone_query") or q["question"])
        found = chat._retrieve_for(query)
        by_metadata = bool(query.filters.authors or query.filters.areas)
        passages = select_evidence(found.hits, query.text, chat.vectors, chat.settings.evidence_tokens,
                                   whole_chunks=chat.settings.evidence_mode == "chunks",
                                   min_relative=0.0 if by_metadata else 0.5)
        reached = bool({p.hit.paper_id for p in passages} & want)
        gate = answerable(query, found, chat.settings, chat.word_rarity()).ok
        key = ("reached" if reached else "missed") + ("" if gate else ", gate refuses")
        totals[key, "refused" if rec["refused"] else "answered"] += 1
        if not reached:
            print(name, rec["id"], q["type"], key, "| recorded:", "refused" if rec["refused"] else "answered",
                  "|", q["question"][:90])
for (key, outcome), n in sorted(totals.items()):
    print(f"{key:<24} {outcome:<9} {n}")
