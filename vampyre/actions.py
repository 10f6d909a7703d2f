"""The decisions a VAMPYRE player makes, as immutable actions with a stable JSON form.

Die rolls are not decisions: the engine rolls them as the rules call for
them. What is left to the players:

* ``take_turn`` / ``heal_wound`` / ``rest_at_standing_stones``: how to spend a
  turn, offered only when there is a choice (a wound to cure in Castle
  Dracula, a cure to take at The Standing Stones);
* ``move``: where the move the die allows ends (``to``) and, when the end holds
  opponents, the one attacked; the engine moves the counter along one fixed path
  to that end and logs it (the path changes nothing else: see ``movement.py``);
* ``search`` / ``make_camp``: search a large hex, or not;
* ``declare_silver_bullet``: fire the silver bullet at a werewolf, or keep it;
* ``lead_astray``: where the player on the left moves a lost player (Strange
  Occurrence 5);
* ``look_at_counter``: the large hex whose top counter to look at (Strange
  Occurrence 10, reconstructed);
* ``choose_item``: the winner of the Basic Game takes a useful item.
"""

from __future__ import annotations

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
    """End the move the die allows in ``to`` (a hex, or a space of Castle Dracula),
    attacking ``attack`` there.

    ``attack`` is "" or the seat of the opponent fought at the end of the move (or
    ``count_dracula`` in his room in Castle Dracula). The counter goes along the
    path the engine lists for ``to`` (the log records it).
    """

    to: str
    attack: str = ""


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
    """Move the lost player to ``to``, exactly the roll away ("Strange Occurrence", 5:
    terrain ignored; the log records the path)."""

    to: str


@attrs.frozen
class LookAtCounter(Action):
    """Look in secret at the top counter of ``large_hex`` (Strange Occurrence 10)."""

    large_hex: str


@attrs.frozen
class ChooseItem(Action):
    """The winner of the Basic Game takes this useful item ("How to Win")."""

    item: str


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
