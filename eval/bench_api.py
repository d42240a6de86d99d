"""The HTTP API's cost (issue 13): the same questions and searches in-process (PaperChat) and
through `paperchat api` (a separate process on 127.0.0.1), both over the demo papers with the
fake embedder and the package's fake LLM, so the difference is the service's own overhead
(HTTP, JSON, the OpenAI shape). Then /v1/search under 8 concurrent clients, bounded in requests
and time. Medians per request; run it on a quiet machine for stable figures.

    .venv/bin/python -m eval.bench_api [--rounds 5] [--clients 8] [--requests 400] [--seconds 30]
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Annotated, Any

import httpx
import typer

from rag import FakeChat, PaperChat, Settings
from rag.config import DEMO_CORPUS

REPO = Path(__file__).resolve().parents[1]
QUESTIONS = ["How does InfoSEDD estimate mutual information?",
             "How much does RoT reduce inference latency?",
             "What does GLOT do?",
             "Which papers study graph neural networks?"]
QUERIES = ["discrete mutual information", "graph neural networks", "inference latency",
           "diffusion models", "language model reasoning"]


def _env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PAPERCHAT_", "OPENAI_"))}
    env.update(PAPERCHAT_DATA_DIR=str(home / "data"), PAPERCHAT_EMBED_MODEL="fake",
               PAPERCHAT_LLM_PROVIDER="fake", PYTHONPATH=str(REPO), HF_HUB_OFFLINE="1")
    return env


@contextlib.contextmanager
def api_server(home: Path, timeout: float = 300) -> Iterator[str]:
    """`paperchat api` on a free 127.0.0.1 port over its own copy of the demo papers."""
    cli = [sys.executable, "-m", "ui.cli"]
    subprocess.run([*cli, "ingest", "--demo"], env=_env(home), cwd=home, check=True,
                   timeout=900, capture_output=True)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    log = (home / "api.log").open("wb")
    proc = subprocess.Popen([*cli, "api", "--host", "127.0.0.1", "--port", str(port)],
                            env=_env(home), cwd=home, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + timeout
        while True:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"paperchat api did not start: see {home / 'api.log'}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{url}/v1/models", timeout=2).status_code == 200:
                    break
            time.sleep(0.5)
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=30)
        log.close()


def _median_ms(call: Callable[[str], Any], inputs: list[str], rounds: int) -> float:
    for x in inputs:  # warm-up: caches, first model use
        call(x)
    times = []
    for _ in range(rounds):
        for x in inputs:
            start = time.perf_counter()
            call(x)
            times.append(time.perf_counter() - start)
    return round(1000 * statistics.median(times), 2)


def overhead(chat: PaperChat, http: httpx.Client, rounds: int) -> dict[str, Any]:
    """Median ms per request in-process and through the API, for answers and searches."""
    def ask_api(q: str) -> None:
        reply = http.post("/v1/chat/completions",
                          json={"model": "paperchat", "messages": [{"role": "user", "content": q}]})
        reply.raise_for_status()

    def search_api(q: str) -> None:
        http.post("/v1/search", json={"query": q, "k": 10}).raise_for_status()

    out: dict[str, Any] = {}
    for name, local, remote, inputs in (
            ("ask", lambda q: chat.ask(q), ask_api, QUESTIONS),
            ("search", lambda q: chat.search(q, 10), search_api, QUERIES)):
        inproc, api = _median_ms(local, inputs, rounds), _median_ms(remote, inputs, rounds)
        out[name] = {"in_process_ms": inproc, "api_ms": api, "overhead_ms": round(api - inproc, 2)}
    return out


def throughput(url: str, clients: int, requests: int, seconds: float) -> dict[str, Any]:
    """/v1/search with `clients` concurrent clients until `requests` are done or time is up."""
    issued, done, errors, lock = [0], [0], [0], threading.Lock()
    stop_at = time.monotonic() + seconds

    def worker(i: int) -> None:
        with httpx.Client(base_url=url, timeout=60) as http:
            while time.monotonic() < stop_at:
                with lock:
                    if issued[0] >= requests:
                        return
                    n = issued[0] = issued[0] + 1
                ok = http.post("/v1/search", json={"query": QUERIES[(n + i) % len(QUERIES)],
                                                   "k": 10}).status_code == 200
                with lock:
                    done[0] += ok
                    errors[0] += not ok

    start = time.perf_counter()
    threads = [threading.Thread(target=worker, args=(i,)) for i in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - start
    return {"clients": clients, "requests": done[0], "errors": errors[0],
            "seconds": round(elapsed, 2), "requests_per_second": round(done[0] / elapsed, 1)}


def main(rounds: Annotated[int, typer.Option(help="Passes over the questions.")] = 5,
         clients: Annotated[int, typer.Option(help="Concurrent /v1/search clients.")] = 8,
         requests: Annotated[int, typer.Option(help="Most concurrent searches.")] = 400,
         seconds: Annotated[float, typer.Option(help="Most seconds of concurrent searching.")] = 30,
         ) -> None:
    with tempfile.TemporaryDirectory(prefix="paperchat-bench-api-") as tmp:
        home = Path(tmp)
        settings = Settings(_env_file=None, data_dir=home / "local", embed_model="fake",  # type: ignore[call-arg]
                            llm_provider="fake", openai_base_url=None)
        chat = PaperChat(settings, llm=FakeChat())
        chat.ingest([DEMO_CORPUS], progress=False)
        with api_server(home) as url, httpx.Client(base_url=url, timeout=120) as http:
            report = {"overhead": overhead(chat, http, rounds),
                      "search_concurrent": throughput(url, clients, requests, seconds),
                      "cpus": os.cpu_count(), "load_1min": round(os.getloadavg()[0], 1)}
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    typer.run(main)
