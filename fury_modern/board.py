"""The modern map of Europe: cities, sea zones, roads, white and yellow railways, hospitals.

Read from ``data/map.toml`` (or a file the user supplies with ``map_file=``) into a
:class:`~gothic_kernel.placemap.PlaceMap`, the graph both Fury editions build on,
and asked what the rules ask:

* where a hunter may go by road, by sea, and by railway with a ticket (Ticket Tokens:
  the white value when only white railways are used, the yellow value when any yellow
  one is, and no yellow railway on a ticket without a yellow number);
* where Dracula may go (road and sea, never railway);
* the nearest hospital by road (Special Locations - Hospitals).

Hospitals are places of their own, joined to their city by a one-way link: a hunter
in the hospital is not in the city.
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Iterable
from pathlib import Path

from gothic_kernel import BadOption
from gothic_kernel.placemap import PlaceMap, read_data_file

DATA_DIR = Path(__file__).parent / "data"
MAP_FILE = DATA_DIR / "map.toml"

CASTLE_DRACULA = "castle_dracula"
CITY_KINDS = ("small", "large", "castle")
PLACE_KINDS = (*CITY_KINDS, "sea", "hospital")
CONNECTION_KINDS = ("road", "rail", "sea", "hospital")
RAIL_COLOURS = ("white", "yellow")
#: Where neither the consecrated ground nor a heavenly host may go ([SG]; fidelity table).
HOLY_FORBIDDEN = frozenset({CASTLE_DRACULA, "galatz", "klausenburg"})


class ModernMap(PlaceMap):
    """The modern board and its queries."""

    def __init__(self, base: PlaceMap) -> None:
        super().__init__([base.entries[p] for p in base.places], base.links, base.aliases,
                         base.source)
        self.cities: tuple[str, ...] = self.of_kind(*CITY_KINDS)
        self.seas: tuple[str, ...] = self.of_kind("sea")
        self.hospitals: tuple[str, ...] = self.of_kind("hospital")
        self.ports: tuple[str, ...] = tuple(c for c in self.cities if self.flag(c, "port"))
        self.hospital_of: dict[str, str] = {h: str(self.entries[h]["attached_to"])
                                            for h in self.hospitals}
        self.yellow: frozenset[frozenset[str]] = frozenset(
            frozenset((link.a, link.b)) for link in self.links
            if link.kind == "rail" and link.data.get("color") == "yellow")
        #: Each place's kind (``kind``, read once: the rules ask it several times a step).
        self.kinds: dict[str, str] = {p: self.kind(p) for p in self.places}

    @staticmethod
    def load(path: str | Path | None = None) -> ModernMap:
        """The map in ``path`` (default: the reconstructed modern board); cached per file."""
        return _load(str(Path(path) if path is not None else MAP_FILE))

    # -- what a place is -----------------------------------------------------------------------
    def is_sea(self, place: str) -> bool:
        return self.kinds[place] == "sea"

    def is_city(self, place: str) -> bool:
        return self.kinds[place] in CITY_KINDS

    def is_hospital(self, place: str) -> bool:
        return self.kinds[place] == "hospital"

    def is_large(self, place: str) -> bool:
        return self.kinds[place] == "large"

    def is_port(self, place: str) -> bool:
        return bool(self.flag(place, "port"))

    def region(self, place: str) -> str:
        return str(self.flag(place, "region", ""))

    # -- moving ----------------------------------------------------------------------------------
    def roads(self, place: str) -> tuple[str, ...]:
        return self.neighbours("road", place)

    def sea_lanes(self, place: str) -> tuple[str, ...]:
        """Sea zones next to a port or a sea zone, and ports next to a sea zone."""
        return self.neighbours("sea", place)

    def dracula_moves(self, place: str) -> tuple[str, ...]:
        """Where Dracula may go from ``place``: by road and by sea, never by railway."""
        found = dict.fromkeys((*self.roads(place), *self.sea_lanes(place)))
        return tuple(sorted(found, key=self.position.__getitem__))

    def rail_journeys(self, start: str, white: int, yellow: int,
                      closed: Collection[frozenset[str]] = (),
                      blocked: Collection[str] = ()) -> tuple[str, ...]:
        """Cities a ticket of these values takes a hunter to from ``start``.

        A journey using only white railways may run ``white`` railways; one using any
        yellow railway may run ``yellow`` (Ticket Tokens). ``closed`` railways (a
        roadblock) may not be used; ``blocked`` cities (fog) may not be entered, left or
        passed through.
        """
        return _rail_journeys(self, start, white, yellow, frozenset(closed),
                              frozenset(blocked))

    def road_distances(self, start: str | Iterable[str],
                       blocked: Collection[str] = ()) -> dict[str, int]:
        return self.distances(start, ("road",), blocked)

    def nearest_hospitals(self, place: str) -> tuple[str, ...]:
        """The hospitals nearest ``place`` measured by roads (to their cities); where no road
        leads to any, by roads and sea lanes alike (reconstructed: fidelity table). Several
        when equidistant: Dracula chooses among them."""
        return _nearest_hospitals(self, place)


@functools.lru_cache(maxsize=4096)
def _rail_journeys(board: ModernMap, start: str, white: int, yellow: int,
                   closed: frozenset[frozenset[str]],
                   blocked: frozenset[str]) -> tuple[str, ...]:
    if start in blocked:
        return ()
    reach: set[str] = set()
    # (city, railways used, any yellow so far, cities passed)
    stack: list[tuple[str, int, bool, frozenset[str]]] = [(start, 0, False, frozenset((start,)))]
    longest = max(white, yellow)
    while stack:
        here, used, any_yellow, passed = stack.pop()
        for nxt in board.neighbours("rail", here):
            link = frozenset((here, nxt))
            if nxt in passed or nxt in blocked or link in closed:
                continue
            now_yellow = any_yellow or link in board.yellow
            limit = yellow if now_yellow else white
            if used + 1 > limit or used + 1 > longest:
                continue
            reach.add(nxt)
            stack.append((nxt, used + 1, now_yellow, passed | {nxt}))
    reach.discard(start)
    return tuple(sorted(reach, key=board.position.__getitem__))


@functools.lru_cache(maxsize=256)
def _nearest_hospitals(board: ModernMap, place: str) -> tuple[str, ...]:
    cities = {board.hospital_of[h]: h for h in board.hospitals}
    if board.is_hospital(place):
        return (place,)
    by_road = board.distances(place, ("road",))
    reached = {h: by_road[c] for c, h in cities.items() if c in by_road}
    if not reached:
        anyhow = board.distances(place, ("road", "sea"))
        reached = {h: anyhow[c] for c, h in cities.items() if c in anyhow}
    if not reached:
        return board.hospitals
    best = min(reached.values())
    return tuple(h for h in board.hospitals if reached.get(h) == best)


@functools.lru_cache(maxsize=8)
def _load(path: str) -> ModernMap:
    data = read_data_file(path, "map file")
    base = PlaceMap.from_data(data, place_kinds=PLACE_KINDS, connection_kinds=CONNECTION_KINDS,
                              source=f"map file {path!r}",
                              required=("port", "region"))
    problems = _modern_problems(base)
    if problems:
        raise BadOption(f"map file {path!r}: " + "; ".join(problems[:6]))
    return ModernMap(base)


def _modern_problems(base: PlaceMap) -> list[str]:
    problems: list[str] = []
    if CASTLE_DRACULA not in base:
        problems.append("there is no castle_dracula")
    if not base.of_kind("hospital"):
        problems.append("there is no hospital (defeated hunters go to the nearest)")
    kinds = {p: base.kind(p) for p in base.places}
    for link in base.links:
        ends = (kinds[link.a], kinds[link.b])
        label = f"{link.kind} {link.a}-{link.b}"
        if link.kind in ("road", "rail") and not all(k in CITY_KINDS for k in ends):
            problems.append(f"{label} must join two cities")
        if link.kind == "rail" and link.data.get("color") not in RAIL_COLOURS:
            problems.append(f"{label} needs a color, white or yellow")
        if link.kind == "sea" and "sea" not in ends:
            problems.append(f"{label} must touch a sea zone")
        if link.kind == "hospital" and (ends[0] != "hospital" or not link.one_way):
            problems.append(f"{label} must lead one way from a hospital to its city")
    for place in base.places:
        if kinds[place] == "hospital":
            city = base.entries[place].get("attached_to")
            if kinds.get(str(city)) not in CITY_KINDS:
                problems.append(f"hospital {place!r} is attached to no city")
    return problems
