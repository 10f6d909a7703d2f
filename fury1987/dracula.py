"""Dracula's Movement and Action Phases, on the Strategy & Movement Chart.

Dracula moves in secret (Dracula's Movement): by Road to an adjacent Town or by
Sea, never by Rail, obeying every Movement rule. The Local Rumours Marker goes in
the Town box he has just left; it stays in the Port he embarked from while he
sails, and is never put in a Sea Sector. Embarking costs a Blood Point; he cannot
sail with fewer than two (Blood Points). He may Pass (and exchange Encounter
Chits), not move, or consume a Vampire instead of moving (Regaining Blood
Points). Drained of Blood Points he flees to Castle Dracula by the most direct
land route (Fleeing). In his Action Phase he attacks any Hunter in his Town, or
places an Encounter, or does nothing (Dracula's Action Phase).
"""

from __future__ import annotations

import enum
import functools
from typing import TYPE_CHECKING, Any

import attrs

from gothic_kernel import Action, event

from .actions import (
    DO_NOTHING,
    PASS,
    STAY_PUT,
    ConsumeVampire,
    MoveTo,
    PlaceEncounter,
    action_of,
    move_to,
)
from .actions import SwapEncounters as SwapAction
from .bat_flight import BatFlight, apply_bat_flight, bat_flight_options
from .board import CASTLE_DRACULA
from .decisions import DraculaDecides
from .encounters import lift_fog_and_storms
from .events import (
    OffersEventCards,
    blocked_seas,
    declared_moves,
    keeps_to_declaration,
    moved_as_declared,
    stormy_seas_orphans,
)
from .fight import start_dracula_attack
from .labels import declared
from .seats import DRACULA, DRACULA_SCOPE, HUNTERS
from .state import ENCOUNTER_SET_SIZE, MAX_BLOOD_POINTS, counted
from .tracker import hypothesis_of
from .victory import check_dracula_victory, hunters_win
from .wording import place_name
from .wounds import lose_blood

if TYPE_CHECKING:
    from .state import FuryState

__all__ = ["BatFlight", "DraculaAction", "DraculaMovement", "DraculaStage", "DraculaSwap",
           "apply_bat_flight", "bat_flight_options", "begin_turn", "lose_blood"]

RULE_MOVEMENT = "Dracula's Movement"
RULE_ACTION = "Dracula's Action Phase"
RULE_PASSING = "Movement - Passing"
SECRET = DRACULA_SCOPE
CASTLE_TURNS_LIMIT = 3   # Castle Dracula: "three successive turns in the Castle"
CONSUME_GAIN = 2         # Regaining Blood Points: "up by two boxes"


class DraculaSecret(DraculaDecides):
    """One of Dracula's decisions behind his screen: its very kind would betray his
    moves, so the others see only that it is his turn."""

    __slots__ = ()

    def view(self, state: FuryState, viewer: str) -> dict[str, Any] | None:
        return {"kind": self.KIND} if viewer == DRACULA else None


@attrs.frozen
class DraculaMovement(OffersEventCards, DraculaSecret):
    """Dracula's Movement Phase, in secret (his Event Cards of the start of his turn may be
    played instead of moving)."""

    KIND = "dracula_movement"
    RULE = RULE_MOVEMENT

    def own_actions(self, state: FuryState, seat: str) -> list[Action]:
        return declared_moves(state, seat, movement_options(state))

    def apply_own(self, state: FuryState, seat: str, action: Action) -> None:
        apply_movement(state, self, seat, action)

    def refusal(self, state: FuryState, seat: str, action: Action) -> str:
        return explain_movement(state, action)

    def question(self, state: FuryState, seat: str) -> str:
        d = state.dracula
        where = place_name(state, d.location or "")
        blood = counted(d.blood, "Blood Point")
        move = state.cards.get("declared", {}).get(DRACULA)
        if move is not None:
            return (f"Dracula (in {where}, {blood}): make the move you declared "
                    f"({declared(state, str(move))}) if you can (Dracula's Movement)")
        if d.fleeing:
            return (f"Dracula (in {where}): you are fleeing; choose your move towards Castle "
                    "Dracula (Blood Points - Fleeing)")
        if d.at_sea:
            return (f"Dracula (in {where}, {blood}): choose your next Sea Move "
                    "in secret (no Passing at Sea)")
        return (f"Dracula (in {where}, {blood}): choose your Movement Phase "
                "move in secret: by Road or Sea, Pass, stay, or consume a Vampire")


