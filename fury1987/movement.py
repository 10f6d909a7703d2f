"""The Hunters' Movement Phases: Road, Sea and Rail, Passing, Not Moving, groups.

Movement: a Hunter may move once per turn: by Road to an adjacent Town; by Sea
(embark at a Port, sail from Sea Sector to Sea Sector, disembark at another Port,
never entering a Sea Sector twice or returning to the starting Port, never
stopping at Sea); or by Rail, rolling on the Railway Station Chart and getting
off at any Town the train reaches (two Towns at most in the East). He may Pass
instead (and swap Weapon Chits), or not move (a normal Action Phase follows, but
no new Weapons or Events). At the start of his Movement Phase he may reveal
Dogs, place or remove a Heavenly Host, or treat a bite with Holy Water; a group
may swap Weapon Chits (Hunter Groups).
"""

from __future__ import annotations

import enum
import functools
from itertools import combinations
from typing import TYPE_CHECKING

import attrs

from gothic_kernel import Action, event

from .actions import (
    CATCH_TRAIN,
    LEAVE_GROUP,
    PASS,
    PLACE_HOST,
    REVEAL_DOGS,
    STAY_PUT,
    TREAT_BITE,
    WAIT_FOR_GROUP,
    CatchTrain,
    FormGroup,
    GiveWeapon,
    LeaveGroup,
    MoveTo,
    Pass,
    PlaceHost,
    PlayEvent,
    RemoveHost,
    RevealDogs,
    RevealDogsOf,
    RideTo,
    SwapWeapons,
    TreatBite,
    WaitForGroup,
    move_to,
)
from .board import HOST_FORBIDDEN, Board
from .decisions import FuryDecision, SeatDecides
from .events import (
    DieRoll,
    OffersEventCards,
    Timing,
    What,
    bound_by_declaration,
    declared_kind,
    declared_route,
    group_declarer,
    group_keeps_declarations,
    group_route,
    moved_as_declared,
    open_window,
    stormy_seas_pass,
)
from .groups import (
    give_weapon,
    group_candidates,
    group_has_moved,
    later_members,
    movers,
    trades_allowed,
    weapon_swaps,
)
from .hunters import HunterAction
from .items import NewWeapons
from .labels import declared
from .seats import HUNTER_NAMES, HUNTERS, HUNTERS_SCOPE
from .state import agree, article, counted
from .wording import place_name, seat_list, seat_name
from .wounds import wound

if TYPE_CHECKING:
    from .state import FuryState, Hunter

RULE_MOVEMENT = "Movement"
RULE_SEA = "Movement - Sea Movement"
RULE_RAIL = "Movement - Rail Movement"
RULE_PASSING = "Movement - Passing"
HOLY_WATER = "holy_water"
HEAVENLY_HOST = "heavenly_host"


class Deed(enum.StrEnum):
    """What a Hunter's Movement Phase has done so far (``HunterMovement.done``)."""

    #: He placed a Heavenly Host (once a phase).
    HOST = "host"
    #: His group traded Weapon Chits (as often as it holds chits, at most: ruling 12).
    TRADE = "trade"
    #: No train came (or a False Tip-off): he moves by Road or Sea, or stays.
    MISSED_TRAIN = "missed_train"
    #: He left his group.
    LEFT = "left"
    #: He played Excellent Weather.
    WEATHER = "weather"
    #: He sails on under Excellent Weather.
    SAILED = "sailed"
    #: Not a phase: the moves he may declare under Hypnosis or Vampiric Influence.
    DECLARING = "declaring"
    #: Read in saves (never written): as if the train was missed.
    TIP_OFF = "tip_off"


# The deeds and the window a Movement Phase tests at every step, read once: Python 3.11
# reads an Enum member (``Deed.LEFT``) through ``EnumType.__getattr__``, many times slower.
_HOST, _LEFT, _MISSED_TRAIN = Deed.HOST, Deed.LEFT, Deed.MISSED_TRAIN
_DECLARING, _TIP_OFF = Deed.DECLARING, Deed.TIP_OFF
_MOVEMENT_START = Timing.HUNTER_MOVEMENT_START


