"""The decisions a VAMPYRE player makes, as immutable actions with a stable JSON form.

Die rolls are not decisions: the engine rolls them as the rules call for
them. What is left to the players:

* ``take_turn`` / ``heal_wound`` / ``rest_at_standing_stones``: how to spend a
  turn, offered only when there is a choice (a wound to cure in Castle
  Dracula, a cure to take at The Standing Stones);
* ``move``: one end of the move the die allows, with the path taken and,
  when the end holds opponents, the one attacked;
* ``search`` / ``make_camp``: search a large hex, or not;
* ``declare_silver_bullet``: fire the silver bullet at a werewolf, or keep it;
* ``lead_astray``: the player on the left moves a lost player (Strange Occurrence 5);
* ``look_at_counter``: the large hex whose top counter to look at (Strange
  Occurrence 10, reconstructed);
* ``choose_item``: the winner of the Basic Game takes a useful item.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

import attrs

from gothic_kernel import Action


@attrs.frozen
class TakeTurn(Action):
    """Play the turn as usual: roll for movement (or fight, or reveal, as the rules require)."""


@attrs.frozen
class HealWound(Action):
    """Castle Dracula: lose this turn to cure the wound taken last turn ("W - Wound")."""


@attrs.frozen
class RestAtStandingStones(Action):
    """Spend this turn at The Standing Stones to be cured of every bite ("The Standing Stones")."""


@attrs.frozen(cache_hash=True)
class Move(Action):
    """Move along ``path`` (the hexes or spaces entered, in order), attacking ``attack``.

    ``attack`` is "" or the seat of the opponent fought at the end of the move
    (or ``count_dracula`` in his room in Castle Dracula).
    """

    path: tuple[str, ...]
    attack: str = ""

    @property
    def to(self) -> str:
        return self.path[-1]


@attrs.frozen
class Search(Action):
    """Turn over the top counter of the large hex ("Searching a Large Hex")."""


@attrs.frozen
class MakeCamp(Action):
    """End the turn in this large hex without searching it."""


@attrs.frozen
class DeclareSilverBullet(Action):
    """Fire the silver bullet at the werewolf now (``use``), or keep it ("Appendix II")."""

    use: bool


@attrs.frozen(cache_hash=True)
class LeadAstray(Action):
    """Move the lost player along ``path`` ("Strange Occurrence", 5: terrain ignored)."""

    path: tuple[str, ...]


@attrs.frozen
class LookAtCounter(Action):
    """Look in secret at the top counter of ``large_hex`` (Strange Occurrence 10)."""

    large_hex: str


@attrs.frozen
class ChooseItem(Action):
    """The winner of the Basic Game takes this useful item ("How to Win")."""

    item: str


class Accepts(Protocol):
    """Recognises legal actions that a list shows only one form of (a move along another
    path than the one listed)."""

    def accepts(self, action: object) -> bool: ...


class LegalActions(list[Action]):
    """The legal actions of a decision: a plain list whose ``in`` is a set lookup.

    Search code asks ``action in state.legal_actions(seat)`` very often; the members are
    shared (frozen) between the copies handed out, the list itself is the caller's.
    A move is listed once per end, with one path; ``rule`` (when given) makes ``in`` true
    for the same move along any other path the rules allow, which ``apply`` accepts.
    """

    __slots__ = ("_members", "rule")

    def __init__(self, actions: Iterable[Action], members: frozenset[Action] | None = None,
                 rule: Accepts | None = None) -> None:
        super().__init__(actions)
        self._members = members if members is not None else frozenset(self)
        self.rule = rule

    def __contains__(self, item: object) -> bool:
        try:
            if item in self._members:
                return True
        except TypeError:  # an unhashable stranger is no legal action
            return False
        return self.rule is not None and self.rule.accepts(item)

    def copy(self) -> LegalActions:
        return LegalActions(self, self._members, self.rule)


ACTION_TYPES: tuple[type[Action], ...] = (
    TakeTurn, HealWound, RestAtStandingStones, Move, Search, MakeCamp, DeclareSilverBullet,
    LeadAstray, LookAtCounter, ChooseItem,
)

TAKE_TURN = TakeTurn()
HEAL_WOUND = HealWound()
REST = RestAtStandingStones()
SEARCH = Search()
MAKE_CAMP = MakeCamp()
FIRE = DeclareSilverBullet(True)
HOLD_FIRE = DeclareSilverBullet(False)
