"""The OpenAI-compatible client: streaming through the `openai` SDK, every call bounded in time,
bounded retries with backoff where a retry is safe (nothing streamed yet), one clear message."""

from __future__ import annotations

import json
import logging
import math
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import cast

import httpx
import openai
from openai.types.chat import ChatCompletion, ChatCompletionMessageParam

log = logging.getLogger(__name__)


class LLMError(RuntimeError):
    """The model could not answer (unreachable, timed out, failed); the message says which."""


class _Cut(Exception):
    """The reply stream ended without the server saying it was done (the server died)."""


class _Deadline(Exception):
    """The whole answer took longer than the timeout (tokens kept coming, too slowly)."""


@dataclass(frozen=True)
class RetryPolicy:
    """How often and how long to wait before asking again (from Settings)."""

    retries: int = 2
    wait: float = 1.0  # first backoff; doubled each time
    max_wait: float = 20.0  # longest wait honoured (a longer Retry-After fails at once)


class OpenAIChat:
    """Streaming chat through the openai SDK against any OpenAI-compatible endpoint."""

    def __init__(self, base_url: str, api_key: str, model: str, timeout: float,
                 connect_timeout: float, label: str | None = None,
                 retry: RetryPolicy | None = None) -> None:
        self.base_url, self.model = base_url, model
        self.name = label or model
        self.retry = retry or RetryPolicy()
        # The SDK's own retries are off: ours know whether tokens were already shown.
        self.client = openai.OpenAI(
            base_url=base_url, api_key=api_key, max_retries=0,
            timeout=httpx.Timeout(timeout, connect=connect_timeout),  # type: ignore[arg-type]
        )
        self.timeout = timeout

    def stream(
        self, messages: list[dict[str, str]], *, max_tokens: int = 256, temperature: float = 0.0
    ) -> Iterator[str]:
        """The reply, piece by piece. Failures before the first piece are retried (bounded);
        after it, or when retrying cannot help, they raise LLMError."""
        for attempt in range(self.retry.retries + 1):
            streamed = False
            try:
                for piece in self._once(messages, max_tokens, temperature):
                    streamed = True
                    yield piece
                if not streamed:
                    raise LLMError(f"the language model at {self.base_url} sent an empty reply")
                return
            except LLMError:
                raise
            except Exception as exc:  # noqa: BLE001 (classified below; none is swallowed)
                self._wait_or_raise(exc, attempt, streamed)

    def first_token(self, messages: list[dict[str, str]], *, top: int = 8) -> dict[str, float]:
        """The likeliest first tokens of the reply with their probabilities (token -> p), from
        one non-streamed call of one token with logprobs; {} when the endpoint gives none.
        Retried and failing as `stream` does."""
        for attempt in range(self.retry.retries + 1):
            try:
                response = self.client.chat.completions.create(
                    model=self.model, messages=cast(list[ChatCompletionMessageParam], messages),
                    max_tokens=1, temperature=0.0, logprobs=True, top_logprobs=top,
                )
                return first_token_probabilities(response)
            except Exception as exc:  # noqa: BLE001 (classified below; none is swallowed)
                self._wait_or_raise(exc, attempt, streamed=False)
        return {}  # not reached: the last attempt raises

    def _wait_or_raise(self, exc: Exception, attempt: int, streamed: bool) -> None:
        """After a failed call: wait before the next attempt, or raise the one clear LLMError
        when retrying cannot help (tokens already shown, a permanent error, no attempts left)."""
        message, wait = self._diagnose(exc, attempt)
        if streamed:
            raise LLMError(f"{message} (it stopped mid-answer)") from exc
        if wait is None or attempt == self.retry.retries:
            raise LLMError(message) from exc
        log.warning("%s; retrying in %.1f s (%d of %d)", message, wait, attempt + 1, self.retry.retries)
        time.sleep(wait)

    def _once(self, messages: list[dict[str, str]], max_tokens: int,
              temperature: float) -> Iterator[str]:
        deadline = time.monotonic() + self.timeout
        response = self.client.chat.completions.create(
            model=self.model, messages=cast(list[ChatCompletionMessageParam], messages),
            stream=True, max_tokens=max_tokens, temperature=temperature,
        )
        finished = False
        with response:  # closed when the caller stops early (the UI's Stop): the server stops
            for chunk in response:
                if time.monotonic() > deadline:
                    raise _Deadline("the answer took too long")
                if chunk.choices and chunk.choices[0].delta.content:
                    yield chunk.choices[0].delta.content
                finished = finished or bool(chunk.choices and chunk.choices[0].finish_reason)
        if not finished:  # every OpenAI-compatible stream ends with a finish_reason
            raise _Cut("the stream ended before the answer finished")

    def _diagnose(self, exc: Exception, attempt: int) -> tuple[str, float | None]:
        """(what went wrong, seconds to wait before retrying, or None: do not retry)."""
        where = f"the language model at {self.base_url}"
        backoff = min(self.retry.wait * 2**attempt, self.retry.max_wait)
        if isinstance(exc, _Cut):
            return f"{where} closed the connection before finishing", backoff
        if isinstance(exc, openai.APITimeoutError | _Deadline):
            return f"{where} did not answer within {self.timeout:.0f} s", None
        if isinstance(exc, openai.APIConnectionError):
            return f"cannot reach {where}: is it running?", backoff
        if isinstance(exc, openai.APIStatusError):
            status = exc.status_code
            message = f"{where} failed with HTTP {status}: {' '.join(str(exc.message).split())[:200]}"
            if status == 429:
                after = retry_after(exc.response.headers)
                if after is not None and after > self.retry.max_wait:
                    return f"{where} is busy (HTTP 429): try again in {after:.0f} s", None
                return f"{where} is busy (HTTP 429)", backoff if after is None else after
            return message, backoff if status >= 500 or status in (408, 409) else None
        if isinstance(exc, json.JSONDecodeError | openai.APIError | ValueError | KeyError):
            return f"{where} sent a malformed reply ({type(exc).__name__})", backoff
        return f"{where} failed: {type(exc).__name__}: {exc}", None


def first_token_probabilities(response: ChatCompletion) -> dict[str, float]:
    """token -> probability of a completion's first token's top alternatives ({} without
    logprobs). Tokens that differ only in spacing are added up."""
    choice = response.choices[0] if response.choices else None
    if choice is None or choice.logprobs is None or not choice.logprobs.content:
        return {}
    probabilities: dict[str, float] = {}
    for alt in choice.logprobs.content[0].top_logprobs:
        token = alt.token.strip()
        probabilities[token] = probabilities.get(token, 0.0) + math.exp(alt.logprob)
    return probabilities


def retry_after(headers: Mapping[str, str]) -> float | None:
    """Seconds from a Retry-After (or retry-after-ms) header; None when absent or unreadable."""
    try:
        if "retry-after-ms" in headers:
            return max(0.0, float(headers["retry-after-ms"]) / 1000)
        if "retry-after" in headers:
            return max(0.0, float(headers["retry-after"]))
    except ValueError:
        return None  # an HTTP date: fall back to our own backoff
    return None
