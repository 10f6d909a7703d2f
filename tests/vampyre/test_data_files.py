"""A user's own data files (option ``data_dir``): every slip is a BadOption naming the file.

The option names a folder whose data files replace the packaged ones ("Your own data"
in docs/vampyre.md). A folder that is not there, a file given instead, a folder with
no data file or a stray one, a file that cannot be parsed, an entry that lacks a key or
has the wrong type, and data the engine cannot play are each refused when the game is
set up, with the file and the problem in the message.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from gothic_kernel import BadOption

from .helpers import GAME

PACKAGED = Path(__file__).parents[2] / "vampyre" / "data"


def packaged(name: str) -> str:
    return (PACKAGED / name).read_text(encoding="utf-8")


def refused(data_dir: Path | str, *fragments: str) -> str:
    """Set up a game with ``data_dir``; the BadOption's message, which holds ``fragments``."""
    with pytest.raises(BadOption) as err:
        GAME.new_game(seed=1, data_dir=str(data_dir))
    message = str(err.value)
    for fragment in fragments:
        assert fragment in message, message
    return message


def test_a_folder_that_is_not_there_is_refused(tmp_path: Path) -> None:
    refused(tmp_path / "no_such_folder", "data_dir", "there is no folder", "no_such_folder")


def test_a_file_given_instead_of_a_folder_is_refused(tmp_path: Path) -> None:
    (tmp_path / "tables.toml").write_text(packaged("tables.toml"))
    refused(tmp_path / "tables.toml", "is a file, not a folder", "tables.toml")


def test_a_folder_without_any_data_file_is_refused(tmp_path: Path) -> None:
    refused(tmp_path, "holds none of the data files", "counters.toml", "castle.toml")


def test_a_misspelt_data_file_is_refused_not_ignored(tmp_path: Path) -> None:
    (tmp_path / "tables.toml").write_text(packaged("tables.toml"))
    (tmp_path / "counter.toml").write_text(packaged("counters.toml"))
    refused(tmp_path, str(tmp_path / "counter.toml"), "not a data file")


def test_a_folder_named_like_a_data_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / "castle.toml").mkdir()
    (tmp_path / "tables.toml").write_text(packaged("tables.toml"))
    refused(tmp_path, str(tmp_path / "castle.toml"), "not a file")


FILES = ("counters.toml", "tables.toml", "transylvania.toml", "castle.toml")


@pytest.mark.parametrize("name", FILES)
def test_a_data_file_that_is_not_toml_is_refused(tmp_path: Path, name: str) -> None:
    (tmp_path / name).write_text(packaged(name) + "\n[[unclosed\n")
    refused(tmp_path, str(tmp_path / name), "is not valid TOML")


@pytest.mark.parametrize("name", FILES)
def test_a_data_file_that_is_not_text_is_refused(tmp_path: Path, name: str) -> None:
    (tmp_path / name).write_bytes(b"\xff\xfe\x00garbage")
    refused(tmp_path, str(tmp_path / name), "is not UTF-8 text")


def _drop_section(text: str, header: str) -> str:
    """``text`` without every ``header`` table (``[[header]]`` or ``[header]``) and its keys."""
    kept, skipping = [], False
    for line in text.splitlines():
        if line.startswith("["):
            skipping = line.strip("[] ") == header
        if not skipping:
            kept.append(line)
    return "\n".join(kept) + "\n"