@attrs.frozen
class DraculaSwap(DraculaSecret):
    """Movement - Passing: Dracula exchanges Encounter Chits."""

    KIND = "dracula_swap"
    RULE = RULE_PASSING

    def legal_actions(self, state: FuryState, seat: str) -> list[Action]:
        return swap_options(state)

    def apply(self, state: FuryState, seat: str, action: Action) -> None:
        apply_swap(state, self, seat, action)

    def question(self, state: FuryState, seat: str) -> str:
        return ("Dracula: you Passed; choose the Encounter Chits to exchange for new ones "
                "from the Encounter Pool (Movement - Passing)")


class DraculaStage(enum.StrEnum):
    """Where Dracula's Action Phase stands (``DraculaAction.stage``)."""

    #: The rules look for Hunters in his Town to attack.
    START = "start"
    #: He decides behind his screen: place an Encounter, or do nothing.
    PLACE = "place"
    #: At Sea: nothing to decide, but the decision is still his to make, in secret (so
    #: that the Hunters cannot tell a voyage from a Town by how long his turn lasts).
    IDLE = "idle"
    #: His attack is under way; the phase ends after it.
    DONE = "done"


#: The stages at which Dracula decides (a set made once: Python 3.11 reads an Enum member
#: through ``EnumType.__getattr__``, slowly, and this is asked at every step).
_DRACULA_DECIDES = frozenset({DraculaStage.PLACE, DraculaStage.IDLE})


@attrs.frozen
class DraculaAction(DraculaSecret):
    """Dracula's Action Phase: attack, place an Encounter, or do nothing."""

    KIND = "dracula_action"
    RULE = RULE_ACTION
    stage: DraculaStage = DraculaStage.START
    consumed: bool = False

    def deciders(self, state: FuryState) -> tuple[str, ...]:
        return (DRACULA,) if self.stage in _DRACULA_DECIDES else ()

    def legal_actions(self, state: FuryState, seat: str) -> list[Action]:
        return placement_options(state)

    def apply(self, state: FuryState, seat: str, action: Action) -> None:
        apply_placement(state, self, seat, action)

    def run(self, state: FuryState) -> None:
        run_action_phase(state, self)

    def question(self, state: FuryState, seat: str) -> str:
        where = place_name(state, state.dracula.location or "")
        if self.stage == DraculaStage.IDLE:
            return (f"Dracula (in {where}): at Sea you have no Action Phase; confirm it in "
                    "secret")
        if where and state.dracula.location in state.chart:
            return (f"Dracula (in {where}): the Town box already holds an Encounter; confirm "
                    "your Action Phase in secret")
        return (f"Dracula (in {where}): place an Encounter from your Encounter Set, or do "
                "nothing (Dracula's Action Phase)")


# -- the start of each turn ---------------------------------------------------------------
def begin_turn(state: FuryState) -> None:
    """A new turn starts with Dracula's Movement Phase."""
    d = state.dracula
    state.say("turn_begins", f"Turn {state.seq.round} begins", turn=state.seq.round)
    stormy_seas_orphans(state)
    state.cards.pop("walpurgis_nacht", None)  # the turn he played it is over
    for hunter in state.hunters.values():
        hunter.moved = hunter.passed = False
        hunter.turn_start = hunter.location
    if d.shown_at is not None:
        d.shown_at = None  # the piece returns to the Strategy & Movement Chart
    d.passed = d.moved = False
    lift_fog_and_storms(state)
    if d.fleeing and d.location == CASTLE_DRACULA:
        # Fleeing: he survived all three Hunter Action Phases in the Castle and hides
        # in the catacombs during this Movement Phase.
        hunters_win(state, "minor", "Dracula fled to Castle Dracula and survived the "
                                    "Hunters' three Action Phases there")
        return
    state.stack.append(DraculaMovement())


