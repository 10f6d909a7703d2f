"""Why an action is refused: a message and the rulebook section it breaks.

``apply`` only asks once an action is known to be illegal, so this module may take
its time. Every message uses only what the acting seat may know: the board, the
figures, its own hand, its own Reaction Points (never the opponent's cards, dice
or secret room).
"""

from __future__ import annotations

from typing import Any

from gothic_kernel import Action

from . import movement
from . import narration as say
from .actions import (
    COST_OF,
    ChooseSecretRoom,
    CloseAttack,
    CloseDoor,
    Decline,
    Defile,
    DoneRecruiting,
    EndMove,
    Enter,
    FaceAttacker,
    Feed,
    Leave,
    Mesmerize,
    Move,
    OpenDoor,
    Pass,
    Place,
    PlaceVanHelsing,
    PlayCard,
    RangedAttack,
    Recruit,
    SettleMist,
    Turn,
    TurnSolid,
    TurnToMist,
    Wake,
)
from .board import DIRECTIONS, FACINGS
from .characters import OFF_BOARD, Figure
from .reactions import can_react
from .seeing import held_back_by, in_arc, mutual_arc
from .sight import in_front
from .state import DRState

# Rulebook sections, as the rulebook spells them.
ACTION_CARDS = "Action Cards"
CARD_SEQUENCE = "Action Card Sequence"
ACTIVE = "Active Characters"
ACTION_POINTS = "Action Points"
ADDING = "Adding to Your Move"
REACTION_POINTS = "Reaction Points"
TRADING = "Trading Reactions"
DURING_OPPONENT = "Moving Characters During an Opponent's Move"
DURING_YOURS = "Moving Characters During Your Move"
NO_DICE = "No Reaction Dice"
MOVING = "Moving"
FACING = "Facing"
DOORS = "Opening and Closing Doors"
MIST = "Mist"
CLOSE = "Close Attacks"
RESOLVING = "Resolving a Close Attack"
RANGED = "Ranged Attacks"
MESMERIZING = "Mesmerizing"
CRUCIFIX = "The Crucifix"
SAVING = "Saving Minions"
FEEDING = "Feeding"
PLACING = "Placing Characters"
LEAVING = "Leaving the Board"
POINTS_VALUE = "Points Value"
OWN_ADVENTURES = "Your Own Adventures"
NO_FEEDING = "No Feeding or Saving"


_DECISIONS: dict[str, tuple[type | tuple[type, ...], str, str]] = {
    "place": (Place, PLACING, "place a starting character"),
    "recruit": ((Recruit, DoneRecruiting), POINTS_VALUE, "buy its forces"),
    "secret_room": (ChooseSecretRoom, "Rescue Van Helsing", "record the room Van Helsing lies in"),
    "place_van_helsing": (PlaceVanHelsing, "Rescue Van Helsing",
                          "place Van Helsing in the recorded room"),
    "face": (FaceAttacker, RESOLVING, "decide whether to turn to face the attacker"),
    "feed": (Feed, FEEDING, "decide whether the vampire feeds"),
    "sunrise": (SettleMist, "Destroy Dracula", "turn its misted vampires solid at sunrise"),
}


def explain(st: DRState, seat: str, action: Action) -> tuple[str, str]:
    """(message, rulebook section) for an action ``seat`` may not take now."""
    if st.queue:
        return _decision(st, seat, st.queue[0], action)
    if isinstance(action, (PlayCard, Pass)):
        return _timeline(st, seat, action)
    if st.phase == "timeline":
        return (f"{_you(seat)} must play an Action Card or pass now; no character is active",
                CARD_SEQUENCE)
    if isinstance(action, Decline):
        return "there is no chance to react to decline now; you are the active player", TRADING
    if isinstance(action, EndMove):
        if st.windows:
            return "end your move after the others have had their chance to react", TRADING
        return ("an off-board character must enter the board on its first move (an entrance "
                "square is free)", PLACING)
    for _, (kinds, rule, what) in _DECISIONS.items():
        if isinstance(action, kinds):
            return f"nobody is asked to {what} now", rule
    name = getattr(action, "character", None)
    if isinstance(name, str):
        return _character_action(st, seat, action, name)
    return f"{action.to_json()['type']} is not possible now", ACTIVE


