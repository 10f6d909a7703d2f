"""Moving, facing, entering and leaving, doors and mist ("Moving", "Facing",
"Opening and Closing Doors", "Mist", "Placing Characters", "Leaving the Board"): which of
these a character may do, what doing it changes (``do_*``) and why one is refused
(``why_not_*``)."""

from __future__ import annotations

from gothic_kernel import Action

from . import narration as say
from .actions import CloseDoor, Enter, Leave, Move, OpenDoor, Turn, TurnSolid, TurnToMist
from .characters import GONE, OFF_BOARD, Figure
from .decisions import Refusal
from .grid import DIRECTIONS, FACINGS
from .seeing import RULE_CRUCIFIX, enters_crucifix_zone, held_back_by, in_crucifix_zone
from .state import DRState

RULE_MOVING = "Moving"
RULE_MIST = "Mist"
RULE_DOORS = "Opening and Closing Doors"
RULE_PLACING = "Placing Characters"
RULE_LEAVING = "Leaving the Board"
#: The adventures whose hunters may leave the board ("Leaving the Board").
LEAVING_GOALS = ("cross_the_catacombs", "rescue_van_helsing")
#: The refusal of a facing that names a corner (or nothing at all).
CORNER: Refusal = ("a character faces a side of its square, never a corner", RULE_MOVING)


def _blocked(square: int, obstacles: int) -> bool:
    """Can a figure not stand on / pass through ``square`` (walls, or ``obstacles``)?"""
    return square < 0 or bool((obstacles >> square) & 1)


def destinations(state: DRState, fig: Figure) -> list[tuple[int, int]]:
    """(direction, square) pairs the figure may move to now."""
    around = state.rules.board.steps[fig.pos]
    return [(d, around[d]) for d in _free_directions(state, fig)]


def _free_directions(state: DRState, fig: Figure) -> tuple[int, ...]:
    """The directions of :func:`destinations` (asked for the active character after
    every action)."""
    board = state.rules.board
    # misted vampires move through doors and characters, never through walls; nobody
    # steps beyond the tiles (open for the diagonal rule: "Leaving the Board")
    ways = board.ways(fig.pos, board.wall_bits if fig.misted else state.obstacles())
    zone = state.rules.numbers["crucifix_zone"]
    holders = held_back_by(state, fig, within=zone + 1)  # a step from fig can reach a zone
    if not holders:
        return ways
    around = board.steps[fig.pos]
    return tuple(d for d in ways if not any(
        board.distance(around[d], h.pos) <= zone
        and board.distance(around[d], h.pos) < board.distance(fig.pos, h.pos)
        for h in holders))  # "The Crucifix": not nearer the holder within 3 squares


_MOVES: dict[str, tuple[tuple[Action, ...], ...]] = {}
_MOVE_LISTS: dict[tuple[str, tuple[int, ...]], tuple[Action, ...]] = {}
_TURNS: dict[str, tuple[tuple[Action, ...], ...]] = {}


def _moves_of(fid: str) -> tuple[tuple[Action, ...], ...]:
    """The 8 x 4 Move actions of a figure, made once (actions are immutable)."""
    found = _MOVES.get(fid)
    if found is None:
        found = _MOVES[fid] = tuple(tuple(Move(fid, d, f) for f in FACINGS) for d in DIRECTIONS)
    return found


def _moves_towards(fid: str, directions: tuple[int, ...]) -> tuple[Action, ...]:
    """The Move actions of a figure in ``directions``, each with every facing (made once
    per set of directions)."""
    found = _MOVE_LISTS.get((fid, directions))
    if found is None:
        moves = _moves_of(fid)
        found = _MOVE_LISTS[(fid, directions)] = tuple(m for d in directions for m in moves[d])
    return found


def _turns_of(fid: str) -> tuple[tuple[Action, ...], ...]:
    """For each current facing, the three Turn actions to the other sides."""
    found = _TURNS.get(fid)
    if found is None:
        found = _TURNS[fid] = tuple(tuple(Turn(fid, f) for j, f in enumerate(FACINGS) if j != i)
                                    for i in range(4))
    return found


def move_actions(state: DRState, fig: Figure, budget: int) -> list[Action]:
    out: list[Action] = []
    if fig.pos < 0 or fig.unconscious:
        return out
    if budget >= state.rules.cost("move"):
        moves = _moves_of(fig.id)
        if fig.misted:  # mist has no facing: it keeps the one it will not use
            out.extend(moves[d][fig.facing] for d in _free_directions(state, fig))
        else:
            out.extend(_moves_towards(fig.id, _free_directions(state, fig)))
    if budget >= state.rules.cost("turn") and not fig.misted:
        out.extend(_turns_of(fig.id)[fig.facing])
    return out


