"""The reading's own modules compiled to C (by mypyc), used only where they were built from this very source.

An import spends four fifths of its time in Python code that walks the
parsed trees (:mod:`.datasheets`, :mod:`.wargear`, :mod:`.conditions` and the
modules they call). mypyc compiles those modules, as typed, into C
extension modules that do the same work about a third faster. ``tools/native.py`` builds
them into ``build/native/`` of a checkout (``./dev.sh`` does, after it
installs Ost) with a record of the hash of each source file the build
depends on (the compiled modules and every module of Ost they import) and
of the size of each file it made.

:func:`install` puts a finder in front of Python's own: it loads the compiled
module in place of a module of :data:`MODULES` only when the record's Python
and hashes are those of this interpreter and of the source beside this file.
An edit of one of those source files, another Python, a missing, partial or
truncated build: the whole reader is read from its Python source, as it
always can be. A frozen program carries the build its own build checked
(``packaging/ost.spec``). Nothing
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
from collections.abc import Iterable, Sequence
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
#: The folder holding the package ``ost`` (``app/`` of a checkout).
_APP = _HERE.parents[2]


def folder() -> Path | None:
    """Where the compiled modules are: ``$OST_NATIVE`` when set (empty: nowhere), else this Ost's own.

    An installed Ost keeps them in its package data (``ost/_data/native/``: the frozen program's, made by the
    build that made it); a checkout in the git-ignored ``build/native/``.
    """
    value = os.environ.get(ENV)
    if value is not None:
        return Path(value) if value else None
    data = _APP / "ost" / "_data"
    if data.is_dir():
        return data / "native"
    return _APP.parent / "build" / "native"  # (app/ of a checkout → the checkout)


def _sealed() -> bool:
    """Whether this Ost is a frozen program: its code is sealed in it, with no source file to compare."""
    return bool(getattr(sys, "frozen", False))


def _module_file(name: str, suffix: str) -> str:
    """Where module ``name`` of :data:`PACKAGE` is, relative to the folder holding ``ost`` (or a build's)."""
    return f"{PACKAGE.replace('.', '/')}/{name}{suffix}"


def compiled_sources() -> list[str]:
    """The compiled modules' source files, as the record names them (relative to the folder holding ``ost``)."""
    return [_module_file(name, ".py") for name in MODULES]


def dependencies() -> list[str]:
    """The source files a build depends on: the compiled modules and every module of Ost they import, transitively.

    mypyc compiles a module trusting the types of what it imports: a build of these modules is stale once
    any of those files changes, not only the compiled ones. Read from the sources' imports (at build time).
    """
    import ast

    found: list[str] = []
    pending = list(compiled_sources())
    while pending:
        path = pending.pop()
        if path in found:
            continue
        found.append(path)
        tree = ast.parse((_APP / path).read_text(encoding="utf-8"))
        names: list[str] = []
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names.extend(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names.append(node.module)
                names.extend(f"{node.module}.{alias.name}" for alias in node.names)
        for name in names:
            parts = name.split(".")
            if parts[0] != "ost":
                continue
            for depth in range(1, len(parts) + 1):  # the packages on the way run too
                stem = "/".join(parts[:depth])
                for candidate in (f"{stem}.py", f"{stem}/__init__.py"):
                    if (_APP / candidate).is_file() and candidate not in found:
                        pending.append(candidate)
    return sorted(found)


def source_hashes(paths: Iterable[str]) -> dict[str, str]:
    """The SHA-256 of each of these source files (named relative to the folder holding ``ost``)."""
    return {path: hashlib.sha256((_APP / path).read_bytes()).hexdigest() for path in paths}


def record_for(hashes: dict[str, str], built: dict[str, int]) -> dict[str, object]:
    """The record of a build of the sources of ``hashes`` by this interpreter; ``built``: each file made, its size."""
    return {
        "python": sys.implementation.cache_tag,
        "suffix": importlib.machinery.EXTENSION_SUFFIXES[0],
        "group": GROUP,
        "sources": hashes,
        "built": built,
    }


def built_files() -> list[str]:
    """The files a build makes (relative to its folder): the shared library, then each compiled module."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    return [f"{HELPER}{suffix}", *(_module_file(name, suffix) for name in MODULES)]


def usable(where: Path) -> bool:
    """Whether ``where`` holds a whole build of this very source by this interpreter.

    Its record names this Python, and every source file the build depends on (:func:`dependencies`) with the
    hash it has now; every file the build made is there, at its recorded size (a truncated copy is refused).
    A frozen program has no source to hash: its build was checked when the program was built, and sealed in
    it with its code (as its seed database is, see :mod:`ost.store.seed`).
    """
    try:
        record = json.loads((where / RECORD).read_text(encoding="utf-8"))
        sources, built = record["sources"], record["built"]
        if (record["python"], record["suffix"], record["group"]) != (
            sys.implementation.cache_tag,
            importlib.machinery.EXTENSION_SUFFIXES[0],
            GROUP,
        ):
            return False
        if not set(compiled_sources()) <= set(sources) or not set(built_files()) <= set(built):
            return False
        if not _sealed() and source_hashes(sources) != sources:
            return False
        return all((where / name).stat().st_size == size for name, size in built.items())
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return False


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
        location = self.where / (_module_file(short, suffix) if short else f"{HELPER}{suffix}")
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
