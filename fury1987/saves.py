"""What a save must hold for the rules to go on from it: checked when a save is loaded.

A save is read field by field with its types checked (``gothic_kernel.serial``); this
module then checks what the rules guarantee of every position they produce, so that a
damaged or hand-edited save is refused at once with :class:`~gothic_kernel.CorruptSave`
instead of failing later in play:

* every Encounter Chit, Weapon Chit and Event Card is a known one, in exactly one place
  (:func:`fury1987.setup.invariant_problems`);
* every track is in range: Wounds, Blood Points, Valour, successive turns in the Castle,
  the Vampires destroyed, the Hunters' chits and cards (never more than three Weapon
  Chits but while the discard of the extra ones waits);
* Dracula's secret trail goes from each box to the next by road or sea, but for as many
  jumps as the public record shows Evasions, Bat flights and storms driving him ashore;
* every place named (pieces, Town boxes, markers, voyages, the public record of clues,
  the pending decisions) is on the map, and of the right kind; a clue's set of Towns
  (occupied, hosts, spared) names each once;
* the turn record names the game's seats and phases; each pending decision is of a kind
  the game has (its stage one of its kind's: the serialiser reads each sub-state into its
  enum), names seats that play, dice from 1 to 6; a game not over waits on a decision
  some seat can take, and a game over waits on nothing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs

from gothic_kernel import CorruptSave
from gothic_kernel.decisions import Decision

from .combat_round import ChitHistory
from .dracula import DraculaAction, DraculaStage
from .encounter_chits import hunter_vampire_id
from .events import CardRule, CardStep, DieRoll, EventWindow, card_rule
from .fight import Combat
from .hunters import HunterAction
from .items import ItemChoice, NewWeapons
from .movement import HunterMovement, TrainRide
from .seats import DRACULA, HARKER, HUNTERS, SEATS
from .setup import ChooseStart, invariant_problems
from .state import (
    BLOOD_DEATH_LIMIT,
    EVENT_LIMIT,
    MAX_BLOOD_POINTS,
    PHASES,
    WEAPON_LIMIT,
)
from .victory import victory_due

if TYPE_CHECKING:
    from .state import FuryState

Problems = list[str]
AGENTS = ("agent_1", "agent_2", "agent_3")
STATUSES = ("alive", "dead", "vampire")
SEA_MOVES = frozenset({"sailing", "embarking", "disembarking", "none"})


def check_save(state: FuryState) -> None:
    """Raise CorruptSave unless the state is one the rules can go on from."""
    problems = save_problems(state)
    if problems:
        raise CorruptSave("fury1987 save breaks the rules: " + "; ".join(problems[:5]))


def save_problems(state: FuryState) -> Problems:
    """Everything wrong with a loaded state (empty if it is sound). Each check assumes
    the ones before it passed."""
    for check in (_seat_problems, _place_problems, invariant_problems, _holder_problems,
                  _track_problems, _clue_problems, _trail_problems, _card_problems,
                  _stack_problems, _decision_problems):
        problems: Problems = check(state)
        if problems:
            return problems
    return []


# -- seats and the turn record ------------------------------------------------------------------
def _seat_problems(state: FuryState) -> Problems:
    problems: Problems = []
    seq = state.seq
    if tuple(seq.order) != SEATS or tuple(seq.phases) != PHASES:
        problems.append("the turn record does not name the game's seats and phases")
    if set(state.hunters) != set(HUNTERS):
        problems.append("the Hunters' playsheets are not Godalming's, Seward's and Van "
                        "Helsing's")
    problems += [f"hunters.{seat}.seat is {hunter.seat!r}, not {seat!r}"
                 for seat, hunter in state.hunters.items() if hunter.seat != seat]
    for hunter in state.hunters.values():
        if hunter.status not in STATUSES:
            problems.append(f"{hunter.seat} is {hunter.status!r}")
        elif not hunter.alive and (hunter.weapons or hunter.events or hunter.hosts_placed
                                   or hunter.bitten):
            problems.append(f"{hunter.seat} is out of the game but keeps his counters")
    grouped = [m for group in state.groups for m in group]
    if len(grouped) != len(set(grouped)) or any(len(g) < 2 for g in state.groups) \
            or any(m not in HUNTERS or not state.hunters[m].alive for m in grouped):
        problems.append(f"the Hunter groups {state.groups} are not groups of living Hunters")
    outcome = state.outcome
    if outcome is not None and not set(outcome.winners) <= set(SEATS):
        problems.append(f"the winners {outcome.winners} are not seats")
    return problems


# -- places ---------------------------------------------------------------------------------
def _place_problems(state: FuryState) -> Problems:
    board, d = state.board, state.dracula
    towns = {p for p in board.places if board.is_town(p)}
    problems = [f"{what} {place!r} is not {kind}" for what, place, kind in (
        *(("a Hunter's place", h.location, "on the map") for h in state.hunters.values()),
        *(("a Hunter's turn start", h.turn_start, "on the map") for h in state.hunters.values()),
        *(("a fight's Town", h.fought_dracula_at, "a Town") for h in state.hunters.values()),
        ("Dracula's place", d.location, "on the map"), ("the Local Rumours", d.rumours, "a Town"),
        ("Dracula's piece on the map", d.shown_at, "on the map"),
    ) if place is not None and place not in (towns if kind == "a Town" else board.places)]
    places = [*d.trail, *d.voyage, *(p for h in state.hunters.values() for p in h.voyage),
              *(p for h in state.hunters.values() for p in h.hosts_placed)]
    problems += [f"{place!r} is not on the map" for place in places if place not in board]
    problems += [f"a marker lies on {town!r}, which is not a Town"
                 for town in (*state.chart, *state.map_chits, *state.hosts, *state.sightings)
                 if town not in towns]
    problems += _voyage_problems(state)
    problems += _start_problems(state)
    return problems


def _start_problems(state: FuryState) -> Problems:
    """Starting the Game: the Hunters who have chosen their Town stand in it, the others
    nowhere yet; Dracula is somewhere once he has chosen (and the public record begun)."""
    top = state.stack[-1] if state.stack else None
    choosing = top.seat if isinstance(top, ChooseStart) else None
    placed = HUNTERS[:HUNTERS.index(choosing)] if choosing in HUNTERS else HUNTERS
    problems = [f"{seat} has {'no' if seat in placed else 'a'} place"
                for seat in HUNTERS if (state.hunters[seat].location is None) == (seat in placed)]
    d = state.dracula
    if (d.location is None) != (choosing is not None) or (d.location is None) != \
            (not state.clues) or (d.location is None and d.trail):
        problems.append("Dracula's start and the public record disagree")
    return problems


def _voyage_problems(state: FuryState) -> Problems:
    """A piece at Sea has its voyage: the Port it left, then the Sectors to where it is;
    a piece in a Town has none."""
    board = state.board
    problems: Problems = []
    pieces = [(h.seat, h.location, h.voyage) for h in state.hunters.values() if h.alive]
    pieces.append((DRACULA, state.dracula.location, state.dracula.voyage))
    for who, place, voyage in pieces:
        if place is None:
            if voyage:
                problems.append(f"{who} has a voyage but no place")
            continue
        at_sea = board.is_sea(place)
        if at_sea and (len(voyage) < 2 or voyage[-1] != place or not board.is_port(voyage[0])
                       or not all(board.is_sea(p) for p in voyage[1:])):
            problems.append(f"{who} is at Sea in {place} without a voyage there")
        elif not at_sea and voyage:
            problems.append(f"{who} is in a Town but still has a voyage")
    return problems


# -- tracks ---------------------------------------------------------------------------------
def _holder_problems(state: FuryState) -> Problems:
    """Each Event Card with its owner, named by the field that holds it: "a cross for the
    Hunter, a bat for Dracula" (Event Cards)."""
    events = state.rules.events
    problems = [f"hunters.{seat}.events holds {events[card].name}, an Event Card with a Bat "
                "on its back (Dracula's)" for seat, hunter in state.hunters.items()
                for card in hunter.events if events[card].owner != "hunter"]
    problems += [f"dracula.events holds {events[card].name}, an Event Card with a Cross on "
                 "its back (a Hunter's)" for card in state.dracula.events
                 if events[card].owner != "dracula"]
    return problems


