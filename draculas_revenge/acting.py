"""A character's actions: what it may do with the points it has, paying for it, what it
changes and how the log tells it, why one is refused and how it reads ("Action Points",
"Action Table", "Adding to Your Move", "Reaction Points").

Each action belongs to its rule section, which lists it, carries it out and words its
refusal (``movement``: moving, turning, entering, leaving, doors, mist; ``combat``:
attacks, mesmerizing, saving, and the adventures' defiling and waking). This module puts
them together for one character, for the active character's move and for reactions
alike (``activation``).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from gothic_kernel import Action

from . import combat, movement
from . import narration as say
from .actions import (
    COST_OF,
    CloseAttack,
    CloseDoor,
    Defile,
    Enter,
    Leave,
    Mesmerize,
    Move,
    OpenDoor,
    RangedAttack,
    Turn,
    TurnSolid,
    TurnToMist,
    Wake,
)
from .adventures import RULE_RESCUE, found_van_helsing
from .characters import OFF_BOARD, Figure
from .decisions import Refusal
from .grid import DIRECTIONS
from .reactions import can_react, reactors
from .rules import Rules
from .state import DRState

RULE_ACTIVE = "Active Characters"
RULE_ADDING = "Adding to Your Move"
RULE_REACTION_POINTS = "Reaction Points"
RULE_TRADING = "Trading Reactions"
RULE_DURING_OPPONENT = "Moving Characters During an Opponent's Move"
RULE_DURING_YOURS = "Moving Characters During Your Move"
RULE_NO_DICE = "No Reaction Dice"

#: A character's action: every one names the acting character.
CharacterAction = (Move | Turn | Enter | Leave | TurnToMist | TurnSolid | OpenDoor | CloseDoor
                   | CloseAttack | RangedAttack | Mesmerize | Defile | Wake)
#: The action types a character takes, each paid for by its row of the Action Table.
CHARACTER_ACTIONS: tuple[type[Action], ...] = tuple(COST_OF)


# -- what a character may do ----------------------------------------------------------------
#: Lists a character's actions of one kind: (state, figure, budget) -> actions.
ActionMaker = Callable[[DRState, Figure, int], list[Action]]


def figure_actions(state: DRState, fig: Figure, budget: int) -> list[Action]:
    """Every action ``fig`` could pay for with ``budget`` points."""
    if fig.unconscious:
        return []
    if fig.pos == OFF_BOARD:
        return movement.enter_actions(state, fig, budget)
    out: list[Action] = []
    for actions_of in _makers(state.rules, fig.kind):
        out += actions_of(state, fig, budget)
    return out


def _makers(rules: Rules, kind: str) -> tuple[ActionMaker, ...]:
    """The kinds of action a character of type ``kind`` may ever take on the board under
    these rules, in the order they are listed: the others never list one (a hunter
    never turns to mist; no crossbow, no ranged attack; leaving, defiling and waking
    only where the adventure has them). Worked out once per rules and type."""
    found = rules.makers.get(kind)
    if found is None:
        vampire, hunter = kind in rules.vampire_kinds, kind in rules.hunter_kinds
        specials = rules.types[kind].specials
        adventure = rules.adventure
        may: dict[ActionMaker, bool] = {
            movement.move_actions: True,
            movement.leave_actions: hunter and adventure["goal"] in movement.LEAVING_GOALS,
            movement.door_actions: True,
            movement.mist_actions: vampire,
            combat.close_attack_actions: True,
            combat.ranged_attack_actions: rules.types[kind].ra is not None and (
                (hunter and "crossbow" in specials) or (vampire and "mesmerize" in specials)),
            combat.special_actions: hunter and bool(
                adventure.get("coffins") or adventure.get("secret_room")),
        }
        found = rules.makers[kind] = tuple(maker for maker, yes in may.items() if yes)
    return found


def reaction_actions(state: DRState, seat: str) -> list[Action]:
    """The reactions ``seat`` may pay for with its Reaction Points left, by its characters
    eligible to react."""
    budget = state.rp_left(seat)
    out: list[Action] = []
    if budget <= 0:
        return out
    for fig in reactors(state, seat):
        out += figure_actions(state, fig, budget)
    return out


# -- doing it ---------------------------------------------------------------------------------
def pay(state: DRState, seat: str, fig: Figure, cost: int) -> int:
    """Pay ``cost``: the active character's Action Points first, then Reaction Points.
    Returns the Reaction Points spent."""
    from_ap = min(state.ap_left, cost) if state.is_active(fig) else 0
    state.ap_left -= from_ap
    from_rp = cost - from_ap
    if from_rp:
        state.rp_spent[seat] += from_rp
    return from_rp


def act(state: DRState, seat: str, action: Action) -> None:
    """A character's action, by the active character or a reacting one. The caller offers
    the others their chance to react (``activation``)."""
    assert isinstance(action, CharacterAction)
    fig = state.figures[action.character]
    origin = fig.pos
    reacting = not state.is_active(fig)
    cost = state.rules.cost(COST_OF[type(action)])
    rp = pay(state, seat, fig, cost)
    if reacting:
        state.last_reactor = seat
    else:
        state.last_reactor = ""
    target_id, target_pos = "", -1
    board = state.rules.board
    what = ""  # the verb phrase of the narration
    if isinstance(action, Move):
        movement.do_move(state, fig, action)
        what = f"moves {say.direction(action.direction)} to {say.square(board, fig.pos)}"
        if not fig.misted:
            what += f", facing {say.facing(action.facing)}"
    elif isinstance(action, Turn):
        movement.do_turn(state, fig, action.facing)
        what = f"turns in place to face {say.facing(action.facing)}"
    elif isinstance(action, Enter):
        movement.do_enter(state, fig, action)
        what = (f"enters the board at {say.xy(*action.square)}, facing "
                f"{say.facing(action.facing)}")
    elif isinstance(action, Leave):
        what = f"leaves the board from {say.square(board, fig.pos)}"
        movement.do_leave(state, fig)
        if not reacting:
            state.move_over = True
    elif isinstance(action, (OpenDoor, CloseDoor)):
        # a door fills two squares: named by the one in front of the character
        ahead = movement.square_ahead(state, fig)
        movement.do_door(state, fig, isinstance(action, OpenDoor))
        what = (f"{'opens' if isinstance(action, OpenDoor) else 'closes'} the door at "
                f"{say.square(board, ahead)}")
    elif isinstance(action, (TurnToMist, TurnSolid)):
        movement.do_mist(state, fig, action)
        what = "turns to mist" if isinstance(action, TurnToMist) else \
            f"becomes solid, facing {say.facing(action.facing)}"
    elif isinstance(action, (CloseAttack, RangedAttack, Mesmerize)):
        target = state.figures[action.target]
        target_id, target_pos = target.id, target.pos
        _narrate(state, seat, fig, action, reacting, cost, rp, _attack_phrase(state, action))
        combat.attack(state, fig, action, reacting=rp > 0)
    elif isinstance(action, Defile):
        tile = board.tile_at(fig.pos)
        state.defiled.append(tile)
        total = len(board.area_tiles[state.rules.adventure["coffins"]])
        what = (f"defiles the coffins in {say.tile(board, tile)} ({len(state.defiled)} of "
                f"{total} tinted tiles defiled)")
    elif isinstance(action, Wake):
        state.figures["van_helsing"].unconscious = False
        target_id = "van_helsing"
        target_pos = state.figures["van_helsing"].pos
        what = "wakes Van Helsing"
    if what:
        _narrate(state, seat, fig, action, reacting, cost, rp, what)
    if isinstance(action, (Move, Enter)) and fig.id in state.figures:
        found_van_helsing(state, fig)
    where = fig.pos if fig.id in state.figures and fig.pos >= 0 else -1
    state.witness = (fig.id, origin, where, target_id, target_pos)


_ACT_NAMES = {kind: re.sub(r"(?<!^)(?=[A-Z])", "_", kind.__name__).lower() for kind in COST_OF}


def _attack_phrase(state: DRState, action: CloseAttack | RangedAttack | Mesmerize) -> str:
    target = say.character(action.target, state.rules.data_dir)
    if isinstance(action, Mesmerize):
        return f"tries to mesmerize {target}"
    if isinstance(action, RangedAttack):
        return f"shoots a crossbow bolt at {target}"
    if action.save:
        return f"tries to save {target} with a close attack"
    return f"makes a close attack on {target}"


def _narrate(state: DRState, seat: str, fig: Figure, action: Action, reacting: bool, cost: int,
             rp: int, what: str) -> None:
    """Log a character's action: "Staker 1 moves north to (4, 2), facing north."."""
    name = say.character(fig.id, state.rules.data_dir)
    if fig.kind == "minion" and fig.born != "minion":
        name += " (a minion)"
    paid = "" if not rp else f" [{rp} Reaction Point{'s' if rp > 1 else ''}]"
    text = f"{name} reacts and {what}{paid}." if reacting else f"{name} {what}{paid}."
    state.events.say("action", text, figure=fig.id, seat=seat, act=_ACT_NAMES[type(action)],
                     cost=cost, reaction_points=rp, reacting=reacting)


