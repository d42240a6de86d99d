"""Where `varied_held` refuses over every answer set (session 24; in-sample, written from
blind21's ba35, blind22's bb39 and blind24's bd33; the "handle" form from blind25's be31 and
be39; the "how well" and "how does it perform" forms from earlier sets' aq41, as32, az35 and
av40): each question asking how something changes as a condition varies, how it handles a
case or how well it does in one, checked against the whole abstract of its paper (the
expected paper, or the demo paper it names) as if every sentence were cited. Run from the
repository root:

    .venv/bin/python eval/runs/issue10/s24/varied_check.py   # output varied_check.txt
"""

from __future__ import annotations

import glob
import json
from pathlib import Path

from rag.contradiction import words
from rag.corpus import parse_seed
from rag.models import Hit, Passage
from rag.policy import asking_part, varied_held


def main() -> None:
    seed = Path("rag/demo/papers.txt")
    by = {p.display_name: p for p in parse_seed(seed, seed.read_text()).papers}
    patterns = [p for p, _ in words().case_forms]
    for path in sorted(glob.glob("eval/questions/answers_*.jsonl")):
        for line in open(path, encoding="utf-8"):
            rec = json.loads(line)
            question = rec["question"]
            if not any(p.search(asking_part(question)) for p in patterns):
                continue
            paper = next((by[x] for x in rec.get("papers", []) if x in by), None) or \
                next((v for k, v in by.items() if k.split()[0] in question), None)
            if paper is None:
                print("no demo paper:", rec["id"], question[:100])
                continue
            hit = Hit("x", paper.paper_id, paper.abstract, 1.0, {"display_name": paper.display_name})
            verdict = varied_held(question, [Passage(1, hit, paper.abstract)])
            kind = "unanswerable" if rec["unanswerable"] else "answerable"
            print(rec["id"], kind, "held" if verdict.ok else "refused", verdict.reason, "|", question[:120])


if __name__ == "__main__":
    main()
