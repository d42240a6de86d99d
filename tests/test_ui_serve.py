"""`paperchat serve` as a user starts it: a subprocess on 127.0.0.1 with a login (fake models,
an empty library), driven over HTTP and with gradio_client."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from rag.llm import load_llm
from rag.pipeline import PaperChat
from tests.conftest import make_settings
from ui.models import ModelMenu

pytestmark = pytest.mark.e2e
REPO = Path(__file__).resolve().parents[1]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    home = tmp_path_factory.mktemp("serve")
    users = home / "users.txt"
    users.write_text("# lab accounts\nann:s3cret\nbob:hunter2\n", encoding="utf-8")
    port = _free_port()
    env = {**os.environ, "PAPERCHAT_DATA_DIR": str(home / "data"), "PAPERCHAT_EMBED_MODEL": "fake",
           "PAPERCHAT_LLM_PROVIDER": "fake", "PAPERCHAT_AUTH": str(users),
           "PYTHONPATH": str(REPO)}
    env.pop("OPENAI_BASE_URL", None)
    log = (home / "serve.log").open("wb")
    proc = subprocess.Popen([sys.executable, "-m", "ui.cli", "serve", "--port", str(port)],
                            cwd=home, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_up(url, proc, home / "serve.log")
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=30)
        log.close()


def _wait_up(url: str, proc: subprocess.Popen[bytes], log: Path, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail(f"paperchat serve exited: {log.read_text(errors='replace')[-2000:]}")
        try:
            httpx.get(url, timeout=2)
            return
        except httpx.HTTPError:
            time.sleep(0.5)
    pytest.fail("paperchat serve did not start")


def test_the_app_needs_a_login(served: str) -> None:
    assert httpx.get(f"{served}/config").status_code == 401
    bad = httpx.post(f"{served}/login", data={"username": "ann", "password": "nope"})
    assert bad.status_code == 400
    with httpx.Client(base_url=served) as client:
        login = client.post("/login", data={"username": "bob", "password": "hunter2"})
        assert login.status_code == 200
        config = client.get("/config").json()
    assert config["title"] == "PaperChat"


def test_serve_offers_the_http_api_closed_without_a_key_when_people_must_log_in(
        served: str) -> None:
    assert httpx.get(f"{served}/v1/models").status_code == 401
    assert httpx.post(f"{served}/v1/search", json={"query": "graphs"}).status_code == 401
    assert "/v1/chat/completions" in httpx.get(f"{served}/openapi.json").json()["paths"]


def test_an_empty_library_says_so_through_the_api(served: str,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("HF_HUB_DISABLE_TELEMETRY", "1")
    from gradio_client import Client

    client = Client(served, auth=("ann", "s3cret"), verbose=False)
    assert client.predict(api_name="/papers") == []
    conversation, _, _ = client.predict("What do the papers say?", api_name="/ask")
    reply = "".join(p["text"] for p in conversation[-1]["content"] if p.get("type") == "text")
    assert "No papers are loaded yet" in reply


def test_a_prewarmed_local_model_outlives_its_warmup_thread(tmp_path: Path) -> None:
    """The UI starts the model in a thread that then ends; the server must keep running."""
    settings = make_settings(tmp_path / "data", llm_provider="local", llm_model="qwen2.5-0.5b")
    chat = PaperChat(settings)
    menu = ModelMenu(chat)
    menu.warm().join(timeout=180)
    assert menu.state == "ready"
    reply = "".join(chat.llm().stream([{"role": "user", "content": "Say OK."}], max_tokens=4))
    assert reply.strip()


def test_stopping_a_stream_stops_the_local_server(tmp_path: Path) -> None:
    """The UI's Stop closes the answer stream; the llama.cpp server must see the client go
    (it stops generating only then, and serves the next question no sooner)."""
    settings = make_settings(tmp_path / "data", llm_provider="local", llm_model="qwen2.5-0.5b")
    llm = load_llm(settings)
    stream = llm.stream([{"role": "user", "content": "Count from 1 to 300, one number a line."}],
                        max_tokens=400)
    first = [next(stream) for _ in range(3)]
    stream.close()
    assert "".join(first).strip()
    server = llm.server  # the LocalChat's running server
    deadline = time.monotonic() + 120
    while "Disconnected from client" not in server.log_path.read_text(errors="replace"):
        assert time.monotonic() < deadline, "the server never saw the stream closed"
        time.sleep(0.5)
