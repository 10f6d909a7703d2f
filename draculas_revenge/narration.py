"""How the log tells the game: characters, players, squares and rooms in the
rulebook's words ("She-wolf A", "Crossbow 1", "the vampire player's card").

Only the ``text`` of a log entry is prose; every event keeps its ids in its data
fields (``figure="she_wolf_a"``) for programs to read.
"""

from __future__ import annotations

from functools import lru_cache

import gothic_kernel as gk

from .characters import card_kind, character_types
from .grid import DIRECTIONS, FACINGS, Board

DIRECTION_WORDS = dict(zip(DIRECTIONS, ("north", "north-east", "east", "south-east", "south",
                                        "south-west", "west", "north-west"), strict=True))


@lru_cache(maxsize=512)
def _name(card: str, data_dir: str) -> str:
    kind = card_kind(data_dir).get(card)
    if kind is None:
        return card.replace("_", " ").title()
    name = character_types(data_dir)[kind].name
    suffix = card[len(kind):].lstrip("_")
    return f"{name} {suffix.upper()}" if suffix else name


def character(card: str, data_dir: str = "") -> str:
    """A character by its card, as the rulebook names it: ``she_wolf_b`` -> "She-wolf B",
    ``crossbow_1`` -> "Crossbow 1", ``van_helsing`` -> "Van Helsing"."""
    return _name(card, data_dir)


def kind_name(kind: str, data_dir: str = "") -> str:
    """A character type: ``she_wolf`` -> "She-wolf"."""
    types = character_types(data_dir)
    return types[kind].name if kind in types else kind.replace("_", " ")


def player(seat: str) -> str:
    """A player by seat: "the vampire player", "the hunter player" (the rulebook's
    words); with the Multiplayer rule "player 2 (Hunters)", its side as the screen's
    headings name it (:func:`seat_name`)."""
    side, _, number = seat.partition("_")
    if number:
        return f"player {number} ({side.title()})"
    return f"the {side.rstrip('s')} player"


def players(seat: str) -> str:
    """The possessive: "the vampire player's", "player 2's"."""
    side, _, number = seat.partition("_")
    if number:
        return f"player {number}'s"
    return f"the {side.rstrip('s')} player's"


def seat_name(seat: str) -> str:
    """A seat as a heading names it: "Vampires", "Hunters"; with the Multiplayer rule
    "Player 2 (Hunters)"."""
    side, _, number = seat.partition("_")
    return f"Player {number} ({side.title()})" if number else side.title()


#: How the rulebook speaks of its characters ("She can also fire", "his name").
PRONOUNS = {"she_wolf": "her", "vampiress": "her", "dracula": "his", "van_helsing": "his"}


def his(kind: str) -> str:
    """The possessive for a character of ``kind`` (the type it entered play as): "her"
    for She-wolves and Vampiresses, "his" for Dracula and Van Helsing, else "its"."""
    return PRONOUNS.get(kind, "its")


def count(n: int, what: str) -> str:
    """``count(1, "card")`` -> "1 card", ``count(2, "Reaction Point")`` -> "2 Reaction
    Points"."""
    return f"{n} {what}{'' if n == 1 else 's'}"


def side_name(seat: str) -> str:
    """A seat's side as a group: "the vampires", "the hunters" (or "player 2")."""
    side, _, number = seat.partition("_")
    return f"player {number}" if number else f"the {side}"


def cap(text: str) -> str:
    """Capitalise the first letter of a sentence."""
    return text[:1].upper() + text[1:]


def square(board: Board, pos: int) -> str:
    """A square as its (x, y) coordinates from the map's north-west corner."""
    width = board.width
    return f"({pos % width}, {pos // width})"


def xy(x: int, y: int) -> str:
    return f"({x}, {y})"


def direction(name: str) -> str:
    """``ne`` -> "north-east"."""
    return DIRECTION_WORDS.get(name, name)


def facing(value: int | str) -> str:
    """A facing (index or ``n e s w``) -> "north", "east"..."""
    name = FACINGS[value] if isinstance(value, int) else value
    return DIRECTION_WORDS.get(name, name)


def tile(board: Board, tile_id: str) -> str:
    """A tile of the map by what it is and where it lies: "the north chamber",
    "the south-west crypt", "the central room"."""
    if tile_id not in board.tile_names:
        return tile_id.replace("_", " ")
    placed = board.spec["tiles"][board.tile_names.index(tile_id)]
    cols = max(t["col"] for t in board.spec["tiles"])
    rows = max(t["row"] for t in board.spec["tiles"])
    ns = "north" if placed["row"] == 0 < rows else "south" if placed["row"] == rows > 0 else ""
    ew = "west" if placed["col"] == 0 < cols else "east" if placed["col"] == cols > 0 else ""
    where = "-".join(w for w in (ns, ew) if w) or "central"
    if tile_id.startswith("chamber"):
        noun = "chamber"
    elif tile_id.startswith("crypt"):
        noun = "crypt"
    elif tile_id.startswith("hallway"):
        noun = "hallway"
    else:
        noun = "room"
    return f"the {where} {noun}"


def card_played(seat: str, card: str, play: int, data_dir: str = "") -> str:
    """The owner's view of playing a card face down (the others see no card)."""
    return (f"{cap(player(seat))} plays the Action Card of {character(card, data_dir)} "
            f"face down (card #{play}).")


def card_played_public(seat: str, play: int) -> str:
    return f"{cap(player(seat))} plays an Action Card face down (card #{play})."


def reaction_die(seat: str, die: int, bonus: int) -> str:
    """The owner's view of its secret Reaction Die."""
    return (f"{cap(player(seat))} rolls {die} on the Reaction Die: {die + bonus} "
            f"Reaction Points this turn.")


def reaction_die_public(seat: str) -> str:
    return f"{cap(player(seat))} rolls the Reaction Die behind the Die Screen."


def secret_room(board: Board, room: str) -> str:
    return (f"The vampire player secretly records that Van Helsing lies unconscious in "
            f"{tile(board, room)}.")


def secret_room_public() -> str:
    return "The vampire player secretly records which tinted room Van Helsing lies in."


#: How :func:`map_picture` marks the labelled areas of a map.
MAP_LEGEND = ("'#' wall, '.' floor, '+' door (closed at the start), ':' a tinted tile, "
              "'H' a hunter entrance, 'V' a vampire entrance, '1'-'4' the start areas of "
              "your own adventure; blank is beyond the tiles; north is up, squares are "
              "(x, y) from the top left")


def map_picture(board: Board) -> list[str]:
    """The map in ASCII with its labelled areas marked (see :data:`MAP_LEGEND`)."""
    marks: dict[int, str] = {}
    for area, squares in board.areas.items():
        if area.startswith("start_area_"):
            mark = area.rsplit("_", 1)[1]
        elif area.startswith("hunter_entrance"):
            mark = "H"
        elif area.startswith("vampire_entrance"):
            mark = "V"
        else:
            mark = ":"
        for c in squares:
            if c not in board.door_of:
                marks[c] = mark
    return board.render(marks)


__all__ = ["card_played", "character", "count", "facing", "his", "player", "players", "seat_name",
           "square", "tile"]


def tell_a_game(title: str, seed: int, **options: object) -> None:
    """Play a seeded game between the default bots and print it as a spectator sees it:
    the game's report (briefing, the board, each turn, the result; the example scripts
    call this)."""
    game = gk.load_game("draculas_revenge")
    state, record = gk.play_game(game, seed, options=options)
    print(f"{game.title}: {title} (seed {seed})\n")
    print("\n".join(game.report(state, record)))
