"""Encounters: what happens when a Hunter finds an Encounter Chit (the SM Screen).

Dracula shows the chit and the Hunter follows its instructions; then it is
discarded, except that Fog and Storms stay on the map until they lift, and
Agents (Szgany, Servants) and Vampires not killed or destroyed remain in their
Town box (Encounters). The instructions are printed on the SM Screen, not in the
rulebook: each is reconstructed from what the rulebook says of it, with its
numbers in ``data/encounters.toml`` (see docs/fury1987.md, fidelity table).
A group finds an Encounter together; how each instruction treats a group is
given with it ("The effects of Encounter Chits can be slightly different when
they are discovered by a Hunter Group").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from gothic_kernel import Action

from .actions import ENCOUNTER_VAMPIRE, LEAVE_VAMPIRE, ChaseTo, ChooseVictim
from .board import CASTLE_DRACULA
from .decisions import DraculaDecides, SeatDecides, current_action, update_action
from .events import DieRoll, What
from .fight import start_agent_fight
from .seats import HUNTER_NAMES
from .state import agree, counted
from .victory import check_stalemate
from .wording import names, place_name, seat_list
from .wounds import bite, wound

if TYPE_CHECKING:
    from .encounter_chits import EncounterChit
    from .state import FuryState

RULE_ENCOUNTERS = "Encounters"
SURVIVING_UNWOUNDED_VALOUR = 1   # Valour Points: surviving Rats or Wolves unwounded
SERVANT_FLEES_VALOUR = 1         # Valour Points: a Servant Encounter flees from the Hunter
DESTROYING_VAMPIRE_VALOUR = 4    # Valour Points: destroying a Vampire Encounter


def resolve_encounter(state: FuryState, chit_id: str, town: str,
                      members: tuple[str, ...]) -> None:
    """Follow the SM Screen's instructions for ``chit_id`` found in ``town``."""
    chit = state.rules.encounters.chit(chit_id)
    handler = _EFFECTS[chit.effect]
    handler(state, chit, town, members)


def discard_found(state: FuryState, town: str) -> None:
    """The chit found is discarded, face up beside the Pool (not back into it)."""
    state.discard_found(town)


# -- wounding creatures -------------------------------------------------------------------
def _wounding(state: FuryState, chit: EncounterChit, town: str,
              members: tuple[str, ...], protected_by_dogs: bool) -> None:
    """Each Hunter rolls a die and takes the wounds the chit's table gives.

    Each roll waits on the stack (``DieRoll``) for Good Luck before it takes effect
    (``wounds_rolled``); the first Hunter's roll is resolved first.
    """
    discard_found(state, town)
    rolls: list[EncounterRoll] = []
    for member in members:
        hunter = state.hunters[member]
        if not hunter.alive:
            continue
        name = HUNTER_NAMES[member]
        if protected_by_dogs and hunter.dogs_face_up:
            state.say("dogs_protect", f"{name}'s Dogs protect him from the {chit.name}",
                      hunter=member)
            hunter.valour += SURVIVING_UNWOUNDED_VALOUR
            continue
        rolls.append(EncounterRoll.of(member, state.dice.d6(), chit=chit.id, town=town))
    state.stack.extend(reversed(rolls))


def wounds_rolled(state: FuryState, seat: str, roll: int, chit_id: str, town: str) -> None:
    """A Hunter's roll against a wounding Encounter stands: the wounds the chit's table
    gives; the Peasants may drive him (and his group) off."""
    chit = state.rules.encounters.chit(chit_id)
    hunter = state.hunters[seat]
    if not hunter.alive:
        return
    wounds = chit.wounds_by_roll[roll - 1]
    state.say("encounter_roll", f"{HUNTER_NAMES[seat]} rolls {roll} against the "
              f"{chit.name}: {counted(wounds, 'wound')}", hunter=seat, roll=roll, wounds=wounds)
    if wounds:
        wound(state, seat, wounds)
    elif chit.effect in ("rats", "wolves"):
        hunter.valour += SURVIVING_UNWOUNDED_VALOUR
    action = current_action(state)
    if roll in chit.ends_action_phase and action is not None and not action.ended:
        state.say("driven_off", f"The Peasants drive {names(action.members)} off",
                  town=town)
        update_action(state, ended=True)


