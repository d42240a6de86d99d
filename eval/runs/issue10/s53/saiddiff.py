# Session 53's check of a change to rag/quantities.py `_said` (a figure said approximately, as a
# bound or as a ratio is compared with the sentence's figure counting the same thing), as a pure
# function: every committed claim and each of its sentences (figures said in words read as the
# pipeline reads them) against every sentence of the 20 demo abstracts, `said_against` and
# `said_spans` of the old tree beside this tree's; prints each pair that changes (JSONL).
# usage: saiddiff.py OLD_TREE   (with this tree and this folder on PYTHONPATH)
import json
import sys

import rag.quantities as new
from pairs import claims, demo_papers, old_module
from rag.sentences import split_sentences

old = old_module(sys.argv[1], "quantities")
sentences = [(p.display_name, s) for p in demo_papers() for s in split_sentences(p.abstract)]
count = 0
for name, r in claims():
    for piece in dict.fromkeys(new.said_figures(x) for x in [r["claim"], *split_sentences(r["claim"])]):
        for paper, s in sentences:
            count += 1
            before = (old.said_against(piece, s), old.said_spans(piece, s))
            after = (new.said_against(piece, s), new.said_spans(piece, s))
            if before != after:
                print(json.dumps({"set": name, "id": r["id"], "expected": r["verdict"], "paper": paper, "old": before,
                                  "new": after, "piece": piece[:200], "sentence": s[:160]}, ensure_ascii=False))
print("pairs", count, file=sys.stderr)
