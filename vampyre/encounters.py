"""Night encounters and Strange Occurrences ("Encounters", "Strange Occurrence").

A hunter who ends a move in the forest, the mountains or an area under evil
influence (a road counts as the terrain of its hex) rolls two dice on that
terrain's chart. Clear terrain and the large hexes are safe. A creature is
fought at once; a Strange Occurrence is rolled on its own chart (entries 10-12
and the end of 9 are cut from the rulebook and reconstructed: see
``data/tables.toml``). Two of them ask a player something: where the player on the
left leads a lost player (:class:`LeadingAstray`, 5), and which large hex's top counter
to look at (:class:`LookingAtCounter`, 10).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import attrs

from gothic_kernel import Action, IllegalAction, Listed, Scope, event

from . import combat, conversion
from .actions import LeadAstray, LookAtCounter
from .decisions import LEAD_ASTRAY, LOOK_AT_COUNTER, PlayerDecision
from .items import gift, lose_items
from .reach import BAT, Path, Reach, transylvania_reach
from .state import HUNTER, THE_STANDING_STONES, Fight, FightOrigin
from .tables import NO_ENCOUNTER, STRANGE_OCCURRENCE
from .wording import place_text

if TYPE_CHECKING:
    from .state import VampyreState

RULE = "Encounters"
STRANGE_RULE = "Strange Occurrence"


def camps_in_the_wilderness(state: VampyreState, seat: str) -> bool:
    """Whether the player's night may bring an encounter: a hunter (not possessed) outside
    the castle and the large hexes (the chart for the terrain decides the rest)."""
    p = state.players[seat]
    return (p.location is not None and not state.in_castle and p.form == HUNTER
            and not p.possessed and not state.world.transylvania.is_large(p.location))


def night(state: VampyreState, seat: str, moved: Mapping[str, Any] | None = None) -> None:
    """The player makes camp; roll for an encounter where the terrain calls for it.

    ``moved`` is the log event of the move just made: the night's roll is added to it, so
    a quiet night is one line of the log.
    """
    where = state.players[seat].location
    assert where is not None
    terrain = state.world.transylvania.night_terrain(where)
    chart = state.rules.encounters.get(terrain)
    lead = str(moved["text"]) if moved else f"{state.name(seat)} makes camp"
    if chart is None:
        state.events.add(_with_move({"kind": "night", "text": f"{lead} and camps safely",
                                     "seat": seat}, moved))
        return
    roll = state.dice.two_d6()
    found = chart[roll - 2]
    if found == NO_ENCOUNTER:
        outcome = "no encounter"
    elif found == STRANGE_OCCURRENCE:
        outcome = "a Strange Occurrence"
    else:
        outcome = f"a {state.name(found)} attacks"  # the night creatures are common nouns
    state.events.add(_with_move({
        "kind": "night", "text": f"{lead}; the night's encounter roll is {roll}: {outcome}",
        "seat": seat, "night": roll, "result": found, "terrain": terrain}, moved))
    if found == STRANGE_OCCURRENCE:
        strange_occurrence(state, seat)
    elif found != NO_ENCOUNTER:
        combat.begin(state, Fight(seat, found, seat, origin=FightOrigin.ENCOUNTER))


def _with_move(entry: dict[str, Any], moved: Mapping[str, Any] | None) -> dict[str, Any]:
    """The night's log event followed by the move's own data (its roll, end and path, all
    but its kind, text and seat): one line of the log for the move and the night."""
    if moved:
        kind, text, seat = entry["kind"], entry["text"], entry["seat"]
        entry.update(moved)  # the move's kind, text and seat overwritten, then put back
        entry["kind"], entry["text"], entry["seat"] = kind, text, seat
    return entry


def player_on_left(state: VampyreState, seat: str) -> str:
    """The next player clockwise still in the game (the lost player if there is none)."""
    seats = state.seats
    i = seats.index(seat)
    for step in range(1, len(seats)):
        other = seats[(i + step) % len(seats)]
        if not state.players[other].out:
            return other
    return seat


def strange_occurrence(state: VampyreState, seat: str) -> None:
    """Roll two dice on the Strange Occurrence chart and apply the entry."""
    roll = state.dice.two_d6()
    entry = state.rules.strange_occurrences[roll]
    p = state.players[seat]
    state.events.say("strange_occurrence", f"Strange Occurrence {roll}: {entry.text}",
                     seat=seat, roll=roll, occurrence=entry.id)
    effect = entry.id
    if effect == "silver_crucifix_gift":
        gift(state, seat, "silver_crucifix")
    elif effect == "strange_fog":
        p.location = THE_STANDING_STONES
        p.visit(THE_STANDING_STONES)
    elif effect == "fierce_storm":
        p.lost_turns += 1
    elif effect == "lost":
        left = player_on_left(state, seat)
        die = state.dice.d6()
        hexes = "1 hex" if die == 1 else f"{die} hexes"
        state.events.say("lost", f"{state.name(seat)} is lost: {state.name(left)} rolls {die} "
                         f"and will move {state.name(seat)} {hexes}",
                         seat=seat, mover=left, roll=die)
        state.ask(LeadingAstray(left, die, seat))
    elif effect == "camp_ransacked":
        lose_items(state, seat)
    elif effect == "bitten_in_the_night":
        conversion.bite(state, seat)
    elif effect == "holy_water_gift":
        gift(state, seat, "holy_water")
    elif effect == "skilled_metalsmith":
        gift(state, seat, "silver_bullet")
    elif effect == "peasant_counsel":
        if any(state.stacks.values()):
            state.ask(LookingAtCounter(seat))
    elif effect == "hermits_prayers":
        p.bites = max(0, p.bites - 1)
    elif effect == "dracula_in_the_night":
        combat.begin(state, Fight(seat, "dracula", seat, origin=FightOrigin.DRACULA_ATTACKS))
    else:  # the data loader refuses unknown entries
        raise AssertionError(f"unknown Strange Occurrence {effect!r}")


def lead_astray(state: VampyreState, mover: str, lost: str, path: tuple[str, ...]) -> None:
    """Strange Occurrence 5: the player on the left has chosen where the lost player goes."""
    p = state.players[lost]
    p.location = path[-1]
    if state.world.transylvania.is_large(p.location):
        p.visit(p.location)
    state.events.say("led_astray", f"{state.name(mover)} leads {state.name(lost)} astray to "
                     f"{state.place(p.location)}", seat=lost, mover=mover, path=list(path))


def look_at_counter(state: VampyreState, seat: str, large_hex: str) -> None:
    """Strange Occurrence 10 (reconstructed): a secret look at a large hex's top counter."""
    counter = state.stacks[large_hex][0]
    state.peeks.setdefault(seat, {})[large_hex] = counter
    kind = state.rules.black_counters[counter]
    text = f"{state.name(seat)} looks at the top counter of {state.name(large_hex)}"
    state.events.add(event("look_at_counter", f"{text}: {state.name(kind)}", seat=seat,
                           large_hex=large_hex, counter=kind, counter_id=counter),
                     Scope.seat(seat), event("look_at_counter", text, seat=seat,
                                             large_hex=large_hex))


