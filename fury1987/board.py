"""The map of Europe: Towns, Sea Sectors, Roads, Railroads and Sea connections.

The board is read from ``data/map.toml`` (or a file the user supplies) and
exposed two ways:

* :attr:`Board.graph`, a :class:`networkx.MultiGraph` whose edges carry their
  ``kind`` (``"road"``, ``"rail"`` or ``"sea"``), for analysis and front ends;
* precomputed tuples and dicts (neighbours by kind, rail reach, distances to
  Castle Dracula) for the rules engine's hot path.

In the rulebook's words (Movement - Road Movement) "'Towns' refers to all three
types of space": small Towns, large Towns and Ports. Castle Dracula is a Town
with its own rules; Sea Sectors are not Towns.
"""

from __future__ import annotations

import functools
import hashlib
from collections import deque
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, Literal

import attrs
import networkx as nx

from gothic_kernel import BadOption

from .datafile import Entry, read_toml

DATA_DIR = Path(__file__).parent / "data"
MAP_FILE = DATA_DIR / "map.toml"

CASTLE_DRACULA = "castle_dracula"
#: Towns where a Heavenly Host marker may never be placed (Reference 3 - Heavenly Host).
HOST_FORBIDDEN = frozenset({"castle_dracula", "galatz", "klausenberg"})

PlaceKind = Literal["small", "large", "castle", "sea"]
ConnectionKind = Literal["road", "rail", "sea"]
PROVENANCES = ("rulebook", "derived", "reconstructed")


@attrs.frozen
class Place:
    """A Town (small, large or Castle Dracula) or a Sea Sector."""

    id: str
    name: str
    kind: PlaceKind
    port: bool
    east: bool
    british: bool
    index: int

    @property
    def is_sea(self) -> bool:
        return self.kind == "sea"

    @property
    def is_town(self) -> bool:
        return self.kind != "sea"

    @property
    def is_large(self) -> bool:
        """A Large Town: a Hunter may take one or two items there."""
        return self.kind == "large"


@attrs.frozen
class Connection:
    kind: ConnectionKind
    a: str
    b: str


