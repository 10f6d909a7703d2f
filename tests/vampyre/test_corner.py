"""Ruling 3, a corner: if no move of the full allowance exists, the mover goes as far as
it can (docs/vampyre.md, "Rulings"). A player werewolf keeps out of the large hexes
there too ("Werewolf Conversion").

The packaged map has no corner (every hex, roll and mode was searched), so these tests
draw one on a map of their own (option ``data_dir``): in the top right-hand corner,
three clear hexes (14.00, 15.00, 15.01) shut in by the map's edge, Castle Dracula (14.01)
and three large hexes moved next to them (the Ruined Castle to 13.00, Targoviste to
14.02, the Old Abbey to 15.02; the roads to those three, and the one through 14.02, are
left off the map). A player werewolf at 14.00 has a dead end two hexes long, shorter
than the three clear hexes a roll of 5 or 6 allows.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gothic_kernel import IllegalAction
from vampyre.actions import Move
from vampyre.state import PLAYER_WEREWOLF, VampyreState

from .helpers import new, put, script, turn_of

PACKAGED = Path(__file__).parents[2] / "vampyre" / "data"
MOVED = {"the_ruined_castle": (13, 0), "targoviste": (14, 2), "the_old_abbey": (15, 2)}
CLEARED = {0: (14, 15), 1: (15,)}  # row: columns made clear (evil on the packaged map)


def cornered_map(folder: Path) -> Path:
    """A ``data_dir`` whose map of Transylvania has the corner described above."""
    text = (PACKAGED / "transylvania.toml").read_text(encoding="utf-8")
    head, *roads = text.split("[[roads]]")
    for hid, (col, row) in MOVED.items():
        head, moved = re.subn(rf'(id = "{hid}"\nname = "[^"]+"\n)col = \d+\nrow = \d+',
                              rf"\g<1>col = {col}\nrow = {row}", head)
        assert moved == 1, hid
    for row, columns in CLEARED.items():
        terrain = re.search(rf'row = {row}\nterrain = "(\w+)"', head)
        assert terrain is not None
        letters = list(terrain[1])
        for col in columns:
            letters[col] = "c"
        head = head.replace(terrain[0], f'row = {row}\nterrain = "{"".join(letters)}"', 1)
    kept = [road for road in roads
            if not any(f'"{hid}"' in road for hid in [*MOVED, "hex_14_02"])]
    (folder / "transylvania.toml").write_text("[[roads]]".join([head, *kept]),
                                              encoding="utf-8")
    return folder


def cornered_werewolf(tmp_path: Path, roll: int) -> VampyreState:
    """Harker, a player werewolf at 14.00 in the corner, about to move with ``roll``."""
    state = new(data_dir=str(cornered_map(tmp_path)))
    put(state, "harker", "hex_14_00")
    state.players["harker"].form = PLAYER_WEREWOLF
    turn_of(state, "harker", roll)
    script(state, [4] * 40)  # the dice of the turns after Harker's move
    return state


def test_the_map_with_a_corner_is_drawn_as_described(tmp_path: Path) -> None:
    state = cornered_werewolf(tmp_path, 4)
    board = state.world.transylvania
    assert board.neighbours["hex_14_00"] == ("the_ruined_castle", "hex_15_00", "castle_dracula")
    assert board.neighbours["hex_15_01"] == ("hex_15_00", "castle_dracula", "targoviste",
                                             "the_old_abbey")
    assert {board.terrain[h] for h in ("hex_14_00", "hex_15_00", "hex_15_01")} == {"clear"}


@pytest.mark.parametrize("roll", [5, 6])
def test_a_cornered_mover_is_offered_exactly_the_longest_moves(tmp_path: Path,
                                                               roll: int) -> None:
    """No walk of the full allowance (three clear hexes) exists: the longest, two hexes
    to 15.01, counts as complete; the shorter one to 15.00 is not offered."""
    state = cornered_werewolf(tmp_path, roll)
    assert state.legal_actions("harker") == [Move("hex_15_01")]
    with pytest.raises(IllegalAction):
        state.apply("harker", Move("hex_15_00"))
    state.apply("harker", Move("hex_15_01"))
    moved = [e for e in state.log("public") if e["kind"] == "move"][-1]
    assert moved["path"] == ["hex_15_00", "hex_15_01"]
    assert state.players["harker"].location == "hex_15_01"


def test_with_a_roll_of_3_the_same_walk_is_the_full_allowance(tmp_path: Path) -> None:
    """Two clear hexes are a roll of 3's full allowance: no corner, the same one move."""
    state = cornered_werewolf(tmp_path, 3)
    assert state.legal_actions("harker") == [Move("hex_15_01")]


def test_a_cornered_player_werewolf_keeps_out_of_the_large_hexes(tmp_path: Path) -> None:
    """The large hexes next to the corner would make longer moves (Castle Dracula at
    once, or Targoviste and the Old Abbey from 15.01); a player werewolf may enter none."""
    state = cornered_werewolf(tmp_path, 6)
    board = state.world.transylvania
    ends = {m.to for m in state.legal_actions("harker") if isinstance(m, Move)}
    assert ends == {"hex_15_01"}
    assert not any(board.is_large(end) for end in ends)
    with pytest.raises(IllegalAction) as err:
        state.apply("harker", Move("castle_dracula"))
    assert err.value.rule == "Werewolf Conversion"
