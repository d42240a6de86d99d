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
from pathlib import Path

import pytest

from rag.chunking import split_paper
from rag.corpus import load_papers
from rag.pipeline import PaperChat
from tests.conftest import make_settings

pytestmark = pytest.mark.slow
REPO = Path(__file__).resolve().parents[1]


def _ingest(env: dict[str, str], path: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-m", "rag.cli", "ingest", str(path)], env=env,
                            cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)


def test_a_killed_ingest_rerun_loses_and_doubles_nothing(tmp_path: Path) -> None:
    path = tmp_path / "many.jsonl"
    sentence = "Kernel methods meet transport plans on sparse graphs of molecules. "
    path.write_text("\n".join(json.dumps({"title": f"Paper {i}",
                                          "abstract": f"Number {i}. " + sentence * (5 + i % 40)})
                              for i in range(3000)) + "\n")
    data = tmp_path / "data"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PAPERCHAT_", "OPENAI_"))}
    env.update(PAPERCHAT_DATA_DIR=str(data), PAPERCHAT_EMBED_MODEL="fake",
               PAPERCHAT_LLM_PROVIDER="fake", PYTHONPATH=str(REPO))
    proc = _ingest(env, path)
    sqlite = data / "chroma" / "chroma.sqlite3"
    deadline = time.monotonic() + 300
    while not (sqlite.exists() and sqlite.stat().st_size > 3_000_000):  # part-way through
        assert proc.poll() is None, "the ingest finished before it could be killed"
        assert time.monotonic() < deadline
        time.sleep(0.05)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)

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

    rerun = _ingest(env, path)
    out, _ = rerun.communicate(timeout=600)
    assert rerun.returncode == 0
    report = json.loads(out)
    assert report["rejected"] == 0 and report["added"] + report["unchanged"] == 3000
    store = PaperChat(settings).store
    ids, _, _ = store.all_chunks()
    assert len(ids) == len(set(ids)) == len(expected) and set(ids) == expected
    assert len(store.catalogue()) == 3000