def _rats(state: FuryState, chit: EncounterChit, town: str, members: tuple[str, ...]) -> None:
    """Rats: each Hunter without revealed Dogs rolls for wounds (Reference 3 - Dogs)."""
    _wounding(state, chit, town, members, protected_by_dogs=True)


def _wolves(state: FuryState, chit: EncounterChit, town: str,
            members: tuple[str, ...]) -> None:
    """Wolves: each Hunter rolls for wounds."""
    _wounding(state, chit, town, members, protected_by_dogs=False)


def _peasants(state: FuryState, chit: EncounterChit, town: str,
              members: tuple[str, ...]) -> None:
    """Peasants: each Hunter rolls; the mob may wound him and drive him off."""
    _wounding(state, chit, town, members, protected_by_dogs=False)


# -- Bats, Fog, Storms, Hoax --------------------------------------------------------------
def _bats(state: FuryState, chit: EncounterChit, town: str, members: tuple[str, ...]) -> None:
    """Bats chase the Hunter (or group) out of the Town; Dracula keeps his presence and
    the Local Rumours secret (Hunters' Action Phases - Meeting Dracula)."""
    discard_found(state, town)
    update_action(state, hidden=True, ended=True)
    if state.board.road[town]:
        state.stack.append(BatsChase(members, town))
    else:
        state.say("bats", f"Bats swarm {names(members)} in {town}", town=town)


@attrs.frozen
class BatsChase(DraculaDecides):
    """Bats: Dracula chooses the Town the Hunter(s) are driven to."""

    KIND = "bats_chase"
    RULE = RULE_ENCOUNTERS
    members: tuple[str, ...]
    town: str

    def legal_actions(self, state: FuryState, seat: str) -> list[Action]:
        return [ChaseTo(t) for t in state.board.road[self.town]]

    def apply(self, state: FuryState, seat: str, action: Action) -> None:
        apply_bats(state, self, seat, action)

    def question(self, state: FuryState, seat: str) -> str:
        return (f"Dracula: choose the Town your Bats drive {seat_list(self.members)} to "
                f"from {place_name(state, self.town)} (Encounters)")


def apply_bats(state: FuryState, record: BatsChase, seat: str, action: Action) -> None:
    assert isinstance(action, ChaseTo)
    state.stack.pop()
    for member in state.still_alive(record.members):
        state.relocate(member, action.town)
    state.say("bats_chase", f"Bats drive {names(record.members)} out of {record.town} to "
              f"{action.town}", hunters=list(record.members), town=action.town)


def _fog(state: FuryState, chit: EncounterChit, town: str, members: tuple[str, ...]) -> None:
    """Fog settles on the Town until it lifts: nothing more can be seen there."""
    state.map_chits[town] = state.chart.pop(town)
    state.say("fog", f"Fog settles over {town}", town=town)
    update_action(state, hidden=True, ended=True)


def _storms(state: FuryState, chit: EncounterChit, town: str,
            members: tuple[str, ...]) -> None:
    """Storms rage over the Town until they lift: no sailing or trains from it."""
    state.map_chits[town] = state.chart.pop(town)
    state.say("storms", f"Storms gather over {town}", town=town)


def _hoax(state: FuryState, chit: EncounterChit, town: str, members: tuple[str, ...]) -> None:
    """A Hoax sends the Hunters on a false trail: their Action Phase ends."""
    discard_found(state, town)
    state.say("hoax", f"A Hoax! {names(members)} "
              f"{agree(members, 'wastes his', 'waste their')} time in {town}", town=town)
    update_action(state, hidden=True, ended=True)


