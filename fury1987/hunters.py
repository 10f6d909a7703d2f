"""The Hunters' Action Phases: searching, Meeting Dracula, New Weapons and Events.

A Hunter in a Town (not at Sea, not having Passed) must search it: Dracula shows
any Encounter Chit in the Town box, and the Hunter follows its instructions
(:mod:`fury1987.encounters`). Then Dracula must show his piece or the Local
Rumours Marker if either is there (unless an Encounter let him keep them secret),
and a Hunter who finds Dracula decides whether to attack him. Last, a Hunter who
moved into the Town this turn may take Weapon Chits and Event Cards
(:mod:`fury1987.items`). A group has one Action Phase, straight after it moves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs

from gothic_kernel import Action

from .actions import ATTACK_DRACULA, LET_DRACULA_BE, PlayEvent
from .board import CASTLE_DRACULA
from .decisions import ActionPhase, ActionStage, SeatDecides
from .encounters import resolve_encounter
from .events import OffersEventCards, Timing, open_window
from .fight import start_hunters_attack, start_reinforcements
from .items import ItemChoice
from .records import evolve
from .state import agree
from .wording import names, place_name, seat_list

if TYPE_CHECKING:
    from .state import FuryState

RULE_SEARCH = "Hunters' Action Phases - Searching"
RULE_MEETING = "Hunters' Action Phases - Meeting Dracula"
ATTACKING_DRACULA_VALOUR = 5  # Valour Points: "For attacking Count Dracula"
HEROIC_LEAP = "heroic_leap"  # Reference 4: played "the instant the Hunter decides to attack"

# The stages every Action Phase passes through and the window at its end, read once:
# Python 3.11 reads an Enum member (``ActionStage.MEET``) through ``EnumType.__getattr__``,
# which costs more than the step's own bookkeeping.
_MEET, _ITEMS, _DONE = ActionStage.MEET, ActionStage.ITEMS, ActionStage.DONE
_ACTION_END = Timing.HUNTER_ACTION_END


@attrs.frozen(slots=False)  # as ActionPhase's
class HunterAction(ActionPhase):
    """A Hunter's (or group's) Action Phase in ``town``, the rules' own steps: searching,
    the Encounter found, Meeting Dracula, New Weapons and Events (``stage``, an
    :class:`~fury1987.decisions.ActionStage`); its fields are :class:`ActionPhase`'s."""

    KIND = "hunter_action"

    def run(self, state: FuryState) -> None:
        run_action_phase(state, self)

    def view(self, state: FuryState, viewer: str) -> dict[str, Any]:
        return {"kind": self.KIND, "seat": self.seat, "members": list(self.members),
                "town": self.town, "stage": str(self.stage)}


@attrs.frozen
class FightChoice(OffersEventCards, SeatDecides):
    """Meeting Dracula: the Hunter (or group) decides whether to attack (Heroic Leap may
    be played "the instant the Hunter decides to attack")."""

    KIND = "fight_choice"
    RULE = RULE_MEETING
    seat: str
    members: tuple[str, ...]
    town: str

    def own_actions(self, state: FuryState, seat: str) -> list[Action]:
        return [ATTACK_DRACULA, LET_DRACULA_BE]

    def card_offers(self, state: FuryState, seat: str) -> list[Action]:
        """His own cards, then Heroic Leap from the hand of another member of his group:
        the group's Action Phase is every member's, and each of them is "doing the
        attacking" (ruling 86)."""
        found = super().card_offers(state, seat)
        for member in self.members:
            hunter = state.hunters[member]
            if member != seat and HEROIC_LEAP in hunter.events and hunter.alive:
                found.append(PlayEvent(HEROIC_LEAP, member))
        return found

    def apply_own(self, state: FuryState, seat: str, action: Action) -> None:
        apply_fight_choice(state, self, seat, action)

    def question(self, state: FuryState, seat: str) -> str:
        return (f"{seat_list(self.members)}: Dracula is in {place_name(state, self.town)}; "
                "attack him or let him be (Meeting Dracula)")


def _an_encounter(name: str) -> str:
    """ "a Vampire", "a Servant (Knife)", but "Bats", "Fog", "Szgany (Pistol, Knife)" and
    a Hunter turned Vampire by his name."""
    bare = (name.endswith("s") or name == "Fog" or name.startswith(("Szgany", "Harker"))
            or name.endswith("(Vampire)"))
    return name if bare else f"a {name}"


def run_action_phase(state: FuryState, record: HunterAction) -> None:
    """The Action Phase's steps, one stage after another while nothing interrupts them
    (as the kernel's ``settle`` would run them one at a time)."""
    height = len(state.stack)
    while True:
        _run_stage(state, record)
        if state.is_over or len(state.stack) != height:
            return
        top = state.stack[-1]
        if not isinstance(top, HunterAction) or top is record:
            return
        record = top


def _run_stage(state: FuryState, record: HunterAction) -> None:
    members = state.still_alive(record.members)
    if not members and record.stage != _DONE:
        record = evolve(record, stage=_DONE, ended=True)
        state.stack[-1] = record
    step = _STAGES.get(record.stage)
    if step is None:
        _finish(state, record)
    else:
        step(state, record, members)


