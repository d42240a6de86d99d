"""Issue 12, item 5: many users at once on one server, and an ingest while users ask.
Correctness only (no cross-talk, no errors, never a half-written paper); timing is reported
by eval/bench_concurrency.py, never asserted."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from eval.bench_concurrency import run, served
from rag.pipeline import PaperChat


@pytest.mark.e2e
def test_twenty_sessions_at_once_keep_their_own_histories(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("HF_HUB_DISABLE_TELEMETRY", "1")
    with served(tmp_path) as server:
        report = run(server, sessions=20)
    assert report["errors"] == 0, report["error_messages"]
    assert report["cross_talk"] == 0, report["crossed"]
    assert report["requests"] == 40


def test_queries_during_an_ingest_see_whole_papers_only(chat: PaperChat, tmp_path: Path) -> None:
    sentence = "Sparse graph transport pooling trades latency for accuracy on molecules. "
    path = tmp_path / "big.jsonl"
    path.write_text("\n".join(json.dumps({"title": f"Transport pooling {i}",
                                          "abstract": f"Study {i}. " + sentence * (20 + i % 30)})
                              for i in range(120)) + "\n")
    loading = threading.Thread(target=chat.ingest, args=([path],), kwargs={"progress": False})
    loading.start()
    seen, answers = set(), 0
    while loading.is_alive() or answers < 3:
        answer = chat.ask("Which papers study sparse graph transport pooling latency?")
        assert not answer.error
        answers += 1
        for hit in chat.search("sparse graph transport pooling", k=20):
            stored = chat.store.chunks_of(hit.paper_id)
            assert len(stored) == stored[0].metadata["n_chunks"], "a half-written paper"
            seen.add(hit.paper_id)
    loading.join()
    assert answers >= 3 and len(chat.papers()) == 20 + 120
