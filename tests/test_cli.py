"""The `paperchat` command's public JSON shapes, run as a user would (a subprocess)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    data = tmp_path_factory.mktemp("cli") / "data"
    e = {k: v for k, v in os.environ.items() if not k.startswith(("PAPERCHAT_", "OPENAI_"))}
    e.update(PAPERCHAT_DATA_DIR=str(data), PAPERCHAT_EMBED_MODEL="fake",
             PAPERCHAT_LLM_PROVIDER="fake", PAPERCHAT_REFUSAL_THRESHOLD="0.15")
    out = run(e, "ingest", "--demo")
    assert json.loads(out.stdout) == {"added": 20, "unchanged": 0, "rejected": 0}
    return e


def run(env: dict[str, str], *args: str, ok: bool = True) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run([sys.executable, "-m", "ui.cli", *args], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    if ok:
        assert proc.returncode == 0, proc.stderr
    return proc


def test_reingest_reports_unchanged(env) -> None:
    assert json.loads(run(env, "ingest", "--demo").stdout) == {"added": 0, "unchanged": 20, "rejected": 0}


def test_ingest_reports_rejections_on_stderr(env, tmp_path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"title": "Fine", "abstract": "A fine new abstract."}\n{oops\n')
    proc = run(env, "ingest", str(bad))
    assert json.loads(proc.stdout) == {"added": 1, "unchanged": 0, "rejected": 1}
    assert f"{bad}:2" in proc.stderr


def test_search_json_shape(env) -> None:
    hits = json.loads(run(env, "search", "InfoSEDD", "--k", "3", "--json").stdout)
    assert len(hits) == 3 and [h["rank"] for h in hits] == [1, 2, 3]
    for key in ("rank", "paper_id", "title", "authors", "area", "score", "passage"):
        assert key in hits[0]
    assert hits[0]["title"] == "InfoSEDD" and isinstance(hits[0]["authors"], list)


def test_search_and_ask_batch(env, tmp_path) -> None:
    qs = tmp_path / "q.jsonl"
    qs.write_text('{"id": "a", "question": "GraphBSI graph generation"}\nnot json\n'
                  '{"id": 7, "question": "RecurrSim recurrent depth"}\n')
    lines = [json.loads(x) for x in run(env, "search", "--batch", str(qs), "--k", "2").stdout.splitlines()]
    assert [x["id"] for x in lines] == ["a", 7]
    assert lines[0]["hits"][0]["title"] == "GraphBSI" and len(lines[1]["hits"]) == 2
    proc = run(env, "ask", "--batch", str(qs))
    answers = [json.loads(x) for x in proc.stdout.splitlines()]
    assert [a["id"] for a in answers] == ["a", 7]
    assert {"answer", "citations", "refused"} <= set(answers[0])
    assert f"{qs}:2" in proc.stderr


def test_ask_json_shape(env) -> None:
    out = json.loads(run(env, "ask", "How does RecurrSim trade accuracy for cost?", "--json").stdout)
    assert out["refused"] is False and out["citations"]
    assert {"n", "paper_id", "authors", "passage"} <= set(out["citations"][0])
    assert f"[{out['citations'][0]['n']}]" in out["answer"]


def test_papers_json_and_filters(env) -> None:
    papers = json.loads(run(env, "papers", "--json").stdout)
    assert len(papers) >= 20
    assert {"paper_id", "title", "authors", "area", "chunks"} <= set(papers[0])
    hits = json.loads(run(env, "search", "graph", "--author", "Moshe Eliasof", "--json").stdout)
    assert hits and all("Moshe Eliasof" in h["authors"] for h in hits)


def test_user_errors_are_one_line(env) -> None:
    proc = run(env, "ingest", "/no/such/file.txt", ok=False)
    assert proc.returncode == 2 and proc.stderr.strip().count("\n") == 0
    assert "no such file" in proc.stderr
    proc = run(env, "search", "x", "--mode", "magic", ok=False)
    assert proc.returncode == 2 and "unknown mode" in proc.stderr