def lift_fog_and_storms(state: FuryState) -> None:
    """At the start of each turn a die is rolled for each Fog or Storms on the map."""
    lifts_on = state.rules.encounters.lifts_on
    for town in sorted(state.map_chits):
        roll = state.dice.d6()
        chit = state.map_chits[town]
        if roll in lifts_on:
            del state.map_chits[town]
            state.encounter_pool.set_aside(chit)
            state.public_encounter_discards.append(chit)
            state.say("lifts", f"The {chit} over {town} "
                      f"{'lift' if chit.endswith('s') else 'lifts'} (rolled {roll})",
                      town=town, roll=roll)


# -- Agents: Servants and Szgany ----------------------------------------------------------
def _servant(state: FuryState, chit: EncounterChit, town: str,
             members: tuple[str, ...]) -> None:
    """A Servant may flee (the chit is discarded); otherwise he fights the Hunters. The
    Hunter's die waits for Good Luck (``servant_rolled``)."""
    state.stack.append(ServantRoll.of(members[0], state.dice.d6(), town=town,
                                      chit=",".join(members)))


def servant_rolled(state: FuryState, roll: int, town: str, members: tuple[str, ...]) -> None:
    """The die against the Servant stands: he flees on a roll the Encounter data names."""
    if town not in state.chart:
        return
    chit = state.rules.encounters.chit(state.chart[town])
    if roll in chit.flee_on:
        discard_found(state, town)
        for member in members:
            state.hunters[member].valour += SERVANT_FLEES_VALOUR
        state.say("servant_flees", f"The Servant flees from {names(members)} (rolled {roll})",
                  town=town, roll=roll)
        return
    state.say("servant_fights", f"The Servant fights (rolled {roll})", town=town, roll=roll)
    start_agent_fight(state, town, members, chit, agents=1)


def _szgany(state: FuryState, chit: EncounterChit, town: str,
            members: tuple[str, ...]) -> None:
    """Szgany fight: each member of a group is attacked by a separate Agent."""
    start_agent_fight(state, town, members, chit, agents=len(members))


# -- Vampires -----------------------------------------------------------------------------
def _vampire(state: FuryState, chit: EncounterChit, town: str,
             members: tuple[str, ...]) -> None:
    """Outside the Castle the Hunter chooses whether to encounter it; in Castle Dracula
    "he must always encounter it, whether he wishes to destroy it or not"."""
    if town == CASTLE_DRACULA:
        _face_vampire(state, town, members)
        return
    seat = members[0]
    action = _current_seat(state, seat)
    state.stack.append(VampireChoice(action, members, town))


def _current_seat(state: FuryState, default: str) -> str:
    record = current_action(state)
    return record.seat if record is not None else default


@attrs.frozen
class VampireChoice(SeatDecides):
    """A Vampire is found: encounter it or leave it (outside Castle Dracula)."""

    KIND = "vampire_choice"
    RULE = RULE_ENCOUNTERS
    seat: str
    members: tuple[str, ...]
    town: str

    def legal_actions(self, state: FuryState, seat: str) -> list[Action]:
        return [ENCOUNTER_VAMPIRE, LEAVE_VAMPIRE]

    def apply(self, state: FuryState, seat: str, action: Action) -> None:
        apply_vampire_choice(state, self, seat, action)

    def question(self, state: FuryState, seat: str) -> str:
        return (f"{seat_list(self.members)}: a Vampire is found in "
                f"{place_name(state, self.town)}; encounter it or leave it (Encounters)")


def apply_vampire_choice(state: FuryState, record: VampireChoice, seat: str,
                         action: Action) -> None:
    state.stack.pop()
    if action == LEAVE_VAMPIRE:
        state.say("vampire_left", f"{names(record.members)} "
                  f"{agree(record.members, 'leaves', 'leave')} the Vampire in {record.town}",
                  town=record.town)
        return
    _face_vampire(state, record.town, state.still_alive(record.members))


def _face_vampire(state: FuryState, town: str, members: tuple[str, ...]) -> None:
    if len(members) > 1:
        state.stack.append(VampireVictim(members, town))
        return
    _vampire_attacks(state, town, members[0], members)


