"""Pictures: a board drawn as SVG with the standard library, as one viewer sees it.

In the manner of python-chess's ``chess.svg``: a game's drawing function takes what
it draws and keyword options with defaults, builds the document with
:mod:`xml.etree.ElementTree`, puts CSS classes on the elements (so a page can restyle
them) and returns an :class:`Svg`, a ``str`` that a notebook shows as a picture. The
same arguments always give the same text.

A picture is always of one viewer's view. The contract's hook is
:meth:`gothic_kernel.Game.picture`, fed ``state.observation(viewer)``; it may read the
game's public data (its map files) and nothing else, so it cannot show a secret::

    >>> import gothic_kernel as gk
    >>> from gothic_kernel.svg import Svg
    >>> isinstance(Svg("<svg/>"), str), Svg("<svg/>")._repr_svg_()
    (True, '<svg/>')

:func:`picture` is the shortcut ``state.game.picture(state.observation(viewer), viewer)``
and :func:`save` writes a picture as ``.svg``, or as ``.png`` when the optional ``png``
extra (cairosvg) is installed.

The rest of this module is the toolbox the games draw with: :func:`sub` (an element
with its numbers written the same way every time), :class:`Layout` (where the places
of a :class:`~gothic_kernel.placemap.PlaceMap` are drawn, read from a data file with
provenance, as both Fury editions use), tokens and labels.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import math
import types
import typing
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ParamSpec

import attrs

from .errors import BadOption, NoPicture
from .game import _KIND_WORDS

if TYPE_CHECKING:
    from .game import GameState
    from .placemap import Link, PlaceMap


__all__ = ["PNG_LARGEST", "Layout", "Strokes", "Svg", "badge", "checked_options",
           "colors_with", "draw_land", "draw_links", "fmt", "label", "legend", "offset_line",
           "picture", "png_pixels", "points", "root", "save", "shade", "spread", "sub",
           "to_png", "token", "tostring"]

SVG_NS = "http://www.w3.org/2000/svg"
#: How one kind of connection is drawn: the attributes of each stroked line laid over
#: the last (a railway: a dark line, then white dashes on it), given the link.
Strokes = Callable[["Link"], Sequence[Mapping[str, object]]]
#: The font every picture names (a generic family, found on every system).
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"


class Svg(str):
    """An SVG document: a ``str`` a notebook shows as a picture (``_repr_svg_``)."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)


# -- a drawing function's options ---------------------------------------------------------

_P = ParamSpec("_P")


def checked_options(draw: Callable[_P, Svg]) -> Callable[_P, Svg]:
    """``draw`` (a game's drawing function) with its keyword options checked before it
    draws: an option it does not have, or a value of another kind than its annotation
    says, is refused with :class:`~gothic_kernel.BadOption` naming the option and what
    it takes. Every game's picture goes through this one check::

        >>> @checked_options
        ... def board(observation: dict, viewer: str, *, size: int | None = None,
        ...           labels: bool = True) -> Svg:
        ...     return Svg("<svg/>")
        >>> board({}, "mina", labels="x")
        Traceback (most recent call last):
        gothic_kernel.errors.BadOption: picture option 'labels' takes true or false, not 'x'
    """
    hints = typing.get_type_hints(draw)
    kinds = {name: hints[name] for name, parameter in inspect.signature(draw).parameters.items()
             if parameter.kind is inspect.Parameter.KEYWORD_ONLY}
    whose = draw.__module__.split(".")[0]

    @functools.wraps(draw)
    def checked(*args: _P.args, **options: _P.kwargs) -> Svg:
        for name, value in options.items():
            if name not in kinds:
                raise BadOption(f"a {whose} picture has no option {name!r}; its options are "
                                f"{', '.join(kinds)}")
            if not _fits(value, kinds[name]):
                raise BadOption(f"picture option {name!r} takes {_takes(kinds[name])}, "
                                f"not {value!r}")
        return draw(*args, **options)

    return checked


def _alternatives(kind: Any) -> tuple[Any, ...]:
    """The kinds a union (``int | None``) allows; a plain kind alone."""
    if typing.get_origin(kind) in (typing.Union, types.UnionType):
        return typing.get_args(kind)
    return (kind,)


