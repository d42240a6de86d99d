"""Peak memory of `paperchat serve` over a full-size library (issue 11): a copy of the cached
ICLR library (4,310 papers) served as a user starts it, a handful of searches and asks sent to
its HTTP API, then VmHWM (peak resident memory) and VmRSS read from /proc/PID/status.

The answering model is the package's fake (`PAPERCHAT_LLM_PROVIDER=fake`): the real local model
runs as its own llama.cpp server process, with its own memory (../shared/MODELS.md: 0.64 GB for
the 0.5B, 1.85 GB for the 1.5B), which is not counted here.

    .venv/bin/python -m eval.bench_serve_memory [--library iclr-minilm] [--searches 20] [--asks 5]

JSON to stdout; progress to stderr.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Annotated, Any

import httpx
import typer

from eval.bench_latency import ICLR, make_queries
from eval.libraries import CACHE
from rag.config import REPO_ROOT


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def memory_mb(pid: int) -> dict[str, float]:
    """Peak (VmHWM) and current (VmRSS) resident memory of a process, MB."""
    out = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key = line.split(":")[0]
        if key in ("VmHWM", "VmRSS"):
            out[key] = round(int(line.split()[1]) / 1024, 1)
    return out


def _wait_up(url: str, proc: subprocess.Popen[bytes], timeout: float = 300) -> float:
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < timeout:
        if proc.poll() is not None:
            raise RuntimeError(f"paperchat serve exited with {proc.returncode}")
        try:
            if httpx.get(f"{url}/v1/models", timeout=2).status_code == 200:
                return time.perf_counter() - t0
        except httpx.HTTPError:
            pass
        time.sleep(0.5)
    raise RuntimeError("paperchat serve did not start")


def main(
    library: Annotated[str, typer.Option(help="Cached library folder under data/eval-libraries.")]
    = "iclr-minilm",
    searches: Annotated[int, typer.Option(help="Searches sent to /v1/search.")] = 20,
    asks: Annotated[int, typer.Option(help="Questions sent to /v1/chat/completions.")] = 5,
) -> None:
    source = CACHE / library
    if not (source / "ingested").exists():
        typer.echo(f"error: no cached library {library} under {CACHE}", err=True)
        raise typer.Exit(2)
    queries = make_queries(ICLR, searches + asks)
    with tempfile.TemporaryDirectory(prefix="bench-serve-") as tmp:
        folder = Path(tmp) / "library"
        shutil.copytree(source, folder)
        port = _free_port()
        env = {**os.environ, "PAPERCHAT_DATA_DIR": str(folder), "PAPERCHAT_EMBED_MODEL": "minilm",
               "PAPERCHAT_LLM_PROVIDER": "fake", "GRADIO_ANALYTICS_ENABLED": "False",
               "PYTHONPATH": str(REPO_ROOT)}
        env.pop("OPENAI_BASE_URL", None)
        log = (Path(tmp) / "serve.log").open("wb")
        proc = subprocess.Popen([sys.executable, "-m", "ui.cli", "serve", "--port", str(port)],
                                cwd=tmp, env=env, stdout=log, stderr=subprocess.STDOUT)
        url = f"http://127.0.0.1:{port}"
        try:
            out: dict[str, Any] = {"start_seconds": round(_wait_up(url, proc), 1)}
            out["at_start"] = memory_mb(proc.pid)
            with httpx.Client(base_url=url, timeout=300) as client:
                out["papers"] = len(client.get("/v1/papers").json())
                search_ms, errors = [], 0
                for q in queries[:searches]:
                    t0 = time.perf_counter()
                    errors += client.post("/v1/search", json={"query": q, "k": 10}).status_code != 200
                    search_ms.append((time.perf_counter() - t0) * 1000)
                out["after_searches"] = memory_mb(proc.pid)
                for q in queries[searches:]:
                    body = {"messages": [{"role": "user", "content": q}]}
                    errors += client.post("/v1/chat/completions", json=body).status_code != 200
            out["after_asks"] = memory_mb(proc.pid)
            out["peak_mb"] = out["after_asks"]["VmHWM"]
            out["search_ms_median_http"] = round(statistics.median(search_ms), 1)
            out["errors"] = errors
        except RuntimeError:
            log.flush()
            sys.stderr.write((Path(tmp) / "serve.log").read_text(errors="replace")[-3000:])
            raise
        finally:
            proc.terminate()
            proc.wait(timeout=60)
            log.close()
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    typer.run(main)