def entrance_squares(state: DRState, fig: Figure) -> list[int]:
    area = state.rules.board.areas.get(fig.entrance, frozenset())
    solid = state.solid_at()
    return sorted(s for s in area if s not in solid)


def enter_actions(state: DRState, fig: Figure, budget: int) -> list[Action]:
    if budget < state.rules.cost("enter"):
        return []
    board = state.rules.board
    return [Enter(fig.id, board.xy(s), f) for s in entrance_squares(state, fig)
            for i, f in enumerate(FACINGS) if not enters_crucifix_zone(state, fig, s, i)]


def leave_area(state: DRState, fig: Figure) -> str:
    """The exit area this figure may leave the board through ("" if none)."""
    adv = state.rules.adventure
    if adv["goal"] not in LEAVING_GOALS:
        return ""
    if state.options["multiplayer"] or not state.is_hunter(fig) or fig.seat not in state.seats:
        return ""
    if state.side(fig.seat) != "hunters":
        return ""
    if adv["goal"] == "cross_the_catacombs":
        return str(adv["exit"])
    if adv["goal"] == "rescue_van_helsing" and fig.kind == "van_helsing":
        return str(adv["exit"])
    return ""


def leave_actions(state: DRState, fig: Figure, budget: int) -> list[Action]:
    area = leave_area(state, fig)
    if not area or fig.pos not in state.rules.board.areas[area] or fig.misted:
        return []
    return [Leave(fig.id)] if budget >= state.rules.cost("leave") else []


def square_ahead(state: DRState, fig: Figure) -> int:
    """The square directly ahead (-1 off the map): facings n, e, s, w are the directions
    0, 2, 4, 6."""
    return state.rules.board.steps[fig.pos][2 * fig.facing]


def door_in_front(state: DRState, fig: Figure) -> str:
    """The door on the square directly ahead ("" if none)."""
    ahead = square_ahead(state, fig)
    return state.rules.board.door_of.get(ahead, "") if ahead >= 0 else ""


def door_actions(state: DRState, fig: Figure, budget: int) -> list[Action]:
    if fig.misted or fig.pos < 0 or budget < state.rules.cost("door"):
        return []
    door = door_in_front(state, fig)
    if not door:
        return []
    if not state.doors_open[door]:
        return [OpenDoor(fig.id)]
    if any(cell in state.solid_at() for cell in state.rules.board.doors[door]):
        return []  # a door cannot close on a solid character (ruling); mist is not there
    return [CloseDoor(fig.id)]


def mist_allowed(state: DRState) -> bool:
    """Daylight forbids mist (Into the Breach; Destroy Dracula after sunrise)."""
    adv = state.rules.adventure
    if adv.get("daylight"):
        return False
    sunrise = int(adv.get("sunrise_after", 0))
    return not (sunrise and state.turn > sunrise)


def mist_actions(state: DRState, fig: Figure, budget: int) -> list[Action]:
    if fig.pos < 0 or not state.is_vampire(fig) or not mist_allowed(state):
        return []
    if budget < state.rules.cost("mist"):
        return []
    if not fig.misted:
        return [TurnToMist(fig.id)]
    if not can_become_solid(state, fig):
        return []
    return [TurnSolid(fig.id, f) for f in FACINGS]


def can_become_solid(state: DRState, fig: Figure) -> bool:
    """A misted vampire may become solid where it is: not on a square with a solid
    character, nor in a closed doorway (ruling: a closed door fills its squares), nor in
    the area affected by a crucifix ("Mist", "The Crucifix")."""
    return not _blocked(fig.pos, state.obstacles()) and not in_crucifix_zone(state, fig, fig.pos)


# -- doing ------------------------------------------------------------------------------------
def do_move(state: DRState, fig: Figure, action: Move) -> None:
    origin = fig.pos
    fig.pos = state.rules.board.step(origin, DIRECTIONS.index(action.direction))
    fig.facing = FACINGS.index(action.facing)
    state.stepped(fig, origin)


def do_turn(state: DRState, fig: Figure, facing: str) -> None:
    fig.facing = FACINGS.index(facing)
    state.turned()


def do_enter(state: DRState, fig: Figure, action: Enter) -> None:
    fig.pos = state.rules.board.index(*action.square)
    fig.facing = FACINGS.index(action.facing)
    state.occupancy_changed()


def do_leave(state: DRState, fig: Figure) -> None:
    fig.pos = GONE
    state.exited.append(fig.id)
    state.occupancy_changed()


def do_door(state: DRState, fig: Figure, opening: bool) -> None:
    state.doors_open[door_in_front(state, fig)] = opening
    state.occupancy_changed()


