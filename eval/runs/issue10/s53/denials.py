# Session 53: where `denied_said` fires, as a pure function: every committed claim's sentences
# (figures said in words read as the pipeline reads them) against every sentence of the claim's
# own demo papers (by id), with the MiniLM cosine of the pair; JSONL to stdout, one row per
# firing pair. usage: denials.py   (this tree on PYTHONPATH)
import glob
import json
import sys
from pathlib import Path

from rag.contradiction import denied_said
from rag.corpus import load_papers
from rag.quantities import said_figures
from rag.sentences import split_sentences

here = Path(__file__).resolve().parents[4]
papers = {p.paper_id: p for p in load_papers(here / "rag" / "demo" / "papers.txt").papers}
pairs = 0
for f in sorted(glob.glob(str(here / "eval" / "questions" / "claims_*.jsonl"))):
    for line in open(f):
        r = json.loads(line)
        own = [papers[i] for i in r.get("paper_ids", []) if i in papers]
        for piece in dict.fromkeys(said_figures(x) for x in split_sentences(r["claim"])):
            for p in own:
                for s in split_sentences(p.abstract):
                    pairs += 1
                    if why := denied_said(piece, s):
                        print(json.dumps({"set": Path(f).stem, "id": r["id"], "expected": r["verdict"], "paper": p.display_name,
                                          "why": why, "piece": piece[:200], "sentence": s[:160]}, ensure_ascii=False))
print("pairs", pairs, file=sys.stderr)
