"""Checking the data files: a folder of your own data must say what the rules need.

:func:`check` reads the five files as ``data.load`` parsed them and raises
``BadOption`` naming the file, the field and the problem ("characters.toml:
types.she_wolf.ca must be a whole number, not 'x'") for anything the game could not
play with: a missing table or field, a value of the wrong type or out of range, a map
using an unknown tile or putting a door outside a doorway, an adventure naming an area
its map does not have, or forces the box or the start area cannot hold.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NoReturn

from gothic_kernel import BadOption

from .grid import Board

#: The goals the engine knows (each adventure's ``goal``).
GOALS = ("into_the_breach", "defile_the_coffins", "cross_the_catacombs", "rescue_van_helsing",
         "destroy_dracula", "custom")
#: Character types the rules name: minions (mesmerizing), stakers (saving a born
#: minion), Van Helsing (Rescue Van Helsing), Dracula (Destroy Dracula).
NAMED_TYPES = ("minion", "staker", "van_helsing", "dracula")
COSTS = ("move", "turn", "mist", "door", "close_attack", "ranged_attack", "enter", "leave",
         "defile", "wake")
NUMBERS = ("reaction_die_bonus", "range_min", "range_max", "crucifix_zone")
SPECIALS = ("crossbow", "crucifix", "mesmerize")
PROVENANCES = ("rulebook", "derived", "reconstructed")
#: The cells of a Character Table row whose provenance a type may give (``cells``).
CELLS = ("ca", "ra", "df", "ap", "specials", "points", "box")
_MISSING = object()


class FileCheck:
    """Reads the fields of one data file, refusing bad ones with the file's name."""

    def __init__(self, file: str, prefix: str) -> None:
        self.file = file
        self.prefix = prefix

    def fail(self, field: str, problem: str) -> NoReturn:
        raise BadOption(f"{self.prefix}{self.file}: {field} {problem}")

    def get(self, table: Mapping[str, Any], key: str, field: str,
            default: Any = _MISSING) -> Any:
        if key not in table:
            if default is _MISSING:
                self.fail(f"{field}.{key}" if field else key, "is missing")
            return default
        return table[key]

    def table(self, table: Mapping[str, Any], key: str, field: str,
              default: Any = _MISSING) -> dict[str, Any]:
        value = self.get(table, key, field, default)
        if not isinstance(value, dict):
            self.fail(_join(field, key), f"must be a table, not {value!r}")
        return value

    def whole(self, table: Mapping[str, Any], key: str, field: str, low: int = 0,
              default: Any = _MISSING) -> int:
        value = self.get(table, key, field, default)
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(_join(field, key), f"must be a whole number, not {value!r}")
        if value < low:
            self.fail(_join(field, key), f"must be {low} or more, not {value}")
        return value

    def word(self, table: Mapping[str, Any], key: str, field: str,
             allowed: Any = None, default: Any = _MISSING) -> str:
        if key not in table and default is not _MISSING:
            return str(default)
        value = self.get(table, key, field)
        if not isinstance(value, str):
            self.fail(_join(field, key), f"must be a word, not {value!r}")
        if allowed is not None and value not in allowed:
            self.fail(_join(field, key), f"is {value!r}; allowed: {', '.join(sorted(allowed))}")
        return value

    def words(self, table: Mapping[str, Any], key: str, field: str, allowed: Any = None,
              default: Any = _MISSING) -> list[str]:
        value = self.get(table, key, field, default)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self.fail(_join(field, key), f"must be a list of words, not {value!r}")
        bad = [v for v in value if allowed is not None and v not in allowed]
        if bad:
            self.fail(_join(field, key), f"names {bad[0]!r}; allowed: {', '.join(sorted(allowed))}")
        return value

    def flag(self, table: Mapping[str, Any], key: str, field: str, default: Any) -> bool:
        value = self.get(table, key, field, default)
        if not isinstance(value, bool):
            self.fail(_join(field, key), f"must be true or false, not {value!r}")
        return value