@attrs.frozen
class VampireVictim(DraculaDecides):
    """A group encounters a Vampire: Dracula picks the member it attacks."""

    KIND = "vampire_victim"
    RULE = RULE_ENCOUNTERS
    members: tuple[str, ...]
    town: str

    def legal_actions(self, state: FuryState, seat: str) -> list[Action]:
        return [ChooseVictim(m) for m in state.still_alive(self.members)]

    def apply(self, state: FuryState, seat: str, action: Action) -> None:
        assert isinstance(action, ChooseVictim)
        state.stack.pop()
        _vampire_attacks(state, self.town, action.hunter, state.still_alive(self.members))

    def question(self, state: FuryState, seat: str) -> str:
        return (f"Dracula: choose the Hunter your Vampire in {place_name(state, self.town)} "
                "attacks (Encounters)")


def _vampire_attacks(state: FuryState, town: str, victim: str,
                     members: tuple[str, ...]) -> None:
    """The Vampire tries to bite; then a Stake (or, with luck, a Knife) destroys it.

    Protection: a Crucifix or an unplaced Heavenly Host, shown to Dracula. In Castle
    Dracula protection fails on a 5 or 6, and without it the bite is automatic. The
    protection die waits for Good Luck (``castle_protection_rolled``).
    """
    hunter = state.hunters[victim]
    name = HUNTER_NAMES[victim]
    ward = _ward(state, victim)
    if ward is not None and ward not in hunter.shown:
        hunter.show(ward)
    if ward is not None and town == CASTLE_DRACULA:
        state.stack.append(CastleVampireRoll.of(victim, state.dice.d6(), town=town,
                                                chit=",".join(members)))
        return
    if ward is not None:
        state.say("vampire_warded", f"{name}'s {ward} keeps the Vampire's fangs away",
                  hunter=victim)
    _vampire_bites(state, town, victim, members, bitten=ward is None)


def _ward(state: FuryState, victim: str) -> str | None:
    """The Hunter's protection against a Vampire: a Crucifix or an unplaced Heavenly Host."""
    weapons = state.hunters[victim].weapons
    return next((w for w in ("crucifix", "heavenly_host") if w in weapons), None)


def castle_protection_rolled(state: FuryState, victim: str, roll: int, town: str,
                             members: str) -> None:
    """The protection die in Castle Dracula stands: on a 5 or 6 the Hunter is bitten."""
    bitten = roll in state.rules.encounters.castle_bites_on
    state.say("castle_vampire", f"{HUNTER_NAMES[victim]} holds up his {_ward(state, victim)} "
              f"in the Castle and rolls {roll}: {'bitten' if bitten else 'protected'}",
              hunter=victim, roll=roll)
    _vampire_bites(state, town, victim, tuple(m for m in members.split(",") if m),
                   bitten=bitten)


def _vampire_bites(state: FuryState, town: str, victim: str, members: tuple[str, ...],
                   bitten: bool) -> None:
    if bitten:
        state.say("vampire_bites", f"The Vampire bites {HUNTER_NAMES[victim]}", hunter=victim)
        bite(state, victim)
    if state.hunters[victim].status == "vampire":
        _hunter_turned(state, town, victim)
        return
    _destroy_vampire(state, town, state.still_alive(members))


def _hunter_turned(state: FuryState, town: str, turned: str) -> None:
    """The bite made the victim a Vampire: the Vampire he faced went back to the Encounter
    Set and his own chit holds the Town box (Wounds - Bites). The Encounter is over, so a
    companion's Stake or Knife is not used on him now (ruling 79)."""
    state.say("vampire_remains", f"{HUNTER_NAMES[turned]}, now a Vampire, remains in {town} "
              "in the place of the Vampire he faced", town=town, hunter=turned)