# -- why not ------------------------------------------------------------------------------------
def refused(state: DRState, seat: str, action: CharacterAction) -> Refusal:
    """Why a character's action is refused: the character (in play, the seat's, able to
    act or react and to pay), then the rule of the action itself."""
    name = action.character
    fig = state.figures.get(name)
    who = say.character(name, state.rules.data_dir)
    if fig is None or fig.pos == -2:
        return f"{who} is not in play", _section(action)
    if fig.seat != seat:
        return f"{who} is not under your control", RULE_ACTIVE
    cost = state.rules.cost(COST_OF[type(action)])
    if not state.is_active(fig):
        if not state.with_reactions:
            return (f"{who} is not the active character, and without Reaction Dice nobody "
                    "reacts", RULE_NO_DICE)
        if fig.id == state.active and state.move_over:
            return f"{who}'s move is over", RULE_ACTIVE
        if state.last_reactor == seat:
            return ("you reacted last: you cannot react twice in a row (your opponent or the "
                    "active character must take another action first)", RULE_TRADING)
        if not can_react(state, fig):
            rule = RULE_DURING_YOURS if seat == state.active_seat else RULE_DURING_OPPONENT
            return (f"{who} may not react: it did not see the last action, was not affected by "
                    "it and did not see a character affected", rule)
        if state.rp_left(seat) < cost:
            return (f"a reaction costs Reaction Points: {cost} needed, {state.rp_left(seat)} left",
                    RULE_REACTION_POINTS)
    elif state.ap_left + state.rp_left(seat) < cost:
        return (f"{who} has {state.ap_left} Action Points and you have {state.rp_left(seat)} "
                f"Reaction Points left; this costs {cost}", RULE_ADDING)
    return _why_not(state, fig, action, who)