def _join(field: str, key: str) -> str:
    return f"{field}.{key}" if field else key


def check(files: Mapping[str, dict[str, Any]], where: Mapping[str, str], prefix: str
          ) -> dict[str, Board]:
    """Refuse data the game could not play with (``BadOption``, naming file and field).
    Returns the maps' boards, built to check them (``board.load_board`` hands them out)."""
    def at(name: str) -> FileCheck:
        return FileCheck(where[name], prefix)

    size = _check_tiles(at("tiles"), files["tiles"])
    types = _check_characters(at("characters"), files["characters"])
    _check_actions(at("actions"), files["actions"])
    boards = _check_maps(at("maps"), files["maps"], files["tiles"]["tiles"], size)
    _check_adventures(at("adventures"), files["adventures"], boards, types)
    return boards


# -- tiles.toml ---------------------------------------------------------------------------
def _check_tiles(c: FileCheck, data: dict[str, Any]) -> int:
    size = c.whole(c.table(data, "meta", ""), "size", "meta", low=2)
    tiles = c.table(data, "tiles", "")
    if not tiles:
        c.fail("tiles", "must list at least one tile")
    for name in tiles:
        tile = c.table(tiles, name, "tiles")
        rows = c.words(tile, "rows", f"tiles.{name}")
        if len(rows) != size or any(len(r) != size for r in rows):
            c.fail(f"tiles.{name}.rows", f"must be {size} rows of {size} squares (meta.size)")
        if any(set(r) - set(".#d") for r in rows):
            c.fail(f"tiles.{name}.rows", "may hold only '.' floor, '#' wall and 'd' doorway")
    return size


