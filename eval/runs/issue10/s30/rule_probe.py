"""Where a claim rule of rag/claims.py (`disagreement`'s chain) fires over every committed claim
set, without retrieval or a model: each claim against the sentences of its demo papers'
abstracts that speak to it (`aligned_sentences`, or sharing a number), as `judge_claim` reads
them. Prints the count of claims it fires on by their label and each firing.

    .venv/bin/python eval/runs/issue10/s30/rule_probe.py overstated_scope [blind29 ...]
    .venv/bin/python eval/runs/issue10/s30/rule_probe.py claims.substitution blind29

Claim files whose names hold one of the later arguments are left out (a blind set not yet run).
"""
import collections
import glob
import importlib
import inspect
import json
import sys
from pathlib import Path

from rag import contradiction
from rag.contradiction import aligned_sentences, numbers
from rag.corpus import load_papers
from rag.models import Hit, Passage
from rag.sentences import split_sentences
from rag.text import tokenize

module, _, name = sys.argv[1].rpartition(".")
rule = getattr(importlib.import_module(f"rag.{module}") if module else contradiction, name)
# a rule that also reads the sentence's paper's words (claims.substitution) or name
third = list(inspect.signature(rule).parameters)[2:3]
papers = {p.paper_id: p for p in load_papers(Path("rag/demo/papers.txt")).papers}
fired: dict[str, list[str]] = collections.defaultdict(list)
total: collections.Counter[str] = collections.Counter()
for f in sorted(x for x in glob.glob("eval/questions/claims_*.jsonl") if not any(b in x for b in sys.argv[2:])):
    for line in open(f, encoding="utf-8"):
        q = json.loads(line)
        total[q["verdict"]] += 1
        claim = q["claim"].removeprefix("Is it true that ").rstrip("?")
        by_name = [k for k, x in papers.items() if x.display_name in q["papers"]]
        for pid in q.get("paper_ids", by_name):
            if pid not in papers:
                continue
            p = papers[pid]
            hit = Hit(pid, pid, p.abstract, 1.0, {"display_name": p.display_name})
            one = Passage(1, hit, p.abstract)
            said = set(aligned_sentences(claim, one))
            args = ((frozenset(tokenize(f"{p.abstract} {p.display_name}")),) if third == ["paper"]
                    else (p.display_name,) if third == ["name"] else ())
            for s in split_sentences(p.abstract):
                if s in said or numbers(claim) & numbers(s.replace("\\", "")):
                    if why := rule(claim, s, *args):
                        fired[q["verdict"]].append(f"{f.split('/')[-1]} {q['id']} [{q['verdict']}] {q['claim']}\n"
                                                   f"    against: {s}\n    {why}")
                        break
print(f"{sum(total.values())} claims ({dict(total)}); fires on "
      + ", ".join(f"{v} {len(fired[v])}" for v in ("supported", "contradicted", "unstated")))
for v in ("supported", "unstated", "contradicted"):
    for x in fired[v]:
        print("-", x)
