# Session 39 experiment (run from the repo root with .venv/bin/python): the local 1.5B model reads each claim against its oracle paper's abstract.
"""Experiment: the local 1.5B model judges a claim against its (oracle) paper's whole abstract.
First-token probabilities of TRUE / FALSE / UNSTATED. Usage: abs_judge.py OUT.jsonl SET..."""
import json, sys, time
from pathlib import Path
from rag.config import DEMO_CORPUS, Settings
from rag.corpus import parse_seed
from rag.llm import load_llm
from rag.claims import option_probability

PROMPT = """Abstract of a research paper ({name}; {authors}):
{abstract}

Claim about this paper: {claim}

Does the abstract support the claim (TRUE), contradict it (FALSE), or not say (UNSTATED)? A claim is TRUE only if the abstract states everything it says, perhaps in other words. A different number, the opposite direction, a negation, a wrong method or setting makes it FALSE. A detail the abstract does not give makes it UNSTATED.
Answer with one word: TRUE, FALSE or UNSTATED."""
papers = {p.paper_id: p for p in parse_seed(DEMO_CORPUS, DEMO_CORPUS.read_text()).papers}
rows = []
for f in sys.argv[2:]:
    for l in open(f):
        r = json.loads(l); pid = next(i for i in r["paper_ids"] if i in papers); rows.append((pid, r))
rows.sort(key=lambda x: x[0])
llm = load_llm(Settings())
out = open(sys.argv[1], "w")
W = ("TRUE", "FALSE", "UNSTATED")
for pid, r in rows:
    p = papers[pid]
    prompt = PROMPT.format(name=p.name, authors=", ".join(p.authors[:3]), abstract=p.abstract, claim=r["claim"])
    t = time.time()
    probs = llm.first_token([{"role": "user", "content": prompt}])
    d = {w: round(option_probability(probs, w, W), 3) for w in W}
    out.write(json.dumps({"id": r["id"], "expected": r["verdict"], **d, "s": round(time.time() - t, 1)}) + "\n"); out.flush()
    print(r["id"], r["verdict"], d, file=sys.stderr)
