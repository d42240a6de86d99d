"""Review check (session 25): asking_part, _quantity_asked and answer_type_matches on two probe
answers for every question of every answer set, printed one JSON line each; run with the code
before and after a refactor and compare (identical for a799c70 and 4a810a1, 1,305 questions):

    PYTHONPATH=TREE .venv/bin/python eval/runs/issue10/s25/review_equivalence.py > OUT.txt
"""
import glob
import json

from rag.policy import _AUXILIARY, _quantity_asked, answer_type_matches, asking_part

out = []
for f in sorted(glob.glob("eval/questions/answers_*.jsonl")):
    for line in open(f):
        q = json.loads(line)["question"]
        a = asking_part(q)
        yn = bool(_AUXILIARY.match(a.lstrip()))
        out.append(json.dumps([q, a, _quantity_asked(a, yn),
                               answer_type_matches(q, "Yes, it does.").reason,
                               answer_type_matches(q, "It reaches 40% with two models.").reason]))
print("\n".join(out))