#: (file, how it is spoilt, what the message says)
SLIPS: list[tuple[str, Callable[[str], str], str]] = [
    # an entry lacks a key, or a whole table is missing
    ("counters.toml", lambda t: _drop_section(t, "hunters"), "lacks the key 'hunters'"),
    ("counters.toml", lambda t: t.replace('kind = "gun"\n', "", 1), "lacks the key 'kind'"),
    ("tables.toml", lambda t: _drop_section(t, "movement.rates"), "lacks the key 'rates'"),
    ("tables.toml", lambda t: _drop_section(t, "monsters"), "lacks the key 'monsters'"),
    ("transylvania.toml", lambda t: _drop_section(t, "roads"), "lacks the key 'roads'"),
    ("castle.toml", lambda t: _drop_section(t, "map"), "lacks the key 'map'"),
    # a value of the wrong type
    ("counters.toml", lambda t: t.replace("count = 9", 'count = "nine"', 1),
     "count = 'nine' must be a whole number"),
    ("tables.toml", lambda t: t.replace('results = "WWVVVVVVV"', "results = 7", 1),
     "results = 7 must be text"),
    ("transylvania.toml", lambda t: t.replace("columns = 16", 'columns = "sixteen"'),
     "ill-formed"),
    ("castle.toml", lambda t: re.sub(r'^x = \d+', 'x = "left"', t, count=1, flags=re.M),
     "ill-formed"),
    # data the engine cannot play
    ("counters.toml", lambda t: t.replace("count = 9", "count = 8", 1), "27 black counters"),
    ("counters.toml", lambda t: t.replace('id = "seward"', 'id = "renfield"'),
     "must name each of"),
    ("counters.toml", lambda t: t.replace('kind = "count_dracula"', 'kind = "count_orlok"'),
     "count_dracula"),
    ("counters.toml", lambda t: t.replace('category = "coffin"', 'category = "casket"'),
     "unknown category 'casket'"),
    ("counters.toml", lambda t: t.replace('monster = "gargoyle"', 'monster = "griffin"'),
     "'griffin'"),
    ("tables.toml", lambda t: t.replace('"boar", "wolf"', '"boar", "yeti"'),
     "unknown monster 'yeti'"),
    ("tables.toml", lambda t: t.replace('results = "WWVVVVVVV"', 'results = "WWVVVVVV"', 1),
     "must be 9 code letters"),
    ("tables.toml", lambda t: t.replace('id = "hermits_prayers"', 'id = "a_new_idea"'),
     "unknown id 'a_new_idea'"),
    ("tables.toml", lambda t: t.replace('results = "WWVVVVVVV"', 'results = "WWVVVVVVS"', 1),
     "only affects nosferatu"),
    ("tables.toml", lambda t: t.replace('results = "WWWVVVVVV"', 'results = "WWIVVVVVV"', 1),
     "only possible in the Extended Game"),
    ("transylvania.toml", lambda t: t.replace('id = "the_crypts"', 'id = "the_catacombs"')
     .replace('"the_crypts"', '"the_catacombs"'), "the large hex 'the_crypts' is missing"),
    ("transylvania.toml", lambda t: t.replace('terrain = "ccccfffmmmmmeeee"',
                                              'terrain = "ccccfffmmmmmeeex"'),
     "terrain letter 'x'"),
    ("transylvania.toml", lambda t: t.replace('"hex_13_03", "hex_13_02"', '"hex_13_02"'),
     "not adjacent"),
    ("castle.toml", lambda t: t.replace('entrance = "portcullis"', 'entrance = "drawbridge"'),
     "entrance"),
    ("castle.toml", lambda t: t.replace('name = "Stables"', 'name = "Kitchens"'),
     "share an id or a name"),
]


@pytest.mark.parametrize(("name", "spoil", "problem"), SLIPS,
                         ids=[f"{n}:{p}" for n, _, p in SLIPS])
def test_an_ill_formed_data_file_is_refused_naming_it(tmp_path: Path, name: str,
                                                      spoil: Callable[[str], str],
                                                      problem: str) -> None:
    text = packaged(name)
    spoilt = spoil(text)
    assert spoilt != text, "the slip must change the file"
    (tmp_path / name).write_text(spoilt)
    refused(tmp_path, f"vampyre data: {tmp_path / name}: ", problem)