def _track_problems(state: FuryState) -> Problems:
    d = state.dracula
    problems: Problems = []
    for hunter in state.hunters.values():
        if hunter.valour < 0:
            problems.append(f"{hunter.seat} has {hunter.valour} Valour Points")
        if hunter.alive and len(hunter.weapons) > WEAPON_LIMIT + 2:
            problems.append(f"{hunter.seat} holds {len(hunter.weapons)} Weapon Chits")
        elif hunter.alive and len(hunter.weapons) > WEAPON_LIMIT and not any(
                isinstance(d, NewWeapons) and d.seat == hunter.seat for d in state.stack):
            problems.append(f"hunters.{hunter.seat}.weapons holds {len(hunter.weapons)} "
                            "Weapon Chits with no discard waiting (New Weapons and Events: "
                            "never more than three)")
        if len(hunter.events) > EVENT_LIMIT + 2:
            problems.append(f"{hunter.seat} holds {len(hunter.events)} Event Cards")
        placed = [t for t, owner in state.hosts.items() if owner == hunter.seat]
        if sorted(placed) != sorted(hunter.hosts_placed):
            problems.append(f"{hunter.seat}'s Host Markers are not where the map has them")
    if any(owner not in ("", *HUNTERS) for owner in state.hosts.values()):
        problems.append("a Host Marker belongs to nobody in the game")
    if len(d.events) > EVENT_LIMIT + 2:
        problems.append(f"Dracula holds {len(d.events)} Event Cards")
    if not 0 <= d.castle_turns <= 3 or d.consumed < 0 or not 0 <= state.vampires_destroyed <= 6:
        problems.append("a count of turns in the Castle, Vampires consumed or destroyed is "
                        "out of range")
    if not -BLOOD_DEATH_LIMIT <= d.blood <= MAX_BLOOD_POINTS or (d.blood <= 0 and not d.fleeing):
        problems.append(f"Dracula has {d.blood} Blood Points but does not flee")
    problems += _chit_kind_problems(state)
    return problems


