# Session 40 experiment (run from the repo root with .venv/bin/python): the claim path with every model reading patched out, recording the word checks' verdict. Usage: judge_probe.py demo|iclr OUT.jsonl SET...
import json
import sys
import tempfile
from pathlib import Path

import rag.pipeline as pl
from eval.claims import question_of
from eval.libraries import open_library
from rag.config import DEMO_CORPUS, Settings

lib = sys.argv[1]
out = open(sys.argv[2], "w")
rec = {}
def probe(claim, found, llm, reads, least):
    rec["verdict"] = found.verdict
    rec["near"] = len(found.near)
    rec["checks"] = [(v.check, v.ok, v.reason[:80]) for v in found.verdicts]
    return found
pl.model_paraphrase = probe
pl.model_reading = lambda claim, v, llm: v
pl.model_contradiction = lambda claim, v, llm, reads, least: v
pl.PaperChat._read_paper = lambda self, claim, v, passages, q, ctx, m: (v, passages)
with tempfile.TemporaryDirectory() as tmp:
    chat = open_library(lib, Settings(), Path(tmp), [DEMO_CORPUS], progress=False)
    for f in sys.argv[3:]:
        for line in open(f):
            q = json.loads(line)
            rec.clear()
            if any('\u4e00' <= c <= '\u9fff' for c in q["claim"]):
                continue
            a = chat.ask(question_of(q))
            out.write(json.dumps({"id": q["id"], "expected": q["verdict"], **rec}) + "\n")
            out.flush()
