"""Pictures of the 1987 map of Europe as one seat sees it (SVG, standard library only).

:func:`board` draws what ``state.observation(viewer)`` holds on the map of
``data/map.toml``, at the places of ``data/map_layout.toml`` (reconstructed: the
rulebook prints no map), in the manner of python-chess's ``chess.svg``:

* the land, the Sea Sectors, the Roads (brown), Railroads (black and white) and sea
  connections (blue, dashed); small Towns as circles, large Towns as squares,
  Castle Dracula in dark red;
* the Hunters' figures, Fog and Storms, Heavenly Host markers and what the Hunters saw
  left in Town boxes (public);
* for the Hunters and spectators, the places Dracula may be (``possible_dracula_locations``),
  shaded by the tracker's weight, and his figure when it is shown on the map;
* for Dracula, his figure, his last moves numbered (1 is where he is), the Local
  Rumours and the Encounter Chits on his Strategy & Movement Chart.

Only the observation and the public map are read, so a Hunter's picture cannot show
where Dracula hides::

    >>> import gothic_kernel as gk
    >>> state = gk.load_game("fury1987").new_game(seed=1)
    >>> svg = board(state.observation("seward"), "seward", size=400)
    >>> svg.startswith("<svg") and 'class="place town' in svg
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

from .wording import seat_name

__all__ = ["COLORS", "board"]

DATA_DIR = Path(__file__).parent / "data"
DRACULA = "dracula"

#: The colours of the picture by name; ``board(colors={...})`` overrides any of them.
COLORS: Mapping[str, str] = {
    "sea": "#cfe0ea", "land": "#f3ecd9", "coast": "#a99c82", "road": "#8a6a45",
    "rail": "#262626", "rail gap": "#ffffff", "sea lane": "#4d7ea8", "town": "#ffffff",
    "town edge": "#262626", "castle": "#5b0f12", "sea zone": "#2f5f8a", "text": "#1b1b1b",
    "possible": "#c62828", "dracula": "#7a0000", "trail": "#7a0000", "marker": "#fff1a8",
    "sighting": "#e9e2f5", "chit": "#f6d7b0", "panel": "#fbf8f0",
    "godalming": "#1f5fa8", "seward": "#2e7d32", "van_helsing": "#6a3d9a",
    "harker": "#c25e00",
}

#: The radius of Dracula's figure, and how far apart two at one place stand from it.
FIGURE = 8.0

#: Short names on the Hunters' figures.
INITIALS = {"godalming": "G", "seward": "S", "van_helsing": "VH", "harker": "H",
            DRACULA: "D"}
#: Markers on the map (Fog and Storms chits, Heavenly Host), as drawn.
MARKERS = {"fog": "Fog", "storms": "Storms"}
CAPTION = 58.0


@functools.cache
def _board(map_file: str) -> PlaceMap:
    path = map_file or str(DATA_DIR / "map.toml")
    data = read_data_file(path, "map file")
    kinds = {str(p.get("kind")) for p in data.get("place", []) if isinstance(p, Mapping)}
    return PlaceMap.from_data(data, place_kinds=kinds, connection_kinds=("road", "rail", "sea"),
                              source=path)


@functools.cache
def _layout(layout_file: str, map_file: str) -> Layout:
    return Layout.read(layout_file or DATA_DIR / "map_layout.toml", _board(map_file).places)


def _words(chit: str) -> str:
    return chit.replace("_", " ").capitalize()


@checked_options
def board(observation: Mapping[str, Any], viewer: str = PUBLIC, *, size: int | None = None,
          labels: bool = True, possible: bool = True, trail: int = 6, legend_box: bool = True,
          caption: bool = True, colors: Mapping[str, str] | None = None,
          style: str | None = None, map_file: str = "", layout_file: str = "") -> Svg:
    """The map of Europe as ``viewer`` sees it, from ``observation`` (what
    ``state.observation(viewer)`` gave) and the public map only.

    :param size: the picture's width in pixels (None: its natural 970 units).
    :param labels: write the names of Towns and Sea Sectors.
    :param possible: shade the places where Dracula may be, darker where the tracker
        weighs them more (the Hunters' and spectators' view).
    :param trail: how many of Dracula's latest moves to number in his own view.
    :param legend_box: draw the key under the map; ``caption``: the line saying whose
        view it is, the turn and what is known of Dracula.
    :param colors: colours by name, overriding :data:`COLORS`.
    :param style: CSS put in the picture (its elements carry classes such as ``road``,
        ``rail``, ``place town large``, ``hunter seward``, ``possible``).
    :param map_file: / ``layout_file``: the map and the drawing positions, when a game
        was played on a map of the user's own.
    """
    ink = colors_with(COLORS, colors)
    places = _board(map_file)
    layout = _layout(layout_file, map_file)
    width, height = layout.width, layout.height
    bottom = CAPTION if (caption or legend_box) else 0.0
    who = "everyone" if viewer == PUBLIC else seat_name(viewer)
    svg = root(width, height + bottom, size=size, cls="gothic-picture fury1987",
               title=f"Fury of Dracula (1987), turn {observation.get('turn', '?')}, "
                     f"as {who} sees it", style=style)
    sub(svg, "rect", {"x": 0, "y": 0, "width": width, "height": height, "fill": ink["sea"]},
        cls="sea")
    draw_land(svg, layout, fill=ink["land"], stroke=ink["coast"])
    draw_links(svg, places, layout, strokes(ink))
    if possible and "possible_dracula_locations" in observation:
        _possible(svg, observation, layout, ink)
    standing = _standing(observation, viewer)
    _places(svg, places, layout, ink, labels, standing)
    if viewer == DRACULA and "behind_the_screen" in observation:
        _dracula_secrets(svg, observation["behind_the_screen"], places, layout, ink, trail)
    chits = observation.get("behind_the_screen", {}).get("chart", {}) if viewer == DRACULA else {}
    _markers(svg, observation, layout, ink, chits)
    _figures(svg, observation, viewer, layout, ink, standing)
    if bottom:
        _panel(svg, observation, viewer, places, width, height, ink, caption, legend_box)
    return tostring(svg)


def strokes(ink: Mapping[str, str]) -> dict[str, Strokes]:
    """How each kind of connection is drawn, the lowest first."""
    return {
        "sea": lambda link: [{"stroke": ink["sea lane"], "stroke-width": 1.1,
                              "stroke-dasharray": "4 3"}],
        "road": lambda link: [{"stroke": ink["road"], "stroke-width": 1.5,
                               "stroke-linecap": "round"}],
        "rail": lambda link: [{"stroke": ink["rail"], "stroke-width": 2.6},
                              {"stroke": ink["rail gap"], "stroke-width": 1.1,
                               "stroke-dasharray": "3 3"}],
    }


def _possible(svg: ET.Element, observation: Mapping[str, Any], layout: Layout,
              ink: Mapping[str, str]) -> None:
    weights = observation.get("possible_dracula_weights") or {}
    shade(svg, layout, {p: float(weights.get(p, 1)) for p in
                        observation["possible_dracula_locations"]},
          fill=ink["possible"], cls="possible",
          title=lambda place, share: f"Dracula may be here ({round(100 * share)}% of the "
                                     "likeliest)")


def _places(svg: ET.Element, places: PlaceMap, layout: Layout, ink: Mapping[str, str],
            labels: bool, standing: Mapping[str, Sequence[str]]) -> None:
    marks = sub(svg, "g", cls="places")
    names = sub(svg, "g", cls="names")
    for place in places.places:
        x, y = layout.xy[place]
        kind = places.kind(place)
        name = places.name(place)
        if kind == "sea":
            sub(marks, "circle", {"cx": x, "cy": y, "r": 5, "fill": ink["sea"],
                                  "stroke": ink["sea lane"], "stroke-width": 1.2},
                cls=f"place sea {place}", title=name)
            if labels:
                label(names, x, y, name, where=layout.label_side.get(place, "e"), gap=8,
                      font=9, fill=ink["sea zone"], italic=True, cls="name sea")
            continue
        port = " port" if places.flag(place, "port") else ""
        cls = f"place town {kind}{port} {place}"
        if kind == "castle":
            sub(marks, "polygon", {"points": points(_castle(x, y)), "fill": ink["castle"],
                                   "stroke": ink["town edge"], "stroke-width": 1}, cls=cls,
                title=name)
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
            label(names, x, y, name, where=layout.label_side.get(place, "e"), gap=gap,
                  font=8.5 if kind != "small" else 8, fill=ink["text"], halo=ink["land"],
                  cls=f"name town {kind}")


def _castle(x: float, y: float) -> list[tuple[float, float]]:
    """A small keep with three merlons."""
    return [(x - 6, y + 5), (x - 6, y - 5), (x - 3.6, y - 5), (x - 3.6, y - 2.6),
            (x - 1.2, y - 2.6), (x - 1.2, y - 5), (x + 1.2, y - 5), (x + 1.2, y - 2.6),
            (x + 3.6, y - 2.6), (x + 3.6, y - 5), (x + 6, y - 5), (x + 6, y + 5)]


def _markers(svg: ET.Element, observation: Mapping[str, Any], layout: Layout,
             ink: Mapping[str, str], chits: Mapping[str, str]) -> None:
    """Fog and Storms, Heavenly Host markers, and what the Hunters saw in Town boxes."""
    group = sub(svg, "g", cls="markers")
    above: dict[str, list[tuple[str, str, str, str]]] = {}
    for place, chit in sorted(observation.get("on_the_map", {}).items()):
        above.setdefault(place, []).append((MARKERS.get(chit, _words(chit)), f"marker {chit}",
                                            ink["marker"], f"{_words(chit)} on the map"))
    for place in sorted(observation.get("host_markers", {})):
        above.setdefault(place, []).append(("Host", "marker heavenly-host", ink["marker"],
                                            "Heavenly Host marker"))
    for place, chit in sorted(observation.get("sightings", {}).items()):
        above.setdefault(place, []).append((_short(chit), f"sighting {chit}", ink["sighting"],
                                            f"seen in the Town box: {_words(chit)}"))
    for place, items in above.items():
        if place not in layout.xy:
            continue
        x, y = layout.xy[place]
        for i, (text, cls, fill, title) in enumerate(items):
            slot = i + (place in chits and _chit_in_the_stack(place, layout))
            badge(group, x + 8, y + (16 + 10 * slot) * _stack(place, layout), text, fill=fill,
                  cls=cls, title=title, font=6.5)


def _stack(place: str, layout: Layout) -> int:
    """Which way from a place its markers stack: away from its name (up, or down when the
    name stands above it)."""
    return beside(layout.label_side.get(place, "e"))


def _chit_in_the_stack(place: str, layout: Layout) -> bool:
    """Dracula's chit stands below a place whose name is beside it, and first in the stack
    of markers of one whose name is above or below it."""
    return any(point in layout.label_side.get(place, "e") for point in "ns")


def _short(chit: str) -> str:
    """A chit's name short enough for a badge: "Szgany", "Vampire", "Wolves"."""
    word = chit.split("_")[0]
    return word.capitalize() if len(word) <= 8 else word[:7].capitalize() + "."


