"""Where `swapped_roles` fires over every claim set (session 24; in-sample, written from blind22's
db19): against each contradicted claim's evidence sentences, and for every other
claim against every sentence of the 20 demo abstracts (any paper, not only its own). Run from
the repository root:

    .venv/bin/python eval/runs/issue10/s24/roles_check.py   # output roles_check.txt
"""

from __future__ import annotations

import glob
import json
from pathlib import Path

from rag.contradiction import swapped_roles
from rag.corpus import parse_seed
from rag.sentences import split_sentences


def main() -> None:
    seed = Path("rag/demo/papers.txt")
    sentences = [s for p in parse_seed(seed, seed.read_text()).papers for s in split_sentences(p.abstract)]
    wrong = right = 0
    for path in sorted(glob.glob("eval/questions/claims_*.jsonl")):
        for line in open(path, encoding="utf-8"):
            rec = json.loads(line)
            against = rec.get("evidence") or [] if rec["verdict"] == "contradicted" else sentences
            for sentence in against:
                if why := swapped_roles(rec["claim"], sentence):
                    bad = rec["verdict"] != "contradicted"
                    wrong += bad
                    right += not bad
                    print(Path(path).name, rec["id"], rec["verdict"], "|", why, "|", sentence[:120] if bad else "")
                    break
    print(f"fires on contradicted claims against their evidence: {right}; on other claims: {wrong}")


if __name__ == "__main__":
    main()
