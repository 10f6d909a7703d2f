"""Event Cards played in combat: Dawn Raid, Hour of Darkness, Advance Planning, Trap, Rage,
Great Strength and Heroic Leap (Reference 4).

Each card is one :class:`~fury1987.events.CardRule`: the windows of a fight that offer it
and when it is eligible there, its effect on the :class:`~fury1987.fight.Combat` in
progress, and the choices it asks for (Rage: the Hunter whose Weapon Dracula snatches).
Escape Route, also played at the start of a combat, is with the Encounter cards
(:mod:`fury1987.encounter_cards`); Devilish Power, Dracula's answer to any Hunter's card,
with his other cards (:mod:`fury1987.dracula_cards`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from gothic_kernel import Action

from .actions import ChooseHunter, PlayEvent
from .combat_round import escapes_barred_through
from .decisions import FuryDecision, find, replace
from .encounter_cards import PendingBite
from .events import (
    CardPlayed,
    CardRule,
    CardStep,
    DieRoll,
    EventWindow,
    Step,
    Timing,
    What,
    play,
)
from .fight import Combat, start_hunters_attack
from .hunters import ATTACKING_DRACULA_VALOUR, HEROIC_LEAP, FightChoice
from .labels import label
from .records import evolve
from .seats import DRACULA, HUNTER_NAMES
from .state import counted
from .victory import dracula_destroyed
from .wording import seat_name
from .wounds import lose_blood, wound

if TYPE_CHECKING:
    from .state import FuryState

HEROIC_LEAP_VALOUR = 15  # Valour Points: "For performing a Heroic Leap"


def _combat(state: FuryState) -> Combat | None:
    """The fight in progress (None outside one)."""
    return find(state, Combat)


# -- the time of day ----------------------------------------------------------------------
class _TimeOfDay(CardRule):
    """Dawn Raid (Day) / Hour of Darkness (Night), at the start of a fight with Dracula
    himself, before the die for the time of day; played together they cancel."""

    WINDOWS = frozenset({Timing.START_OF_COMBAT})

    def eligible(self, state: FuryState, window: EventWindow, seat: str) -> bool:
        combat = _combat(state)
        return combat is not None and combat.side == "dracula" \
            and self.ID not in window.played

    def takes_effect(self, state: FuryState, played: CardPlayed) -> None:
        combat = _combat(state)
        if combat is not None:
            replace(state, combat, evolve(combat, time_cards=(*combat.time_cards,
                                                                     played.card)))


class DawnRaid(_TimeOfDay):
    ID = "dawn_raid"


class HourOfDarkness(_TimeOfDay):
    ID = "hour_of_darkness"


# -- the initiative -----------------------------------------------------------------------
class _InitiativeBonus(CardRule):
    """Advance Planning (+1 to the Hunters) / Trap (+1 to Dracula), this round,
    cumulative: "after Combat Chits have been selected, but before making Initiative
    Rolls"."""

    WINDOWS = frozenset({Timing.BEFORE_INITIATIVE})

    def takes_effect(self, state: FuryState, played: CardPlayed) -> None:
        combat = _combat(state)
        if combat is None:
            return
        effect = state.rules.events[played.card].effect
        amount = int(effect["amount"])
        if effect["side"] == "hunters":
            new = evolve(combat, hunters_bonus=combat.hunters_bonus + amount)
        else:
            new = evolve(combat, opponent_bonus=combat.opponent_bonus + amount)
        replace(state, combat, new)


class AdvancePlanning(_InitiativeBonus):
    ID = "advance_planning"


class Trap(_InitiativeBonus):
    ID = "trap"