def _you(seat: str) -> str:
    return say.cap(say.player(seat))


# -- set-up and decisions ------------------------------------------------------------------
def _decision(st: DRState, seat: str, d: dict[str, Any], action: Action) -> tuple[str, str]:
    kind, rule, what = _DECISIONS[d["kind"]]
    if d["kind"] == "recruit" and st.rules.adventure["goal"] == "custom":
        rule = OWN_ADVENTURES
    if not isinstance(action, kind):
        return f"{_you(seat)} must first {what}", rule
    board = st.rules.board
    if isinstance(action, Place):
        if action.character != d["figure"]:
            return (f"{say.character(d['figure'], st.rules.data_dir)} is the character to "
                    "place now", rule)
        if action.facing not in FACINGS:
            return "a character faces a side of its square, never a corner", MOVING
        return (f"{say.xy(*action.square)} is not a free square of the "
                f"{d['other'].replace('_', ' ')}" + (" (one vampire on each tinted tile)"
                if st.rules.adventure.get("vampires", {}).get("one_per_tile") else ""), rule)
    if isinstance(action, DoneRecruiting):
        from .adventures import cap, spent
        return (f"the forces must total the {cap(st, seat)} points listed; {spent(st, seat)} "
                "spent so far and characters left in the box still fit", rule)
    if isinstance(action, Recruit):
        return (f"a {action.kind.replace('_', ' ')} is not for sale: not of your side, over "
                "the points value, or none left in the box", rule)
    if isinstance(action, ChooseSecretRoom):
        return f"{action.room!r} is not one of the tinted rooms", rule
    if isinstance(action, PlaceVanHelsing):
        return (f"Van Helsing must be placed on a free square of "
                f"{say.tile(board, d['other'])}", rule)
    if isinstance(action, FaceAttacker):
        return "the free turn faces the attacker (or keeps the facing: facing \"\")", rule
    if isinstance(action, SettleMist):
        return ("a misted vampire turns solid on its own square, or on one of the nearest "
                "open squares if a solid character is there", rule)
    return f"{_you(seat)} must first {what}", rule


def _timeline(st: DRState, seat: str, action: PlayCard | Pass) -> tuple[str, str]:
    if st.phase != "timeline":
        return "the Action Timeline waits until the active character's move is over", ACTIVE
    if isinstance(action, Pass):
        return ("every player passed and the Action Timeline is empty: you must play a card",
                CARD_SEQUENCE)
    return (f"you hold no Action Card for {say.character(action.card, st.rules.data_dir)}",
            ACTION_CARDS)


# -- a character's action --------------------------------------------------------------------
def _character_action(st: DRState, seat: str, action: Action, name: str) -> tuple[str, str]:
    fig = st.figures.get(name)
    who = say.character(name, st.rules.data_dir)
    own_rule = _rule(st, action)
    if fig is None or fig.pos == -2:
        return f"{who} is not in play", own_rule
    if fig.seat != seat:
        return f"{who} is not under your control", ACTIVE
    cost = st.rules.cost(COST_OF[type(action)])
    if not st.is_active(fig):
        if not st.options["reaction_dice"]:
            return (f"{who} is not the active character, and without Reaction Dice nobody "
                    "reacts", NO_DICE)
        if fig.id == st.active and st.move_over:
            return f"{who}'s move is over", ACTIVE
        if st.last_reactor == seat:
            return ("you reacted last: you cannot react twice in a row (your opponent or the "
                    "active character must take another action first)", TRADING)
        if not can_react(st, fig):
            rule = DURING_YOURS if seat == st.active_seat else DURING_OPPONENT
            return (f"{who} may not react: it did not see the last action, was not affected by "
                    "it and did not see a character affected", rule)
        if st.rp_left(seat) < cost:
            return (f"a reaction costs Reaction Points: {cost} needed, {st.rp_left(seat)} left",
                    REACTION_POINTS)
    elif st.ap_left + st.rp_left(seat) < cost:
        return (f"{who} has {st.ap_left} Action Points and you have {st.rp_left(seat)} "
                f"Reaction Points left; this costs {cost}", ADDING)
    return _why_not(st, fig, action, who)