# -- Dracula's Movement -------------------------------------------------------------------
def movement_options(state: FuryState) -> list[Action]:
    """Every move Dracula may make now (only he sees these)."""
    d = state.dracula
    options: list[Action] = [move_to(p) for p in _destinations(state)]
    stays = not d.at_sea and not d.fleeing and not d.must_leave
    if stays and len(d.encounter_set) <= ENCOUNTER_SET_SIZE:
        options.append(PASS)
    if stays:
        options.append(STAY_PUT)
        if d.blood >= 0:
            vampires = state.rules.encounters
            options.extend(ConsumeVampire(t) for t in sorted(state.chart)
                           if vampires.is_vampire(state.chart[t]))
    if not options:
        options.append(PASS)  # ruling: hemmed in on every side, he stays where he is
    return options


def _destinations(state: FuryState) -> list[str]:
    d, board = state.dracula, state.board
    here = d.location
    assert here is not None
    if d.at_sea:
        found = _sea_moves(state, here)
        if not may_embark(state):  # below two Blood Points he "cannot move by sea" (82)
            found = [p for p in found if not board.is_sea(p)] or found
    else:
        found = [p for p in board.road[here] if p not in state.hosts]
        if board.is_port(here) and may_embark(state):
            found.extend(board.sea[here])
        blocked = state.cards.get("stormy")
        if blocked:  # Stormy Seas: no-one may enter the Sea Sector
            found = [p for p in found if p not in blocked]
    if d.fleeing:
        found = _fleeing_moves(state, here, found)
    return found


def _sea_moves(state: FuryState, here: str) -> list[str]:
    """At Sea: to a Sea Sector not yet visited or a Port other than the one he embarked
    from. Ruling 2: stranded (every such Port sealed by a Host, every such Sector crossed
    or closed by Stormy Seas), he may sail into a Sector he has crossed - "They may not
    Pass while in a Sea Sector"."""
    board, d = state.board, state.dracula
    start, visited = d.voyage[0], d.voyage[1:]
    blocked = state.cards.get("stormy", {})
    open_ = [p for p in board.sea[here] if p not in blocked
             and (board.is_sea(p) or (p != start and p not in state.hosts))]
    moves = [p for p in open_ if not board.is_sea(p) or p not in visited]
    return moves or open_


def may_embark(state: FuryState) -> bool:
    """Blood Points: "If Dracula has less than two Blood Points left, he cannot move by sea
    unless he is forced to return to Castle Dracula ... while in the British Isles"."""
    d = state.dracula
    if d.fleeing:
        return cut_off(state, d.location)
    return d.blood >= 2


def cut_off(state: FuryState, place: str | None) -> bool:
    """A place with no land route to the Castle: the British Isles, an island, a Sea."""
    if place is None:
        return False
    return state.board.land_distance(place, CASTLE_DRACULA) is None


def _fleeing_moves(state: FuryState, here: str, moves: list[str]) -> list[str]:
    """Fleeing: "Each move that Dracula makes when fleeing must move him a Town closer to
    Castle Dracula". Ruling: if Host Markers leave no such move, any move will do."""
    dist = state.board.flee_distances(frozenset(state.hosts))
    now = dist.get(here)
    if now is None:
        return moves
    closer = [m for m in moves if dist.get(m) == now - 1]
    return closer or moves


