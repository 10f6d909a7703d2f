"""The packaged movement tables (``vampyre.reach_tables``): read from a data file, equal to
the search, refused naming the file when it is damaged or made from other map data."""

from __future__ import annotations

import base64
import hashlib
import json
from pathlib import Path

import pytest

from gothic_kernel import BadOption
from vampyre.board import Transylvania
from vampyre.reach import MODES, WALK, large_hexes, search_transylvania, transylvania_reach
from vampyre.reach_tables import FILE, ReachTables, ReadReach, pack, tables_from
from vampyre.state import load_world
from vampyre.tables import load_rules

from .helpers import GAME

PACKAGED = Path(__file__).parents[2] / "vampyre" / "data"


def _text() -> str:
    return (PACKAGED / FILE).read_text(encoding="utf-8")


def _searched_board() -> Transylvania:
    """The packaged map, built afresh (its tables searched, not read)."""
    return Transylvania(load_rules())


def test_every_table_read_from_the_file_equals_the_search() -> None:
    """Each of the 3,456 tables (192 hexes, six rolls, three modes): the same ends in the
    same order, each with the same path, the same longest move in a corner and the same
    moves offered; each end (and the start, no end) has the same rank and path by the
    table's own look-ups."""
    board = _searched_board()
    tables = tables_from(_text(), board, large_hexes(board), packaged=True)
    assert isinstance(tables, ReachTables)
    for at, start in enumerate(board.hexes):
        for roll in range(1, 7):
            for mode in MODES:
                read, searched = tables.reach(at, roll, mode), \
                    search_transylvania(board, start, roll, mode)
                assert read.longest == searched.longest, (start, roll, mode)
                assert read.plain == searched.plain, (start, roll, mode)
                for part in ("full", "large", "early"):
                    assert list(getattr(read, part).items()) == \
                        list(getattr(searched, part).items()), (start, roll, mode, part)
                for end in (*searched.full, *searched.large, *searched.early, start):
                    assert read.rank(end) == searched.rank(end), (start, roll, mode, end)
                    assert read.path(end) == searched.path(end), (start, roll, mode, end)
                    assert [end in getattr(read, part) for part in ("full", "large", "early")] \
                        == [end in getattr(searched, part) for part in ("full", "large", "early")]


def test_the_file_is_what_the_script_writes() -> None:
    """The packaged file is up to date: packing the searched tables gives its contents."""
    board = _searched_board()
    assert json.loads(_text()) == pack(board, large_hexes(board))


def test_the_packaged_map_reads_its_tables_from_the_file() -> None:
    GAME.new_game(seed=1)
    board = load_world("").transylvania
    assert board.reach_tables is not None
    assert transylvania_reach(board, "bistritz", 4, MODES[0]) is \
        transylvania_reach(board, "bistritz", 4, MODES[0])  # cached once read


def _changed(**fields: str) -> str:
    data = json.loads(_text())
    data.update(fields)
    return json.dumps(data)


def _reseal(tables: bytes) -> str:
    return _changed(tables=base64.b64encode(tables).decode("ascii"),
                    tables_digest=hashlib.sha256(tables).hexdigest())


@pytest.mark.parametrize(("text", "fragment"), [
    ("{", "unreadable"),
    (_changed(format="vampyre movement tables 0"), "the format is"),
    (_changed(tables="not base 64!"), "unreadable"),
    (_changed(tables_digest="0" * 64), "do not match their digest"),
    (_changed(made_from="0" * 64), "made from other map data"),
    (_reseal(base64.b64decode(json.loads(_text())["tables"])[:-4]), "do not fill the file"),
])
def test_a_damaged_or_stale_file_is_refused_naming_it(text: str, fragment: str) -> None:
    board = _searched_board()
    with pytest.raises(BadOption) as err:
        tables_from(text, board, large_hexes(board), packaged=True)
    assert FILE in str(err.value) and fragment in str(err.value)
    assert "make_reach_tables.py" in str(err.value)



def test_a_move_reads_the_packaged_maps_table_and_searches_another_map(tmp_path: Path) -> None:
    """Movement on the packaged map reads the file's table (``ReadReach``); on a map of
    other data, which has no table, the same call searches it."""
    GAME.new_game(seed=1)
    board = load_world("").transylvania
    assert isinstance(transylvania_reach(board, "hex_07_02", 4, WALK), ReadReach)
    rules = (PACKAGED / "tables.toml").read_text(encoding="utf-8")
    (tmp_path / "tables.toml").write_text(
        rules.replace("hexes = [1, 1, 1, 2, 2, 2]", "hexes = [1, 2, 3, 4, 5, 6]", 1),
        encoding="utf-8")
    GAME.new_game(seed=1, data_dir=str(tmp_path))
    other = load_world(str(tmp_path)).transylvania
    reach = transylvania_reach(other, "hex_07_02", 4, WALK)
    assert not isinstance(reach, ReadReach)
    assert dict(reach.full) == dict(search_transylvania(other, "hex_07_02", 4, WALK).full)

def test_a_map_of_other_data_searches_its_tables(tmp_path: Path) -> None:
    """A ``data_dir`` changing the rates makes another map: the file is not its own, so
    its tables are searched (and differ); the same data in a folder reads the file."""
    rules = (PACKAGED / "tables.toml").read_text(encoding="utf-8")
    faster = rules.replace("hexes = [1, 1, 1, 2, 2, 2]", "hexes = [1, 2, 3, 4, 5, 6]", 1)
    assert faster != rules
    (tmp_path / "tables.toml").write_text(faster, encoding="utf-8")
    GAME.new_game(seed=1, data_dir=str(tmp_path))
    board = load_world(str(tmp_path)).transylvania
    assert board.reach_tables is None
    assert tables_from(_text(), board, large_hexes(board), packaged=False) is None
    same = tmp_path / "same"
    same.mkdir()
    (same / "tables.toml").write_text(rules, encoding="utf-8")
    GAME.new_game(seed=1, data_dir=str(same))
    assert load_world(str(same)).transylvania.reach_tables is not None


def test_the_parts_of_a_table_read_from_the_file_keep_to_their_own_ends() -> None:
    """A table's complete ends, large hexes and other ends share one dictionary in the
    file's reading: each part holds, lists and gives paths for its own ends only."""
    board = _searched_board()
    tables = tables_from(_text(), board, large_hexes(board), packaged=True)
    assert tables is not None
    read = tables.reach(board.index["bistritz"], 6, MODES[0])
    parts = (read.full, read.large, read.early)
    assert all(parts)
    for part in parts:
        for other in parts:
            for end in other:
                assert (end in part) == (part is other)
                if part is not other:
                    with pytest.raises(KeyError):
                        part[end]
    assert 42 not in read.full
