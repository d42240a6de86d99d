"""The ingest stage: paths (folders walked) -> papers -> chunks -> store, with a report per file.

A paper is stored whole or not at all: chunks are written in batches of whole papers, so a
reader (a chat running while a file loads) sees a paper either absent or complete, and a batch
that fails is removed again and its papers reported, while the other batches still load.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from tqdm import tqdm

from rag.chunking import split_paper
from rag.config import Settings
from rag.corpus import is_paper_file, load_papers
from rag.models import Chunk, Paper, Rejection
from rag.reading import expand_paths
from rag.store import PaperRecord, Store
from rag.text import fold

log = logging.getLogger(__name__)


@dataclass
class FileReport:
    """What ingesting one file did."""

    path: str
    added: int = 0
    unchanged: int = 0
    rejected: list[Rejection] = field(default_factory=list)


@dataclass
class IngestReport:
    files: list[FileReport] = field(default_factory=list)

    @property
    def added(self) -> int:
        return sum(f.added for f in self.files)

    @property
    def unchanged(self) -> int:
        return sum(f.unchanged for f in self.files)

    @property
    def rejected(self) -> list[Rejection]:
        return [r for f in self.files for r in f.rejected]


def ingest_paths(paths: Sequence[Path], store: Store, settings: Settings,
                 progress: bool = True) -> IngestReport:
    """Parse, chunk, embed and store the papers of files and folders; already-stored chunks
    are skipped, every file (and every skipped file of a folder) gets a report."""
    files, skipped = expand_paths(paths, is_paper_file)
    report = IngestReport([FileReport(r.source.rsplit(":", 1)[0], rejected=[r]) for r in skipped])
    seen: set[str] = set()
    titles = _titles(store)  # once per run, then kept up to date (not re-read per file)
    for path in files:
        report.files.append(ingest_file(path, store, settings, seen, progress, titles))
    for rej in report.rejected:
        log.info("rejected %s", rej)
    return report


def ingest_file(path: Path, store: Store, settings: Settings, seen: set[str],
                progress: bool = True, titles: dict[str, PaperRecord] | None = None) -> FileReport:
    """One file: its new papers stored in whole-paper batches. `seen` holds the paper ids
    already handled in this ingest (a paper repeated in a later file counts as unchanged)."""
    loaded = load_papers(path, settings.max_record_chars, settings.max_file_mb << 20)
    report = FileReport(str(path), rejected=list(loaded.rejections))
    papers = []
    for paper in loaded.papers:
        if paper.paper_id not in seen:
            seen.add(paper.paper_id)
            papers.append(paper)
    titles = _titles(store) if titles is None else titles
    papers = _one_per_title(papers, titles)
    report.unchanged = len(loaded.papers) - len(papers)
    chunked = _chunked(papers, settings, report)
    existing = store.existing_ids([c.chunk_id for _, cs in chunked for c in cs])
    pending = [(p, fresh) for p, cs in chunked
               if (fresh := [c for c in cs if c.chunk_id not in existing])]
    report.unchanged += len(chunked) - len(pending)
    size = max(settings.embed_batch_size * 4, 64)
    with tqdm(total=sum(len(cs) for _, cs in pending), desc=f"embedding {path.name}",
              unit="chunk", disable=not progress or not pending) as bar:
        for batch in _whole_papers(pending, size):
            report.added += _store_batch(store, batch, report)
            bar.update(sum(len(cs) for _, cs in batch))
    _drop_replaced(store, chunked)
    titles.update({fold(p.title): _record(p, len(cs)) for p, cs in chunked if p.title})
    return report


def _titles(store: Store) -> dict[str, PaperRecord]:
    """Stored papers by folded title."""
    return {fold(r.title): r for r in store.catalogue().values() if r.title}


def _record(paper: Paper, chunks: int) -> PaperRecord:
    return PaperRecord(paper.paper_id, paper.title, paper.display_name, list(paper.authors),
                       paper.area, paper.subarea, paper.venue, paper.year, paper.url, chunks,
                       full_text=bool(paper.sections))


def _one_per_title(papers: list[Paper], stored: dict[str, PaperRecord]) -> list[Paper]:
    """Abstracts and full texts of the same paper are one paper (same title, case and accents
    aside): a full text takes the stored paper's id and the fields it lacks (authors, venue,
    year, ...) and replaces its abstract chunks; an abstract of a stored full text is left out
    (the full text holds it)."""
    out = []
    for paper in papers:
        twin = stored.get(fold(paper.title)) if paper.title else None
        if twin is None:
            out.append(paper)
        elif paper.sections:
            out.append(replace(paper, paper_id=twin.paper_id, authors=paper.authors or tuple(twin.authors),
                               venue=paper.venue or twin.venue, year=paper.year or twin.year,
                               area=paper.area or twin.area, subarea=paper.subarea or twin.subarea,
                               url=paper.url or twin.url))
        elif not twin.full_text:
            out.append(paper)
    return out


def _drop_replaced(store: Store, chunked: list[tuple[Paper, list[Chunk]]]) -> None:
    """Remove the chunks a full text replaced (its abstract's, an older version's); also when
    a killed run stored the full text but did not get this far."""
    for paper, chunks in chunked:
        if paper.sections:
            keep = {c.chunk_id for c in chunks}
            store.delete_chunks([h.chunk_id for h in store.chunks_of(paper.paper_id)
                                 if h.chunk_id not in keep])


def _chunked(papers: list[Paper], settings: Settings,
             report: FileReport) -> list[tuple[Paper, list[Chunk]]]:
    out = []
    for paper in papers:
        try:
            out.append((paper, split_paper(paper, settings.chunk_size, settings.chunk_overlap)))
        except Exception as exc:  # noqa: BLE001 (one paper's text must not stop the file)
            report.rejected.append(Rejection(paper.source, f"cannot split into chunks: {exc}"))
    return out


def _whole_papers(pending: list[tuple[Paper, list[Chunk]]],
                  size: int) -> Iterator[list[tuple[Paper, list[Chunk]]]]:
    """Batches of about `size` chunks that never split a paper."""
    batch: list[tuple[Paper, list[Chunk]]] = []
    count = 0
    for item in pending:
        if batch and count + len(item[1]) > size:
            yield batch
            batch, count = [], 0
        batch.append(item)
        count += len(item[1])
    if batch:
        yield batch


def _store_batch(store: Store, batch: list[tuple[Paper, list[Chunk]]],
                 report: FileReport) -> int:
    """Store one batch; when it fails, remove whatever of its papers got written and report
    them (a half-stored paper would answer from part of its text)."""
    try:
        store.add([c for _, cs in batch for c in cs])
        return len(batch)
    except Exception as exc:  # noqa: BLE001 (reported per paper; the next batch still loads)
        log.exception("storing %d papers failed", len(batch))
        for paper, _ in batch:
            try:
                store.delete_paper(paper.paper_id)
            except Exception:  # noqa: BLE001 (the store itself is down: reported below)
                log.exception("could not remove the partly stored paper %s", paper.paper_id)
            report.rejected.append(Rejection(paper.source, f"not stored: {' '.join(str(exc).split())[:200]}"))
        return 0