class Board:
    """The map, its graph and the queries the rules ask of it."""

    def __init__(self, places: Iterable[Place], connections: Iterable[Connection],
                 aliases: Mapping[str, str] | None = None, source: str = "") -> None:
        self.source = source
        self.places: dict[str, Place] = {p.id: p for p in places}
        self.order: tuple[str, ...] = tuple(sorted(self.places, key=lambda i: self.places[i].index))
        self.aliases: dict[str, str] = dict(aliases or {})
        self.connections: tuple[Connection, ...] = tuple(connections)
        #: What this map is, as a digest of its places and connections: two boards with
        #: the same fingerprint are the same map (the tracker's cache is keyed by it).
        self.fingerprint: bytes = _fingerprint(self.order, self.places, self.connections)
        self.graph: nx.MultiGraph = nx.MultiGraph()
        for place in self.places.values():
            self.graph.add_node(place.id, name=place.name, kind=place.kind, port=place.port,
                                east=place.east, british=place.british)
        for c in self.connections:
            self.graph.add_edge(c.a, c.b, key=c.kind, kind=c.kind)
        self.road: dict[str, tuple[str, ...]] = self._neighbours("road")
        self.rail: dict[str, tuple[str, ...]] = self._neighbours("rail")
        self.sea: dict[str, tuple[str, ...]] = self._neighbours("sea")
        self.towns: tuple[str, ...] = tuple(p for p in self.order if self.places[p].is_town)
        self.seas: tuple[str, ...] = tuple(p for p in self.order if self.places[p].is_sea)
        self.ports: tuple[str, ...] = tuple(p for p in self.towns if self.places[p].port)
        # Rail journeys, found on first asking (a fresh process should not pay for all).
        self._rail_reach: dict[tuple[str, int], tuple[str, ...]] = {}
        self._rail_routes: dict[tuple[str, int], tuple[tuple[str, ...], ...]] = {}

    # -- reading ---------------------------------------------------------------------------
    @staticmethod
    def load(path: str | Path | None = None) -> Board:
        """The board in ``path`` (default: the reconstructed map, data/map.toml); cached."""
        return _load_board(str(Path(path) if path is not None else MAP_FILE))

    def _neighbours(self, kind: str) -> dict[str, tuple[str, ...]]:
        found: dict[str, list[str]] = {p: [] for p in self.order}
        for c in self.connections:
            if c.kind == kind:
                found[c.a].append(c.b)
                found[c.b].append(c.a)
        return {p: tuple(sorted(set(n), key=self.index)) for p, n in found.items()}

    # -- places ----------------------------------------------------------------------------
    def index(self, place: str) -> int:
        return self.places[place].index

    def canonical(self, place: str) -> str:
        """The place id for ``place`` or one of its other spellings (``klausenburg``)."""
        return self.aliases.get(place, place)

    def __contains__(self, place: object) -> bool:
        return place in self.places

    def name(self, place: str) -> str:
        return self.places[place].name

    def is_sea(self, place: str) -> bool:
        return self.places[place].kind == "sea"

    def is_town(self, place: str) -> bool:
        return self.places[place].kind != "sea"

    def is_port(self, place: str) -> bool:
        return self.places[place].port

    def is_east(self, place: str) -> bool:
        return self.places[place].east

    def is_british(self, place: str) -> bool:
        return self.places[place].british

    def is_large(self, place: str) -> bool:
        return self.places[place].kind == "large"

    # -- connections -----------------------------------------------------------------------
    def connection_kinds(self, a: str, b: str) -> frozenset[str]:
        """How ``a`` and ``b`` are joined: a subset of {road, rail, sea}."""
        data = self.graph.get_edge_data(a, b)
        return frozenset(data) if data else frozenset()

    def road_neighbours(self, place: str) -> tuple[str, ...]:
        return self.road[place]

    def rail_neighbours(self, place: str) -> tuple[str, ...]:
        return self.rail[place]

    def sea_neighbours(self, place: str) -> tuple[str, ...]:
        """Sea Sectors next to a Port or a Sea Sector, and Ports next to a Sea Sector."""
        return self.sea[place]

    # -- rail ------------------------------------------------------------------------------
    def rail_reach(self, start: str, stops: int) -> tuple[str, ...]:
        """Towns a train that runs ``stops`` Towns can take a Hunter to from ``start``.

        He may get off at any Town along the way (Movement - Rail Movement). A
        journey that touches the East (start, stops or destination) may run only
        two Towns, "even when only part of the journey is in the East".
        """
        if stops <= 0:
            return ()
        key = (start, min(stops, 3))
        reach = self._rail_reach.get(key)
        if reach is None:
            ends = {route[-1] for route in self.rail_routes(*key)}
            reach = self._rail_reach[key] = tuple(sorted(ends, key=self.index))
        return reach

    def rail_routes(self, start: str, stops: int = 3) -> tuple[tuple[str, ...], ...]:
        """Every journey by Rail from ``start`` of one to ``stops`` Towns (never through a
        Town twice), as the Towns passed in order; two Towns at most if any of them, or
        ``start``, is in the East. Vampiric Influence: "a player intending to catch a train
        must indicate his route allowing for the fact that he may be travelling upto 3
        Towns".

        >>> Board.load().rail_routes("strasbourg", 1)
        (('frankfurt',), ('zurich',))
        """
        key = (start, stops)
        routes = self._rail_routes.get(key)
        if routes is None:
            routes = self._rail_routes[key] = self._find_rail_routes(start, stops)
        return routes

    def _find_rail_routes(self, start: str, stops: int) -> tuple[tuple[str, ...], ...]:
        routes: list[tuple[str, ...]] = []
        stack: list[tuple[str, ...]] = [(start,)]
        while stack:
            journey = stack.pop()
            for nxt in self.rail[journey[-1]]:
                travelled = (*journey[1:], nxt)
                in_east = any(self.places[t].east for t in (*journey, nxt))
                if nxt in journey or len(travelled) > stops or (in_east and len(travelled) > 2):
                    continue
                routes.append(travelled)
                stack.append((*journey, nxt))
        return tuple(sorted(routes, key=lambda r: (len(r), [self.index(t) for t in r])))

    # -- routes ----------------------------------------------------------------------------
    def land_route(self, a: str, b: str) -> list[str]:
        """A shortest route by Road from ``a`` to ``b`` (Towns counted, not road lengths)."""
        roads = nx.Graph((c.a, c.b) for c in self.connections if c.kind == "road")
        path: list[str] = nx.shortest_path(roads, a, b)
        return path

    def land_distance(self, a: str, b: str) -> int | None:
        """How many Road moves from ``a`` to ``b`` (None if no land route)."""
        return self.flee_distances(frozenset(), target=b, by_sea=False).get(a)

    def flee_distances(self, blocked: frozenset[str] = frozenset(), *,
                       target: str = CASTLE_DRACULA, by_sea: bool = True) -> dict[str, int]:
        """Moves from each place to ``target`` for a fleeing Dracula (Blood Points - Fleeing).

        On the continent the count is by Road only ("the most direct land route").
        Places with no land route to the target (the British Isles, islands and the
        Seas) count through Sea moves too, since only there may a fleeing Dracula
        sail. ``blocked`` Towns (Heavenly Host markers) cannot be entered.
        """
        return _flee_distances(self, blocked, target, by_sea)


