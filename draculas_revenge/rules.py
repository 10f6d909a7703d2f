"""Static rule parameters read from the data files, shared by every state of a game."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import attrs

from . import data
from .board import Board, load_board
from .characters import CharacterType, card_kind, character_types, side_of_kind
from .sight import Sight, sight_of


@attrs.frozen
class Rules:
    """Everything static a game needs: board, sight, character table, costs, adventure."""

    data_dir: str
    adventure_id: str
    adventure: dict[str, Any]
    board: Board
    sight: Sight
    types: dict[str, CharacterType]
    kind_of_card: dict[str, str]
    side_of: dict[str, str]
    costs: dict[str, int]
    numbers: dict[str, int]
    vampire_kinds: frozenset[str] = attrs.field(init=False)
    hunter_kinds: frozenset[str] = attrs.field(init=False)
    #: Per character type, the kinds of action it may take (``acting``), worked out once.
    makers: dict[str, tuple[Any, ...]] = attrs.field(init=False, factory=dict, eq=False,
                                                     repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "vampire_kinds", _kinds(self.types, True))
        object.__setattr__(self, "hunter_kinds", _kinds(self.types, False))

    def cost(self, action: str) -> int:
        return self.costs[action]

    def kind_type(self, kind: str) -> CharacterType:
        return self.types[kind]


def _kinds(types: dict[str, CharacterType], vampires: bool) -> frozenset[str]:
    """The vampire types, or the hunter types (humans but minions)."""
    return frozenset(k for k, t in types.items()
                     if t.is_vampire == vampires and (vampires or k != "minion"))


@lru_cache(maxsize=64)
def rules_for(adventure: str, map_name: str, data_dir: str = "") -> Rules:
    files = data.load(data_dir)
    spec = dict(files["adventures"]["adventures"][adventure])
    board = load_board(map_name, data_dir)
    costs = {name: int(c["points"]) for name, c in files["actions"]["costs"].items()}
    numbers = {k: int(v) for k, v in files["actions"]["points"].items()}
    return Rules(data_dir, adventure, spec, board, sight_of(board), character_types(data_dir),
                 card_kind(data_dir), side_of_kind(data_dir), costs, numbers)
