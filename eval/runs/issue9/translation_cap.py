"""Issue 9, session 18: is the Chinese question's English rewrite cut short? (scratch ablation,
kept for reproducibility)

rag.query.condense asks the model for the standalone English query with max_tokens=48. The
Chinese questions of the retrieval sets are 20-111 characters long; their English is often
longer than 48 tokens, and a cut rewrite loses the end of the question. Each Chinese question
is rewritten once with a large cap (greedy decoding, temperature 0: the first 48 streamed
pieces are the reply a 48-token cap gives), and the product's search (PaperChat, the "minilm"
system of eval/retrieval_library.py) is run on the rewrite cut at each cap. Output per cap:
questions whose rewrite was cut, right paper in the top 5, MRR@10.

    flock /tmp/heavy.lock .venv/bin/python eval/runs/issue9/translation_cap.py \
        dev holdout blind3 blind4 blind5 blind6 blind7 blind8 blind9 blind10 blind11 blind12
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from unittest import mock

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))

from eval.libraries import library_settings  # noqa: E402
from eval.retrieval_library import SYSTEMS, paper_groups, ranked  # noqa: E402
from rag import prompts  # noqa: E402
from rag.config import Settings  # noqa: E402
from rag.pipeline import PaperChat  # noqa: E402
from rag.query import rewrite_of  # noqa: E402

CAPS = (48, 64, 96, 160)


def chinese_questions(names: list[str]) -> Iterator[tuple[str, dict[str, Any]]]:
    """(set name, question) for every Chinese question of the named retrieval sets."""
    for name in names:
        path = ROOT / "eval" / "questions" / f"retrieval_library_{name}.jsonl"
        for line in path.read_text(encoding="utf-8").splitlines():
            rec = json.loads(line)
            if rec["kind"] == "chinese":
                yield name, rec


def searched(chat: PaperChat, rec: dict[str, Any], text: str) -> tuple[bool, int | None]:
    """The product's search for the question with `text` as its English rewrite: whether its
    paper is in the top 5, and the rank of the first relevant paper in the top 10."""
    with mock.patch("rag.query.condense", lambda *a, **k: text):
        ids, _ = ranked(chat, SYSTEMS["minilm"], rec["question"])
    first = next((r for r, pid in enumerate(ids[:10], 1) if pid in set(rec["relevant"])), None)
    return all(g & set(ids[:5]) for g in paper_groups(rec)), first


def main() -> None:
    names = sys.argv[1:] or ["dev"]
    chat = PaperChat(library_settings("iclr", Settings()))
    llm = chat.llm()
    totals = {cap: [0, 0, 0, 0.0] for cap in CAPS}  # cut, ok, n, rr
    for name, rec in chinese_questions(names):
        prompt = prompts.render("condense", history="(none)", question=rec["question"])
        pieces = list(llm.stream([{"role": "user", "content": prompt}], max_tokens=max(CAPS),
                                 temperature=0.0))
        out = {"set": name, "id": rec["id"], "pieces": len(pieces)}
        for cap in CAPS:
            text = rewrite_of("".join(pieces[:cap]), rec["question"]) or rec["question"]
            ok, first = searched(chat, rec, text)
            t = totals[cap]
            t[0] += len(pieces) > cap
            t[1] += ok
            t[2] += 1
            t[3] += 1.0 / first if first else 0.0
            out[f"cap{cap}"] = {"ok": ok, "rank": first, "text": text}
        print(json.dumps(out, ensure_ascii=False), flush=True)
    for cap, (cut, ok, n, rr) in totals.items():
        print(f"cap {cap}: rewrites cut {cut}/{n}, right paper in top 5 {ok}/{n}, MRR@10 {rr / n:.3f}",
              file=sys.stderr)


if __name__ == "__main__":
    main()
