"""Bad data files: every ``*_file`` option refuses a file it cannot use with BadOption,
naming the option, the file and the problem (never a KeyError, TypeError or OSError, and
never a game that breaks later)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import fury1987
from fury1987.game import load_rules
from gothic_kernel import BadOption

from .helpers import GAME

DATA = Path(fury1987.__file__).parent / "data"

#: Each option, its packaged file, and two edits of it: (old, new) that leaves a field
#: out, and one that gives a field a value of the wrong type.
FILES = {
    "map_file": ("map.toml",
                 ('id = "paris"\nname = "Paris"\n', 'id = "paris"\n'),
                 ('id = "paris"\nname = "Paris"\nkind = "large"\nport = false',
                  'id = "paris"\nname = "Paris"\nkind = "large"\nport = "no"')),
    "railway_chart_file": ("railway_station_chart.toml",
                           ('id = "no_train"\nname = "No train"\nstops = 0\n',
                            'id = "no_train"\nname = "No train"\n'),
                           ("die = [1]", 'die = ["one"]')),
    "encounters_file": ("encounters.toml",
                        ('name = "Bats"\ncount = 4\n', 'name = "Bats"\n'),
                        ('name = "Bats"\ncount = 4\n', 'name = "Bats"\ncount = "four"\n')),
    "chits_file": ("chits.toml",
                   ('[dracula.claw]\nname = "Claw"\ndaytime = true\n',
                    '[dracula.claw]\nname = "Claw"\ndaytime = "by day"\n'),
                   ('[dracula.claw]\nname = "Claw"\n', '[dracula.claw]\nname = 7\n')),
    "combat_tables_file": ("combat_tables.toml",
                           ('[escape_forms.bat]\nchit = "escape_bat"\n',
                            '[escape_forms.bat]\n'),
                           ('[escape_forms.bat]\nchit = "escape_bat"\nleaves_town = true',
                            '[escape_forms.bat]\nchit = "escape_bat"\nleaves_town = 1')),
    "events_file": ("events.toml",
                    ('id = "trap"\nname = "Trap"\ncount = 3\n', 'id = "trap"\nname = "Trap"\n'),
                    ('kind = "initiative_modifier"\nside = "dracula"\namount = 1\n',
                     'kind = "initiative_modifier"\nside = "dracula"\namount = "one"\n')),
}


def refused(option: str, path: Path | str) -> str:
    """The BadOption message for a game set up with ``option=path``."""
    with pytest.raises(BadOption) as caught:
        GAME.new_game(seed=1, **{option: str(path)})
    message = str(caught.value)
    assert option in message and str(path) in message, message
    return message


def variant(tmp_path: Path, option: str, old: str, new: str) -> Path:
    name = FILES[option][0]
    text = (DATA / name).read_text("utf-8")
    assert old in text, (option, old)
    path = tmp_path / name
    path.write_text(text.replace(old, new, 1), "utf-8")
    return path


@pytest.mark.parametrize("option", sorted(FILES))
def test_a_missing_file(tmp_path: Path, option: str) -> None:
    assert "no such file" in refused(option, tmp_path / "nowhere.toml")


@pytest.mark.parametrize("option", sorted(FILES))
def test_a_folder(tmp_path: Path, option: str) -> None:
    assert "a folder" in refused(option, tmp_path)


@pytest.mark.parametrize("option", sorted(FILES))
def test_a_file_that_is_not_toml(tmp_path: Path, option: str) -> None:
    path = tmp_path / "broken.toml"
    path.write_text("[[[ not toml", "utf-8")
    assert "not valid TOML" in refused(option, path)


@pytest.mark.parametrize("option", sorted(FILES))
def test_a_field_left_out(tmp_path: Path, option: str) -> None:
    _, (old, new), _ = FILES[option]
    message = refused(option, variant(tmp_path, option, old, new))
    assert "missing" in message or "must be" in message, message


@pytest.mark.parametrize("option", sorted(FILES))
def test_a_field_of_the_wrong_type(tmp_path: Path, option: str) -> None:
    _, _, (old, new) = FILES[option]
    message = refused(option, variant(tmp_path, option, old, new))
    assert "must be" in message or "must list" in message, message


@pytest.mark.parametrize("option", sorted(FILES))
def test_a_copy_of_the_packaged_file_loads(tmp_path: Path, option: str) -> None:
    path = tmp_path / FILES[option][0]
    path.write_text((DATA / FILES[option][0]).read_text("utf-8"), "utf-8")
    assert GAME.new_game(seed=1, **{option: str(path)}).current_seats() == ("godalming",)


def test_a_file_that_is_not_text(tmp_path: Path) -> None:
    path = tmp_path / "map.toml"
    path.write_bytes(b"\xff\xfe\x00garbage")
    assert "not UTF-8" in refused("map_file", path)


def test_an_event_card_the_game_cannot_play(tmp_path: Path) -> None:
    path = variant(tmp_path, "events_file", 'id = "trap"\n', 'id = "snare"\n')
    assert "not an Event Card of the 1987 game" in refused("events_file", path)


def test_an_agent_armed_with_a_chit_agents_do_not_have(tmp_path: Path) -> None:
    path = variant(tmp_path, "encounters_file", 'agent_weapons = ["knife"]',
                   'agent_weapons = ["stake"]')
    assert "not Agent weapon chits" in refused("encounters_file", path)


def test_a_die_result_off_the_die(tmp_path: Path) -> None:
    path = variant(tmp_path, "encounters_file", "lifts_on = [4, 5, 6]", "lifts_on = [4, 7]")
    assert "from 1 to 6" in refused("encounters_file", path)


def test_an_encounter_ending_the_action_phase_on_every_roll(tmp_path: Path) -> None:
    """``ends_action_phase = true`` in the Encounter data: every die result (1-6)."""
    path = variant(tmp_path, "encounters_file", "ends_action_phase = [5, 6]",
                   "ends_action_phase = true")
    peasants = load_rules(encounters_file=str(path)).encounters.chits["peasants"]
    assert peasants.ends_action_phase == (1, 2, 3, 4, 5, 6)


def test_a_parsed_data_file_is_kept_between_processes(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The parsed form of a data file is kept as JSON named by its text's SHA-256 and read
    back instead of parsing again; a kept form that cannot be read is parsed again (and
    replaced); ``GOTHIC_CACHE_DIR=""`` keeps nothing."""
    import hashlib
    import tomllib

    from fury1987 import datafile
    from gothic_kernel import datacache

    monkeypatch.setenv("GOTHIC_CACHE_DIR", str(tmp_path / "kept"))
    parsed, _ = datafile.read_toml(None, "railway_station_chart.toml", BadOption)
    text = (DATA / "railway_station_chart.toml").read_text("utf-8")
    kept = tmp_path / "kept" / f"{hashlib.sha256(text.encode()).hexdigest()}.json"
    assert parsed == tomllib.loads(text) and kept.exists()

    def no_parsing(_: str) -> dict[str, object]:
        raise AssertionError("parsed again")

    monkeypatch.setattr(datacache.tomllib, "loads", no_parsing)
    assert datafile.read_toml(None, "railway_station_chart.toml", BadOption)[0] == parsed
    monkeypatch.undo()
    monkeypatch.setenv("GOTHIC_CACHE_DIR", str(tmp_path / "kept"))
    for damaged in ('{"trains": [', "[1, 2]"):
        kept.write_text(damaged, "utf-8")
        assert datafile.read_toml(None, "railway_station_chart.toml", BadOption)[0] == parsed
        assert json.loads(kept.read_text("utf-8")) == parsed
    monkeypatch.setenv("GOTHIC_CACHE_DIR", "")
    kept.unlink()
    assert datafile.read_toml(None, "railway_station_chart.toml", BadOption)[0] == parsed
    assert not kept.exists()


