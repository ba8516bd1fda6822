"""An archive file read with a bound, before anything is parsed: the web restore,
``import_event`` and ``restore`` (its files and its ``--from`` folder) all read through here.

A file over ``ARCHIVE_MAX`` is refused from its size alone (``stat``, or the upload's size),
and one that cannot tell its size (``/dev/zero``, a pipe) is read up to one byte past the
bound. A file that is not an archive at all (a picture, a spreadsheet, zeros) is refused from
its first bytes: an archive is JSON text that starts with ``{``. So whatever is chosen, the
answer comes within a second and the laptop's one process is never held by a wrong file.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import BinaryIO

from ..rules.errors import RulesError, gettext_noop
from ..rules.json_input import read_json

# The largest real archive, a 250-table provincial over two days (30 + 20 hands) with every
# result, a tenth of them corrected, every close and its counts, is 6.0 MB
# (bench/archive_size.py); four times that leaves room for any real event.
ARCHIVE_MAX = 24 * 1024 * 1024
MB = 1024 * 1024
_HEAD = 1024  # bytes read first to tell an archive from another file
_BLANK = b" \t\r\n"
_BOM = b"\xef\xbb\xbf"


class ArchiveRefused(RulesError):
    """A file refused before it is parsed: too large, or not an archive."""


def _megabytes(size: int) -> str:
    return f"{size / MB:.1f}"


def too_large(size: int | None) -> ArchiveRefused:
    """The refusal of a file over the bound; ``size`` None when the file could not tell it."""
    limit = ARCHIVE_MAX // MB
    if size is None:
        return ArchiveRefused(
            gettext_noop(
                "The file is over %(limit)s MB; an event archive is at most %(limit)s MB. "
                "Check that you chose the right file."
            ),
            field="archive",
            limit=limit,
        )
    return ArchiveRefused(
        gettext_noop(
            "The file is %(size)s MB; an event archive is at most %(limit)s MB. "
            "Check that you chose the right file."
        ),
        field="archive",
        size=_megabytes(size),
        limit=limit,
    )


def not_an_archive() -> ArchiveRefused:
    return ArchiveRefused(
        gettext_noop(
            "This file is not an event archive: an archive is JSON text that begins with "
            "“{”. Choose the .json file that Archive or the backups folder gave."
        ),
        field="archive",
    )


def archive_bytes(file: BinaryIO, size: int | None = None) -> bytes:
    """The bytes of an archive file opened for reading, refused when ``size`` (if known) or
    what the file holds is over the bound, or when its first bytes are not an archive's."""
    if size is not None and size > ARCHIVE_MAX:
        raise too_large(size)
    head = file.read(_HEAD)
    start = head.removeprefix(_BOM).lstrip(_BLANK)
    if not start.startswith(b"{") and (start or len(head) < _HEAD):
        raise not_an_archive()
    raw = head + file.read(ARCHIVE_MAX + 1 - len(head))
    if len(raw) > ARCHIVE_MAX:
        raise too_large(size)
    return raw


def read_archive(file: BinaryIO, size: int | None = None):
    """The archive's JSON, read within every bound (``archive_bytes`` then ``read_json``):
    ``ArchiveRefused`` or ``JsonRefused`` say which bound it broke, and a ``ValueError``
    (``UnicodeDecodeError``, ``json.JSONDecodeError``) that it is not JSON text."""
    return read_json(archive_bytes(file, size))


def read_archive_path(path: str | os.PathLike):
    """``read_archive`` of a file on disk; its size is read first, so a file of any size is
    refused at once. ``OSError`` when it cannot be read (no such file, a folder)."""
    path = Path(path)
    with path.open("rb") as file:
        found = os.fstat(file.fileno())
        return read_archive(file, found.st_size if stat.S_ISREG(found.st_mode) else None)