@attrs.frozen
class HunterMovement(OffersEventCards, SeatDecides):
    """A Hunter's (or his group's) Movement Phase: the deeds of its start (Dogs, a Host,
    Holy Water, the group and its Weapon Chits), then the move; his Event Cards of the
    start of the phase may be played too. ``done`` lists the deeds already done."""

    KIND = "hunter_movement"
    RULE = RULE_MOVEMENT
    seat: str
    done: tuple[Deed, ...] = ()

    def own_actions(self, state: FuryState, seat: str) -> list[Action]:
        return movement_options(state, self, seat)

    def card_offers(self, state: FuryState, seat: str) -> list[Action]:
        """His cards, then Hypnosis at the start of a bitten Hunter's turn, from his own
        hand or (with his agreement) another's: "Any Hunter may play this when any Hunter
        is ... bitten"."""
        found = super().card_offers(state, seat)
        hunter = state.hunters[seat]
        if hunter.bitten and not self.done and not hunter.moved \
                and not _bound(state, self, seat):
            for holder in HUNTERS:
                if "hypnosis" in state.hunters[holder].events and state.hunters[holder].alive:
                    found.append(PlayEvent("hypnosis", "" if holder == seat else holder))
        return found

    def apply_own(self, state: FuryState, seat: str, action: Action) -> None:
        apply_movement(state, self, seat, action)

    def refusal(self, state: FuryState, seat: str, action: Action) -> str:
        return explain(state, self, seat, action)

    def question(self, state: FuryState, seat: str) -> str:
        hunter = state.hunters[seat]
        where = place_name(state, hunter.location or "")
        group = state.group_of(seat)
        who = seat_name(seat)
        if len(group) > 1:
            others = seat_list([m for m in group if m != seat])
            who = f"{who} (in {where}, in a group with {others})"
            phase = "choose the group's Movement Phase move"
        else:
            who = f"{who} (in {where})"
            phase = "choose your Movement Phase move"
        if Deed.MISSED_TRAIN in self.done:
            return f"{who}: no train this turn; move by Road or Sea, or stay (Movement)"
        if hunter.location is not None and state.board.is_sea(hunter.location):
            return f"{who}: sail on or disembark at a Port; no one may stay at Sea (Movement)"
        pledged = state.cards.get("declared", {})
        declarer = next((m for m in (seat, *group) if m in pledged), "")
        if declarer:
            said = declared(state, declared_kind(state, declarer),
                            declared_route(state, declarer))
            whose = "you" if declarer == seat else seat_name(declarer)
            return f"{who}: make the move {whose} declared ({said})"
        return f"{who}: {phase} (Movement)"

    def train_refused(self) -> bool:
        """No train this phase: only the cards that move no one may still be played."""
        return _MISSED_TRAIN in self.done or _TIP_OFF in self.done


@attrs.frozen
class TrainAttempt(FuryDecision):
    """A Hunter (or group) tries to catch a train, after the Chartered Carriage and False
    Tip-off window: ``carriage``/``tip_off`` say which of the two were played."""

    KIND = "train_attempt"
    RULE = RULE_RAIL
    seat: str
    carriage: bool = False
    tip_off: bool = False

    def run(self, state: FuryState) -> None:
        state.stack.pop()
        if self.carriage and self.tip_off:
            state.say("cards_cancel", "Chartered Carriage and False Tip-off cancel one "
                      "another: the Hunter rolls on the Railway Station Chart as normal")
            catch_train(state, self.seat)
        elif self.carriage:
            train = state.rules.events["chartered_carriage"].effect["train"]
            catch_train(state, self.seat, train=str(train))
        elif self.tip_off:
            missed_train(state, self.seat)
        else:
            catch_train(state, self.seat)


