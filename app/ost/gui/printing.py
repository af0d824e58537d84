"""Printable PDFs of the list (army sheet, reference cards, check report) and their preview.

The PDF layout (reportlab) loads only when something is printed, not when the
window starts. The preview shows the very pages that will be printed: they
are rendered to images by ``pdftoppm`` (poppler), which desktop Linux
distributions ship, rather than by Qt PDF, which is only in the large
PySide6-Addons package. Where ``pdftoppm`` is missing, the preview opens the
PDF in the system's viewer instead.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from PySide6.QtCore import QSize, Qt, QUrl
from PySide6.QtGui import QDesktopServices, QPixmap
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from ost.core.armylist import ArmyList
from ost.core.catalogue import Catalogue
from ost.core.validator import Report

What = Literal["sheet", "cards", "report"]
#: Resolution of the preview images (dots per inch).
PREVIEW_DPI = 80
#: Longest wait for ``pdftoppm`` before the preview gives up (a guard, not a goal).
RENDER_TIMEOUT_S = 60


class PrintError(Exception):
    """The PDF could not be made or written; the message says why."""


@dataclass(frozen=True)
class PrintOptions:
    lang: str = "fr"
    paper: str = "a4"
    card_size: str = "poker"
    #: The name of the list's file, printed on the check report.
    source: str | None = None


def render_pdf(what: What, catalogue: Catalogue, army: ArmyList, report: Report, options: PrintOptions) -> bytes:
    """The PDF of ``what`` for ``army``; raises :class:`PrintError` with a readable reason."""
    from ost.pdf.fonts import FontError
    from ost.pdf.rulecards import RuleCardError

    try:
        if what == "sheet":
            from ost.pdf.sheet import army_sheet_pdf

            return army_sheet_pdf(catalogue, army, report, lang=options.lang, paper=options.paper)
        if what == "cards":
            from ost.pdf.cards import cards_pdf
            from ost.services import keyword_names

            return cards_pdf(
                catalogue,
                army,
                report,
                lang=options.lang,
                paper=options.paper,
                size=options.card_size,
                keyword_names=keyword_names(),
            )
        from ost.pdf.sheet import check_report_pdf

        return check_report_pdf(catalogue, army, report, lang=options.lang, paper=options.paper, source=options.source)
    except (OSError, FontError, RuleCardError) as exc:
        raise PrintError(str(exc)) from exc


def write_pdf(data: bytes, path: Path) -> None:
    from ost.pdf.sheet import write_pdf as write

    try:
        write(data, path)
    except OSError as exc:
        raise PrintError(f"{path}: {exc.strerror or exc}") from exc


def page_images(data: bytes, dpi: int = PREVIEW_DPI) -> list[Path] | None:
    """The pages of a PDF as PNG files in a temporary folder, or None without ``pdftoppm``."""
    tool = shutil.which("pdftoppm")
    if tool is None:
        return None
    folder = Path(tempfile.mkdtemp(prefix="ost-preview-"))
    source = folder / "preview.pdf"
    source.write_bytes(data)
    try:
        subprocess.run(
            [tool, "-png", "-r", str(dpi), str(source), str(folder / "page")],
            check=True,
            capture_output=True,
            timeout=RENDER_TIMEOUT_S,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return sorted(folder.glob("page*.png"))


class PreviewDialog(QDialog):
    """The pages of a PDF, one under the other, with Save and Close buttons."""

    def __init__(self, title: str, pages: list[Path], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.resize(QSize(760, 880))
        host = QWidget()
        column = QVBoxLayout(host)
        column.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        for page in pages:
            label = QLabel()
            label.setPixmap(QPixmap(str(page)))
            label.setFrameShape(QLabel.Shape.Box)
            column.addWidget(label)
        self.page_count = len(pages)
        scroll = QScrollArea()
        scroll.setWidget(host)
        scroll.setWidgetResizable(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Close)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(scroll, 1)
        layout.addWidget(self.buttons)


def open_in_viewer(data: bytes, name: str) -> bool:
    """Write the PDF to a temporary file and open it with the system's viewer."""
    folder = Path(tempfile.mkdtemp(prefix="ost-preview-"))
    path = folder / name
    path.write_bytes(data)
    return QDesktopServices.openUrl(QUrl.fromLocalFile(str(path)))
