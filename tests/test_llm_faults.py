"""Issue 12, item 3: model faults, injected by the scripted OpenAI-compatible server on
127.0.0.1: bounded retries where safe, a clear message, passages still shown, no hang."""

from __future__ import annotations

import os
import signal
import socket
import sys
import time
from collections.abc import Iterator

import pytest

from rag.config import DEMO_CORPUS
from rag.endpoint import RetryPolicy, retry_after
from rag.fakes import FakeChat, Fault, serve_scripted
from rag.llm import LLMError, LocalChat, OpenAIChat
from rag.pipeline import PaperChat
from tests.conftest import make_settings

MSGS = [{"role": "user", "content": "hi"}]
QUICK = RetryPolicy(retries=2, wait=0.05, max_wait=2.0)


@pytest.fixture
def scripted() -> Iterator:
    """Start scripted servers; every one is shut down after the test."""
    servers = []

    def start(chat: FakeChat, faults=(), **kw):
        server, url = serve_scripted(chat, faults=faults, **kw)
        servers.append(server)
        return server, url

    yield start
    for server in servers:
        server.shutdown()


def _client(url: str, timeout: float = 5.0, retry: RetryPolicy = QUICK) -> OpenAIChat:
    return OpenAIChat(url, "x", "scripted", timeout=timeout, connect_timeout=1.0, retry=retry)


def test_429_with_retry_after_is_waited_for_then_answered(scripted) -> None:
    server, url = scripted(FakeChat(["Answer [1]."]), [Fault(status=429, retry_after=0.3)])
    start = time.monotonic()
    assert "".join(_client(url).stream(MSGS)) == "Answer [1]."
    assert time.monotonic() - start >= 0.3 and server.requests == 2


def test_429_asking_for_a_long_wait_fails_at_once_saying_when(scripted) -> None:
    server, url = scripted(FakeChat(["x"]), [Fault(status=429, retry_after=600)])
    start = time.monotonic()
    with pytest.raises(LLMError, match=r"busy \(HTTP 429\): try again in 600 s"):
        list(_client(url).stream(MSGS))
    assert time.monotonic() - start < 2 and server.requests == 1


def test_500s_are_retried_a_bounded_number_of_times(scripted) -> None:
    server, url = scripted(FakeChat(["Fine [1]."]), [Fault(status=500), Fault(status=503)])
    assert "".join(_client(url).stream(MSGS)) == "Fine [1]."
    assert server.requests == 3
    server2, url2 = scripted(FakeChat(["never"]), [Fault(status=500)] * 10)
    with pytest.raises(LLMError, match="HTTP 500"):
        list(_client(url2).stream(MSGS))
    assert server2.requests == QUICK.retries + 1


def test_first_token_probabilities_are_retried_and_fail_clearly_like_a_stream(scripted) -> None:
    server, url = scripted(FakeChat(probabilities=[{"FALSE": 0.7, "TRUE": 0.2}]), [Fault(status=503)])
    assert _client(url).first_token(MSGS) == pytest.approx({"FALSE": 0.7, "TRUE": 0.2})
    assert server.requests == 2
    server2, url2 = scripted(FakeChat(["never"]), [Fault(status=500)] * 10)
    with pytest.raises(LLMError, match="HTTP 500"):
        _client(url2).first_token(MSGS)
    assert server2.requests == QUICK.retries + 1


def test_client_errors_are_not_retried(scripted) -> None:
    server, url = scripted(FakeChat(["x"]), [Fault(status=400)])
    with pytest.raises(LLMError, match="HTTP 400"):
        list(_client(url).stream(MSGS))
    assert server.requests == 1


def test_refused_connection_is_retried_then_reported_quickly() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    start = time.monotonic()
    with pytest.raises(LLMError, match="cannot reach the language model"):
        list(_client(f"http://127.0.0.1:{port}/v1").stream(MSGS))
    assert time.monotonic() - start < 5


def test_a_model_that_stalls_mid_stream_times_out_without_retrying(scripted) -> None:
    server, url = scripted(FakeChat(["one two three four five"]), [Fault(stall_after=2)])
    pieces, start = [], time.monotonic()
    with pytest.raises(LLMError, match="did not answer within 1 s.*mid-answer"):
        for piece in _client(url, timeout=1.0).stream(MSGS):
            pieces.append(piece)
    assert pieces == ["one", " two"] and time.monotonic() - start < 5
    assert server.requests == 1  # tokens were shown: a retry would repeat them


