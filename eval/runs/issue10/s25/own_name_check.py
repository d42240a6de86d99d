"""Where the answer policy's `contradiction` fires for every claim of every claim set, against
each sentence of the claim's own demo paper, with that paper's name (session 25: run with the
code before and after a change, then diff; written from claims_blind24's dd02). Run from the
repository root:

    PYTHONPATH=TREE .venv/bin/python eval/runs/issue10/s25/own_name_check.py > OUT.txt
"""

from __future__ import annotations

import glob
import json
from pathlib import Path

from rag.contradiction import contradiction
from rag.corpus import parse_seed
from rag.sentences import split_sentences


def main() -> None:
    seed = Path("rag/demo/papers.txt")
    papers = {p.paper_id: p for p in parse_seed(seed, seed.read_text()).papers}
    for path in sorted(glob.glob("eval/questions/claims_*.jsonl")):
        for line in open(path, encoding="utf-8"):
            rec = json.loads(line)
            named = {q.paper_id for q in papers.values() if q.display_name in rec.get("papers", [])}
            for pid in dict.fromkeys([*rec.get("paper_ids", []), *named]):
                if pid not in papers:
                    continue
                p = papers[pid]
                for sentence in split_sentences(p.abstract):
                    if why := contradiction(rec["claim"], sentence, p.display_name, spelled=True):
                        print(Path(path).stem, rec["id"], rec["verdict"], "|", why, "|", sentence[:100])


if __name__ == "__main__":
    main()
