"""Pictures of Transylvania and Castle Dracula as one player sees them (SVG, stdlib only).

:func:`board` draws what ``state.observation(viewer)`` holds on the maps of
``data/transylvania.toml`` and ``data/castle.toml``, in the manner of python-chess's
``chess.svg``:

* Transylvania (the Basic Game): the hexes coloured by terrain (clear, forest, mountain,
  under evil influence), the roads, the ten large hexes with their names and how many
  face-down counters each still holds (a counter the viewer looked at is named), and
  every player's figure (a nosferatu or a werewolf drawn as a square);
* Castle Dracula (the Extended Game): the white spaces and green encounter areas, the
  passages between them, the red guardians (face down, or named once revealed), the
  clock, and the figures.

The face-down counters are the game's secret (nobody has seen them), so only their
number is drawn::

    >>> import gothic_kernel as gk
    >>> state = gk.load_game("vampyre").new_game(seed=1)
    >>> svg = board(state.observation("mina"), "mina", size=400)
    >>> svg.startswith("<svg") and 'class="hex forest' in svg
    True
"""

from __future__ import annotations

import functools
import math
import tomllib
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from gothic_kernel import PUBLIC, BadOption
from gothic_kernel.svg import (
    Svg,
    badge,
    checked_options,
    colors_with,
    label,
    points,
    root,
    spread,
    sub,
    token,
    tostring,
)

__all__ = ["COLORS", "board"]

DATA_DIR = Path(__file__).parent / "data"
TRANSYLVANIA = "transylvania"
CASTLE = "castle_dracula"
TERRAIN = {"c": "clear", "f": "forest", "m": "mountain", "e": "evil"}

#: The colours of the picture by name; ``board(colors={...})`` overrides any of them.
COLORS: Mapping[str, str] = {
    "clear": "#e8e2b4", "forest": "#86ab70", "mountain": "#aaa397", "evil": "#6d587c",
    "large": "#f6f1e2", "hex edge": "#6f6a5c", "road": "#8a5a2b", "text": "#1b1b1b",
    "counter": "#1b1b1b", "wall": "#8d8a85", "white space": "#fbfaf6", "green area": "#9bc98e",
    "passage": "#d9d4c7", "guardian": "#b71c1c", "panel": "#fbf8f0", "edge": "#a99c82",
    "harker": "#1f5fa8", "mina": "#c25e00", "van_helsing": "#6a3d9a", "godalming": "#2e7d32",
    "morris": "#00838f", "seward": "#ad1457",
}

INITIALS = {"harker": "H", "mina": "M", "van_helsing": "VH", "godalming": "G", "morris": "Q",
            "seward": "S"}
HEX = 24.0  # centre to corner, flat-topped
CELL = 46.0  # the castle's drawing grid
MARGIN = 14.0
CAPTION = 44.0


@functools.cache
def _data(name: str, data_dir: str) -> dict[str, Any]:
    own = Path(data_dir) / name if data_dir else None
    path = own if own is not None and own.is_file() else DATA_DIR / name
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise BadOption(f"cannot read {path}: {exc}") from None


@checked_options
def board(observation: Mapping[str, Any], viewer: str = PUBLIC, *, size: int | None = None,
          stage: str | None = None, labels: bool = True, caption: bool = True,
          colors: Mapping[str, str] | None = None, style: str | None = None,
          data_dir: str = "") -> Svg:
    """The map of the stage being played (or of ``stage``: ``"transylvania"`` or
    ``"castle_dracula"``) as ``viewer`` sees it, from ``observation`` and the public maps.

    :param size: the picture's width in pixels (None: its natural size).
    :param labels: write the names of the large hexes and the castle's spaces.
    :param caption: the line saying whose view it is, the turn and the clock.
    :param colors: colours by name, overriding :data:`COLORS`.
    :param style: CSS put in the picture (classes such as ``hex forest``, ``road``,
        ``large-hex``, ``player mina nosferatu``, ``guardian face-down``).
    :param data_dir: the folder of the game's own data files, when it was played with one.
    """
    ink = colors_with(COLORS, colors)
    shown = stage or str(observation.get("stage", TRANSYLVANIA))
    if shown not in (TRANSYLVANIA, CASTLE):
        raise BadOption(f"stage {shown!r} is not one of {TRANSYLVANIA!r}, {CASTLE!r}")
    if shown == CASTLE:
        return _castle(observation, viewer, size, labels, caption, ink, style, data_dir)
    return _transylvania(observation, viewer, size, labels, caption, ink, style, data_dir)


