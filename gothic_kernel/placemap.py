"""Maps of places joined by kinds of connection (roads, railways, sea lanes), read from data.

Both editions of Fury of Dracula play on such a map; any game whose board is a
graph of named places can use this. A map file (TOML) lists ``[[place]]`` entries
(an ``id``, a ``name``, a ``kind`` and the game's own flags) and
``[[connection]]`` entries (a ``kind`` and the places ``a`` and ``b``, two-way
unless ``one_way = true``), every entry with its ``provenance`` (``rulebook``,
``derived`` or ``reconstructed``). :meth:`PlaceMap.from_data` checks all of it
and raises :class:`~gothic_kernel.errors.BadOption` naming the file and the
entries at fault, so a user's own map is refused with a reason, never a
``KeyError`` later.

    >>> data = {"place": [{"id": "paris", "name": "Paris", "kind": "town",
    ...                     "provenance": "rulebook"},
    ...                    {"id": "rouen", "name": "Rouen", "kind": "town",
    ...                     "provenance": "reconstructed"}],
    ...         "connection": [{"kind": "road", "a": "paris", "b": "rouen",
    ...                         "provenance": "reconstructed"}]}
    >>> board = PlaceMap.from_data(data, place_kinds=("town",), connection_kinds=("road",))
    >>> board.neighbours("road", "rouen")
    ('paris',)
    >>> board.distances("paris", ("road",))
    {'paris': 0, 'rouen': 1}
"""

from __future__ import annotations

import functools
import tomllib
from collections import deque
from collections.abc import Collection, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs
import networkx as nx

from .datacache import format_problem, parse_toml
from .errors import BadOption

__all__ = ["PROVENANCES", "Link", "PlaceMap", "read_data_file"]

#: Where a data entry comes from (see DESIGN: Game data and fidelity).
PROVENANCES = ("rulebook", "derived", "reconstructed")


def read_data_file(path: str | Path, what: str = "data file") -> dict[str, Any]:
    """The TOML file at ``path`` (its parsed form kept between processes:
    :mod:`gothic_kernel.datacache`); BadOption naming it if it is missing or unreadable."""
    where = Path(path)
    if where.is_dir():
        raise BadOption(f"{what} {str(where)!r} is a folder, not a file")
    try:
        text = where.read_bytes().decode("utf-8")
    except OSError as exc:
        raise BadOption(f"cannot read {what} {str(where)!r}: {exc.strerror}") from None
    except UnicodeDecodeError as exc:
        raise BadOption(f"{what} {str(where)!r} is not valid TOML: not UTF-8 text ({exc.reason})"
                        ) from None
    try:
        data = parse_toml(text, "data")
    except tomllib.TOMLDecodeError as exc:
        raise BadOption(f"{what} {str(where)!r} is not valid TOML: {exc}") from None
    why = format_problem(data)
    if why:
        raise BadOption(f"{what} {str(where)!r}: {why}")
    return data


@attrs.frozen
class Link:
    """A connection of some ``kind`` between ``a`` and ``b`` (and back, unless one way);
    ``data`` holds the rest of its entry (a railway's colour, ...)."""

    kind: str
    a: str
    b: str
    one_way: bool = False
    data: Mapping[str, Any] = attrs.field(factory=dict, eq=False)


