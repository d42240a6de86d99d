"""PaperChat: cited answers over research papers, offline by default.

    from rag import PaperChat
    chat = PaperChat()
    chat.ingest([Path("papers.jsonl")])
    print(chat.ask("How much does RoT reduce inference latency?").text)

Names are imported on first use, so `import rag.config` stays light.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rag.config import Settings
    from rag.fakes import FakeChat, FakeEmbedding
    from rag.models import Answer, Event, Hit, Turn
    from rag.pipeline import PaperChat
    from rag.retrieve import Filters

_EXPORTS = {"PaperChat": "rag.pipeline", "Settings": "rag.config", "Filters": "rag.retrieve",
            "Answer": "rag.models", "Event": "rag.models", "Hit": "rag.models", "Turn": "rag.models",
            "FakeChat": "rag.fakes", "FakeEmbedding": "rag.fakes"}
__all__ = ["Answer", "Event", "FakeChat", "FakeEmbedding", "Filters", "Hit", "PaperChat",
           "Settings", "Turn"]


def __getattr__(name: str) -> Any:
    if name not in _EXPORTS:
        raise AttributeError(f"module 'rag' has no attribute {name!r}")
    return getattr(import_module(_EXPORTS[name]), name)