def _fits(value: object, kind: Any) -> bool:
    """Whether ``value`` is of ``kind``, an option's annotation (``True`` is no number)."""
    if len(_alternatives(kind)) > 1:
        return any(_fits(value, one) for one in _alternatives(kind))
    if kind is type(None):
        return value is None
    if kind is bool or isinstance(value, bool):
        return kind is bool and isinstance(value, bool)
    if kind is float:
        return isinstance(value, (int, float))
    origin = typing.get_origin(kind)
    if origin is not None and issubclass(origin, Mapping):
        keys, values = typing.get_args(kind) or (object, object)
        return isinstance(value, Mapping) and all(
            _fits(k, keys) and _fits(v, values) for k, v in value.items())
    return isinstance(value, origin or kind)


def _takes(kind: Any) -> str:
    """An option's annotation in words: "a whole number or None"."""
    words = []
    for one in _alternatives(kind):
        origin = typing.get_origin(one)
        if one is type(None):
            words.append("None")
        elif origin is not None and issubclass(origin, Mapping):
            keys, values = typing.get_args(one) or (object, object)
            words.append(f"a mapping of {_bare(_takes(keys))} to {_bare(_takes(values))}")
        else:
            words.append(_KIND_WORDS.get(one, f"a {getattr(one, '__name__', one)}"))
    return " or ".join(words)


def _bare(words: str) -> str:
    """Words without their article: "a text" -> "text"."""
    return words.removeprefix("a ").removeprefix("an ")


# -- building documents -------------------------------------------------------------------

def fmt(value: object) -> str:
    """A value as an attribute: numbers to at most two decimals, no trailing zeros.

    >>> fmt(3), fmt(2.5), fmt(1 / 3), fmt(-0.001), fmt("red")
    ('3', '2.5', '0.33', '0', 'red')
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        text = f"{value:.2f}".rstrip("0").rstrip(".")
        return "0" if text in ("-0", "") else text
    return str(value)


def sub(parent: ET.Element, tag: str, attrs: Mapping[str, object] | None = None, *,
        cls: str | None = None, text: str | None = None, title: str | None = None
        ) -> ET.Element:
    """A child element of ``parent``: ``attrs`` written with :func:`fmt` (None left out),
    ``cls`` its CSS classes, ``text`` its text and ``title`` a tooltip."""
    element = ET.SubElement(parent, tag)
    if cls:
        element.set("class", cls)
    for key, value in (attrs or {}).items():
        if value is not None:
            element.set(key, fmt(value))
    if text is not None:
        element.text = text
    if title:
        ET.SubElement(element, "title").text = title
    return element


def root(width: float, height: float, *, size: int | None = None, cls: str = "",
         title: str = "", style: str | None = None) -> ET.Element:
    """The ``<svg>`` element of a picture ``width`` x ``height`` user units, shown
    ``size`` pixels wide (its natural size when None), with a ``<title>`` and the
    caller's own CSS (``style``) drawn over the defaults."""
    svg = ET.Element("svg", {"xmlns": SVG_NS, "version": "1.1",
                             "viewBox": f"0 0 {fmt(width)} {fmt(height)}"})
    if cls:
        svg.set("class", cls)
    if size is not None:
        if size < 1:
            raise BadOption(f"a picture's size is a number of pixels from 1, not {size}")
        svg.set("width", fmt(size))
        svg.set("height", fmt(round(size * height / width)))
    svg.set("font-family", FONT)
    if title:
        ET.SubElement(svg, "title").text = title
    if style:
        ET.SubElement(svg, "style").text = style
    return svg


def tostring(svg: ET.Element) -> Svg:
    """The finished document."""
    return Svg(ET.tostring(svg, encoding="unicode"))


def colors_with(defaults: Mapping[str, str], given: Mapping[str, str] | None) -> dict[str, str]:
    """The default colours with the caller's overrides; an unknown name is refused."""
    chosen = dict(defaults)
    for name, value in (given or {}).items():
        if name not in chosen:
            raise BadOption(f"no colour called {name!r}; the colours are "
                            f"{', '.join(sorted(chosen))}")
        chosen[name] = value
    return chosen


# -- small pieces ---------------------------------------------------------------------------