def _hex_centre(col: int, row: int) -> tuple[float, float]:
    """Flat-topped hexes in odd-q offset: odd columns sit half a hex lower."""
    height = math.sqrt(3) * HEX
    return (MARGIN + HEX + 1.5 * HEX * col,
            MARGIN + height / 2 + height * (row + 0.5 * (col & 1)))


def _hexagon(x: float, y: float, r: float) -> list[tuple[float, float]]:
    return [(x + r * math.cos(math.pi / 3 * i), y + r * math.sin(math.pi / 3 * i))
            for i in range(6)]


def _caption(svg: ET.Element, top: float, width: float, lines: list[str],
             ink: Mapping[str, str]) -> None:
    panel = sub(svg, "g", cls="panel")
    sub(panel, "rect", {"x": 0, "y": top, "width": width, "height": CAPTION,
                        "fill": ink["panel"], "stroke": ink["edge"], "stroke-width": 0.8})
    for i, text in enumerate(lines):
        sub(panel, "text", {"x": 10, "y": top + 17 + 16 * i, "font-size": 11 if i == 0 else 9.5,
                            "font-weight": "bold" if i == 0 else None, "fill": ink["text"]},
            cls="caption", text=text)


def _who(observation: Mapping[str, Any], viewer: str) -> str:
    if viewer == PUBLIC:
        return "everyone (spectators)"
    return str(observation.get("players", {}).get(viewer, {}).get("name", viewer))


def _players_at(observation: Mapping[str, Any]) -> dict[str, list[str]]:
    at: dict[str, list[str]] = {}
    for seat, player in observation.get("players", {}).items():
        if player.get("location") and not player.get("out"):
            at.setdefault(player["location"], []).append(seat)
    return at


def _figures(svg: ET.Element, observation: Mapping[str, Any], where: Mapping[str, Any],
             ink: Mapping[str, str], step: float) -> None:
    group = sub(svg, "g", cls="players")
    current = observation.get("current")
    for place, seats in _players_at(observation).items():
        if place not in where:
            continue
        x, y = where[place]
        for seat, (fx, fy) in zip(seats, spread(len(seats), x, y, step), strict=True):
            player = observation["players"][seat]
            form = str(player.get("form", "hunter"))
            flags = [form] + (["current"] if seat == current else [])
            bites = int(player.get("bites", 0))
            token(group, fx, fy, INITIALS.get(seat, seat[:1].upper()),
                  fill=ink.get(seat, "#555555"), cls=" ".join(["player", seat, *flags]),
                  r=8.5, shape="circle" if form == "hunter" else "square",
                  stroke="#ffd400" if seat == current else "#1b1b1b",
                  title=f"{player.get('name', seat)} ({form.replace('_', ' ')}): "
                        f"{bites} bites, {player.get('coffins', 0)} coffins burned")