def test_a_corrected_file_is_read_afresh(tmp_path: Path) -> None:
    """A refused folder is not remembered: once the file is put right, the game sets up."""
    (tmp_path / "tables.toml").write_text("[movement]\n")
    refused(tmp_path, "tables.toml")
    (tmp_path / "tables.toml").write_text(packaged("tables.toml"))
    state = GAME.new_game(seed=1, data_dir=str(tmp_path))
    assert state.current_seats()


def test_a_packaged_file_is_named_as_such_when_the_users_file_breaks_a_cross_check(
        tmp_path: Path) -> None:
    """A user's counters.toml whose red counters outnumber the packaged castle's green areas:
    the castle map is refused, named as the packaged file."""
    own = packaged("counters.toml").replace('kind = "trap"\nname = "Trap"\ncount = 1',
                                            'kind = "trap"\nname = "Trap"\ncount = 2')
    (tmp_path / "counters.toml").write_text(own)
    refused(tmp_path, "the packaged castle.toml", "one green area per red counter")


def test_the_default_bots_read_the_games_own_data_folder(tmp_path: Path) -> None:
    """The bots read the maps and tables of the game they play, not the packaged ones."""
    from vampyre.bots import HunterBot
    from vampyre.tables import load_rules

    own = packaged("tables.toml").replace('results = "WWWNVVVVV"', 'results = "WVVVVVVVV"', 1)
    (tmp_path / "tables.toml").write_text(own)
    state = GAME.new_game(seed=1, data_dir=str(tmp_path))
    bots = GAME.default_agents(state, 1)
    assert all(isinstance(b, HunterBot) and b.rules is load_rules(str(tmp_path))
               for b in bots.values())


@pytest.mark.parametrize("coffins", [2, 3])
def test_a_game_needs_three_coffins_to_find(tmp_path: Path, coffins: int) -> None:
    """"The first player to find three of Dracula's coffins has won the Basic Game": a
    counters.toml with three coffins (and more Nothing counters, 27 in all) sets up, one
    with two, where nobody could win that way, is refused."""
    own = packaged("counters.toml").replace('kind = "nothing"\nname = "Nothing"\ncount = 9',
                                            f'kind = "nothing"\nname = "Nothing"\n'
                                            f'count = {17 - coffins}')
    own = own.replace('kind = "coffin"\nname = "Coffin"\ncount = 8',
                      f'kind = "coffin"\nname = "Coffin"\ncount = {coffins}')
    (tmp_path / "counters.toml").write_text(own)
    if coffins == 2:
        refused(tmp_path, "counters.toml", "at least three coffins")
    else:
        state = GAME.new_game(seed=1, data_dir=str(tmp_path))
        assert sum(c.startswith("coffin") for s in state.stacks.values() for c in s) == 3


@pytest.mark.parametrize(("place", "problem"), [
    ("col = 1\nrow = 12", "a large hex at column 1, row 12 is off the map"),
    ("col = 16\nrow = 6", "a large hex at column 16, row 6 is off the map"),
    ("col = 1\nrow = 0", "klausenburg and hex_02_06 are not adjacent"),
    ("col = 0\nrow = 6", "klausenburg and hex_02_06 are not adjacent"),
])
def test_a_large_hex_off_the_map_is_refused_naming_its_column_and_row(
        tmp_path: Path, place: str, problem: str) -> None:
    """transylvania.toml's 16 columns by 12 rows are numbered from 0: Klausenburg moved one
    past the last row or column is off the map, named by its column and row; moved to the
    first row or column it is on the map (refused only because its road no longer
    reaches it)."""
    text = packaged("transylvania.toml")
    old = 'name = "Klausenburg"\ncol = 1\nrow = 6'
    assert old in text
    (tmp_path / "transylvania.toml").write_text(
        text.replace(old, f'name = "Klausenburg"\n{place}', 1))
    message = refused(tmp_path, "transylvania.toml", problem)
    assert ("off the map" in message) == ("off the map" in problem)
