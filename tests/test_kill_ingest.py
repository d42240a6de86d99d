"""Issue 12 (for issue 11): `paperchat ingest` killed with SIGKILL part-way, then run again,
ends with exactly the papers and chunks of an uninterrupted ingest: none lost, none doubled,
none half-stored."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import chromadb
import pytest

from rag.chunking import split_paper
from rag.config import Settings
from rag.corpus import load_papers
from rag.pipeline import PaperChat
from tests.conftest import make_settings
from tests.test_chroma_server import chroma_port  # noqa: F401 (the chroma run fixture)

pytestmark = pytest.mark.slow
REPO = Path(__file__).resolve().parents[1]


def _ingest(env: dict[str, str], path: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-m", "ui.cli", "ingest", str(path)], env=env,
                            cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)


def _corpus(tmp_path: Path, n: int) -> Path:
    path = tmp_path / "many.jsonl"
    sentence = "Kernel methods meet transport plans on sparse graphs of molecules. "
    path.write_text("\n".join(json.dumps({"title": f"Paper {i}",
                                          "abstract": f"Number {i}. " + sentence * (5 + i % 40)})
                              for i in range(n)) + "\n")
    return path


def _env(data: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PAPERCHAT_", "OPENAI_"))}
    env.update(PAPERCHAT_DATA_DIR=str(data), PAPERCHAT_EMBED_MODEL="fake",
               PAPERCHAT_LLM_PROVIDER="fake", PYTHONPATH=str(REPO), **extra)
    return env


def _kill_when(proc: subprocess.Popen[bytes], part_way: Callable[[], bool]) -> None:
    deadline = time.monotonic() + 300
    while not part_way():
        assert proc.poll() is None, "the ingest finished before it could be killed"
        assert time.monotonic() < deadline
        time.sleep(0.05)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)


def _rerun_completes(env: dict[str, str], path: Path, n: int) -> None:
    rerun = _ingest(env, path)
    out, _ = rerun.communicate(timeout=600)
    assert rerun.returncode == 0
    report = json.loads(out)
    assert report["rejected"] == 0 and report["added"] + report["unchanged"] == n


def _assert_consistent(settings: Settings, path: Path, n: int) -> None:
    """Exactly the chunks of an uninterrupted ingest, one paper vector per paper, and a BM25
    side (as a new process loads it) holding the same chunks."""
    papers = load_papers(path).papers
    expected = {c.chunk_id for p in papers for c in split_paper(p, settings.chunk_size,
                                                                  settings.chunk_overlap)}
    chat = PaperChat(settings)
    ids, _, _ = chat.store.all_chunks()
    assert len(ids) == len(set(ids)) == len(expected) and set(ids) == expected
    assert len(chat.store.catalogue()) == n
    assert set(chat.store.paper_collection.get(include=[])["ids"]) == set(chat.store.catalogue())
    assert sorted(chat.lexical.ids) == sorted(expected) and len(chat.lexical.paper_ids) == n
    assert chat.search("Paper 17 Number 17", k=1)[0].name == "Paper 17"


def test_a_killed_ingest_rerun_loses_and_doubles_nothing(tmp_path: Path) -> None:
    path = _corpus(tmp_path, 3000)
    data = tmp_path / "data"
    env = _env(data)
    proc = _ingest(env, path)
    sqlite = data / "chroma" / "chroma.sqlite3"
    _kill_when(proc, lambda: sqlite.exists() and sqlite.stat().st_size > 3_000_000)

    settings = make_settings(data)
    papers = load_papers(path).papers
    expected = {c.chunk_id for p in papers for c in split_paper(p, settings.chunk_size,
                                                                  settings.chunk_overlap)}
    partial = PaperChat(settings).store
    stored_before = partial.count()
    assert 0 < stored_before < len(expected)
    for record in partial.catalogue().values():  # the kill left whole papers only
        assert record.chunks == partial.chunks_of(record.paper_id)[0].metadata["n_chunks"]
    del partial

    _rerun_completes(env, path, 3000)
    _assert_consistent(settings, path, 3000)


def test_a_killed_ingest_on_a_chroma_server_leaves_a_lock_the_rerun_takes_over(
        tmp_path: Path, chroma_port: int) -> None:  # noqa: F811 (the imported fixture)
    """Issue 11: the killed writer's lock stays on the server; the rerun on this host sees its
    holder is dead, takes it over and completes; a second worker then searches the same."""
    path = _corpus(tmp_path, 800)
    server = {"PAPERCHAT_CHROMA_HOST": "127.0.0.1", "PAPERCHAT_CHROMA_PORT": str(chroma_port),
              "PAPERCHAT_COLLECTION": "killed"}
    env = _env(tmp_path / "data", **server)
    client = chromadb.HttpClient(host="127.0.0.1", port=chroma_port)

    def stored() -> int:
        try:
            return client.get_collection("killed").count()
        except Exception:  # noqa: BLE001 (not created yet)
            return 0

    proc = _ingest(env, path)
    _kill_when(proc, lambda: stored() > 300)
    assert "killed-writer" in {c.name for c in client.list_collections()}
    _rerun_completes(env, path, 800)
    assert "killed-writer" not in {c.name for c in client.list_collections()}
    settings = make_settings(tmp_path / "data", chroma_host="127.0.0.1", chroma_port=chroma_port,
                             collection="killed")
    _assert_consistent(settings, path, 800)
    other = make_settings(tmp_path / "other", chroma_host="127.0.0.1", chroma_port=chroma_port,
                          collection="killed")
    _assert_consistent(other, path, 800)
