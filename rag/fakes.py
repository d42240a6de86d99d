"""Fakes shipped with the package: an embedder, a chat model with queued replies, and a
scripted OpenAI-compatible server on 127.0.0.1. Registered through the real registries."""

from __future__ import annotations

import hashlib
import itertools
import json
import math
import re
import threading
import time
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import numpy as np
from llama_index.core.base.embeddings.base import BaseEmbedding
from pydantic import PrivateAttr

from rag.sentences import split_sentences

_WORD = re.compile(r"[a-z0-9]+")


class FakeEmbedding(BaseEmbedding):
    """Hashed bag of words (with crude suffix stripping), L2-normalised. Deterministic."""

    dim: int = 256
    _cache: dict[str, list[float]] = PrivateAttr(default_factory=dict)

    def __init__(self, dim: int = 256, **kwargs: Any) -> None:
        super().__init__(model_name="fake", dim=dim, **kwargs)

    @classmethod
    def class_name(cls) -> str:
        return "FakeEmbedding"

    def _vector(self, text: str) -> list[float]:
        vec = np.zeros(self.dim, dtype=np.float32)
        for word in _WORD.findall(text.lower()):
            stem = word[:6]
            h = int.from_bytes(hashlib.blake2b(stem.encode(), digest_size=8).digest(), "little")
            vec[h % self.dim] += 1.0 if (h >> 32) & 1 else -1.0
        norm = float(np.linalg.norm(vec)) or 1.0
        return (vec / norm).tolist()

    def _get_text_embedding(self, text: str) -> list[float]:
        return self._vector(text)

    def _get_query_embedding(self, query: str) -> list[float]:
        return self._vector(query)

    async def _aget_query_embedding(self, query: str) -> list[float]:
        return self._vector(query)


_PASSAGE_RE = re.compile(r"^\[(\d+)\][^\n]*\n?(.*?)(?=^\[\d+\]|\Z)", re.MULTILINE | re.DOTALL)


def extractive_reply(prompt: str) -> str:
    """What the fake model says with no queued reply: the first sentence of passage [1]."""
    for match in _PASSAGE_RE.finditer(prompt):
        body = " ".join(match.group(2).split())
        if body:
            first = (split_sentences(body) or [body])[0]
            return f"{first} [{match.group(1)}]"
    return "I don't know: the passages do not say."


class FakeChat:
    """A chat model with queued replies, streamed word by word (at most `max_tokens` words).
    Empty queue: extractive reply.

    `delay` sleeps before the first token (a slow model); `pace` between tokens; `error`
    raises instead of answering (an unreachable one). `first_token` gives the queued
    `probabilities` (token -> p), else the next reply's first word as certain.
    """

    name = "fake"

    def __init__(
        self, replies: Iterable[str] = (), delay: float = 0.0, error: Exception | None = None,
        pace: float = 0.0, probabilities: Iterable[dict[str, float]] = (),
    ) -> None:
        self.replies: deque[str] = deque(replies)
        self.probabilities: deque[dict[str, float]] = deque(probabilities)
        self.delay = delay
        self.error = error
        self.pace = pace
        self.prompts: list[list[dict[str, str]]] = []

    def stream(
        self, messages: list[dict[str, str]], *, max_tokens: int = 256, temperature: float = 0.0
    ) -> Iterator[str]:
        self.prompts.append(messages)
        if self.delay:
            time.sleep(self.delay)
        if self.error is not None:
            raise self.error
        reply = self.replies.popleft() if self.replies else extractive_reply(messages[-1]["content"])
        for i, word in enumerate(reply.split(" ")[:max_tokens]):  # a word a token, cut like a model's
            if i and self.pace:
                time.sleep(self.pace)
            yield word if i == 0 else " " + word

    def first_token(self, messages: list[dict[str, str]], *, top: int = 8) -> dict[str, float]:
        if self.probabilities:
            self.prompts.append(messages)
            if self.error is not None:
                raise self.error
            return dict(sorted(self.probabilities.popleft().items(), key=lambda kv: -kv[1])[:top])
        first = "".join(self.stream(messages)).split(" ")[0]
        return {first: 1.0}


@dataclass(frozen=True)
class Fault:
    """How the scripted server misbehaves on one request (the next in its queue)."""

    status: int = 0  # answer with this HTTP status (429, 500, 503 ...) instead
    retry_after: float | None = None  # with status 429: the Retry-After header
    stall_after: int | None = None  # stream this many pieces, then go silent (a hung model)
    hang_up_after: int | None = None  # stream this many pieces, then close the connection
    malformed: bool = False  # a stream whose events are not JSON
    empty: bool = False  # a stream with no content at all


def _chunk_event(piece: str | None) -> bytes:
    delta = {"content": piece} if piece is not None else {}
    event = {"id": "x", "object": "chat.completion.chunk", "created": 0, "model": "scripted",
             "choices": [{"index": 0, "delta": delta,
                          "finish_reason": None if piece is not None else "stop"}]}
    return f"data: {json.dumps(event)}\n\n".encode()