def _transylvania(observation: Mapping[str, Any], viewer: str, size: int | None,
                  labels: bool, caption: bool, ink: Mapping[str, str], style: str | None,
                  data_dir: str) -> Svg:
    data = _data("transylvania.toml", data_dir)
    columns, rows = int(data["map"]["columns"]), int(data["map"]["rows"])
    letters = {int(r["row"]): str(r["terrain"]) for r in data["rows"]}
    large = {(int(h["col"]), int(h["row"])): h for h in data["large_hexes"]}
    width = 2 * MARGIN + HEX * (1.5 * (columns - 1) + 2)
    height = 2 * MARGIN + math.sqrt(3) * HEX * (rows + 0.5)
    bottom = CAPTION if caption else 0.0
    svg = root(width, height + bottom, size=size, cls="gothic-picture vampyre transylvania",
               title=f"Vampyre: Transylvania, turn {observation.get('turn', '?')}, as "
                     f"{_who(observation, viewer)} sees it", style=style)
    sub(svg, "rect", {"x": 0, "y": 0, "width": width, "height": height, "fill": "#ffffff"},
        cls="background")
    centre: dict[str, tuple[float, float]] = {}
    hexes = sub(svg, "g", cls="hexes")
    for row in range(rows):
        for col in range(columns):
            x, y = _hex_centre(col, row)
            big = large.get((col, row))
            hid = str(big["id"]) if big else f"hex_{col:02d}_{row:02d}"
            centre[hid] = (x, y)
            terrain = TERRAIN.get(letters[row][col], "clear")
            if big:
                continue
            sub(hexes, "polygon", {"points": points(_hexagon(x, y, HEX)), "fill": ink[terrain],
                                   "stroke": ink["hex edge"], "stroke-width": 0.6},
                cls=f"hex {terrain} {hid}", title=f"{terrain} {col:02d}.{row:02d}")
    roads = sub(svg, "g", cls="roads")
    for road in data.get("roads", []):
        route = [centre[h] for h in road["hexes"] if h in centre]
        sub(roads, "polyline", {"points": points(route), "fill": "none", "stroke": ink["road"],
                                "stroke-width": 3.2, "stroke-linejoin": "round",
                                "stroke-linecap": "round", "stroke-opacity": 0.85},
            cls="road", title=str(road.get("id", "road")).replace("_", " "))
    seen = observation.get("large_hexes", {})
    bigs = sub(svg, "g", cls="large-hexes")
    for _, big in sorted(large.items()):
        hid = str(big["id"])
        x, y = centre[hid]
        info = seen.get(hid, {})
        sub(bigs, "polygon", {"points": points(_hexagon(x, y, HEX - 1.5)), "fill": ink["large"],
                              "stroke": ink["text"], "stroke-width": 2.4},
            cls=f"large-hex {hid}", title=str(big["name"]))
        count = int(info.get("counters", 0))
        if count:
            words = f"{count} counter{'s' if count != 1 else ''} face down"
            if info.get("top_seen"):
                words += f"; the top one is {str(info['top_seen']).replace('_', ' ')}"
            for i in range(count):
                sub(bigs, "rect", {"x": x - 6 + 2 * i, "y": y - 12 - 2 * i, "width": 10,
                                   "height": 10, "rx": 1.5, "fill": ink["counter"],
                                   "stroke": "#ffffff", "stroke-width": 0.7},
                    cls="counter face-down", title=words)
            sub(bigs, "text", {"x": x - 1 + 2 * (count - 1), "y": y - 4 - 2 * (count - 1),
                               "text-anchor": "middle", "font-size": 7, "font-weight": "bold",
                               "fill": "#ffffff"}, cls="counter-count", text=str(count))
        elif info.get("clean"):
            sub(bigs, "text", {"x": x, "y": y - 3, "text-anchor": "middle", "font-size": 7,
                               "fill": ink["text"]}, cls="clean", text="searched",
                title="every counter found")
        if labels:
            label(bigs, x, y + 11, str(big["name"]), where="s", gap=0, font=8.5,
                  fill=ink["text"], halo="#ffffff", cls="name large")
    _figures(svg, observation, centre, ink, 9.5)
    if caption:
        fights = len(observation.get("fights", []))
        extra = f"; {fights} fight{'s' if fights != 1 else ''} under way" if fights else ""
        _caption(svg, height, width, [
            f"Vampyre: Transylvania, round {observation.get('round', '?')}, turn "
            f"{observation.get('turn', '?')}, as {_who(observation, viewer)} sees it",
            _over(observation) or
            f"Black squares: face-down counters (nobody has seen them){extra}."], ink)
        key = sub(svg, "g", cls="legend")
        for i, terrain in enumerate(("clear", "forest", "mountain", "evil")):
            x = width - 250 + 62 * i
            sub(key, "polygon", {"points": points(_hexagon(x, height + 33, 6)),
                                 "fill": ink[terrain], "stroke": ink["hex edge"]})
            sub(key, "text", {"x": x + 9, "y": height + 36, "font-size": 8,
                              "fill": ink["text"]}, text=terrain)
    return tostring(svg)