def explain_movement(state: FuryState, action: Action) -> str:
    d = state.dracula
    move = state.cards.get("declared", {}).get(DRACULA)
    if move is not None and action in movement_options(state):
        return (f"Dracula declared his next move ({declared(state, str(move))}) under "
                "Hypnosis and must stick to this choice (Reference 4 - Hypnosis)")
    if isinstance(action, MoveTo):
        if action.to in state.hosts:
            return (f"a Heavenly Host protects {place_name(state, action.to)}: Dracula may "
                    "never enter it")
        if action.to in state.board and state.board.is_town(action.to) and d.at_sea \
                and d.voyage and action.to == d.voyage[0]:
            return "a sequence of Sea Moves must end at a different Port"
        if d.fleeing:
            return "a fleeing Dracula must move a Town closer to Castle Dracula each move"
        return (f"Dracula cannot move to {place_name(state, action.to)} from where he is "
                "(Road or Sea only, never Rail; no Sea Sector twice in a voyage; two Blood "
                "Points to embark)")
    if d.at_sea:
        return "in a Sea Sector Dracula must move on: no Passing, no staying"
    if d.fleeing:
        return "a fleeing Dracula must move towards Castle Dracula"
    if d.must_leave:
        return "a Heavenly Host was placed on his Town: Dracula must leave it"
    if action == PASS:
        return "with six Encounter Chits in his Set Dracula may not Pass"
    return "Dracula may not do that now: he moves, Passes or stays (Dracula's Movement)"


def apply_movement(state: FuryState, record: DraculaMovement, seat: str,
                   action: Action) -> None:
    d = state.dracula
    d.history += (hypothesis_of(state),)
    declared = state.cards.get("declared", {}).get(DRACULA)
    if declared is not None:
        # Hypnosis: he declared this move; it is public once made (Reference 4).
        if keeps_to_declaration(state, DRACULA, action):
            state.cards["followed"] = True
        moved_as_declared(state, DRACULA)
    state.stack.pop()
    here = d.location
    assert here is not None
    consumed = False
    if isinstance(action, MoveTo):
        _move(state, here, action.to)
    elif isinstance(action, ConsumeVampire):
        consume_vampire(state, action.town)
        consumed = True
    elif action == PASS:
        d.passed = True
    d.trail += (d.location or here,)
    d.must_leave = False
    if state.cards.get("shipping_agents"):
        state.cards["sea_move"] = _sea_move(state, here, d.location or here)
    _count_castle_turns(state)
    if state.outcome is not None:
        return
    _log_move(state, action, here)
    if d.passed:
        state.stack.append(DraculaSwap())
        _record_turn(state, consumed, attack=None)
        return
    state.seq.advance()
    if d.at_sea:
        # No Action Phase at Sea; he still "takes" one behind his screen, so that the
        # Hunters cannot tell a voyage from a Town by how long his turn lasts.
        _record_turn(state, consumed, attack=None)
        state.stack.append(DraculaAction(DraculaStage.IDLE))
        return
    state.stack.append(DraculaAction(consumed=consumed))


def _sea_move(state: FuryState, here: str, there: str) -> str:
    """What Shipping Agents make him announce: "Sailing", "Disembarking", "Embarking", or
    nothing ("none") when he did not use Sea Movement."""
    board = state.board
    if board.is_sea(there):
        return "sailing" if board.is_sea(here) else "embarking"
    return "disembarking" if board.is_sea(here) else "none"


def _move(state: FuryState, here: str, to: str) -> None:
    d, board = state.dracula, state.board
    if board.is_town(here):
        d.rumours = here  # Local Rumours: "placed in the Town box he has just left"
    if board.is_sea(to):
        if board.is_town(here):
            lose_blood(state, 1, public=False)  # embarking costs one Blood Point
            d.voyage = [here, to]
        else:
            d.voyage.append(to)
    else:
        d.voyage = []
    d.location = to
    d.moved = True


def _log_move(state: FuryState, action: Action, here: str) -> None:
    d = state.dracula
    if isinstance(action, MoveTo):
        text = f"Dracula moves from {here} to {action.to}"
    elif isinstance(action, ConsumeVampire):
        text = f"Dracula stays in {here} and consumes the Vampire in {action.town}"
    elif action == PASS:
        text = f"Dracula Passes in {here}"
    else:
        text = f"Dracula stays in {here}"
    state.tell(event("dracula_moves", text, location=d.location, rumours=d.rumours,
                     blood=d.blood),
               SECRET, event("dracula_moves", "Dracula takes his Movement Phase in secret"))
    if isinstance(action, ConsumeVampire):
        state.say("vampire_consumed", "Dracula consumes one of his Vampires and regains "
                  "Blood Points (the Vampire chit is discarded)")


