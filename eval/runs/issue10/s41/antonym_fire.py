# Session 41: for every committed claim, on how many sentences of its own abstract that share half
# its words `opposite_words` fires without the given pairs and with the antonyms as shipped (run from
# the repo root: .venv/bin/python eval/runs/issue10/s41/antonym_fire.py '[["simpler", "complexity"], ...]').
import json
import sys

from fires import compare, without_pairs

import rag.contradiction as rc

shipped = rc.words()
compare(lambda row, s: rc.opposite_words(row["claim"], s) if rc._shared(row["claim"], s) >= 0.5 else "",
        without_pairs(shipped, json.loads(sys.argv[1])), shipped)
