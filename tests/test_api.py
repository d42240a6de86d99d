"""The HTTP API in-process (FastAPI's TestClient) over the demo papers, with the fakes."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from pydantic import SecretStr

from rag import FakeChat, PaperChat
from rag.config import DEMO_CORPUS
from tests.conftest import make_settings
from ui.api import create_api
from ui.api_schema import REFERENCES, ChatMessage, conversation

QUESTION = "How does InfoSEDD estimate mutual information?"


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> PaperChat:
    chat = PaperChat(make_settings(tmp_path_factory.mktemp("api") / "data"), llm=FakeChat())
    chat.ingest([DEMO_CORPUS], progress=False)
    return chat


@pytest.fixture(scope="module")
def client(library: PaperChat) -> Iterator[TestClient]:
    with TestClient(create_api(library)) as c:
        yield c


def _ask(client: TestClient, **extra: Any) -> Any:
    return client.post("/v1/chat/completions",
                       json={"model": "paperchat", "messages": [{"role": "user", "content": QUESTION}],
                             **extra})


def test_a_completion_cites_passages_in_the_text_the_extras_and_a_references_list(
        client: TestClient, library: PaperChat) -> None:
    body = _ask(client).json()
    content = body["choices"][0]["message"]["content"]
    assert body["object"] == "chat.completion" and body["choices"][0]["finish_reason"] == "stop"
    cites = body["citations"]
    assert cites and not body["refused"]
    answer, _, refs = content.partition(REFERENCES)
    assert all(f"[{c['n']}]" in answer for c in cites)
    for c in cites:
        assert f"[{c['n']}] {c['title']}" in refs and c["passage"][:60] in refs
    assert answer == library.ask(QUESTION).text


def test_a_stream_sends_the_role_the_checked_text_then_the_citations(client: TestClient) -> None:
    with client.stream("POST", "/v1/chat/completions",
                       json={"messages": [{"role": "user", "content": QUESTION}],
                             "stream": True}) as reply:
        assert reply.headers["content-type"].startswith("text/event-stream")
        lines = [ln for ln in reply.iter_lines() if ln.startswith("data: ")]
    assert lines[-1] == "data: [DONE]"
    chunks = [json.loads(ln[6:]) for ln in lines[:-1]]
    assert chunks[0]["choices"][0]["delta"]["role"] == "assistant"
    text = "".join(c["choices"][0]["delta"].get("content", "") for c in chunks)
    last = chunks[-1]
    assert last["choices"][0]["finish_reason"] == "stop" and last["citations"]
    assert text == _ask(client).json()["choices"][0]["message"]["content"]


def test_earlier_messages_are_the_history_with_the_papers_they_cited() -> None:
    reply = "InfoSEDD uses diffusion [1]." + REFERENCES + '[1] InfoSEDD — A. B\n    "..."'
    messages = [ChatMessage(role="system", content="be brief"),
                ChatMessage(role="user", content="What is InfoSEDD?"),
                ChatMessage(role="assistant", content=reply),
                ChatMessage(role="user", content=[{"type": "text", "text": "And its results?"}])]
    question, turns = conversation(messages)
    assert question == "And its results?"
    assert len(turns) == 1 and turns[0].question == "What is InfoSEDD?"
    assert turns[0].answer == "InfoSEDD uses diffusion [1]." and turns[0].cited == ("InfoSEDD",)


@pytest.mark.parametrize("messages", [[{"role": "user", "content": "  "}],
                                      [{"role": "user", "content": "x" * 5000}],
                                      [{"role": "assistant", "content": "hello"}]])
def test_a_question_that_cannot_be_asked_is_a_400_with_the_reason(
        client: TestClient, messages: list[dict[str, str]]) -> None:
    reply = client.post("/v1/chat/completions", json={"messages": messages})
    assert reply.status_code == 400 and reply.json()["detail"]


def test_a_failing_model_is_a_502(client: TestClient, library: PaperChat) -> None:
    from rag.llm import LLMError

    with library.override(llm=FakeChat(error=LLMError("endpoint down"))):
        reply = _ask(client)
    assert reply.status_code == 502 and "endpoint down" in reply.json()["detail"]
    assert _ask(client).status_code == 200  # the model is restored after the block


def test_search_has_the_cli_shape_and_applies_filters(client: TestClient,
                                                      library: PaperChat) -> None:
    hits = client.post("/v1/search", json={"query": "graph neural networks", "k": 4}).json()
    expected = [h.to_json(i + 1) for i, h in enumerate(library.search("graph neural networks", 4))]
    assert hits == expected
    author = hits[0]["authors"][0]
    only = client.post("/v1/search", json={"query": "graph neural networks", "k": 10,
                                           "papers": True, "filters": {"authors": [author]}}).json()
    assert only and all(author in h["authors"] for h in only)
    assert len({h["paper_id"] for h in only}) == len(only)
    assert client.post("/v1/search", json={"query": "x", "mode": "magic"}).status_code == 422
    assert client.post("/v1/search", json={"query": "   "}).status_code == 400


def test_papers_are_listed_uploaded_and_removed(client: TestClient, library: PaperChat,
                                                tmp_path: Path) -> None:
    listed = client.get("/v1/papers").json()
    assert [p["paper_id"] for p in listed] == [r.paper_id for r in library.papers()]
    record = {"title": "Tidal Qubits", "abstract": "We cool qubits with tides. It works well.",
              "authors": ["Ann Lee"]}
    files = [("files", ("new.jsonl", json.dumps(record) + "\n{bad json\n", "application/json")),
             ("files", ("notes.exe", b"MZ\x00", "application/octet-stream"))]
    added = client.post("/v1/papers", files=files).json()
    assert added["added"] >= 1
    assert any(r.startswith("new.jsonl:2:") for r in added["rejected"])
    assert any(r.startswith("notes.exe:") for r in added["rejected"])
    assert all(str(tmp_path) not in r and "/" not in r.split(":")[0] for r in added["rejected"])
    new = next(r for r in library.papers() if r.name == "Tidal Qubits")
    gone = client.delete(f"/v1/papers/{new.paper_id}").json()
    assert gone["removed_chunks"] >= 1
    assert client.delete(f"/v1/papers/{new.paper_id}").status_code == 404


def test_models_and_the_openapi_spec(client: TestClient) -> None:
    assert [m["id"] for m in client.get("/v1/models").json()["data"]] == ["paperchat"]
    paths = client.get("/openapi.json").json()["paths"]
    assert {"/v1/chat/completions", "/v1/models", "/v1/search", "/v1/papers",
            "/v1/papers/{paper_id}"} <= set(paths)


def test_the_api_key_is_required_when_set_and_a_login_without_one_closes_the_api(
        tmp_path: Path) -> None:
    keyed = PaperChat(make_settings(tmp_path / "a", api_key=SecretStr("k3y"), upload_max_mb=1),
                      llm=FakeChat())
    with TestClient(create_api(keyed)) as c:
        assert c.get("/v1/models").status_code == 401
        assert c.get("/v1/models", headers={"Authorization": "Bearer nope"}).status_code == 401
        good = {"Authorization": "Bearer k3y"}
        assert c.get("/v1/models", headers=good).status_code == 200
        big = c.post("/v1/papers", headers=good, files={"files": ("a.txt", b"x" * 1_100_000)})
        assert big.status_code == 413
    people_only = PaperChat(make_settings(tmp_path / "b", auth="ann:pw"), llm=FakeChat())
    with TestClient(create_api(people_only)) as c:
        assert c.get("/v1/models").status_code == 401
