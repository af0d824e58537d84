"""Printable PDFs of the list (army sheet, reference cards, check report) and their preview.

The PDF layout (reportlab) loads only when something is printed, not when the
window starts, and the PDF is made on a worker thread (:class:`BackgroundOp`)
from a copy of the list, so the window keeps painting meanwhile. The preview
shows the very pages that will be printed: they are rendered to images by ``pdftoppm`` (poppler), which desktop Linux
distributions ship, rather than by Qt PDF, which is only in the large
PySide6-Addons package. Where ``pdftoppm`` is missing, the preview opens the
PDF in the system's viewer instead.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from PySide6.QtCore import QObject, QSize, Qt, QUrl
from PySide6.QtGui import QDesktopServices, QGuiApplication, QPixmap
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QLabel,
    QMessageBox,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from ost.core.armylist import ArmyList
from ost.core.catalogue import Catalogue
from ost.core.validator import Report
from ost.gui.background import BackgroundOp
from ost.gui.settings import Settings

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
    from ost.services import keyword_names

    try:
        names = keyword_names()
        if what == "sheet":
            from ost.pdf.sheet import army_sheet_pdf

            return army_sheet_pdf(catalogue, army, report, lang=options.lang, paper=options.paper, keyword_names=names)
        if what == "cards":
            from ost.pdf.cards import cards_pdf

            return cards_pdf(
                catalogue,
                army,
                report,
                lang=options.lang,
                paper=options.paper,
                size=options.card_size,
                keyword_names=names,
            )
        from ost.pdf.sheet import check_report_pdf

        return check_report_pdf(
            catalogue,
            army,
            report,
            lang=options.lang,
            paper=options.paper,
            source=options.source,
            keyword_names=names,
        )
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


@dataclass(frozen=True)
class PrintHooks:
    """What :class:`Printer` may ask of the window."""

    # The list to print.
    army: Callable[[], ArmyList]
    # The catalogue in use.
    catalogue: Callable[[], Catalogue]
    # The verdict shown in the window (the one every page prints).
    report: Callable[[], Report]
    # The list's file (None: never saved), for the suggested name and the report's header.
    path: Callable[[], Path | None]
    # Run a modal dialog and return its result (the seam the tests answer).
    exec_dialog: Callable[[QDialog], int]
    # A message in the status bar for some milliseconds.
    status: Callable[[str, int], object]


class Printer(QObject):
    """Print preview and PDF export of the list: the army sheet, the reference cards, the check report."""

    def __init__(self, hooks: PrintHooks, *, settings: Settings | None, lang: str, dialog_parent: QWidget) -> None:
        super().__init__(dialog_parent)
        self.hooks = hooks
        self.settings = settings
        self.lang = lang
        self.parent_widget = dialog_parent

    def options(self) -> PrintOptions:
        path = self.hooks.path()
        return PrintOptions(
            lang=self.lang,
            paper=self.settings.paper if self.settings else "a4",
            card_size=self.settings.card_size if self.settings else "poker",
            source=path.name if path else None,
        )

    def export_dialog(self, what: What) -> None:
        folder = Path((self.settings.last_folder if self.settings else None) or Path.home())
        path = self.hooks.path()
        stem = path.stem if path else (self.hooks.army().name or "liste")
        suggested = str(folder / f"{stem}.{what}.pdf")
        name, _filter = QFileDialog.getSaveFileName(
            self.parent_widget, self.tr("Export as PDF"), suggested, self.tr("PDF (*.pdf)")
        )
        if name:
            self.export_pdf(what, Path(name))

    def render(self, what: What) -> bytes | None:
        """The PDF of the list (sheet, cards or report), or None after telling the user why not.

        Made on a worker thread from a copy of the list; the window answers
        (and repaints) meanwhile.
        """
        catalogue, report, options = self.hooks.catalogue(), self.hooks.report(), self.options()
        army = self.hooks.army().model_copy(deep=True)  # the list may be edited while the PDF is made
        made: list[bytes] = []
        failed: list[Exception] = []
        operation = BackgroundOp(
            lambda _progress: render_pdf(what, catalogue, army, report, options),
            success=made.append,
            failure=failed.append,
            name="ost-print",
            parent=self,
        )
        QGuiApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            operation.start()
            operation.wait()
        finally:
            QGuiApplication.restoreOverrideCursor()
            operation.deleteLater()
        if failed:
            QMessageBox.critical(self.parent_widget, self.tr("Cannot make the PDF"), str(failed[0]))
            return None
        return made[0]

    def export_pdf(self, what: What, path: Path) -> bool:
        """Write the army sheet, the cards or the check report of the list to ``path``."""
        data = self.render(what)
        if data is None:
            return False
        try:
            write_pdf(data, path)
        except PrintError as exc:
            QMessageBox.critical(self.parent_widget, self.tr("Cannot write the PDF"), str(exc))
            return False
        self.hooks.status(self.tr("PDF written to %1").replace("%1", str(path)), 8000)
        return True

    def preview(self, what: What) -> PreviewDialog | None:
        """Show the pages that would be printed; Save in the preview goes on to the export dialog.

        Returns the dialog (already closed), or None when the pages could not be
        rendered and the PDF was handed to the system's viewer instead.
        """
        data = self.render(what)
        if data is None:
            return None
        pages = page_images(data)
        if pages is None:
            open_in_viewer(data, f"{self.hooks.army().name or 'liste'}.{what}.pdf")
            return None
        titles = {
            "sheet": self.tr("Army sheet"),
            "cards": self.tr("Reference cards"),
            "report": self.tr("Check report"),
        }
        dialog = PreviewDialog(
            self.tr("Preview: %1").replace("%1", titles[what]) + f" — {len(pages)} p.", pages, self.parent_widget
        )
        if self.hooks.exec_dialog(dialog) == QDialog.DialogCode.Accepted:
            self.export_dialog(what)
        return dialog