@attrs.frozen
class TrainRide(SeatDecides):
    """A train was caught: the Hunter (or group) chooses where to get off."""

    KIND = "train_ride"
    RULE = RULE_RAIL
    seat: str
    movers: tuple[str, ...]
    train: str
    stops: int

    def legal_actions(self, state: FuryState, seat: str) -> list[Action]:
        return train_options(state, self, seat)

    def apply(self, state: FuryState, seat: str, action: Action) -> None:
        apply_train(state, self, seat, action)

    def question(self, state: FuryState, seat: str) -> str:
        train = next((t.name for t in state.rules.railway_chart.trains if t.id == self.train),
                     "train")
        where = place_name(state, state.hunters[seat].location or "")
        return (f"{seat_list(self.movers)} caught the {train} in {where}: choose the Town to "
                "get off at (Movement - Rail Movement)")


@attrs.frozen
class WeaponSwap(FuryDecision):
    """Movement - Passing: each Hunter who Passed may swap Weapon Chits, in turn."""

    KIND = "weapon_swap"
    RULE = RULE_PASSING
    hunters: tuple[str, ...]

    def deciders(self, state: FuryState) -> tuple[str, ...]:
        return (self.hunters[0],)

    def legal_actions(self, state: FuryState, seat: str) -> list[Action]:
        return swap_options(state, self, seat)

    def apply(self, state: FuryState, seat: str, action: Action) -> None:
        apply_swap(state, self, seat, action)

    def question(self, state: FuryState, seat: str) -> str:
        return (f"{seat_name(seat)}: you Passed; choose the Weapon Chits to swap for new "
                "ones from the Weapons Pool (Movement - Passing)")


@attrs.frozen
class RailwayRoll(DieRoll):
    """The roll on the Railway Station Chart (one for a whole group)."""

    WHAT = What.RAILWAY
    FOR = "on the Railway Station Chart"

    def stands(self, state: FuryState) -> None:
        catch_train(state, self.seat, roll=self.roll)


@attrs.frozen
class HolyWaterRoll(DieRoll):
    """Reference 3 - Holy Water: the die of a Hunter treating his bite."""

    WHAT = What.HOLY_WATER
    FOR = "for Holy Water"

    def stands(self, state: FuryState) -> None:
        holy_water_rolled(state, self.seat, self.roll)


def begin_movement_phase(state: FuryState, seat: str) -> None:
    """A Hunter's Movement Phase begins (unless he is out of the game or his group has
    moved): Control Storms and Wild Horses may be played at once."""
    if state.seq.phase != "movement" or state.hunters[seat].status != "alive":
        state.seq.end_turn()
        return
    stormy_seas_pass(state, seat)
    state.cards.get("weather", {}).pop(seat, None)
    state.stack.append(HunterMovement(seat))
    # Control Storms, Wild Horses: "at the start of a Hunter's Movement Phase".
    open_window(state, _MOVEMENT_START, ("dracula",), hunter=seat)


# -- the options --------------------------------------------------------------------------
def movement_options(state: FuryState, record: HunterMovement, seat: str) -> list[Action]:
    hunter = state.hunters[seat]
    group = movers(state, seat)
    options: list[Action] = []
    moves = _move_options(state, record, group)
    if _MISSED_TRAIN not in record.done and _DECLARING not in record.done:
        bound = bound_by_declaration(state, seat, moves)
        options.extend(_start_of_phase_options(state, record, seat, hunter, group, bound))
    if _DECLARING not in record.done:
        moves = group_keeps_declarations(state, group, moves)  # Vampiric Influence
    options.extend(moves)
    return options


def _bound(state: FuryState, record: HunterMovement, seat: str) -> bool:
    """Vampiric Influence: he declared a move he can make (he may not miss his turn, or
    leave the move to his group, instead: only what is "beyond his control" frees him)."""
    return Deed.DECLARING not in record.done and bound_by_declaration(
        state, seat, _move_options(state, record, movers(state, seat)))


