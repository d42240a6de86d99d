"""choices_held.py SIZE: for every recorded question that offers alternatives (`offered_choices`),
how many of each alternative's own words the asked paper's abstract holds, and which alternative
an "exactly one fully held" rule would pick. The session 23 analysis behind `held_choice`.

    .venv/bin/python eval/runs/issue10/s23/choices_held.py iclr
"""

from __future__ import annotations

import glob
import json
import re
import sys
from pathlib import Path

from rag.corpus import parse_seed
from rag.policy import _token_held, _with_parts, offered_choices
from rag.text import tokenize


def main(size: str) -> None:
    seed = Path("rag/demo/papers.txt")
    papers = {p.paper_id: p for p in parse_seed(seed, seed.read_text()).papers}
    for path in sorted(glob.glob(f"eval/runs/issue10/answers_blind*_{size}.jsonl")):
        name = re.search(r"answers_(blind\d+)_", path)
        assert name
        questions = {json.loads(line)["id"]: json.loads(line)
                     for line in open(f"eval/questions/answers_library_{name.group(1)}.jsonl", encoding="utf-8")}
        for line in open(path, encoding="utf-8"):
            run = json.loads(line)
            choices = offered_choices(run.get("standalone_query") or run["question"])
            if not choices:
                continue
            spec = questions[run["id"]]
            ids = [i for i in spec["paper_ids"] if i in papers]
            if not ids:  # an unanswerable names its paper in the question or the note
                text = f"{run['question']} {spec.get('note', '')}"
                ids = [i for i, p in papers.items() if p.display_name in text
                       or (p.authors and f"{p.authors[0].split()[-1]} et al" in text)]
            held = _with_parts(frozenset(tokenize(" ".join(papers[i].abstract for i in ids))))
            full = [k for k, (own, _) in enumerate(choices) if held and all(_token_held(held, t) for t in own)]
            shares = "  ".join(f"{'/'.join(sorted(own))}:{sum(_token_held(held, t) for t in own)}/{len(own)}"
                               for own, _ in choices)
            print(run["id"], "PICK", full[0] if len(full) == 1 else None, len(ids),
                  "UNANS" if run["unanswerable"] else "ANS", "ref" if run["refused"] else "ansd",
                  run["accuracy"], "|", shares, "| facts:", spec.get("facts"))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "iclr")
