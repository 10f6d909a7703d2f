"""Pictures of a Dracula's Revenge board as one side sees it (SVG, standard library only).

:func:`board` draws what ``state.observation(viewer)`` holds (the map is in it: walls,
doors, tiles and labelled areas), in the manner of python-chess's ``chess.svg``:

* the squares (floor, walls), the edges of the 6 x 6 tiles, the doors (closed: a solid
  bar; open: an outline), the labelled areas tinted (starting areas, entrances), the
  coffins defiled and, once known to the viewer, Van Helsing's room;
* every character on the board, in its side's colour, with an arrow on the side it
  faces; a misted vampire faint and dashed, an unconscious one grey;
* the active character ringed, and the squares it sees shaded (its field of view and
  line of sight, worked out from the observation with the game's own sight rules,
  ``draculas_revenge.sight``);
* the Action Timeline of this turn under the board: the viewer's own cards named, the
  other side's face down.

    >>> import gothic_kernel as gk
    >>> state = gk.load_game("draculas_revenge").new_game(seed=1)
    >>> svg = board(state.observation("hunters"), "hunters", size=400)
    >>> svg.startswith("<svg") and 'class="square wall' in svg
    True
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping
from typing import Any

from gothic_kernel import PUBLIC
from gothic_kernel.svg import (
    Svg,
    badge,
    checked_options,
    colors_with,
    points,
    root,
    sub,
    token,
    tostring,
)

from . import narration as say
from .board import load_board
from .sight import visible_squares

__all__ = ["COLORS", "board"]

#: The colours of the picture by name; ``board(colors={...})`` overrides any of them.
COLORS: Mapping[str, str] = {
    "void": "#2b2622", "floor": "#ebe4d3", "wall": "#4a433c", "grid": "#cfc6b2",
    "tile edge": "#6e6250", "door": "#8a5a2b", "vampires": "#8e1b1b", "hunters": "#1f4e8c",
    "vampire area": "#e3a0a0", "hunter area": "#a9c4e8", "area": "#d9cfa0",
    "sight": "#ffd54f", "active": "#ffd400", "unconscious": "#9e9e9e", "text": "#1b1b1b",
    "defiled": "#5d4037", "van helsing": "#7cb342", "panel": "#fbf8f0", "edge": "#a99c82",
}

SQUARE = 26.0
MARGIN = 12.0
FACING = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}


@checked_options
def board(observation: Mapping[str, Any], viewer: str = PUBLIC, *, size: int | None = None,
          sight: bool = True, timeline: bool = True, caption: bool = True,
          colors: Mapping[str, str] | None = None, style: str | None = None) -> Svg:
    """The board as ``viewer`` sees it, from ``observation`` (what
    ``state.observation(viewer)`` gave) alone.

    :param size: the picture's width in pixels (None: its natural size).
    :param sight: shade the squares the active character sees.
    :param timeline: draw this turn's Action Timeline under the board.
    :param caption: the line saying whose view it is, the turn and the phase.
    :param colors: colours by name, overriding :data:`COLORS`.
    :param style: CSS put in the picture (classes such as ``square wall``, ``door closed``,
        ``figure vampires misted``, ``facing``, ``sight``, ``timeline``).
    """
    ink = colors_with(COLORS, colors)
    plan = observation["board"]
    columns, rows = int(plan["width"]), int(plan["height"])
    width = max(columns * SQUARE + 2 * MARGIN, 420.0)
    left = (width - columns * SQUARE) / 2
    height = rows * SQUARE + 2 * MARGIN
    panel = (44.0 if caption else 0.0) + (34.0 if timeline else 0.0)
    who = seen_by(viewer)
    svg = root(width, height + panel, size=size, cls="gothic-picture draculas_revenge",
               title=f"Dracula's Revenge: {observation.get('title', '')}, turn "
                     f"{observation.get('turn', '?')}, as {who}", style=style)
    sub(svg, "rect", {"x": 0, "y": 0, "width": width, "height": height, "fill": ink["void"]},
        cls="void")

    def at(x: float, y: float) -> tuple[float, float]:
        """The top-left corner of square (x, y)."""
        return left + x * SQUARE, MARGIN + y * SQUARE

    _squares(svg, plan, at, ink)
    _areas(svg, observation, plan, at, ink)
    if sight:
        _sight(svg, observation, at, ink)
    _doors(svg, observation, plan, at, ink)
    _figures(svg, observation, at, ink)
    top = height
    if caption:
        _caption(svg, observation, viewer, width, top, ink)
        top += 44
    if timeline:
        _timeline(svg, observation, viewer, width, top, ink)
    return tostring(svg)


def _squares(svg: ET.Element, plan: Mapping[str, Any], at: Any,
             ink: Mapping[str, str]) -> None:
    group = sub(svg, "g", cls="squares")
    for y, row in enumerate(plan["rows"]):
        for x, char in enumerate(row):
            if char == " ":
                continue
            wall = char == "#"
            sx, sy = at(x, y)
            sub(group, "rect", {"x": sx, "y": sy, "width": SQUARE, "height": SQUARE,
                                "fill": ink["wall" if wall else "floor"],
                                "stroke": ink["wall" if wall else "grid"],
                                "stroke-width": 0.5},
                cls=f"square {'wall' if wall else 'floor'}")
    edges = sub(svg, "g", cls="tiles")
    for tile in plan.get("tiles", []):
        sx, sy = at(6 * int(tile["col"]), 6 * int(tile["row"]))
        sub(edges, "rect", {"x": sx, "y": sy, "width": 6 * SQUARE, "height": 6 * SQUARE,
                            "fill": "none", "stroke": ink["tile edge"], "stroke-width": 1.4},
            cls=f"tile {tile['tile']}", title=str(tile.get("name", tile["tile"])))


def _areas(svg: ET.Element, observation: Mapping[str, Any], plan: Mapping[str, Any], at: Any,
           ink: Mapping[str, str]) -> None:
    """The labelled areas tinted; the coffins defiled; Van Helsing's room once known."""
    rows = plan["rows"]
    group = sub(svg, "g", cls="areas")
    tiles = {t["tile"]: t for t in plan.get("tiles", [])}
    for name, area in sorted(plan.get("areas", {}).items()):
        fill = ink["vampire area"] if "vampire" in name else \
            ink["hunter area"] if "hunter" in name else ink["area"]
        for x, y in area.get("squares", []):
            if rows[y][x] in ".+":
                sx, sy = at(x, y)
                sub(group, "rect", {"x": sx, "y": sy, "width": SQUARE, "height": SQUARE,
                                    "fill": fill, "fill-opacity": 0.55},
                    cls=f"area {name}", title=name.replace("_", " "))
    marks = sub(svg, "g", cls="tile-marks")
    for tile in observation.get("defiled", []):
        if tile in tiles:
            _tile_mark(marks, tiles[tile], at, "coffins defiled", ink["defiled"], "defiled")
    room = observation.get("van_helsing", {}).get("room")
    if room in tiles:
        found = observation.get("van_helsing", {}).get("found")
        _tile_mark(marks, tiles[room], at, "Van Helsing" + (" (found)" if found else ""),
                   ink["van helsing"], "van-helsing")


