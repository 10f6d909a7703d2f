"""Character types and the figures on the table ("Characters", "Character Table").

A *figure* is one Character Card in play (``staker_1``, ``she_wolf_a``): its id is
the id of its card and of its Action Card. The box holds a limited number of cards
of each type (feeding, mesmerizing, saving and reinforcements need a free one).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import attrs

from . import data

OFF_BOARD = -1  # waiting in an entrance corridor
GONE = -2       # not on the table (left the board, or not placed yet)
VAMPIRE, HUMAN = "vampire", "human"


@attrs.frozen
class CharacterType:
    """One row of the Character Table."""

    kind: str
    name: str
    type: str
    ca: int
    ra: int | None
    df: int
    ap: int
    specials: tuple[str, ...]
    points: int
    box: int
    feeds_into: str | None
    provenance: str

    @property
    def is_vampire(self) -> bool:
        return self.type == VAMPIRE

    def card_ids(self) -> tuple[str, ...]:
        """The ids of this type's Character Cards: letters for vampires, numbers else."""
        if self.box == 1:
            return (self.kind,)
        if self.is_vampire:
            return tuple(f"{self.kind}_{chr(ord('a') + i)}" for i in range(self.box))
        return tuple(f"{self.kind}_{i + 1}" for i in range(self.box))


@lru_cache(maxsize=16)
def character_types(data_dir: str = "") -> dict[str, CharacterType]:
    raw: dict[str, Any] = data.load(data_dir)["characters"]["types"]
    return {kind: CharacterType(kind, t["name"], t["type"], int(t["ca"]),
                                None if "ra" not in t else int(t["ra"]), int(t["df"]),
                                int(t["ap"]), tuple(t.get("specials", ())), int(t["points"]),
                                int(t["box"]), t.get("feeds_into"), t["provenance"])
            for kind, t in raw.items()}


@lru_cache(maxsize=16)
def card_kind(data_dir: str = "") -> dict[str, str]:
    """Card id -> its type."""
    return {card: kind for kind, t in character_types(data_dir).items() for card in t.card_ids()}


@lru_cache(maxsize=16)
def side_of_kind(data_dir: str = "") -> dict[str, str]:
    sides = data.load(data_dir)["characters"]["sides"]
    return {kind: side for side, kinds in sides.items() for kind in kinds}


class Figure:
    """A character on the table (plain, mutable, cheap to copy)."""

    __slots__ = ("born", "entrance", "facing", "id", "kind", "minion_card", "misted", "pos",
                 "seat", "unconscious")

    def __init__(self, id: str, kind: str, seat: str, pos: int = GONE, facing: int = 0, *,
                 born: str = "", misted: bool = False, unconscious: bool = False,
                 minion_card: str = "", entrance: str = "") -> None:
        self.id = id
        self.kind = kind                  # its current type (minion once mesmerized)
        self.born = born or kind          # the type it entered the game as
        self.seat = seat                  # the seat that controls it
        self.pos = pos
        self.facing = facing
        self.misted = misted
        self.unconscious = unconscious
        self.minion_card = minion_card    # the minion card slipped into its stand
        self.entrance = entrance          # the entrance area it must enter through

    def copy(self) -> Figure:
        twin = Figure.__new__(Figure)
        twin.id, twin.kind, twin.born, twin.seat = self.id, self.kind, self.born, self.seat
        twin.pos, twin.facing, twin.misted = self.pos, self.facing, self.misted
        twin.unconscious, twin.minion_card = self.unconscious, self.minion_card
        twin.entrance = self.entrance
        return twin

    @property
    def on_board(self) -> bool:
        return self.pos >= 0

    def to_data(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "born": self.born, "seat": self.seat,
                "pos": self.pos, "facing": self.facing, "misted": self.misted,
                "unconscious": self.unconscious, "minion_card": self.minion_card,
                "entrance": self.entrance}

    @staticmethod
    def from_data(d: dict[str, Any]) -> Figure:
        return Figure(str(d["id"]), str(d["kind"]), str(d["seat"]), int(d["pos"]),
                      int(d["facing"]), born=str(d["born"]), misted=bool(d["misted"]),
                      unconscious=bool(d["unconscious"]), minion_card=str(d["minion_card"]),
                      entrance=str(d["entrance"]))
