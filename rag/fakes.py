"""Fakes shipped with the package: an embedder, a chat model with queued replies, and a
scripted OpenAI-compatible server on 127.0.0.1. Registered through the real registries."""

from __future__ import annotations

import hashlib
import json
import re
import threading
import time
from collections import deque
from collections.abc import Iterable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import numpy as np
from llama_index.core.base.embeddings.base import BaseEmbedding
from pydantic import PrivateAttr

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
            first = re.split(r"(?<=[.!?])\s+", body)[0]
            return f"{first} [{match.group(1)}]"
    return "I don't know: the passages do not say."


class FakeChat:
    """A chat model with queued replies, streamed word by word. Empty queue: extractive reply.

    `delay` sleeps before the first token (a slow model); `error` raises instead of answering
    (an unreachable one).
    """

    name = "fake"

    def __init__(
        self, replies: Iterable[str] = (), delay: float = 0.0, error: Exception | None = None
    ) -> None:
        self.replies: deque[str] = deque(replies)
        self.delay = delay
        self.error = error
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
        for i, word in enumerate(reply.split(" ")):
            yield word if i == 0 else " " + word


def serve_scripted(chat: FakeChat, port: int = 0) -> tuple[ThreadingHTTPServer, str]:
    """Start an OpenAI-compatible server on 127.0.0.1 answering with `chat`. Returns (server, base_url)."""

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:  # keep test output clean
            pass

        def do_GET(self) -> None:  # noqa: N802 (http.server API)
            self._json({"object": "list", "data": [{"id": "scripted", "object": "model"}]})

        def do_POST(self) -> None:  # noqa: N802
            body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
            try:
                pieces = list(chat.stream(body.get("messages", [])))
            except Exception as exc:  # the fake's scripted failure becomes an HTTP 500
                self._json({"error": {"message": str(exc)}}, status=500)
                return
            if not body.get("stream"):
                msg = {"role": "assistant", "content": "".join(pieces)}
                self._json({"id": "x", "object": "chat.completion", "created": 0, "model": "scripted",
                            "choices": [{"index": 0, "message": msg, "finish_reason": "stop"}]})
                return
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.end_headers()
            for piece in [*pieces, None]:
                delta = {"content": piece} if piece is not None else {}
                event = {"id": "x", "object": "chat.completion.chunk", "created": 0, "model": "scripted",
                         "choices": [{"index": 0, "delta": delta,
                                      "finish_reason": None if piece is not None else "stop"}]}
                self.wfile.write(f"data: {json.dumps(event)}\n\n".encode())
                self.wfile.flush()
            self.wfile.write(b"data: [DONE]\n\n")

        def _json(self, obj: dict[str, Any], status: int = 200) -> None:
            data = json.dumps(obj).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

    class QuietServer(ThreadingHTTPServer):
        daemon_threads = True

        def handle_error(self, request: Any, client_address: Any) -> None:
            pass  # a client that hung up (a timeout test) is not an error here

    server = QuietServer(("127.0.0.1", port), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/v1"