def token(parent: ET.Element, x: float, y: float, text: str, *, fill: str, cls: str,
          r: float = 8.0, ink: str = "#ffffff", stroke: str = "#1b1b1b",
          title: str | None = None, shape: str = "circle") -> ET.Element:
    """A counter on the board: a disc (or ``square``) with a short label."""
    group = sub(parent, "g", cls=cls, title=title)
    if shape == "square":
        sub(group, "rect", {"x": x - r, "y": y - r, "width": 2 * r, "height": 2 * r,
                            "rx": r / 4, "fill": fill, "stroke": stroke, "stroke-width": 1})
    else:
        sub(group, "circle", {"cx": x, "cy": y, "r": r, "fill": fill, "stroke": stroke,
                              "stroke-width": 1})
    font = r * (1.05 if len(text) < 2 else 0.9 if len(text) == 2 else 0.7)
    sub(group, "text", {"x": x, "y": y + font * 0.36, "text-anchor": "middle",
                        "font-size": font, "font-weight": "bold", "fill": ink}, text=text)
    return group


def badge(parent: ET.Element, x: float, y: float, text: str, *, fill: str, cls: str,
          ink: str = "#1b1b1b", font: float = 7.0, title: str | None = None) -> ET.Element:
    """A small label in a rounded box centred on (x, y): a marker, a chit, a count."""
    width = max(font * 1.3, font * 0.62 * len(text) + font * 0.7)
    height = font * 1.45
    group = sub(parent, "g", cls=cls, title=title)
    sub(group, "rect", {"x": x - width / 2, "y": y - height / 2, "width": width,
                        "height": height, "rx": height / 3, "fill": fill, "stroke": "#1b1b1b",
                        "stroke-width": 0.6})
    sub(group, "text", {"x": x, "y": y + font * 0.36, "text-anchor": "middle",
                        "font-size": font, "fill": ink}, text=text)
    return group


#: Where a label stands from its place: compass point -> (dx, dy, text-anchor).
_ANCHORS = {"e": (1, 0, "start"), "w": (-1, 0, "end"), "n": (0, -1, "middle"),
            "s": (0, 1, "middle"), "ne": (0.75, -0.75, "start"), "nw": (-0.75, -0.75, "end"),
            "se": (0.75, 0.75, "start"), "sw": (-0.75, 0.75, "end")}
COMPASS = tuple(_ANCHORS)


def label(parent: ET.Element, x: float, y: float, text: str, *, where: str = "e",
          gap: float = 7.0, font: float = 9.0, cls: str = "label", fill: str = "#1b1b1b",
          halo: str | None = None, italic: bool = False) -> ET.Element:
    """A name beside a point, on the side ``where`` (a compass point), with an optional
    halo (a wide stroke of the background colour under the letters) for legibility."""
    dx, dy, anchor = _ANCHORS[where]
    tx = x + dx * gap
    ty = y + dy * gap + font * 0.35 + (font * 0.3 if dy > 0 else -font * 0.1 if dy < 0 else 0)
    attrs: dict[str, object] = {"x": tx, "y": ty, "text-anchor": anchor, "font-size": font}
    if italic:
        attrs["font-style"] = "italic"
    if not halo:
        return sub(parent, "text", {**attrs, "fill": fill}, cls=cls, text=text)
    # The halo is a copy of the words drawn first (every renderer draws it; not all know
    # paint-order).
    group = sub(parent, "g", cls=cls)
    sub(group, "text", {**attrs, "fill": halo, "stroke": halo, "stroke-width": font / 3.2,
                        "stroke-linejoin": "round"}, cls="halo", text=text)
    sub(group, "text", {**attrs, "fill": fill}, text=text)
    return group


def spread(count: int, x: float, y: float, step: float) -> list[tuple[float, float]]:
    """Where ``count`` tokens sharing one place stand: the place itself for one, a
    ring around it for more, neighbours ``2 * step`` apart (the same every time).

    >>> spread(1, 10, 10, 8)
    [(10, 10)]
    >>> [(round(a), round(b)) for a, b in spread(2, 0, 0, 8)]
    [(-8, 0), (8, 0)]
    """
    if count <= 1:
        return [(x, y)]
    ring = step / math.sin(math.pi / count)  # neighbours stand 2 * step apart
    return [(x + ring * math.cos(math.pi + 2 * math.pi * i / count),
             y + ring * math.sin(math.pi + 2 * math.pi * i / count)) for i in range(count)]


