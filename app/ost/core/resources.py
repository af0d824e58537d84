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