def _castle(observation: Mapping[str, Any], viewer: str, size: int | None, labels: bool,
            caption: bool, ink: Mapping[str, str], style: str | None, data_dir: str) -> Svg:
    data = _data("castle.toml", data_dir)
    spaces = {str(s["id"]): s for s in data["spaces"]}
    columns = 1 + max(int(s["x"]) for s in spaces.values())
    rows = 1 + max(int(s["y"]) for s in spaces.values())
    width, height = columns * CELL + 2 * MARGIN, rows * CELL + 2 * MARGIN
    bottom = CAPTION if caption else 0.0
    svg = root(width, height + bottom, size=size, cls="gothic-picture vampyre castle",
               title=f"Vampyre: Castle Dracula, turn {observation.get('turn', '?')}, as "
                     f"{_who(observation, viewer)} sees it", style=style)
    sub(svg, "rect", {"x": 0, "y": 0, "width": width, "height": height, "fill": ink["wall"]},
        cls="walls")
    centre = {sid: (MARGIN + CELL * (int(s["x"]) + 0.5), MARGIN + CELL * (int(s["y"]) + 0.5))
              for sid, s in spaces.items()}
    passages = sub(svg, "g", cls="passages")
    for block in data.get("passages", []):
        for a, b in block.get("between", []):
            if a in centre and b in centre:
                (ax, ay), (bx, by) = centre[a], centre[b]
                sub(passages, "line", {"x1": ax, "y1": ay, "x2": bx, "y2": by,
                                       "stroke": ink["passage"], "stroke-width": 9,
                                       "stroke-linecap": "round"}, cls="passage")
    castle = observation.get("castle", {})
    face_down = castle.get("face_down", {})
    revealed = castle.get("revealed", {})
    rooms = sub(svg, "g", cls="spaces")
    entrance, tower = data["map"].get("entrance"), data["map"].get("tower")
    for sid, space in spaces.items():
        x, y = centre[sid]
        green = space.get("kind") == "green"
        special = " entrance" if sid == entrance else " tower" if sid == tower else ""
        sub(rooms, "rect", {"x": x - CELL * 0.42, "y": y - CELL * 0.34, "width": CELL * 0.84,
                            "height": CELL * 0.68, "rx": 4,
                            "fill": ink["green area" if green else "white space"],
                            "stroke": "#3d5c36" if green else "#6f6a5c",
                            "stroke-width": 1.6 if special else 0.8},
            cls=f"space {'green' if green else 'white'}{special} {sid}",
            title=str(space.get("name", sid)))
        if labels:
            name = str(space.get("name", sid))
            words = name.split(" (")[0] if not green and not special else name
            sub(rooms, "text", {"x": x, "y": y - CELL * 0.18, "text-anchor": "middle",
                                "font-size": 6.2, "fill": ink["text"]}, cls="name",
                text=words if len(words) <= 16 else words[:15] + ".")
        if face_down.get(sid):
            badge(rooms, x + CELL * 0.28, y + CELL * 0.2, "?", fill=ink["guardian"],
                  ink="#ffffff", cls="guardian face-down", font=7,
                  title="a red counter, face down")
        elif sid in revealed:
            badge(rooms, x, y + CELL * 0.2, str(revealed[sid]).replace("_", " ").title(),
                  fill=ink["guardian"], ink="#ffffff", cls="guardian revealed", font=6,
                  title=f"revealed: {str(revealed[sid]).replace('_', ' ')}")
    _figures(svg, observation, centre, ink, 9.0)
    if caption:
        clock = castle.get("clock_text", "")
        light = "daylight" if castle.get("daylight") else "night"
        _caption(svg, height, width, [
            f"Vampyre: Castle Dracula, turn {observation.get('turn', '?')}, as "
            f"{_who(observation, viewer)} sees it",
            _over(observation) or
            f"{clock} ({light}); red ?: a guardian face down (nobody has seen it)."], ink)
    return tostring(svg)


def _over(observation: Mapping[str, Any]) -> str:
    """The end, in words, once the game is over ("" before)."""
    outcome = observation.get("outcome")
    if not outcome:
        return ""
    winners = " and ".join(str(w).replace("_", " ").title() for w in outcome.get("winners", []))
    reason = str(outcome.get("reason", "")).rstrip(".")
    said = f"Over: {winners} won" if winners else "Over: nobody won"
    return f"{said}{' (' + reason + ')' if reason else ''}."
