"""Issue 12, item 6: where the UI listens and who may use it, uploads kept under the data
directory with safe names and bounded size, secrets never shown."""

from __future__ import annotations

import logging
import os
from pathlib import Path

import pytest

from rag.config import Settings
from rag.llm import LLMError, OpenAIChat
from rag.models import Rejection
from rag.pipeline import PaperChat
from tests.conftest import make_settings
from ui import library
from ui.app import serve_options


def test_serves_on_loopback_by_default_and_warns_when_exposed_without_login(
        tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    # serve_options sets GRADIO_TEMP_DIR when unset; setenv then delenv makes monkeypatch
    # restore the variable afterwards, so it does not leak into later tests' servers.
    monkeypatch.setenv("GRADIO_TEMP_DIR", "")
    monkeypatch.delenv("GRADIO_TEMP_DIR")
    assert Settings(_env_file=None).host == "127.0.0.1"  # type: ignore[call-arg]
    with caplog.at_level(logging.WARNING):
        local = serve_options(make_settings(tmp_path))
        assert local["server_name"] == "127.0.0.1" and local["auth"] is None
        assert not caplog.records
        exposed = serve_options(make_settings(tmp_path, host="0.0.0.0"))
    assert exposed["auth"] is None and exposed["share"] is False
    assert os.environ["GRADIO_TEMP_DIR"] == str(tmp_path / "tmp" / "gradio")  # uploads stay in data/
    assert "without a login" in caplog.text
    caplog.clear()
    with caplog.at_level(logging.WARNING):
        guarded = serve_options(make_settings(tmp_path, host="0.0.0.0", auth="ann:pw",
                                              api_key="k3y", upload_max_mb=5))
    assert not caplog.records
    assert guarded["auth"] == [("ann", "pw"), ("api", "k3y")]  # programs log in with the key
    assert guarded["max_file_size"] == "5mb"


def test_secrets_are_not_shown_in_settings_or_errors(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text("OPENAI_API_KEY=sk-very-secret\nPAPERCHAT_API_KEY=ui-secret\n")
    settings = Settings(_env_file=env)  # type: ignore[call-arg]
    assert settings.openai_api_key.get_secret_value() == "sk-very-secret"
    shown = f"{settings!r} {settings} {settings.model_dump()}"
    assert "sk-very-secret" not in shown and "ui-secret" not in shown
    llm = OpenAIChat("http://127.0.0.1:9/v1", "sk-very-secret", "m", timeout=1, connect_timeout=0.5)
    llm.retry = llm.retry.__class__(retries=0)
    with pytest.raises(LLMError) as err:
        list(llm.stream([{"role": "user", "content": "hi"}]))
    assert "sk-very-secret" not in str(err.value)


@pytest.mark.parametrize("name, safe", [
    ("../../etc/passwd.jsonl", "passwd.jsonl"),
    ("..\\..\\windows\\evil.csv", "evil.csv"),
    ("/abs/path/papers.bib", "papers.bib"),
    (".bashrc.txt", "bashrc.txt"),
    ("a<b>|c:d*.jsonl", "a_b__c_d_.jsonl"),
    ("..", "upload"),
    ("", "upload"),
])
def test_upload_names_cannot_leave_the_upload_folder(name: str, safe: str) -> None:
    assert library.safe_name(name) == safe


def test_uploads_are_copied_under_the_data_dir_and_limited_in_size_and_type(
        tmp_path: Path) -> None:
    incoming = tmp_path / "gradio-tmp"
    incoming.mkdir()
    good = incoming / "lab papers.jsonl"
    good.write_text('{"title": "Uploaded", "abstract": "An uploaded abstract."}\n')
    big = incoming / "big.jsonl"
    big.write_bytes(b"x" * 2_000_001)
    odd = incoming / "setup.exe"
    odd.write_bytes(b"MZ")
    chat = PaperChat(make_settings(tmp_path / "data", upload_max_mb=2))
    report = library.add_files(chat, [str(good), str(big), str(odd)], lambda f, d: None)
    assert report.added == 1
    reasons = {r.source: r.reason for r in report.rejected}
    assert "over the 2 MB upload limit" in reasons["big.jsonl:0"]
    assert "not a paper file type" in reasons["setup.exe:0"]
    stored = list((tmp_path / "data" / "uploads").rglob("*"))
    assert [p.name for p in stored if p.is_file()] == ["lab papers.jsonl"]
    assert all(p.resolve().is_relative_to((tmp_path / "data").resolve()) for p in stored)


def test_a_hostile_upload_name_is_stored_inside_the_upload_folder(tmp_path: Path) -> None:
    src = tmp_path / "x.jsonl"
    src.write_text('{"title": "T", "abstract": "A."}\n')
    uploads = tmp_path / "data" / "uploads"
    staged = library.stage_upload(src.rename(tmp_path / "..evil.jsonl"), uploads, 10_000)
    assert not isinstance(staged, Rejection)
    assert staged.resolve().is_relative_to(uploads.resolve()) and staged.name == "evil.jsonl"


@pytest.mark.e2e
def test_a_folder_uploaded_through_the_served_api_stays_under_the_data_dir(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`serve` with an API key: a dropped folder's files through gradio_client, reported per
    file; both Gradio's copies and ours live under the data directory."""
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("HF_HUB_DISABLE_TELEMETRY", "1")
    from gradio_client import Client, handle_file

    from eval.bench_concurrency import served

    folder = tmp_path / "drop" / "sub"
    folder.mkdir(parents=True)
    (folder / "a.jsonl").write_text('{"title": "Folder paper", "abstract": "Dropped in."}\n')
    (folder.parent / "notes.docx").write_bytes(b"PK")
    home = tmp_path / "home"
    home.mkdir()
    with served(home) as server:
        with pytest.raises(Exception):  # noqa: B017 (no login: the client cannot even connect)
            Client(server.url, verbose=False)
        client = Client(server.url, auth=server.auth, verbose=False)
        params = client.view_api(return_format="dict")["named_endpoints"]["/add_files"]["parameters"]
        model = params[2]["parameter_default"]
        files = [handle_file(str(folder / "a.jsonl")), handle_file(str(folder.parent / "notes.docx"))]
        report, note, *_ = client.predict(None, files, model, "", api_name="/add_files")
        client.close()
    rows = {row[0]: row for row in report["data"]}
    assert rows["a.jsonl"][1] == 1 and "not a paper file type" in rows["notes.docx"][4]
    assert "Added 1 paper" in note
    data = (home / "data").resolve()
    assert [p.name for p in (data / "uploads").rglob("*.jsonl")] == ["a.jsonl"]
    assert any((data / "tmp" / "gradio").rglob("*"))  # Gradio's own copies, not /tmp/gradio