def _fingerprint(order: tuple[str, ...], places: Mapping[str, Place],
                 connections: tuple[Connection, ...]) -> bytes:
    digest = hashlib.blake2b(digest_size=16)
    for place in order:
        p = places[place]
        digest.update(repr((p.id, p.kind, p.port, p.east, p.british)).encode())
    for c in sorted(connections, key=lambda c: (c.kind, c.a, c.b)):
        digest.update(repr((c.kind, c.a, c.b)).encode())
    return digest.digest()


@functools.lru_cache(maxsize=512)
def _flee_distances(board: Board, blocked: frozenset[str], target: str,
                    by_sea: bool) -> dict[str, int]:
    dist: dict[str, int] = {target: 0}
    queue = deque([target])
    while queue:  # by Road
        here = queue.popleft()
        for nxt in board.road[here]:
            if nxt not in dist and nxt not in blocked:
                dist[nxt] = dist[here] + 1
                queue.append(nxt)
    if not by_sea:
        return dist
    # Cut off from the target by land: Road and Sea moves, outward from the places
    # with a land route (a multi-source search seeded with their land distances).
    frontier = sorted(dist.items(), key=lambda kv: kv[1])
    best = dict(dist)
    pending = deque(p for p, _ in frontier)
    while pending:
        here = pending.popleft()
        for nxt in (*board.road[here], *board.sea[here]):
            if nxt in dist or nxt in blocked:
                continue
            candidate = best[here] + 1
            if candidate < best.get(nxt, 1 << 30):
                best[nxt] = candidate
                pending.append(nxt)
    return best


@functools.lru_cache(maxsize=8)
def _load_board(path: str) -> Board:
    data, source = read_toml(path, "map.toml", BadOption)
    return board_from_data(data, source=source)


def board_from_data(data: Mapping[str, Any], source: str = "") -> Board:
    """Build a board from the parsed map file, checking it (BadOption if malformed)."""
    root = Entry.of(data, f"map file {source!r}", BadOption)
    place_entries, connection_entries = root.tables("place"), root.tables("connection")
    places = [Place(e.text("id"), e.text("name"), e.text("kind"),  # type: ignore[arg-type]
                    e.flag("port"), e.flag("east"), e.flag("british"), i)
              for i, e in enumerate(place_entries)]
    connections = [Connection(e.text("kind"), e.text("a"), e.text("b"))  # type: ignore[arg-type]
                   for e in connection_entries]
    ids = {p.id for p in places}
    problems = [f"place {p.id!r} has unknown kind {p.kind!r}" for p in places
                if p.kind not in ("small", "large", "castle", "sea")]
    problems += [f"{c.kind} {c.a}-{c.b} names an unknown place" for c in connections
                 if c.a not in ids or c.b not in ids]
    problems += [f"connection {c.a}-{c.b} has unknown kind {c.kind!r}" for c in connections
                 if c.kind not in ("road", "rail", "sea")]
    kinds = {p.id: p.kind for p in places}
    problems += [f"{c.kind} {c.a}-{c.b} must join two Towns" for c in connections
                 if c.kind in ("road", "rail") and "sea" in (kinds.get(c.a), kinds.get(c.b))]
    problems += [f"sea {c.a}-{c.b} must touch a Sea Sector" for c in connections
                 if c.kind == "sea" and "sea" not in (kinds.get(c.a), kinds.get(c.b))]
    if len(ids) != len(places):
        problems.append("a place id appears twice")
    if CASTLE_DRACULA not in ids:
        problems.append("there is no castle_dracula")
    for entry in (*place_entries, *connection_entries):
        if entry.data.get("provenance") not in PROVENANCES:
            problems.append(f"{entry.where.split(': ', 1)[-1]} has no provenance among "
                            f"{PROVENANCES}")
    if problems:
        raise BadOption(f"map file {source!r}: " + "; ".join(problems[:5]))
    aliases = root.table("aliases", {})
    return Board(places, connections, {k: aliases.text(k) for k in aliases.data}, source)
