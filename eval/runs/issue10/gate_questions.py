"""Shared by the gate probes (session 42's s42/gate_small.py, session 43's s43/sentence_gate.py):
each English, single-turn question naming no paper, author or area of the blind answer sets, with
its query as the recorded run understood it (recorded standalone queries, no model) and what
retrieval finds for it."""
import json
from collections.abc import Iterator
from pathlib import Path

from eval.answers import ReplayChat
from rag.pipeline import PaperChat
from rag.query import Query
from rag.retrieve import Retrieval


def gate_questions(chat: PaperChat, size: str, first: int,
                   last: int) -> Iterator[tuple[int, dict, Query, Retrieval]]:
    """(set number, question row, query, retrieval) for answers_library_blind{first..last} at `size`
    ("demo" or "iclr", the recorded runs' library)."""
    for n in range(first, last + 1):
        qs = [json.loads(line) for line in open(f"eval/questions/answers_library_blind{n}.jsonl", encoding="utf-8")]
        recorded = Path(f"eval/runs/issue10/answers_blind{n}_{size}.jsonl")
        rep = ReplayChat.from_rows(recorded) if recorded.exists() else ReplayChat({})
        for q in qs:
            if q.get("history") or any("\u4e00" <= c <= "\u9fff" for c in q["question"]):
                continue
            with chat.override(rep):
                query = chat.understand(q["question"])
            if query.intent != "answer" or query.named or query.filters.authors or query.filters.areas:
                continue
            yield n, q, query, chat._retrieve_for(query)