def _start_of_phase_options(state: FuryState, record: HunterMovement, seat: str,
                            hunter: Hunter, group: tuple[str, ...],
                            bound: bool = False) -> list[Action]:
    options: list[Action] = []
    here = hunter.location
    assert here is not None
    at_sea = state.board.is_sea(here)
    if hunter.holds_hidden("dogs"):
        options.append(REVEAL_DOGS)
    if not at_sea and HEAVENLY_HOST in hunter.weapons and _HOST not in record.done \
            and here not in HOST_FORBIDDEN and here not in state.hosts:
        options.append(PLACE_HOST)
    options.extend(RemoveHost(t) for t in sorted(hunter.hosts_placed))
    if len(group) > 1:
        options.extend(_members_start_options(state, seat, group))
    if not at_sea and hunter.bitten and HOLY_WATER in hunter.weapons and not bound:
        options.append(TREAT_BITE)  # missing his turn at Sea would be a Pass (ruling 81)
    if len(group) > 1:
        if _LEFT not in record.done:
            options.append(LEAVE_GROUP)
            if later_members(state, seat, group) and not bound:
                options.append(WAIT_FOR_GROUP)
        if record.done.count(Deed.TRADE) < trades_allowed(state, group):
            options.extend(weapon_swaps(state, group))
    elif _LEFT not in record.done:
        options.extend(FormGroup(m) for m in group_candidates(state, seat))
    return options


def _members_start_options(state: FuryState, seat: str,
                           group: tuple[str, ...]) -> list[Action]:
    """Ruling 84: the group's Movement Phase is each member's, so each may reveal his Dogs
    and take his Host off the board at its start, whichever member's phase it is."""
    options: list[Action] = []
    for member in group:
        other = state.hunters[member]
        if member != seat:
            if other.holds_hidden("dogs"):
                options.append(RevealDogsOf(member))
            options.extend(RemoveHost(t) for t in sorted(other.hosts_placed))
    return options


def _move_options(state: FuryState, record: HunterMovement,
                  group: tuple[str, ...]) -> list[Action]:
    board = state.board
    lead = state.hunters[group[0]]
    here = lead.location
    assert here is not None
    if board.is_sea(here):
        return [move_to(p) for p in sea_moves(state, lead)]
    storm = state.map_effect(here) == "storms"
    options: list[Action] = list(_road_moves(board, here))
    if board.is_port(here) and not storm:
        blocked = state.cards.get("stormy", {})
        options.extend(move_to(p) for p in board.sea[here] if p not in blocked)
    if board.rail[here] and not storm and _MISSED_TRAIN not in record.done:
        options.append(CATCH_TRAIN)
    if _MISSED_TRAIN not in record.done and may_pass(state, here):
        options.append(PASS)
    options.append(STAY_PUT)
    return options


@functools.lru_cache(maxsize=1024)
def _road_moves(board: Board, here: str) -> tuple[MoveTo, ...]:
    """The moves by Road from ``here``, in the map's order."""
    return tuple(move_to(p) for p in board.road[here])


def sea_moves(state: FuryState, hunter: Hunter) -> list[str]:
    """At Sea: an adjacent Sea Sector not yet visited on this voyage, or an adjacent Port
    other than the starting one (where no Storms rage)."""
    board = state.board
    here = hunter.location
    assert here is not None
    start, visited = hunter.voyage[0], hunter.voyage[1:]
    blocked = state.cards.get("stormy", {})
    found = [p for p in board.sea[here]
             if (board.is_sea(p) and p not in visited and p not in blocked)
             or (board.is_town(p) and p != start and state.map_effect(p) != "storms")]
    return found or [p for p in board.sea[here] if p != start]  # ruling: never stranded


def may_pass(state: FuryState, town: str) -> bool:
    """Passing: not where Fog or Storms lie, nor where undefeated Agents wait (Encounters:
    "If the Hunter stays in a Town where there are undefeated Szgany ... He may not Pass")."""
    if town in state.map_chits:
        return False
    seen = state.sightings.get(town)
    return seen is None or not state.rules.encounters.chit(seen).is_agent


