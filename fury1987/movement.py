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

from itertools import combinations
from typing import TYPE_CHECKING

from gothic_kernel import Scope, event

from .actions import (
    CATCH_TRAIN,
    LEAVE_GROUP,
    PASS,
    PLACE_HOST,
    REVEAL_DOGS,
    STAY_PUT,
    TREAT_BITE,
    WAIT_FOR_GROUP,
    FormGroup,
    GiveWeapon,
    MoveTo,
    RemoveHost,
    RideTo,
    SwapWeapons,
)
from .board import CASTLE_DRACULA, HOST_FORBIDDEN
from .pending import (
    HunterAction,
    HunterMovement,
    NewWeapons,
    TrainAttempt,
    TrainRide,
    WeaponSwap,
)
from .state import HUNTER_NAMES, HUNTERS, SEATS, WEAPON_LIMIT, agree, article, counted

if TYPE_CHECKING:
    from gothic_kernel import Action

    from .state import FuryState, Hunter

RULE_MOVEMENT = "Movement"
RULE_SEA = "Movement - Sea Movement"
RULE_RAIL = "Movement - Rail Movement"
RULE_PASSING = "Movement - Passing"
RULE_GROUPS = "Hunter Groups"
HUNTERS_SCOPE = Scope.side("hunters", HUNTERS)
HOLY_WATER = "holy_water"
HEAVENLY_HOST = "heavenly_host"
MAX_TRADES = 3  # ruling: a group's weapon swaps, at most three per Movement Phase
ENTERING_CASTLE_VALOUR = 3  # Valour Points: "For entering Castle Dracula" (first time)


def begin_movement_phase(state: FuryState, seat: str) -> None:
    from .events import open_window, stormy_seas_pass

    if state.seq.phase != "movement" or not state.hunters[seat].alive:
        state.seq.end_turn()
        return
    stormy_seas_pass(state, seat)
    state.cards.get("weather", {}).pop(seat, None)
    state.stack.append(HunterMovement(seat))
    # Control Storms, Wild Horses: "at the start of a Hunter's Movement Phase".
    open_window(state, "hunter_movement_start", ("dracula",), hunter=seat)


# -- who moves ----------------------------------------------------------------------------
def movers(state: FuryState, seat: str) -> tuple[str, ...]:
    """The Hunters moving in ``seat``'s Movement Phase: his group, or himself."""
    return state.group_of(seat)


def _later_members(state: FuryState, seat: str, group: tuple[str, ...]) -> list[str]:
    """Group members whose turn is still to come this turn."""
    here = SEATS.index(seat)
    return [m for m in group if SEATS.index(m) > here and not state.hunters[m].moved]


def group_candidates(state: FuryState, seat: str) -> list[tuple[str, ...]]:
    """Groups ``seat`` may form: Hunters together since the start of the turn, none of
    whom has had his Movement Phase (Hunter Groups). Existing groups join whole."""
    me = state.hunters[seat]
    if len(state.group_of(seat)) > 1 or me.moved or me.location is None \
            or state.board.is_sea(me.location):
        return []
    units: list[tuple[str, ...]] = []
    for other in HUNTERS:
        h = state.hunters[other]
        if other == seat or not h.alive or h.moved or h.location != me.location \
                or h.turn_start != me.turn_start or me.turn_start != me.location:
            continue
        unit = state.group_of(other)
        if unit not in units:
            units.append(unit)
    found = []
    for size in range(1, len(units) + 1):
        for chosen in combinations(units, size):
            members = {seat, *(m for unit in chosen for m in unit)}
            found.append(tuple(s for s in HUNTERS if s in members))
    return found


# -- the options --------------------------------------------------------------------------
def movement_options(state: FuryState, record: HunterMovement, seat: str) -> list[Action]:
    hunter = state.hunters[seat]
    group = movers(state, seat)
    from .events import declared_moves

    options: list[Action] = []
    if "missed_train" not in record.done and "declaring" not in record.done:
        options.extend(_start_of_phase_options(state, record, seat, hunter, group))
    moves = _move_options(state, record, group)
    if "declaring" not in record.done:
        moves = declared_moves(state, seat, moves)  # Vampiric Influence
    options.extend(moves)
    return options


