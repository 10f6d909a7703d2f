"""Pictures of the modern map of Europe as one seat sees it (SVG, standard library only).

:func:`board` draws what ``state.observation(viewer)`` holds on the map of
``data/map.toml``, at the places of ``data/map_layout.toml`` (reconstructed: the
supplement prints no map), in the manner of python-chess's ``chess.svg``:

* the land, the sea zones, the roads (brown), the white and the yellow railways, the sea
  connections (blue, dashed); small cities as circles, large cities as squares, Castle
  Dracula in dark red, the hospitals beside Madrid, Rome and Budapest;
* the hunters' figures; fog, roadblocks, storms, consecrated ground and heavenly hosts;
* the trail and lairs as they lie on the table: a revealed card's city is numbered by
  its trail space (1 is the newest), a lair ringed;
* for the hunters and spectators, the places Dracula may be (``possible_locations``),
  shaded, and his figure while he is revealed;
* for Dracula, his figure and his whole trail;
* under the map, a caption and a key to every mark (the railways, the cities, the
  hospital cross, the "Holy" and "Host" badges).

Only the observation and the public map are read, so a hunter's picture cannot show
where Dracula hides::

    >>> from fury_modern import FuryModernGame
    >>> state = FuryModernGame().new_game(seed=1)
    >>> svg = board(state.observation("mina"), "mina", size=400)
    >>> svg.startswith("<svg") and 'class="link rail yellow"' in svg
    True
"""

from __future__ import annotations

import functools
import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from gothic_kernel import PUBLIC
from gothic_kernel.placemap import PlaceMap, read_data_file
from gothic_kernel.svg import (
    Layout,
    Strokes,
    Svg,
    badge,
    beside,
    checked_options,
    colors_with,
    draw_land,
    draw_links,
    label,
    legend,
    name_gap,
    points,
    root,
    shade,
    spread,
    sub,
    token,
    tostring,
)

from .rules import load_rules

__all__ = ["COLORS", "board"]

DATA_DIR = Path(__file__).parent / "data"
DRACULA = "dracula"

#: The colours of the picture by name; ``board(colors={...})`` overrides any of them.
COLORS: Mapping[str, str] = {
    "sea": "#cfe0ea", "land": "#f3ecd9", "coast": "#a99c82", "road": "#8a6a45",
    "rail": "#262626", "white rail": "#ffffff", "yellow rail": "#f2b90f",
    "sea lane": "#4d7ea8", "town": "#ffffff", "town edge": "#262626", "castle": "#5b0f12",
    "hospital": "#c62828", "sea zone": "#2f5f8a", "text": "#1b1b1b", "possible": "#c62828",
    "dracula": "#7a0000", "trail": "#7a0000", "marker": "#fff1a8", "roadblock": "#d32f2f",
    "panel": "#fbf8f0", "godalming": "#1f5fa8", "seward": "#2e7d32",
    "van_helsing": "#6a3d9a", "mina": "#c25e00",
}

#: Short names on the hunters' figures.
INITIALS = {"godalming": "G", "seward": "S", "van_helsing": "VH", "mina": "M", DRACULA: "D"}
CAPTION = 58.0


@functools.cache
def _board(map_file: str) -> PlaceMap:
    path = map_file or str(DATA_DIR / "map.toml")
    data = read_data_file(path, "map file")
    kinds = {str(p.get("kind")) for p in data.get("place", []) if isinstance(p, Mapping)}
    links = {str(c.get("kind")) for c in data.get("connection", []) if isinstance(c, Mapping)}
    return PlaceMap.from_data(data, place_kinds=kinds, connection_kinds=links, source=path)


@functools.cache
def _layout(layout_file: str, map_file: str) -> Layout:
    return Layout.read(layout_file or DATA_DIR / "map_layout.toml", _board(map_file).places)


def _seat_name(seat: str) -> str:
    return load_rules().name(seat)


