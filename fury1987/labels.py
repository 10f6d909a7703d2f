"""The words of each action: a short label a player at the table understands.

:func:`label` names one of a seat's actions by its type ("move to Paris by Road", "take
the train (roll on the Railway Station Chart)", "play Garlic", "choose the Dodge chit").
A decision that words an action its own way says so in its ``describe`` (a bat "flies to
Paris", Hired Scouts "scout Brussels"); every other label comes from here. Labels read
only what the seat may know, and name places, chits and cards by their printed names.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from gothic_kernel import Action

from .actions import (
    ATTACK_DRACULA,
    CATCH_TRAIN,
    DO_NOTHING,
    ENCOUNTER_VAMPIRE,
    KEEP_GARLIC,
    KEEP_WEAPONS,
    LEAVE_GROUP,
    LEAVE_VAMPIRE,
    LET_DRACULA_BE,
    NO_EVENT,
    PASS,
    PLACE_HOST,
    REVEAL_DOGS,
    REVEAL_GARLIC,
    STAY_PUT,
    TREAT_BITE,
    WAIT_FOR_GROUP,
    ChaseTo,
    ChooseChit,
    ChooseHunter,
    ChoosePlace,
    ChooseResult,
    ChooseVictim,
    ConsumeVampire,
    DeclareMove,
    DeclareTarget,
    DiscardEvent,
    DiscardWeapon,
    FormGroup,
    GiveWeapon,
    MoveTo,
    PlaceEncounter,
    PlayEvent,
    RemoveHost,
    RevealDogsOf,
    RideTo,
    StartIn,
    SwapEncounters,
    SwapWeapons,
    TakeItems,
    TakeWeapon,
    TeamUp,
)
from .seats import DRACULA
from .wording import listing, place_name, printed, seat_list, seat_name

if TYPE_CHECKING:
    from .state import FuryState

Label = Callable[["FuryState", str, Action], str]


def label(state: FuryState, seat: str, action: Action) -> str:
    """A short label of one of ``seat``'s actions, by its type."""
    words = LABELS.get(type(action))
    if words is not None:
        return words(state, seat, action)
    fixed = FIXED.get(action)
    if fixed is not None:
        return fixed(state, seat)
    return action.TYPE.replace("_", " ")


def declared(state: FuryState, move: str, route: Sequence[str] = ()) -> str:
    """A move declared under Hypnosis or Vampiric Influence, in words."""
    if move == "train":
        if route:
            return "catch a train, route " + " - ".join(place_name(state, t) for t in route)
        return "catch a train"
    if move == "pass":
        return "Pass"
    if move == "stay":
        return "stay where he is"
    return f"move to {place_name(state, move)}"


def here(state: FuryState, seat: str) -> str | None:
    """Where ``seat``'s piece is: a Hunter's; Dracula's for Dracula alone (a label asked
    by anyone else, of his action, must not tell it)."""
    if seat == DRACULA:
        return state.dracula.location
    hunter = state.hunters.get(seat)
    return hunter.location if hunter else None


def town_of(state: FuryState, seat: str) -> str:
    """The Town of ``seat``'s piece by name, or "his Town" when ``seat`` may not know it or
    has none."""
    town = here(state, seat)
    return place_name(state, town) if town else "his Town"


def stay(state: FuryState, seat: str) -> str:
    return f"stay in {town_of(state, seat)}"


def take_items(state: FuryState, members: tuple[str, ...], action: TakeItems) -> str:
    """What a declaration takes, and for whom when a group shares it out."""
    if not action.weapons and not action.events:
        return "take nothing"
    parts = []
    for takers, noun in ((action.weapons, "Weapon Chit"), (action.events, "Event Card")):
        for taker, n in Counter(takers).items():
            what = f"{n} {noun}" + ("s" if n > 1 else "")
            parts.append(what if len(members) == 1 else f"{what} for {seat_name(taker)}")
    return "take " + " and ".join(parts)