def _destroy_vampire(state: FuryState, town: str, members: tuple[str, ...]) -> None:
    """A Stake destroys the Vampire; else a Knife may (its die waits for Good Luck,
    ``knife_rolled``)."""
    if town not in state.chart:
        return
    staker = next((m for m in members if "stake" in state.hunters[m].weapons), None)
    destroyer = staker
    if staker is not None:
        hunter = state.hunters[staker]
        hunter.lose_weapon("stake", public=True)
        state.weapons_pool.set_aside("stake")
        state.public_weapon_discards.append("stake")
        state.say("vampire_staked", f"{HUNTER_NAMES[staker]} drives a Stake through the "
                  "Vampire's heart (the Stake is used up)", hunter=staker)
    else:
        knifer = next((m for m in members if "knife" in state.hunters[m].weapons), None)
        if knifer is None:
            state.say("vampire_remains", "No one has a Stake or a Knife: the Vampire "
                      f"remains in {town}", town=town)
            return
        if "knife" not in state.hunters[knifer].shown:
            state.hunters[knifer].show("knife")
        state.stack.append(KnifeRoll.of(knifer, state.dice.d6(), town=town))
        return
    assert destroyer is not None
    _vampire_destroyed(state, town, destroyer)


def knife_rolled(state: FuryState, knifer: str, roll: int, town: str) -> None:
    """The Knife's die against a Vampire stands: on a roll the Encounter data names
    (``knife_destroys_on``: 4-6 in the packaged file, ruling 36) it is destroyed."""
    if town not in state.chart:
        return
    if roll not in state.rules.encounters.knife_destroys_on:
        state.say("vampire_survives", f"{HUNTER_NAMES[knifer]} strikes with his Knife and "
                  f"rolls {roll}: the Vampire survives", hunter=knifer, roll=roll)
        return
    state.say("vampire_knifed", f"{HUNTER_NAMES[knifer]} destroys the Vampire with his "
              f"Knife (rolled {roll})", hunter=knifer, roll=roll)
    _vampire_destroyed(state, town, knifer)


def _vampire_destroyed(state: FuryState, town: str, destroyer: str) -> None:
    discard_found(state, town)
    state.hunters[destroyer].valour += DESTROYING_VAMPIRE_VALOUR
    state.vampires_destroyed += 1
    state.say("vampire_destroyed", f"The Vampire in {town} is destroyed ({state.vampires_destroyed}"
              " destroyed so far)", town=town, destroyed=state.vampires_destroyed)
    check_stalemate(state)


_EFFECTS = {
    "rats": _rats, "wolves": _wolves, "peasants": _peasants, "bats": _bats, "fog": _fog,
    "storms": _storms, "hoax": _hoax, "servant": _servant, "szgany": _szgany,
    "vampire": _vampire,
}


# -- the dice of an Encounter, waiting for Good Luck -----------------------------------
@attrs.frozen
class EncounterRoll(DieRoll):
    """A Hunter's roll against Rats, Wolves or Peasants (``chit`` found in ``town``)."""

    WHAT = What.ENCOUNTER
    FOR = "against an Encounter"

    def stands(self, state: FuryState) -> None:
        wounds_rolled(state, self.seat, self.roll, self.chit, self.town)


@attrs.frozen
class CastleVampireRoll(DieRoll):
    """The protection roll against a Vampire in Castle Dracula (``chit``: the members)."""

    WHAT = What.CASTLE_VAMPIRE
    FOR = "against a Vampire in Castle Dracula"

    def stands(self, state: FuryState) -> None:
        castle_protection_rolled(state, self.seat, self.roll, self.town, self.chit)


@attrs.frozen
class ServantRoll(DieRoll):
    """The roll whether a Servant flees (``chit``: the members who found him)."""

    WHAT = What.SERVANT
    FOR = "against a Servant"

    def stands(self, state: FuryState) -> None:
        servant_rolled(state, self.roll, self.town,
                       tuple(m for m in self.chit.split(",") if m))


@attrs.frozen
class KnifeRoll(DieRoll):
    """A Knife against a Vampire: on 4-6 (``knife_destroys_on``) it is destroyed."""

    WHAT = What.KNIFE
    FOR = "with a Knife"

    def stands(self, state: FuryState) -> None:
        knife_rolled(state, self.seat, self.roll, self.town)
