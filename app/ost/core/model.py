"""The core's model base: msgspec structs with the few methods the code calls on its models.

Ost's models (catalogue, list, findings, report) are :class:`msgspec.Struct`
classes: a C-implemented typed struct that imports in a few milliseconds,
builds no schema when a class is made, and decodes JSON or Python data with
validation in one step. This module gives them the small API the code was
written against (``model_validate``, ``model_dump``, ``model_copy``…), so
callers read the same as before.

What differs from a validating model, and callers must know:

- Validation (types, bounds, unknown fields) happens when data is *decoded*
  (:meth:`Model.model_validate`, :meth:`Model.model_validate_json`), not when
  a model is built by its constructor: code that builds a model from values
  it did not check itself passes it through :func:`validated`.
  ``__post_init__`` runs both ways: cross-field checks live there.
- Decoding is lax as a validating model was: ``"5"`` for an int is read as 5.
- :class:`ValidationError` is msgspec's, with ``errors()`` giving the first
  problem as ``{"loc", "type", "msg", "input", "ctx"}`` (msgspec stops at the
  first problem, so there is one).
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Collection, Iterable, Mapping
from enum import Enum
from typing import Any, ClassVar, Literal, Self, TypeVar, cast

import msgspec

__all__ = [
    "FrozenModel",
    "Model",
    "ValidationError",
    "dump",
    "validated",
]


class ValidationError(msgspec.ValidationError, ValueError):
    """Data that does not fit a model: the first problem found, where it is and what was given.

    Raised by :meth:`Model.model_validate`, :meth:`Model.model_validate_json`
    and :func:`validated`; a subclass of msgspec's own, so a handler of either
    catches it, and a ``ValueError`` (handlers of bad values catch it too).
    """

    def __init__(self, message: str, data: Any = None, *, kind: str | None = None) -> None:
        super().__init__(message)
        self._error = _describe(message, data, kind)

    @classmethod
    def of(cls, exc: Exception, data: Any = None) -> ValidationError:
        """``exc`` (msgspec's error, or a check's ``ValueError``) as one of these, ``data`` the input it was about."""
        if isinstance(exc, ValidationError):
            return exc
        if isinstance(exc, msgspec.ValidationError):
            return cls(str(exc), data)
        if isinstance(exc, msgspec.DecodeError):
            return cls(f"Invalid JSON: {exc}", None, kind="json_invalid")
        return cls(str(exc), data, kind="value_error")

    def errors(self) -> list[dict[str, Any]]:
        """The problem as ``[{"loc": (...), "type": ..., "msg": ..., "input": ..., "ctx": {...}}]``."""
        return [dict(self._error)]

    def error_count(self) -> int:
        return 1


# msgspec's messages, read when one is translated (rare): patterns compiled then, not at every start (re caches them).
_AT = r"(?s)^(?P<msg>.*?)(?: - at `\$(?P<path>[^`]*)`)?$"
_PART = r"\.([^.\[]+)|\[(\d+|\.\.\.)\]"
_BOUND = r"^Expected `(?P<type>[a-z]+)`(?: of length)? (?P<op>[<>]=?) (?P<n>-?[\d.]+)$"
_MISSING = r"^Object missing required field `(?P<field>.*)`$"
_UNKNOWN = r"^Object contains unknown field `(?P<field>.*)`$"
_WRONG = r"^Expected `(?P<type>[^`]*)`, got `(?P<got>[^`]*)`$"

#: msgspec's comparison -> the error type and bound name a validating model used.
_OPS = {
    ">=": ("greater_than_equal", "ge"),
    "<=": ("less_than_equal", "le"),
    ">": ("greater_than", "gt"),
    "<": ("less_than", "lt"),
}
_OP_WORDS = {"ge": "greater than or equal to", "le": "less than or equal to", "gt": "greater than", "lt": "less than"}
_TYPE_WORDS = {
    "int": "a valid integer",
    "str": "a valid string",
    "float": "a valid number",
    "bool": "a valid boolean",
    "array": "a valid list",
    "object": "a valid dictionary",
    "null": "None",
}


def _describe(message: str, data: Any, kind: str | None) -> dict[str, Any]:
    """The sentence of msgspec ("Expected `int` >= 0 - at `$.kinds[0].min`") as a problem record."""
    matched = re.match(_AT, message)
    text, path = (matched.group("msg"), matched.group("path") or "") if matched else (message, "")
    loc: list[str | int] = []
    for name, index in re.findall(_PART, path):
        loc.append(name if name else ("..." if index == "..." else int(index)))
    ctx: dict[str, Any] = {}
    if kind == "json_invalid":
        return {"loc": (), "type": kind, "msg": text, "input": None, "ctx": ctx}
    if kind == "value_error":
        return {"loc": (), "type": kind, "msg": f"Value error, {text}", "input": data, "ctx": ctx}
    if found := re.match(_MISSING, text):
        loc.append(found.group("field"))
        return {"loc": tuple(loc), "type": "missing", "msg": "Field required", "input": None, "ctx": ctx}
    if found := re.match(_UNKNOWN, text):
        loc.append(found.group("field"))
        given = _lookup(data, loc, None)
        return {
            "loc": tuple(loc),
            "type": "extra_forbidden",
            "msg": "Extra inputs are not permitted",
            "input": given,
            "ctx": ctx,
        }
    if found := re.match(_BOUND, text):
        number = found.group("n")
        bound: int | float = float(number) if "." in number else int(number)
        error_type, name = _OPS[found.group("op")]
        ctx[name] = bound
        given = _lookup(data, loc, (name, bound))
        if found.group("type") == "str" and "of length" in text:
            plural = "" if bound == 1 else "s"
            if name == "ge":
                error_type, words = "string_too_short", f"String should have at least {bound} character{plural}"
            else:
                error_type, words = "string_too_long", f"String should have at most {bound} character{plural}"
            ctx = {"min_length" if name == "ge" else "max_length": bound}
            return {"loc": _shown_loc(loc, data), "type": error_type, "msg": words, "input": given, "ctx": ctx}
        words = f"Input should be {_OP_WORDS[name]} {bound}"
        return {
            "loc": _shown_loc(loc, data, (name, bound)),
            "type": error_type,
            "msg": words,
            "input": given,
            "ctx": ctx,
        }
    given = _lookup(data, loc, None)
    if found := re.match(_WRONG, text):
        wanted = found.group("type").split(" | ")[0]
        words = f"Input should be {_TYPE_WORDS.get(wanted, wanted)}"
        return {"loc": _shown_loc(loc, data), "type": f"{wanted}_type", "msg": words, "input": given, "ctx": ctx}
    if text.startswith("Invalid enum value"):
        return {
            "loc": _shown_loc(loc, data),
            "type": "enum",
            "msg": "Input should be a known value",
            "input": given,
            "ctx": ctx,
        }
    if text.startswith(("Expected", "Invalid")):
        return {"loc": _shown_loc(loc, data), "type": "value_type", "msg": text, "input": given, "ctx": ctx}
    # A check in ``__post_init__`` (a ValueError): it is about the object at ``loc`` as a whole.
    return {
        "loc": _shown_loc(loc, data),
        "type": "value_error",
        "msg": f"Value error, {text}",
        "input": given,
        "ctx": ctx,
    }


def _breaks(value: Any, bound: tuple[str, int | float] | None) -> bool:
    if bound is None or isinstance(value, bool) or not isinstance(value, int | float):
        return bound is None
    name, limit = bound
    return not {"ge": value >= limit, "le": value <= limit, "gt": value > limit, "lt": value < limit}[name]


def _key_of(node: Mapping[Any, Any], bound: tuple[str, int | float] | None) -> Any:
    """The key of ``node`` msgspec wrote as ``[...]``: the first whose value breaks ``bound`` (else the first)."""
    for key, value in node.items():
        if _breaks(value, bound):
            return key
    return next(iter(node), "...")


def _shown_loc(loc: list[str | int], data: Any, bound: tuple[str, int | float] | None = None) -> tuple[Any, ...]:
    """``loc`` with each ``[...]`` (a dict key msgspec does not name) replaced by the key, when ``data`` tells it."""
    out: list[Any] = []
    node = data
    for part in loc:
        if part == "..." and isinstance(node, Mapping):
            part = _key_of(node, bound)
        out.append(part)
        node = _step(node, part)
    return tuple(out)


def _step(node: Any, part: Any) -> Any:
    if isinstance(node, Mapping):
        return node.get(part)
    if isinstance(node, list | tuple) and isinstance(part, int) and 0 <= part < len(node):
        return node[part]
    if isinstance(node, msgspec.Struct) and isinstance(part, str):
        return getattr(node, part, None)
    return None


def _lookup(data: Any, loc: list[str | int], bound: tuple[str, int | float] | None) -> Any:
    node = data
    for part in loc:
        if part == "..." and isinstance(node, Mapping):
            part = _key_of(node, bound)
        node = _step(node, part)
    return node


class _FieldNames:
    """``Model.model_fields``: the names of a model class's fields, in order."""

    def __get__(self, obj: object, owner: type[msgspec.Struct]) -> tuple[str, ...]:
        return owner.__struct_fields__