def _chit_kind_problems(state: FuryState) -> Problems:
    """Fog and Storms lie on the map; in the Town boxes, chits Dracula may place there;
    what the Hunters noted is a chit of the game."""
    enc = state.rules.encounters
    turned = {hunter_vampire_id(s) for s, h in state.hunters.items()
              if h.status == "vampire"} | {hunter_vampire_id(HARKER)}
    known = set(enc.chits) | turned
    problems = [f"{chit!r} lies on the map in {town}" for town, chit in state.map_chits.items()
                if chit not in enc.chits or not enc.chits[chit].lingers]
    problems += [f"{chit!r} is in the Town box of {town}" for town, chit in state.chart.items()
                 if chit not in known]
    problems += [f"the Hunters noted {chit!r} in {town}"
                 for town, chit in state.sightings.items() if chit not in known]
    problems += [f"{chit!r} is in Dracula's Encounter Set"
                 for chit in state.dracula.encounter_set if chit not in known]
    problems += [f"{chit!r} was seen discarded, but is no chit of the Pool"
                 for chit in state.public_encounter_discards if chit not in enc.chits]
    if Counter(state.public_weapon_discards) - Counter(state.weapons_pool.aside):
        problems.append("Weapon Chits seen discarded are not among the discards")
    return problems


# -- the public record (the tracker's clues) ----------------------------------------------------
#: The fields of a clue that hold a set of Towns (written sorted, each once).
TOWN_SETS = ("occupied", "hosts", "spared")


def _clue_problems(state: FuryState) -> Problems:
    board = state.board
    for i, clue in enumerate(state.clues):
        for key in TOWN_SETS:
            towns = clue.get(key) if isinstance(clue, dict) else None
            if isinstance(towns, list) and all(isinstance(t, str) for t in towns):
                twice = sorted(t for t, n in Counter(towns).items() if n > 1)
                if twice:
                    return [f"clues[{i}].{key} names {', '.join(twice)} twice (a set of "
                            "Towns, each once)"]
    towns = frozenset(p for p in board.places if board.is_town(p))
    checks = _clue_checks(frozenset(board.places), towns,
                          frozenset(p for p in board.places if board.is_sea(p)))
    for i, clue in enumerate(state.clues):
        check = checks.get(str(clue.get("k"))) if isinstance(clue, dict) else None
        if check is None or not check(clue):
            return [f"the public record's entry {i} is not one the rules write: {clue!r}"]
    if state.clues and state.clues[0].get("k") != "start":
        return ["the public record does not begin with Dracula's start"]
    return []