# -- Strange Occurrence 5: the lost player ----------------------------------------------------

def _astray_reach(state: VampyreState, lost: str, roll: int) -> Reach:
    where = state.players[lost].location
    assert where is not None
    return transylvania_reach(state.world.transylvania, where, roll, BAT)


def astray_actions(state: VampyreState, lost: str, roll: int) -> Listed:
    """Strange Occurrence 5: every hex exactly ``roll`` hexes of walking away (or, in a
    corner, as far as possible), terrain ignored, entering no hex twice."""
    return _astray_reach(state, lost, roll).astray()


def astray_path(state: VampyreState, lost: str, to: str, roll: int) -> Path:
    """The path the lost player is led along to ``to`` (one of the listed ends)."""
    return _astray_reach(state, lost, roll).full[to]


def explain_astray(state: VampyreState, lost: str, action: LeadAstray,
                   roll: int) -> IllegalAction:
    """Why the lost player may not be moved to ``action.to``."""
    board = state.world.transylvania
    if action.to not in board.index:
        return IllegalAction(f"{action.to!r} is not a hex of Transylvania", rule=STRANGE_RULE)
    reach = _astray_reach(state, lost, roll)
    hexes = reach.longest or roll
    return IllegalAction(f"{state.place(action.to)} is not a walk of exactly {hexes} "
                         f"{'hex' if hexes == 1 else 'hexes'} from {state.name(lost)}'s hex, "
                         "entering no hex twice (terrain is ignored)", rule=STRANGE_RULE)


