"""Issue-2 figures: demo ingest time, warm search latency (median of 50 queries), time to
first token and total time of `ask` with the default local model, and peak memory of serve.

    .venv/bin/python -m eval.bench_basics [--questions 8] [--skip-serve]

Results go to stdout as JSON; progress and logs to stderr.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import typer

from rag.config import DEMO_CORPUS, REPO_ROOT, Settings
from rag.pipeline import PaperChat

SEARCHES = [
    "mutual information estimation for discrete data", "InfoSEDD", "62.1%", "Eliasof",
    "federated learning communication compression", "graph generation Bayesian", "test-time adaptation",
    "reasoning traces latency", "neural simulators accuracy cost", "Gaussian mixture transformers",
]
QUESTIONS = [
    "What does InfoSEDD compute?", "How much does RoT reduce inference latency?",
    "What kind of method is STAD?", "Which benchmarks does GraphBSI evaluate on?",
    "What does NAVIS stand for?", "How accurate is GLOT when 90% of tokens are distractors?",
    "What server aggregation does RFedAGS use?", "What code does SparseRL generate?",
]


def _rss_tree_mb(pid: int) -> float:
    """Resident memory of a process and its children (the llama.cpp server), in MB."""
    out = subprocess.run(["ps", "-o", "rss=", "--ppid", str(pid), "-p", str(pid)],
                         capture_output=True, text=True).stdout
    return sum(int(x) for x in out.split()) / 1024


def bench_serve(data_dir: Path, question: str) -> dict[str, float]:
    """Start `paperchat serve`, ask one question through its API, sample peak memory."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "PAPERCHAT_DATA_DIR": str(data_dir), "PAPERCHAT_PORT": str(port)}
    proc = subprocess.Popen([str(Path(sys.executable).with_name("paperchat")), "serve"], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    peak = 0.0
    try:
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline:
            peak = max(peak, _rss_tree_mb(proc.pid))
            try:
                if httpx.get(f"http://127.0.0.1:{port}/", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.5)
        from gradio_client import Client

        client = Client(f"http://127.0.0.1:{port}/", verbose=False)
        job = client.submit(question, api_name="/ask")
        while not job.done():
            peak = max(peak, _rss_tree_mb(proc.pid))
            time.sleep(0.5)
        peak = max(peak, _rss_tree_mb(proc.pid))
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=30)
    return {"serve_peak_rss_mb": round(peak)}


def main(questions: int = 8, skip_serve: bool = False) -> None:
    results: dict[str, object] = {"load_before": os.getloadavg()[0]}
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(data_dir=Path(tmp))
        chat = PaperChat(settings)
        t0 = time.perf_counter()
        chat.ingest([DEMO_CORPUS], progress=False)
        results["ingest_demo_s_cold"] = round(time.perf_counter() - t0, 2)  # includes model load
        t0 = time.perf_counter()
        chat.ingest([DEMO_CORPUS], progress=False)
        results["reingest_demo_s"] = round(time.perf_counter() - t0, 2)
        chat.search(SEARCHES[0])  # warm
        lat = []
        for i in range(50):
            t0 = time.perf_counter()
            chat.search(SEARCHES[i % len(SEARCHES)], k=10)
            lat.append((time.perf_counter() - t0) * 1000)
        results["search_ms_median"] = round(statistics.median(lat), 1)
        results["search_ms_p95"] = round(sorted(lat)[int(0.95 * len(lat)) - 1], 1)
        t0 = time.perf_counter()
        chat.llm()
        results["llm_start_s"] = round(time.perf_counter() - t0, 2)
        ttft, total = [], []
        for q in QUESTIONS[:questions]:
            answer = chat.ask(q)
            if "first_token" in answer.timings:
                ttft.append(answer.timings["first_token"])
                total.append(answer.timings["total"])
            print(f"{answer.timings} {q}", file=sys.stderr)
        results.update(model=settings.llm_model, questions=len(ttft),
                       ttft_s_median=round(statistics.median(ttft), 2) if ttft else None,
                       total_s_median=round(statistics.median(total), 2) if total else None)
        if not skip_serve:
            results.update(bench_serve(Path(tmp), QUESTIONS[0]))
    results["load_after"] = os.getloadavg()[0]
    print(json.dumps(results))


if __name__ == "__main__":
    os.chdir(REPO_ROOT)
    typer.run(main)