def _start_of_phase_options(state: FuryState, record: HunterMovement, seat: str,
                            hunter: Hunter, group: tuple[str, ...]) -> list[Action]:
    options: list[Action] = []
    here = hunter.location
    assert here is not None
    at_sea = state.board.is_sea(here)
    if "dogs" in hunter.hidden_weapons():
        options.append(REVEAL_DOGS)
    if not at_sea and HEAVENLY_HOST in hunter.weapons and "host" not in record.done \
            and here not in HOST_FORBIDDEN and here not in state.hosts:
        options.append(PLACE_HOST)
    options.extend(RemoveHost(t) for t in sorted(hunter.hosts_placed))
    if hunter.bitten and HOLY_WATER in hunter.weapons:
        options.append(TREAT_BITE)
    if len(group) > 1:
        if "left" not in record.done:
            options.append(LEAVE_GROUP)
            if _later_members(state, seat, group):
                options.append(WAIT_FOR_GROUP)
        if record.done.count("trade") < MAX_TRADES:
            options.extend(_weapon_swaps(state, group))
    elif "left" not in record.done:
        options.extend(FormGroup(m) for m in group_candidates(state, seat))
    return options


def _weapon_swaps(state: FuryState, group: tuple[str, ...]) -> list[Action]:
    """Gifts to a member holding fewer than three chits, and one-for-one exchanges (in a
    fixed order of the chits, not the order they were drawn in)."""
    found: list[Action] = []
    for giver in group:
        for weapon in dict.fromkeys(sorted(state.hunters[giver].weapons)):
            for taker in group:
                if taker == giver:
                    continue
                held = sorted(state.hunters[taker].weapons)
                if len(held) < WEAPON_LIMIT:
                    found.append(GiveWeapon(giver, taker, weapon))
                if SEATS.index(giver) < SEATS.index(taker):
                    found.extend(GiveWeapon(giver, taker, weapon, back)
                                 for back in dict.fromkeys(held) if back != weapon)
    return found


def _move_options(state: FuryState, record: HunterMovement,
                  group: tuple[str, ...]) -> list[Action]:
    board = state.board
    lead = state.hunters[group[0]]
    here = lead.location
    assert here is not None
    if board.is_sea(here):
        return [MoveTo(p) for p in sea_moves(state, lead)]
    storm = state.map_effect(here) == "storms"
    options: list[Action] = [MoveTo(p) for p in board.road[here]]
    if board.is_port(here) and not storm:
        blocked = state.cards.get("stormy", {})
        options.extend(MoveTo(p) for p in board.sea[here] if p not in blocked)
    if board.rail[here] and not storm and "missed_train" not in record.done:
        options.append(CATCH_TRAIN)
    if "missed_train" not in record.done and may_pass(state, here):
        options.append(PASS)
    options.append(STAY_PUT)
    return options


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
    here = hunter.location or "nowhere"
    board = state.board
    if isinstance(action, MoveTo):
        if action.to not in board:
            return f"there is no place called {action.to!r}"
        if board.is_sea(here):
            return (f"from {here} a Hunter must sail to an adjacent Sea Sector not yet "
                    "visited on this voyage, or disembark at an adjacent Port other than "
                    "the one he started from")
        kinds = board.connection_kinds(here, action.to)
        if "rail" in kinds and "road" not in kinds:
            return f"{action.to} is joined to {here} by Rail only: catch a train"
        if not kinds:
            return f"{action.to} is not adjacent to {here}"
        return f"{here} is stormbound: no one may sail from it"
    if action == PASS:
        if board.is_sea(here):
            return "no one may Pass in a Sea Sector"
        return f"a Hunter may not Pass in {here} (Fog, Storms, or Agents waiting there)"
    if action == STAY_PUT and board.is_sea(here):
        return "in a Sea Sector a Hunter must move to an adjacent Sea Sector or Port"
    if action == CATCH_TRAIN:
        return f"no train can be caught in {here} now"
    return f"{HUNTER_NAMES[seat]} may not {action.TYPE} now"