def _standing(observation: Mapping[str, Any], viewer: str) -> dict[str, list[str]]:
    """The figures ``viewer`` sees at each place: Dracula first, then the Hunters alive."""
    at: dict[str, list[str]] = {}
    for seat, hunter in observation.get("hunters", {}).items():
        if hunter.get("location") and hunter.get("status") != "dead":
            at.setdefault(hunter["location"], []).append(seat)
    dracula_at = observation.get("dracula", {}).get("shown_at")
    if viewer == DRACULA:
        dracula_at = observation.get("behind_the_screen", {}).get("location") or dracula_at
    if dracula_at:
        at.setdefault(dracula_at, []).insert(0, DRACULA)
    return at


def _figures(svg: ET.Element, observation: Mapping[str, Any], viewer: str, layout: Layout,
             ink: Mapping[str, str], standing: Mapping[str, Sequence[str]]) -> None:
    group = sub(svg, "g", cls="figures")
    for place, seats in standing.items():
        if place not in layout.xy:
            continue
        x, y = layout.xy[place]
        for seat, (fx, fy) in zip(seats, spread(len(seats), x, y, FIGURE), strict=True):
            if seat == DRACULA:
                shown = "" if viewer == DRACULA else " shown"
                token(group, fx, fy, "D", fill=ink["dracula"], cls=f"dracula{shown}", r=FIGURE,
                      title="Dracula" + ("" if viewer == DRACULA else ", shown on the map"))
            else:
                hunter = observation["hunters"][seat]
                state = " bitten" if hunter.get("bitten") else ""
                token(group, fx, fy, INITIALS.get(seat, seat[:1].upper()),
                      fill=ink.get(seat, "#555555"), cls=f"hunter {seat}{state}", r=7.5,
                      title=f"{seat_name(seat)}: {hunter.get('wounds', 0)} wounds"
                            f"{', bitten' if hunter.get('bitten') else ''}")


