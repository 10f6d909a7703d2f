"""Sandbox positions: any board drawn in ASCII, any figures, a character active.

For tests that reproduce the rulebook's examples, for puzzles, and for front ends
that want to show a rule in isolation::

    st = sandbox(["......", "..#...", "......"],
                 figures=[{"id": "crossbow_1", "square": (0, 2), "facing": "e"},
                          {"id": "nosferatu_a", "square": (4, 0), "facing": "w"}],
                 active="crossbow_1")

Rows use '.' floor, '#' wall and 'd' a doorway holding a closed door ('o' an open
one). The sandbox plays on like a game with no goal (it never ends by itself).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import gothic_kernel as gk
from gothic_kernel import Dice

from . import DraculasRevengeGame, engine, timeline
from .board import FACINGS, Board
from .characters import OFF_BOARD, Figure, card_kind, character_types, side_of_kind
from .rules import Rules, rules_for
from .sight import Sight
from .state import DRState


def sandbox_board(rows: Sequence[str]) -> Board:
    """A board of one tile drawn in ASCII ('o' open doors are returned closed)."""
    clean = [r.replace("o", "d") for r in rows]
    doors = [[x, y] for y, r in enumerate(clean) for x, ch in enumerate(r) if ch == "d"]
    spec = {"tiles": [{"tile": "sandbox", "col": 0, "row": 0, "turn": 0}], "doors": doors,
            "areas": {}}
    return Board("sandbox", spec, {"sandbox": {"rows": clean}}, max(len(clean), 1))


def sandbox(rows: Sequence[str] | None = None, *, figures: Sequence[Mapping[str, Any]] = (),
            active: str = "", hands: Mapping[str, Sequence[str]] | None = None,
            dice: Dice | None = None, reaction_rolls: Mapping[str, int] | None = None,
            adventure: str = "custom", map_name: str = "", rules: Mapping[str, Any] = (),
            turn: int = 1, **options: Any) -> DRState:
    """A state in the middle of a turn: ``active`` (if given) has its full Action Points;
    else the players build the Action Timeline from ``hands``."""
    game = gk.load_game("draculas_revenge")
    assert isinstance(game, DraculasRevengeGame)
    resolved = game.resolve_options({"adventure": adventure, **options})
    base = rules_for(adventure, map_name or game.map_for(resolved), resolved["data_dir"])
    spec = {**base.adventure, "goal": "sandbox", "turn_limit": 0, **dict(rules)}
    board = sandbox_board(rows) if rows is not None else base.board
    sight = Sight(board) if rows is not None else base.sight
    types = character_types(resolved["data_dir"])
    st = DRState(game, dice if dice is not None else Dice(0),
                 Rules(resolved["data_dir"], adventure, spec, board, sight, types,
                       card_kind(resolved["data_dir"]), side_of_kind(resolved["data_dir"]),
                       base.costs, base.numbers),
                 resolved, game.seat_sides(resolved))
    if rows is not None:
        for door, cells in board.doors.items():
            x, y = board.xy(cells[0])
            st.doors_open[door] = rows[y][x] == "o"
    kinds = card_kind(resolved["data_dir"])
    sides = side_of_kind(resolved["data_dir"])
    for f in figures:
        fid = str(f["id"])
        kind = str(f.get("kind", kinds[fid]))
        square = f.get("square")
        pos = OFF_BOARD if square is None else board.index(*square)
        st.figures[fid] = Figure(fid, kind, str(f.get("seat", sides[kinds[fid]])), pos,
                                 FACINGS.index(f.get("facing", "n")),
                                 born=str(f.get("born", kinds[fid])),
                                 misted=bool(f.get("misted", False)),
                                 unconscious=bool(f.get("unconscious", False)),
                                 minion_card=str(f.get("minion_card", "")),
                                 entrance=str(f.get("entrance", "")))
    st.turn = turn
    for seat in st.seats:
        st.rp_die[seat] = (reaction_rolls or {}).get(seat, 0)
        st.hands[seat] = list((hands or {}).get(seat, ()))
    st.changed()
    if active:
        fig = st.figures[active]
        st.active, st.active_seat, st.ap_left = active, fig.seat, types[fig.kind].ap
        st.phase = "activation"
        st.activations = 1
    else:
        timeline.start(st)
        engine.proceed(st)
    return st
