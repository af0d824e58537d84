"""The verdict, the points, the band table and the findings of the list being edited."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QStyle,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ost.core import armylist as ops
from ost.core.armylist import ArmyList
from ost.core.catalogue import Catalogue
from ost.core.findings import Finding, Severity
from ost.core.roles import Role
from ost.core.validator import Report
from ost.gui.finding_words import FindingWords
from ost.gui.markup import escape

UNITS_ROLE = Qt.ItemDataRole.UserRole + 20

_ICONS = {
    Severity.ERROR: QStyle.StandardPixmap.SP_MessageBoxCritical,
    Severity.WARNING: QStyle.StandardPixmap.SP_MessageBoxWarning,
    Severity.INFO: QStyle.StandardPixmap.SP_MessageBoxInformation,
}
_LEGAL, _NOT_LEGAL, _NEUTRAL = "#1b5e20", "#b3261e", "#5f6368"


def role_points(army: ArmyList, catalogue: Catalogue, *, as_priced: bool = False) -> dict[Role, int]:
    """Points spent on each role (what the band table shows beside the counts), priced as the verdict is."""
    points: dict[Role, int] = {}
    for _, unit in army.units():
        role = ops.role_of(unit, catalogue)
        points[role] = points.get(role, 0) + ops.unit_points(unit, catalogue, as_priced=as_priced)
    return points


def finding_text(item: Finding, lang: str, words: FindingWords | None = None) -> str:
    """The finding's message, and on a second line how to put it right, when the validator says.

    ``words`` names keywords in the reader's language (a new one for ``lang`` when not given).
    """
    words = words or FindingWords(lang)
    fix = words.fix(item)
    return words.message(item) + (f"\n→ {fix}" if fix else "")


class ReportView(QWidget):
    """Verdict banner, summary, band table and the findings; activating a finding selects its units."""

    units_activated = Signal(list)

    def __init__(self, lang: str = "fr", words: FindingWords | None = None) -> None:
        super().__init__()
        self.lang = lang
        #: Says the findings' keywords in ``lang`` (the window shares one with its list's tooltips).
        self.words = words or FindingWords(lang)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.verdict = QLabel()
        self.verdict.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.verdict.setMargin(6)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        # The band table: one row per role the band limits or the list uses. Cells change in
        # place, so an edit repaints the cells it changes, not the pane.
        self.roles = QTableWidget(0, 4)
        self.roles.setHorizontalHeaderLabels([self.tr("Role"), self.tr("Units"), self.tr("Band"), self.tr("Points")])
        self.roles.verticalHeader().hide()
        self.roles.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.roles.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.roles.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.roles.setShowGrid(False)
        header = self.roles.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column, sample in ((1, "Unités"), (2, "00–00"), (3, "0000 pts")):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Fixed)
            header.resizeSection(column, self.roles.fontMetrics().horizontalAdvance(sample) + 14)
        self.roles.verticalHeader().setDefaultSectionSize(self.roles.fontMetrics().height() + 4)
        self._role_rows: list[tuple[str, str, str, str]] = []
        self._verdict_shown: tuple[str, str] | None = None
        self.findings = QListWidget()
        self.findings.setWordWrap(True)
        self.findings.itemActivated.connect(self._activated)
        self.findings.itemClicked.connect(self._activated)
        layout.addWidget(self.verdict)
        self.findings.setMinimumHeight(60)
        layout.addWidget(self.summary)
        layout.addWidget(self.findings, 1)
        layout.addWidget(self.roles)
        self._shown_findings: tuple[Finding, ...] | None = None
        #: True when the list shown is empty (a neutral banner, not a red verdict).
        self.empty = False

    def show_report(
        self,
        report: Report,
        army: ArmyList | None = None,
        catalogue: Catalogue | None = None,
        *,
        as_priced: bool = False,
    ) -> None:
        """Show ``report`` on ``army``; ``as_priced``: units cost what the list states, as in the verdict."""
        self.empty = army is not None and army.unit_count() == 0
        if self.empty:
            colour = _NEUTRAL
            verdict = self.tr("EMPTY LIST")
        else:
            colour = _LEGAL if report.legal else _NOT_LEGAL
            verdict = report.verdict(self.lang)
        if (verdict, colour) != self._verdict_shown:  # a new style sheet re-polishes the widget: only on change
            self._verdict_shown = (verdict, colour)
            self.verdict.setText(f"<b style='font-size: 15pt; color: white'>{escape(verdict)}</b>")
            self.verdict.setStyleSheet(f"background: {colour}; border-radius: 4px;")
            self.verdict.setToolTip(
                self.tr("Add units from the catalogue on the left to start the list.") if self.empty else ""
            )
        limit = f" / {report.points_limit}" if report.points_limit is not None else ""
        band = report.band or self.tr("none")
        spent = role_points(army, catalogue, as_priced=as_priced) if army is not None and catalogue is not None else {}
        line = (
            self.tr("%1 points, band %2, %3 error(s), %4 warning(s)")
            .replace("%1", f"{report.total_points}{limit}")
            .replace("%2", band)
            .replace("%3", str(report.errors))
            .replace("%4", str(report.warnings))
        )
        if line != self.summary.text():
            self.summary.setText(line)
        self._show_roles(
            [
                (
                    c.role.label(self.lang),
                    str(c.count),
                    f"{c.min}–{c.max}" if c.max is not None else "",
                    f"{spent.get(c.role, 0)} {self.tr('pts')}",
                )
                for c in report.role_counts
                if c.count or c.min
            ]
        )
        self._show_findings(report.findings)

    def show_waiting(self, message: str) -> None:
        """No verdict yet (the catalogue is loading, or missing): a neutral banner saying so."""
        self._verdict_shown = None
        self.empty = False
        self.verdict.setText(f"<b style='font-size: 11pt; color: white'>{escape(message)}</b>")
        self.verdict.setStyleSheet(f"background: {_NEUTRAL}; border-radius: 4px;")
        self.verdict.setToolTip("")
        self.summary.setText("")
        self._show_roles([])
        self._shown_findings = None
        self.findings.clear()

    def _show_roles(self, rows: list[tuple[str, str, str, str]]) -> None:
        if rows == self._role_rows:
            return
        if len(rows) != len(self._role_rows):
            self.roles.setRowCount(len(rows))
            height = self.roles.horizontalHeader().height() + self.roles.verticalHeader().length() + 4
            self.roles.setMaximumHeight(height)  # all rows when there is room; it scrolls when there is not
            self.roles.setMinimumHeight(min(height, 110))
        for row, texts in enumerate(rows):
            old = self._role_rows[row] if row < len(self._role_rows) else None
            for column, text in enumerate(texts):
                if old is not None and old[column] == text:
                    continue
                item = self.roles.item(row, column)
                if item is None:
                    item = QTableWidgetItem()
                    if column:
                        item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                    self.roles.setItem(row, column, item)
                item.setText(text)
                if column == 0:
                    item.setToolTip(text)  # the role's whole name where a narrow pane cuts it
        self._role_rows = rows

    def _show_findings(self, findings: tuple[Finding, ...]) -> None:
        if findings == self._shown_findings and not self.empty:
            return  # same findings: nothing to repaint
        old = self._shown_findings or ()
        self._shown_findings = None if self.empty else findings
        style = self.style()
        if self.empty:
            # The hint first, then what the summary counts: an empty list shows every error it says it has.
            self.findings.clear()
            self.findings.addItem(_plain_item(self.tr("The list is empty: add units from the catalogue.")))
            for item in findings:
                listed = QListWidgetItem()
                self.findings.addItem(listed)
                _fill(listed, item, self.words, style)
            return
        if not findings or not old:
            self.findings.clear()
            if not findings:
                self.findings.addItem(_plain_item(self.tr("No problem found.")))
                return
        # Update in place: only the rows whose finding changed are laid out and repainted again.
        while self.findings.count() > len(findings):
            self.findings.takeItem(self.findings.count() - 1)
        for row, item in enumerate(findings):
            if row < len(old) and row < self.findings.count() and old[row] == item:
                continue
            shown = self.findings.item(row) if row < self.findings.count() else None
            if shown is None:
                shown = QListWidgetItem()
                self.findings.addItem(shown)
            _fill(shown, item, self.words, style)

    def _activated(self, item: QListWidgetItem) -> None:
        units = item.data(UNITS_ROLE)  # every row carries a list (never an empty value)
        if isinstance(units, list) and units:
            self.units_activated.emit(list(units))


def _fill(shown: QListWidgetItem, item: Finding, words: FindingWords, style: QStyle) -> None:
    """Show one finding in a row: its icon, its text and fix, its code and rule in the tooltip."""
    shown.setIcon(style.standardIcon(_ICONS[item.severity]))
    shown.setText(finding_text(item, words.lang, words))
    shown.setToolTip(f"{item.code.value} — {item.rule.name(words.lang)}")
    shown.setData(UNITS_ROLE, list(item.units))


def _plain_item(text: str) -> QListWidgetItem:
    item = QListWidgetItem(text)
    item.setData(UNITS_ROLE, [])
    return item