def name_gap(figures: int, radius: float, bare: float = 6.5) -> float:
    """How far a place's name stands from its point: clear of the ``figures`` tokens of
    ``radius`` that :func:`spread` lays round it (``bare`` when nothing stands there).

    >>> name_gap(0, 8), name_gap(1, 8), name_gap(2, 8)
    (6.5, 12.0, 20.0)
    """
    if not figures:
        return bare
    (x, _y), *_ = spread(figures, 0, 0, radius)
    return float(abs(x) + radius + 4)


def beside(where: str) -> int:
    """Which way from a place its badges and markers stand: up (-1), or down (1) when its
    name (on the side ``where``, a compass point) stands above it, so as not to cover it."""
    return 1 if "n" in where else -1


def offset_line(a: tuple[float, float], b: tuple[float, float], by: float
                ) -> tuple[tuple[float, float], tuple[float, float]]:
    """The segment a-b moved ``by`` units to its left (to draw two links side by side)."""
    (ax, ay), (bx, by_) = a, b
    length = math.hypot(bx - ax, by_ - ay) or 1.0
    nx, ny = -(by_ - ay) / length * by, (bx - ax) / length * by
    return (ax + nx, ay + ny), (bx + nx, by_ + ny)


def points(coords: Iterable[tuple[float, float]]) -> str:
    """A polygon's ``points`` attribute."""
    return " ".join(f"{fmt(float(x))},{fmt(float(y))}" for x, y in coords)


# -- layouts: where a map's places are drawn ---------------------------------------------

@attrs.frozen
class Layout:
    """Where the places of a map of places are drawn: a point per place, a label side
    per place, and the land drawn under them (polygons), all in user units of a
    ``width`` x ``height`` drawing. Read from a TOML file whose every entry says where it
    comes from (``provenance`` and ``source``)::

        [drawing]
        width = 900
        height = 640
        provenance = "reconstructed"
        source = "..."

        [[place]]
        id = "paris"
        x = 402
        y = 286
        label = "e"            # optional: the compass side the name stands on
        provenance = "reconstructed"
        source = "..."

        [[land]]
        name = "Great Britain"
        points = [[10, 20], [30, 40], ...]
        provenance = "reconstructed"
        source = "..."
    """

    width: float
    height: float
    xy: Mapping[str, tuple[float, float]]
    #: the compass side of a place's name, where the file gives one
    label_side: Mapping[str, str]
    land: tuple[tuple[str, tuple[tuple[float, float], ...]], ...]

    @staticmethod
    def read(path: str | Path, places: Iterable[str] = ()) -> Layout:
        """The layout in ``path``, checked: every place in ``places`` must be drawn."""
        from .placemap import read_data_file  # (networkx, only for maps of places)

        return Layout.from_data(read_data_file(path, "layout file"), places, str(path))

    @staticmethod
    def from_data(data: Mapping[str, Any], places: Iterable[str] = (),
                  source: str = "layout file") -> Layout:
        from .placemap import PROVENANCES

        problems: list[str] = []
        drawing = data.get("drawing")
        if not isinstance(drawing, Mapping) or not all(
                isinstance(drawing.get(k), (int, float)) for k in ("width", "height")):
            raise BadOption(f"{source}: a layout needs [drawing] with a width and a height")
        xy: dict[str, tuple[float, float]] = {}
        sides: dict[str, str] = {}
        for i, entry in enumerate(data.get("place", [])):
            name = entry.get("id", f"place {i + 1}") if isinstance(entry, Mapping) else i + 1
            if not isinstance(entry, Mapping) or not all(
                    isinstance(entry.get(k), (int, float)) for k in ("x", "y")):
                problems.append(f"{name} needs numbers x and y")
                continue
            if entry.get("provenance") not in PROVENANCES or "source" not in entry:
                problems.append(f"{name} needs a provenance ({', '.join(PROVENANCES)}) "
                                "and a source")
            xy[str(entry["id"])] = (float(entry["x"]), float(entry["y"]))
            if "label" in entry:
                if entry["label"] not in _ANCHORS:
                    problems.append(f"{name}: label side {entry['label']!r} is not one of "
                                    f"{', '.join(_ANCHORS)}")
                sides[str(entry["id"])] = str(entry["label"])
        land = []
        for i, entry in enumerate(data.get("land", [])):
            name = str(entry.get("name", f"land {i + 1}"))
            try:
                outline = tuple((float(x), float(y)) for x, y in entry["points"])
            except (KeyError, TypeError, ValueError):
                problems.append(f"{name} needs points [[x, y], ...]")
                continue
            if entry.get("provenance") not in PROVENANCES or "source" not in entry:
                problems.append(f"{name} needs a provenance and a source")
            land.append((name, outline))
        missing = [p for p in places if p not in xy]
        if missing:
            problems.append(f"no position for {', '.join(missing[:5])}"
                            f"{' ...' if len(missing) > 5 else ''}")
        if problems:
            raise BadOption(f"{source}: {'; '.join(problems[:6])}")
        return Layout(float(drawing["width"]), float(drawing["height"]), xy, sides,
                      tuple(land))


