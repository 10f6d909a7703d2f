"""Set-Up and Starting the Game; the invariants a saved state must keep.

Set-Up: the Event Cards are shuffled into the Draw Pile; the Encounter Chits go
into the Encounter Pool and Dracula takes five at random as his Encounter Set;
his Blood Point Marker goes in the 12 box; the Weapon Chits are mixed into the
Weapons Pool and each Hunter takes one, in order (Lord Godalming, Dr Seward,
Van Helsing), beside his three Basic Combat Chits.

Starting the Game: each Hunter, in that order, chooses a Town to start in (first
revealing the Dogs he drew, if he likes: Reference 3 - Dogs, "when he draws it");
then Dracula, having seen them, chooses his Town box in secret (not a Hunter's).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

import attrs

from gothic_kernel import Action, IllegalAction, Pool, event

from .actions import REVEAL_DOGS, RevealDogs, StartIn
from .decisions import SeatDecides
from .seats import DRACULA, DRACULA_SCOPE, HUNTER_NAMES, HUNTERS, HUNTERS_SCOPE
from .state import (
    BLOOD_DEATH_LIMIT,
    ENCOUNTER_SET_SIZE,
    MAX_BLOOD_POINTS,
    WOUNDS_TO_DIE,
)
from .wording import seat_name

if TYPE_CHECKING:
    from .state import FuryState

RULE_START = "Starting the Game"


@attrs.frozen
class ChooseStart(SeatDecides):
    """Starting the Game: Hunters choose Towns in order, then Dracula in secret."""

    KIND = "choose_start"
    RULE = RULE_START
    seat: str

    def legal_actions(self, state: FuryState, seat: str) -> list[Action]:
        return start_choices(state, seat)

    def apply(self, state: FuryState, seat: str, action: Action) -> None:
        apply_start(state, self, seat, action)

    def refusal(self, state: FuryState, seat: str, action: Action) -> str:
        return explain_start(state, seat, action)

    def question(self, state: FuryState, seat: str) -> str:
        if seat == DRACULA:
            return ("Dracula: choose your starting Town in secret, not one a Hunter is in "
                    "(Starting the Game)")
        first = " (you may first reveal your Dogs)" if state.hunters[seat].holds_hidden(
            "dogs") else ""
        return f"{seat_name(seat)}: choose the Town to start in{first} (Starting the Game)"


def set_up(state: FuryState) -> None:
    """Set-Up, then wait for Lord Godalming to choose his starting Town."""
    rules, dice = state.rules, state.dice
    state.event_deck = rules.events.new_draw_pile(dice)
    state.encounter_pool = Pool(rules.encounters.pool())
    state.dracula.encounter_set = state.encounter_pool.draw_many(ENCOUNTER_SET_SIZE, dice)
    state.dracula.blood = MAX_BLOOD_POINTS
    state.tell(
        event("encounter_set", "Dracula takes five Encounter Chits: "
              + ", ".join(state.dracula.encounter_set), chits=list(state.dracula.encounter_set)),
        DRACULA_SCOPE,
        event("encounter_set", "Dracula takes five Encounter Chits from the Pool", count=5))
    state.weapons_pool = Pool(list(rules.chits.weapons_pool))
    for seat in HUNTERS:
        weapon = state.weapons_pool.draw(dice)
        state.hunters[seat].weapons.append(weapon)
        name = HUNTER_NAMES[seat]
        state.tell(event("weapon_drawn", f"{name} takes a {weapon} Weapon Chit",
                         hunter=seat, weapon=weapon),
                   HUNTERS_SCOPE,
                   event("weapon_drawn", f"{name} takes a Weapon Chit", hunter=seat))
    state.stack = [ChooseStart(HUNTERS[0])]


# -- Starting the Game --------------------------------------------------------------------
def start_choices(state: FuryState, seat: str) -> list[Action]:
    board = state.board
    if seat != DRACULA:
        towns: list[Action] = [StartIn(t) for t in board.towns]
        # Reference 3 - Dogs: revealed "either when he draws it or at the start of any
        # Movement Phase"; the Set-Up chit is drawn before Dracula's first turn, in which
        # he may attack (ruling 84). Asked in his own decision, it betrays nothing.
        return [*towns, REVEAL_DOGS] if state.hunters[seat].holds_hidden("dogs") else towns
    taken = {h.location for h in state.hunters.values()}
    return [StartIn(t) for t in board.towns if t not in taken]


def explain_start(state: FuryState, seat: str, action: Action) -> str:
    if not isinstance(action, StartIn):
        return f"{seat_name(seat)} must choose a Town to start in"
    if action.town not in state.board or not state.board.is_town(action.town):
        return f"{action.town!r} is not a Town: no one may start between Towns or at Sea"
    return "Dracula may not start in the same Town as a Hunter"


def apply_start(state: FuryState, record: ChooseStart, seat: str, action: Action) -> None:
    if isinstance(action, RevealDogs):  # he still chooses his Town
        state.hunters[seat].show("dogs")
        state.say("dogs_revealed", f"{HUNTER_NAMES[seat]} reveals Dogs and puts them face up",
                  hunter=seat)
        return
    assert isinstance(action, StartIn)
    state.stack.pop()
    if seat == DRACULA:
        state.dracula.location = action.town
        state.dracula.trail += (action.town,)
        state.tell(event("dracula_start", f"Dracula starts in {action.town}",
                         town=action.town),
                   DRACULA_SCOPE,
                   event("dracula_start", "Dracula places his piece in secret"))
        state.clues.append({"k": "start", "occupied": sorted(
            {h.location for h in state.hunters.values() if h.location})})
        return  # play begins with Dracula's first turn
    hunter = state.hunters[seat]
    hunter.location = hunter.turn_start = action.town
    state.say("hunter_start", f"{HUNTER_NAMES[seat]} starts in {action.town}",
              hunter=seat, town=action.town)
    following = HUNTERS.index(seat) + 1
    state.stack.append(ChooseStart(HUNTERS[following] if following < len(HUNTERS)
                                   else DRACULA))


# -- invariants ---------------------------------------------------------------------------
def invariant_problems(state: FuryState) -> list[str]:
    """Every counter in exactly one place, every track in range (empty if all is well)."""
    problems: list[str] = []
    rules = state.rules
    enc = Counter(state.encounter_pool.bag) + Counter(state.encounter_pool.aside)
    # (the Hunter - Vampire and Harker - Vampire chits are not the Pool's)
    for place in (state.dracula.encounter_set, state.chart.values(), state.map_chits.values()):
        enc += Counter(c for c in place if not _is_hunter_vampire(state, c))
    if enc != Counter(rules.encounters.pool()):
        problems.append(f"Encounter Chits are not each in one place: {enc}")
    specials = Counter(c for place in (state.dracula.encounter_set, state.chart.values(),
                                       state.map_chits.values())
                       for c in place if _is_hunter_vampire(state, c))
    if any(n > 1 for n in specials.values()):
        problems.append(f"a Vampire chit of a Hunter is in two places: {specials}")
    weapons = Counter(state.weapons_pool.bag) + Counter(state.weapons_pool.aside)
    for hunter in state.hunters.values():
        weapons += Counter(hunter.weapons)
        weapons += Counter({"heavenly_host": len(hunter.hosts_placed)})
    for record in state.stack:  # Jonathan Harker's three chits, back to the Pool after
        weapons += Counter(getattr(record, "harker_weapons", ()))
        weapons += Counter(getattr(record, "harker_spent", ()))
    if +weapons != Counter(rules.chits.weapons_pool):
        problems.append(f"Weapon Chits are not each in one place: {+weapons}")
    cards = Counter(state.event_deck.cards) + Counter(state.event_deck.discards)
    cards += Counter(state.dracula.events)
    if state.cards.get("shipping_agents"):
        cards["shipping_agents"] += 1  # face up beside the map while in play
    for hunter in state.hunters.values():
        cards += Counter(hunter.events)
    if cards != Counter(rules.events.deck_list()):
        problems.append("Event Cards are not each in one place")
    for hunter in state.hunters.values():
        if not 0 <= hunter.wounds <= WOUNDS_TO_DIE:
            problems.append(f"{hunter.seat} has {hunter.wounds} wounds")
        if hunter.alive and len(hunter.weapons) > 4 + 1:
            problems.append(f"{hunter.seat} holds {len(hunter.weapons)} Weapon Chits")
        shown = Counter(hunter.shown)
        if shown - Counter(hunter.weapons):
            problems.append(f"{hunter.seat} shows chits he does not hold")
    problems.extend(_place_problems(state))
    try:
        state.seq.check()
    except ValueError as exc:
        problems.append(f"the turn record: {exc}")
    if not -BLOOD_DEATH_LIMIT <= state.dracula.blood <= MAX_BLOOD_POINTS:
        problems.append(f"Dracula's Blood Points {state.dracula.blood} out of range")
    for town in (*state.chart, *state.map_chits, *state.hosts):
        if town not in state.board or not state.board.is_town(town):
            problems.append(f"{town!r} is not a Town")
    return problems


def _place_problems(state: FuryState) -> list[str]:
    """Every piece where the map has a place for it."""
    board, d = state.board, state.dracula
    problems: list[str] = []
    if d.location is None and state.clues:
        problems.append("Dracula has started but is nowhere")
    places = [d.location, d.rumours, *d.trail, *d.voyage, d.shown_at,
              *(h.location for h in state.hunters.values()), *state.sightings]
    if any(p is not None and p not in board for p in places):
        problems.append("a piece is in a place not on the map")
    return problems


def _is_hunter_vampire(state: FuryState, chit: str) -> bool:
    return chit not in state.rules.encounters.chits


def refuse(message: str, rule: str = RULE_START) -> None:
    raise IllegalAction(message, rule=rule)
