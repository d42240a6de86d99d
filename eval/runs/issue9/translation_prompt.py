"""Issue 9, session 18: does a faithful translation find Chinese questions' papers better than
the standalone-query rewrite? (scratch ablation, kept for reproducibility)

translation_cap.py showed that the rewrite (prompts/condense.md: "one standalone English search
query") rarely hits its token cap: the local model summarises a long Chinese question instead,
and the summary can drop what tells its paper apart ("Baselines for AI Safety: How Do They
Address Reliability Issues in Daily Tasks?"). Here each Chinese question with no history is
also translated with the prompt below (the same wording as prompts/read_in_english.md, which
translates answer sentences), and the product's search is run on both texts.

    flock /tmp/heavy.lock .venv/bin/python eval/runs/issue9/translation_prompt.py blind10 blind11 blind12 blind13
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from translation_cap import chinese_questions, searched  # noqa: E402

from eval.libraries import library_settings  # noqa: E402
from rag import prompts  # noqa: E402
from rag.config import Settings  # noqa: E402
from rag.pipeline import PaperChat  # noqa: E402
from rag.query import rewrite_of  # noqa: E402

TRANSLATE = ("Translate this question about research papers into English. Keep every name, number "
             "and technical term exactly as written, and keep every detail of what it asks. "
             "Translate only: add nothing and explain nothing.\n\n{question}")


def main() -> None:
    names = sys.argv[1:] or ["blind13"]
    chat = PaperChat(library_settings("iclr", Settings()))
    llm = chat.llm()
    totals = {v: [0, 0, 0.0] for v in ("rewrite", "translation")}
    for name, rec in chinese_questions(names):
        asks = {"rewrite": prompts.render("condense", history="(none)", question=rec["question"]),
                "translation": TRANSLATE.format(question=rec["question"])}
        out = {"set": name, "id": rec["id"]}
        for variant, prompt in asks.items():
            reply = "".join(llm.stream([{"role": "user", "content": prompt}], max_tokens=160,
                                       temperature=0.0))
            text = (" ".join(reply.split()) if variant == "translation"
                    else rewrite_of(reply, rec["question"])) or rec["question"]
            ok, first = searched(chat, rec, text)
            t = totals[variant]
            t[0] += ok
            t[1] += 1
            t[2] += 1.0 / first if first else 0.0
            out[variant] = {"ok": ok, "rank": first, "text": text}
        print(json.dumps(out, ensure_ascii=False), flush=True)
    for variant, (ok, n, rr) in totals.items():
        print(f"{variant}: right paper in top 5 {ok}/{n}, MRR@10 {rr / n:.3f}", file=sys.stderr)


if __name__ == "__main__":
    main()
