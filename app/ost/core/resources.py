"""Where Ost's shipped files are: the catalogue source and the resources folder.

In a source checkout they are the top-level ``catalog/`` and ``resources/``
folders; in a built wheel they are copied into ``ost/_data/``.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent


def _data_dir(name: str) -> Path:
    packaged = _PACKAGE / "_data" / name
    if packaged.is_dir():
        return packaged
    return _PACKAGE.parent.parent / name


def shipped_catalogue_dir() -> Path:
    return _data_dir("catalog")


def resources_dir() -> Path:
    return _data_dir("resources")


def resource(*parts: str) -> Path:
    return resources_dir().joinpath(*parts)


def sources_fingerprint(folder: Path) -> str:
    """A hash of every YAML source file in ``folder`` (names and bytes), to tell whether a database is up to date.

    Only bytes are hashed, nothing is parsed: cheap enough for a first start
    to check a seed database against the shipped sources
    (:mod:`ost.store.seed`). Raises :class:`OSError` when a file cannot be read.
    """
    import hashlib  # here: the window's start needs no OpenSSL (2 ms)

    digest = hashlib.sha256()
    folder = Path(folder)
    for path in sorted(folder.rglob("*.yaml")):
        digest.update(path.relative_to(folder).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]
