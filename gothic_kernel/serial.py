"""Plain data in and out of JSON, driven by type annotations.

Game states and actions are attrs classes of plain values. :func:`to_data`
turns one into JSON-able data and :func:`from_data` rebuilds it from the
class's annotations, checking every value on the way in, so a corrupt save or
a malformed action fails with a message naming the offending path.

Supported: None, bool, int, float, str, enums, attrs classes, ``list``,
``tuple`` (fixed or ``...``), ``dict`` (str, int or enum keys), ``set``,
``frozenset``, ``Optional``/unions, ``Literal``, ``Any`` (JSON as is), numpy
arrays (``np.ndarray``) and :class:`~gothic_kernel.dice.Dice`.
"""

from __future__ import annotations

import enum
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, Literal, Union, get_args, get_origin

import attrs
import numpy as np

from .dice import Dice, dice_from_data


class SerialError(ValueError):
    """Data that does not fit the type it must be read as."""

    def __init__(self, path: str, problem: str) -> None:
        super().__init__(f"{path or 'value'}: {problem}")
        self.path = path
        self.problem = problem


_FIELD_TYPES: dict[type, tuple[tuple[str, Any], ...]] = {}
_OPTIONAL_FIELDS: dict[type, frozenset[str]] = {}


def _optional_fields(cls: type) -> frozenset[str]:
    """Init fields of an attrs class that have a default (they may be left out)."""
    found = _OPTIONAL_FIELDS.get(cls)
    if found is None:
        found = frozenset(f.name for f in attrs.fields(cls)
                          if f.init and f.default is not attrs.NOTHING)
        _OPTIONAL_FIELDS[cls] = found
    return found


def field_types(cls: type) -> tuple[tuple[str, Any], ...]:
    """The (name, resolved type) of each init field of an attrs class (cached)."""
    found = _FIELD_TYPES.get(cls)
    if found is None:
        hints = typing.get_type_hints(cls)
        found = tuple((f.name, hints[f.name]) for f in attrs.fields(cls) if f.init)
        _FIELD_TYPES[cls] = found
    return found