# -- characters.toml ------------------------------------------------------------------------
def _check_characters(c: FileCheck, data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    types = c.table(data, "types", "")
    for kind in NAMED_TYPES:
        if kind not in types:
            c.fail("types", f"has no {kind!r} (the rules name it)")
    for kind in types:
        t = c.table(types, kind, "types")
        field = f"types.{kind}"
        c.word(t, "name", field)
        c.word(t, "type", field, ("vampire", "human"))
        for stat in ("ca", "df"):
            c.whole(t, stat, field, low=-9)
        c.whole(t, "ra", field, low=-9, default=0)
        c.whole(t, "ap", field, low=1)
        c.whole(t, "points", field, low=1)
        c.whole(t, "box", field, low=1)
        c.words(t, "specials", field, SPECIALS, default=[])
        c.word(t, "feeds_into", field, set(types), default="")
        c.word(t, "provenance", field, PROVENANCES)
        cells = c.table(t, "cells", field, default={})
        for cell in cells:
            c.word(cells, cell, f"{field}.cells", PROVENANCES)
            if cell not in CELLS:
                c.fail(f"{field}.cells", f"names {cell!r}; allowed: {', '.join(CELLS)}")
    if types["minion"]["type"] != "human":
        c.fail("types.minion.type", "must be 'human' (minions are humans)")
    sides = c.table(data, "sides", "")
    listed: list[str] = []
    for side in ("vampires", "hunters"):
        listed += c.words(sides, side, "sides", set(types))
    if sorted(listed) != sorted(types):
        c.fail("sides", "must name every type once, on the vampires' or the hunters' side")
    for kind in sides["vampires"]:
        if types[kind]["type"] != "vampire" and kind != "minion":
            c.fail("sides.vampires", f"names {kind!r}, a human who is not a minion")
    if any(types[k]["type"] != "human" or k == "minion" for k in sides["hunters"]):
        c.fail("sides.hunters", "may name only humans other than minions")
    return {k: {**types[k], "side": "vampires" if k in sides["vampires"] else "hunters"}
            for k in types}


# -- actions.toml ---------------------------------------------------------------------------
def _check_actions(c: FileCheck, data: dict[str, Any]) -> None:
    costs = c.table(data, "costs", "")
    for name in COSTS:
        c.whole(c.table(costs, name, "costs"), "points", f"costs.{name}", low=1)
    points = c.table(data, "points", "")
    for name in NUMBERS:
        c.whole(points, name, "points", low=0)
    if points["range_min"] > points["range_max"]:
        c.fail("points.range_min", "must not exceed points.range_max")


# -- maps.toml ------------------------------------------------------------------------------
def _check_maps(c: FileCheck, data: dict[str, Any], tiles: dict[str, Any],
                size: int) -> dict[str, Board]:
    maps = c.table(data, "maps", "")
    boards = {}
    for name in maps:
        spec = c.table(maps, name, "maps")
        _check_map_shape(c, name, spec, tiles)
        try:
            boards[name] = Board(name, spec, tiles, size)
        except BadOption as exc:
            c.fail(f"maps.{name}", f"is unusable: {exc}")
        _check_areas(c, name, spec, boards[name])
    return boards


def _check_map_shape(c: FileCheck, name: str, spec: dict[str, Any],
                     tiles: dict[str, Any]) -> None:
    placed = c.get(spec, "tiles", f"maps.{name}")
    if not isinstance(placed, list) or not placed:
        c.fail(f"maps.{name}.tiles", "must list the tiles of the map")
    cells = set()
    for i, t in enumerate(placed):
        field = f"maps.{name}.tiles[{i}]"
        if not isinstance(t, dict):
            c.fail(field, f"must be a table, not {t!r}")
        c.word(t, "tile", field, set(tiles))
        cell = (c.whole(t, "col", field), c.whole(t, "row", field))
        if c.whole(t, "turn", field, default=0) > 3:
            c.fail(f"{field}.turn", "counts quarter turns: 0 to 3")
        if cell in cells:
            c.fail(field, f"lies on column {cell[0]}, row {cell[1]} like another tile")
        cells.add(cell)
    placed_names = {t["tile"] for t in placed}
    for area, info in c.table(spec, "areas", f"maps.{name}", default={}).items():
        if isinstance(info, dict) and "tiles" in info:
            c.words(info, "tiles", f"maps.{name}.areas.{area}", placed_names)
    doors = c.get(spec, "doors", f"maps.{name}", default=[])
    if not isinstance(doors, list) or not all(
            isinstance(d, list) and len(d) == 2 and all(
                isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in d)
            for d in doors):
        c.fail(f"maps.{name}.doors", f"must be a list of [x, y] squares, not {doors!r}")


def _check_areas(c: FileCheck, name: str, spec: dict[str, Any], board: Board) -> None:
    areas = c.table(spec, "areas", f"maps.{name}", default={})
    open_squares = set(board.open_squares)
    for area in areas:
        info = c.table(areas, area, f"maps.{name}.areas")
        field = f"maps.{name}.areas.{area}"
        if "tiles" in info:
            continue  # checked with the map's tiles
        squares = c.get(info, "squares", field)
        if not isinstance(squares, list) or not squares or not all(
                isinstance(s, list) and len(s) == 2 and all(
                    isinstance(v, int) and not isinstance(v, bool) for v in s)
                and board.on_board(*s) and board.index(*s) in open_squares for s in squares):
            c.fail(f"{field}.squares", "must list open squares [x, y] of the map")


# -- adventures.toml ------------------------------------------------------------------------
def _check_adventures(c: FileCheck, data: dict[str, Any], boards: dict[str, Any],
                      types: dict[str, dict[str, Any]]) -> None:
    adventures = c.table(data, "adventures", "")
    for adventure in GOALS:
        c.table(adventures, adventure, "adventures")
    for adventure in adventures:
        spec = c.table(adventures, adventure, "adventures")
        field = f"adventures.{adventure}"
        c.word(spec, "title", field)
        board = boards[c.word(spec, "map", field, set(boards))]
        goal = c.word(spec, "goal", field, GOALS)
        c.whole(spec, "turn_limit", field, default=0)
        if goal != "custom":
            placed: dict[str, int] = {}
            for side in ("vampires", "hunters"):
                force = c.table(spec, side, field)
                area, count = _check_force(c, f"{field}.{side}", force, side, board, types)
                if area:
                    placed[area] = placed.get(area, 0) + count
            for area, count in placed.items():
                room = len(free_squares(board, area))
                if room < count:
                    c.fail(f"{field}.vampires.area" if area == spec["vampires"].get("area")
                           else f"{field}.hunters.area",
                           f"{area!r} has {room} free squares for {count} characters")
        _check_special_rules(c, field, spec, board, types)


def _area(c: FileCheck, table: dict[str, Any], key: str, field: str, board: Any,
          tinted: bool = False) -> str:
    area = c.word(table, key, field)
    if area not in board.areas:
        c.fail(_join(field, key), f"names {area!r}, not an area of the map {board.name!r} "
               f"(areas: {', '.join(sorted(board.areas)) or 'none'})")
    if tinted and area not in board.area_tiles:
        c.fail(_join(field, key), f"names {area!r}, which must be tinted tiles")
    return area


def _check_force(c: FileCheck, field: str, force: dict[str, Any], side: str, board: Any,
                 types: dict[str, dict[str, Any]]) -> tuple[str, int]:
    """Check one side's forces; (the tinted area they start on, or "", and how many)."""
    forces = c.table(force, "forces", field)
    count = 0
    for kind in forces:
        if kind not in types or types[kind]["side"] != side:
            c.fail(f"{field}.forces", f"names {kind!r}, not a character type of the {side}")
        n = c.whole(forces, kind, f"{field}.forces", low=1)
        if n > types[kind]["box"]:
            c.fail(f"{field}.forces.{kind}", f"is {n}; the box holds {types[kind]['box']}")
        count += n
    c.whole(force, "points", field)
    start = c.word(force, "start", field, ("off_board", "tinted"))
    if start == "off_board":
        area = _area(c, force, "entrance", field, board)
        if not free_squares(board, area):
            c.fail(f"{field}.entrance", f"{area!r} has no open square to enter by")
        return "", count
    area = _area(c, force, "area", field, board, tinted=True)
    if c.flag(force, "one_per_tile", field, False) and len(board.area_tiles[area]) > count:
        c.fail(f"{field}.one_per_tile", f"needs a vampire for each of the {area!r} tiles")
    return area, count


#: What each goal needs in its adventure's entry.
_GOAL_NEEDS = {"defile_the_coffins": ("coffins",), "cross_the_catacombs": ("exit",),
               "rescue_van_helsing": ("secret_room", "exit")}


def _check_special_rules(c: FileCheck, field: str, spec: dict[str, Any], board: Any,
                         types: dict[str, dict[str, Any]]) -> None:
    for key in _GOAL_NEEDS.get(spec["goal"], ()):
        c.get(spec, key, field)
    for key in ("coffins", "secret_room"):
        if key in spec:
            _area(c, spec, key, field, board, tinted=True)
    if "exit" in spec:
        _area(c, spec, "exit", field, board)
        c.whole(spec, "exits_needed", field, low=1, default=1)
    if "reinforcements" in spec:
        rule = c.table(spec, "reinforcements", field)
        c.word(rule, "kind", f"{field}.reinforcements",
               {k for k, t in types.items() if t["side"] == "vampires"})
        c.whole(rule, "from_turn", f"{field}.reinforcements", low=1)
        _area(c, rule, "entrance", f"{field}.reinforcements", board)
    c.whole(spec, "sunrise_after", field, default=0)
    c.flag(spec, "daylight", field, False)
    briefing = c.table(spec, "briefing", field, default={})
    for key in ("introduction", "hunters", "hunters_win", "vampires", "vampires_win"):
        c.word(briefing, key, f"{field}.briefing", default="")
    c.words(briefing, "special_rules", f"{field}.briefing", default=[])


def free_squares(board: Any, area: str) -> list[int]:
    """The squares of an area where a character may stand at the start (open floor, not
    a doorway: doors start closed)."""
    return [s for s in sorted(board.areas[area]) if s not in board.door_of]


__all__ = ["GOALS", "check", "free_squares"]