def explain(state: FuryState, record: HunterMovement, seat: str, action: Action) -> str:
    hunter = state.hunters[seat]
    group = movers(state, seat)
    declarer = "" if _DECLARING in record.done else group_declarer(
        state, group, _move_options(state, record, group))
    if declarer and action in _move_options(state, record, group):
        said = declared(state, declared_kind(state, declarer), declared_route(state, declarer))
        whose = "his group's" if declarer != seat else "his"
        return (f"{seat_name(declarer)} declared {said} under Vampiric Influence: it is "
                f"{whose} move now, and only it (Reference 4 - Vampiric Influence; ruling 63)")
    here = hunter.location or "nowhere"
    board = state.board
    at, to = place_name(state, here), place_name(state, getattr(action, "to", ""))
    if isinstance(action, MoveTo):
        if action.to not in board:
            return f"there is no place called {action.to!r}"
        if board.is_sea(here):
            return (f"from {at} a Hunter must sail to an adjacent Sea Sector not yet "
                    "visited on this voyage, or disembark at an adjacent Port other than "
                    "the one he started from")
        kinds = board.connection_kinds(here, action.to)
        if "rail" in kinds and "road" not in kinds:
            return f"{to} is joined to {at} by Rail only: catch a train"
        if not kinds:
            return f"{to} is not adjacent to {at}"
        return f"{at} is stormbound: no one may sail from it"
    if action == PASS:
        if board.is_sea(here):
            return "no one may Pass in a Sea Sector"
        return f"a Hunter may not Pass in {at} (Fog, Storms, or Agents waiting there)"
    if action == STAY_PUT and board.is_sea(here):
        return "in a Sea Sector a Hunter must move to an adjacent Sea Sector or Port"
    if action == CATCH_TRAIN:
        return f"no train can be caught in {at} now"
    return f"{seat_name(seat)} may not do that now: {record.prompt(state, seat)}"


# -- applying -----------------------------------------------------------------------------
def apply_movement(state: FuryState, record: HunterMovement, seat: str,
                   action: Action) -> None:
    name = HUNTER_NAMES[seat]
    if isinstance(action, RevealDogs | RevealDogsOf):
        owner = action.hunter if isinstance(action, RevealDogsOf) else seat
        state.hunters[owner].show("dogs")
        state.say("dogs_revealed", f"{HUNTER_NAMES[owner]} reveals Dogs and puts them face up",
                  hunter=owner)
    elif isinstance(action, PlaceHost):
        _place_host(state, record, seat)
    elif isinstance(action, RemoveHost):
        _remove_host(state, state.hosts.get(action.town, seat), action.town)
    elif isinstance(action, TreatBite):
        treat_bite(state, seat)
    elif isinstance(action, FormGroup):
        state.form_group(action.members)
        state.say("group_formed", f"{' and '.join(HUNTER_NAMES[m] for m in action.members)} "
                  "form a group", members=list(action.members))
    elif isinstance(action, LeaveGroup):
        state.leave_group(seat)
        state.stack[-1] = HunterMovement(seat, (*record.done, Deed.LEFT))
        state.say("group_left", f"{name} leaves his group", hunter=seat)
    elif isinstance(action, WaitForGroup):
        state.stack.pop()
        state.say("group_waits", f"{name}'s group will move later this turn", hunter=seat)
        state.seq.end_turn()
    elif isinstance(action, GiveWeapon):
        give_weapon(state, action)
        state.stack[-1] = HunterMovement(seat, (*record.done, Deed.TRADE))
    else:
        _move_choice(state, record, seat, action)