def test_a_connection_dropped_mid_stream_is_reported(scripted) -> None:
    _, url = scripted(FakeChat(["one two three"]), [Fault(hang_up_after=1)])
    with pytest.raises(LLMError, match="mid-answer"):
        list(_client(url).stream(MSGS))


def test_malformed_and_empty_replies_are_clear_errors(scripted) -> None:
    server, url = scripted(FakeChat(["x"]), [Fault(malformed=True)] * 3)
    with pytest.raises(LLMError, match="malformed reply"):
        list(_client(url).stream(MSGS))
    assert server.requests == 3
    server, url = scripted(FakeChat(["x"]), [Fault(empty=True)])
    with pytest.raises(LLMError, match="empty reply"):
        list(_client(url).stream(MSGS))


def test_retry_after_header_forms() -> None:
    import httpx

    assert retry_after(httpx.Headers({"Retry-After": "2"})) == 2.0
    assert retry_after(httpx.Headers({"retry-after-ms": "1500"})) == 1.5
    assert retry_after(httpx.Headers({"Retry-After": "Wed, 21 Oct 2015 07:28:00 GMT"})) is None
    assert retry_after(httpx.Headers({})) is None


@pytest.mark.parametrize("fault", [Fault(status=500), Fault(stall_after=1), Fault(malformed=True),
                                   Fault(empty=True), Fault(hang_up_after=2)])
def test_pipeline_shows_passages_and_a_clear_error_when_the_model_fails(scripted, tmp_path,
                                                                        fault: Fault) -> None:
    _, url = scripted(FakeChat(["RoT reduces latency [1]."]), [fault] * 5)
    settings = make_settings(tmp_path / "data", llm_provider="openai", openai_base_url=url,
                             llm_model="scripted", llm_timeout=1.0, llm_retries=1,
                             llm_retry_wait=0.05)
    chat = PaperChat(settings)
    chat.ingest([DEMO_CORPUS], progress=False)
    start = time.monotonic()
    answer = chat.ask("How much does RoT reduce inference latency?")
    assert answer.error and "language model" in answer.error
    assert answer.passages and not answer.citations  # the retrieved passages are still shown
    assert time.monotonic() - start < 60  # bounded: no hang (retries are bounded too)


def test_a_model_ignoring_the_citation_format_cites_nothing_it_was_not_given(scripted,
                                                                            tmp_path) -> None:
    reply = "RoT reduces latency a lot (see reference 9). Also [12] says so. Sources: [3][4]"
    _, url = scripted(FakeChat([reply]))
    settings = make_settings(tmp_path / "data", llm_provider="openai", openai_base_url=url,
                             llm_model="scripted")
    chat = PaperChat(settings)
    chat.ingest([DEMO_CORPUS], progress=False)
    answer = chat.ask("How much does RoT reduce inference latency?")
    assert not answer.error
    given = {p.n for p in answer.passages}
    assert {c.n for c in answer.citations} <= given
    assert "[12]" not in answer.text


def _fake_server(pace: float):
    def command(port: int) -> list[str]:
        return [sys.executable, "-m", "rag.fakes", "--port", str(port), "--pace", str(pace),
                "--reply", "The local model answers slowly [1]."]
    return command


def test_local_server_killed_mid_answer_is_restarted_by_the_next_question(tmp_path) -> None:
    settings = make_settings(tmp_path / "data", llm_timeout=10.0, llm_retries=1,
                             llm_retry_wait=0.05)
    llm = LocalChat("fake-local", _fake_server(pace=0.2), settings, label="fake (local)")
    first = llm.server
    try:
        stream = llm.stream(MSGS)
        assert next(stream) == "The"
        os.kill(first.proc.pid, signal.SIGKILL)
        start = time.monotonic()
        with pytest.raises(LLMError, match="restarted on the next question"):
            list(stream)
        assert time.monotonic() - start < 10
        assert "".join(llm.stream(MSGS)) == "The local model answers slowly [1]."
        assert llm.server is not first and llm.server.alive()
    finally:
        llm.server.stop()
        first.stop()


def test_local_server_answers_only_with_its_key(tmp_path) -> None:
    import httpx

    settings = make_settings(tmp_path / "data")
    llm = LocalChat("fake-local-key", _fake_server(pace=0.0), settings, label="fake (local)")
    try:
        url = f"{llm.server.base_url}/models"
        assert httpx.get(url, timeout=5).status_code == 401  # another user on the machine
        assert llm.server.api_key not in " ".join(open(f"/proc/{llm.server.proc.pid}/cmdline").read().split("\0"))
        assert "".join(llm.stream(MSGS)).endswith("[1].")
    finally:
        llm.server.stop()