def _move_to(state: FuryState, seat: str, action: Action) -> str:
    assert isinstance(action, MoveTo)
    to = place_name(state, action.to)
    now = here(state, seat)
    board = state.board
    if action.to in board and board.is_sea(action.to):
        return f"sail to {to}"
    if now is not None and now in board and board.is_sea(now):
        return f"disembark at {to}"
    return f"move to {to} by Road"


def _pass(state: FuryState, seat: str) -> str:
    if seat == DRACULA:
        return "Pass (and exchange Encounter Chits)"
    return "Pass (and swap Weapon Chits)"


def _play_event(state: FuryState, seat: str, action: Action) -> str:
    assert isinstance(action, PlayEvent)
    card = printed(state, action.card)
    if action.holder and action.holder != seat:
        return f"play {card} from {seat_name(action.holder)}'s hand"
    return f"play {card}"


def _swap_encounters(state: FuryState, seat: str, action: Action) -> str:
    assert isinstance(action, SwapEncounters)
    if not action.discard:
        return "exchange no Encounter Chits"
    return f"exchange {listing(state, action.discard)}"


def _swap_weapons(state: FuryState, seat: str, action: Action) -> str:
    assert isinstance(action, SwapWeapons)
    if not action.discard:
        return "swap no Weapon Chits"
    return f"swap {listing(state, action.discard)}"


def _give_weapon(state: FuryState, seat: str, action: Action) -> str:
    assert isinstance(action, GiveWeapon)
    gift = (f"{seat_name(action.giver)} gives {printed(state, action.weapon)} to "
            f"{seat_name(action.taker)}")
    return f"{gift} for {printed(state, action.back)}" if action.back else gift


def _take_items(state: FuryState, seat: str, action: Action) -> str:
    assert isinstance(action, TakeItems)
    return take_items(state, (seat,), action)


def _choose_chit(state: FuryState, seat: str, action: Action) -> str:
    assert isinstance(action, ChooseChit)
    chit = printed(state, action.chit)
    if action.fighter == seat:
        return f"choose the {chit} chit"
    return f"choose the {chit} chit for {seat_name(action.fighter)}"


def _declare_target(state: FuryState, seat: str, action: Action) -> str:
    assert isinstance(action, DeclareTarget)
    if action.fighter == seat:
        return f"attack {seat_name(action.target)}"
    return f"{seat_name(action.fighter)} attacks {seat_name(action.target)}"


def _choose_result(state: FuryState, seat: str, action: Action) -> str:
    assert isinstance(action, ChooseResult)
    return f"result {action.option + 1} of fight {action.engagement + 1}"


def _team_up(state: FuryState, seat: str, action: Action) -> str:
    assert isinstance(action, TeamUp)
    return f"{seat_name(action.fighter)} takes on {seat_name(action.join)}"


def _declare_move(state: FuryState, seat: str, action: Action) -> str:
    assert isinstance(action, DeclareMove)
    move = action.move
    if move == "pass":
        return "declare: Pass"
    if move == "stay":
        return "declare: stay"
    return f"declare: {declared(state, move, action.route)}"


def _form_group(state: FuryState, seat: str, action: Action) -> str:
    assert isinstance(action, FormGroup)
    return "form a group with " + seat_list([m for m in action.members if m != seat])


def _start_in(state: FuryState, seat: str, action: Action) -> str:
    assert isinstance(action, StartIn)
    return f"start in {place_name(state, action.town)}"


def _ride_to(state: FuryState, seat: str, action: Action) -> str:
    assert isinstance(action, RideTo)
    return f"get off at {place_name(state, action.town)}"


def _consume(state: FuryState, seat: str, action: Action) -> str:
    assert isinstance(action, ConsumeVampire)
    return f"consume the Vampire in {place_name(state, action.town)}"


def _remove_host(state: FuryState, seat: str, action: Action) -> str:
    assert isinstance(action, RemoveHost)
    placer = state.hosts.get(action.town, seat)
    whose = "" if placer == seat else f"{seat_name(placer)}'s "
    return f"take {whose or 'the '}Heavenly Host off {place_name(state, action.town)}"


