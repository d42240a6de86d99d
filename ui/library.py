"""Library and compare actions for the UI: upload files, remove a paper, compare papers."""

from __future__ import annotations

import functools
import hashlib
import logging
import re
import shutil
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

from rag.corpus import PAPER_FILES, is_paper_file
from rag.models import Rejection
from rag.pipeline import FileReport, IngestReport, PaperChat
from ui.render import comparison_html, note_html

log = logging.getLogger(__name__)
Progress = Callable[[float, str], None]


@functools.cache
def _exports() -> tempfile.TemporaryDirectory[str]:
    """Where downloads are written, made on first use; removed when the process exits."""
    return tempfile.TemporaryDirectory(prefix="paperchat-exports-")


def export_folder(*contents: str) -> Path:
    """The folder for files made from these contents (the same contents, the same folder)."""
    key = hashlib.sha1("\0".join(contents).encode("utf-8")).hexdigest()[:16]
    folder = Path(_exports().name) / key
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def safe_name(name: str) -> str:
    """A file name that cannot leave its folder: the last path part, only word characters,
    dots, dashes and spaces, no leading dot, at most 120 characters."""
    base = re.split(r"[\\/]", name)[-1]
    base = re.sub(r"[^\w.\- ]", "_", base).strip(" .")[-120:].lstrip(".")
    return base or "upload"


def stage_upload(path: Path, uploads: Path, max_bytes: int) -> Path | Rejection:
    """Copy one uploaded file under `uploads` (a folder per content hash, a safe name), or
    say why not: too large or not a paper file type."""
    name = safe_name(path.name)
    if not is_paper_file(Path(name)):
        return Rejection(f"{name}:0", f"skipped: not a paper file type ({PAPER_FILES})")
    size = path.stat().st_size
    if size > max_bytes:
        return Rejection(f"{name}:0", f"file is {size / 1e6:.1f} MB, over the "
                         f"{max_bytes / 1e6:.0f} MB upload limit")
    digest = hashlib.sha1()
    with path.open("rb") as src:
        while block := src.read(1 << 20):
            digest.update(block)
    folder = uploads / digest.hexdigest()[:16]
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / name
    if target.resolve().parent != folder.resolve():  # belt and braces: never outside
        return Rejection(f"{name}:0", "skipped: unsafe file name")
    if not target.exists():
        shutil.copyfile(path, target)
    return target


def add_files(chat: PaperChat, paths: Sequence[str], progress: Progress) -> IngestReport:
    """Ingest uploaded files (a dropped folder arrives as its files) one by one, so progress
    moves per file. Each is first copied under the data directory; a file that is too large,
    of an unknown type or fails is reported and the rest still load."""
    report = IngestReport()
    uploads = chat.settings.data_dir / "uploads"
    max_bytes = chat.settings.upload_max_mb * 1_000_000
    for i, path in enumerate(paths):
        name = Path(path).name
        progress(i / max(len(paths), 1), f"Adding {name} ({i + 1} of {len(paths)})")
        try:
            staged = stage_upload(Path(path), uploads, max_bytes)
            if isinstance(staged, Rejection):
                report.files.append(FileReport(name, rejected=[staged]))
                continue
            report.files.extend(chat.ingest([staged], progress=False).files)
        except Exception as exc:  # one broken file must not lose the others
            log.exception("ingesting %s failed", path)
            report.files.append(FileReport(str(path), rejected=[Rejection(f"{name}:0", str(exc))]))
    progress(1.0, "Done")
    return report


def remove_paper(chat: PaperChat, paper_id: str | None) -> str:
    """Remove one paper; a status line (HTML) saying what happened."""
    if not paper_id:
        return note_html("Choose a paper to remove first.", "warn")
    record = next((r for r in chat.papers() if r.paper_id == paper_id), None)
    removed = chat.delete(paper_id)
    if not removed:
        return note_html(
            f"No loaded paper has id {paper_id}; it may have been removed already.", "warn"
        )
    name = record.name if record else paper_id
    return note_html(f"Removed “{name}” and its {removed} passage(s).", "info")


def compare_view(
    chat: PaperChat, paper_ids: Sequence[str] | None
) -> tuple[str, str | None, str | None]:
    """(table HTML or a message, Markdown path, CSV path) for 2-5 chosen papers."""
    ids = list(dict.fromkeys(paper_ids or []))
    if not 2 <= len(ids) <= 5:
        return (
            note_html(f"Pick between two and five papers to compare ({len(ids)} chosen).", "warn"),
            None,
            None,
        )
    known = {r.paper_id for r in chat.papers()}
    unknown = [pid for pid in ids if pid not in known]
    if unknown:
        return note_html(f"Not in the library: {', '.join(unknown)}.", "warn"), None, None
    table = chat.compare(ids)
    sources = "\n".join(f"[{p.n}] {p.hit.name}: {p.text}" for p in table.passages)
    markdown, csv = f"{table.to_markdown()}\n\n## Passages\n\n{sources}\n", table.to_csv()
    folder = export_folder(markdown, csv)
    md_path, csv_path = folder / "comparison.md", folder / "comparison.csv"
    md_path.write_text(markdown, encoding="utf-8")
    csv_path.write_text(csv, encoding="utf-8")
    cells = sum(n is not None for cells in table.rows.values() for _, n in cells)
    summary = note_html(
        f"{len(table.papers)} papers · {cells} cited cells · cells without "
        "support say “not stated”. Hover or click [n] for the passage.",
        "meta",
    )
    return comparison_html(table) + summary, str(md_path), str(csv_path)