def _rule(st: DRState, action: Action) -> str:
    if isinstance(action, (Move, Turn)):
        return MOVING
    if isinstance(action, Enter):
        return PLACING
    if isinstance(action, Leave):
        return LEAVING
    if isinstance(action, (TurnToMist, TurnSolid)):
        return MIST
    if isinstance(action, (OpenDoor, CloseDoor)):
        return DOORS
    if isinstance(action, CloseAttack):
        return SAVING if action.save else CLOSE
    if isinstance(action, RangedAttack):
        return RANGED
    if isinstance(action, Mesmerize):
        return MESMERIZING
    if isinstance(action, Defile):
        return "Defile the Coffins"
    if isinstance(action, Wake):
        return "Rescue Van Helsing"
    return ACTIVE


def _why_not(st: DRState, fig: Figure, action: Action, who: str) -> tuple[str, str]:
    """The rule the action itself breaks."""
    rule = _rule(st, action)
    if fig.unconscious:
        return f"{who} is unconscious and cannot act", "Rescue Van Helsing"
    if isinstance(action, Enter):
        return _why_not_enter(st, fig, action, who)
    if fig.pos == OFF_BOARD:
        return f"{who} is off the board: it must enter first", PLACING
    if isinstance(action, Move):
        return _why_not_move(st, fig, action, who)
    if isinstance(action, Turn):
        if action.facing not in FACINGS:
            return "a character faces a side of its square, never a corner", MOVING
        if fig.misted:
            return "a misted vampire has no facing to turn", MIST
        return f"{who} already faces {say.facing(action.facing)}", MOVING
    if isinstance(action, Leave):
        if not movement.leave_area(st, fig):
            return "characters cannot leave the board unless the briefing says so", rule
        return (f"{who} must stand on a square of the "
                f"{movement.leave_area(st, fig).replace('_', ' ')} to leave the board", rule)
    if isinstance(action, (TurnToMist, TurnSolid)):
        return _why_not_mist(st, fig, action, who)
    if isinstance(action, (OpenDoor, CloseDoor)):
        return _why_not_door(st, fig, action, who)
    if isinstance(action, (CloseAttack, RangedAttack, Mesmerize)):
        return _why_not_attack(st, fig, action, who)
    if isinstance(action, Defile):
        return (f"{who} can defile only the coffins of a tinted tile it stands on, once, and "
                "only hunters defile", rule)
    if isinstance(action, Wake):
        return ("a hunter wakes Van Helsing standing next to him (as if making a close "
                "attack) while he is unconscious", rule)
    return f"{who} cannot do that now", rule


def _why_not_enter(st: DRState, fig: Figure, action: Enter, who: str) -> tuple[str, str]:
    if fig.pos != OFF_BOARD:
        return f"{who} is already on the board", PLACING
    if action.facing not in FACINGS:
        return "a character faces a side of its square, never a corner", MOVING
    return (f"{who} enters through the {fig.entrance.replace('_', ' ')}: "
            f"{say.xy(*action.square)} is not one of its free squares", PLACING)


def _why_not_move(st: DRState, fig: Figure, action: Move, who: str) -> tuple[str, str]:
    if action.direction not in DIRECTIONS:
        return "a character moves north, south, east, west or diagonally", MOVING
    if action.facing not in FACINGS:
        return "a character faces a side of its square, never a corner", MOVING
    board = st.rules.board
    d = DIRECTIONS.index(action.direction)
    to = board.step(fig.pos, d)
    if to < 0 or not board.open[to]:
        return f"{who} cannot move {say.direction(action.direction)} into a wall", MOVING
    if fig.misted:
        return "a misted vampire cannot move there", MIST
    if to in board.door_of and not st.doors_open[board.door_of[to]]:
        return f"a closed door blocks the way {say.direction(action.direction)}", DOORS
    solid = st.solid_at()
    if to in solid:
        return (f"{say.character(solid[to], st.rules.data_dir)} occupies "
                f"{say.square(board, to)}: a character cannot move into an occupied square",
                MOVING)
    if d % 2 and all((st.obstacles() >> s) & 1 or s < 0
                     for s in (board.step(fig.pos, (d - 1) % 8), board.step(fig.pos, (d + 1) % 8))):
        return "a character cannot move diagonally between two obstacles", MOVING
    if held_back_by(st, fig):
        return (f"{who} faces a crucifix holder: it cannot move nearer within 3 squares of "
                "the holder", CRUCIFIX)
    return f"{who} cannot move {say.direction(action.direction)}", MOVING