# -- Rage ---------------------------------------------------------------------------------
class Rage(CardRule):
    """Rage: at the start of a round, never after Garlic. Dracula snatches a Weapon Chit
    (at random) from a Hunter he is fighting (his choice of Hunter in a group); then a
    die, rolled openly: no Escape until that many rounds have been fought."""

    ID = "rage"
    WINDOWS = frozenset({Timing.START_OF_COMBAT_ROUND})

    def eligible(self, state: FuryState, window: EventWindow, seat: str) -> bool:
        combat = _combat(state)
        return combat is not None and combat.side == "dracula" \
            and combat.garlic_by is None and combat.rage_through == 0

    def takes_effect(self, state: FuryState, played: CardPlayed) -> None:
        combat = _combat(state)
        assert combat is not None
        if combat.harker_seat:  # Jonathan Harker fights alone, with his three drawn chits
            _rage_on(state, "harker" if combat.harker_weapons else "")
            return
        armed = tuple(h for h in combat.hunters if state.hunters[h].alive
                      and state.hunters[h].weapons)
        if len(armed) > 1:
            state.stack.append(CardStep(self.ID, DRACULA, Step.VICTIM, picks=armed))
            return
        _rage_on(state, armed[0] if armed else "")

    def step_options(self, state: FuryState, step: CardStep) -> list[Action]:
        return [ChooseHunter(h) for h in step.picks if state.hunters[h].alive]

    def step_apply(self, state: FuryState, step: CardStep, action: Action) -> None:
        assert isinstance(action, ChooseHunter)
        state.stack.pop()
        _rage_on(state, action.hunter)

    def step_question(self, state: FuryState, step: CardStep) -> str:
        return "choose the Hunter whose Weapon you snatch"

    def step_label(self, state: FuryState, step: CardStep, seat: str, action: Action) -> str:
        if isinstance(action, ChooseHunter):
            return f"snatch {seat_name(action.hunter)}'s Weapon"
        return label(state, seat, action)


def _rage_on(state: FuryState, victim: str) -> None:
    combat = _combat(state)
    assert combat is not None
    updated = combat
    if victim == "harker":
        # Ruling 70: one of Harker's chits, his no more in this fight; it goes back to the
        # Pool with the others when the fight is over (Reference 4 - Jonathan Harker).
        weapons = list(combat.harker_weapons)
        weapon = weapons.pop(state.dice.index(len(weapons)))
        updated = evolve(combat, harker_weapons=tuple(weapons),
                               harker_spent=(*combat.harker_spent, weapon))
        state.say("rage_snatch", f"In his Rage Dracula snatches Jonathan Harker's {weapon}: "
                  "it goes back to the Pool after the fight", hunter=victim, weapon=weapon)
    elif victim:
        hunter = state.hunters[victim]
        weapon = hunter.weapons[state.dice.index(len(hunter.weapons))]
        hunter.lose_weapon(weapon, public=True)
        state.weapons_pool.set_aside(weapon)
        state.public_weapon_discards.append(weapon)
        state.say("rage_snatch", f"In his Rage Dracula snatches {HUNTER_NAMES[victim]}'s "
                  f"{weapon} and it is discarded", hunter=victim, weapon=weapon)
    roll = state.dice.d6()
    through = escapes_barred_through(garlic=combat.garlic_by is not None,
                                     rage_played_in_round=combat.round, rage_roll=roll)
    state.say("rage_roll", f"Rage: Dracula may not attempt an Escape until "
              f"{counted(roll, 'round')} {'has' if roll == 1 else 'have'} been fought",
              roll=roll)
    replace(state, combat, evolve(updated, rage_through=max(through, 1)))


# -- Great Strength -----------------------------------------------------------------------
class GreatStrength(CardRule):
    """Great Strength: the Hunter is not bitten (by a Bite or Hyp result, or Seduction)."""

    ID = "great_strength"
    WINDOWS = frozenset({Timing.AFTER_COMBAT_RESULT})

    def eligible(self, state: FuryState, window: EventWindow, seat: str) -> bool:
        bite = find(state, PendingBite)
        if bite is not None and window.hunter:
            return bite.hunter == seat and not bite.resisted
        combat = _combat(state)
        return combat is not None and seat not in combat.great_strength

    def takes_effect(self, state: FuryState, played: CardPlayed) -> None:
        bite = find(state, PendingBite)
        if bite is not None and bite.hunter == played.holder:
            replace(state, bite, evolve(bite, resisted=True))
            return
        combat = _combat(state)
        if combat is not None:
            replace(state, combat, evolve(
                combat, great_strength=(*combat.great_strength, played.holder)))