# -- the decisions -------------------------------------------------------------------------------

@attrs.frozen
class LeadingAstray(PlayerDecision):
    """Strange Occurrence 5: the lost player (``target``) is moved ``roll`` hexes by the
    player on the left (``seat``), terrain ignored."""

    KIND = LEAD_ASTRAY
    RULE = STRANGE_RULE
    ACTIONS = (LeadAstray,)
    DOING = "move the lost player"
    roll: int
    target: str

    def legal_actions(self, state: VampyreState, seat: str) -> tuple[Action, ...]:
        return astray_actions(state, self.target, self.roll).actions

    def effect(self, state: VampyreState, seat: str, action: Action) -> None:
        assert isinstance(action, LeadAstray)
        path = astray_path(state, self.target, action.to, self.roll)
        lead_astray(state, seat, self.target, path)

    def why_not(self, state: VampyreState, seat: str, action: Action) -> IllegalAction:
        assert isinstance(action, LeadAstray)
        return explain_astray(state, self.target, action, self.roll)

    def prompt(self, state: VampyreState, seat: str) -> str:
        lost = state.name(self.target)
        if self.roll == 1:
            return (f"{lost} is lost: {state.name(seat)} rolled 1; choose where to move "
                    f"{lost}'s counter, 1 hex (terrain effects are ignored)")
        # a walk of the roll, entering no hex twice: it may end nearer (ruling 17)
        return (f"{lost} is lost: {state.name(seat)} rolled {self.roll}; choose where to "
                f"move {lost}'s counter {self.roll} hexes, a walk of {self.roll} that enters no "
                "hex twice, so it may end nearer (terrain effects are ignored)")

    @classmethod
    def label(cls, state: VampyreState, seat: str, action: Action) -> str:
        assert isinstance(action, LeadAstray)
        pending = state.pending
        lost = pending.target if isinstance(pending, LeadingAstray) else ""
        whom = state.name(lost) if lost else "the lost player"
        return f"lead {whom} astray to {place_text(state, action.to)}"

    def fits(self) -> bool:
        return 1 <= self.roll <= 6

    def offered(self, state: VampyreState) -> bool:
        """On the lost player's turn in Transylvania, the player on its left decides."""
        lost = state.players.get(self.target)
        return lost is not None and self.target == state.current and not state.in_castle \
            and lost.location is not None and not lost.out \
            and self.seat == player_on_left(state, self.target)


@attrs.frozen
class LookingAtCounter(PlayerDecision):
    """Strange Occurrence 10 (reconstructed): the player looks in secret at the top
    counter of a large hex of its choice."""

    KIND = LOOK_AT_COUNTER
    RULE = STRANGE_RULE
    ACTIONS = (LookAtCounter,)
    DOING = "choose a large hex to look at"

    def legal_actions(self, state: VampyreState, seat: str) -> list[Action]:
        return [LookAtCounter(h) for h in state.world.transylvania.large_hexes
                if state.stacks.get(h)]

    def effect(self, state: VampyreState, seat: str, action: Action) -> None:
        assert isinstance(action, LookAtCounter)
        look_at_counter(state, seat, action.large_hex)

    def why_not(self, state: VampyreState, seat: str, action: Action) -> IllegalAction:
        assert isinstance(action, LookAtCounter)
        return IllegalAction(f"{action.large_hex!r} is not a large hex that still holds "
                             "counters", rule=STRANGE_RULE)

    def prompt(self, state: VampyreState, seat: str) -> str:
        return (f"{state.name(seat)} may look in secret at the top counter of one large "
                "hex: choose which")

    @classmethod
    def label(cls, state: VampyreState, seat: str, action: Action) -> str:
        assert isinstance(action, LookAtCounter)
        return f"look at the top counter of {place_text(state, action.large_hex)}"

    def offered(self, state: VampyreState) -> bool:
        """The current player, in Transylvania, with a large hex still holding counters."""
        return self.seat == state.current and not state.in_castle \
            and any(state.stacks.values())