def _count_castle_turns(state: FuryState) -> None:
    """Castle Dracula: voluntarily spending three successive turns there ends the game."""
    d = state.dracula
    if d.location == CASTLE_DRACULA and not d.fleeing:
        d.castle_turns += 1
        if d.castle_turns >= CASTLE_TURNS_LIMIT:
            hunters_win(state, "minor", "Dracula willingly spent three consecutive turns "
                                        "in Castle Dracula")
    else:
        d.castle_turns = 0


def _record_turn(state: FuryState, consumed: bool, attack: str | None) -> None:
    """The public record of Dracula's turn, for the possible-location tracker; with it
    what Event Cards made him announce (Shipping Agents, a move declared under Hypnosis).
    """
    state.clues.append(turn_clue(state, consumed, attack))
    sea = state.cards.pop("sea_move", None)
    if sea is not None:
        state.clues[-1]["sea"] = sea
        if sea != "none":
            state.say("shipping_agents", f"Shipping Agents: Dracula was {sea.capitalize()}",
                      sea=sea)
    if state.cards.pop("followed", None):
        d = state.dracula
        d.shown_at = d.location
        state.clues.append({"k": "where", "places": [d.location]})
        state.say("declared_move_made", f"Dracula makes the move he declared: he is in "
                  f"{d.location}", town=d.location)


def turn_clue(state: FuryState, consumed: bool, attack: str | None) -> dict[str, object]:
    """The public face of his turn: ``occupied``, Towns with a Hunter he would have to
    attack; ``spared`` (only when there are some), Towns whose Hunters he fought there last
    turn: he may not attack them, nor place an Encounter beside them (ruling 6)."""
    standing = {h.seat: h.location for h in state.hunters.values()
                if h.status == "alive" and h.location is not None
                and state.board.is_town(h.location)}
    occupied = sorted({town for seat, town in standing.items()
                       if state.hunters[seat].fought_dracula_at != town})
    spared = sorted(set(standing.values()) - set(occupied))
    blocked = blocked_seas(state)
    # (Nothing here depends on how many chits his Encounter Set holds: the Hunters do
    # not see it, so they cannot rule out a Pass even while he may hold six: ruling 76.)
    clue: dict[str, object] = {
        "k": "turn", "fleeing": state.dracula.fleeing, "hosts": sorted(state.hosts),
        "consumed": consumed, "attack": attack, "occupied": occupied}
    if spared:
        clue["spared"] = spared
    if blocked:
        clue["blocked"] = sorted(blocked)
    return clue


def consume_vampire(state: FuryState, town: str) -> None:
    """Regaining Blood Points: a Vampire is taken off the Chart and discarded; Dracula
    moves his Blood Point Marker up two boxes (never beyond 12)."""
    d = state.dracula
    chit = state.chart.pop(town)
    if chit in state.rules.encounters.chits:
        state.encounter_pool.set_aside(chit)
        state.public_encounter_discards.append(chit)
    d.blood = min(MAX_BLOOD_POINTS, d.blood + CONSUME_GAIN)
    d.consumed += 1


# -- Passing: exchanging Encounter Chits --------------------------------------------------
def swap_options(state: FuryState) -> list[Action]:
    """Every distinct choice of chits to discard (none at all included). A Hunter's
    Vampire chit (or Jonathan Harker's) is not the Pool's and is never exchanged
    (ruling 73)."""
    pool_chits = state.rules.encounters.chits
    return list(_swaps(tuple(sorted(c for c in state.dracula.encounter_set
                                    if c in pool_chits))))