def _dracula_secrets(svg: ET.Element, secrets: Mapping[str, Any], places: PlaceMap,
                     layout: Layout, ink: Mapping[str, str], trail: int) -> None:
    """Dracula's own view: his last moves numbered, the Local Rumours, his chits."""
    group = sub(svg, "g", cls="dracula-secrets")
    for place, chit in sorted(secrets.get("chart", {}).items()):
        if place in layout.xy:
            x, y = layout.xy[place]
            below = 16 * _stack(place, layout) if _chit_in_the_stack(place, layout) else 13
            badge(group, x, y + below, _short(chit), fill=ink["chit"], cls=f"chit {chit}",
                  font=6.5, title=f"Encounter Chit on the Chart: {_words(chit)}")
    rumours = str(secrets.get("local_rumours"))
    if rumours in layout.xy:
        x, y = layout.xy[rumours]
        sub(group, "circle", {"cx": x, "cy": y, "r": 11, "fill": "none",
                              "stroke": ink["trail"], "stroke-width": 1.4,
                              "stroke-dasharray": "2 2"}, cls="local-rumours",
            title="Local Rumours")
    moves = [p for p in secrets.get("trail", []) if p in layout.xy]
    recent: list[str] = []
    for place in reversed(moves):
        if not recent or recent[-1] != place:
            recent.append(place)
        if len(recent) >= trail:
            break
    if len(recent) > 1:
        sub(group, "polyline", {"points": points(layout.xy[p] for p in recent), "fill": "none",
                                "stroke": ink["trail"], "stroke-width": 2,
                                "stroke-dasharray": "5 3", "stroke-opacity": 0.8},
            cls="trail-path")
    numbers: dict[str, list[str]] = {}
    for i, place in enumerate(recent):
        numbers.setdefault(place, []).append(str(i + 1))
    for place, nums in numbers.items():
        if "1" in nums:
            continue
        x, y = layout.xy[place]
        side = layout.label_side.get(place, "e")
        badge(group, x + (10 if "w" in side else -10), y + 9 * beside(side), ",".join(nums),
              fill="#ffffff", ink=ink["trail"],
              cls="trail", font=7, title=f"Dracula's move {', '.join(nums)} back")