_Dumped = dict[str, Any]
M = TypeVar("M", bound=msgspec.Struct)


class _Methods:
    """What every model of the core shares (see the module's docstring): a mixin of the struct classes below."""

    __slots__ = ()
    __struct_fields__: ClassVar[tuple[str, ...]]

    #: The fields' names (class-level), as ``Datasheet.model_fields``.
    model_fields: ClassVar[_FieldNames] = _FieldNames()
    #: Fields left out of :meth:`model_dump` while empty (``[]``, ``{}``, None): written only when they say something.
    omit_empty: ClassVar[frozenset[str]] = frozenset()

    @classmethod
    def model_validate(cls, obj: Any) -> Self:
        """``obj`` (a dict as JSON would give, or an instance) decoded and checked, or :class:`ValidationError`."""
        try:
            return msgspec.convert(obj, cls, strict=False)
        except (msgspec.ValidationError, ValueError, TypeError) as exc:
            raise ValidationError.of(exc, obj) from None

    @classmethod
    def model_validate_json(cls, text: str | bytes) -> Self:
        """The model of a JSON text, or :class:`ValidationError` (also for text that is not JSON)."""
        try:
            return msgspec.json.decode(text, type=cls, strict=False)
        except msgspec.ValidationError as exc:
            data: Any = None
            with contextlib.suppress(msgspec.DecodeError, RecursionError):
                data = msgspec.json.decode(text)
            raise ValidationError.of(exc, data) from None
        except msgspec.DecodeError as exc:
            raise ValidationError.of(exc) from None

    def model_dump(
        self,
        *,
        mode: Literal["python", "json"] = "python",
        include: Iterable[str] | None = None,
        exclude: Iterable[str] | None = None,
        exclude_defaults: bool = False,
    ) -> dict[str, Any]:
        """The model as plain data; ``mode="json"`` writes enum values and lists where ``python`` keeps members, tuples.

        ``include``/``exclude`` name top-level fields; ``exclude_defaults`` leaves out every field (at every
        depth) that holds its default; :attr:`omit_empty` fields are left out while empty.
        """
        return _dump_struct(self, mode == "json", exclude_defaults, _names(self, include, exclude))

    def model_dump_json(self, *, include: Collection[str] | None = None, exclude: Iterable[str] | None = None) -> str:
        """The model as JSON text, by msgspec's encoder (classes with ``omit_defaults`` leave their defaults out)."""
        if include is None and exclude is None:
            return msgspec.json.encode(self).decode()
        fields = msgspec.structs.asdict(cast(msgspec.Struct, self))  # C-fast, shallow: nested values encode as they are
        if include is not None:
            fields = {name: fields[name] for name in self.__struct_fields__ if name in include}
        for name in exclude or ():
            fields.pop(name, None)
        return msgspec.json.encode(fields).decode()

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self:
        """A copy with ``update`` applied (not checked), its own lists with ``deep``.

        Values cached on an instance (``functools.cached_property``) are not carried over: they were
        worked out from the fields the copy may change.
        """
        this: Any = self
        copy = _copy_value(this) if deep else this
        return cast(Self, msgspec.structs.replace(copy, **(update or {})) if update or not deep else copy)