def _place_host(state: FuryState, record: HunterMovement, seat: str) -> None:
    """Reference 3 - Heavenly Host: reveal the chit and seal off this Town; Dracula may
    never enter it, and if he is there he must leave on his next Movement Phase."""
    hunter = state.hunters[seat]
    town = hunter.location
    assert town is not None
    hunter.lose_weapon(HEAVENLY_HOST, public=True)
    hunter.hosts_placed.append(town)
    state.hosts[town] = seat
    if state.dracula.location == town:
        state.dracula.must_leave = True
    state.stack[-1] = HunterMovement(seat, (*record.done, Deed.HOST))
    state.clues.append({"k": "host", "town": town})
    state.say("host_placed", f"{HUNTER_NAMES[seat]} places a Heavenly Host over {town}",
              hunter=seat, town=town)


def _remove_host(state: FuryState, seat: str, town: str) -> None:
    hunter = state.hunters[seat]
    hunter.hosts_placed.remove(town)
    del state.hosts[town]
    state.weapons_pool.set_aside(HEAVENLY_HOST)
    state.public_weapon_discards.append(HEAVENLY_HOST)
    state.say("host_removed", f"{HUNTER_NAMES[seat]} takes the Heavenly Host off {town}; "
              "the Host chit is discarded", hunter=seat, town=town)


def treat_bite(state: FuryState, seat: str) -> None:
    """Reference 3 - Holy Water: miss the turn, discard the Holy Water and roll:
    1 = a Wound and the Bite stays, 2-3 = no effect, 4-6 = the Bite Marker is discarded.
    The die waits for Good Luck (``holy_water_rolled``)."""
    hunter = state.hunters[seat]
    hunter.lose_weapon(HOLY_WATER, public=True)
    state.weapons_pool.set_aside(HOLY_WATER)
    state.public_weapon_discards.append(HOLY_WATER)
    if len(state.group_of(seat)) > 1:
        state.leave_group(seat)
    hunter.moved = True
    state.stack.pop()
    # The die is rolled; Good Luck may have it rolled again (Reference 4).
    state.stack.append(HolyWaterRoll.of(seat, state.dice.d6()))


def holy_water_rolled(state: FuryState, seat: str, roll: int) -> None:
    """The Holy Water die stands: 1 = a Wound, 2-3 = no effect, 4-6 = the Bite Marker is
    discarded; the Hunter misses his turn."""
    hunter = state.hunters[seat]
    name = HUNTER_NAMES[seat]
    if roll == 1:
        state.say("holy_water", f"{name} treats his bite with Holy Water and rolls 1: the "
                  "Water burns him", hunter=seat, roll=roll)
        wound(state, seat, 1)
    elif roll <= 3:
        state.say("holy_water", f"{name} treats his bite with Holy Water and rolls {roll}: "
                  "no effect", hunter=seat, roll=roll)
    else:
        hunter.bitten = False
        state.say("holy_water", f"{name} treats his bite with Holy Water and rolls {roll}: "
                  "the Bite Marker is discarded", hunter=seat, roll=roll)
    if state.outcome is None:
        state.seq.end_turn()  # he misses his turn


def _move_choice(state: FuryState, record: HunterMovement, seat: str,
                 action: Action) -> None:
    group = movers(state, seat)
    names = " and ".join(HUNTER_NAMES[m] for m in group)
    here = state.hunters[seat].location
    assert here is not None
    if isinstance(action, CatchTrain):
        # False Tip-off: "when a Hunter attempts to catch a train" (Reference 4).
        state.stack.append(TrainAttempt(seat))
        open_window(state, Timing.CATCHING_TRAIN, ("dracula",), hunter=seat)
        return
    _moved_as_declared(state, group)
    state.stack.pop()
    group_has_moved(state, seat, group)
    if isinstance(action, MoveTo):
        for member in group:
            state.move_hunter(member, action.to)
        state.say("hunter_moves", f"{names} {'move' if len(group) > 1 else 'moves'} from "
                  f"{here} to {action.to}", hunters=list(group), to=action.to)
        if _more_sea_moves(state, record, seat, here, action.to):
            return
        _after_move(state, seat, group)
        if state.board.is_sea(here) and state.board.is_town(action.to):
            # Customs Search: "when a Hunter ends his Movement Phase in a Port he reached
            # by sea" (Reference 4).
            open_window(state, Timing.HUNTER_MOVEMENT_END, ("dracula",), hunter=seat)
    elif isinstance(action, Pass):
        for member in group:
            state.hunters[member].passed = True
        state.say("hunter_passes", f"{names} {'Pass' if len(group) > 1 else 'Passes'} in "
                  f"{here}", hunters=list(group))
        state.stack.append(WeaponSwap(group))
    else:
        state.say("hunter_stays", f"{names} {'stay' if len(group) > 1 else 'stays'} in "
                  f"{here}", hunters=list(group))
        to_action_phase(state, seat, group)


