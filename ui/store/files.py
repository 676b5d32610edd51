"""The saved-games file on disk: the user's data folder, private modes, and what is wrong
with a database file or its journal before SQLite opens them (kept aside, never lost).

Part of the store (ui/store/store.py): only the SQLite back end has files."""

from __future__ import annotations

import contextlib
import os
import shutil
import struct
import sys
import time
from pathlib import Path

import platformdirs

from scorer.i18n import N_

SQLITE_MAGIC = b"SQLite format 3\x00"
WAL_MAGIC = (0x377F0682, 0x377F0683)
WAL_VERSION = 3007000
EMPTY = N_("the file is empty")


def data_dir() -> Path:
    """The user's data folder for this app (created when missing): the platform's own, as
    platformdirs knows it (`~/.local/share/wonders-scorer` or `$XDG_DATA_HOME`, macOS's
    Application Support, Windows' local AppData), or `WONDERS_DATA_DIR`."""
    override = os.environ.get("WONDERS_DATA_DIR")
    base = Path(override) if override else Path(
        platformdirs.user_data_dir("wonders-scorer", appauthor=False))
    private_dir(base)
    return base


def private_dir(path: Path) -> Path:
    """A folder only the user can read or enter (0700), made when missing; an existing one
    the user cannot change is used as it is."""
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    with contextlib.suppress(OSError):
        os.chmod(path, 0o700)
    return path


def _private_files(path: Path) -> None:
    """The database file (made empty when missing) and its journal files: 0600."""
    with contextlib.suppress(OSError):  # a folder that cannot hold it: SQLite will say so
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    for suffix in ("", "-wal", "-shm"):
        with contextlib.suppress(OSError):
            os.chmod(path.with_name(path.name + suffix), 0o600)


def _wal_checksum(header: bytes, big_endian: bool) -> tuple[int, int]:
    """SQLite's checksum of the first 24 bytes of a WAL header (walChecksumBytes)."""
    s1 = s2 = 0
    words = struct.unpack((">" if big_endian else "<") + "6I", header[:24])
    for k in range(0, 6, 2):
        s1 = (s1 + words[k] + s2) & 0xFFFFFFFF
        s2 = (s2 + words[k + 1] + s1) & 0xFFFFFFFF
    return s1, s2


def file_problem(path: Path) -> str:
    """What is wrong with a database file and its journal before SQLite opens them ("" =
    nothing seen): SQLite takes an empty file for a new database and ignores a journal with
    a bad header, so both would lose the history without a word."""
    try:
        if path.exists() and path.stat().st_size == 0:
            return EMPTY
        wal = path.with_name(path.name + "-wal")
        if not wal.exists() or wal.stat().st_size == 0:
            return ""
        with wal.open("rb") as fh:
            header = fh.read(32)
    except OSError as err:
        print(f"wonders-scorer: {path}: {err.strerror or err}", file=sys.stderr)
        return N_("it cannot be read")
    if len(header) < 32:
        return N_("its journal (-wal) is shorter than a journal's header")
    magic, version, _page, _seq, _salt1, _salt2, c1, c2 = struct.unpack(">8I", header)
    if magic not in WAL_MAGIC or version != WAL_VERSION:
        return N_("its journal (-wal) is not a SQLite journal")
    if _wal_checksum(header, bool(magic & 1)) != (c1, c2):
        return N_("its journal (-wal) is damaged")
    return ""



def _aside_name(path: Path) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.broken-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.broken-{stamp}-{n}")
    return target


def copy_aside(path: Path) -> Path:
    """Copy a database file and its WAL and shared-memory files, byte for byte, to names
    with a timestamp (private to the user); returns the copy of the main file."""
    target = _aside_name(path)
    for suffix in ("", "-wal", "-shm"):
        side = path.with_name(path.name + suffix)
        if side.exists():
            copy = target.with_name(target.name + suffix)
            shutil.copyfile(side, copy)
            os.chmod(copy, 0o600)
    return target


def remove_files(path: Path) -> None:
    """Remove a database file and its WAL and shared-memory files."""
    for suffix in ("-wal", "-shm", ""):
        path.with_name(path.name + suffix).unlink(missing_ok=True)


def set_aside(path: Path) -> Path:
    """Rename a database file (and its WAL and shared-memory files) out of the way, with a
    timestamp; returns the new name of the main file."""
    target = _aside_name(path)
    for suffix in ("-wal", "-shm"):
        side = path.with_name(path.name + suffix)
        if side.exists():
            os.replace(side, target.with_name(target.name + suffix))
    if path.exists():
        os.replace(path, target)
    return target