def _names(model: Any, include: Iterable[str] | None, exclude: Iterable[str] | None) -> Iterable[str]:
    names: Iterable[str] = model.__struct_fields__
    if include is not None:
        wanted = set(include)
        names = [n for n in names if n in wanted]
    if exclude is not None:
        unwanted = set(exclude)
        names = [n for n in names if n not in unwanted]
    return names


def _copy_value(value: Any) -> Any:
    """A copy of ``value`` sharing no list, dict or struct with it (values are not checked again)."""
    if isinstance(value, msgspec.Struct):
        return msgspec.structs.replace(
            value, **{name: _copy_value(getattr(value, name)) for name in value.__struct_fields__}
        )
    if isinstance(value, list):
        return [_copy_value(v) for v in value]
    if isinstance(value, dict):
        return {k: _copy_value(v) for k, v in value.items()}
    return value


_NO_DEFAULT = msgspec.NODEFAULT
#: Each model class's defaults, worked out once (see :func:`_defaults`).
_DEFAULTS: dict[type, dict[str, Any]] = {}


def _defaults(cls: type[msgspec.Struct]) -> dict[str, Any]:
    """Each field's default (a factory's value made fresh), :data:`msgspec.NODEFAULT` for a required one."""
    known = _DEFAULTS.get(cls)
    if known is None:
        known = {}
        for field in msgspec.structs.fields(cls):
            if field.default is not _NO_DEFAULT:
                known[field.name] = field.default
            elif field.default_factory is not _NO_DEFAULT:
                known[field.name] = field.default_factory()
            else:
                known[field.name] = _NO_DEFAULT
        _DEFAULTS[cls] = known
    return known