@checked_options
def board(observation: Mapping[str, Any], viewer: str = PUBLIC, *, size: int | None = None,
          labels: bool = True, possible: bool = True, legend_box: bool = True,
          caption: bool = True, colors: Mapping[str, str] | None = None,
          style: str | None = None, map_file: str = "", layout_file: str = "") -> Svg:
    """The map of Europe as ``viewer`` sees it, from ``observation`` (what
    ``state.observation(viewer)`` gave) and the public map only.

    :param size: the picture's width in pixels (None: its natural 931 units).
    :param labels: write the names of cities and sea zones.
    :param possible: shade the places where Dracula may be (the hunters' and spectators'
        view).
    :param legend_box: draw the key under the map; ``caption``: the line saying whose
        view it is, the time and what is known of Dracula.
    :param colors: colours by name, overriding :data:`COLORS`.
    :param style: CSS put in the picture (its elements carry classes such as ``road``,
        ``rail yellow``, ``place town large``, ``hunter mina``, ``possible``, ``trail``).
    :param map_file: / ``layout_file``: the map and the drawing positions, when a game
        was played on a map of the user's own.
    """
    ink = colors_with(COLORS, colors)
    places = _board(map_file)
    layout = _layout(layout_file, map_file)
    width, height = layout.width, layout.height
    bottom = CAPTION if (caption or legend_box) else 0.0
    who = "everyone" if viewer == PUBLIC else _seat_name(viewer)
    svg = root(width, height + bottom, size=size, cls="gothic-picture fury_modern",
               title=f"Fury of Dracula (modern), round {observation.get('round', '?')}, "
                     f"as {who} sees it", style=style)
    sub(svg, "rect", {"x": 0, "y": 0, "width": width, "height": height, "fill": ink["sea"]},
        cls="sea")
    draw_land(svg, layout, fill=ink["land"], stroke=ink["coast"])
    draw_links(svg, places, layout, strokes(ink))
    _roadblocks(svg, observation, layout, ink)
    if possible and "possible_locations" in observation:
        shade(svg, layout, {p: 1.0 for p in observation["possible_locations"]},
              fill=ink["possible"], cls="possible", most=0.4,
              title=lambda place, share: "Dracula may be here")
    standing = _standing(observation)
    _places(svg, places, layout, ink, labels, standing)
    _trail(svg, observation, layout, ink)
    _markers(svg, observation, layout, ink)
    _figures(svg, observation, standing, layout, ink)
    if bottom:
        _panel(svg, observation, viewer, places, width, height, ink, caption, legend_box)
    return tostring(svg)


def strokes(ink: Mapping[str, str]) -> dict[str, Strokes]:
    """How each kind of connection is drawn, the lowest first."""
    return {
        "hospital": lambda link: [{"stroke": ink["hospital"], "stroke-width": 1.2,
                                   "stroke-dasharray": "1.5 1.5"}],
        "sea": lambda link: [{"stroke": ink["sea lane"], "stroke-width": 1.1,
                              "stroke-dasharray": "4 3"}],
        "road": lambda link: [{"stroke": ink["road"], "stroke-width": 1.5,
                               "stroke-linecap": "round"}],
        "rail": lambda link: [{"stroke": ink["rail"], "stroke-width": 3},
                              {"stroke": ink[f"{link.data.get('color', 'white')} rail"],
                               "stroke-width": 1.5, "stroke-dasharray": "3.5 2"}],
    }


#: The radius of a figure's token, and how far apart two at one place stand from it.
FIGURE = 8.0


def _places(svg: ET.Element, places: PlaceMap, layout: Layout, ink: Mapping[str, str],
            labels: bool, standing: Mapping[str, Sequence[str]]) -> None:
    marks = sub(svg, "g", cls="places")
    names = sub(svg, "g", cls="names")
    for place in places.places:
        x, y = layout.xy[place]
        kind = places.kind(place)
        name = places.name(place)
        side = layout.label_side.get(place, "e")
        if kind == "sea":
            sub(marks, "circle", {"cx": x, "cy": y, "r": 5, "fill": ink["sea"],
                                  "stroke": ink["sea lane"], "stroke-width": 1.2},
                cls=f"place sea {place}", title=name)
            if labels:
                label(names, x, y, name, where=side, gap=8, font=9, fill=ink["sea zone"],
                      italic=True, cls="name sea")
            continue
        port = " port" if places.flag(place, "port") else ""
        cls = f"place town {kind}{port} {place}"
        if kind == "castle":
            sub(marks, "polygon", {"points": points(_castle(x, y)), "fill": ink["castle"],
                                   "stroke": ink["town edge"], "stroke-width": 1}, cls=cls,
                title=name)
        elif kind == "hospital":
            _hospital(sub(marks, "g", cls=cls, title=name), x, y, ink)
            continue
        elif kind == "large":
            sub(marks, "rect", {"x": x - 4.5, "y": y - 4.5, "width": 9, "height": 9,
                                "fill": ink["town"], "stroke": ink["town edge"],
                                "stroke-width": 1.3}, cls=cls, title=name)
        else:
            sub(marks, "circle", {"cx": x, "cy": y, "r": 3.6, "fill": ink["town"],
                                  "stroke": ink["town edge"], "stroke-width": 1.1}, cls=cls,
                title=name)
        if labels:
            gap = name_gap(len(standing.get(place, ())), FIGURE)
            label(names, x, y, name, where=side, gap=gap,
                  font=8.5 if kind != "small" else 8,
                  fill=ink["text"], halo=ink["land"], cls=f"name town {kind}")