# -- applying -----------------------------------------------------------------------------
def apply_movement(state: FuryState, record: HunterMovement, seat: str,
                   action: Action) -> None:
    hunter = state.hunters[seat]
    name = HUNTER_NAMES[seat]
    if action == REVEAL_DOGS:
        hunter.show("dogs")
        state.say("dogs_revealed", f"{name} reveals Dogs and puts them face up", hunter=seat)
    elif action == PLACE_HOST:
        _place_host(state, record, seat)
    elif isinstance(action, RemoveHost):
        _remove_host(state, seat, action.town)
    elif action == TREAT_BITE:
        treat_bite(state, seat)
    elif isinstance(action, FormGroup):
        form_group(state, action.members)
        state.say("group_formed", f"{' and '.join(HUNTER_NAMES[m] for m in action.members)} "
                  "form a group", members=list(action.members))
    elif action == LEAVE_GROUP:
        leave_group(state, seat)
        state.stack[-1] = HunterMovement(seat, (*record.done, "left"))
        state.say("group_left", f"{name} leaves his group", hunter=seat)
    elif action == WAIT_FOR_GROUP:
        state.stack.pop()
        state.say("group_waits", f"{name}'s group will move later this turn", hunter=seat)
        state.seq.end_turn()
    elif isinstance(action, GiveWeapon):
        _give_weapon(state, action)
        state.stack[-1] = HunterMovement(seat, (*record.done, "trade"))
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
    state.stack[-1] = HunterMovement(seat, (*record.done, "host"))
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
        leave_group(state, seat)
    hunter.moved = True
    state.stack.pop()
    # The die is rolled; Good Luck may have it rolled again (Reference 4).
    from .pending import DieRoll

    state.stack.append(DieRoll("holy_water", seat, state.dice.d6()))


def holy_water_rolled(state: FuryState, seat: str, roll: int) -> None:
    """The Holy Water die stands: 1 = a Wound, 2-3 = no effect, 4-6 = the Bite Marker is
    discarded; the Hunter misses his turn."""
    from .wounds import wound

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


def _hand_over(giver: Hunter, taker: Hunter, weapon: str) -> None:
    """One chit changes hands, face up if it was face up."""
    shown = giver.seen_if_lost(weapon)
    giver.lose_weapon(weapon)
    taker.weapons.append(weapon)
    if shown:
        taker.shown.append(weapon)


def _give_weapon(state: FuryState, action: GiveWeapon) -> None:
    giver, taker = state.hunters[action.giver], state.hunters[action.taker]
    _hand_over(giver, taker, action.weapon)
    if action.back:
        _hand_over(taker, giver, action.back)
    who, to = HUNTER_NAMES[action.giver], HUNTER_NAMES[action.taker]
    if action.back:
        secret = f"{who} gives {action.weapon} to {to} for {action.back}"
        public = f"{who} and {to} exchange Weapon Chits"
    else:
        secret = f"{who} gives {action.weapon} to {to}"
        public = f"{who} gives a Weapon Chit to {to}"
    state.tell(
        event("weapon_swapped", secret, giver=action.giver, taker=action.taker,
              weapon=action.weapon, back=action.back),
        HUNTERS_SCOPE,
        event("weapon_swapped", public, giver=action.giver, taker=action.taker))


def form_group(state: FuryState, members: tuple[str, ...]) -> None:
    state.groups = [g for g in state.groups if not set(g) & set(members)]
    state.groups.append(list(members))


def leave_group(state: FuryState, seat: str) -> None:
    for group in state.groups:
        if seat in group:
            group.remove(seat)
    state.groups = [g for g in state.groups if len(g) > 1]


def _move_choice(state: FuryState, record: HunterMovement, seat: str,
                 action: Action) -> None:
    group = movers(state, seat)
    names = " and ".join(HUNTER_NAMES[m] for m in group)
    here = state.hunters[seat].location
    assert here is not None
    from .events import moved_as_declared, open_window

    if action == CATCH_TRAIN:
        # False Tip-off: "when a Hunter attempts to catch a train" (Reference 4).
        state.stack.append(TrainAttempt(seat))
        open_window(state, "catching_train", ("dracula",), hunter=seat)
        return
    moved_as_declared(state, seat)
    state.stack.pop()
    _group_has_moved(state, seat, group)
    if isinstance(action, MoveTo):
        for member in group:
            move_hunter(state, member, action.to)
        state.say("hunter_moves", f"{names} {'move' if len(group) > 1 else 'moves'} from "
                  f"{here} to {action.to}", hunters=list(group), to=action.to)
        if _more_sea_moves(state, record, seat, here, action.to):
            return
        _after_move(state, seat, group)
        if state.board.is_sea(here) and state.board.is_town(action.to):
            # Customs Search: "when a Hunter ends his Movement Phase in a Port he reached
            # by sea" (Reference 4).
            open_window(state, "hunter_movement_end", ("dracula",), hunter=seat)
    elif action == PASS:
        for member in group:
            state.hunters[member].passed = True
        state.say("hunter_passes", f"{names} {'Pass' if len(group) > 1 else 'Passes'} in "
                  f"{here}", hunters=list(group))
        state.stack.append(WeaponSwap(group))
    else:
        state.say("hunter_stays", f"{names} {'stay' if len(group) > 1 else 'stays'} in "
                  f"{here}", hunters=list(group))
        _to_action_phase(state, seat, group)


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
    state.stack.append(HunterMovement(seat, ("weather", "sailed", "missed_train")))
    return True


