"""YAML read with line numbers, so every error can name its line.

Only plain YAML is accepted: no anchors or aliases (no "billion laughs"), no
custom tags, no duplicate keys, no nesting deeper than :data:`MAX_DEPTH`.
Scalars are typed by the safe YAML resolver.

libyaml's C parser is used when PyYAML has it (about six times faster on the
shipped catalogue, same values and lines), the pure-Python one otherwise.
Depth is checked on the parser's event stream, which is a flat loop, before the
(recursive) composer builds any node: a file of 100,000 ``[`` is refused with a
message, never a ``RecursionError`` or a crashed interpreter.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.constructor import SafeConstructor
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from ost.core.fileio import InputFileError, InputProblem, read_regular
from ost.core.limits import MAX_DIGITS, MAX_MODELS, MAX_POINTS

MAX_SOURCE_BYTES = 8 * 1024 * 1024
#: Deepest nesting of lists and mappings a catalogue source may have (the shipped files need 8).
MAX_DEPTH = 64

_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters for a message, its start and end kept."""
    if len(text) <= limit:
        return text
    return f"{text[: limit * 2 // 3]}…{text[-(limit // 3 - 1) :]}"


class SourceError(Exception):
    """An error in a source file, with the file, line and field it concerns."""

    def __init__(self, path: Path | str, line: int | None, field: str | None, message: str) -> None:
        self.path = str(path)
        self.line = line
        self.field = _clip(field, 80) if field else field  # harden (fuzz): a key or a value from the file may be huge
        self.detail = _clip(message, 300)
        field, message = self.field, self.detail
        where = self.path
        if line is not None:
            where += f", line {line}"
        if field:
            where += f", field {field}"
        super().__init__(f"{where}: {message}")


@dataclass
class Located:
    """A decoded YAML document plus the line of every node, by path."""

    path: Path
    value: Any
    lines: dict[tuple[str | int, ...], int] = field(default_factory=dict)

    def line(self, at: tuple[str | int, ...]) -> int | None:
        """Line of ``at``, or of its closest enclosing node."""
        while True:
            if at in self.lines:
                return self.lines[at]
            if not at:
                return None
            at = at[:-1]

    def error(self, at: tuple[str | int, ...], message: str, field: str | None = None) -> SourceError:
        shown = field if field is not None else (str(at[-1]) if at and isinstance(at[-1], str) else None)
        return SourceError(self.path, self.line(at), shown, message)


def load_yaml(path: Path) -> Located:
    """Read ``path`` as YAML; raises :class:`SourceError` with the line of any problem."""
    try:
        raw = read_regular(path, MAX_SOURCE_BYTES)  # harden: the guarded reader (no FIFO, device, loop)
    except InputFileError as exc:
        detail = "file is too large for a catalogue source" if exc.kind is InputProblem.TOO_LARGE else exc.message_en
        raise SourceError(path, None, None, detail) from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise SourceError(path, line, None, "not UTF-8 text (save the file as UTF-8)") from None
    return parse_yaml(text, path)


def _check_depth(text: str, path: Path) -> None:
    """Refuse ``text`` when its lists and mappings nest deeper than :data:`MAX_DEPTH`."""
    depth = 0
    for event in yaml.parse(text, Loader=_LOADER):
        if isinstance(event, yaml.SequenceStartEvent | yaml.MappingStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                line = event.start_mark.line + 1 if event.start_mark is not None else None
                raise SourceError(path, line, None, f"lists and mappings nest deeper than {MAX_DEPTH} levels")
        elif isinstance(event, yaml.SequenceEndEvent | yaml.MappingEndEvent):
            depth -= 1


def parse_yaml(text: str, path: Path) -> Located:
    try:
        _check_depth(text, path)
        node = yaml.compose(text, Loader=_LOADER)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else None
        raise SourceError(path, line, None, f"bad YAML syntax: {exc.problem or exc.context}") from None
    except yaml.YAMLError as exc:
        raise SourceError(path, None, None, f"bad YAML syntax: {exc}") from None
    located = Located(path=path, value=None)
    if node is None:
        located.value = {}
        return located
    constructor = SafeConstructor()
    located.value = _convert(node, (), located, constructor, set())
    return located


def _convert(
    node: Node,
    at: tuple[str | int, ...],
    located: Located,
    constructor: SafeConstructor,
    seen: set[int],
) -> Any:
    located.lines[at] = node.start_mark.line + 1
    if id(node) in seen:
        raise located.error(at, "YAML anchors and aliases are not allowed in catalogue sources")
    seen.add(id(node))
    if isinstance(node, ScalarNode):
        if node.tag.startswith("tag:yaml.org,2002:") and node.tag.rsplit(":", 1)[1] in (
            "str",
            "int",
            "float",
            "bool",
            "null",
        ):
            if node.tag.endswith(":int") and sum(c.isdigit() for c in str(node.value)) > MAX_DIGITS:
                # harden: Python refuses to read more than 4,300 digits, and nothing in a catalogue needs 16
                digits = sum(c.isdigit() for c in str(node.value))
                raise located.error(
                    at,
                    f"a number of {digits} digits; numbers here have at most {MAX_DIGITS} "
                    f"(points at most {MAX_POINTS}, models at most {MAX_MODELS})",
                )
            return constructor.construct_object(node, deep=True)
        raise located.error(at, f"unsupported YAML tag {node.tag}")
    if isinstance(node, SequenceNode):
        return [_convert(child, (*at, i), located, constructor, seen) for i, child in enumerate(node.value)]
    if isinstance(node, MappingNode):
        result: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, ScalarNode):
                raise located.error(at, "mapping keys must be plain words")
            key = str(key_node.value)
            if key in result:
                located.lines[(*at, key)] = key_node.start_mark.line + 1
                raise located.error((*at, key), f"duplicate key {key!r}")
            result[key] = _convert(value_node, (*at, key), located, constructor, seen)
            located.lines[(*at, key)] = key_node.start_mark.line + 1
        return result
    raise located.error(at, "unsupported YAML node")
