"""Threads for a query embedding: the cores other work leaves idle (rag/cores.py)."""

from __future__ import annotations

import sys
import threading
import time

import pytest

from rag.cores import SpareCores, embedding_threads, machine_ticks, own_seconds, usable_cores


class Clock:
    """A scripted machine: core-seconds elapsed in all, busy, and this process's share."""

    def __init__(self) -> None:
        self.total = self.busy = self.own = 0.0

    def advance(self, seconds: float, cores: int, others_busy: float, own_busy: float = 0.0) -> None:
        self.total += seconds * cores
        self.busy += seconds * (others_busy + own_busy)
        self.own += seconds * own_busy

    def machine(self) -> tuple[float, float]:
        return self.total, self.busy


def spare_on(clock: Clock, cores: int = 2) -> SpareCores:
    return SpareCores(machine=clock.machine, own=lambda: clock.own, cores=cores)


def threads(spare: SpareCores) -> int:
    with spare.claim() as n:
        return n


def test_first_look_takes_one_thread_then_an_idle_machine_gives_every_core() -> None:
    clock = Clock()
    spare = spare_on(clock)
    assert threads(spare) == 1  # nothing known yet
    clock.advance(1.0, cores=2, others_busy=0.1)
    assert threads(spare) == 2


def test_this_process_s_own_work_does_not_count_against_it() -> None:
    clock = Clock()
    spare = spare_on(clock)
    threads(spare)
    clock.advance(1.0, cores=2, others_busy=0.0, own_busy=1.8)  # an evaluation loop
    assert threads(spare) == 2


def test_other_jobs_on_the_cores_leave_one_thread() -> None:
    clock = Clock()
    spare = spare_on(clock)
    threads(spare)
    clock.advance(1.0, cores=2, others_busy=1.0, own_busy=0.5)
    assert threads(spare) == 1
    clock.advance(1.0, cores=2, others_busy=2.0)
    assert threads(spare) == 1
    clock.advance(1.0, cores=2, others_busy=0.2)  # the jobs ended
    assert threads(spare) == 2


def test_a_window_too_short_to_say_keeps_the_previous_estimate() -> None:
    clock = Clock()
    spare = spare_on(clock)
    threads(spare)
    clock.advance(1.0, cores=2, others_busy=0.0)
    assert threads(spare) == 2
    clock.advance(0.01, cores=2, others_busy=2.0)
    assert threads(spare) == 2
    clock.advance(1.0, cores=2, others_busy=2.0)  # now the busy time is seen
    assert threads(spare) == 1


def test_a_second_embedding_in_this_process_gets_one_thread() -> None:
    clock = Clock()
    spare = spare_on(clock, cores=4)
    threads(spare)
    clock.advance(1.0, cores=4, others_busy=0.0)
    with spare.claim() as first:
        with spare.claim() as second:
            assert (first, second) == (4, 1)
    assert threads(spare) == 4


def test_a_machine_that_cannot_say_gives_one_thread() -> None:
    def unreadable() -> tuple[float, float]:
        raise OSError("no /proc/stat")

    spare = SpareCores(machine=unreadable, own=lambda: 0.0, cores=2)
    assert threads(spare) == 1
    assert threads(spare) == 1


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/stat")
def test_the_real_machine_readings_are_sane() -> None:
    total, busy = machine_ticks()
    assert total > 0 and 0 <= busy <= total
    assert own_seconds() > 0
    spare = SpareCores()
    assert threads(spare) == 1  # first look
    time.sleep(0.2)
    assert 0.0 <= spare.spare() <= spare.cores
    assert 1 <= threads(spare) <= usable_cores()


def test_embedding_threads_sets_torch_for_the_block_and_restores_it() -> None:
    torch = pytest.importorskip("torch")
    before = torch.get_num_threads()
    seen: list[int] = []
    with embedding_threads(1):
        seen.append(torch.get_num_threads())
    assert seen == [1]
    assert torch.get_num_threads() == before
    done = threading.Event()

    def embed() -> None:
        with embedding_threads(0):
            seen.append(torch.get_num_threads())
        done.set()

    threading.Thread(target=embed).start()
    assert done.wait(10)
    assert 1 <= seen[-1] <= usable_cores()
    assert torch.get_num_threads() == before