def _why_not_mist(st: DRState, fig: Figure, action: Action, who: str) -> tuple[str, str]:
    if not st.is_vampire(fig):
        return "only vampires turn to mist", MIST
    if not movement.mist_allowed(st):
        return ("the sun is up: the vampires cannot turn to mist",
                str(st.rules.adventure.get("title", MIST)))
    if isinstance(action, TurnToMist):
        return f"{who} is mist already", MIST
    if not fig.misted:
        return f"{who} is solid already", MIST
    if isinstance(action, TurnSolid) and action.facing not in FACINGS:
        return "a character faces a side of its square, never a corner", MOVING
    if (st.obstacles() >> fig.pos) & 1:
        return ("a misted vampire cannot voluntarily become solid in a square occupied by a "
                "solid character (or a closed doorway)", MIST)
    return "misted vampires cannot become solid in the area affected by a crucifix", CRUCIFIX


def _why_not_door(st: DRState, fig: Figure, action: Action, who: str) -> tuple[str, str]:
    if fig.misted:
        return "misted vampires cannot open or shut doors", MIST
    door = movement.door_in_front(st, fig)
    if not door:
        return f"there is no door directly in front of {who}", DOORS
    if isinstance(action, OpenDoor):
        return "the door in front is open already", DOORS
    if not st.doors_open[door]:
        return "the door in front is closed already", DOORS
    return "the door cannot close on a character standing in the doorway", DOORS


def _why_not_attack(st: DRState, fig: Figure, action: CloseAttack | RangedAttack | Mesmerize,
                    who: str) -> tuple[str, str]:
    rule = _rule(st, action)
    target = st.figures.get(action.target)
    whom = say.character(action.target, st.rules.data_dir)
    if target is None or target.pos < 0:
        return f"{whom} is not on the board", rule
    if fig.misted:
        return "misted vampires cannot attack", MIST
    if target.misted:
        return "misted vampires cannot be attacked", MIST
    if target.seat == fig.seat:
        return "you cannot attack your own characters", rule
    if target.unconscious:
        return f"{whom} is unconscious and cannot be attacked", "Rescue Van Helsing"
    board = st.rules.board
    if isinstance(action, CloseAttack):
        if not in_front(board, fig.pos, fig.facing, target.pos):
            return (f"{whom} is not in the three squares directly in front of {who}", CLOSE)
        if action.save:
            if not st.options["feeding_and_saving"]:
                return "saving minions is forbidden (No Feeding or Saving)", NO_FEEDING
            if target.kind != "minion" or not st.has_special(fig, "crucifix"):
                return "only a character with a crucifix saves, and only minions", SAVING
            return "no Staker card is free for a minion that entered the game as one", SAVING
        return (f"{who} is within the area of {whom}'s crucifix: it cannot attack the holder",
                CRUCIFIX)
    distance = board.distance(fig.pos, target.pos)
    if isinstance(action, RangedAttack) and not st.has_special(fig, "crossbow"):
        return f"{who} has no crossbow", RANGED
    if isinstance(action, Mesmerize):
        if not st.is_vampire(fig) or not st.has_special(fig, "mesmerize"):
            return f"{who} cannot mesmerize", MESMERIZING
        if not st.is_hunter(target):
            return "only hunters can be mesmerized", MESMERIZING
    if distance < 2:
        return f"{whom} is too close for a ranged attack (1 square away)", "Range"
    if distance > 6:
        return f"{whom} is out of range ({distance} squares; 6 at most)", "Range"
    if not in_arc(st, fig, target.pos):
        return (f"{whom} is not in {who}'s arc of effect (a clear line of sight through the "
                "front face of its square)", "Arc of Effect")
    if isinstance(action, Mesmerize):
        if not mutual_arc(st, fig, target):
            return (f"{who} is not in {whom}'s arc of effect: both must be in each other's arc",
                    MESMERIZING)
        if not st.free_card("minion"):
            return "no Minion card is free: no more minions can be made", MESMERIZING
        return f"{who} is within the area of {whom}'s crucifix", CRUCIFIX
    return f"{who} cannot shoot at {whom} now", RANGED
