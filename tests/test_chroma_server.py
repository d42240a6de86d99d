"""A lab server set-up: a real `chroma run` server started here, PaperChat as its client."""

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