def _tile_mark(parent: ET.Element, tile: Mapping[str, Any], at: Any, words: str, fill: str,
               cls: str) -> None:
    sx, sy = at(6 * int(tile["col"]), 6 * int(tile["row"]))
    sub(parent, "rect", {"x": sx + 3, "y": sy + 3, "width": 6 * SQUARE - 6,
                         "height": 6 * SQUARE - 6, "fill": "none", "stroke": fill,
                         "stroke-width": 3, "stroke-dasharray": "8 4"}, cls=cls)
    badge(parent, sx + 3 * SQUARE, sy + 11, words, fill=fill, ink="#ffffff", cls=cls, font=8)


def _doors(svg: ET.Element, observation: Mapping[str, Any], plan: Mapping[str, Any], at: Any,
           ink: Mapping[str, str]) -> None:
    group = sub(svg, "g", cls="doors")
    opened = observation.get("doors", {})
    for door, cells in sorted(plan.get("doors", {}).items()):
        is_open = bool(opened.get(door))
        for x, y in cells:
            sx, sy = at(x, y)
            inset = 2.0 if not is_open else 4.0
            sub(group, "rect", {"x": sx + inset, "y": sy + inset, "width": SQUARE - 2 * inset,
                                "height": SQUARE - 2 * inset, "rx": 2,
                                "fill": "none" if is_open else ink["door"],
                                "stroke": ink["door"], "stroke-width": 2 if is_open else 1,
                                "stroke-dasharray": "3 2" if is_open else None},
                cls=f"door {'open' if is_open else 'closed'} {door}",
                title=f"{door.replace('_', ' ')}, {'open' if is_open else 'closed'}")


