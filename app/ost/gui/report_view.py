"""The verdict, the points and the findings of the list being edited."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QListWidget, QListWidgetItem, QStyle, QVBoxLayout, QWidget

from ost.core.findings import Severity
from ost.core.validator import Report

UNITS_ROLE = Qt.ItemDataRole.UserRole + 20

_ICONS = {
    Severity.ERROR: QStyle.StandardPixmap.SP_MessageBoxCritical,
    Severity.WARNING: QStyle.StandardPixmap.SP_MessageBoxWarning,
    Severity.INFO: QStyle.StandardPixmap.SP_MessageBoxInformation,
}


class ReportView(QWidget):
    """Verdict banner, summary line and the findings; activating a finding selects its units."""

    units_activated = Signal(list)

    def __init__(self, lang: str = "fr") -> None:
        super().__init__()
        self.lang = lang
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.verdict = QLabel()
        self.verdict.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.verdict.setMargin(6)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.findings = QListWidget()
        self.findings.setWordWrap(True)
        self.findings.itemActivated.connect(self._activated)
        self.findings.itemClicked.connect(self._activated)
        layout.addWidget(self.verdict)
        layout.addWidget(self.summary)
        layout.addWidget(self.findings, 1)

    def show_report(self, report: Report) -> None:
        legal = report.legal
        colour = "#1b5e20" if legal else "#b3261e"
        self.verdict.setText(f"<b style='font-size: 15pt; color: white'>{report.verdict(self.lang)}</b>")
        self.verdict.setStyleSheet(f"background: {colour}; border-radius: 4px;")
        limit = f" / {report.points_limit}" if report.points_limit is not None else ""
        band = report.band or self.tr("none")
        counts = " · ".join(
            f"{c.role.label(self.lang)} {c.count}" + (f" ({c.min}–{c.max})" if c.max is not None else "")
            for c in report.role_counts
            if c.count or c.min
        )
        self.summary.setText(
            self.tr("%1 points, band %2, %3 error(s), %4 warning(s)")
            .replace("%1", f"{report.total_points}{limit}")
            .replace("%2", band)
            .replace("%3", str(report.errors))
            .replace("%4", str(report.warnings))
            + (f"<br><small>{counts}</small>" if counts else "")
        )
        self.findings.clear()
        style = self.style()
        for item in report.findings:
            row = QListWidgetItem(style.standardIcon(_ICONS[item.severity]), item.message(self.lang))
            row.setToolTip(f"{item.code.value} — {item.rule}")
            row.setData(UNITS_ROLE, list(item.units))
            self.findings.addItem(row)
        if not report.findings:
            self.findings.addItem(QListWidgetItem(self.tr("No problem found.")))

    def _activated(self, item: QListWidgetItem) -> None:
        units = item.data(UNITS_ROLE)
        if units:
            self.units_activated.emit(list(units))
