"""Records that clones share: frozen records changed one field at a time, and a list
that only grows.

The decisions on the stack, the combat situation and its pairings are frozen attrs
classes (clones share them), so a rule that moves one on writes a copy with some fields
changed. :func:`evolve` is ``attrs.evolve`` with each class's copy written out once, field
by field (as attrs writes a class's ``__init__``), rather than its fields looked up at
every call: the Action Phase and the Event Card windows move on at almost every step.

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
        copier = _COPIERS[cls, names] = _copier(cls, names)
    made: R = copier(record, *changes.values())
    return made


def _copier(cls: type, names: tuple[str, ...]) -> Callable[..., Any]:
    """A function copying a ``cls`` record with the fields ``names`` (keyword aliases, in
    this order) changed: ``cls`` made from every field in order, each the new value or the
    record's own (the way attrs writes a class's ``__init__``)."""
    fields = [f for f in attrs.fields(cls) if f.init]
    unknown = sorted(set(names) - {f.alias for f in fields})
    if unknown:
        raise TypeError(f"{cls.__name__} has no field(s) {unknown}")
    given = {alias: f"new_{i}" for i, alias in enumerate(names)}
    values = ", ".join(f"{f.alias + '=' if f.kw_only else ''}"
                       f"{given.get(f.alias, 'record.' + f.name)}" for f in fields)
    source = (f"def copy(record, {''.join(v + ', ' for v in given.values())}):\n"
              f"    return cls({values})\n")
    scope: dict[str, Any] = {"cls": cls}
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
