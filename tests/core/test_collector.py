"""The one collector pause (ost.core.collector) used by the import, the catalogue load and the window's start."""

import gc

import pytest

from ost.core.collector import collector_paused


def test_the_collector_is_paused_inside_and_enabled_again_after() -> None:
    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled()


def test_an_error_inside_still_enables_it_again() -> None:
    with pytest.raises(ValueError, match="boom"), collector_paused():
        raise ValueError("boom")
    assert gc.isenabled()


def test_a_collector_already_off_stays_off() -> None:
    gc.disable()
    try:
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        gc.enable()
