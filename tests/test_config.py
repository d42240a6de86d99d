from pathlib import Path

import pytest

from rag import prompts
from rag.config import REPO_ROOT, Settings, env_example


def test_env_example_lists_every_setting() -> None:
    assert (REPO_ROOT / ".env.example").read_text() == env_example(), (
        "regenerate: python -c \"from rag.config import env_example; "
        "open('.env.example','w').write(env_example())\"")


def test_every_default_in_env_example_reads_back_as_that_default(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Uncommenting a line of .env.example must give the default it shows (a dict once showed
    # as a Python repr, which the environment cannot parse).
    lines = [line[2:] for line in env_example().splitlines() if line.startswith("# PAPERCHAT_")]
    for line in lines:
        name, _, value = line.partition("=")
        if value and not value.startswith("<repo>"):  # paths are shown relative to the repo
            monkeypatch.setenv(name, value)
    read = Settings(_env_file=None)  # type: ignore[call-arg]
    monkeypatch.undo()
    default = Settings(_env_file=None)  # type: ignore[call-arg]
    assert read.query_embedders == {"minilm": "minilm-int8"}
    assert read.model_dump() == default.model_dump()


def test_every_setting_has_a_description() -> None:
    assert all(f.description for f in Settings.model_fields.values())


def test_settings_read_prefixed_and_standard_variables(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PAPERCHAT_TOP_K", "3")
    monkeypatch.setenv("TOP_K", "99")  # no prefix: ignored
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:9999/v1")
    s = Settings(_env_file=None)  # type: ignore[call-arg]
    assert s.top_k == 3 and s.provider == "openai"
    monkeypatch.delenv("OPENAI_BASE_URL")
    assert Settings(_env_file=None).provider == "local"  # type: ignore[call-arg]


def test_prompt_templates_match_the_code(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    prompts.check_all()
    bad = tmp_path / "answer_user.md"
    bad.write_text("Passages: {passages} Question: {question} {oops}")
    monkeypatch.setattr(prompts, "PROMPTS_DIR", tmp_path)
    prompts.load.cache_clear()
    with pytest.raises(ValueError, match="oops"):
        prompts.load("answer_user")
    prompts.load.cache_clear()