def to_data(value: Any) -> Any:
    """JSON-able data for ``value`` (attrs classes become objects of their fields)."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, enum.Enum):
        return value.value
    if attrs.has(type(value)):
        return {name: to_data(getattr(value, name)) for name, _ in field_types(type(value))}
    if isinstance(value, Mapping):
        return {_key_to_data(k): to_data(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_data(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted((to_data(v) for v in value), key=repr)
    if isinstance(value, np.ndarray):
        return {"dtype": str(value.dtype), "shape": list(value.shape),
                "data": value.ravel().tolist()}
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, Dice):
        return value.to_data()
    to_data_method = getattr(value, "to_data", None)
    if callable(to_data_method):
        return to_data_method()
    raise SerialError("", f"cannot save a {type(value).__name__}")


def _key_to_data(key: Any) -> str:
    if isinstance(key, enum.Enum):
        return str(key.value)
    if isinstance(key, (str, int)):
        return str(key)
    raise SerialError("", f"cannot save a mapping key of type {type(key).__name__}")


def from_data(tp: Any, data: Any, path: str = "") -> Any:
    """Rebuild a value of type ``tp`` from :func:`to_data` output, checking it.

    A field of an attrs class that has a default may be left out.
    """
    if tp is Any or tp is object:
        return data
    if tp is type(None) or tp is None:
        if data is not None:
            raise SerialError(path, f"expected null, got {_what(data)}")
        return None
    reader = _SCALARS.get(tp)
    if reader is not None:
        return reader(data, path)
    origin = get_origin(tp)
    if origin is not None:
        return _from_generic(tp, origin, data, path)
    if isinstance(tp, type):
        if issubclass(tp, enum.Enum):
            try:
                return tp(data)
            except ValueError:
                allowed = ", ".join(repr(m.value) for m in tp)
                raise SerialError(path, f"{data!r} is not one of {allowed}") from None
        if attrs.has(tp):
            return _from_attrs(tp, data, path)
        if issubclass(tp, np.ndarray):
            return _array(data, path)
        if issubclass(tp, Dice):
            return dice_from_data(data)
        reader_method = getattr(tp, "from_data", None)
        if callable(reader_method):
            try:
                return reader_method(data)
            except (KeyError, TypeError, ValueError) as exc:
                raise SerialError(path, str(exc)) from None
    raise SerialError(path, f"no reader for type {tp!r}")


def _what(data: Any) -> str:
    return type(data).__name__ if data is not None else "null"


def _int(data: Any, path: str) -> int:
    if isinstance(data, bool) or not isinstance(data, int):
        raise SerialError(path, f"expected an integer, got {_what(data)}")
    return data


def _float(data: Any, path: str) -> float:
    if isinstance(data, bool) or not isinstance(data, (int, float)):
        raise SerialError(path, f"expected a number, got {_what(data)}")
    return float(data)


def _str(data: Any, path: str) -> str:
    if not isinstance(data, str):
        raise SerialError(path, f"expected a string, got {_what(data)}")
    return data


def _bool(data: Any, path: str) -> bool:
    if not isinstance(data, bool):
        raise SerialError(path, f"expected true or false, got {_what(data)}")
    return data


_SCALARS: dict[Any, Callable[[Any, str], Any]] = {int: _int, float: _float, str: _str, bool: _bool}


def _from_attrs(cls: type, data: Any, path: str) -> Any:
    if not isinstance(data, Mapping):
        raise SerialError(path, f"expected an object for {cls.__name__}, got {_what(data)}")
    kwargs = {}
    fields = field_types(cls)
    known = {name for name, _ in fields}
    extra = sorted(set(data) - known)
    if extra:
        raise SerialError(path, f"unknown field(s) {', '.join(map(repr, extra))} "
                                f"for {cls.__name__}")
    for name, tp in fields:
        if name not in data:
            if name in _optional_fields(cls):
                continue  # the class's default applies
            raise SerialError(path, f"missing field {name!r} for {cls.__name__}")
        kwargs[name] = from_data(tp, data[name], f"{path}.{name}" if path else name)
    try:
        return cls(**kwargs)
    except (TypeError, ValueError) as exc:
        raise SerialError(path, str(exc)) from None


def _from_generic(tp: Any, origin: Any, data: Any, path: str) -> Any:
    args = get_args(tp)
    if origin is Union or origin is types.UnionType:
        return _from_union(args, data, path)
    if origin is Literal:
        if data not in args or isinstance(data, bool) != any(isinstance(a, bool) for a in args):
            raise SerialError(path, f"{data!r} is not one of {', '.join(map(repr, args))}")
        return data
    if origin in (list, tuple, set, frozenset) or origin is typing.Sequence:
        if not isinstance(data, list):
            raise SerialError(path, f"expected a list, got {_what(data)}")
        if origin is tuple and args and args[-1] is not Ellipsis:
            if len(data) != len(args):
                raise SerialError(path, f"expected {len(args)} items, got {len(data)}")
            return tuple(from_data(a, d, f"{path}[{i}]") for i, (a, d) in
                         enumerate(zip(args, data, strict=True)))
        item_type = args[0] if args else Any
        items = [from_data(item_type, d, f"{path}[{i}]") for i, d in enumerate(data)]
        if origin is typing.Sequence:
            return tuple(items)
        return origin(items)
    if origin in (dict, Mapping) or origin is typing.Mapping:
        key_type, value_type = args if args else (Any, Any)
        if not isinstance(data, Mapping):
            raise SerialError(path, f"expected an object, got {_what(data)}")
        return {_key_from_data(key_type, k, path): from_data(value_type, v, f"{path}.{k}")
                for k, v in data.items()}
    if origin is np.ndarray:
        return _array(data, path)
    raise SerialError(path, f"no reader for type {tp!r}")


def _from_union(args: tuple[Any, ...], data: Any, path: str) -> Any:
    if data is None and type(None) in args:
        return None
    problems = []
    for arg in args:
        if arg is type(None):
            continue
        try:
            return from_data(arg, data, path)
        except SerialError as exc:
            problems.append(exc.problem)
    raise SerialError(path, " / ".join(problems) or "no alternative fits")


def _key_from_data(key_type: Any, key: Any, path: str) -> Any:
    if not isinstance(key, str):
        raise SerialError(path, f"expected a string key, got {_what(key)}")
    if key_type is int:
        try:
            return int(key)
        except ValueError:
            raise SerialError(path, f"key {key!r} is not an integer") from None
    if isinstance(key_type, type) and issubclass(key_type, enum.Enum):
        for member in key_type:
            if str(member.value) == key:
                return member
        raise SerialError(path, f"key {key!r} is not a {key_type.__name__}")
    return key


def _array(data: Any, path: str) -> np.ndarray[Any, Any]:
    try:
        return np.asarray(data["data"], dtype=data["dtype"]).reshape(data["shape"])
    except (KeyError, TypeError, ValueError) as exc:
        raise SerialError(path, f"bad array: {exc}") from None
