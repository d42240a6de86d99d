"""Chinese answer sentences read in English, so that the answer policy checks them as it
checks English ones: what a Chinese sentence says, and not only its Latin terms, must be in
the passage it cites ("交叉熵损失函数" is a cross-entropy loss no abstract names)."""

from __future__ import annotations

import logging
import re

from rag.cite import claims, name_markers
from rag.endpoint import LLMError
from rag.llm import ChatModel
from rag.models import Passage
from rag.prompts import render
from rag.text import LATIN_TERMS, has_cjk

log = logging.getLogger(__name__)

_NUMBERED = re.compile(r"^\s*(\d+)\s*[.)、:：]\s*(.+?)\s*$")


def _faithful(sentence: str, reading: str) -> bool:
    """A reading in English that keeps every name, Latin term and number of the sentence
    ("I cannot translate this." keeps none of them)."""
    return bool(reading) and not has_cjk(reading) and all(
        t.lower() in reading.lower() for t in LATIN_TERMS.findall(sentence))


def numbered_lines(text: str, count: int) -> dict[int, str]:
    """A reply to a numbered list ("1. ...", "2) ...", "3、..."), by number; an unnumbered reply
    of exactly `count` lines is taken in order."""
    said = [x.strip() for x in text.splitlines() if x.strip()]
    lines = {int(m.group(1)): m.group(2) for m in map(_NUMBERED.match, said) if m}
    if not lines and len(said) == count:
        lines = dict(enumerate(said, 1))
    return lines


def english_readings(reply: str, passages: list[Passage], llm: ChatModel,
                     max_tokens: int = 256) -> dict[str, str]:
    """Each Chinese sentence of the reply, as the citation check splits it, with its English
    reading by the model: one call for all of them, at temperature 0; its lines are matched by
    their numbers (or in order, when it numbers none but gives one line each). A sentence the
    model leaves out, or leaves in Chinese, has no reading; a model that fails gives none (its
    sentences are then checked by their Latin terms and numbers, as before; logged)."""
    sentences = list(dict.fromkeys(c for c, _ in claims(name_markers(reply, passages)) if has_cjk(c)))
    if not sentences:
        return {}
    listed = "\n".join(f"{i}. {s}" for i, s in enumerate(sentences, 1))
    try:
        text = "".join(llm.stream([{"role": "user", "content": render("read_in_english", sentences=listed)}],
                                  max_tokens=max_tokens, temperature=0.0))
    except (LLMError, ValueError) as exc:
        log.warning("reading the Chinese answer in English failed (%s); checking its Latin terms only", exc)
        return {}
    lines = numbered_lines(text, len(sentences))
    readings = {s: lines[i] for i, s in enumerate(sentences, 1) if _faithful(s, lines.get(i, ""))}
    if len(readings) < len(sentences):
        log.warning("%d of %d Chinese sentences have no English reading",
                    len(sentences) - len(readings), len(sentences))
    return readings
