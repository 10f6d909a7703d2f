"""A game's view drawn as text, for terminal front ends such as ``gothic play``.

``game.text_screen()`` gives a :class:`TextScreen`: it turns one viewer's
observation (the dict ``state.observation(viewer)`` returns) into sections of
text, and it may read public game data such as the map, but never a state. So a
screen cannot show what its viewer may not know, and two states the viewer
cannot tell apart (``state.resample(viewer, seed)``) draw the same screen::

    screen = game.text_screen()
    view = state.observation("seward")
    for title, lines in screen.sections(view, "seward"):
        print(title)
        print("\\n".join(lines))

The kernel's own screen writes the observation out readably, key by key; a game
overrides :meth:`Game.text_screen` with a subclass that draws its board, the
viewer's own cards and chits, and what is public about the other seats.

The helpers :func:`readable`, :func:`in_columns`, :func:`wrap` and :func:`words`
are for games' screens as much as for the kernel.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import Game

#: One section of a screen: its title and its lines.
Section = tuple[str, list[str]]

DEFAULT_WIDTH = 100


class TextScreen:
    """How a game's view is drawn as text (the kernel's default: the observation written
    out readably).

    Every method reads only an observation and the viewer's seat (and public game
    data a subclass knows of); none may be handed a state. ``width`` is the width of
    the terminal, set by the front end before drawing.
    """

    def __init__(self, game: Game, width: int = DEFAULT_WIDTH) -> None:
        self.game = game
        self.width = width

    def status(self, observation: Mapping[str, Any], viewer: str) -> str:
        """A few words for the top line of the screen ("turn 3"), or ""."""
        parts = [f"{key} {observation[key]}" for key in ("round", "turn")
                 if isinstance(observation.get(key), int)
                 and not isinstance(observation.get(key), bool)]
        return ", ".join(parts)

    def sections(self, observation: Mapping[str, Any], viewer: str) -> list[Section]:
        """The body of the screen shown every turn: titled sections, the board first,
        then the viewer's own cards and chits, then what is public about the others.

        This default writes out every entry of the observation."""
        return [("What you know", readable(observation, self.width))]

    def map(self, observation: Mapping[str, Any], viewer: str, query: str = "") -> list[str]:
        """The board in full, for the ``map`` command (``query``: what follows the word
        ``map``, e.g. a place to look at). This default draws the sections."""
        lines: list[str] = []
        for title, body in self.sections(observation, viewer):
            lines.append(title)
            lines.extend(body)
        return lines

    def group(self, action: Mapping[str, Any], label: str, observation: Mapping[str, Any],
              viewer: str) -> str:
        """The heading a menu lists ``action`` (its JSON form, labelled ``label``) under, for
        ``viewer`` who sees ``observation``. Actions with the same heading are listed
        together ("moves by destination, cards, pass"); this default groups them by their
        type."""
        return words(str(action.get("type", ""))).capitalize()


# -- helpers for screens -----------------------------------------------------------------------

def words(ident: str) -> str:
    """An id in words: ``van_helsing`` -> ``van helsing``."""
    return ident.replace("_", " ")


def named(query: str, names: Mapping[str, str]) -> str | None:
    """The id ``query`` names among ``names`` (id -> name), as ``map WHAT`` reads it: an id
    or a name itself ("the" left out or not), else the one id or name it begins; None if
    it names nothing, or the start of several."""
    said = query.strip().lower()
    spoken = {i: (name.lower(), name.lower().removeprefix("the ")) for i, name in names.items()}
    for fits in ([i for i in names if i == said.replace(" ", "_") or said in spoken[i]],
                 [i for i in names if i.startswith(said.replace(" ", "_"))
                  or any(n.startswith(said) for n in spoken[i])]):
        if len(fits) == 1:
            return fits[0]
    return None


def no_place(query: str) -> list[str]:
    """What ``map WHAT`` shows when ``WHAT`` names nothing on the map."""
    return [f"No place on the map is called {query!r}."]


#: A square's coordinates, "(15, 4)": never broken over two lines.
_PAIR = re.compile(r"\((-?\d+), (-?\d+)\)")
_NO_BREAK = "\u00a0"


def wrap(text: str, width: int, indent: str = "  ", more: str | None = None) -> list[str]:
    """``text`` wrapped to ``width``, the first line indented by ``indent``, the others by
    ``more`` (two spaces deeper by default); a pair of coordinates stays on one line."""
    joined = _PAIR.sub(rf"(\1,{_NO_BREAK}\2)", text)
    lines = textwrap.wrap(joined, max(20, width), initial_indent=indent,
                          subsequent_indent=indent + "  " if more is None else more,
                          break_on_hyphens=False) or [indent.rstrip()]
    return [line.replace(_NO_BREAK, " ") for line in lines]


def in_columns(cells: Sequence[str], width: int, indent: str = "  ", gap: int = 3) -> list[str]:
    """``cells`` laid out in as many columns as fit in ``width``, down then across (as
    ``ls`` does)."""
    if not cells:
        return []
    cell = max(len(c) for c in cells) + gap
    columns = max(1, (width - len(indent) + gap) // cell)
    rows = -(-len(cells) // columns)
    lines = []
    for r in range(rows):
        row = [cells[i] for i in range(r, len(cells), rows)]
        lines.append((indent + "".join(c.ljust(cell) for c in row)).rstrip())
    return lines


def scalar(value: Any) -> str:
    """A leaf of an observation in words: ``None`` -> ``-``, ``True`` -> ``yes``, a list
    of leaves joined by commas."""
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return ", ".join(scalar(v) for v in value) if value else "none"
    if isinstance(value, Mapping):
        return "; ".join(f"{words(str(k))} {scalar(v)}" for k, v in value.items()) or "none"
    return words(str(value)) if isinstance(value, str) else str(value)


def _is_leaf(value: Any) -> bool:
    if isinstance(value, Mapping):
        return all(not isinstance(v, (Mapping, list, tuple)) or
                   (isinstance(v, (list, tuple)) and all(_plain(x) for x in v))
                   for v in value.values())
    if isinstance(value, (list, tuple)):
        return all(_plain(v) for v in value)
    return True


def _plain(value: Any) -> bool:
    return not isinstance(value, (Mapping, list, tuple))


def readable(value: Any, width: int = DEFAULT_WIDTH, indent: str = "  ") -> list[str]:
    """A JSON-like value (an observation) written out for people: one line per key,
    nested entries indented, short dicts and lists of words on one line."""
    lines: list[str] = []
    items: Iterable[tuple[Any, Any]]
    if isinstance(value, Mapping):
        items = value.items()
    elif isinstance(value, (list, tuple)):
        items = ((f"#{i + 1}", v) for i, v in enumerate(value))
    else:
        return wrap(scalar(value), width, indent)
    for key, item in items:
        name = words(str(key))
        if _is_leaf(item):
            lines.extend(wrap(f"{name}: {scalar(item)}", width, indent))
        else:
            lines.append(f"{indent}{name}:")
            lines.extend(readable(item, width, indent + "  "))
    return lines


__all__ = ["DEFAULT_WIDTH", "Section", "TextScreen", "in_columns", "named", "no_place",
           "readable", "scalar", "words", "wrap"]
