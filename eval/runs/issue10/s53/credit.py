# Session 53: a claim crediting one demo paper (X, named once) with what another demo paper's
# sentence says of its own method (Y: "we", "our", or names Y), without a figure, as a pure
# function: every committed claim and each of its sentences; the share and number of the claim's
# words (X's name aside) Y's sentence holds and X's abstract holds. JSONL to stdout, rows where Y's
# sentence holds at least 0.6. usage: credit.py   (this tree on PYTHONPATH)
import glob
import json
import re
import sys
from pathlib import Path

from rag.claims import claim_terms, words_held
from rag.corpus import load_papers
from rag.policy import words
from rag.sentences import split_sentences
from rag.text import tokenize

here = Path(__file__).resolve().parents[4]
papers = load_papers(here / "rag" / "demo" / "papers.txt").papers
own = words().self_references
for f in sorted(glob.glob(str(here / "eval" / "questions" / "claims_*.jsonl"))):
    for line in open(f):
        r = json.loads(line)
        for piece in dict.fromkeys([r["claim"], *split_sentences(r["claim"])]):
            named = [p for p in papers if p.display_name and re.search(rf"(?<!\w){re.escape(p.display_name)}(?!\w)", piece)]
            if len(named) != 1:
                continue
            x = named[0]
            x_names = set(tokenize(x.display_name))
            rest = [t for t in claim_terms(piece) if t not in x_names]
            if len(rest) < 3:
                continue
            x_held = words_held(rest, " ".join([x.abstract, x.display_name, " ".join(x.authors)]))
            for y in papers:
                if y is x:
                    continue
                for s in split_sentences(y.abstract):
                    toks = set(tokenize(s))
                    if not (own & toks or (y.display_name and y.display_name in s)):
                        continue
                    held = words_held(rest, s)
                    if held >= float(sys.argv[1]) if len(sys.argv) > 1 else held >= 0.6:
                        print(json.dumps({"set": Path(f).stem, "id": r["id"], "expected": r["verdict"], "x": x.display_name,
                                          "y": y.display_name, "held": round(held, 2), "n": len(rest),
                                          "n_held": round(held * len(rest)), "x_held": round(x_held, 2),
                                          "piece": piece[:160], "sentence": s[:120]}, ensure_ascii=False))