class PlaceMap:
    """The places of a map, in file order, and the connections between them by kind."""

    def __init__(self, places: Sequence[Mapping[str, Any]], links: Iterable[Link],
                 aliases: Mapping[str, str] | None = None, source: str = "") -> None:
        self.source = source
        self.places: tuple[str, ...] = tuple(str(p["id"]) for p in places)
        self.entries: dict[str, Mapping[str, Any]] = {str(p["id"]): p for p in places}
        self.position: dict[str, int] = {p: i for i, p in enumerate(self.places)}
        self.aliases: dict[str, str] = dict(aliases or {})
        self.links: tuple[Link, ...] = tuple(links)
        found: dict[str, dict[str, list[str]]] = {}
        for link in self.links:
            ends = found.setdefault(link.kind, {p: [] for p in self.places})
            ends[link.a].append(link.b)
            if not link.one_way:
                ends[link.b].append(link.a)
        self._neighbours: dict[str, dict[str, tuple[str, ...]]] = {
            kind: {p: tuple(sorted(set(n), key=self.position.__getitem__))
                   for p, n in ends.items()}
            for kind, ends in found.items()}

    # -- reading ---------------------------------------------------------------------------
    @classmethod
    def from_data(cls, data: Mapping[str, Any], *, place_kinds: Collection[str],
                  connection_kinds: Collection[str], source: str = "map file",
                  required: Collection[str] = ()) -> PlaceMap:
        """The map a parsed file describes, checked; BadOption listing what is wrong.

        ``required`` names fields every place must have beside id, name, kind and
        provenance (a game's flags)."""
        problems = _problems(data, place_kinds, connection_kinds, required)
        if problems:
            shown = "; ".join(problems[:6])
            more = f" (and {len(problems) - 6} more)" if len(problems) > 6 else ""
            raise BadOption(f"{source}: {shown}{more}")
        links = [Link(str(c["kind"]), str(c["a"]), str(c["b"]), bool(c.get("one_way", False)),
                      {k: v for k, v in c.items() if k not in ("kind", "a", "b", "one_way")})
                 for c in data["connection"]]
        aliases = {str(k): str(v) for k, v in data.get("aliases", {}).items()}
        return cls(list(data["place"]), links, aliases, source)

    # -- places ----------------------------------------------------------------------------
    def __contains__(self, place: object) -> bool:
        return place in self.entries

    def canonical(self, place: str) -> str:
        """The id of ``place`` or of one of its other spellings."""
        return self.aliases.get(place, place)

    def name(self, place: str) -> str:
        return str(self.entries[place]["name"])

    def kind(self, place: str) -> str:
        return str(self.entries[place]["kind"])

    def flag(self, place: str, field: str, default: Any = False) -> Any:
        return self.entries[place].get(field, default)

    def of_kind(self, *kinds: str) -> tuple[str, ...]:
        """The places of these kinds, in file order."""
        return tuple(p for p in self.places if self.entries[p]["kind"] in kinds)

    # -- connections -----------------------------------------------------------------------
    def neighbours(self, kind: str, place: str) -> tuple[str, ...]:
        """Where one ``kind`` of connection leads from ``place``, in file order."""
        ends = self._neighbours.get(kind)
        return ends[place] if ends is not None else ()

    def link_kinds(self, a: str, b: str) -> frozenset[str]:
        """How ``a`` leads to ``b``: the kinds of connection from one to the other."""
        return frozenset(kind for kind, ends in self._neighbours.items() if b in ends[a])

    def links_between(self, a: str, b: str) -> tuple[Link, ...]:
        return tuple(link for link in self.links
                     if (link.a, link.b) == (a, b) or (not link.one_way and (link.b, link.a)
                                                        == (a, b)))

    def distances(self, start: str | Iterable[str], kinds: Sequence[str],
                  blocked: Collection[str] = ()) -> dict[str, int]:
        """Fewest moves along ``kinds`` of connection from ``start`` (a place or several)
        to each place reached, never entering a ``blocked`` one."""
        starts = (start,) if isinstance(start, str) else tuple(start)
        return dict(_distances(self, starts, tuple(kinds), frozenset(blocked)))

    @functools.cached_property
    def graph(self) -> nx.MultiDiGraph:
        """The map as a networkx MultiDiGraph (two arcs per two-way connection), its nodes
        carrying the places' entries and its edges their kind and data."""
        graph = nx.MultiDiGraph()
        for place in self.places:
            graph.add_node(place, **dict(self.entries[place]))
        for link in self.links:
            graph.add_edge(link.a, link.b, key=link.kind, kind=link.kind, **dict(link.data))
            if not link.one_way:
                graph.add_edge(link.b, link.a, key=link.kind, kind=link.kind,
                               **dict(link.data))
        return graph


@functools.lru_cache(maxsize=4096)
def _distances(board: PlaceMap, starts: tuple[str, ...], kinds: tuple[str, ...],
               blocked: frozenset[str]) -> tuple[tuple[str, int], ...]:
    seen = {s: 0 for s in starts}
    queue = deque(starts)
    while queue:
        here = queue.popleft()
        for kind in kinds:
            for nxt in board.neighbours(kind, here):
                if nxt not in seen and nxt not in blocked:
                    seen[nxt] = seen[here] + 1
                    queue.append(nxt)
    return tuple(seen.items())


def _problems(data: Mapping[str, Any], place_kinds: Collection[str],
              connection_kinds: Collection[str], required: Collection[str]) -> list[str]:
    places, connections = data.get("place"), data.get("connection")
    if not isinstance(places, list) or not isinstance(connections, list):
        return ["a map needs [[place]] and [[connection]] entries"]
    problems: list[str] = []
    ids: set[str] = set()
    for i, place in enumerate(places):
        missing = [f for f in ("id", "name", "kind", "provenance", *required)
                   if not isinstance(place, Mapping) or f not in place]
        if missing:
            problems.append(f"place {i + 1} lacks {', '.join(missing)}")
            continue
        if not isinstance(place["id"], str) or place["id"] in ids:
            problems.append(f"place id {place['id']!r} is not a new word")
        ids.add(str(place["id"]))
        if place["kind"] not in place_kinds:
            problems.append(f"place {place['id']!r} has kind {place['kind']!r}, not one of "
                            f"{', '.join(place_kinds)}")
        if place["provenance"] not in PROVENANCES:
            problems.append(f"place {place['id']!r} has provenance {place['provenance']!r}")
    seen: set[tuple[str, str, str]] = set()
    for i, link in enumerate(connections):
        missing = [f for f in ("kind", "a", "b", "provenance")
                   if not isinstance(link, Mapping) or f not in link]
        if missing:
            problems.append(f"connection {i + 1} lacks {', '.join(missing)}")
            continue
        kind, a, b = link["kind"], link["a"], link["b"]
        label = f"{kind} {a}-{b}"
        if kind not in connection_kinds:
            problems.append(f"{label} is not one of {', '.join(connection_kinds)}")
        unknown = [p for p in (a, b) if p not in ids]
        if unknown:
            problems.append(f"{label} names {', '.join(map(repr, unknown))}, not on the map")
        if a == b:
            problems.append(f"{label} joins a place to itself")
        if link["provenance"] not in PROVENANCES:
            problems.append(f"{label} has provenance {link['provenance']!r}")
        low, high = sorted((str(a), str(b)))
        if (str(kind), low, high) in seen:
            problems.append(f"{label} is listed twice")
        seen.add((str(kind), low, high))
    return problems