def _panel(svg: ET.Element, observation: Mapping[str, Any], viewer: str, places: PlaceMap,
           width: float, top: float, ink: Mapping[str, str], caption: bool,
           legend_box: bool) -> None:
    panel = sub(svg, "g", cls="panel")
    sub(panel, "rect", {"x": 0, "y": top, "width": width, "height": CAPTION,
                        "fill": ink["panel"], "stroke": ink["coast"], "stroke-width": 0.8})
    if caption:
        who = "everyone (spectators)" if viewer == PUBLIC else seat_name(viewer)
        sub(panel, "text", {"x": 10, "y": top + 17, "font-size": 11.5, "font-weight": "bold",
                            "fill": ink["text"]}, cls="caption",
            text=f"Fury of Dracula (1987): turn {observation.get('turn', '?')}, "
                 f"as {who} sees it")
        sub(panel, "text", {"x": 10, "y": top + 33, "font-size": 9.5, "fill": ink["text"]},
            cls="caption", text=_known(observation, viewer, places))
    if legend_box:
        _key(panel, viewer, width, top, ink)


def _known(observation: Mapping[str, Any], viewer: str, places: PlaceMap) -> str:
    """What the viewer knows of Dracula, in a sentence (or how the game ended)."""
    if _over(observation):
        return _over(observation)
    dracula = observation.get("dracula", {})
    secrets = observation.get("behind_the_screen")
    if viewer == DRACULA and secrets:
        where = places.name(secrets["location"]) if secrets.get("location") in places else "?"
        return (f"Dracula is in {where}, {secrets.get('blood_points', '?')} Blood Points; "
                f"Local Rumours: {places.name(secrets['local_rumours'])}"
                if secrets.get("local_rumours") in places else
                f"Dracula is in {where}, {secrets.get('blood_points', '?')} Blood Points")
    shown = dracula.get("shown_at")
    if shown in places:
        return f"Dracula is shown in {places.name(shown)}."
    possible = observation.get("possible_dracula_locations")
    if possible is None:
        return "Where Dracula is, is hidden."
    exact = "" if observation.get("possible_locations_exact", True) else " (an estimate)"
    if len(possible) == 1 and possible[0] in places:
        return f"Dracula is hidden, and can only be in {places.name(possible[0])}{exact}."
    return (f"Dracula is hidden: {len(possible)} places are possible{exact}, shaded darker "
            "where likelier.")