def test_a_kept_form_is_checked_like_a_parsed_file(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """A kept form edited behind the game's back is no way around the checks: a field of
    the wrong type is refused as it would be in the file itself."""
    import hashlib

    monkeypatch.setenv("GOTHIC_CACHE_DIR", str(tmp_path))
    text = (DATA / "railway_station_chart.toml").read_text("utf-8")
    mine = tmp_path / "chart.toml"
    mine.write_text(text, "utf-8")
    load_rules(railway_chart_file=str(mine))
    kept = tmp_path / f"{hashlib.sha256(text.encode()).hexdigest()}.json"
    data = json.loads(kept.read_text("utf-8"))
    data["train"][0]["stops"] = "many"
    kept.write_text(json.dumps(data), "utf-8")
    same = tmp_path / "same_chart.toml"  # the same text under another name: not in memory
    same.write_text(text, "utf-8")
    with pytest.raises(BadOption, match="railway_chart_file"):
        load_rules(railway_chart_file=str(same))


@pytest.mark.parametrize("option", sorted(FILES))
def test_a_data_file_of_another_format_is_refused(tmp_path: Path, option: str) -> None:
    """A file saying ``format = 99`` was read as if it were format 1 (trial s26 F7)."""
    name = FILES[option][0]
    text = (DATA / name).read_text("utf-8")
    path = tmp_path / name
    path.write_text(text.replace("format = 1", "format = 99", 1) if "format = 1" in text
                    else "format = 99\n" + text, "utf-8")
    message = refused(option, path)
    assert "its format (field 'format') is 99; this version reads format 1" in message


def test_every_option_a_data_files_header_names_is_one_the_game_takes() -> None:
    """combat_tables.toml's header named a `tables=` option no version had (trial s26 F7,
    the same in fury_modern): the options named are the game's, or the picture's."""
    taken = {option.name for option in GAME.options} | {"layout_file"}
    for path in sorted(DATA.glob("*.toml")):
        header = "".join(line for line in path.read_text("utf-8").splitlines(keepends=True)
                         if line.startswith("#"))
        named = set(re.findall(r"`?(\w+)=", header)) - {"format"}
        assert named <= taken, (path.name, named - taken)
