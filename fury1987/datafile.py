"""Reading the game's TOML data files, so that a problem names the file, the entry and
the field ("map file 'my_map.toml': place 'paris': 'port' must be true or false, not
'yes'") instead of surfacing later as a KeyError or a TypeError in play.

:func:`read_toml` reads a packaged file or a user's; :class:`Entry` reads one table of
it field by field, checking each value's type. Each loader passes the error class it
raises (``BadOption`` for the map, ``CombatDataError`` for the combat data...).

    >>> entry = Entry.of({"name": "Paris", "port": "yes"}, "place 'paris'", ValueError)
    >>> entry.text("name")
    'Paris'
    >>> entry.flag("port")
    Traceback (most recent call last):
    ...
    ValueError: place 'paris': 'port' must be true or false, not 'yes'
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any

import attrs

from gothic_kernel.datacache import format_problem, parse_toml

#: The default meaning "this field must be given".
REQUIRED: Any = object()

_KINDS: dict[type, str] = {str: "a string", int: "a whole number", bool: "true or false",
                           dict: "a table", list: "a list"}
_PLURALS: dict[type, str] = {str: "strings", int: "whole numbers", bool: "true or false"}


def _child(where: str, name: str) -> str:
    """The name of table ``name`` inside the table ``where``: "[chit]" -> "[chit.bats]"."""
    return f"{where[:-1]}.{name}]" if where.endswith("]") else f"{where}: [{name}]"


def read_toml(path: str | Path | None, default_name: str, error: type[Exception]
              ) -> tuple[dict[str, Any], str]:
    """The parsed file at ``path`` (the packaged ``data/default_name`` if None) and the
    name to give it in messages; ``error`` for a file that is missing, a folder, not
    text or not TOML."""
    if path is None:
        text = resources.files("fury1987").joinpath("data", default_name).read_text("utf-8")
        source = f"fury1987/data/{default_name}"
    else:
        source = str(path)
        text = _read_text(Path(path), error)
    try:
        parsed = parse_toml(text, "fury1987")  # kept between processes (the kernel's)
    except tomllib.TOMLDecodeError as exc:
        raise error(f"{source} is not valid TOML: {exc}") from None
    why = format_problem(parsed)
    if why:
        raise error(f"{source}: {why}")
    return parsed, source


def _read_text(path: Path, error: type[Exception]) -> str:
    if path.is_dir():
        raise error(f"cannot read {path}: it is a folder, not a data file")
    try:
        return path.read_text("utf-8")
    except FileNotFoundError:
        raise error(f"cannot read {path}: there is no such file") from None
    except UnicodeDecodeError:
        raise error(f"cannot read {path}: it is not UTF-8 text") from None
    except OSError as exc:
        raise error(f"cannot read {path}: {exc.strerror or exc}") from None


@attrs.frozen
class Entry:
    """One table of a data file; ``where`` names it in messages."""

    data: Mapping[str, Any]
    where: str
    error: type[Exception]

    @classmethod
    def of(cls, value: object, where: str, error: type[Exception]) -> Entry:
        """``value`` as a table (``error`` if it is anything else)."""
        if not isinstance(value, dict):
            raise error(f"{where} must be a table, not {value!r}")
        return cls(value, where, error)

    def __contains__(self, name: str) -> bool:
        return name in self.data

    def problem(self, message: str) -> Exception:
        """The error to raise for ``message`` about this entry."""
        return self.error(f"{self.where}: {message}")

    def value(self, name: str, kind: type, default: Any = REQUIRED) -> Any:
        """The field ``name``, of type ``kind`` (an int is not a bool, nor the reverse)."""
        if name not in self.data:
            if default is REQUIRED:
                raise self.problem(f"the field {name!r} is missing")
            return default
        found = self.data[name]
        if not isinstance(found, kind) or (kind is int and isinstance(found, bool)):
            raise self.problem(f"{name!r} must be {_KINDS.get(kind, kind.__name__)}, "
                               f"not {found!r}")
        return found

    def text(self, name: str, default: Any = REQUIRED) -> str:
        return str(self.value(name, str, default))

    def whole(self, name: str, default: Any = REQUIRED) -> int:
        return int(self.value(name, int, default))

    def flag(self, name: str, default: Any = REQUIRED) -> bool:
        return bool(self.value(name, bool, default))

    def table(self, name: str, default: Any = REQUIRED) -> Entry:
        """The sub-table ``name`` (an empty one if absent and ``default`` is given)."""
        found = self.value(name, dict, {} if default is not REQUIRED else REQUIRED)
        return Entry(found, _child(self.where, name), self.error)

    def tables(self, name: str) -> list[Entry]:
        """The array of tables ``[[name]]``, each entry named by its ``id`` if it has one."""
        found = self.value(name, list)
        entries = []
        for i, item in enumerate(found):
            label = item.get("id") if isinstance(item, dict) else None
            where = f"{self.where}: {name} {label!r}" if isinstance(label, str) \
                else f"{self.where}: {name} number {i + 1}"
            entries.append(Entry.of(item, where, self.error))
        return entries

    def entries(self) -> dict[str, Entry]:
        """Every sub-table of this table, by its key (``[chit.rats]``, ``[chit.fog]``...)."""
        return {key: Entry.of(item, _child(self.where, key), self.error)
                for key, item in self.data.items()}

    def items(self, name: str, kind: type, default: Any = REQUIRED) -> tuple[Any, ...]:
        """A list field whose every item is of type ``kind``."""
        found = self.value(name, list, list(default) if default is not REQUIRED else REQUIRED)
        for item in found:
            if not isinstance(item, kind) or (kind is int and isinstance(item, bool)):
                raise self.problem(f"{name!r} must list only "
                                   f"{_PLURALS.get(kind, kind.__name__)}, not {item!r}")
        return tuple(found)

    def words(self, name: str, default: Any = REQUIRED) -> tuple[str, ...]:
        return tuple(str(w) for w in self.items(name, str, default))

    def faces(self, name: str, default: Any = REQUIRED) -> tuple[int, ...]:
        """A list of die results, each from 1 to 6."""
        found = self.items(name, int, default)
        if any(not 1 <= face <= 6 for face in found):
            raise self.problem(f"{name!r} lists die results, from 1 to 6, not {list(found)}")
        return tuple(int(face) for face in found)
