"""How many CPU threads a query embedding may use: the cores that other work left idle.

A long question (a paraphrase of an abstract runs to 100-150 word pieces) embeds in about
27 ms with two torch threads on an idle 2-core machine against 44 ms with one, but with other
jobs on the cores two threads wait for each other and take twice as long as one (eval/RESULTS.md,
issue 9, session 27). So the count is read afresh for each query: the CPU time the whole
machine spent busy since the previous look (Linux `/proc/stat`), less this process's own
(`os.times`), leaves the cores nobody else is using. A second embedding already running in this
process (several users of one server) takes those cores, so it gets one thread.
`embedding_threads` gives the count to the query embedder's own engine (the ONNX MiniLM) or
to torch.
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext

# Shorter windows than this (in core-seconds) say too little; the previous estimate stands.
MIN_WINDOW_S = 0.05
# A core counts as spare from this much idle time in the window on (a core two-thirds free
# is still worth a thread: the embedding is short and the other work sleeps between bursts).
SPARE_FROM = 0.7


def machine_ticks(path: str = "/proc/stat") -> tuple[float, float]:
    """Seconds of CPU time the machine has spent in all and busy, summed over its cores."""
    with open(path, encoding="ascii") as fh:
        fields = [float(x) for x in fh.readline().split()[1:9]]
    hz = os.sysconf("SC_CLK_TCK")
    total = sum(fields)
    idle = fields[3] + fields[4]  # idle, iowait
    return total / hz, (total - idle) / hz


def own_seconds() -> float:
    """CPU seconds this process has used, all its threads."""
    t = os.times()
    return t.user + t.system


def usable_cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


class SpareCores:
    """Threads for the next query embedding: the cores other processes left idle since the
    previous call, at least one; one when the machine cannot say (not Linux, first call) or
    when another embedding of this process is running."""

    def __init__(self, machine: Callable[[], tuple[float, float]] = machine_ticks,
                 own: Callable[[], float] = own_seconds, cores: int | None = None) -> None:
        self._machine, self._own = machine, own
        self.cores = cores or usable_cores()
        self._lock = threading.Lock()
        self._last: tuple[float, float, float] | None = None
        self._spare = 1.0
        self._running = 0

    def spare(self) -> float:
        """Cores other work left idle over the window since the previous look (updated only
        once the window is long enough to say)."""
        try:
            total, busy = self._machine()
        except (OSError, ValueError, IndexError):
            return 1.0
        own = self._own()
        if self._last is None:
            self._last = (total, busy, own)
            return self._spare
        d_total = total - self._last[0]
        if d_total < MIN_WINDOW_S * self.cores:
            return self._spare
        others = max(0.0, (busy - self._last[1]) - (own - self._last[2]))
        self._spare = self.cores * max(0.0, 1.0 - others / d_total)
        self._last = (total, busy, own)
        return self._spare

    @contextmanager
    def claim(self) -> Iterator[int]:
        """The thread count for one embedding, held until the block ends."""
        with self._lock:
            spare = self.spare()
            n = 1 if self._running else max(1, min(self.cores, int(spare + 1 - SPARE_FROM)))
            self._running += 1
        try:
            yield n
        finally:
            with self._lock:
                self._running -= 1


SPARE = SpareCores()


@contextmanager
def torch_threads(n: int) -> Iterator[None]:
    """Let torch use `n` threads inside the block (when torch is loaded at all)."""
    torch = sys.modules.get("torch")
    if torch is None or n <= 0 or torch.get_num_threads() == n:
        yield
        return
    before = torch.get_num_threads()
    torch.set_num_threads(n)
    try:
        yield
    finally:
        torch.set_num_threads(before)


@contextmanager
def embedding_threads(n: int, model: object = None) -> Iterator[None]:
    """Threads for embedding one query: `n`, or with 0 the cores other work leaves idle
    (`SPARE`). They are the model's own engine's when it has a pool of its own
    (`threads(n)`, as the ONNX MiniLM has), else torch's."""
    engine = getattr(model, "threads", None)
    with (nullcontext(n) if n > 0 else SPARE.claim()) as count, \
            (engine(count) if callable(engine) else torch_threads(count)):
        yield