def _section(action: CharacterAction) -> str:
    """The section an action of this kind is refused under by default."""
    if isinstance(action, (Move, Turn)):
        return movement.RULE_MOVING
    if isinstance(action, Enter):
        return movement.RULE_PLACING
    if isinstance(action, Leave):
        return movement.RULE_LEAVING
    if isinstance(action, (TurnToMist, TurnSolid)):
        return movement.RULE_MIST
    if isinstance(action, (OpenDoor, CloseDoor)):
        return movement.RULE_DOORS
    if isinstance(action, (CloseAttack, RangedAttack, Mesmerize)):
        return combat.attack_rule(action)
    if isinstance(action, Defile):
        return "Defile the Coffins"
    return RULE_RESCUE


def _why_not(state: DRState, fig: Figure, action: CharacterAction, who: str) -> Refusal:
    """The rule the action itself breaks."""
    if fig.unconscious:
        return f"{who} is unconscious and cannot act", RULE_RESCUE
    if isinstance(action, Enter):
        return movement.why_not_enter(state, fig, action, who)
    if fig.pos == OFF_BOARD:
        return f"{who} is off the board: it must enter first", movement.RULE_PLACING
    if isinstance(action, Move):
        return movement.why_not_move(state, fig, action, who)
    if isinstance(action, Turn):
        return movement.why_not_turn(state, fig, action, who)
    if isinstance(action, Leave):
        return movement.why_not_leave(state, fig, action, who)
    if isinstance(action, (TurnToMist, TurnSolid)):
        return movement.why_not_mist(state, fig, action, who)
    if isinstance(action, (OpenDoor, CloseDoor)):
        return movement.why_not_door(state, fig, action, who)
    if isinstance(action, (CloseAttack, RangedAttack, Mesmerize)):
        return combat.why_not_attack(state, fig, action, who)
    if isinstance(action, Defile):
        return combat.why_not_defile(state, fig, action, who)
    return combat.why_not_wake(state, fig, action, who)


