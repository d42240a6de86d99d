"""One writer at a time per library: ingests and deletes hold this lock, readers never do.

Embedded Chroma: an flock on a file beside it (the kernel drops it when the holder dies, also
on kill -9). Chroma server: a marker collection on the server, named after the library (creating
a collection is atomic there); it names its holder, so a lock left by a killed process on the
same host is taken over; one left by a process on another host must be removed by hand
(`chromadb.HttpClient(...).delete_collection("<collection>-writer")`) if that host died.
"""

from __future__ import annotations

import fcntl
import logging
import os
import socket
import time
from collections.abc import Callable

from chromadb.api import ClientAPI

from rag.config import Settings

log = logging.getLogger(__name__)


class LibraryBusy(ValueError):
    """Another process is writing to the library (one writer at a time)."""


def write_lock(settings: Settings, client: ClientAPI) -> Callable[[], None]:
    """Take the library's write lock; returns its release. LibraryBusy when it is held."""
    return _lock_server(settings, client) if settings.chroma_host else _lock_file(settings)


def _lock_file(settings: Settings) -> Callable[[], None]:
    """Embedded Chroma: an flock beside it (the kernel drops it when the holder dies)."""
    path = settings.chroma_dir / "paperchat-write.lock"
    handle = path.open("a+")
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        handle.seek(0)
        holder = handle.read().strip() or "another process"
        handle.close()
        raise LibraryBusy(_busy(holder)) from None
    handle.seek(0)
    handle.truncate()
    handle.write(_holder())
    handle.flush()
    return handle.close


def _lock_server(settings: Settings, client: ClientAPI) -> Callable[[], None]:
    """Chroma server: a marker collection (creating it is atomic on the server), naming
    its holder so a lock left by a dead process on this host can be taken over."""
    name = f"{settings.collection}-writer"
    for _ in range(2):
        try:
            client.create_collection(name, metadata={"holder": _holder()},
                                     embedding_function=None)
            return lambda: client.delete_collection(name)
        except Exception as exc:  # noqa: BLE001 (chroma raises its own error types per mode)
            try:
                holder = str((client.get_collection(name).metadata or {}).get("holder", ""))
            except Exception:  # noqa: BLE001 (released meanwhile: try again)
                continue
            if not _dead(holder):
                raise LibraryBusy(_busy(holder)) from exc
            log.warning("taking over the write lock left by %s", holder)
            client.delete_collection(name)
    raise LibraryBusy(_busy("another process"))


def _holder() -> str:
    return f"pid {os.getpid()} on {socket.gethostname()} since {time.strftime('%H:%M:%S')}"


def _dead(holder: str) -> bool:
    """Whether the lock holder named `holder` (see _holder) was a process of this host that
    has ended."""
    parts = holder.split()
    if len(parts) < 4 or parts[0] != "pid" or parts[3] != socket.gethostname():
        return False
    try:
        os.kill(int(parts[1]), 0)
    except ProcessLookupError:
        return True
    except (PermissionError, ValueError):
        return False
    return False


def _busy(holder: str) -> str:
    return (f"another ingest or delete is writing to this library ({holder}); wait for it "
            "to finish and run this again (searching and asking work meanwhile)")