def _more_sea_moves(state: FuryState, record: HunterMovement, seat: str, here: str,
                    to: str) -> bool:
    """Excellent Weather: up to four Sea Moves in this Movement Phase, as long as the
    group sails together; True if the Hunter moves on at once."""
    weather = state.cards.get("weather", {})
    left = weather.get(seat, 0)
    board = state.board
    if not left or not (board.is_sea(to) or board.is_sea(here)):
        return False
    left -= 1
    weather[seat] = left
    if left <= 0 or not board.is_sea(to):
        del weather[seat]
        if not weather:
            state.cards.pop("weather", None)
        return False
    state.stack.append(HunterMovement(seat, (Deed.WEATHER, Deed.SAILED, Deed.MISSED_TRAIN)))
    return True


def _after_move(state: FuryState, seat: str, group: tuple[str, ...]) -> None:
    town = state.hunters[seat].location
    assert town is not None
    if state.board.is_sea(town):
        state.seq.end_turn()  # no Action Phase in a Sea Sector
        return
    for member in group:
        state.hunters[member].took_items = False
    to_action_phase(state, seat, group, arrived=True)


def to_action_phase(state: FuryState, seat: str, group: tuple[str, ...],
                    arrived: bool = False) -> None:
    """The Movement Phase is over: the Action Phase of ``seat`` (and his group) in the
    Town he is in follows."""
    town = state.hunters[seat].location
    assert town is not None
    state.seq.advance()
    state.stack.append(HunterAction(seat, group, town, arrived=arrived))


# -- Rail ---------------------------------------------------------------------------------
def catch_train(state: FuryState, seat: str, train: str | None = None,
                roll: int | None = None) -> None:
    """Roll on the Railway Station Chart (one roll for a whole group), or board the train
    a card gives (Chartered Carriage: an Express)."""
    record = state.stack[-1]
    assert isinstance(record, HunterMovement)
    group = movers(state, seat)
    names = " and ".join(HUNTER_NAMES[m] for m in group)
    here = state.hunters[seat].location
    assert here is not None
    chart = state.rules.railway_chart
    if train is None and roll is None:
        # The die is rolled; Good Luck may have it rolled again (Reference 4).
        state.stack.append(RailwayRoll.of(seat, state.dice.d6()))
        return
    if train is None:
        assert roll is not None
        found = chart.train_for(roll)
        said = f"{names} rolls {roll}"
    else:
        roll = 0
        found = next(t for t in chart.trains if t.id == train)
        said = f"{names} hires a Chartered Carriage"
    reach = state.board.rail_reach(here, found.stops)
    if found.stops == 0 or not reach:
        state.stack[-1] = HunterMovement(seat, (*record.done, Deed.MISSED_TRAIN))
        state.say("no_train", f"{said}: no train", hunters=list(group), roll=roll)
        return
    state.stack[-1] = TrainRide(seat, group, found.id, found.stops)
    state.say("train_caught", f"{said} and catches {article(found.name)} {found.name} in {here}",
              hunters=list(group), roll=roll, train=found.id)