def draw_land(parent: ET.Element, layout: Layout, *, fill: str, stroke: str) -> None:
    """The land of a layout (its polygons), each with its name as a tooltip."""
    group = sub(parent, "g", cls="land")
    for name, outline in layout.land:
        sub(group, "polygon", {"points": points(outline), "fill": fill, "stroke": stroke,
                               "stroke-width": 0.8, "stroke-linejoin": "round"}, cls="land",
            title=name)


def draw_links(parent: ET.Element, board: PlaceMap, layout: Layout,
               strokes: Mapping[str, Strokes], *, apart: float = 1.9) -> None:
    """Every connection of ``board`` as lines between its places, one group per kind in
    the order of ``strokes`` (later kinds drawn over earlier ones), each line with a
    tooltip naming it; two kinds joining the same places are drawn side by side,
    ``apart`` units from the middle."""
    kinds: dict[frozenset[str], list[str]] = {}
    for link in board.links:
        pair = frozenset((link.a, link.b))
        if link.kind not in kinds.setdefault(pair, []):
            kinds[pair].append(link.kind)
    for kind, layers in strokes.items():
        group = sub(parent, "g", cls=f"{kind}-links")
        for link in board.links:
            if link.kind != kind:
                continue
            a, b = layout.xy[link.a], layout.xy[link.b]
            shared = [k for k in strokes if k in kinds[frozenset((link.a, link.b))]]
            if len(shared) > 1:
                # the same side whichever end the file names first
                first, second = sorted((link.a, link.b))
                a, b = layout.xy[first], layout.xy[second]
                a, b = offset_line(a, b, apart * (2 * shared.index(kind) - len(shared) + 1))
            ends = {"x1": a[0], "y1": a[1], "x2": b[0], "y2": b[1]}
            extra = " ".join(f"{v}" for k, v in sorted(link.data.items())
                             if k in ("color",) and isinstance(v, str))
            line = sub(group, "g", cls=f"link {kind}{' ' + extra if extra else ''}",
                       title=f"{kind}{' (' + extra + ')' if extra else ''}: "
                             f"{board.name(link.a)} - {board.name(link.b)}")
            for layer in layers(link):
                sub(line, "line", {**ends, **layer})


def shade(parent: ET.Element, layout: Layout, weights: Mapping[str, float], *, fill: str,
          r: float = 12.0, least: float = 0.12, most: float = 0.62, cls: str = "shade",
          title: Callable[[str, float], str] | None = None) -> None:
    """A disc under each place of ``weights``, more opaque the more it weighs (relative
    to the heaviest): the places something may be, say."""
    top = max(weights.values(), default=1.0) or 1.0
    group = sub(parent, "g", cls=cls)
    for place, weight in weights.items():
        if place not in layout.xy:
            continue
        x, y = layout.xy[place]
        share = weight / top
        sub(group, "circle", {"cx": x, "cy": y, "r": r, "fill": fill,
                              "fill-opacity": least + (most - least) * share},
            cls=f"{cls} {place}", title=title(place, share) if title else None)