def group_has_moved(state: FuryState, seat: str, group: tuple[str, ...]) -> None:
    _group_has_moved(state, seat, group)


def _group_has_moved(state: FuryState, seat: str, group: tuple[str, ...]) -> None:
    """Hunter Groups - Movement: "A group moves once per turn"; members whose turn is
    still to come this turn have had theirs."""
    from .events import stormy_seas_pass

    for member in _later_members(state, seat, group):
        stormy_seas_pass(state, member)  # his Movement Phase was the group's (ruling 74)
        state.seq.skip_phase(member, "movement")
        state.seq.skip_phase(member, "action")
    for member in group:
        state.hunters[member].moved = True


def move_hunter(state: FuryState, seat: str, to: str) -> None:
    """Put a Hunter's piece in ``to`` by his own move (Road, Sea or Rail)."""
    hunter = state.hunters[seat]
    here = hunter.location
    assert here is not None
    board = state.board
    if board.is_sea(to):
        hunter.voyage = [here, to] if board.is_town(here) else [*hunter.voyage, to]
    else:
        hunter.voyage = []
    relocate(state, seat, to)


def relocate(state: FuryState, seat: str, to: str) -> None:
    """A Hunter is now in ``to`` (having left his Town): a new visit begins."""
    hunter = state.hunters[seat]
    if hunter.location != to:
        hunter.took_items = False
        hunter.fought_dracula_at = None
    hunter.location = to
    if to == CASTLE_DRACULA and not hunter.entered_castle:
        hunter.entered_castle = True
        hunter.valour += ENTERING_CASTLE_VALOUR


def _after_move(state: FuryState, seat: str, group: tuple[str, ...]) -> None:
    town = state.hunters[seat].location
    assert town is not None
    if state.board.is_sea(town):
        state.seq.end_turn()  # no Action Phase in a Sea Sector
        return
    for member in group:
        state.hunters[member].took_items = False
    _to_action_phase(state, seat, group, arrived=True)


def _to_action_phase(state: FuryState, seat: str, group: tuple[str, ...],
                     arrived: bool = False) -> None:
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
        from .pending import DieRoll

        state.stack.append(DieRoll("railway", seat, state.dice.d6()))
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
        state.stack[-1] = HunterMovement(seat, (*record.done, "missed_train"))
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
    state.stack.pop()
    _group_has_moved(state, seat, group)
    state.say("false_tip_off", f"{' and '.join(HUNTER_NAMES[m] for m in group)} "
              f"{agree(group, 'misses', 'miss')} the train on a False Tip-off", hunters=list(group))
    _to_action_phase(state, seat, group)


def train_options(state: FuryState, record: TrainRide, seat: str) -> list[Action]:
    here = state.hunters[seat].location
    assert here is not None
    return [RideTo(t) for t in state.board.rail_reach(here, record.stops)]


def apply_train(state: FuryState, record: TrainRide, seat: str, action: Action) -> None:
    assert isinstance(action, RideTo)
    here = state.hunters[seat].location
    state.stack.pop()
    _group_has_moved(state, seat, record.movers)
    for member in record.movers:
        move_hunter(state, member, action.town)
    state.say("hunter_rides", f"{' and '.join(HUNTER_NAMES[m] for m in record.movers)} "
              f"{'take' if len(record.movers) > 1 else 'takes'} the train from {here} to "
              f"{action.town}", hunters=list(record.movers), to=action.town)
    _after_move(state, seat, record.movers)


# -- Passing: swapping Weapon Chits -------------------------------------------------------
def swap_options(state: FuryState, record: WeaponSwap, seat: str) -> list[Action]:
    weapons = sorted(state.hunters[seat].weapons)
    found: set[tuple[str, ...]] = set()
    for size in range(len(weapons) + 1):
        found.update(combinations(weapons, size))
    return [SwapWeapons(d) for d in sorted(found, key=lambda t: (len(t), t))]


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
