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
from collections.abc import Callable, Iterable, Mapping
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


#: The types ``to_data`` hands back as they are.
_PLAIN = frozenset({str, int, float, bool, type(None)})


def to_data(value: Any) -> Any:
    """JSON-native data for ``value``, of plain types only (attrs classes become objects of
    their fields; an enum member its value, a str or int enum too)."""
    if type(value) in _PLAIN:
        return value
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, (bool, int, float, str)):
        return value
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


Reader = Callable[[Any, str], Any]
#: The reader compiled for each type, once per process.
_READERS: dict[Any, Reader] = {}


def from_data(tp: Any, data: Any, path: str = "") -> Any:
    """Rebuild a value of type ``tp`` from :func:`to_data` output, checking it.

    A field of an attrs class that has a default may be left out. The reader of each
    type is worked out once (:func:`reader`); lists and mappings of plain values are
    checked in one pass, and the path of an offending value is worked out only when
    one is found.
    """
    return reader(tp)(data, path)


def reader(tp: Any) -> Reader:
    """The function ``(data, path) -> value`` that reads ``tp`` (cached per type)."""
    try:
        return _READERS[tp]
    except KeyError:
        found = _READERS[tp] = _compile(tp)
        return found
    except TypeError:  # an annotation that cannot be a key
        return _compile(tp)


def _compile(tp: Any) -> Reader:
    if tp is Any or tp is object:
        return _as_is
    if tp is type(None) or tp is None:
        return _null
    scalar = _SCALARS.get(tp)
    if scalar is not None:
        return scalar
    origin = get_origin(tp)
    if origin is not None:
        return _compile_generic(tp, origin)
    if isinstance(tp, type):
        if issubclass(tp, enum.Enum):
            return _enum_reader(tp)
        if attrs.has(tp):
            return _attrs_reader(tp)
        if issubclass(tp, np.ndarray):
            return _array
        if issubclass(tp, Dice):
            return lambda data, path: dice_from_data(data)
        reader_method = getattr(tp, "from_data", None)
        if callable(reader_method):
            return _method_reader(reader_method)
    return _no_reader(tp)


def _as_is(data: Any, path: str) -> Any:
    return data


def _null(data: Any, path: str) -> None:
    if data is not None:
        raise SerialError(path, f"expected null, got {_what(data)}")


def _no_reader(tp: Any) -> Reader:
    def read(data: Any, path: str) -> Any:
        raise SerialError(path, f"no reader for type {tp!r}")
    return read


def _method_reader(method: Callable[[Any], Any]) -> Reader:
    def read(data: Any, path: str) -> Any:
        try:
            return method(data)
        except (KeyError, TypeError, ValueError) as exc:
            raise SerialError(path, str(exc)) from None
    return read


def _enum_reader(tp: type[enum.Enum]) -> Reader:
    def read(data: Any, path: str) -> Any:
        try:
            return tp(data)
        except ValueError:
            allowed = ", ".join(repr(m.value) for m in tp)
            raise SerialError(path, f"{data!r} is not one of {allowed}") from None
    return read


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


_SCALARS: dict[Any, Reader] = {int: _int, float: _float, str: _str, bool: _bool}
#: Types whose values JSON gives back exactly (a list of them is read in one pass).
_EXACT: frozenset[Any] = frozenset({int, float, str, bool})
_TEXT = frozenset((str,))


def _plain_test(item: Any) -> Callable[[Iterable[Any]], bool] | None:
    """A test that every one of some items reads as it is (each exactly of the plain type
    ``item``, or ``item`` is Any), for reading a list or mapping in one pass; None if
    ``item`` is not plain."""
    if item is Any or item is object:
        return lambda items: True
    if item in _EXACT:
        only = frozenset((item,))
        return lambda items: only.issuperset(map(type, items))
    return None


def _attrs_reader(cls: type) -> Reader:
    fields = field_types(cls)
    known = frozenset(name for name, _ in fields)
    optional = _optional_fields(cls)
    readers: list[tuple[str, Reader]] = []  # filled on first use (a class may nest itself)

    def read(data: Any, path: str) -> Any:
        if not isinstance(data, Mapping):
            raise SerialError(path, f"expected an object for {cls.__name__}, "
                                    f"got {_what(data)}")
        if not known.issuperset(data):
            extra = sorted(set(data) - known)
            raise SerialError(path, f"unknown field(s) {', '.join(map(repr, extra))} "
                                    f"for {cls.__name__}")
        if not readers:
            readers.extend((name, reader(tp)) for name, tp in fields)
        kwargs = {}
        for name, read_field in readers:
            if name in data:
                kwargs[name] = read_field(data[name], f"{path}.{name}" if path else name)
            elif name not in optional:
                raise SerialError(path, f"missing field {name!r} for {cls.__name__}")
        try:
            return cls(**kwargs)
        except (TypeError, ValueError) as exc:
            raise SerialError(path, str(exc)) from None

    return read


