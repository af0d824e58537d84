"""The window: PySide6 widgets over the core, the formats and the services.

A guard runs on import. PySide6 6.12 (its abi3 wheels) returns ``None`` from
every Qt method that returns nothing, and from every empty ``QVariant``,
without taking a reference to it, as if ``None`` were immortal, which it is
only from Python 3.12. On Python 3.11 each such call takes one reference off
``None`` (measured: 1,000 ``QStandardItem.setData`` calls lower
``sys.getrefcount(None)`` by 1,000), and a long session frees ``None`` and
dies with ``Fatal Python error: none_dealloc``, typically at exit. Until
PySide6 is fixed, the guard gives ``None`` the huge reference count Python
3.12 gives immortal objects, so the count can never reach zero.

``True`` drains the same way, more slowly (measured by
``tests/gui/test_window_cycles.py``: opening, filling and closing the window
takes 4 references off ``True`` each time, 204 off ``None``; ``False``
gains): the guard covers both booleans too (``gui-bool-dealloc``).

A second one speeds up every import made after PySide6's. PySide6 wraps
``__import__`` to learn which modules use it (for its opt-in ``__feature__``
switches): each module it has not seen is asked for its source with
:func:`inspect.getsource` (through ``linecache`` and ``tokenize``), only to
look for the word "PySide6" in it. The window's start imports about 120
modules after PySide6: 20 ms of the start went to that (4 ms for
``typing_extensions`` alone). :func:`_quick_pyside_check` gives PySide6 the
same answer from the file's bytes; anything but a plain ``.py`` file that
opens is still asked the original way.
"""

import sys
from collections.abc import Callable
from types import ModuleType

#: Far more references than any session drops (about one per Qt call).
_NONE_RESERVE = 1 << 40


def _pin_none() -> None:
    """Make ``None``, ``True`` and ``False`` effectively immortal on CPython 3.11 (a no-op elsewhere)."""
    if sys.version_info >= (3, 12) or sys.implementation.name != "cpython" or hasattr(sys, "getobjects"):
        return  # immortal already, or not CPython's usual object layout (ob_refcnt first)
    import ctypes

    for singleton in (None, True, False):
        refcount = ctypes.c_ssize_t.from_address(id(singleton))
        if refcount.value < _NONE_RESERVE:
            refcount.value += _NONE_RESERVE


_pin_none()


def _quick_pyside_check() -> None:
    """Replace PySide6's "does this module use PySide6?" test by a file read giving the same answer.

    Left as it is when PySide6's support module or its test is not the one
    this was written for (PySide6 is pinned to 6.12).
    """
    import PySide6  # noqa: F401  (loads shiboken6 and its support modules)

    feature = sys.modules.get("shibokensupport.feature")
    original = getattr(feature, "_mod_uses_pyside", None)
    if feature is None or not callable(original) or getattr(original, "__name__", "") != "_mod_uses_pyside":
        return
    setattr(feature, "_mod_uses_pyside", _uses_pyside(original))  # noqa: B010  (a module mypy knows nothing of)


def _uses_pyside(original: Callable[[ModuleType], bool]) -> Callable[[ModuleType], bool]:
    def uses_pyside(module: ModuleType) -> bool:
        """Whether the module's source says "PySide6" (the original's test, without tokenizing the file)."""
        path = getattr(module, "__file__", None)
        if isinstance(path, str) and path.endswith(".py"):
            try:
                with open(path, "rb") as source:
                    return b"PySide6" in source.read()
            except OSError:
                pass  # (a module from an archive, say: the original finds its source through its loader)
        return bool(original(module))

    uses_pyside.__name__ = "_mod_uses_pyside"
    uses_pyside.__wrapped__ = original  # type: ignore[attr-defined]
    return uses_pyside


_quick_pyside_check()
