"""Review check (session 26): asking_part, asks_yes_no, offered_choices and answer_type_matches
on probe answers (a ratio among them) for every question of every answer set, one JSON line
each; run with the code before and after a refactor and compare:

    PYTHONPATH=TREE .venv/bin/python eval/runs/issue10/s26/review_equivalence.py > OUT.txt
"""
import glob
import json

from rag.policy import answer_type_matches, asking_part, asks_yes_no, offered_choices

PROBES = ("Yes, it does.", "It reaches 40% with two models.", "It has 20x fewer parameters than X.",
          "It uses 8.9M parameters, 20x fewer.")
out = []
for f in sorted(glob.glob("eval/questions/answers_*.jsonl")):
    for line in open(f):
        q = json.loads(line)["question"]
        choices = [[sorted(c), claimed] for c, claimed in offered_choices(q)]
        out.append(json.dumps([q, asking_part(q), asks_yes_no(q), choices,
                               *(answer_type_matches(q, p).reason for p in PROBES)], ensure_ascii=False))
print("\n".join(out))
