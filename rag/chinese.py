"""A Chinese question answered through English: the model answers the question's English form,
every check of the answer policy reads the English sentences (a Chinese sentence is checked by
its Latin terms and numbers alone, so "RecurrSim 训练时每个批次随机采样 K" passed on "RecurrSim"
and "K"), and the checked answer is then put into Chinese by the chat model, one numbered line
a sentence (prompts/translate_answer.md). Each sentence's [n] markers are taken off before and
put back after, so the model cannot lose them; a translation that loses a number or a name, or
a sentence, is not used: the checked English answer stands, with a note (logged)."""

from __future__ import annotations

import logging
import re
from dataclasses import replace

from rag.answer import refusal
from rag.endpoint import LLMError
from rag.english import numbered_lines
from rag.llm import ChatModel
from rag.models import Answer
from rag.prompts import render
from rag.sentences import split_sentences
from rag.text import has_cjk

log = logging.getLogger(__name__)

# what a translation keeps as written: numbers, and names (two capitals, or a capital and a
# digit: "RecurrSim", "GLOT", "GPT-4"; a capitalised word that opens a sentence is no name)
_KEPT = re.compile(r"\d+(?:\.\d+)?|\b(?=[\w-]*[A-Z][\w-]*[A-Z0-9])[A-Za-z][\w-]*")
_MARKERS = re.compile(r"\s*\[\d+\]")
_END = re.compile(r"[。.!！\s]*$")  # a sentence's closing stop, put back after its markers
NOT_TRANSLATED = "未能译成中文，以下为经过核对的英文回答。"


def kept_terms(english: str) -> list[str]:
    """The numbers and names a translation of `english` must keep."""
    return list(dict.fromkeys(_KEPT.findall(_MARKERS.sub("", english))))


def faithful(english: str, chinese: str) -> bool:
    """A translation in Chinese that keeps every number and name of the English."""
    return has_cjk(chinese) and all(t in chinese for t in kept_terms(english))


def _marked(sentence: str) -> tuple[str, str]:
    """A sentence without its [n] markers, and the markers ("RoT cuts latency [1][2]." ->
    ("RoT cuts latency.", "[1][2]"))."""
    markers = "".join(m.strip() for m in _MARKERS.findall(sentence))
    return _MARKERS.sub("", sentence).strip(), markers


def translated(text: str, llm: ChatModel, max_tokens: int = 320) -> str | None:
    """The answer in Chinese, each sentence translated on its numbered line and given its
    markers back before its closing stop; None when the model fails, leaves a sentence out, or
    loses a number or a name (`faithful`)."""
    parts = [_marked(s) for s in split_sentences(text) or [text]]
    listed = "\n".join(f"{i}. {body}" for i, (body, _) in enumerate(parts, 1))
    try:
        reply = "".join(llm.stream([{"role": "user", "content": render("translate_answer", sentences=listed)}],
                                   max_tokens=max_tokens, temperature=0.0))
    except (LLMError, ValueError) as exc:
        log.warning("translating the answer into Chinese failed (%s)", exc)
        return None
    lines = numbered_lines(reply, len(parts))
    out = []
    for i, (body, markers) in enumerate(parts, 1):
        zh = _MARKERS.sub("", lines.get(i, "")).strip()  # the markers are put back below
        if not faithful(body, zh):
            lost = [t for t in kept_terms(body) if t not in zh] if zh else ["the whole sentence"]
            log.warning("the Chinese translation of sentence %d lost %s", i, ", ".join(lost[:5]))
            return None
        out.append(f"{_END.sub('', zh)} {markers}。" if markers else f"{_END.sub('', zh)}。")
    return " ".join(out)


def in_chinese(question: str, answer: Answer, llm: ChatModel, max_tokens: int = 320) -> Answer:
    """The checked English answer to a Chinese question, given in Chinese: a refusal becomes
    the Chinese refusal (same closest papers), an answer already in Chinese stays, an English
    one is translated (`translated`). A model that fails or a translation that is not faithful
    keeps the English text, opened by a note in Chinese that it is the checked English answer."""
    if answer.refused:
        return replace(answer, question=question, text=refusal(question, answer.suggestions).text)
    if has_cjk(answer.text):  # the model answered in Chinese all the same: nothing to translate
        return replace(answer, question=question)
    text = translated(answer.text, llm, max_tokens)
    return replace(answer, question=question, text=text or f"{NOT_TRANSLATED} {answer.text}")