def _hospital(group: ET.Element, x: float, y: float, ink: Mapping[str, str]) -> None:
    """A hospital city: a red cross on white (on the map and in its key)."""
    sub(group, "rect", {"x": x - 4.5, "y": y - 4.5, "width": 9, "height": 9,
                        "fill": "#ffffff", "stroke": ink["hospital"], "stroke-width": 1})
    sub(group, "path", {"d": f"M{x - 3} {y}H{x + 3}M{x} {y - 3}V{y + 3}",
                        "stroke": ink["hospital"], "stroke-width": 1.8})


#: The markers drawn above a place, by their badge's word: (class, what it stands for).
MARKERS = {"Holy": ("consecrated-ground", "consecrated ground"),
           "Host": ("heavenly-host", "a heavenly host")}


def _castle(x: float, y: float) -> list[tuple[float, float]]:
    """A small keep with three merlons."""
    return [(x - 6, y + 5), (x - 6, y - 5), (x - 3.6, y - 5), (x - 3.6, y - 2.6),
            (x - 1.2, y - 2.6), (x - 1.2, y - 5), (x + 1.2, y - 5), (x + 1.2, y - 2.6),
            (x + 3.6, y - 2.6), (x + 3.6, y - 5), (x + 6, y - 5), (x + 6, y + 5)]