def _clue_checks(places: frozenset[str], towns: frozenset[str],
                 seas: frozenset[str]) -> dict[str, Callable[[dict[str, Any]], bool]]:
    def many(value: object, allowed: frozenset[str]) -> bool:
        # (a list holding a list or a dict is unhashable: the TypeError refuses the save)
        return isinstance(value, list) and allowed.issuperset(value)

    def flag(value: object) -> bool:
        return value is None or isinstance(value, bool)

    def turn(c: dict[str, Any]) -> bool:
        return (isinstance(c.get("fleeing"), bool) and isinstance(c.get("consumed"), bool)
                and many(c.get("hosts"), towns) and many(c.get("occupied"), towns)
                and many(c.get("spared", []), towns)
                and (c.get("attack") is None or c.get("attack") in towns)
                and many(c.get("blocked", []), seas)
                and c.get("sea", "none") in SEA_MOVES)

    def search(c: dict[str, Any]) -> bool:
        box = c.get("box")
        return (c.get("town") in places and flag(c.get("dracula")) and flag(c.get("rumours"))
                and (box is None or isinstance(box, str)))

    def blood(c: dict[str, Any]) -> bool:
        return isinstance(c.get("loss"), int) and not isinstance(c.get("loss"), bool) \
            and abs(c["loss"]) <= 24 and isinstance(c.get("drained"), bool)

    return {
        "start": lambda c: many(c.get("occupied"), towns),
        "turn": turn, "search": search, "blood": blood,
        "where": lambda c: many(c.get("places"), places) and bool(c["places"]),
        "bat": lambda c: c.get("from") in towns and many(c.get("hosts"), towns),
        "vampires": lambda c: isinstance(c.get("count"), int) and c["count"] >= 0,
        "box": lambda c: c.get("town") in towns and isinstance(c.get("after"), str),
        "driven": lambda c: c.get("from") in seas and c.get("to") in towns,
        "host": lambda c: c.get("town") in towns,
        "evasion": lambda c: many(c.get("occupied"), towns) and many(c.get("hosts"), towns),
        "harker_vampire": lambda c: True,
    }


# -- Event Cards' lasting effects ---------------------------------------------------------------
def _card_problems(state: FuryState) -> Problems:
    cards, board = state.cards, state.board
    known = {"shipping_agents", "stormy", "declared", "route", "weather", "followed",
             "sea_move", "walpurgis_nacht"}
    if set(cards) - known:
        return [f"unknown lasting effects {sorted(set(cards) - known)}"]
    problems: Problems = []
    if cards.get("shipping_agents", HUNTERS[0]) not in HUNTERS:
        problems.append("Shipping Agents are in play for nobody")
    stormy = cards.get("stormy", {})
    if not isinstance(stormy, dict) or any(
            sea not in board or not board.is_sea(sea) or not isinstance(block, list)
            or len(block) != 2 or block[0] not in HUNTERS or block[1] not in (1, 2)
            for sea, block in stormy.items()):
        problems.append(f"Stormy Seas blocks {stormy!r} make no sense")
    declared = cards.get("declared", {})
    if not isinstance(declared, dict) or any(
            seat not in SEATS or not isinstance(move, str)
            or (move not in ("train", "pass", "stay") and move not in board)
            for seat, move in declared.items()):
        problems.append(f"declared moves {declared!r} make no sense")
    route = cards.get("route", {})
    if not isinstance(route, dict) or any(
            not isinstance(declared, dict) or declared.get(seat) != "train"
            or not isinstance(towns, list) or not 0 < len(towns) <= 3
            or any(t not in board or not board.is_town(t) for t in towns)
            for seat, towns in route.items()):
        problems.append(f"declared train routes {route!r} make no sense")
    weather = cards.get("weather", {})
    if not isinstance(weather, dict) or any(
            seat not in HUNTERS or not isinstance(n, int) or isinstance(n, bool)
            or not 0 < n <= 4 for seat, n in weather.items()):
        problems.append(f"Excellent Weather {weather!r} makes no sense")
    if cards.get("walpurgis_nacht", True) is not True:
        problems.append("Walpurgis Nacht's turn makes no sense")
    if cards.get("sea_move", "none") not in SEA_MOVES or \
            not isinstance(cards.get("followed", False), bool):
        problems.append("what Dracula must announce makes no sense")
    return problems


# -- the pending decisions ----------------------------------------------------------------------
def _stack_problems(state: FuryState) -> Problems:
    if state.outcome is not None:
        return ["the game is over but still waits on a decision"] if state.stack else []
    if not state.stack:
        return ["the game is not over but waits on no decision"]
    due = victory_due(state)
    if due:
        return [f"{due}, yet the game is not over (Victory: the game ends as soon as any of "
                "the victory conditions are fulfilled)"]
    problems: Problems = []
    for record in state.stack:
        problems += [f"a pending {record.KIND}: {p}" for p in _record_problems(state, record)]
    return problems


