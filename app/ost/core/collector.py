"""Pausing Python's cyclic garbage collector around work that only makes long-lived objects."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused_collector() -> Iterator[None]:
    """Pause the cyclic garbage collector for the block; its previous state is restored after.

    Reading a catalogue, or reading, building and writing an import, makes a
    few hundred thousand objects that all live on: the collections their
    allocation triggers scan them again and again, find nothing to free, and
    cost more than the work itself. Reference counting still frees everything
    that is dropped; the block should make no garbage cycles worth collecting.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