class _ScriptedHandler(BaseHTTPRequestHandler):
    """Serves one request of the scripted server (its state lives on the server)."""

    server: ScriptedServer

    def log_message(self, *args: Any) -> None:  # keep test output clean
        pass

    def do_GET(self) -> None:  # noqa: N802 (http.server API)
        if self._authorised():
            self._json({"object": "list", "data": [{"id": "scripted", "object": "model"}]})

    def do_POST(self) -> None:  # noqa: N802
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
        if not self._authorised():
            return
        fault = self.server.next_fault()
        if fault.status:
            headers = {} if fault.retry_after is None else {"Retry-After": f"{fault.retry_after:g}"}
            self._json({"error": {"message": f"scripted HTTP {fault.status}"}}, fault.status, headers)
            return
        if body.get("logprobs") and not body.get("stream"):
            self._first_token(body)
            return
        stream = iter(()) if fault.empty else self.server.chat.stream(body.get("messages", []))
        try:
            first = next(stream, None)  # the fake's scripted failure becomes an HTTP 500
        except Exception as exc:
            self._json({"error": {"message": str(exc)}}, status=500)
            return
        pieces = itertools.chain([] if first is None else [first], stream)
        if not body.get("stream"):
            msg = {"role": "assistant", "content": "".join(pieces)}
            self._json({"id": "x", "object": "chat.completion", "created": 0, "model": "scripted",
                        "choices": [{"index": 0, "message": msg, "finish_reason": "stop"}]})
            return
        self._stream(pieces, fault)

    def _first_token(self, body: dict[str, Any]) -> None:
        """A one-token reply with its top alternatives' log-probabilities, as OpenAI gives them."""
        try:
            probabilities = self.server.chat.first_token(body.get("messages", []), top=body.get("top_logprobs") or 1)
        except Exception as exc:
            self._json({"error": {"message": str(exc)}}, status=500)
            return
        top: list[dict[str, Any]] = [{"token": t, "logprob": math.log(p), "bytes": None}
                                     for t, p in probabilities.items() if p > 0]
        msg = {"role": "assistant", "content": top[0]["token"] if top else ""}
        logprobs = {"content": [{**top[0], "top_logprobs": top}]} if top else None  # none: no logprobs
        self._json({"id": "x", "object": "chat.completion", "created": 0, "model": "scripted",
                    "choices": [{"index": 0, "message": msg, "finish_reason": "length", "logprobs": logprobs}]})

    def _stream(self, pieces: Iterator[str], fault: Fault) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        if fault.hang_up_after is not None:  # promise more than is sent: a cut, not an end
            self.send_header("Content-Length", "1000000")
        self.end_headers()
        for i, piece in enumerate(itertools.chain(pieces, [None])):
            if i in (fault.stall_after, fault.hang_up_after):
                if i == fault.stall_after:
                    time.sleep(60)  # the client's timeout must end this first
                self.close_connection = True
                return
            self.wfile.write(b"data: {not json\n\n" if fault.malformed else _chunk_event(piece))
            self.wfile.flush()
        self.wfile.write(b"data: [DONE]\n\n")

    def _authorised(self) -> bool:
        key = self.server.api_key
        if key is None or self.headers.get("Authorization") == f"Bearer {key}":
            return True
        self._json({"error": {"message": "invalid api key"}}, status=401)
        return False

    def _json(self, obj: dict[str, Any], status: int = 200,
              headers: dict[str, str] | None = None) -> None:
        data = json.dumps(obj).encode()
        self.send_response(status)
        for key, value in (headers or {}).items():
            self.send_header(key, value)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


class ScriptedServer(ThreadingHTTPServer):
    """The scripted OpenAI-compatible server: `chat` answers, `faults` misbehave on successive
    requests, `api_key` (when set) is required; `requests` counts the chat requests."""

    daemon_threads = True

    def __init__(self, port: int, chat: FakeChat, faults: Iterable[Fault] = (),
                 api_key: str | None = None) -> None:
        super().__init__(("127.0.0.1", port), _ScriptedHandler)
        self.chat, self.api_key = chat, api_key
        self.faults: deque[Fault] = deque(faults)
        self.requests = 0
        self._lock = threading.Lock()

    def next_fault(self) -> Fault:
        with self._lock:
            self.requests += 1
            return self.faults.popleft() if self.faults else Fault()

    def handle_error(self, request: Any, client_address: Any) -> None:
        pass  # a client that hung up (a timeout test) is not an error here


def serve_scripted(chat: FakeChat, port: int = 0, faults: Iterable[Fault] = (),
                   api_key: str | None = None) -> tuple[ScriptedServer, str]:
    """Start an OpenAI-compatible server on 127.0.0.1 answering with `chat`, misbehaving on
    successive requests as `faults` say, requiring `api_key` when given.
    Returns (server, base_url); `server.requests` counts the chat requests served."""
    server = ScriptedServer(port, chat, faults, api_key)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/v1"


def main() -> None:
    """`python -m rag.fakes --port N [--pace S]`: the scripted server as a process, a stand-in
    for llama.cpp's (it honours the API_KEY environment variable the same way)."""
    import argparse
    import os

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--pace", type=float, default=0.0, help="seconds between tokens")
    parser.add_argument("--reply", default="The scripted model answers [1].")
    args = parser.parse_args()
    chat = FakeChat(pace=args.pace)
    chat.replies = _Forever(args.reply)  # type: ignore[assignment]
    server, _ = serve_scripted(chat, args.port, api_key=os.environ.get("API_KEY"))
    threading.Event().wait()


class _Forever(deque[str]):
    """A reply queue that never runs out."""

    def __init__(self, reply: str) -> None:
        super().__init__([reply])

    def popleft(self) -> str:
        return self[0]


if __name__ == "__main__":
    main()
