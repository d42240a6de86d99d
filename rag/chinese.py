"""A Chinese question answered through English: the model answers the question's English form,
every check of the answer policy reads the English sentences (a Chinese sentence is checked by
its Latin terms and numbers alone, so "RecurrSim 训练时每个批次随机采样 K" passed on "RecurrSim"
and "K"), and the checked answer is then put into Chinese by the chat model
(prompts/translate_answer.md). A translation that loses a [n] marker, a number or a name is not
used: the checked English answer stands, with a note (logged)."""

from __future__ import annotations

import logging
import re
from dataclasses import replace

from rag.answer import refusal
from rag.endpoint import LLMError
from rag.llm import ChatModel
from rag.models import Answer
from rag.prompts import render
from rag.text import has_cjk

log = logging.getLogger(__name__)

# what a translation keeps as written: passage markers, numbers, and names (two capitals, or a
# digit: "RecurrSim", "GLOT", "GPT-4"; a capitalised word that opens a sentence is no name)
_KEPT = re.compile(r"\[\d+\]|\d+(?:\.\d+)?|\b(?=[\w-]*[A-Z][\w-]*[A-Z0-9])[A-Za-z][\w-]*")
NOT_TRANSLATED = "未能译成中文，以下为经过核对的英文回答。"


def kept_terms(english: str) -> list[str]:
    """The markers, numbers and names a translation of `english` must keep."""
    return list(dict.fromkeys(_KEPT.findall(english)))


def faithful(english: str, chinese: str) -> bool:
    """A translation in Chinese that keeps every marker, number and name of the English."""
    return has_cjk(chinese) and all(t in chinese for t in kept_terms(english))


def in_chinese(question: str, answer: Answer, llm: ChatModel, max_tokens: int = 320) -> Answer:
    """The checked English answer to a Chinese question, given in Chinese: a refusal becomes
    the Chinese refusal (same closest papers), an answer already in Chinese stays, an English
    one is translated at temperature 0. A
    model that fails or a translation that is not `faithful` keeps the English text, opened by
    a note in Chinese that it is the checked English answer."""
    if answer.error:
        return replace(answer, question=question)
    if answer.refused:
        return replace(answer, question=question, text=refusal(question, answer.suggestions).text)
    if has_cjk(answer.text):  # the model answered in Chinese all the same: nothing to translate
        return replace(answer, question=question)
    prompt = render("translate_answer", answer=answer.text)
    try:
        text = "".join(llm.stream([{"role": "user", "content": prompt}], max_tokens=max_tokens,
                                  temperature=0.0)).strip()
    except (LLMError, ValueError) as exc:
        log.warning("translating the answer into Chinese failed (%s); giving it in English", exc)
        text = ""
    if not faithful(answer.text, text):
        if text:
            missing = [t for t in kept_terms(answer.text) if t not in text]
            log.warning("the Chinese translation lost %s; giving the answer in English", ", ".join(missing[:5]))
        return replace(answer, question=question, text=f"{NOT_TRANSLATED} {answer.text}")
    return replace(answer, question=question, text=text)
