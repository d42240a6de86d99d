"""Reading input files before parsing: folders walked, bytes decoded, bad files reported.

Nothing here raises for a bad file: an empty, binary, truncated or wrongly encoded file, or a
line too long to be a record, becomes a Rejection naming the file and the line, and every line
that can be read is still handed to the parser (with line numbers kept).
"""

from __future__ import annotations

import os
import zlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from rag.models import Rejection

_BINARY_SNIFF = 8192
_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")


@dataclass
class FileText:
    """A file's text (bad lines blanked, so line numbers still match) and what was wrong."""

    text: str = ""
    rejections: list[Rejection] = field(default_factory=list)


def expand_paths(paths: Iterable[Path], known: Callable[[Path], bool]
                 ) -> tuple[list[Path], list[Rejection]]:
    """Files to ingest: each file as given, each folder walked recursively (sorted, hidden
    entries and symlinked folders skipped). Folder entries of unknown types are reported."""
    files: list[Path] = []
    skipped: list[Rejection] = []
    for path in paths:
        path = Path(path)
        if not path.is_dir():
            files.append(path)
            continue
        for root, dirs, names in os.walk(path):
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            for name in sorted(names):
                found = Path(root) / name
                if name.startswith("."):
                    continue
                if known(found):
                    files.append(found)
                else:
                    skipped.append(Rejection(f"{found}:0", "skipped: not a paper file type"))
    return files, skipped


def read_text(path: Path, max_bytes: int, max_line_chars: int) -> FileText:
    """The file's text, decoded as UTF-8 line by line (.gz unpacked, what can be salvaged from
    a truncated one kept). Lines over `max_line_chars` or not UTF-8 are blanked and reported."""
    where = f"{path}:0"
    try:
        size = path.stat().st_size
        if size > max_bytes:
            return FileText(rejections=[Rejection(
                where, f"file is {size:,} bytes, over the {max_bytes:,}-byte limit")])
        raw = path.read_bytes()
    except OSError as exc:
        return FileText(rejections=[Rejection(where, f"cannot read file: {exc.strerror or exc}")])
    out = FileText()
    if path.suffix.lower() == ".gz":
        raw = _gunzip(raw, max_bytes, where, out.rejections)
    if not raw.strip():
        out.rejections.append(Rejection(where, "empty file"))
        return out
    if raw.startswith(_UTF16_BOMS):
        try:  # Windows "Unicode text": decode it rather than reject it
            raw = raw.decode("utf-16").encode("utf-8")
        except UnicodeDecodeError:
            pass
    if b"\x00" in raw[:_BINARY_SNIFF]:
        out.rejections.append(Rejection(where, "binary file, not text: check its type"))
        return out
    out.text = _decode_lines(path, raw, max_line_chars, out.rejections)
    return out


def _gunzip(raw: bytes, max_bytes: int, where: str, rejections: list[Rejection]) -> bytes:
    """Unpack gzip (several members too); a truncated or corrupt tail is reported and what
    came before it kept; output beyond `max_bytes` is cut (a decompression bomb)."""
    out, data = bytearray(), raw
    try:
        while data:
            engine = zlib.decompressobj(wbits=31)
            out += engine.decompress(data, max_bytes + 1 - len(out))
            if len(out) > max_bytes:
                rejections.append(Rejection(where, f"unpacks to over {max_bytes:,} bytes; "
                                            "the rest is not read"))
                return bytes(out[:max_bytes])
            if not engine.eof:
                rejections.append(Rejection(where, "gzip file is truncated; "
                                            "records after the cut are lost"))
                break
            data = engine.unused_data.lstrip(b"\x00")
    except zlib.error as exc:
        rejections.append(Rejection(where, f"corrupt gzip data ({exc}); "
                                    "records after it are lost"))
    return bytes(out)


def _decode_lines(path: Path, raw: bytes, max_line_chars: int,
                  rejections: list[Rejection]) -> str:
    """UTF-8 text with bad lines blanked: a wrong encoding costs its lines, not the file."""
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    lines = raw.split(b"\n")
    for no, line in enumerate(lines, 1):
        if len(line) > max_line_chars and len(line.decode("utf-8", "replace")) > max_line_chars:
            rejections.append(Rejection(
                f"{path}:{no}", f"line is {len(line):,} bytes long, over the "
                f"{max_line_chars:,}-character record limit; skipped"))
            lines[no - 1] = b""
            continue
        try:
            line.decode("utf-8")
        except UnicodeDecodeError as exc:
            rejections.append(Rejection(
                f"{path}:{no}", f"not UTF-8 text (byte 0x{line[exc.start]:02X} at column "
                f"{exc.start + 1}); save the file as UTF-8. Line skipped"))
            lines[no - 1] = b""
    return b"\n".join(lines).decode("utf-8")