def _sight(svg: ET.Element, observation: Mapping[str, Any], at: Any,
           ink: Mapping[str, str]) -> None:
    """The squares the active character sees, from the observation and the map."""
    seen = sees(observation)
    if not seen:
        return
    group = sub(svg, "g", cls="sight")
    for x, y in seen:
        sx, sy = at(x, y)
        sub(group, "rect", {"x": sx, "y": sy, "width": SQUARE, "height": SQUARE,
                            "fill": ink["sight"], "fill-opacity": 0.42}, cls="sight")


def sees(observation: Mapping[str, Any]) -> list[tuple[int, int]]:
    """The squares the active character sees (its field of view and clear lines of
    sight: walls, closed doors and solid characters block), worked out with the game's
    own rules ("Seeing Things") from what the observation shows; [] if no character is
    active on the board."""
    active = (observation.get("active") or {}).get("character")
    figures = {f["id"]: f for f in observation.get("figures", [])}
    figure = figures.get(active or "")
    if figure is None or figure.get("square") is None or figure.get("unconscious"):
        return []
    plan = load_board(str(observation["map"]), str(observation.get("data_dir", "")))
    obstacles = plan.wall_bits
    for door, is_open in observation.get("doors", {}).items():
        if not is_open and door in plan.door_cells_bits:
            obstacles |= plan.door_cells_bits[door]
    for other in figures.values():
        if other.get("square") is not None and not other.get("misted"):
            obstacles |= 1 << plan.index(*other["square"])
    here = plan.index(*figure["square"])
    facing = "nesw".index(figure.get("facing", "n"))
    seen = visible_squares(plan, here, facing, obstacles, bool(figure.get("misted")))
    return [plan.xy(int(square)) for square in seen.nonzero()[0] if int(square) != here]


def seen_by(viewer: str) -> str:
    """The picture's viewer: "everyone sees it", "the vampire player sees it"."""
    return "everyone sees it" if viewer == PUBLIC else f"{say.player(viewer)} sees it"


def _label(figure: Mapping[str, Any]) -> str:
    """"S1" for Staker 1, "NA" for Nosferatu A, "D" for Dracula."""
    words = str(figure.get("name", figure.get("id", "?"))).replace("-", " ").split()
    if len(words) > 1 and len(words[-1]) <= 2:
        return words[0][0].upper() + words[-1].upper()
    return "".join(w[0].upper() for w in words[:2])


def _figures(svg: ET.Element, observation: Mapping[str, Any], at: Any,
             ink: Mapping[str, str]) -> None:
    group = sub(svg, "g", cls="figures")
    active = (observation.get("active") or {}).get("character")
    for figure in observation.get("figures", []):
        if figure.get("square") is None:
            continue
        sx, sy = at(*figure["square"])
        x, y = sx + SQUARE / 2, sy + SQUARE / 2
        side = str(figure.get("side", "vampires"))
        misted, out = bool(figure.get("misted")), bool(figure.get("unconscious"))
        fill = ink["unconscious"] if out else ink.get(side, ink["vampires"])
        flags = [f for f, on in (("misted", misted), ("unconscious", out),
                                 ("active", figure["id"] == active)) if on]
        holder = sub(group, "g", {"opacity": 0.5 if misted else None},
                     cls=" ".join(["figure", side, str(figure.get("kind", "")), *flags]))
        if figure["id"] == active:
            sub(holder, "circle", {"cx": x, "cy": y, "r": SQUARE * 0.48, "fill": "none",
                                   "stroke": ink["active"], "stroke-width": 3})
        dx, dy = FACING.get(str(figure.get("facing", "n")), (0, -1))
        r = SQUARE * 0.36
        tip = (x + dx * (r + 5), y + dy * (r + 5))
        base = [(x + dx * (r - 1) + dy * 5, y + dy * (r - 1) - dx * 5),
                (x + dx * (r - 1) - dy * 5, y + dy * (r - 1) + dx * 5)]
        sub(holder, "polygon", {"points": points([tip, *base]), "fill": fill,
                                "stroke": "#1b1b1b", "stroke-width": 0.8}, cls="facing")
        disc = token(holder, x, y, _label(figure), fill=fill, cls="counter", r=r,
                     title=f"{figure.get('name', figure['id'])}, facing "
                           f"{figure.get('facing', '?')}"
                           f"{''.join(', ' + f for f in flags)}")
        if misted:
            for circle in disc.iter("circle"):
                circle.set("stroke-dasharray", "3 2")


