"""A package's names loaded from their modules when first asked for (PEP 562).

The roster and text packages offer their readers' names at the package
(``from ost.formats.lists.text import read_text``), yet registering the list
formats, at every start, must import none of those readers: each package
gives its names' homes and a function importing its modules, and takes its
``__getattr__`` and ``__dir__`` from :func:`lazy_names`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any


def lazy_names(
    package: str, home: Mapping[str, str], modules: Callable[[], Mapping[str, ModuleType]]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of ``package``, whose name N lives in its module ``home[N]``.

    ``modules()`` imports the package's modules (all at once: a name asked of
    the package is never on a start's path) and gives them by short name. A
    name found is kept in the package, so it is looked up once.
    """

    def __getattr__(name: str) -> Any:
        where = home.get(name)
        if where is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(modules()[where], name)
        setattr(sys.modules[package], name, value)
        return value

    def __dir__() -> list[str]:
        return sorted([*vars(sys.modules[package]), *home])

    return __getattr__, __dir__
