"""The HTTP API served by uvicorn on 127.0.0.1, driven as clients drive it: the real `openai`
client (plain and streaming), httpx, and a bounded schemathesis run over the OpenAPI spec."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator

import httpx
import openai
import pytest
import schemathesis
import uvicorn
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import not_a_server_error

from rag import FakeChat, PaperChat
from rag.config import DEMO_CORPUS
from tests.conftest import make_settings
from ui.api import create_api

QUESTION = "How does InfoSEDD estimate mutual information?"


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    chat = PaperChat(make_settings(tmp_path_factory.mktemp("served") / "data"), llm=FakeChat())
    chat.ingest([DEMO_CORPUS], progress=False)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    server = uvicorn.Server(uvicorn.Config(create_api(chat), host="127.0.0.1", port=port,
                                           log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert server.started, "uvicorn did not start"
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=30)


@pytest.fixture
def client(base_url: str) -> openai.OpenAI:
    return openai.OpenAI(base_url=f"{base_url}/v1", api_key="unused", max_retries=0)


def test_the_openai_client_gets_a_cited_answer(client: openai.OpenAI) -> None:
    done = client.chat.completions.create(model="paperchat",
                                          messages=[{"role": "user", "content": QUESTION}])
    text = done.choices[0].message.content or ""
    cites = (done.model_extra or {})["citations"]
    assert cites and all(f"[{c['n']}]" in text for c in cites)
    assert "References:" in text
    assert [m.id for m in client.models.list()] == ["paperchat"]


def test_the_openai_client_streams_the_same_answer(client: openai.OpenAI) -> None:
    messages = [{"role": "user", "content": QUESTION}]
    whole = client.chat.completions.create(model="paperchat", messages=messages)  # type: ignore[arg-type]
    stream = client.chat.completions.create(model="paperchat", messages=messages,  # type: ignore[arg-type]
                                            stream=True)
    chunks = list(stream)
    text = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    assert text == whole.choices[0].message.content
    assert chunks[-1].choices[0].finish_reason == "stop"
    assert (chunks[-1].model_extra or {})["citations"] == (whole.model_extra or {})["citations"]


def test_httpx_reaches_search_and_the_library(base_url: str) -> None:
    with httpx.Client(base_url=base_url, timeout=60) as http:
        papers = http.get("/v1/papers").json()
        hits = http.post("/v1/search", json={"query": "mutual information", "k": 3}).json()
        spec = http.get("/openapi.json").json()
    assert len(papers) == 20 and {"paper_id", "title", "authors", "chunks"} <= set(papers[0])
    assert len(hits) == 3 and [h["rank"] for h in hits] == [1, 2, 3]
    assert spec["info"]["title"] == "PaperChat"


def test_fuzzed_requests_never_get_a_server_error(base_url: str) -> None:
    """Every operation of the served OpenAPI spec, a dozen generated requests each (schemathesis
    builds them from the spec; its pytest plugin does not load under pytest 9, so hypothesis
    drives its strategies here)."""
    spec = schemathesis.openapi.from_url(f"{base_url}/openapi.json")
    operations = [result.ok() for result in spec.get_all_operations()]
    assert len(operations) == 6
    for operation in operations:

        @given(case=operation.as_strategy())
        @settings(max_examples=12, deadline=None, database=None,
                  suppress_health_check=list(HealthCheck))
        def call(case: schemathesis.Case) -> None:
            case.call_and_validate(checks=[not_a_server_error], timeout=60)

        call()