_SEAT_FIELDS = ("seat", "chooser", "holder", "hunter")
_HUNTERS_FIELDS = ("members", "movers", "hunters")


def _record_problems(state: FuryState, record: Decision[Any]) -> Problems:
    """The fields every record shares by name: seats, groups, Towns, cards, chits, dice."""
    board, rules = state.board, state.rules
    kind = type(record)
    assert attrs.has(kind)
    values = {f.name: getattr(record, f.name) for f in attrs.fields(kind)}
    problems: Problems = []
    for name in _SEAT_FIELDS:
        value = values.get(name)
        if value is not None and value != "" and value not in (*SEATS, HARKER):
            problems.append(f"{name} {value!r} is not a seat")
    for name in _HUNTERS_FIELDS:
        value = values.get(name)
        if value is not None and (not value or not set(value) <= {*HUNTERS, HARKER}):
            problems.append(f"{name} {value!r} are not Hunters")
    town = values.get("town")
    if town is not None and town != "" and town not in board:
        problems.append(f"{town!r} is not on the map")
    card = values.get("card")
    if card is not None and card not in rules.events.cards:
        problems.append(f"{card!r} is not an Event Card")
    check = next((c for kind, c in _KIND_CHECKS.items() if isinstance(record, kind)),
                 _no_problems)
    problems += check(state, record)
    return problems


def _no_problems(state: FuryState, record: Any) -> Problems:
    return []


def _die_roll(state: FuryState, record: DieRoll) -> Problems:
    if type(record) is not DieRoll.rolls.get(record.what) or not 1 <= record.roll <= 6 \
            or not 0 <= record.other <= 6:
        return [f"a roll of {record.roll} ({record.other}) for {record.what!r}"]
    return []


def _event_window(state: FuryState, record: EventWindow) -> Problems:
    if not record.seats \
            or not 0 <= record.turn < len(record.seats) \
            or not 0 <= record.passes < len(record.seats) \
            or any(c not in state.rules.events.cards for c in record.played):
        return [f"a window {record.timing!r} for {record.seats} that makes no sense"]
    return []


def _card_step(state: FuryState, record: CardStep) -> Problems:
    asks = record.card in CardRule.rules \
        and type(card_rule(record.card)).step_options is not CardRule.step_options
    if not asks or record.moves < 0 \
            or any(p not in state.board and p not in HUNTERS for p in record.picks):
        return [f"a step of {record.card!r} that makes no sense"]
    return []


def _hunter_movement(state: FuryState, record: HunterMovement) -> Problems:
    hunter = state.hunters.get(record.seat)
    if hunter is None or not hunter.alive:
        return [f"a Movement Phase of {record.seat} that makes no sense"]
    return []


def _train_ride(state: FuryState, record: TrainRide) -> Problems:
    if not 1 <= record.stops <= 3 or record.seat not in record.movers \
            or all(t.id != record.train for t in state.rules.railway_chart.trains):
        return ["a train ride that makes no sense"]
    return []


def _item_choice(state: FuryState, record: ItemChoice) -> Problems:
    problems = [] if record.limit in (1, 2) else [f"a limit of {record.limit} items"]
    below = _below(state, record)
    if not (isinstance(below, HunterAction) and below.seat == record.seat
            and below.town == record.town):
        problems.append("it is not asked by its Hunter's Action Phase in that Town "
                        "(New Weapons and Events)")
    return problems


def _below(state: FuryState, record: Decision[Any]) -> Decision[Any] | None:
    """The record under ``record`` on the stack (the one that pushed it), or None."""
    at = next(i for i, r in enumerate(state.stack) if r is record)
    return state.stack[at - 1] if at else None


def _hunter_action(state: FuryState, record: HunterAction) -> Problems:
    if not state.board.is_town(record.town) or record.reinforcements < 0:
        return [f"an Action Phase in {record.town}"]
    return []


def _dracula_action(state: FuryState, record: DraculaAction) -> Problems:
    d = state.dracula
    at_sea = d.location is not None and state.board.is_sea(d.location)
    if d.location is None or (record.stage == DraculaStage.IDLE) != at_sea:
        return [f"an Action Phase {record.stage!r} where Dracula is"]
    return []


