"""Prompt templates live in prompts/*.md; this checks them against the code and fills them."""

from __future__ import annotations

import re
import string
from functools import cache

from rag.config import PROMPTS_DIR

# Each template and the exact variables the code fills in.
TEMPLATES: dict[str, set[str]] = {
    "answer_system": {"unknown"},
    "answer_unknown": set(),
    "answer_parts": set(),
    "answer_user": {"passages", "question", "instruction"},
    "answer_retry": {"instruction"},
    "condense": {"history", "question"},
    "translate": {"question"},
    "claim_judge": {"paper", "sentence", "claim"},
    "claim_paraphrase": {"paper", "sentence", "claim"},
    "claim_paper": {"paper", "authors", "text", "claim"},
    "read_in_english": {"sentences"},
    "translate_answer": {"sentences"},
}


# Values that are quoted documents (passages, past answers): inside them a citation marker that
# does not open a line ("see [7]") is a document's own text, so it is shown as "(7)" and cannot
# pass for one of ours; the numbered headers "[n] Paper" open their lines and stay.
QUOTED: dict[str, set[str]] = {"answer_user": {"passages"}, "condense": {"history"},
                               "claim_judge": {"sentence"}, "claim_paraphrase": {"sentence"},
                               "claim_paper": {"text"}}
_INLINE_MARKER = re.compile(r"(?<=.)\[(\d+(?:\s*[,;]\s*\d+)*)\]")
# Our delimiters and chat-template control tokens ("<|im_start|>system") must not be forged
# by a document or a question.
_DELIMITER = re.compile(r"<\s*/?\s*passages\s*>", re.IGNORECASE)
_CONTROL_TOKEN = re.compile(r"<\|")


def as_data(text: str, quoted: bool = False) -> str:
    """A value made safe to put in a prompt: no forged delimiters or control tokens, and, for
    quoted documents, no citation markers that could pass for the prompt's own."""
    text = _CONTROL_TOKEN.sub("< |", _DELIMITER.sub(" ", text))
    return _INLINE_MARKER.sub(r"(\1)", text) if quoted else text


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
    """The template filled in; every value passes through `as_data` (documents are data)."""
    quoted = QUOTED.get(name, set())
    return load(name).format(**{k: as_data(v, k in quoted) for k, v in values.items()})


def check_all() -> None:
    """Fail at start-up, not mid-answer, when a template and the code disagree."""
    for name in TEMPLATES:
        load(name)