# -- the contract's shortcuts ---------------------------------------------------------------

def picture(state: GameState, viewer: str, **options: Any) -> Svg:
    """The board as ``viewer`` sees it now: ``game.picture(state.observation(viewer),
    viewer, **options)``. Raises :class:`~gothic_kernel.NoPicture` for a game that draws
    none."""
    state.check_viewer(viewer)
    return state.game.picture(state.observation(viewer), viewer, **options)


#: The most pixels a PNG has on a side: cairo, which draws it, refuses a larger image.
PNG_LARGEST = 32767


def png_pixels(svg: str, scale: float = 1.0) -> tuple[int, int]:
    """How many pixels wide and high ``svg`` is drawn as a PNG: its ``width`` and
    ``height`` (its ``viewBox`` when it has none) times ``scale``."""
    element = ET.fromstring(svg)
    box = [float(n) for n in element.get("viewBox", "0 0 0 0").replace(",", " ").split()]
    width = float(element.get("width") or box[2]) * scale
    height = float(element.get("height") or box[3]) * scale
    return round(width), round(height)


def _largest_size(width: int, height: int) -> int:
    """The largest ``size`` (width in pixels) at which a picture of this shape still
    fits in :data:`PNG_LARGEST` both ways (its height is ``round(size * height /
    width)``, as :func:`root` writes it)."""
    size = min(PNG_LARGEST, math.floor(PNG_LARGEST * width / max(height, 1)))
    while size > 1 and round(size * height / width) > PNG_LARGEST:
        size -= 1
    return size


def to_png(svg: str, *, scale: float = 1.0) -> bytes:
    """The picture as PNG bytes; needs the optional ``png`` extra (cairosvg), imported
    only here. A picture more than :data:`PNG_LARGEST` pixels on a side is refused
    (:class:`~gothic_kernel.BadOption`, naming the largest size that fits)."""
    width, height = png_pixels(svg, scale)
    if max(width, height) > PNG_LARGEST:
        raise BadOption(f"a PNG is at most {PNG_LARGEST} pixels on a side (cairo's limit), "
                        f"and this picture would be {width} x {height}: the largest size "
                        f"that fits is {_largest_size(width, height)}")
    try:
        cairosvg: Any = importlib.import_module("cairosvg")
    except (ImportError, OSError):
        raise NoPicture("writing a PNG needs the png extra: pip install "
                        "'gothic-games[png]' (cairosvg and the cairo library)") from None
    try:
        data: bytes = cairosvg.svg2png(bytestring=svg.encode("utf-8"), scale=scale)
    except MemoryError:
        raise NoPicture(f"there is not memory enough to draw a {width} x {height} PNG; "
                        "try a smaller size") from None
    return data


def save(svg: str, path: str | Path, *, scale: float = 1.0) -> Path:
    """Write ``svg`` to ``path``: ``.svg`` as it is, ``.png`` through :func:`to_png`."""
    where = Path(path)
    suffix = where.suffix.lower()
    if suffix not in (".svg", ".png"):
        raise NoPicture(f"{where}: a picture is written as .svg or .png, not "
                        f"{suffix or 'a name without a suffix'}")
    if where.is_dir():
        raise NoPicture(f"{where} is a folder; name a file in it")
    if not where.parent.is_dir():
        raise NoPicture(f"there is no folder {str(where.parent)!r} to write {where.name} in")
    if suffix == ".png":
        where.write_bytes(to_png(svg, scale=scale))
    else:
        where.write_text(svg, encoding="utf-8")
    return where


def legend(parent: ET.Element, x: float, y: float, rows: Sequence[tuple[str, str]],
           draw: Mapping[str, Any], *, font: float = 8.0, step: float = 13.0) -> float:
    """A key: for each (kind, words) row, ``draw[kind](group, x, y)`` draws a sample and
    the words follow it. Returns the y below the last row."""
    group = sub(parent, "g", cls="legend")
    for kind, words in rows:
        draw[kind](group, x + 9, y)
        sub(group, "text", {"x": x + 22, "y": y + font * 0.35, "font-size": font,
                            "fill": "#1b1b1b"}, text=words)
        y += step
    return y
