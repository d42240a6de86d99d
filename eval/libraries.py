"""Libraries the answer and claim evaluations run on, ingested once into cached data dirs
(keyed by library and embedder) and reused between runs:

- demo: the 20 demo papers;
- iclr: the 20 demo papers among the 4,302 ICLR 2026 abstracts (an ICLR record that is one of
  the demo papers is left out, so each demo paper is loaded once, under its demo name).

Ingesting the ICLR library takes several minutes on 2 cores; a stamp file marks it complete.
"""

from __future__ import annotations

import gzip
import json
import logging
import re
import time
from pathlib import Path
from typing import TYPE_CHECKING

from rag.config import DEMO_CORPUS, REPO_ROOT, Settings

if TYPE_CHECKING:
    from rag.pipeline import PaperChat

log = logging.getLogger(__name__)

ICLR = REPO_ROOT.parent / "shared" / "data" / "iclr2026" / "papers.jsonl.gz"
# iclr500: the demo papers among the first 500 ICLR abstracts (for embedders too slow to
# index all 4,302 here: the e5 comparison).
LIBRARIES = ("demo", "iclr", "iclr500")
SIZES = {"iclr": None, "iclr500": 500}
CACHE = REPO_ROOT / "data" / "eval-libraries"
# A cached library another evaluation is refreshing: how often, and how long apart, to try again.
BUSY_TRIES, BUSY_WAIT_S = 10, 5


def _key(text: str) -> str:
    return re.sub(r"\W+", " ", text.lower())[:120]


def iclr_without_demo(iclr: Path, demo: Path, out: Path, limit: int | None = None) -> int:
    """Write the ICLR records that are not demo papers to `out` (JSONL), the first `limit`
    of them when given; how many."""
    demo_keys = {_key(block) for block in demo.read_text(encoding="utf-8").split("\n\n")
                 if len(block) > 300}
    kept = 0
    with gzip.open(iclr, "rt", encoding="utf-8") as src, out.open("w", encoding="utf-8") as dst:
        for line in src:
            if not line.strip():
                continue
            record = json.loads(line)
            if _key(record.get("abstract", "")) in demo_keys:
                continue
            if limit is not None and kept >= limit:
                break
            dst.write(json.dumps(record) + "\n")
            kept += 1
    return kept


def library_settings(name: str, settings: Settings) -> Settings:
    """Settings pointing at the cached data dir of library `name`, ingested if needed."""
    from rag.pipeline import PaperChat
    from rag.writelock import LibraryBusy

    if name not in LIBRARIES:
        raise ValueError(f"unknown library {name!r}: choose one of {', '.join(LIBRARIES)}")
    folder = CACHE / f"{name}-{settings.embed_model}"
    stamp = folder / "ingested"
    lib = settings.model_copy(update={"data_dir": folder})
    folder.mkdir(parents=True, exist_ok=True)
    paths = [DEMO_CORPUS]
    if name in SIZES:
        extra = folder / "iclr_without_demo.jsonl"
        if not extra.exists():
            log.info("ICLR records kept beside the demo papers: %d",
                     iclr_without_demo(ICLR, DEMO_CORPUS, extra, SIZES[name]))
        paths.append(extra)
    if stamp.exists():
        # Ingest again even so: it adds nothing, and brings a library stored by older code up
        # to date (a demo library opened without it retrieved nothing after issue 9's change).
        # Another evaluation doing the same holds the write lock for a moment: wait for it.
        for attempt in range(BUSY_TRIES):
            try:
                PaperChat(lib).ingest(paths, progress=False)
                break
            except LibraryBusy as exc:
                if attempt == BUSY_TRIES - 1:
                    raise
                log.info("%s; trying again in %d s", exc, BUSY_WAIT_S)
                time.sleep(BUSY_WAIT_S)
        return lib
    started = time.perf_counter()
    report = PaperChat(lib).ingest(paths, progress=True)
    seconds = time.perf_counter() - started
    log.info("library %s: %d papers added in %s", name, report.added, folder)
    stamp.write_text(json.dumps({"papers": report.added + report.unchanged,
                                 "ingest_seconds": round(seconds, 1)}) + "\n")
    return lib


def open_library(library: str | None, settings: Settings, scratch: Path,
                 corpus: list[Path], progress: bool = False) -> PaperChat:
    """The library an evaluation runs on: a cached one by name, or `corpus` ingested into
    `scratch`. An unknown name is a user error: one line, exit code 2."""
    import typer

    from rag.pipeline import PaperChat

    settings = settings.model_copy(update={"data_dir": scratch})
    try:
        settings = library_settings(library, settings) if library else settings
    except ValueError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from None
    chat = PaperChat(settings)
    if not library:
        chat.ingest(corpus, progress=progress)
    return chat