# -- how it reads ---------------------------------------------------------------------------------
def label(state: DRState, seat: str, action: CharacterAction) -> str:
    """"move Van Helsing north to (4, 5), facing east", with what it costs in Reaction
    Points where it costs some (not while a pending decision is asked)."""
    text = _label(state, action)
    if not state.queue:
        text += _paid_with(state, action)
    return text


def _paid_with(state: DRState, action: CharacterAction) -> str:
    """" [reaction, 2 Reaction Points]" where the action costs Reaction Points."""
    cost = state.rules.cost(COST_OF[type(action)])
    fig = state.figures.get(action.character)
    if fig is not None and state.is_active(fig):
        extra = max(0, cost - state.ap_left)
        return f" [{say.count(extra, 'Reaction Point')}]" if extra else ""
    return f" [reaction, {say.count(cost, 'Reaction Point')}]"


def _label(state: DRState, a: CharacterAction) -> str:
    name = say.character(a.character, state.rules.data_dir)
    if isinstance(a, Move):
        return _move(state, a, name)
    if isinstance(a, Turn):
        return f"turn {name} in place to face {say.facing(a.facing)}"
    if isinstance(a, Enter):
        return f"bring {name} on to the board at {say.xy(*a.square)}, facing " \
            f"{say.facing(a.facing)}"
    if isinstance(a, Leave):
        return f"move {name} off the board"
    if isinstance(a, TurnToMist):
        return f"turn {name} to mist"
    if isinstance(a, TurnSolid):
        return f"turn {name} solid, facing {say.facing(a.facing)}"
    if isinstance(a, (OpenDoor, CloseDoor)):
        return _door(state, a, name)
    if isinstance(a, (CloseAttack, RangedAttack, Mesmerize)):
        target = say.character(a.target, state.rules.data_dir)
        if isinstance(a, RangedAttack):
            return f"shoot {target} with {name}'s crossbow (ranged attack)"
        if isinstance(a, Mesmerize):
            return f"mesmerize {target} with {name}"
        if a.save:
            return f"save {target} (a minion) with {name}'s crucifix (close attack)"
        return f"attack {target} with {name} (close attack)"
    if isinstance(a, Defile):
        return f"defile the coffins here with {name}"
    return f"wake Van Helsing with {name}"


def _move(state: DRState, a: Move, name: str) -> str:
    fig = state.figures.get(a.character)
    to = ""
    if fig is not None and fig.pos >= 0:
        square = state.rules.board.step(fig.pos, DIRECTIONS.index(a.direction)) \
            if a.direction in DIRECTIONS else -1
        to = f" to {say.square(state.rules.board, square)}" if square >= 0 else ""
    if fig is not None and fig.misted:
        return f"move {name} (mist) {say.direction(a.direction)}{to}"
    return f"move {name} {say.direction(a.direction)}{to}, facing {say.facing(a.facing)}"


def _door(state: DRState, a: OpenDoor | CloseDoor, name: str) -> str:
    fig = state.figures.get(a.character)
    door = movement.door_in_front(state, fig) if fig is not None and fig.pos >= 0 else ""
    ahead = movement.square_ahead(state, fig) if door and fig is not None else -1
    where = f" at {say.square(state.rules.board, ahead)}" if door else ""
    verb = "open" if isinstance(a, OpenDoor) else "close"
    return f"{verb} the door{where} in front of {name}"


__all__ = ["CHARACTER_ACTIONS", "CharacterAction", "act", "figure_actions", "label",
           "reaction_actions", "refused"]