# -- Searching ----------------------------------------------------------------------------
def _search(state: FuryState, record: HunterAction, members: tuple[str, ...]) -> None:
    town = record.town
    if state.map_effect(town) == "fog":
        state.say("lost_in_fog", f"{names(members)} can see nothing for the Fog in {town}",
                  hunters=list(members), town=town)
        state.stack[-1] = evolve(record, stage=_MEET, ended=True,
                                       hidden=True)
        return
    chit = state.chart.get(town)
    if chit is None:
        state.stack[-1] = evolve(record, stage=_MEET, found="")
        return
    state.stack[-1] = evolve(record, stage=ActionStage.ENCOUNTER, found=chit)
    state.sightings[town] = chit  # shown to the Hunters: no longer a secret
    state.say("encounter_found", f"{names(members)} {'find' if len(members) > 1 else 'finds'}"
              f" {_an_encounter(state.rules.encounters.name(chit))} in {town}",
              hunters=list(members), town=town, chit=chit)
    # Escape Route, Pre-Warned, Seduction, Szgany Reinforcements: "as soon as the ...
    # Encounter Chit is revealed" (Reference 4).
    open_window(state, Timing.ENCOUNTER_REVEALED, (*members, "dracula"), hunter=record.seat,
                town=town, chit=chit)


def _face_encounter(state: FuryState, record: HunterAction, members: tuple[str, ...]) -> None:
    """Follow the instructions of the Encounter found, unless a card avoided it."""
    state.stack[-1] = evolve(record, stage=_MEET)
    chit = record.found
    assert chit is not None
    if record.avoided or record.ended or state.chart.get(record.town) != chit:
        if record.reinforcements and not record.ended:
            # Pre-Warned: "the Hunter must still face the second identical Szgany"
            start_reinforcements(state, record.town, members, chit)
        return
    resolve_encounter(state, chit, record.town, members)


# -- Meeting Dracula ----------------------------------------------------------------------
def _meet(state: FuryState, record: HunterAction, members: tuple[str, ...]) -> None:
    town = record.town
    d = state.dracula
    state.stack[-1] = evolve(record, stage=_ITEMS)
    if record.ended or record.hidden:
        # Chased off, lost, hoaxed: Dracula keeps his presence and the Rumours secret.
        state.clues.append({"k": "search", "town": town, "box": record.found,
                            "dracula": None, "rumours": None})
        return
    dracula_here = d.location == town
    rumours_here = d.rumours == town
    state.clues.append({"k": "search", "town": town, "box": record.found,
                        "dracula": dracula_here, "rumours": rumours_here})
    if dracula_here:
        d.shown_at = town
        state.say("dracula_found", f"Dracula is in {town}! His piece is put on the map",
                  town=town, hunters=list(members))
        state.stack.append(FightChoice(record.seat, members, town))
    elif rumours_here:
        state.say("rumours_found", f"{names(members)} {agree(members, 'hears', 'hear')} Local "
                  f"Rumours in {town}: Dracula was here and is nearby",
                  town=town, hunters=list(members))
    elif not record.found:
        state.say("town_empty", f"{town} is empty", town=town, hunters=list(members))


def apply_fight_choice(state: FuryState, record: FightChoice, seat: str,
                       action: Action) -> None:
    """Meeting Dracula: "This is always optional for the Hunter"; a group fights together."""
    state.stack.pop()
    members = state.still_alive(record.members)
    if action == ATTACK_DRACULA and members:
        for member in members:
            state.hunters[member].valour += ATTACKING_DRACULA_VALOUR
        state.say("hunters_attack", f"{names(members)} "
                  f"{agree(members, 'attacks', 'attack')} Dracula in {record.town}",
                  hunters=list(members), town=record.town)
        start_hunters_attack(state, record.town, members, attacker=seat)
    else:
        state.say("hunters_hold_back", f"{names(members)} "
                  f"{agree(members, 'does', 'do')} not attack Dracula",
                  hunters=list(members))


# -- New Weapons and Events ---------------------------------------------------------------
def _offer_items(state: FuryState, record: HunterAction, members: tuple[str, ...]) -> None:
    state.stack[-1] = evolve(record, stage=_DONE)
    if may_take_items(state, record, members):
        limit = 2 if state.board.is_large(record.town) else 1
        state.stack.append(ItemChoice(record.seat, members, record.town, limit))


def may_take_items(state: FuryState, record: HunterAction, members: tuple[str, ...]) -> bool:
    """Only if still in the Town with all discoveries dealt with, having moved into it
    this turn, once per visit, and never in Castle Dracula."""
    if record.ended or not record.arrived or record.town == CASTLE_DRACULA or not members:
        return False
    return all(state.hunters[m].location == record.town and not state.hunters[m].took_items
               for m in members)


def _finish(state: FuryState, record: HunterAction) -> None:
    """The Action Phase ends; the Hunters note what remains in the Town box."""
    town = record.town
    if record.found is not None:  # the box was looked into
        chit = state.chart.get(town)
        if chit is not None and chit == record.found:
            state.sightings[town] = chit  # "It is up to the Hunters to note where ... remain"
        elif chit is None:
            state.sightings.pop(town, None)
        state.clues.append({"k": "box", "town": town, "after": state.sightings.get(town, "")})
    state.stack.pop()
    state.seq.end_turn()
    if record.members and state.outcome is None:
        # Vampiric Influence: "at the end of a Hunter's Action Phase" (Reference 4).
        seat = record.seat
        if state.hunters[seat].alive:
            open_window(state, _ACTION_END, ("dracula",), hunter=seat)


#: The steps of the stages before the last, in the order they come (the phase ends with
#: :func:`_finish`). A table rather than a ``match`` on Enum members (read slowly: see
#: ``_MEET``), as this runs several times a turn.
_STAGES: dict[ActionStage, Callable[[FuryState, HunterAction, tuple[str, ...]], None]] = {
    ActionStage.SEARCH: _search,
    ActionStage.ENCOUNTER: _face_encounter,
    ActionStage.MEET: _meet,
    ActionStage.ITEMS: _offer_items,
}
