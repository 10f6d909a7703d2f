"""Values worked out once per object: a board's distances, its lines of sight.

A game's board is built once and never changed, but it is not hashable (it holds
dicts), and a bot or a view may need something derived from it at every step. A
function wrapped in :func:`per_object` works it out for the first call with a given
object and hands the same value back for every later call with that very object
(told apart by identity, never by equality: two equal boards loaded from two files
each get their own). The object is kept alive by the cache, so its ``id`` can never be
reused by another.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


def per_object(make: Callable[[K], V]) -> Callable[[K], V]:
    """``make(key)``, worked out once for each object ``key`` and kept for the process."""
    found: dict[int, tuple[K, V]] = {}

    @wraps(make)
    def once(key: K) -> V:
        entry = found.get(id(key))
        if entry is None or entry[0] is not key:
            entry = found[id(key)] = (key, make(key))
        return entry[1]

    return once
