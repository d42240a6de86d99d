# Session 53's check of a change to rag/quantities.py `_said` (a figure said approximately, as a
# bound or as a ratio is compared with the sentence's figure counting the same thing), as a pure
# function: every committed claim and each of its sentences (figures said in words read as the
# pipeline reads them) against every sentence of the 20 demo abstracts, `said_against` and
# `said_spans` of the old tree beside this tree's; prints each pair that changes (JSONL).
# usage: saiddiff.py OLD_TREE   (with this tree on PYTHONPATH)
import glob
import importlib.util
import json
import sys
from pathlib import Path

import rag.quantities as new
from rag.corpus import load_papers
from rag.sentences import split_sentences

spec = importlib.util.spec_from_file_location("old_quantities", Path(sys.argv[1]) / "rag" / "quantities.py")
old = importlib.util.module_from_spec(spec)
sys.modules["old_quantities"] = old
spec.loader.exec_module(old)
here = Path(__file__).resolve().parents[4]
papers = load_papers(here / "rag" / "demo" / "papers.txt").papers
sentences = [(p.display_name, s) for p in papers for s in split_sentences(p.abstract)]
pairs = 0
for f in sorted(glob.glob(str(here / "eval" / "questions" / "claims_*.jsonl"))):
    for line in open(f):
        r = json.loads(line)
        for piece in dict.fromkeys(new.said_figures(x) for x in [r["claim"], *split_sentences(r["claim"])]):
            for name, s in sentences:
                pairs += 1
                a = (old.said_against(piece, s), old.said_spans(piece, s))
                b = (new.said_against(piece, s), new.said_spans(piece, s))
                if a != b:
                    print(json.dumps({"set": Path(f).stem, "id": r["id"], "expected": r["verdict"], "paper": name,
                                      "old": a, "new": b, "piece": piece[:200], "sentence": s[:160]}, ensure_ascii=False))
print("pairs", pairs, file=sys.stderr)