# -- Heroic Leap --------------------------------------------------------------------------
class HeroicLeap(CardRule):
    """Heroic Leap: "The instant the Hunter decides to attack, he plays this card". No
    normal combat, no Initiative or Daylight: each rolls a die; Dracula loses Blood Points
    equal to the Hunter's roll, the Hunter suffers Wounds equal to Dracula's. Played on a
    Dracula at 0 or fewer Blood Points, it destroys him. Cancelled, "the Hunter is still
    committed to a confrontation"."""

    ID = HEROIC_LEAP

    def offered_in(self, state: FuryState, decision: FuryDecision, seat: str) -> bool:
        return isinstance(decision, FightChoice)

    def play_own(self, state: FuryState, seat: str, action: PlayEvent,
                 decision: FuryDecision) -> None:
        record = state.stack.pop()
        assert isinstance(record, FightChoice)
        leaper = action.holder or seat  # any member of a group (ruling 86)
        state.hunters[leaper].valour += ATTACKING_DRACULA_VALOUR + HEROIC_LEAP_VALOUR
        # (the Hunters attacking are named in ``chit``, should it be cancelled)
        play(state, seat, self.ID, holder=leaper, hunter=leaper, town=record.town,
             chit=",".join(record.members))

    def takes_effect(self, state: FuryState, played: CardPlayed) -> None:
        """The Hunter's die waits for Good Luck (:class:`HeroicLeapRoll`); Dracula's is
        never rolled again."""
        seat = played.holder
        name = HUNTER_NAMES[seat]
        if state.dracula.blood <= 0:  # (dracula_destroyed scores the 10 Valour Points)
            dracula_destroyed(state, f"{name}'s Heroic Leap", by=seat)
            return
        mine, his = state.dice.d6(), state.dice.d6()
        state.stack.append(HeroicLeapRoll.of(seat, mine, chit=played.chit, town=played.town,
                                             other=his))

    def cancelled(self, state: FuryState, played: CardPlayed) -> None:
        members = tuple(m for m in played.chit.split(",") if m and state.hunters[m].alive)
        for member in members:  # the leaper scored his when he played it
            if member != played.holder:
                state.hunters[member].valour += ATTACKING_DRACULA_VALOUR
        if members:
            start_hunters_attack(state, played.town, members, attacker=played.holder)


@attrs.frozen
class HeroicLeapRoll(DieRoll):
    """The Hunter's Heroic Leap die (``other``: Dracula's)."""

    WHAT = What.HEROIC_LEAP
    FOR = "for Heroic Leap"

    def stands(self, state: FuryState) -> None:
        leap_rolled(state, self.seat, self.roll, self.other, self.chit, self.town)


def leap_rolled(state: FuryState, seat: str, mine: int, his: int, chit: str,
                town: str) -> None:
    """The Heroic Leap dice stand: Dracula loses Blood Points equal to the Hunter's roll,
    the Hunter suffers Wounds equal to Dracula's; no further combat in that Town. (Dracula
    had Blood Points left, or the leap would have destroyed him: one die cannot take the
    Blood Death Marker to the '12' box.)"""
    name = HUNTER_NAMES[seat]
    state.say("heroic_leap", f"{name} leaps at Dracula: {name} rolls {mine}, Dracula rolls "
              f"{his}", hunter=seat, hunter_roll=mine, dracula_roll=his)
    lose_blood(state, mine, public=True)
    if state.outcome is not None:
        return
    wound(state, seat, his)
    hunter = state.hunters[seat]
    if hunter.alive and hunter.location == town:
        # "there is no further combat of any nature - they both remain in the same Town"
        for member in chit.split(","):
            if member and state.hunters[member].alive:
                state.hunters[member].fought_dracula_at = town
