"""A check of a game's picture: nothing drawn over the map covers the name of a place.

    from gothic_kernel.testing.pictures import covered_names

    assert covered_names(board(seen, "dracula"), {"Paris", "Castle Dracula"},
                         over=("figures", "markers")) == []

The names are found as the ``<text>`` elements writing them (their halo copies left out)
and measured roughly, 0.6 of the font size a letter; what covers them is every filled
circle and every rectangle inside the groups (``<g class=...>``) named in ``over``.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable

__all__ = ["Box", "covered_names", "drawn_boxes", "name_boxes"]

#: left, top, right, bottom.
Box = tuple[float, float, float, float]

SVG = "{http://www.w3.org/2000/svg}"


def name_boxes(svg: ET.Element, names: Iterable[str]) -> dict[str, Box]:
    """Roughly where each of ``names`` is written."""
    wanted = set(names)
    boxes = {}
    for text in svg.iter(f"{SVG}text"):
        if text.text in wanted and text.get("class") != "halo":
            font, x, y = (float(text.get(k, "0")) for k in ("font-size", "x", "y"))
            width = 0.6 * font * len(text.text or "")
            left = {"start": x, "middle": x - width / 2, "end": x - width}[
                text.get("text-anchor", "start")]
            boxes[text.text or ""] = (left, y - 0.75 * font, left + width, y + 0.2 * font)
    return boxes


def drawn_boxes(svg: ET.Element, over: Iterable[str]) -> list[Box]:
    """The filled circles and the rectangles inside the groups of the classes ``over``."""
    classes = set(over)
    boxes: list[Box] = []
    for group in svg.iter(f"{SVG}g"):
        if group.get("class") not in classes:
            continue
        for circle in group.iter(f"{SVG}circle"):
            x, y, r = (float(circle.get(k, "0")) for k in ("cx", "cy", "r"))
            if circle.get("fill") != "none":
                boxes.append((x - r, y - r, x + r, y + r))
        for rect in group.iter(f"{SVG}rect"):
            x, y, w, h = (float(rect.get(k, "0")) for k in ("x", "y", "width", "height"))
            boxes.append((x, y, x + w, y + h))
    return boxes


def covered_names(picture: str, names: Iterable[str], over: Iterable[str]
                  ) -> list[tuple[str, Box, Box]]:
    """Each name of ``names`` that something drawn in the groups ``over`` covers, with
    the two boxes; a name the picture does not write is reported with an empty box."""
    svg = ET.fromstring(picture)
    wanted = list(names)
    found = name_boxes(svg, wanted)
    drawn = drawn_boxes(svg, over)
    covered: list[tuple[str, Box, Box]] = [(name, (0, 0, 0, 0), (0, 0, 0, 0))
                                           for name in wanted if name not in found]
    for name, (left, top, right, bottom) in found.items():
        covered += [(name, found[name], box) for box in drawn
                    if not (right <= box[0] or box[2] <= left or bottom <= box[1]
                            or box[3] <= top)]
    return covered
