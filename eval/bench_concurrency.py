"""Concurrent chat sessions on one `paperchat serve` process (127.0.0.1, fake embedder and the
package's fake LLM, the demo papers), driven with gradio_client: each session asks about one
paper and then a follow-up that only its own history resolves. Every session's replies are
compared with the same script run alone (cross-talk would change them); errors are counted;
latency per request is reported (p50/p95).

    .venv/bin/python -m eval.bench_concurrency [--sessions 20] [--json]
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

import httpx
import typer

REPO = Path(__file__).resolve().parents[1]
FOLLOW_UP = "Who are its authors?"
_TIMING = re.compile(r"\d+(?:\.\d+)? s\b")


@dataclass
class Server:
    url: str
    auth: tuple[str, str]
    log: Path


@dataclass
class SessionResult:
    replies: list[str] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)
    error: str = ""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def served(home: Path, timeout: float = 180) -> Iterator[Server]:
    """`paperchat serve` on 127.0.0.1 over the demo papers (fake models), API key login."""
    key = secrets.token_urlsafe(16)
    # A GRADIO_TEMP_DIR left in this process's environment (serve_options sets it) would send
    # the served app's upload copies elsewhere: the child chooses its own under its data dir.
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PAPERCHAT_", "OPENAI_", "GRADIO_TEMP_DIR"))}
    env.update(PAPERCHAT_DATA_DIR=str(home / "data"), PAPERCHAT_EMBED_MODEL="fake",
               PAPERCHAT_LLM_PROVIDER="fake", PAPERCHAT_API_KEY=key, PYTHONPATH=str(REPO),
               HF_HUB_OFFLINE="1", HF_HUB_DISABLE_TELEMETRY="1", GRADIO_ANALYTICS_ENABLED="False")
    cli = [sys.executable, "-m", "ui.cli"]
    subprocess.run([*cli, "ingest", "--demo"], env=env, cwd=home, check=True, timeout=600,
                   capture_output=True)
    port = _free_port()
    log_path = home / "serve.log"
    with log_path.open("wb") as log:
        proc = subprocess.Popen([*cli, "serve", "--port", str(port)], env=env, cwd=home,
                                stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_up(url, proc, log_path, timeout)
        yield Server(url, ("api", key), log_path)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()


def _wait_up(url: str, proc: subprocess.Popen[bytes], log: Path, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"paperchat serve exited: {log.read_text(errors='replace')[-2000:]}")
        with contextlib.suppress(httpx.HTTPError):
            httpx.get(url, timeout=2)
            return
        time.sleep(0.5)
    raise RuntimeError(f"paperchat serve did not start within {timeout:.0f} s")


def _text(message: dict[str, Any]) -> str:
    content = message.get("content")
    if isinstance(content, list):
        content = "".join(p.get("text", "") for p in content if isinstance(p, dict))
    return _TIMING.sub("", str(content))


def session(server: Server, name: str, timeout: float = 300) -> SessionResult:
    """One user: a question about the paper `name`, then a follow-up that needs the history."""
    from gradio_client import Client

    out = SessionResult()
    try:
        client = Client(server.url, auth=server.auth, verbose=False, httpx_kwargs={"timeout": timeout})
        conversation: list[dict[str, Any]] = []
        for question in (f"What does {name} do?", FOLLOW_UP):
            start = time.perf_counter()
            conversation, _, _ = client.predict(question, conversation, api_name="/ask")
            out.latencies.append(time.perf_counter() - start)
            out.replies.append(_text(conversation[-1]))
        users = [_text(m) for m in conversation if m.get("role") == "user"]
        if users != [f"What does {name} do?", FOLLOW_UP]:
            out.error = f"history holds other questions: {users}"
        client.close()
    except Exception as exc:  # noqa: BLE001 (counted and reported: the benchmark's measure)
        out.error = f"{type(exc).__name__}: {exc}"
    return out


def paper_names(server: Server) -> list[str]:
    from gradio_client import Client

    client = Client(server.url, auth=server.auth, verbose=False)
    names = sorted({p["display_name"] for p in client.predict(api_name="/papers")})
    client.close()
    return names


def run(server: Server, sessions: int) -> dict[str, Any]:
    """The sessions alone (the reference), then all at once; the report."""
    names = paper_names(server)
    picks = [names[i % len(names)] for i in range(sessions)]
    alone = {name: session(server, name) for name in dict.fromkeys(picks)}
    start = time.perf_counter()
    with ThreadPoolExecutor(max_workers=sessions) as pool:
        together = list(pool.map(lambda n: session(server, n), picks))
    wall = time.perf_counter() - start
    errors = [r.error for r in together if r.error]
    crossed = [n for n, r in zip(picks, together, strict=True)
               if not r.error and r.replies != alone[n].replies]
    lat = sorted(x for r in together for x in r.latencies)
    ref = sorted(x for r in alone.values() for x in r.latencies)
    return {"sessions": sessions, "requests": len(lat), "errors": len(errors),
            "error_messages": errors[:5], "cross_talk": len(crossed), "crossed": crossed[:5],
            "wall_s": round(wall, 2), "p50_s": round(_pct(lat, 50), 3), "p95_s": round(_pct(lat, 95), 3),
            "alone_p50_s": round(_pct(ref, 50), 3), "alone_p95_s": round(_pct(ref, 95), 3)}


def _pct(values: list[float], q: int) -> float:
    if not values:
        return float("nan")
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1]


def main(sessions: Annotated[int, typer.Option(min=1, max=50, help="Simultaneous sessions.")] = 20,
         as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    with tempfile.TemporaryDirectory(prefix="paperchat-conc-") as tmp, served(Path(tmp)) as server:
        report = run(server, sessions)
    if as_json:
        print(json.dumps(report))
        return
    for key, value in report.items():
        print(f"{key:>16}: {value}")


if __name__ == "__main__":
    typer.run(main)
