"""The openai-SDK path against scripted OpenAI-compatible servers on 127.0.0.1."""

import socket
import time

import pytest

from rag.fakes import FakeChat, serve_scripted
from rag.llm import LLMError, OpenAIChat, load_llm
from tests.conftest import make_settings

MSGS = [{"role": "user", "content": "hi"}]


def test_streams_from_an_openai_compatible_endpoint(tmp_path) -> None:
    server, url = serve_scripted(FakeChat(["GLOT pools tokens with a graph [1]."]))
    try:
        llm = load_llm(make_settings(tmp_path, llm_provider="auto", openai_base_url=url,
                                     llm_model="scripted"))
        pieces = list(llm.stream(MSGS))
        assert len(pieces) > 1  # streamed, not one blob
        assert "".join(pieces) == "GLOT pools tokens with a graph [1]."
    finally:
        server.shutdown()


def test_first_token_probabilities_from_an_openai_compatible_endpoint(tmp_path) -> None:
    """One short non-streamed call with logprobs: the first token's likeliest alternatives
    with their probabilities, over real HTTP (the scripted server answers as OpenAI does)."""
    chat = FakeChat(probabilities=[{"FALSE": 0.6, "TRUE": 0.3, "UN": 0.1}, {}])
    server, url = serve_scripted(chat)
    try:
        llm = load_llm(make_settings(tmp_path, llm_provider="openai", openai_base_url=url,
                                     llm_model="scripted"))
        said = llm.first_token(MSGS, top=2)
        assert said == pytest.approx({"FALSE": 0.6, "TRUE": 0.3})
        assert chat.prompts[-1] == MSGS
        assert llm.first_token(MSGS) == {}  # an endpoint that gives no logprobs
        chat.replies.append("TRUE, the sentence says so")  # no probabilities queued: its first word
        assert llm.first_token(MSGS) == pytest.approx({"TRUE,": 1.0})
    finally:
        server.shutdown()


def test_unreachable_endpoint_is_a_clear_error() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # nothing listens here once closed
    llm = OpenAIChat(f"http://127.0.0.1:{port}/v1", "x", "m", timeout=5, connect_timeout=1)
    with pytest.raises(LLMError, match="cannot reach the language model"):
        list(llm.stream(MSGS))


def test_slow_endpoint_times_out_with_a_clear_error() -> None:
    server, url = serve_scripted(FakeChat(["late"], delay=3.0))
    try:
        llm = OpenAIChat(url, "x", "m", timeout=0.5, connect_timeout=0.5)
        start = time.monotonic()
        with pytest.raises(LLMError, match="did not answer within"):
            list(llm.stream(MSGS))
        assert time.monotonic() - start < 3.0 * 2  # gave up instead of hanging
    finally:
        server.shutdown()


def test_endpoint_error_status_is_reported() -> None:
    server, url = serve_scripted(FakeChat(error=RuntimeError("model overloaded")))
    try:
        with pytest.raises(LLMError, match="HTTP 500"):
            list(OpenAIChat(url, "x", "m", timeout=5, connect_timeout=1).stream(MSGS))
    finally:
        server.shutdown()


def test_openai_provider_without_url_and_unknown_names_are_user_errors(tmp_path) -> None:
    with pytest.raises(ValueError, match="OPENAI_BASE_URL"):
        load_llm(make_settings(tmp_path, llm_provider="openai"))
    from rag.llm import assemble_model

    with pytest.raises(ValueError, match="unknown local model"):
        assemble_model("gpt-17", tmp_path)
