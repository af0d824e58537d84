"""The reading's own modules compiled to C (by mypyc), used only where they were built from this very source.

An import spends four fifths of its time in Python code that walks the
parsed trees (:mod:`.datasheets`, :mod:`.wargear`, :mod:`.conditions` and the
modules they call). mypyc compiles those modules, as typed, into C
extension modules that do the same work about a third faster. ``tools/native.py`` builds
them into ``build/native/`` of a checkout (``./dev.sh`` does, after it
installs Ost) with a record of the hash of each source file it compiled.

:func:`install` puts a finder in front of Python's own: it loads the compiled
module in place of a module of :data:`MODULES` only when the record's Python
and hashes are those of this interpreter and of the source beside this file.
An edit of one source file, another Python, a missing or partial build: the
whole reader is read from its Python source, as it always can be. Nothing
else changes: the compiled modules are the same code, with the same names,
and a module's ``__file__`` stays its source.

``$OST_NATIVE`` names another folder of compiled modules; empty, none is
used (the tests that replace a function of these modules run so).
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

#: The package whose modules are compiled, and those modules (their source is beside this file).
PACKAGE = "ost.formats.bsdata"
MODULES = (
    "conditions",
    "datasheets",
    "entries",
    "kinds",
    "profiles",
    "reach",
    "scope",
    "shared_parts",
    "solver",
    "summaries",
    "walk",
    "wargear",
)
#: mypyc's name for the library the compiled modules share (``<GROUP>__mypyc``, at the top of the folder).
GROUP = "ost_bsdata_native"
HELPER = f"{GROUP}__mypyc"
#: The record a build writes beside the compiled modules.
RECORD = "native.json"
#: ``$OST_NATIVE``: the folder of compiled modules to use; empty: none.
ENV = "OST_NATIVE"
_HERE = Path(__file__).resolve().parent


def folder() -> Path | None:
    """Where the compiled modules are: ``$OST_NATIVE`` when set (empty: nowhere), else ``build/native``."""
    value = os.environ.get(ENV)
    if value is not None:
        return Path(value) if value else None
    return _HERE.parents[3] / "build" / "native"  # app/ost/formats/bsdata → the checkout


def source_hashes() -> dict[str, str]:
    """The SHA-256 of each module's source file (what a build records and a start compares)."""
    return {name: hashlib.sha256((_HERE / f"{name}.py").read_bytes()).hexdigest() for name in MODULES}


def record_for(hashes: dict[str, str]) -> dict[str, object]:
    """The record of a build of the sources of ``hashes`` by this interpreter."""
    return {
        "python": sys.implementation.cache_tag,
        "suffix": importlib.machinery.EXTENSION_SUFFIXES[0],
        "group": GROUP,
        "sources": hashes,
    }


def usable(where: Path) -> bool:
    """Whether ``where`` holds a whole build of this very source by this interpreter."""
    try:
        record = json.loads((where / RECORD).read_text(encoding="utf-8"))
        if record != record_for(source_hashes()):
            return False
    except (OSError, ValueError):
        return False
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    wanted = [where / f"{HELPER}{suffix}", *(_compiled(where, name, suffix) for name in MODULES)]
    return all(path.is_file() for path in wanted)


def _compiled(where: Path, name: str, suffix: str) -> Path:
    return where.joinpath(*PACKAGE.split("."), f"{name}{suffix}")


class _Loader(importlib.machinery.ExtensionFileLoader):
    """Loads a compiled module; every compiled module loaded keeps its source as ``__file__``.

    (What reads the loaded code, the seed's code stamp, hashes that source.)
    """

    def exec_module(self, module: ModuleType) -> None:
        super().exec_module(module)
        # The modules a compiled module imports are made by the library they share, not by this loader.
        for name in MODULES:
            loaded = sys.modules.get(f"{PACKAGE}.{name}")
            if loaded is not None and not str(getattr(loaded, "__file__", "")).endswith(".py"):
                loaded.__file__ = str(_HERE / f"{name}.py")


class NativeFinder(importlib.abc.MetaPathFinder):
    """Finds the compiled :data:`MODULES` in one folder, once :func:`usable` said yes (asked on first need)."""

    def __init__(self, where: Path) -> None:
        self.where = where
        self._usable: bool | None = None

    def find_spec(
        self, fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if fullname == HELPER:
            short = ""
        else:
            package, _, short = fullname.rpartition(".")
            if package != PACKAGE or short not in MODULES:
                return None
        if self._usable is None:
            self._usable = usable(self.where)
        if not self._usable:
            return None
        suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
        location = self.where / f"{HELPER}{suffix}" if not short else _compiled(self.where, short, suffix)
        return importlib.util.spec_from_file_location(fullname, location, loader=_Loader(fullname, str(location)))


def install() -> None:
    """Put a :class:`NativeFinder` first on ``sys.meta_path`` (once), unless no folder is to be used."""
    where = folder()
    if where is None or any(isinstance(finder, NativeFinder) for finder in sys.meta_path):
        return
    sys.meta_path.insert(0, NativeFinder(where))


def active() -> bool:
    """Whether the reader in this process is the compiled one (its modules loaded from a build)."""
    return HELPER in sys.modules
