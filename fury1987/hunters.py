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

from typing import TYPE_CHECKING, Any

import attrs

from .actions import ATTACK_DRACULA, LET_DRACULA_BE
from .board import CASTLE_DRACULA
from .pending import FightChoice, HunterAction, ItemChoice
from .state import HUNTER_NAMES, agree

if TYPE_CHECKING:
    from gothic_kernel import Action

    from .state import FuryState

RULE_SEARCH = "Hunters' Action Phases - Searching"
RULE_MEETING = "Hunters' Action Phases - Meeting Dracula"
ATTACKING_DRACULA_VALOUR = 5  # Valour Points: "For attacking Count Dracula"


def alive(state: FuryState, members: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(m for m in members if state.hunters[m].alive)


def names(members: tuple[str, ...]) -> str:
    return " and ".join(HUNTER_NAMES[m] for m in members)


def _an_encounter(name: str) -> str:
    """ "a Vampire", "a Servant (Knife)", but "Bats", "Fog", "Szgany (Pistol, Knife)" and
    a Hunter turned Vampire by his name."""
    bare = (name.endswith("s") or name == "Fog" or name.startswith(("Szgany", "Harker"))
            or name.endswith("(Vampire)"))
    return name if bare else f"a {name}"


def update_action(state: FuryState, **changes: Any) -> None:
    """Change the Action Phase record nearest the top of the stack."""
    for i in range(len(state.stack) - 1, -1, -1):
        record = state.stack[i]
        if isinstance(record, HunterAction):
            state.stack[i] = attrs.evolve(record, **changes)
            return


def current_action(state: FuryState) -> HunterAction | None:
    for record in reversed(state.stack):
        if isinstance(record, HunterAction):
            return record
    return None


def run_action_phase(state: FuryState, record: HunterAction) -> None:
    members = alive(state, record.members)
    if not members and record.stage != "done":
        record = attrs.evolve(record, stage="done", ended=True)
        state.stack[-1] = record
    if record.stage == "search":
        _search(state, record, members)
    elif record.stage == "encounter":
        _face_encounter(state, record, members)
    elif record.stage == "meet":
        _meet(state, record, members)
    elif record.stage == "items":
        _offer_items(state, record, members)
    else:
        _finish(state, record)


# -- Searching ----------------------------------------------------------------------------
def _search(state: FuryState, record: HunterAction, members: tuple[str, ...]) -> None:
    town = record.town
    if state.map_effect(town) == "fog":
        state.say("lost_in_fog", f"{names(members)} can see nothing for the Fog in {town}",
                  hunters=list(members), town=town)
        state.stack[-1] = attrs.evolve(record, stage="meet", ended=True, hidden=True)
        return
    from .events import open_window

    chit = state.chart.get(town)
    if chit is None:
        state.stack[-1] = attrs.evolve(record, stage="meet", found="")
        return
    state.stack[-1] = attrs.evolve(record, stage="encounter", found=chit)
    state.sightings[town] = chit  # shown to the Hunters: no longer a secret
    state.say("encounter_found", f"{names(members)} {'find' if len(members) > 1 else 'finds'}"
              f" {_an_encounter(state.rules.encounters.name(chit))} in {town}",
              hunters=list(members), town=town, chit=chit)
    # Escape Route, Pre-Warned, Seduction, Szgany Reinforcements: "as soon as the ...
    # Encounter Chit is revealed" (Reference 4).
    open_window(state, "encounter_revealed", (*members, "dracula"), hunter=record.seat,
                town=town, chit=chit)


def _face_encounter(state: FuryState, record: HunterAction, members: tuple[str, ...]) -> None:
    """Follow the instructions of the Encounter found, unless a card avoided it."""
    from .encounters import resolve_encounter
    from .fight import start_reinforcements

    state.stack[-1] = attrs.evolve(record, stage="meet")
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
    state.stack[-1] = attrs.evolve(record, stage="items")
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


def fight_options(state: FuryState, record: FightChoice, seat: str) -> list[Action]:
    return [ATTACK_DRACULA, LET_DRACULA_BE]


def apply_fight_choice(state: FuryState, record: FightChoice, seat: str,
                       action: Action) -> None:
    """Meeting Dracula: "This is always optional for the Hunter"; a group fights together."""
    from .fight import start_hunters_attack

    state.stack.pop()
    members = alive(state, record.members)
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
    state.stack[-1] = attrs.evolve(record, stage="done")
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
        from .events import open_window

        # Vampiric Influence: "at the end of a Hunter's Action Phase" (Reference 4).
        seat = record.seat
        if state.hunters[seat].alive:
            open_window(state, "hunter_action_end", ("dracula",), hunter=seat)
