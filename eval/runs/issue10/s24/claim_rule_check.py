"""Where a claim rule of rag/contradiction.py fires over every claim set (session 24; in-sample:
`denied_said` was written from blind21's da17 and da20, `swapped_roles` from blind22's db19):
against each contradicted claim's evidence sentences, and for every other claim against every
sentence of the 20 demo abstracts (any paper, not only its own). Run from the repository root:

    .venv/bin/python eval/runs/issue10/s24/claim_rule_check.py denied_said    # denied_check.txt
    .venv/bin/python eval/runs/issue10/s24/claim_rule_check.py swapped_roles  # roles_check.txt
"""

from __future__ import annotations

import glob
import json
import sys
from pathlib import Path

from rag import contradiction
from rag.corpus import parse_seed
from rag.sentences import split_sentences


def main(rule_name: str) -> None:
    rule = getattr(contradiction, rule_name)
    seed = Path("rag/demo/papers.txt")
    sentences = [s for p in parse_seed(seed, seed.read_text()).papers for s in split_sentences(p.abstract)]
    wrong = right = 0
    for path in sorted(glob.glob("eval/questions/claims_*.jsonl")):
        for line in open(path, encoding="utf-8"):
            rec = json.loads(line)
            against = rec.get("evidence") or [] if rec["verdict"] == "contradicted" else sentences
            for sentence in against:
                if why := rule(rec["claim"], sentence):
                    bad = rec["verdict"] != "contradicted"
                    wrong += bad
                    right += not bad
                    print(Path(path).name, rec["id"], rec["verdict"], "|", why, "|", sentence[:120] if bad else "")
                    break
    print(f"fires on contradicted claims against their evidence: {right}; on other claims: {wrong}")


if __name__ == "__main__":
    main(sys.argv[1])