def do_mist(state: DRState, fig: Figure, action: TurnToMist | TurnSolid) -> None:
    if isinstance(action, TurnToMist):
        fig.misted = True
    else:
        fig.misted = False
        fig.facing = FACINGS.index(action.facing)
    state.occupancy_changed()


# -- why not ----------------------------------------------------------------------------------
# Each says which rule an action of a character the seat may move breaks; ``who`` names it.
def why_not_enter(state: DRState, fig: Figure, action: Enter, who: str) -> Refusal:
    if fig.pos != OFF_BOARD:
        return f"{who} is already on the board", RULE_PLACING
    if action.facing not in FACINGS:
        return CORNER
    board = state.rules.board
    square = board.index(*action.square) if board.on_board(*action.square) else -1
    if square in entrance_squares(state, fig):
        return (f"{who} cannot enter within 3 squares of a crucifix holder it would face "
                "(each in the other's arc of effect)", RULE_CRUCIFIX)
    return (f"{who} enters through the {fig.entrance.replace('_', ' ')}: "
            f"{say.xy(*action.square)} is not one of its free squares", RULE_PLACING)


def why_not_move(state: DRState, fig: Figure, action: Move, who: str) -> Refusal:
    if action.direction not in DIRECTIONS:
        return "a character moves north, south, east, west or diagonally", RULE_MOVING
    if action.facing not in FACINGS:
        return CORNER
    board = state.rules.board
    d = DIRECTIONS.index(action.direction)
    to = board.step(fig.pos, d)
    if to < 0 or not board.open[to]:
        return f"{who} cannot move {say.direction(action.direction)} into a wall", RULE_MOVING
    if fig.misted:
        return "a misted vampire cannot move there", RULE_MIST
    if to in board.door_of and not state.doors_open[board.door_of[to]]:
        return f"a closed door blocks the way {say.direction(action.direction)}", RULE_DOORS
    solid = state.solid_at()
    if to in solid:
        return (f"{say.character(solid[to], state.rules.data_dir)} occupies "
                f"{say.square(board, to)}: a character cannot move into an occupied square",
                RULE_MOVING)
    if d % 2 and all((state.obstacles() >> s) & 1 or s < 0
                     for s in (board.step(fig.pos, (d - 1) % 8), board.step(fig.pos, (d + 1) % 8))):
        return "a character cannot move diagonally between two obstacles", RULE_MOVING
    if held_back_by(state, fig):
        return (f"{who} faces a crucifix holder: it cannot move nearer within 3 squares of "
                "the holder", RULE_CRUCIFIX)
    return f"{who} cannot move {say.direction(action.direction)}", RULE_MOVING


def why_not_turn(state: DRState, fig: Figure, action: Turn, who: str) -> Refusal:
    if action.facing not in FACINGS:
        return CORNER
    if fig.misted:
        return "a misted vampire has no facing to turn", RULE_MIST
    return f"{who} already faces {say.facing(action.facing)}", RULE_MOVING


def why_not_leave(state: DRState, fig: Figure, action: Leave, who: str) -> Refusal:
    area = leave_area(state, fig)
    if not area:
        return "characters cannot leave the board unless the briefing says so", RULE_LEAVING
    return (f"{who} must stand on a square of the {area.replace('_', ' ')} to leave the "
            "board", RULE_LEAVING)


def why_not_mist(state: DRState, fig: Figure, action: TurnToMist | TurnSolid, who: str) -> Refusal:
    if not state.is_vampire(fig):
        return "only vampires turn to mist", RULE_MIST
    if not mist_allowed(state):
        return ("the sun is up: the vampires cannot turn to mist",
                str(state.rules.adventure.get("title", RULE_MIST)))
    if isinstance(action, TurnToMist):
        return f"{who} is mist already", RULE_MIST
    if not fig.misted:
        return f"{who} is solid already", RULE_MIST
    if action.facing not in FACINGS:
        return CORNER
    if (state.obstacles() >> fig.pos) & 1:
        return ("a misted vampire cannot voluntarily become solid in a square occupied by a "
                "solid character (or a closed doorway)", RULE_MIST)
    return "misted vampires cannot become solid in the area affected by a crucifix", \
        RULE_CRUCIFIX


def why_not_door(state: DRState, fig: Figure, action: OpenDoor | CloseDoor, who: str) -> Refusal:
    if fig.misted:
        return "misted vampires cannot open or shut doors", RULE_MIST
    door = door_in_front(state, fig)
    if not door:
        return f"there is no door directly in front of {who}", RULE_DOORS
    if isinstance(action, OpenDoor):
        return "the door in front is open already", RULE_DOORS
    if not state.doors_open[door]:
        return "the door in front is closed already", RULE_DOORS
    return "the door cannot close on a solid character standing in the doorway", RULE_DOORS