def _roadblocks(svg: ET.Element, observation: Mapping[str, Any], layout: Layout,
                ink: Mapping[str, str]) -> None:
    group = sub(svg, "g", cls="roadblocks")
    for block in observation.get("tokens", {}).get("roadblocks", []):
        kind, a, b = [*block, "", "", ""][:3]
        if a not in layout.xy or b not in layout.xy:
            continue
        (ax, ay), (bx, by) = layout.xy[a], layout.xy[b]
        mx, my = (ax + bx) / 2, (ay + by) / 2
        length = max(((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5, 1.0)
        nx, ny = -(by - ay) / length * 6, (bx - ax) / length * 6
        sub(group, "line", {"x1": mx - nx, "y1": my - ny, "x2": mx + nx, "y2": my + ny,
                            "stroke": ink["roadblock"], "stroke-width": 3.2,
                            "stroke-linecap": "round"}, cls=f"roadblock {kind}",
            title=f"roadblock on the {kind}")


def _trail(svg: ET.Element, observation: Mapping[str, Any], layout: Layout,
           ink: Mapping[str, str]) -> None:
    """The trail and lairs as the viewer sees them: each card showing a city, numbered
    by its space (1 is the newest); lairs ringed."""
    group = sub(svg, "g", cls="trail")
    spaces: dict[str, list[str]] = {}
    path = []
    for i, card in enumerate(observation.get("trail", [])):
        city = card.get("card")
        if city in layout.xy:
            spaces.setdefault(city, []).append(str(i + 1))
            path.append(city)
    if len(path) > 1:
        sub(group, "polyline", {"points": points(layout.xy[p] for p in path), "fill": "none",
                                "stroke": ink["trail"], "stroke-width": 2,
                                "stroke-dasharray": "5 3", "stroke-opacity": 0.7},
            cls="trail-path")
    for city, numbers in spaces.items():
        x, y = layout.xy[city]
        badge(group, x - 10, y + 9 * beside(layout.label_side.get(city, "e")), ",".join(numbers),
              fill="#ffffff", ink=ink["trail"],
              cls="trail-space", font=7,
              title=f"on trail space {', '.join(numbers)}")
    for lair in observation.get("lairs", []):
        city = lair.get("card")
        if city in layout.xy:
            x, y = layout.xy[city]
            sub(group, "circle", {"cx": x, "cy": y, "r": 11, "fill": "none",
                                  "stroke": ink["trail"], "stroke-width": 1.6},
                cls="lair", title=f"a lair ({len(lair.get('encounters', []))} encounters)")


def _markers(svg: ET.Element, observation: Mapping[str, Any], layout: Layout,
             ink: Mapping[str, str]) -> None:
    """Fog, storms, consecrated ground and heavenly hosts."""
    tokens = observation.get("tokens", {})
    above: dict[str, list[tuple[str, str, str]]] = {}
    for city, count in sorted(tokens.get("fog", {}).items()):
        above.setdefault(city, []).append((f"Fog {count}" if count != 1 else "Fog", "fog",
                                           f"{count} fog tokens"))
    for sea in tokens.get("storms", []):
        above.setdefault(sea, []).append(("Storm", "storm", "a storm"))
    if tokens.get("consecrated_ground"):
        above.setdefault(tokens["consecrated_ground"], []).append(("Holy", *MARKERS["Holy"]))
    for city in tokens.get("heavenly_hosts", []):
        above.setdefault(city, []).append(("Host", *MARKERS["Host"]))
    group = sub(svg, "g", cls="markers")
    for place, items in above.items():
        if place not in layout.xy:
            continue
        x, y = layout.xy[place]
        for i, (text, cls, title) in enumerate(items):
            up_or_down = beside(layout.label_side.get(place, "e"))
            badge(group, x + 8, y + (16 + 10 * i) * up_or_down, text,
                  fill=ink["marker"],
                  cls=f"marker {cls}", font=6.5, title=title)


def _standing(observation: Mapping[str, Any]) -> dict[str, list[str]]:
    """The figures the viewer sees at each place: Dracula first, then the hunters."""
    at: dict[str, list[str]] = {}
    for seat, hunter in observation.get("hunters", {}).items():
        if hunter.get("location"):
            at.setdefault(hunter["location"], []).append(seat)
    if observation.get("dracula", {}).get("location"):
        at.setdefault(observation["dracula"]["location"], []).insert(0, DRACULA)
    return at


def _figures(svg: ET.Element, observation: Mapping[str, Any],
             standing: Mapping[str, Sequence[str]], layout: Layout,
             ink: Mapping[str, str]) -> None:
    dracula = observation.get("dracula", {})
    group = sub(svg, "g", cls="figures")
    for place, seats in standing.items():
        if place not in layout.xy:
            continue
        x, y = layout.xy[place]
        for seat, (fx, fy) in zip(seats, spread(len(seats), x, y, FIGURE), strict=True):
            if seat == DRACULA:
                revealed = " revealed" if dracula.get("revealed") else ""
                token(group, fx, fy, "D", fill=ink["dracula"], cls=f"dracula{revealed}",
                      r=FIGURE,
                      title=f"Dracula ({dracula.get('damage', 0)} damage"
                            f"{', revealed' if revealed else ''})")
                continue
            hunter = observation["hunters"][seat]
            flags = [f for f in ("delayed", "bats", "defeated") if hunter.get(f)]
            token(group, fx, fy, INITIALS.get(seat, seat[:1].upper()),
                  fill=ink.get(seat, "#555555"), cls=" ".join(["hunter", seat, *flags]),
                  r=7.5, stroke="#d32f2f" if flags else "#1b1b1b",
                  title=f"{_seat_name(seat)}: {hunter.get('damage', 0)} damage, "
                        f"{hunter.get('bites', 0)} bites"
                        f"{''.join(', ' + f for f in flags)}")


def _panel(svg: ET.Element, observation: Mapping[str, Any], viewer: str, places: PlaceMap,
           width: float, top: float, ink: Mapping[str, str], caption: bool,
           legend_box: bool) -> None:
    panel = sub(svg, "g", cls="panel")
    sub(panel, "rect", {"x": 0, "y": top, "width": width, "height": CAPTION,
                        "fill": ink["panel"], "stroke": ink["coast"], "stroke-width": 0.8})
    if caption:
        who = "everyone (spectators)" if viewer == PUBLIC else _seat_name(viewer)
        when = f"{str(observation.get('weekday', '')).capitalize()} " \
               f"{'night' if observation.get('night') else 'day'}"
        sub(panel, "text", {"x": 10, "y": top + 17, "font-size": 11.5, "font-weight": "bold",
                            "fill": ink["text"]}, cls="caption",
            text=f"Fury of Dracula (modern): round {observation.get('round', '?')}, {when}, "
                 f"as {who} sees it")
        sub(panel, "text", {"x": 10, "y": top + 33, "font-size": 9.5, "fill": ink["text"]},
            cls="caption", text=_known(observation, viewer, places))
        sub(panel, "text", {"x": 10, "y": top + 48, "font-size": 9.5, "fill": ink["text"]},
            cls="caption", text=f"Influence {observation.get('influence', 0)}, despair "
                                f"{observation.get('despair', 0)}; numbers by a city: its "
                                "trail space (1 the newest)")
    if legend_box:
        _key(panel, viewer, width, top, ink)


def _known(observation: Mapping[str, Any], viewer: str, places: PlaceMap) -> str:
    if _over(observation):
        return _over(observation)
    dracula = observation.get("dracula", {})
    where = dracula.get("location")
    damage = dracula.get("damage", 0)
    if where in places:
        seen = "revealed " if dracula.get("revealed") else ""
        return f"Dracula is {seen}in {places.name(where)} ({damage} damage)."
    possible = observation.get("possible_locations")
    if possible is None:
        return f"Where Dracula is, is hidden ({damage} damage)."
    if len(possible) == 1 and possible[0] in places:
        return f"Dracula is hidden ({damage} damage), and can only be in " \
               f"{places.name(possible[0])}."
    return f"Dracula is hidden ({damage} damage): {len(possible)} places are possible, shaded."


def _key(panel: ET.Element, viewer: str, width: float, top: float,
         ink: Mapping[str, str]) -> None:
    def line(layers: list[dict[str, object]]) -> Any:
        def draw(group: ET.Element, x: float, y: float) -> None:
            for layer in layers:
                sub(group, "line", {"x1": x - 9, "y1": y, "x2": x + 9, "y2": y, **layer})
        return draw

    def town(group: ET.Element, x: float, y: float) -> None:
        sub(group, "circle", {"cx": x - 4, "cy": y, "r": 3.3, "fill": ink["town"],
                              "stroke": ink["town edge"]})
        sub(group, "rect", {"x": x + 1, "y": y - 4, "width": 8, "height": 8,
                            "fill": ink["town"], "stroke": ink["town edge"]})

    def shaded(group: ET.Element, x: float, y: float) -> None:
        sub(group, "circle", {"cx": x, "cy": y, "r": 6, "fill": ink["possible"],
                              "fill-opacity": 0.4})

    def marker(word: str) -> Any:
        def draw(group: ET.Element, x: float, y: float) -> None:
            badge(group, x, y, word, fill=ink["marker"], cls=f"marker {MARKERS[word][0]}",
                  font=6.5)
        return draw

    def figure(group: ET.Element, x: float, y: float) -> None:
        token(group, x, y, "D", fill=ink["dracula"], cls="sample", r=5.5)

    rail = [{"stroke": ink["rail"], "stroke-width": 3}]
    draw = {"road": line([{"stroke": ink["road"], "stroke-width": 1.5}]),
            "white": line([*rail, {"stroke": ink["white rail"], "stroke-width": 1.5,
                                   "stroke-dasharray": "3.5 2"}]),
            "yellow": line([*rail, {"stroke": ink["yellow rail"], "stroke-width": 1.5,
                                    "stroke-dasharray": "3.5 2"}]),
            "sea": line([{"stroke": ink["sea lane"], "stroke-width": 1.1,
                          "stroke-dasharray": "4 3"}]),
            "town": town, "possible": shaded, "figure": figure,
            "hospital": lambda group, x, y: _hospital(group, x, y, ink),
            **{word: marker(word) for word in MARKERS}}
    third = "possible" if viewer != DRACULA else "figure"
    words = "Dracula may be here" if viewer != DRACULA else "Dracula"
    legend(panel, width - 360, top + 12, [("road", "road"), ("white", "white railway"),
                                          ("yellow", "yellow railway")], draw)
    legend(panel, width - 240, top + 12, [("sea", "sea connection"),
                                          ("town", "small and large city"),
                                          (third, words)], draw)
    legend(panel, width - 125, top + 12, [("hospital", "hospital"),
                                          *((word, MARKERS[word][1]) for word in MARKERS)],
           draw)


def _over(observation: Mapping[str, Any]) -> str:
    """The end, in words, once the game is over ("" before)."""
    outcome = observation.get("outcome")
    if not outcome:
        return ""
    winners = " and ".join(str(w).replace("_", " ").title() for w in outcome.get("winners", []))
    reason = str(outcome.get("reason", "")).rstrip(".")
    said = f"Over: {winners} won" if winners else "Over: nobody won"
    return f"{said}{' (' + reason + ')' if reason else ''}."