def _key(panel: ET.Element, viewer: str, width: float, top: float,
         ink: Mapping[str, str]) -> None:
    def line(kind: str) -> Any:
        def draw(group: ET.Element, x: float, y: float) -> None:
            ends = {"x1": x - 9, "y1": y, "x2": x + 9, "y2": y}
            if kind == "road":
                sub(group, "line", {**ends, "stroke": ink["road"], "stroke-width": 1.5})
            elif kind == "rail":
                sub(group, "line", {**ends, "stroke": ink["rail"], "stroke-width": 2.6})
                sub(group, "line", {**ends, "stroke": ink["rail gap"], "stroke-width": 1.1,
                                    "stroke-dasharray": "3 3"})
            else:
                sub(group, "line", {**ends, "stroke": ink["sea lane"], "stroke-width": 1.1,
                                    "stroke-dasharray": "4 3"})
        return draw

    def town(group: ET.Element, x: float, y: float) -> None:
        sub(group, "circle", {"cx": x - 4, "cy": y, "r": 3.3, "fill": ink["town"],
                              "stroke": ink["town edge"]})
        sub(group, "rect", {"x": x + 1, "y": y - 4, "width": 8, "height": 8,
                            "fill": ink["town"], "stroke": ink["town edge"]})

    def shaded(group: ET.Element, x: float, y: float) -> None:
        sub(group, "circle", {"cx": x, "cy": y, "r": 6, "fill": ink["possible"],
                              "fill-opacity": 0.45})

    def figure(group: ET.Element, x: float, y: float) -> None:
        token(group, x, y, "D", fill=ink["dracula"], cls="sample", r=5.5)

    draw = {"road": line("road"), "rail": line("rail"), "sea": line("sea"), "town": town,
            "possible": shaded, "figure": figure}
    third = "possible" if viewer != DRACULA else "figure"
    words = "Dracula may be here" if viewer != DRACULA else "Dracula (numbers: his moves)"
    legend(panel, width - 335, top + 12, [("road", "Road"), ("rail", "Railroad"),
                                          ("sea", "sea connection")], draw)
    legend(panel, width - 215, top + 12, [("town", "small and large Town"),
                                          (third, words)], draw)


def _over(observation: Mapping[str, Any]) -> str:
    """The end, in words, once the game is over ("" before)."""
    outcome = observation.get("outcome")
    if not outcome:
        return ""
    winners = " and ".join(str(w).replace("_", " ").title() for w in outcome.get("winners", []))
    reason = str(outcome.get("reason", "")).rstrip(".")
    said = f"Over: {winners} won" if winners else "Over: nobody won"
    return f"{said}{' (' + reason + ')' if reason else ''}."
