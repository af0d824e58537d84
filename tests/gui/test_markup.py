"""The panes' HTML escaping says what html.escape says (issue 22: the window starts without the html module)."""

from __future__ import annotations

import html
import subprocess
import sys

import pytest

from ost.gui.markup import escape


@pytest.mark.parametrize(
    "text",
    ["", "Space Marines", "Rhino <Legends>", 'Tom & Jerry\'s "Gun"', "&amp; already", "<<>>&&''\"\"", "é – ★ ⌛"],
)
def test_escape_is_html_escape(text: str) -> None:
    assert escape(text) == html.escape(text)


def test_the_panes_modules_load_without_the_html_module() -> None:
    code = (
        "import sys\n"
        "import ost.gui.loadout_view, ost.gui.report_view, ost.gui.list_model, ost.gui.unit_editor\n"
        "print('html' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"
