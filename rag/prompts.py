"""Prompt templates live in prompts/*.md; this checks them against the code and fills them."""

from __future__ import annotations

import string
from functools import cache

from rag.config import PROMPTS_DIR

# Each template and the exact variables the code fills in.
TEMPLATES: dict[str, set[str]] = {
    "answer_system": set(),
    "answer_user": {"passages", "question", "instruction"},
    "condense": {"history", "question"},
}


@cache
def load(name: str) -> str:
    """A template's text, checked: it must use exactly the variables the code provides."""
    if name not in TEMPLATES:
        raise KeyError(f"unknown prompt {name!r}")
    path = PROMPTS_DIR / f"{name}.md"
    text = path.read_text(encoding="utf-8").strip()
    found = {field for _, field, _, _ in string.Formatter().parse(text) if field}
    if found != TEMPLATES[name]:
        raise ValueError(f"{path}: uses {sorted(found)}, the code provides {sorted(TEMPLATES[name])}")
    return text


def render(name: str, **values: str) -> str:
    return load(name).format(**values)


def check_all() -> None:
    """Fail at start-up, not mid-answer, when a template and the code disagree."""
    for name in TEMPLATES:
        load(name)
