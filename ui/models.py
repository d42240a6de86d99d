"""The models the UI offers: the configured one (pre-warmed at launch), the two local Qwen2.5
models and the OpenAI-compatible endpoint when one is configured. Each is started once."""

from __future__ import annotations

import logging
import threading
from urllib.parse import urlparse

from rag.config import Settings
from rag.llm import LOCAL_MODELS, ChatModel, load_llm
from rag.pipeline import PaperChat

log = logging.getLogger(__name__)
ENDPOINT = "endpoint"


def default_label(settings: Settings) -> str:
    """The label of the model the settings select."""
    if settings.provider == "local":
        return f"{settings.llm_model} (local)"
    if settings.provider == "openai":
        host = urlparse(settings.openai_base_url or "").netloc or "endpoint"
        return f"{settings.llm_model} @ {host}"
    return f"{settings.provider} model"


class ModelMenu:
    """Model choices by label; the chat's own model under its label, others loaded on demand."""

    def __init__(self, chat: PaperChat) -> None:
        self.chat = chat
        self.default = default_label(chat.settings)
        self._updates: dict[str, dict[str, object] | None] = {self.default: None}
        for name in LOCAL_MODELS:
            self._updates.setdefault(
                f"{name} (local)", {"llm_provider": "local", "llm_model": name}
            )
        if chat.settings.openai_base_url:
            label = default_label(chat.settings.model_copy(update={"llm_provider": "openai"}))
            self._updates.setdefault(label, {"llm_provider": "openai"})
        self._loaded: dict[str, ChatModel] = {}
        self._lock = threading.Lock()
        self.state = "starting"

    @property
    def labels(self) -> list[str]:
        return list(self._updates)

    def get(self, label: str) -> ChatModel | None:
        """The model for a label (None = the chat's own), started on first use."""
        updates = self._updates.get(label)
        if updates is None:
            return None
        with self._lock:
            if label not in self._loaded:
                self._loaded[label] = load_llm(self.chat.settings.model_copy(update=updates))
            return self._loaded[label]

    def is_started(self, label: str) -> bool:
        return label == self.default and self.state == "ready" or label in self._loaded

    def warm(self) -> threading.Thread:
        """Start the default model in a background thread; `state` says how it went."""

        def run() -> None:
            try:
                self.chat.llm()
                self.state = "ready"
            except Exception as exc:  # shown in the UI's status line, and logged
                log.exception("the language model did not start")
                self.state = f"unavailable: {exc}"

        thread = threading.Thread(target=run, name="paperchat-warmup", daemon=True)
        thread.start()
        return thread
