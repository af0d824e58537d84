"""The seed: a catalogue database made ready before the first start, which that start copies into place.

A first start without one builds the shipped catalogue from its YAML: the
YAML reader, the models, SQLAlchemy and the write, over half a second, against
a twentieth of a second for a later start. That work does not depend on the
user, so it is done once when Ost is built or installed (the wheel's build
hook, ``hatch_build.py``; ``packaging/build.sh``; ``ost catalogue seed``):
the database a first start would leave behind (schema at the head, shipped
catalogue, its browse table and kept facts), written with a record of what it
was made from beside it (``catalogue-seed.json``).

A first start (no database file yet) uses the seed only when that record
matches what this Ost would build: the same layout of the record, Ost version,
schema head, hash of the shipped YAML's bytes and hash of the code that
built the catalogue (every module of Ost the build had loaded), and when the
seed's bytes are those recorded (size and hash: a truncated or damaged
seed is refused). Checking reads bytes and parses nothing, a few
milliseconds. Anything else (no seed, a stale or damaged one, a copy that
fails) leaves the caller to build from the YAML as before.

The copy goes to a temporary file in the database's folder, is given the
stamp of the installed sources there, then is linked into place only if no
database appeared meanwhile: the database file never exists half-written,
and a database another Ost created meanwhile is never replaced.

This module imports only the standard library (it runs on the first start's
clock). Building a seed needs the whole catalogue pipeline: that is
:func:`ost.services.write_seed`.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sqlite3
import sys
from pathlib import Path
from typing import Any

from ost import __version__
from ost.store.migrations import HEAD_REVISION

#: ``$OST_SEED``: the seed database to use instead of the one shipped with Ost; empty: none (build from the YAML).
SEED_ENV = "OST_SEED"
SEED_NAME = "catalogue-seed.sqlite"
#: The layout of the record; a seed with a record of another layout is not used.
LAYOUT = "1"

_PACKAGE = Path(__file__).resolve().parent.parent


def seed_file() -> Path | None:
    """The seed to use: ``$OST_SEED`` when set (empty: none), else the one shipped with Ost when there is one.

    An installed Ost keeps it in its package data (``ost/_data/seed/``, the
    wheel's and the frozen program's); a source checkout in the git-ignored
    ``build/seed/`` (written by ``pip install -e .`` or ``ost catalogue seed``).
    """
    named = os.environ.get(SEED_ENV)
    if named is not None:
        return Path(named).expanduser() if named.strip() else None
    found = shipped_seed()
    return found if found.is_file() else None


def shipped_seed() -> Path:
    """Where this Ost keeps its own seed (present or not): its package data, or a checkout's ``build/seed/``."""
    data = _PACKAGE / "_data"
    if data.is_dir():  # installed (a wheel, the frozen program): beside the shipped catalogue
        return data / "seed" / SEED_NAME
    return _PACKAGE.parent.parent / "build" / "seed" / SEED_NAME  # a checkout: build/ is git-ignored


def record_file(seed: Path) -> Path:
    """The record beside ``seed``: its name with ``.json``."""
    return seed.with_suffix(".json")


def loaded_code() -> list[str]:
    """Ost's source files loaded in this process (after a build: every one the build ran), package-relative."""
    found: set[str] = set()
    for module in list(sys.modules.values()):
        name = getattr(module, "__file__", None)
        if isinstance(name, str) and name.endswith(".py"):
            path = Path(name).resolve()
            if path.is_relative_to(_PACKAGE):
                found.add(path.relative_to(_PACKAGE).as_posix())
    return sorted(found)


def code_stamp(files: list[str]) -> str | None:
    """A hash of Ost's source ``files`` (package-relative names and bytes); None in a frozen program.

    A checkout's code changes without a new version number, so a seed made
    before an edit of the code that built it must not be used after it (an
    edit that makes the build load another module changes a file that loads
    it). A frozen program's code is sealed in its archive (no source files to
    hash), put there by the same build as its seed. Raises :class:`OSError`
    when a file cannot be read (gone: the code changed).
    """
    if getattr(sys, "frozen", False):
        return None
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0")
        digest.update((_PACKAGE / name).read_bytes() + b"\0")
    return digest.hexdigest()[:32]


def expected(sources: str, files: list[str]) -> dict[str, str | None]:
    """What a seed's record must say for this Ost to use it.

    ``sources``: the shipped YAML's fingerprint; ``files``: the code the seed
    was built with (its record's list). A value None is not checked (the
    code of a frozen program). Raises :class:`OSError` when the code cannot
    be read.
    """
    return {
        "layout": LAYOUT,
        "ost": __version__,
        "schema": HEAD_REVISION,
        "sources": sources,
        "code": code_stamp(files),
    }


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()  # (SHA-256: the fastest here, with the processor's instructions)


