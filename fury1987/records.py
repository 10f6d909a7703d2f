"""Records that clones share: frozen records changed one field at a time, and a list
that only grows.

The decisions on the stack, the combat situation and its pairings are frozen attrs
classes (clones share them), so a rule that moves one on writes a copy with some fields
changed. :func:`evolve` is ``attrs.evolve`` with each class's copy written out once, field
by field (as attrs writes a class's ``__init__``), rather than its fields looked up at
every call: the Action Phase and the Event Card windows move on at almost every step. The
records copied most (the Action Phase, the windows, the fight) keep their fields in the
instance's dict (``slots=False``): their copy is that dict copied whole.

The public record of clues about Dracula only grows, one entry at a time; its entries
never change once the step that wrote them is over. A :class:`Chronicle` shares them
between clones, so a clone costs the same at the first turn and the hundredth.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, TypeVar, overload

import attrs
from attrs import AttrsInstance

R = TypeVar("R", bound=AttrsInstance)
T = TypeVar("T")

_COPIERS: dict[tuple[type, tuple[str, ...]], Callable[..., Any]] = {}


def evolve(record: R, **changes: Any) -> R:
    """A copy of the attrs instance ``record`` with ``changes`` (as ``attrs.evolve``)."""
    cls = type(record)
    names = tuple(changes)
    copier = _COPIERS.get((cls, names))
    if copier is None:
        copier = _COPIERS[cls, names] = _copier(cls, names, record)
    made: R = copier(record, *changes.values())
    return made


def _copier(cls: type, names: tuple[str, ...], record: object) -> Callable[..., Any]:
    """A function copying a ``cls`` record with the fields ``names`` (keyword aliases, in
    this order) changed: ``cls`` made from every field in order, each the new value or the
    record's own (the way attrs writes a class's ``__init__``); or, for a class keeping its
    fields in the instance's ``__dict__`` (``slots=False``: the records copied most, with
    many fields), that dict copied whole, the changes written over it."""
    fields = [f for f in attrs.fields(cls) if f.init]
    unknown = sorted(set(names) - {f.alias for f in fields})
    if unknown:
        raise TypeError(f"{cls.__name__} has no field(s) {unknown}")
    if _dict_copied(cls, record):
        return _dict_copier(cls, names)
    given = {alias: f"new_{i}" for i, alias in enumerate(names)}
    values = ", ".join(f"{f.alias + '=' if f.kw_only else ''}"
                       f"{given.get(f.alias, 'record.' + f.name)}" for f in fields)
    source = (f"def copy(record, {''.join(v + ', ' for v in given.values())}):\n"
              f"    return cls({values})\n")
    scope: dict[str, Any] = {"cls": cls}
    exec(compile(source, f"<evolve {cls.__qualname__}>", "exec"), scope)
    copier: Callable[..., Any] = scope["copy"]
    return copier


def _dict_copied(cls: type, record: object) -> bool:
    """Whether a copy of ``record``'s ``__dict__`` makes the same record as ``cls``'s
    ``__init__`` given its fields: every field is in that dict and nothing else is, and the
    ``__init__`` only stores its arguments (no validator, converter, post-init hook)."""
    fields = attrs.fields(cls)
    return (getattr(record, "__dict__", None) is not None
            and list(vars(record)) == [f.name for f in fields]
            and all(f.init and f.validator is None and f.converter is None for f in fields)
            and not hasattr(cls, "__attrs_post_init__")
            and not hasattr(cls, "__attrs_pre_init__"))


def _dict_copier(cls: type, names: tuple[str, ...]) -> Callable[..., Any]:
    """:func:`_copier`'s function for a class whose fields are in the ``__dict__``, written
    directly (as attrs' ``__init__`` of such a class writes them)."""
    keys = {f.alias: f.name for f in attrs.fields(cls)}
    given = [f"new_{i}" for i in range(len(names))]
    changes = "".join(f"    fields[{keys[alias]!r}] = {value}\n"
                      for alias, value in zip(names, given, strict=True))
    source = (f"def copy(record, {''.join(v + ', ' for v in given)}):\n"
              "    made = new(cls)\n"
              "    fields = made.__dict__\n"
              "    fields.update(record.__dict__)\n"
              f"{changes}"
              "    return made\n")
    scope: dict[str, Any] = {"cls": cls, "new": object.__new__}
    exec(compile(source, f"<evolve {cls.__qualname__}>", "exec"), scope)
    copier: Callable[..., Any] = scope["copy"]
    return copier


class Chronicle(Sequence[T]):
    """A list that only grows (``append``), whose clones share what is written.

    Every chronicle cloned from another reads the same underlying list up to its own
    length; one that appends after another has written past that length copies its part
    first (copy on write), so no chronicle ever sees another's later entries.
    """

    __slots__ = ("_items", "_size")

    def __init__(self, items: Iterable[T] = ()) -> None:
        self._items: list[T] = list(items)
        self._size = len(self._items)

    def append(self, item: T) -> None:
        if len(self._items) != self._size:  # a clone wrote past this one's end
            self._items = self._items[:self._size]
        self._items.append(item)
        self._size += 1

    def clone(self) -> Chronicle[T]:
        twin: Chronicle[T] = Chronicle.__new__(Chronicle)
        twin._items, twin._size = self._items, self._size
        return twin

    def __len__(self) -> int:
        return self._size

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> list[T]: ...

    def __getitem__(self, index: int | slice) -> T | list[T]:
        if isinstance(index, slice):
            return self._items[:self._size][index]
        if index < 0:
            index += self._size
        if not 0 <= index < self._size:
            raise IndexError("chronicle index out of range")
        return self._items[index]

    def __iter__(self) -> Iterator[T]:
        return itertools.islice(self._items, self._size)

    def __repr__(self) -> str:
        return f"Chronicle({list(self)!r})"


def shared(items: Iterable[T]) -> Chronicle[T]:
    """A clone of a chronicle, or a new one holding ``items`` (a list set by hand)."""
    return items.clone() if isinstance(items, Chronicle) else Chronicle(items)