def _dump_struct(model: Any, json: bool, exclude_defaults: bool, names: Iterable[str]) -> _Dumped:
    omit: frozenset[str] = getattr(model, "omit_empty", frozenset())
    defaults = _defaults(type(model)) if exclude_defaults else None
    out: _Dumped = {}
    for name in names:
        value = getattr(model, name)
        if name in omit and (value is None or (isinstance(value, list | dict | tuple) and not value)):
            continue
        if defaults is not None and defaults.get(name, _NO_DEFAULT) is not _NO_DEFAULT and value == defaults[name]:
            continue
        out[name] = _dump_value(value, json, exclude_defaults)
    return out


def _dump_value(value: Any, json: bool, exclude_defaults: bool) -> Any:
    if isinstance(value, msgspec.Struct):
        return _dump_struct(value, json, exclude_defaults, value.__struct_fields__)
    if isinstance(value, list):
        return [_dump_value(v, json, exclude_defaults) for v in value]
    if isinstance(value, tuple):
        items = [_dump_value(v, json, exclude_defaults) for v in value]
        return items if json else tuple(items)
    if isinstance(value, dict):
        return {
            (k.value if json and isinstance(k, Enum) else k): _dump_value(v, json, exclude_defaults)
            for k, v in value.items()
        }
    if json and isinstance(value, Enum):
        return value.value
    if json and not isinstance(value, str | int | float | bool | type(None)):
        return msgspec.to_builtins(value)
    return value


class Model(msgspec.Struct, _Methods, kw_only=True, forbid_unknown_fields=True, dict=True):
    """A model that may change in place, and may cache values worked out from its fields."""


class FrozenModel(msgspec.Struct, _Methods, kw_only=True, forbid_unknown_fields=True, frozen=True):
    """A model that never changes once built (hashable)."""


def validated(model: M, data: Any = None) -> M:
    """``model`` checked as if it were decoded (types, bounds, ``__post_init__``): a fresh copy sharing no list with it.

    For models built by their constructor from values the caller did not check
    (an importer's, a reader's): the constructor checks nothing but
    ``__post_init__``. Raises :class:`ValidationError`.
    """
    try:
        builtins = msgspec.to_builtins(model)
    except (ValueError, TypeError) as exc:
        raise ValidationError.of(exc, data) from None
    try:
        return msgspec.convert(builtins, type(model), strict=False)
    except (msgspec.ValidationError, ValueError, TypeError) as exc:
        raise ValidationError.of(exc, builtins) from None


def dump(model: msgspec.Struct, *, mode: Literal["python", "json"] = "python") -> dict[str, Any]:
    """:meth:`Model.model_dump` of any struct of the core."""
    return _dump_struct(model, mode == "json", False, model.__struct_fields__)