def _combat(state: FuryState, record: Combat) -> Problems:
    chits = state.rules.chits
    known = {*chits.dracula, *chits.agent, *chits.hunter}
    fighters = {*record.hunters, *record.opponents}
    problems: Problems = []
    if record.side not in ("dracula", "agents") or record.round < 1 \
            or record.winner not in ("", "dracula", "agents", "hunters"):
        problems.append("its side, round or winner makes no sense")
    if not set(record.opponents) <= {DRACULA, *AGENTS} or not record.opponents \
            or (record.side == "dracula") != (record.opponents == (DRACULA,)):
        problems.append(f"its opponents {record.opponents} make no sense")
    if record.attacker not in (*SEATS, HARKER):
        problems.append(f"its attacker {record.attacker!r} is no fighter")
    engaged = [f for e in record.engagements for f in e.fighters]
    if not set(engaged) <= fighters:
        problems.append("its engagements name fighters not in the fight")
    if any(not e.hunters or not e.opponents or not (e.lone_hunter or e.lone_opponent)
           for e in record.engagements):
        problems.append("an engagement is not one fighter against one or more")
    if any(f not in fighters or c not in known for f, c in record.chosen.items()) \
            or any(f not in fighters or not isinstance(h, ChitHistory)
                   for f, h in record.histories.items()):
        problems.append("a chit is chosen for no fighter, or is no chit")
    if any(not 1 <= die <= 6 for pair in record.initiative_rolls for die in pair):
        problems.append("an initiative die off the die")
    if any(not 0 <= i < len(record.engagements) for i in record.needs_choice) \
            or not set(record.team_up) <= fighters \
            or any(a not in record.agent_chits or not set(record.agent_chits[a]) <= known
                   for a in record.opponents if a != DRACULA):
        problems.append("its results, teams or Agents' chits make no sense")
    if record.garlic_by not in (None, *record.hunters) or record.harker_wounds < 0 \
            or not set(record.harker_weapons) | set(record.harker_spent) <= set(chits.hunter):
        problems.append("its Garlic or Jonathan Harker makes no sense")
    return problems


_KIND_CHECKS: dict[type, Callable[[FuryState, Any], Problems]] = {
    DieRoll: _die_roll, EventWindow: _event_window, CardStep: _card_step,
    HunterMovement: _hunter_movement, TrainRide: _train_ride, ItemChoice: _item_choice,
    HunterAction: _hunter_action, DraculaAction: _dracula_action, Combat: _combat,
}


# -- a decision someone can take -----------------------------------------------------------------
def _decision_problems(state: FuryState) -> Problems:
    """A game not over waits on a seat that has something to do (worked out now, so that a
    save that cannot be played on is refused at once)."""
    if state.outcome is not None:
        return []
    seats = state.current_seats()
    if not seats:
        return [f"nobody is asked to decide the pending {state.stack[-1].KIND}"]
    for seat in seats:
        legal = state.legal_actions(seat)
        if not legal:
            return [f"{seat} must decide the pending {state.stack[-1].KIND} but can do "
                    "nothing"]
        state.prompt(seat)
        for action in legal:
            state.describe_action(seat, action)
    return []



# -- Dracula's secret trail ---------------------------------------------------------------------
def _trail_problems(state: FuryState) -> Problems:
    """Dracula moves by road or by sea (Movement), so each box of his trail is the one
    before it or joined to it by a road or a sea connection, but for the jumps the public
    record tells of: an Evasion (anywhere), a Bat flight, a storm driving him ashore (each
    a clue of its own kind)."""
    board, trail = state.board, state.dracula.trail
    jumps = [i for i in range(len(trail) - 1) if trail[i] != trail[i + 1]
             and not board.connection_kinds(trail[i], trail[i + 1]) & {"road", "sea"}]
    told = sum(1 for clue in state.clues if clue.get("k") in ("evasion", "bat", "driven"))
    if len(jumps) > told:
        pairs = "; ".join(f"dracula.trail[{i}] {trail[i]!r} to dracula.trail[{i + 1}] "
                          f"{trail[i + 1]!r}" for i in jumps[:3])
        return [f"Dracula's trail jumps by no road or sea ({pairs}) {len(jumps)} times; the "
                f"public record tells of {told} Evasion, Bat flight or storm to account for "
                "them"]
    return []
