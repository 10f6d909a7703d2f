"""Sandbox positions: any board drawn in ASCII, any figures, a character active.

For tests that reproduce the rulebook's examples, for puzzles, and for front ends
that want to show a rule in isolation::

    state = sandbox(["......", "..#...", "......"],
                    figures=[{"id": "crossbow_1", "square": (0, 2), "facing": "e"},
                             {"id": "nosferatu_a", "square": (4, 0), "facing": "w"}],
                    active="crossbow_1")

Rows use '.' floor, '#' wall and 'd' a doorway holding a closed door ('o' an open
one). The sandbox plays on like a game with no goal (it never ends by itself); it saves
and loads with ``to_json``/``from_json`` like any state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, cast

import gothic_kernel as gk
from gothic_kernel import Dice

from . import timeline
from .characters import OFF_BOARD, Figure, card_kind, character_types, side_of_kind
from .decisions import Phase
from .grid import FACINGS, Board
from .rules import Rules, rules_for
from .sight import Sight
from .state import DRState
from .turn import SequenceOfPlay, Stage, stack_for

if TYPE_CHECKING:
    from . import DraculasRevengeGame


@lru_cache(maxsize=64)
def _board(rows: tuple[str, ...]) -> Board:
    clean = [r.replace("o", "d") for r in rows]
    doors = [[x, y] for y, r in enumerate(clean) for x, ch in enumerate(r) if ch == "d"]
    spec = {"tiles": [{"tile": "sandbox", "col": 0, "row": 0, "turn": 0}], "doors": doors,
            "areas": {}}
    return Board("sandbox", spec, {"sandbox": {"rows": clean}}, max(len(clean), 1))


def sandbox_board(rows: Sequence[str]) -> Board:
    """A board of one tile drawn in ASCII ('o' open doors are returned closed)."""
    return _board(tuple(rows))


def sandbox_rules(game: DraculasRevengeGame, options: dict[str, Any],
                  spec: Mapping[str, Any]) -> Rules:
    """The rules of a sandbox: its own board (or the adventure's), and no goal."""
    adventure = options["adventure"]
    base = rules_for(adventure, spec["map"] or game.map_for(options), options["data_dir"])
    rows = spec["rows"]
    board = sandbox_board(rows) if rows is not None else base.board
    sight = _sandbox_sight(rows) if rows is not None else base.sight
    adv = {**base.adventure, "goal": "sandbox", "turn_limit": 0, **dict(spec["rules"])}
    return Rules(options["data_dir"], adventure, adv, board, sight,
                 character_types(options["data_dir"]), card_kind(options["data_dir"]),
                 side_of_kind(options["data_dir"]), base.costs, base.numbers)


_SIGHTS: dict[tuple[str, ...], Sight] = {}


def _sandbox_sight(rows: Sequence[str]) -> Sight:
    key = tuple(rows)
    if key not in _SIGHTS:
        _SIGHTS[key] = Sight(sandbox_board(rows))
    return _SIGHTS[key]


def sandbox(rows: Sequence[str] | None = None, *, figures: Sequence[Mapping[str, Any]] = (),
            active: str = "", hands: Mapping[str, Sequence[str]] | None = None,
            dice: Dice | None = None, reaction_rolls: Mapping[str, int] | None = None,
            adventure: str = "custom", map_name: str = "", rules: Mapping[str, Any] | None = None,
            turn: int = 1, **options: Any) -> DRState:
    """A state in the middle of a turn: ``active`` (if given) has its full Action Points;
    else the players build the Action Timeline from ``hands``."""
    game = cast("DraculasRevengeGame", gk.load_game("draculas_revenge"))
    resolved = game.resolve_options({"adventure": adventure, **options})
    spec = {"rows": None if rows is None else list(rows), "map": map_name,
            "rules": dict(rules or {})}
    state = DRState(game, dice if dice is not None else Dice(0),
                    sandbox_rules(game, resolved, spec), resolved, game.seat_sides(resolved))
    state.sandbox = spec
    board = state.rules.board
    if rows is not None:
        for door, cells in board.doors.items():
            x, y = board.xy(cells[0])
            state.doors_open[door] = rows[y][x] == "o"
    types = state.rules.types
    kinds = card_kind(resolved["data_dir"])
    sides = side_of_kind(resolved["data_dir"])
    for f in figures:
        fid = str(f["id"])
        kind = str(f.get("kind", kinds[fid]))
        square = f.get("square")
        pos = OFF_BOARD if square is None else board.index(*square)
        if pos >= 0 and not board.open[pos]:
            raise gk.BadOption(f"sandbox: {fid} cannot stand in the wall at {square}")
        state.figures[fid] = Figure(fid, kind, str(f.get("seat", sides[kinds[fid]])), pos,
                                    FACINGS.index(f.get("facing", "n")),
                                    born=str(f.get("born", kinds[fid])),
                                    misted=bool(f.get("misted", False)),
                                    unconscious=bool(f.get("unconscious", False)),
                                    minion_card=str(f.get("minion_card", "")),
                                    entrance=str(f.get("entrance", "")))
    state.turn = turn
    for seat in state.seats:
        state.rp_die[seat] = (reaction_rolls or {}).get(seat, 0)
        state.hands[seat] = list((hands or {}).get(seat, ()))
    state.invalidate()
    if active:
        fig = state.figures[active]
        state.active, state.active_seat, state.ap_left = active, fig.seat, types[fig.kind].ap
        state.activations = 1
        state.stack = stack_for(Phase.ACTIVATION, fig.seat, [], [])
    else:
        state.stack = [SequenceOfPlay(Stage.TURN)]
        timeline.start(state)
        state.proceed()
    return state
