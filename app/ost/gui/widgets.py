"""Small widgets the forms share: boxes the mouse wheel cannot change by accident, labels that wrap.

A spin box or a choice box under the pointer takes the wheel from the form
that scrolls: the player scrolls down the unit form and silently changes an
option on the way. These boxes take the wheel only once they have the focus
(clicked or tabbed into); otherwise the wheel scrolls the form.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QResizeEvent, QStandardItemModel, QWheelEvent
from PySide6.QtWidgets import QComboBox, QLabel, QSizePolicy, QSpinBox, QWidget


class FocusWheelSpinBox(QSpinBox):
    """A spin box the wheel changes only while it has the focus."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # the wheel does not give it the focus

    def wheelEvent(self, event: QWheelEvent) -> None:
        if self.hasFocus():
            super().wheelEvent(event)
        else:
            event.ignore()  # to the scroll area around it


class FocusWheelComboBox(QComboBox):
    """A choice box the wheel changes only while it has the focus; its tooltip says its current entry whole.

    A narrow pane cuts the entry a box shows ("Two Carnifex Scything Talons
    (par déf…"); the entry's own tooltip shows only in the open list. So the
    closed box carries it too: the entry's tooltip (its reasons, when it has
    any), else its text.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.currentIndexChanged.connect(self.say_current)
        self.model().dataChanged.connect(self.say_current)  # an entry's text or reasons changed in place

    def say_current(self, *_args: object) -> None:
        """Put the current entry in the tooltip (called again by whoever filled the box with its signals blocked)."""
        # Read through the item, which answers "" for no tooltip: an empty value read from Qt as None
        # costs None a reference with PySide6 6.12 (see CatalogueBrowser._sheet_id).
        items = self.model()
        item = items.item(self.currentIndex()) if isinstance(items, QStandardItemModel) else None
        tip = item.toolTip() if item is not None else ""
        self.setToolTip(tip or self.currentText())

    def wheelEvent(self, event: QWheelEvent) -> None:
        if self.hasFocus():
            super().wheelEvent(event)
        else:
            event.ignore()


class WrappingLabel(QLabel):
    """A word-wrapped label that asks for the height its lines need at the width it was given.

    Layouts size a wrapped label from a guessed width, and a label beside a
    box inside a scroll area got two lines' height for three lines of text.
    Once it knows its width, it asks for the height it needs, and the form
    makes room for it.
    """

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        needed = self.heightForWidth(self.width())
        if needed > 0 and needed != self.minimumHeight():
            self.setMinimumHeight(needed)


def wrapped_label(text: str, *, tooltip: str | None = None) -> QLabel:
    """A label that wraps onto more lines rather than being cut, its whole text in its tooltip."""
    label = WrappingLabel(text)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setToolTip(tooltip if tooltip is not None else text)
    # Preferred both ways: a minimum height or width would make the label ask for the height of
    # its narrowest wrapping (five lines for two), leaving gaps between the rows of a form.
    label.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
    return label
