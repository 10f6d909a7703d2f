"""The decisions players make, as immutable actions with a stable JSON form.

Every decision the rulebook gives a player is an action of that player's seat
(Dracula's secret moves included: only Dracula sees his legal actions). Places,
chits and cards are named by their snake_case ids (``paris``, ``holy_water``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import attrs

from gothic_kernel import Action

A = TypeVar("A", bound=Action)


# -- Starting the Game --------------------------------------------------------------------
@attrs.frozen
class StartIn(Action):
    """Choose the Town to start in (Hunters in order, then Dracula in secret)."""

    town: str


# -- Movement Phases ----------------------------------------------------------------------
@attrs.frozen
class MoveTo(Action):
    """Move by Road to an adjacent Town, or by Sea: embark, sail, disembark."""

    to: str


_MOVES: dict[str, MoveTo] = {}


def move_to(place: str) -> MoveTo:
    """``MoveTo(place)``, one object per place (every turn lists the moves again)."""
    found = _MOVES.get(place)
    if found is None:
        found = _MOVES[place] = MoveTo(place)
    return found


_SHARED: dict[tuple[Callable[[str], Any], str], Any] = {}


def action_of(kind: Callable[[str], A], value: str) -> A:
    """``kind(value)`` (an action of one field: a place, a chit, a card), one object per
    kind and value, as :func:`move_to`: the lists of legal actions name the same places,
    chits and cards again and again."""
    found: A | None = _SHARED.get((kind, value))
    if found is None:
        found = _SHARED[kind, value] = kind(value)
    return found


@attrs.frozen
class Pass(Action):
    """Pass instead of moving (then swap chits: Movement - Passing)."""


@attrs.frozen
class StayPut(Action):
    """Do not move (Movement - Not Moving): a normal Action Phase follows."""


@attrs.frozen
class CatchTrain(Action):
    """Try to catch a train: roll on the Railway Station Chart (Hunters only)."""


@attrs.frozen
class RideTo(Action):
    """Get off the train at this Town (any Town along the way)."""

    town: str


@attrs.frozen
class SwapEncounters(Action):
    """Dracula, having Passed: discard these Encounter Chits and draw as many anew."""

    discard: tuple[str, ...] = ()


@attrs.frozen
class SwapWeapons(Action):
    """A Hunter who Passed: discard these Weapon Chits and draw as many anew."""

    discard: tuple[str, ...] = ()


@attrs.frozen
class ConsumeVampire(Action):
    """Dracula consumes the Vampire in this Town box instead of moving (Regaining Blood
    Points)."""

    town: str


# -- At the start of a Hunter's Movement Phase --------------------------------------------
@attrs.frozen
class RevealDogs(Action):
    """Reveal a Dogs chit and put it face up on the playsheet (Reference 3 - Dogs)."""


@attrs.frozen
class RevealDogsOf(Action):
    """Reveal a Dogs chit of ``hunter``, another member of the group whose Movement Phase
    it is (the group's Movement Phase is his: ruling 84)."""

    hunter: str


@attrs.frozen
class KeepWeapons(Action):
    """Done with the Weapon Chits just drawn (three or fewer held)."""


@attrs.frozen
class PlaceHost(Action):
    """Reveal a Heavenly Host and seal off this Town with a Host Marker."""


@attrs.frozen
class RemoveHost(Action):
    """Take this Hunter's Host Marker off ``town``; the Host chit is discarded."""

    town: str


@attrs.frozen
class TreatBite(Action):
    """A bitten Hunter misses his turn, discards Holy Water and rolls (Reference 3)."""


@attrs.frozen
class FormGroup(Action):
    """These Hunters, together since the start of the turn, form a group."""

    members: tuple[str, ...]


@attrs.frozen
class LeaveGroup(Action):
    """This Hunter leaves his group and moves on his own."""


@attrs.frozen
class WaitForGroup(Action):
    """Let the group move in a later member's Movement Phase this turn."""


@attrs.frozen
class GiveWeapon(Action):
    """Hunters in a group swap Weapon Chits at the very start of the group's move:
    ``giver`` hands ``weapon`` to ``taker``, who gives ``back`` in exchange if named
    (so that two Hunters holding three chits each may swap)."""

    giver: str
    taker: str
    weapon: str
    back: str = ""


# -- Dracula's Action Phase ---------------------------------------------------------------
@attrs.frozen
class PlaceEncounter(Action):
    """Place this Encounter Chit from the Encounter Set in the Town box."""

    chit: str


@attrs.frozen
class DoNothing(Action):
    """Dracula chooses not to place an Encounter."""


# -- Hunters' Action Phases ---------------------------------------------------------------
@attrs.frozen
class EncounterVampire(Action):
    """Face the Vampire found in this Town (to destroy it, at the risk of a bite)."""


@attrs.frozen
class LeaveVampire(Action):
    """Leave the Vampire be; it remains in its Town box."""


@attrs.frozen
class ChooseVictim(Action):
    """Dracula: the member of the group the Vampire attacks."""

    hunter: str


@attrs.frozen
class ChaseTo(Action):
    """Dracula: the Town the Bats drive the Hunter(s) to."""

    town: str


@attrs.frozen
class AttackDracula(Action):
    """Face Dracula in Combat (always optional for the Hunter)."""


@attrs.frozen
class LetDraculaBe(Action):
    """Do not attack Dracula."""


@attrs.frozen
class TakeItems(Action):
    """Declare the items taken from the Town: the Hunter receiving each Weapon Chit and
    each Event Card (one item in a small Town, one or two in a large Town)."""

    weapons: tuple[str, ...] = ()
    events: tuple[str, ...] = ()


@attrs.frozen
class DiscardWeapon(Action):
    """Discard a Weapon Chit to bring the total held back to three."""

    weapon: str


@attrs.frozen
class DiscardEvent(Action):
    """Discard an Event Card to bring the hand back to three."""

    card: str


# -- Combat -------------------------------------------------------------------------------
@attrs.frozen
class RevealGarlic(Action):
    """Reveal Garlic at the very start of combat with Dracula, before the time is rolled:
    he may not attempt any Escape for the first three rounds (Reference 3 - Garlic)."""


@attrs.frozen
class KeepGarlic(Action):
    """Reveal no Garlic (every Hunter in the fight is asked, Garlic or not)."""


@attrs.frozen
class ChooseChit(Action):
    """Place a Combat Chit face down on the Combat Action Board for ``fighter`` (a Hunter
    chooses for himself; Dracula for himself or for one of his Agents)."""

    fighter: str
    chit: str


@attrs.frozen
class DeclareTarget(Action):
    """Dracula (or an outnumbered Agent) declares the Hunter he attacks this round."""

    fighter: str
    target: str


@attrs.frozen
class ChooseResult(Action):
    """The side that outnumbers picks which result to apply (``option`` counts from 0)."""

    engagement: int
    option: int


@attrs.frozen
class TeamUp(Action):
    """A fighter whose foe has fallen joins another fight (``join`` is an engagement
    number, or the id of a freed foe)."""

    fighter: str
    join: str


# -- Event Cards --------------------------------------------------------------------------
@attrs.frozen
class PlayEvent(Action):
    """Play this Event Card from the hand (``holder``: the Hunter whose card it is, when a
    bitten Hunter agrees to Hypnosis played by another; empty for one's own)."""

    card: str
    holder: str = ""


@attrs.frozen
class NoEvent(Action):
    """Play no Event Card in this window (every holder of a card is asked, so that being
    asked tells nothing of what he holds)."""


@attrs.frozen
class ChoosePlace(Action):
    """A Town or Sea Sector chosen for a card's effect (Hired Scouts, Heavenly Host, Wild
    Horses, Evasion, Jonathan Harker...)."""

    place: str


@attrs.frozen
class ChooseHunter(Action):
    """A Hunter chosen for a card's effect (Rage's victim, Seduction in a group)."""

    hunter: str


@attrs.frozen
class TakeWeapon(Action):
    """Re-Equip: the Weapon Chit chosen from the Weapons Pool."""

    weapon: str


@attrs.frozen
class DeclareMove(Action):
    """The next move declared under Hypnosis or Vampiric Influence: ``move`` is a place
    (Road or Sea), ``train``, ``pass`` or ``stay``; a train is declared with its
    ``route``, the Towns it would pass in order (Reference 4 - Vampiric Influence: "must
    indicate his route allowing for the fact that he may be travelling upto 3 Towns")."""

    move: str
    route: tuple[str, ...] = ()


ACTION_TYPES: tuple[type[Action], ...] = (
    StartIn, MoveTo, Pass, StayPut, CatchTrain, RideTo, SwapEncounters, SwapWeapons,
    ConsumeVampire, RevealDogs, KeepWeapons, PlaceHost, RemoveHost, TreatBite, FormGroup,
    LeaveGroup, WaitForGroup, GiveWeapon, PlaceEncounter, DoNothing, EncounterVampire, LeaveVampire,
    ChooseVictim, ChaseTo, AttackDracula, LetDraculaBe, TakeItems, DiscardWeapon,
    DiscardEvent, RevealGarlic, KeepGarlic, ChooseChit, DeclareTarget, ChooseResult,
    TeamUp, PlayEvent, NoEvent, ChoosePlace, ChooseHunter, TakeWeapon, DeclareMove,
    RevealDogsOf,
)

# Shared instances of the field-less actions (cheap legal-action lists).
PASS = Pass()
STAY_PUT = StayPut()
CATCH_TRAIN = CatchTrain()
REVEAL_DOGS = RevealDogs()
PLACE_HOST = PlaceHost()
TREAT_BITE = TreatBite()
LEAVE_GROUP = LeaveGroup()
WAIT_FOR_GROUP = WaitForGroup()
DO_NOTHING = DoNothing()
ENCOUNTER_VAMPIRE = EncounterVampire()
LEAVE_VAMPIRE = LeaveVampire()
ATTACK_DRACULA = AttackDracula()
REVEAL_GARLIC = RevealGarlic()
KEEP_GARLIC = KeepGarlic()
KEEP_WEAPONS = KeepWeapons()
LET_DRACULA_BE = LetDraculaBe()
NO_EVENT = NoEvent()