def missed_train(state: FuryState, seat: str) -> None:
    """False Tip-off: the Hunter (group) misses the train and stays in his Town this
    Movement Phase: an Action Phase follows there, as if he had not moved."""
    record = state.stack[-1]
    assert isinstance(record, HunterMovement)
    group = movers(state, seat)
    _moved_as_declared(state, group)
    state.stack.pop()
    group_has_moved(state, seat, group)
    state.say("false_tip_off", f"{' and '.join(HUNTER_NAMES[m] for m in group)} "
              f"{agree(group, 'misses', 'miss')} the train on a False Tip-off", hunters=list(group))
    to_action_phase(state, seat, group)


def _moved_as_declared(state: FuryState, group: tuple[str, ...]) -> None:
    """The group's move is each member's: every declaration among them is spent."""
    for member in group:
        moved_as_declared(state, member)


def train_options(state: FuryState, record: TrainRide, seat: str) -> list[Action]:
    """Any Town the train reaches; under Vampiric Influence, the last Town of the route he
    declared that this train reaches (a shorter train than he hoped for is "beyond his
    control")."""
    here = state.hunters[seat].location
    assert here is not None
    route = group_route(state, record.movers)
    if route and route in state.board.rail_routes(here):
        return [RideTo(route[:record.stops][-1])]
    return [RideTo(t) for t in state.board.rail_reach(here, record.stops)]


def apply_train(state: FuryState, record: TrainRide, seat: str, action: Action) -> None:
    assert isinstance(action, RideTo)
    here = state.hunters[seat].location
    _moved_as_declared(state, record.movers)
    state.stack.pop()
    group_has_moved(state, seat, record.movers)
    for member in record.movers:
        state.move_hunter(member, action.town)
    state.say("hunter_rides", f"{' and '.join(HUNTER_NAMES[m] for m in record.movers)} "
              f"{'take' if len(record.movers) > 1 else 'takes'} the train from {here} to "
              f"{action.town}", hunters=list(record.movers), to=action.town)
    _after_move(state, seat, record.movers)


# -- Passing: swapping Weapon Chits -------------------------------------------------------
def swap_options(state: FuryState, record: WeaponSwap, seat: str) -> list[Action]:
    return list(_swaps(tuple(sorted(state.hunters[seat].weapons))))


@functools.lru_cache(maxsize=1024)
def _swaps(weapons: tuple[str, ...]) -> tuple[SwapWeapons, ...]:
    """The choices of ``weapons`` (sorted) to discard, the fewest first, then by name."""
    found: set[tuple[str, ...]] = set()
    for size in range(len(weapons) + 1):
        found.update(combinations(weapons, size))
    return tuple(SwapWeapons(d) for d in sorted(found, key=lambda t: (len(t), t)))


def apply_swap(state: FuryState, record: WeaponSwap, seat: str, action: Action) -> None:
    """Movement - Passing: discard first, then draw as many from the Weapons Pool."""
    assert isinstance(action, SwapWeapons)
    hunter = state.hunters[seat]
    for weapon in action.discard:
        if hunter.seen_if_lost(weapon):
            state.public_weapon_discards.append(weapon)
        hunter.lose_weapon(weapon)
        state.weapons_pool.set_aside(weapon)
    drawn = [w for w in (state.draw_weapon_chit() for _ in action.discard) if w is not None]
    hunter.weapons.extend(drawn)
    if action.discard:
        name = HUNTER_NAMES[seat]
        state.tell(
            event("weapons_swapped", f"{name} swaps {', '.join(action.discard)} for "
                  f"{', '.join(drawn)}", hunter=seat, discarded=list(action.discard),
                  drawn=drawn),
            HUNTERS_SCOPE,
            event("weapons_swapped", f"{name} swaps {counted(len(action.discard), 'Weapon Chit')}",
                  hunter=seat, count=len(action.discard)))
    rest = record.hunters[1:]
    if rest:
        state.stack[-1] = WeaponSwap(rest)
    else:
        state.stack.pop()
        state.seq.end_turn()  # no Action Phase after Passing
    if action.discard:
        state.stack.append(NewWeapons(seat))  # Dogs may be revealed when drawn
