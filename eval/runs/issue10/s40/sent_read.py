# Session 40 experiment (run from the repo root with .venv/bin/python): each sentence of a claim read by the local model against its (oracle) paper's abstract with prompts/claim_paper.md. Usage: sent_read.py SET.jsonl id,id,...
import json
import sys

from rag.claims import _VERDICT_WORDS, claim_of, claim_sentences, option_probability
from rag.config import DEMO_CORPUS, Settings
from rag.corpus import parse_seed
from rag.llm import load_llm
from rag.policy import Context, Subjects
from rag.prompts import render

papers = {p.paper_id: p for p in parse_seed(DEMO_CORPUS, DEMO_CORPUS.read_text()).papers}
names = {}
for p in papers.values():
    names[p.name] = p.paper_id
for n in ["RoT","GLOT","InfoSEDD","ALL-IN","NAVIS","STAD","QuRL","TGMM","RFedAGS","GraphBSI","OpTI-BFM","ResiliBench","SparseRL","RecurrSim","GRADIEND"]:
    names[n] = n
ctx = Context(subjects=Subjects(names))
ids = set(sys.argv[2].split(','))
llm = load_llm(Settings())
for line in open(sys.argv[1]):
    r = json.loads(line)
    if r['id'] not in ids:
        continue
    pid = next(i for i in r['paper_ids'] if i in papers)
    p = papers[pid]
    claim = claim_of(r['claim'])
    sents = claim_sentences(claim, ctx)
    out = []
    for s in sents:
        prompt = render("claim_paper", paper=p.name, authors=", ".join(p.authors[:3]), text=p.abstract, claim=s)
        probs = llm.first_token([{"role": "user", "content": prompt}])
        out.append((round(option_probability(probs, "TRUE", _VERDICT_WORDS), 3), round(option_probability(probs, "FALSE", _VERDICT_WORDS), 3), s[:70]))
    print(r['id'], r['verdict'], len(sents), out, flush=True)
