"""Shared fixtures. The network is blocked except loopback; unit tests use the fakes."""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from rag.config import DEMO_CORPUS, Settings, apply_offline_environment
from rag.fakes import FakeChat
from rag.pipeline import PaperChat

apply_offline_environment()
_real_connect = socket.socket.connect


def _loopback_only(self: socket.socket, address: object) -> object:
    host = address[0] if isinstance(address, tuple) else None
    if host is not None and self.family in (socket.AF_INET, socket.AF_INET6):
        try:
            ip = ipaddress.ip_address(socket.gethostbyname(host) if host == "localhost" else host)
        except ValueError:
            raise OSError(f"tests may not resolve {host!r}: network is blocked") from None
        if not ip.is_loopback:
            raise OSError(f"tests may not connect to {host}: only loopback is allowed")
    return _real_connect(self, address)  # type: ignore[arg-type]


@pytest.fixture(autouse=True)
def _block_network(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(socket.socket, "connect", _loopback_only)


def make_settings(data_dir: Path, **overrides: object) -> Settings:
    """Settings for a test: its own data dir, fake models unless overridden."""
    base: dict[str, object] = {"data_dir": data_dir, "embed_model": "fake", "llm_provider": "fake",
                               "openai_base_url": None}
    base.update(overrides)
    if base["embed_model"] == "fake":
        base.setdefault("refusal_threshold", 0.15)  # hashed bag-of-words cosines run lower
    return Settings(_env_file=None, **base)  # type: ignore[call-arg]


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return make_settings(tmp_path / "data")


@pytest.fixture
def fake_llm() -> FakeChat:
    return FakeChat()


@pytest.fixture
def chat(settings: Settings, fake_llm: FakeChat) -> PaperChat:
    """A library with the demo corpus, the fake embedder and the fake LLM."""
    pc = PaperChat(settings, llm=fake_llm)
    pc.ingest([DEMO_CORPUS], progress=False)
    return pc


@pytest.fixture(scope="session")
def real_chat(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PaperChat]:
    """The demo corpus with the real MiniLM embedder and a real Chroma (fake LLM)."""
    settings = make_settings(tmp_path_factory.mktemp("real") / "data", embed_model="minilm")
    pc = PaperChat(settings, llm=FakeChat())
    pc.ingest([DEMO_CORPUS], progress=False)
    yield pc


@pytest.fixture
def real_llm(real_chat: PaperChat) -> Iterator[FakeChat]:
    """The fake LLM behind `real_chat`, fresh for this test (queue replies on it)."""
    fake = FakeChat()
    with real_chat.override(llm=fake):
        yield fake
