"""Session 38: for every English committed claim the word checks leave unstated (20 papers, no model:
the model's readings replaced by identity), whether one of its two closest near misses, the
sentences the paraphrase reading would read, disagrees with it (`rag.claims.disagreement`).

    PYTHONPATH=. .venv/bin/python eval/runs/issue10/s38/near_disagreement.py demo > near_disagreement_demo.jsonl
"""
import json, sys, glob, tempfile
from pathlib import Path
import rag.pipeline as pl
from rag.claims import disagreement
from eval.libraries import open_library
from eval.claims import question_of
from rag.config import DEMO_CORPUS, Settings
REC = []
def fake_para(claim, verdict, llm, reads, least):
    if verdict.verdict == "unstated":
        REC.append([(n.sentence[:90], disagreement(claim, n.sentence, n.passage.hit.name)) for n in verdict.near[:reads]])
    else:
        REC.append(None)
    return verdict
pl.model_paraphrase = fake_para
pl.model_reading = lambda c, v, m: v
pl.model_contradiction = lambda c, v, m, r, l: v
class NoLLM:
    pass
lib = sys.argv[1]
with tempfile.TemporaryDirectory() as tmp:
    chat = open_library(lib, Settings(), Path(tmp), [DEMO_CORPUS], progress=False)
    chat.llm = lambda: NoLLM()
    for f in sorted(glob.glob('eval/questions/claims_*.jsonl')):
        for line in open(f):
            row = json.loads(line)
            if any("\u4e00" <= ch <= "\u9fff" for ch in row["claim"]): continue
            REC.clear()
            a = chat.ask(question_of(row))
            near = REC[0] if REC else None
            hits = [x for x in (near or []) if x[1]]
            print(json.dumps({"id": row["id"], "gold": row["verdict"], "verdict": a.verdict, "near_dis": hits}), flush=True)