def _compile_generic(tp: Any, origin: Any) -> Reader:
    args = get_args(tp)
    if origin is Union or origin is types.UnionType:
        return _union_reader(args)
    if origin is Literal:
        return _literal_reader(args)
    if origin in (list, tuple, set, frozenset) or origin is typing.Sequence:
        if origin is tuple and args and args[-1] is not Ellipsis:
            return _fixed_tuple_reader(args)
        return _sequence_reader(origin, args[0] if args else Any)
    if origin in (dict, Mapping) or origin is typing.Mapping:
        key_type, value_type = args if args else (Any, Any)
        return _mapping_reader(key_type, value_type)
    if origin is np.ndarray:
        return _array
    return _no_reader(tp)


def _union_reader(args: tuple[Any, ...]) -> Reader:
    optional = type(None) in args
    readers = [reader(arg) for arg in args if arg is not type(None)]

    def read(data: Any, path: str) -> Any:
        if data is None and optional:
            return None
        problems = []
        for read_one in readers:
            try:
                return read_one(data, path)
            except SerialError as exc:
                problems.append(exc.problem)
        raise SerialError(path, " / ".join(problems) or "no alternative fits")

    return read


def _literal_reader(args: tuple[Any, ...]) -> Reader:
    flags = any(isinstance(a, bool) for a in args)

    def read(data: Any, path: str) -> Any:
        if data not in args or isinstance(data, bool) != flags:
            raise SerialError(path, f"{data!r} is not one of {', '.join(map(repr, args))}")
        return data

    return read


def _fixed_tuple_reader(args: tuple[Any, ...]) -> Reader:
    readers = [reader(a) for a in args]

    def read(data: Any, path: str) -> Any:
        if not isinstance(data, list):
            raise SerialError(path, f"expected a list, got {_what(data)}")
        if len(data) != len(readers):
            raise SerialError(path, f"expected {len(readers)} items, got {len(data)}")
        pairs = enumerate(zip(readers, data, strict=True))
        return tuple(read_one(d, f"{path}[{i}]") for i, (read_one, d) in pairs)

    return read


def _sequence_reader(origin: Any, item: Any) -> Reader:
    read_item = reader(item)
    make = tuple if origin is typing.Sequence else origin
    plain = _plain_test(item)

    def read(data: Any, path: str) -> Any:
        if not isinstance(data, list):
            raise SerialError(path, f"expected a list, got {_what(data)}")
        if plain is not None and plain(data):
            return make(data)
        try:  # the paths are worked out only if an item is wrong
            items = [read_item(d, "") for d in data]
        except SerialError:
            items = [read_item(d, f"{path}[{i}]") for i, d in enumerate(data)]
        return make(items)

    return read


def _mapping_reader(key_type: Any, value_type: Any) -> Reader:
    read_key = _key_reader(key_type)
    read_value = reader(value_type)
    plain = _plain_test(value_type) if read_key is None else None

    def read(data: Any, path: str) -> Any:
        if not isinstance(data, Mapping):
            raise SerialError(path, f"expected an object, got {_what(data)}")
        if plain is not None and _TEXT.issuperset(map(type, data)) and plain(data.values()):
            return dict(data)
        try:
            return {_key(read_key, k, path): read_value(v, "") for k, v in data.items()}
        except SerialError:
            return {_key(read_key, k, path): read_value(v, f"{path}.{k}")
                    for k, v in data.items()}

    return read


KeyReader = Callable[[str, str], Any]


def _key(read_key: KeyReader | None, key: Any, path: str) -> Any:
    if not isinstance(key, str):
        raise SerialError(path, f"expected a string key, got {_what(key)}")
    return key if read_key is None else read_key(key, path)


def _key_reader(key_type: Any) -> KeyReader | None:
    """How a mapping key (always a string in JSON) is read: None keeps the string."""
    if key_type is int:
        def int_key(key: str, path: str) -> int:
            try:
                return int(key)
            except ValueError:
                raise SerialError(path, f"key {key!r} is not an integer") from None
        return int_key
    if isinstance(key_type, type) and issubclass(key_type, enum.Enum):
        members = {str(member.value): member for member in key_type}

        def enum_key(key: str, path: str) -> Any:
            found = members.get(key)
            if found is None:
                raise SerialError(path, f"key {key!r} is not a {key_type.__name__}")
            return found
        return enum_key
    return None


def _array(data: Any, path: str) -> np.ndarray[Any, Any]:
    try:
        return np.asarray(data["data"], dtype=data["dtype"]).reshape(data["shape"])
    except (KeyError, TypeError, ValueError) as exc:
        raise SerialError(path, f"bad array: {exc}") from None
