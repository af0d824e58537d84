"""The catalogue search on a real catalogue: results unfolded as far as the pane shows, the rest on scrolling.

A keystroke must not make the view lay out every result (issue 22): a
one-letter search matches nearly every datasheet, so only the first factions
are unfolded and the others as the user scrolls down to them. A narrow search
is unfolded whole; a datasheet picked by the program is unfolded wherever it is.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from ost.core.catalogue import Catalogue
from ost.gui.catalogue_browser import ID_ROLE, CatalogueBrowser, search_pattern


def _browser(qtbot: QtBot, catalogue: Catalogue, lang: str = "fr", height: int = 600) -> CatalogueBrowser:
    browser = CatalogueBrowser(catalogue, lang)
    qtbot.addWidget(browser)
    browser.resize(360, height)
    browser.show()
    QApplication.processEvents()
    return browser


def _search(browser: CatalogueBrowser, text: str) -> None:
    browser.search.setText(text)
    browser.apply_filter()
    QApplication.processEvents()


def _unfolded(browser: CatalogueBrowser) -> list[bool]:
    model = browser.model
    return [browser.tree.isExpanded(model.index(row, 0)) for row in range(model.rowCount())]


def _sheets(browser: CatalogueBrowser, parent: QModelIndex | None = None) -> list[str]:
    """Every datasheet the filter leaves, unfolded or not."""
    model, parent = browser.model, parent if parent is not None else QModelIndex()
    found: list[str] = []
    for row in range(model.rowCount(parent)):
        index = model.index(row, 0, parent)
        value = index.data(ID_ROLE)
        found.extend([value] if value else _sheets(browser, index))
    return found


def test_a_broad_search_unfolds_only_what_the_pane_shows(qtbot: QtBot, shipped: Catalogue) -> None:
    browser = _browser(qtbot, shipped, height=320)
    _search(browser, "e")
    unfolded = _unfolded(browser)
    assert len(unfolded) >= 3 and unfolded[0] and not all(unfolded)  # the first factions only
    assert unfolded == sorted(unfolded, reverse=True)  # in order, from the top
    first = browser.model.index(0, 0)
    assert all(browser.tree.isExpanded(browser.model.index(r, 0, first)) for r in range(browser.model.rowCount(first)))
    assert len(_sheets(browser)) > 100  # every match is there, folded or not
    # Scrolling down unfolds the next factions, until the end of the results.
    bar = browser.tree.verticalScrollBar()
    for _ in range(200):
        if all(_unfolded(browser)):
            break
        bar.setValue(bar.maximum())
        QApplication.processEvents()
    assert all(_unfolded(browser))


def test_a_narrow_search_is_unfolded_whole(qtbot: QtBot, shipped: Catalogue) -> None:
    browser = _browser(qtbot, shipped, "en")
    _search(browser, "captain")
    assert _unfolded(browser) and all(_unfolded(browser))
    assert all(shipped.get(sheet_id) is not None for sheet_id in _sheets(browser))
    _search(browser, "no datasheet is called this")
    assert browser.model.rowCount() == 0 and browser.expand_more() is None


def test_a_datasheet_far_down_a_broad_search_is_found_and_unfolded(qtbot: QtBot, shipped: Catalogue) -> None:
    browser = _browser(qtbot, shipped)
    _search(browser, "e")
    last = _sheets(browser)[-1]
    assert browser.select_sheet(last)
    index = browser.tree.currentIndex()
    assert index.data(ID_ROLE) == last
    assert browser.tree.isExpanded(index.parent()) and browser.tree.isExpanded(index.parent().parent())
    assert browser.current_sheet() is not None and browser.add_button.isEnabled()
    # Cleared: back to the factions with their roles, nothing deeper unfolded.
    _search(browser, "")
    assert all(_unfolded(browser))
    faction = browser.model.index(0, 0)
    assert not any(
        browser.tree.isExpanded(browser.model.index(r, 0, faction)) for r in range(browser.model.rowCount(faction))
    )


def test_several_words_match_in_any_order_with_a_lazy_pattern() -> None:
    assert search_pattern("Space  Marine") == "^(?=.*?space)(?=.*?marine)"
    assert search_pattern("   ") == ""


def _unfolded_roles(browser: CatalogueBrowser) -> int:
    model = browser.model
    factions = [model.index(row, 0) for row in range(model.rowCount())]
    return sum(browser.tree.isExpanded(model.index(r, 0, f)) for f in factions for r in range(model.rowCount(f)))


def test_the_pane_filled_again_after_a_search_shows_its_factions_unfolded_and_nothing_deeper(
    qtbot: QtBot, shipped: Catalogue
) -> None:
    """A new fill folds everything as its first fill did (the model's reset folds it: no second folding pass)."""
    browser = _browser(qtbot, shipped, height=900)
    assert all(_unfolded(browser)) and _unfolded_roles(browser) == 0  # factions unfolded, their roles folded
    _search(browser, "capitaine")
    assert _unfolded_roles(browser) > 0
    browser.search.clear()
    browser.rebuild()  # as after an import: the same rows filled again, the search empty
    QApplication.processEvents()
    assert all(_unfolded(browser)) and _unfolded_roles(browser) == 0
    _search(browser, "capitaine")  # a search after the new fill still unfolds its results
    assert _unfolded_roles(browser) > 0 and 0 < len(_sheets(browser)) < 20