def _reveal_dogs_of(state: FuryState, seat: str, action: Action) -> str:
    assert isinstance(action, RevealDogsOf)
    return f"reveal {seat_name(action.hunter)}'s Dogs"


def _place_encounter(state: FuryState, seat: str, action: Action) -> str:
    assert isinstance(action, PlaceEncounter)
    town = town_of(state, seat) if seat == DRACULA else "his Town"  # his secret
    return f"place {printed(state, action.chit)} in {town}"


def _choose_victim(state: FuryState, seat: str, action: Action) -> str:
    assert isinstance(action, ChooseVictim)
    return f"the Vampire attacks {seat_name(action.hunter)}"


def _chase_to(state: FuryState, seat: str, action: Action) -> str:
    assert isinstance(action, ChaseTo)
    return f"drive them to {place_name(state, action.town)}"


def _discard_weapon(state: FuryState, seat: str, action: Action) -> str:
    assert isinstance(action, DiscardWeapon)
    return f"discard {printed(state, action.weapon)}"


def _discard_event(state: FuryState, seat: str, action: Action) -> str:
    assert isinstance(action, DiscardEvent)
    return f"discard {printed(state, action.card)}"


def _choose_place(state: FuryState, seat: str, action: Action) -> str:
    assert isinstance(action, ChoosePlace)
    return f"choose {place_name(state, action.place)}"


def _choose_hunter(state: FuryState, seat: str, action: Action) -> str:
    assert isinstance(action, ChooseHunter)
    return f"choose {seat_name(action.hunter)}"


def _take_weapon(state: FuryState, seat: str, action: Action) -> str:
    assert isinstance(action, TakeWeapon)
    return f"take {printed(state, action.weapon)} from the Weapons Pool"


#: The label of each action type that has fields.
LABELS: dict[type[Action], Label] = {
    StartIn: _start_in, MoveTo: _move_to, RideTo: _ride_to,
    SwapEncounters: _swap_encounters, SwapWeapons: _swap_weapons, ConsumeVampire: _consume,
    RemoveHost: _remove_host, RevealDogsOf: _reveal_dogs_of, FormGroup: _form_group,
    GiveWeapon: _give_weapon,
    PlaceEncounter: _place_encounter, ChooseVictim: _choose_victim, ChaseTo: _chase_to,
    TakeItems: _take_items, DiscardWeapon: _discard_weapon, DiscardEvent: _discard_event,
    ChooseChit: _choose_chit, DeclareTarget: _declare_target, ChooseResult: _choose_result,
    TeamUp: _team_up, PlayEvent: _play_event, ChoosePlace: _choose_place,
    ChooseHunter: _choose_hunter, TakeWeapon: _take_weapon, DeclareMove: _declare_move,
}

#: The label of each action without fields (one object each).
FIXED: dict[Action, Callable[[FuryState, str], str]] = {
    PASS: _pass,
    STAY_PUT: stay,
    CATCH_TRAIN: lambda s, seat: "take the train (roll on the Railway Station Chart)",
    REVEAL_DOGS: lambda s, seat: "reveal Dogs",
    KEEP_WEAPONS: lambda s, seat: "keep these Weapon Chits",
    PLACE_HOST: lambda s, seat: f"place a Heavenly Host over {town_of(s, seat)}",
    TREAT_BITE: lambda s, seat: "treat the bite with Holy Water (and miss the turn)",
    LEAVE_GROUP: lambda s, seat: "leave the group",
    WAIT_FOR_GROUP: lambda s, seat: "let the group move later this turn",
    DO_NOTHING: lambda s, seat: "do nothing",
    ENCOUNTER_VAMPIRE: lambda s, seat: "encounter the Vampire",
    LEAVE_VAMPIRE: lambda s, seat: "leave the Vampire be",
    ATTACK_DRACULA: lambda s, seat: "attack Dracula",
    LET_DRACULA_BE: lambda s, seat: "let Dracula be",
    REVEAL_GARLIC: lambda s, seat: "reveal Garlic",
    KEEP_GARLIC: lambda s, seat: "reveal no Garlic",
    NO_EVENT: lambda s, seat: "play no Event Card",
}
