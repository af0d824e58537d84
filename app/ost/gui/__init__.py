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
"""

import sys

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