def write_seed(built: Path, seed: Path, sources: str) -> dict[str, Any]:
    """Make ``seed`` (and its record) from the built database ``built``; returns the record.

    ``built`` must be what a first start leaves behind, made by this Ost from
    the sources whose fingerprint is ``sources``. The seed is a compacted copy
    (``VACUUM INTO``); it is put in place before its record, each atomically,
    so a reader never takes a half-written seed, and a new seed beside an old
    record is refused (their bytes differ).
    """
    seed.parent.mkdir(parents=True, exist_ok=True)
    tmp = seed.with_name(f".{seed.name}.{os.getpid()}-write.tmp")
    tmp.unlink(missing_ok=True)
    db = sqlite3.connect(built)
    try:
        db.execute("VACUUM INTO ?", (str(tmp),))
    finally:
        db.close()
    try:
        data = tmp.read_bytes()
        files = loaded_code()
        record: dict[str, Any] = {
            **expected(sources, files),
            "files": files,
            "size": len(data),
            "digest": _digest(data),
        }
        os.replace(tmp, seed)
    finally:
        tmp.unlink(missing_ok=True)
    record_tmp = seed.with_name(f".{record_file(seed).name}.{os.getpid()}-write.tmp")
    record_tmp.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    os.replace(record_tmp, record_file(seed))
    return record


def _usable(seed: Path, sources: str) -> bytes | None:
    """The seed's bytes when its record says it is what this Ost would build and they are the recorded ones."""
    try:
        record = json.loads(record_file(seed).read_bytes())
        if not isinstance(record, dict):
            return None
        files = record.get("files")
        if not (isinstance(files, list) and files and all(isinstance(f, str) and f.endswith(".py") for f in files)):
            return None
        wanted = expected(sources, files)
        if any(value is not None and record.get(key) != value for key, value in wanted.items()):
            return None
        data = seed.read_bytes()
    except (OSError, ValueError):
        return None
    if len(data) != record.get("size") or _digest(data) != record.get("digest"):
        return None  # truncated, damaged, or replaced without its record
    return data


def install_seed(target: Path, seed: Path, sources: str, meta: dict[str, str]) -> int | None:
    """Put a copy of ``seed`` at ``target`` (a database that does not exist yet); the number of its datasheets.

    ``sources``: the shipped YAML's fingerprint now (see :func:`expected`); ``meta``:
    ``catalogue_meta`` keys written in the copy before it is put in place (the
    stamp and folder of the sources as installed here, which the seed's
    builder could not know). None when the seed cannot be used (missing,
    stale, damaged), when the copy fails (a full disk, a folder that cannot
    be written), or when a database appeared at ``target`` meanwhile: the
    caller then opens ``target`` as without a seed. The database is never
    left half-written; an interrupted copy leaves at most a temporary file,
    removed by the next copy.
    """
    data = _usable(seed, sources)
    if data is None:
        return None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        _remove_leftovers(target)
        # Named as ost.core.fileio's temporary files (.{name}.{pid}-*.tmp): its clean-up knows them.
        tmp = target.with_name(f".{target.name}.{os.getpid()}-seed.tmp")
        _remove(tmp)  # this process's own, from an earlier try
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o644)
    except OSError:
        return None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        count = _adopt(tmp, meta)
        if count is not None:  # on disk before it has its name: a crash never leaves a named half file
            _sync(tmp)
        placed = count is not None and _place(tmp, target)
    except OSError:
        placed = False
        count = None
    finally:
        _remove(tmp)
    return count if placed else None


def _adopt(tmp: Path, meta: dict[str, str]) -> int | None:
    """Write ``meta`` into the copy; its datasheet count, None if it is not a catalogue database at the head.

    Without a journal or syncing (a third of the first start's time, on a
    busy disk): the copy has no name yet, so a crash meanwhile leaves only a
    temporary file to remove; it is synced once, whole, before it is named.
    """
    try:
        db = sqlite3.connect(tmp, isolation_level=None)
    except sqlite3.Error:
        return None
    try:
        db.execute("PRAGMA journal_mode = OFF")
        db.execute("PRAGMA synchronous = OFF")
        db.execute("BEGIN IMMEDIATE")
        revision = db.execute("SELECT version_num FROM alembic_version").fetchone()
        if revision is None or revision[0] != HEAD_REVISION:
            return None
        db.executemany("INSERT OR REPLACE INTO catalogue_meta (key, value) VALUES (?, ?)", meta.items())
        (count,) = db.execute("SELECT count(*) FROM datasheets").fetchone()
        db.execute("COMMIT")
        return int(count)
    except sqlite3.Error:
        return None
    finally:
        db.close()


def _place(tmp: Path, target: Path) -> bool:
    """Link ``tmp`` in at ``target`` unless a file is there already (another Ost's first start): False then."""
    try:
        os.link(tmp, target)
    except FileExistsError:
        return False
    except OSError:  # a file system without hard links: replace, unless a database appeared meanwhile
        if target.exists():
            return False
        os.replace(tmp, target)
    # (The folder is not synced: a name lost in a crash only means the next start is a first start again.)
    return True


def _sync(path: Path) -> None:
    fd = os.open(path, os.O_RDWR | getattr(os, "O_BINARY", 0))  # (Windows syncs only what it may write)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _remove(tmp: Path) -> None:
    for path in (tmp, tmp.with_name(tmp.name + "-journal")):
        with contextlib.suppress(OSError):
            path.unlink()


def _remove_leftovers(target: Path) -> None:
    """Remove the temporary copies of earlier first starts that died (their process gone, or old)."""
    prefix = f".{target.name}."
    with os.scandir(target.parent) as entries:
        if not any(e.name.startswith(prefix) and e.name.endswith("-seed.tmp") for e in entries):
            return
    from ost.core.fileio import stale_temporaries  # (tempfile with it): only when there is something to remove

    for leftover in stale_temporaries(target):
        if leftover.name.endswith("-seed.tmp"):
            _remove(leftover)