@functools.lru_cache(maxsize=4096)
def _swaps(chits: tuple[str, ...]) -> tuple[SwapAction, ...]:
    """The choices of ``chits`` (sorted) to discard, the fewest first, then by name."""
    found: set[tuple[str, ...]] = {()}
    for i in range(1, 1 << len(chits)):
        found.add(tuple(c for j, c in enumerate(chits) if i >> j & 1))
    return tuple(SwapAction(discard) for discard in sorted(found, key=lambda t: (len(t), t)))


def apply_swap(state: FuryState, record: DraculaSwap, seat: str, action: Action) -> None:
    """Movement - Passing: "chits are discarded before new ones are taken"."""
    assert isinstance(action, SwapAction)
    d = state.dracula
    state.stack.pop()
    for chit in action.discard:
        d.encounter_set.remove(chit)
        state.encounter_pool.set_aside(chit)
    drawn = [c for c in (state.draw_encounter_chit() for _ in action.discard)
             if c is not None]
    d.encounter_set.extend(drawn)
    if action.discard:
        state.tell(event("encounters_swapped",
                         f"Dracula exchanges {', '.join(action.discard)} for "
                         f"{', '.join(drawn)}", discarded=list(action.discard),
                         drawn=drawn), SECRET)
    state.seq.end_turn()  # no Action Phase after Passing


# -- Dracula's Action Phase ---------------------------------------------------------------
def attackable(state: FuryState) -> list[str]:
    """Hunters Dracula must attack: those in his Town, except any he fought there last
    turn who have not left it since (Combat - After Combat)."""
    town = state.dracula.location
    hunters = state.hunters
    return [s for s in HUNTERS if hunters[s].status == "alive" and hunters[s].location == town
            and hunters[s].fought_dracula_at != town]


def run_action_phase(state: FuryState, record: DraculaAction) -> None:
    """Attack any Hunters present; else place an Encounter if the Town box is empty."""
    d = state.dracula
    town = d.location
    assert town is not None
    if record.stage == DraculaStage.START:
        victims = attackable(state)
        if victims:
            _record_turn(state, record.consumed, attack=town)
            state.stack[-1] = DraculaAction(DraculaStage.DONE)
            start_dracula_attack(state, town, tuple(victims))
            return
        _record_turn(state, record.consumed, attack=None)
        # He decides behind his screen even when there is nothing he may place.
        state.stack[-1] = DraculaAction(DraculaStage.PLACE)
        return
    state.stack.pop()
    state.seq.end_turn()


def placement_options(state: FuryState) -> list[Action]:
    """The Encounters Dracula may place in his Town box, or nothing. Placing an
    Encounter: "There can be no Hunters present ... or an Encounter Chit already in the
    Town box" - not even a Hunter he fought there last turn and may not attack (ruling 6).
    """
    d = state.dracula
    town = d.location
    assert town is not None
    if d.at_sea or town in state.chart or not state.board.is_town(town) \
            or state.hunters_at(town):
        return [DO_NOTHING]
    enc = state.rules.encounters
    chits = [c for c in dict.fromkeys(sorted(d.encounter_set))
             if enc.may_place(c, town, state.board)]
    return [*(action_of(PlaceEncounter, c) for c in chits), DO_NOTHING]


def apply_placement(state: FuryState, record: DraculaAction, seat: str,
                    action: Action) -> None:
    d = state.dracula
    town = d.location
    assert town is not None
    state.stack.pop()
    if isinstance(action, PlaceEncounter):
        had = len(d.encounter_set)
        d.encounter_set.remove(action.chit)
        state.chart[town] = action.chit
        drawn = None
        if had <= ENCOUNTER_SET_SIZE:
            drawn = state.draw_encounter_chit()
            if drawn is not None:
                d.encounter_set.append(drawn)
        text = f"Dracula places {action.chit} in {town}" + (
            f" and draws {drawn}" if drawn else " and draws no replacement")
        state.tell(event("encounter_placed", text, town=town, chit=action.chit,
                         drawn=drawn), SECRET)
        check_dracula_victory(state)
    state.seq.end_turn()
