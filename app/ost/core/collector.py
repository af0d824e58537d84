"""The cyclic garbage collector paused while a large, long-lived structure is built.

Imports and catalogue loads make hundreds of thousands of objects that all
live on; the collections their allocations trigger would scan them again and
again and cost more than the work itself. The work makes no garbage cycles
worth collecting before it ends.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector for the ``with`` block; its previous state is restored."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
