"""Where `swapped_setting` fires over every claim set (session 23; in-sample, written from
blind21's da14): against each claim's evidence sentences, and for claims that are not
contradicted, against every sentence of the 20 demo abstracts. Run from the repository root:

    .venv/bin/python eval/runs/issue10/s23/swapped_setting_check.py
"""

from __future__ import annotations

import glob
import json
from pathlib import Path

from rag.contradiction import swapped_setting
from rag.corpus import parse_seed
from rag.sentences import split_sentences


def main() -> None:
    seed = Path("rag/demo/papers.txt")
    sentences = [s for p in parse_seed(seed, seed.read_text()).papers for s in split_sentences(p.abstract)]
    wrong = 0
    for path in sorted(glob.glob("eval/questions/claims_*.jsonl")):
        for line in open(path, encoding="utf-8"):
            rec = json.loads(line)
            against = rec.get("evidence") or [] if rec["verdict"] == "contradicted" else sentences
            for sentence in against:
                if why := swapped_setting(rec["claim"], sentence):
                    wrong += rec["verdict"] != "contradicted"
                    print(Path(path).name, rec["id"], rec["verdict"], "|", why)
    print(f"fires on claims that are not contradicted: {wrong}")


if __name__ == "__main__":
    main()
