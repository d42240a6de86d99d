"""A lab server set-up: a real `chroma run` server started here, PaperChat as its client."""

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from rag.config import DEMO_CORPUS
from rag.fakes import FakeChat
from rag.pipeline import PaperChat
from tests.conftest import make_settings

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def chroma_port(tmp_path_factory: pytest.TempPathFactory):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    path = tmp_path_factory.mktemp("chroma-server")
    chroma = Path(sys.executable).with_name("chroma")
    proc = subprocess.Popen([str(chroma), "run", "--path", str(path), "--host", "127.0.0.1",
                             "--port", str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/v2/heartbeat", timeout=1).status_code == 200:
                break
        except httpx.HTTPError:
            time.sleep(0.2)
    else:
        proc.kill()
        pytest.fail("chroma server did not start")
    yield port
    proc.terminate()
    proc.wait(timeout=10)


def test_ingest_and_search_through_a_chroma_server(tmp_path: Path, chroma_port: int) -> None:
    settings = make_settings(tmp_path / "data", chroma_host="127.0.0.1", chroma_port=chroma_port)
    chat = PaperChat(settings, llm=FakeChat())
    assert chat.ingest([DEMO_CORPUS], progress=False).added == 20
    assert chat.search("GraphBSI Bayesian sample inference", k=1)[0].name == "GraphBSI"
    # a second client (another user of the lab server) sees the same library, adds nothing
    other = PaperChat(make_settings(tmp_path / "data2", chroma_host="127.0.0.1",
                                    chroma_port=chroma_port), llm=FakeChat())
    assert other.ingest([DEMO_CORPUS], progress=False).added == 0
    assert len(other.papers()) == 20
    assert other.search("GraphBSI", k=1)[0].name == "GraphBSI"


REPO = Path(__file__).resolve().parents[1]
# A serving worker: answers each query line with its hits' chunk ids, as a JSON line.
WORKER = ("import json, sys\nfrom rag.pipeline import PaperChat\nchat = PaperChat()\n"
          "for line in sys.stdin:\n"
          "    print(json.dumps([h.chunk_id for h in chat.search(line.strip(), k=5)]), flush=True)\n")


def _env(data: Path, port: int) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PAPERCHAT_", "OPENAI_"))}
    env.update(PAPERCHAT_DATA_DIR=str(data), PAPERCHAT_EMBED_MODEL="fake",
               PAPERCHAT_LLM_PROVIDER="fake", PAPERCHAT_CHROMA_HOST="127.0.0.1",
               PAPERCHAT_CHROMA_PORT=str(port), PAPERCHAT_COLLECTION="lab", PYTHONPATH=str(REPO))
    return env


def _cli(env: dict[str, str], *args: str) -> str:
    done = subprocess.run([sys.executable, "-m", "ui.cli", *args], env=env, cwd=REPO,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_two_workers_on_one_chroma_server_see_each_others_writes(tmp_path: Path,
                                                                  chroma_port: int) -> None:
    """Issue 11: a worker that is already serving returns, right after another process's
    ingest or delete, what a freshly started process returns (each has its own data dir)."""
    worker = subprocess.Popen([sys.executable, "-c", WORKER], env=_env(tmp_path / "w", chroma_port),
                              cwd=REPO, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert worker.stdin is not None and worker.stdout is not None

    def ask(query: str) -> list[str]:
        worker.stdin.write(query + "\n")  # type: ignore[union-attr]
        worker.stdin.flush()  # type: ignore[union-attr]
        return json.loads(worker.stdout.readline())  # type: ignore[union-attr]

    try:
        query = "GraphBSI Bayesian sample inference"
        assert ask(query) == []  # serving an empty library
        writer = _env(tmp_path / "writer", chroma_port)
        assert json.loads(_cli(writer, "ingest", str(DEMO_CORPUS)))["added"] == 20
        fresh = [h["chunk_id"] for h in json.loads(_cli(_env(tmp_path / "fresh", chroma_port),
                                                         "search", query, "--k", "5", "--json"))]
        assert ask(query) == fresh and fresh
        top = json.loads(_cli(writer, "search", query, "--k", "1", "--json"))[0]
        assert json.loads(_cli(writer, "remove", top["paper_id"]))["removed_chunks"] > 0
        after = ask(query)
        assert after and not any(cid.startswith(top["paper_id"]) for cid in after)
        assert top["chunk_id"] not in after
    finally:
        worker.kill()
        worker.wait(timeout=30)