def _caption(svg: ET.Element, observation: Mapping[str, Any], viewer: str, width: float,
             top: float, ink: Mapping[str, str]) -> None:
    panel = sub(svg, "g", cls="panel")
    sub(panel, "rect", {"x": 0, "y": top, "width": width, "height": 44, "fill": ink["panel"],
                        "stroke": ink["edge"], "stroke-width": 0.8})
    who = seen_by(viewer)
    limit = observation.get("turn_limit")
    turn = f"turn {observation.get('turn', '?')}" + (f" of {limit}" if limit else "")
    light = "daylight" if observation.get("daylight") else "darkness"
    sub(panel, "text", {"x": 10, "y": top + 17, "font-size": 11, "font-weight": "bold",
                        "fill": ink["text"]}, cls="caption",
        text=f"Dracula's Revenge: {observation.get('title', '')}, {turn}, as {who}")
    waiting = [f.get("name", f["id"]) for f in observation.get("figures", [])
               if f.get("square") is None and not f.get("exited")]
    gone = len(observation.get("dead", []))
    words = f"{observation.get('phase', '')} phase, {light}"
    if waiting:
        words += f"; off the board: {', '.join(waiting)}"
    if gone:
        words += f"; {gone} dead"
    if _over(observation):
        words = _over(observation)
    sub(panel, "text", {"x": 10, "y": top + 33, "font-size": 9, "fill": ink["text"]},
        cls="caption", text=words)


def _timeline(svg: ET.Element, observation: Mapping[str, Any], viewer: str, width: float,
              top: float, ink: Mapping[str, str]) -> None:
    """This turn's Action Timeline: the viewer's cards named, the others face down."""
    group = sub(svg, "g", cls="timeline")
    sub(group, "rect", {"x": 0, "y": top, "width": width, "height": 34, "fill": ink["panel"],
                        "stroke": ink["edge"], "stroke-width": 0.8})
    sub(group, "text", {"x": 10, "y": top + 20, "font-size": 9, "font-weight": "bold",
                        "fill": ink["text"]}, text="Timeline")
    sides = observation.get("sides", {})
    x = 62.0
    for play in observation.get("timeline", []):
        seat = str(play.get("seat", ""))
        name = play.get("name")
        text = f"{play.get('play', '?')}. {name}" if name else f"{play.get('play', '?')}. ?"
        box = max(26.0, 5.0 * len(text) + 8)
        if x + box > width - 6:
            break
        side = sides.get(seat, seat)
        sub(group, "rect", {"x": x, "y": top + 8, "width": box, "height": 18, "rx": 3,
                            "fill": ink.get(side, "#555555")},
            cls=f"play {seat}{'' if name else ' face-down'}",
            title=f"play {play.get('play')}: {seat.replace('_', ' ')}"
                  f"{', ' + str(name) if name else ', face down'}")
        sub(group, "text", {"x": x + box / 2, "y": top + 20, "font-size": 8,
                            "text-anchor": "middle", "fill": "#ffffff"}, text=text)
        x += box + 4


def _over(observation: Mapping[str, Any]) -> str:
    """The end, in words, once the game is over ("" before)."""
    outcome = observation.get("outcome")
    if not outcome:
        return ""
    winners = " and ".join(str(w).replace("_", " ").title() for w in outcome.get("winners", []))
    reason = str(outcome.get("reason", "")).rstrip(".")
    said = f"Over: {winners} won" if winners else "Over: nobody won"
    return f"{said}{' (' + reason + ')' if reason else ''}."
