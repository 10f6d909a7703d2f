"""Bad data: a ``data_dir`` that is missing, a file, or holds missing, unparsable or
ill-formed data, and a ``custom_map`` the game cannot play on, raise BadOption naming
the file (or option) and the problem."""

from __future__ import annotations

import hashlib
import json
import shutil
import tomllib
from pathlib import Path

import pytest

import gothic_kernel as gk
from draculas_revenge.data import PACKAGE_DATA
from gothic_kernel import BadOption

GAME = gk.load_game("draculas_revenge")

EXTRA_MAP = """
[maps.little_crypt]
provenance = "reconstructed"
tiles = [
  { tile = "full_room_a", col = 0, row = 0, turn = 0 },
  { tile = "hallway_straight_a", col = 1, row = 0, turn = 1 },
  { tile = "chamber_four_doors", col = 2, row = 0, turn = 0 },
]
doors = [[12, 2]]
[maps.little_crypt.areas]
"""


def data_folder(tmp_path: Path, file: str = "", old: str = "", new: str = "") -> str:
    """A copy of the package's data, with ``old`` replaced by ``new`` in ``file`` (every
    time it occurs)."""
    folder = tmp_path / "my_data"
    shutil.copytree(PACKAGE_DATA, folder)
    if file:
        path = folder / file
        text = path.read_text(encoding="utf-8")
        assert old in text, f"{old!r} is not in {file}"
        path.write_text(text.replace(old, new), encoding="utf-8")
    return str(folder)


def refused(**options: object) -> str:
    with pytest.raises(BadOption) as err:
        GAME.new_game(seed=1, **options)
    return str(err.value)


def test_a_folder_of_the_packages_data_plays() -> None:
    assert not GAME.new_game(seed=1, data_dir=str(PACKAGE_DATA)).is_over


def test_a_data_dir_that_does_not_exist_is_refused(tmp_path: Path) -> None:
    message = refused(data_dir=str(tmp_path / "nowhere"))
    assert "option 'data_dir'" in message and "no folder" in message


def test_a_data_dir_that_is_a_file_is_refused(tmp_path: Path) -> None:
    file = tmp_path / "characters.toml"
    file.write_text("[types]\n", encoding="utf-8")
    message = refused(data_dir=str(file))
    assert "is a file, not a folder" in message


def test_files_missing_from_the_folder_are_read_from_the_package(tmp_path: Path) -> None:
    folder = tmp_path / "only_characters"
    folder.mkdir()
    shutil.copy(PACKAGE_DATA / "characters.toml", folder)
    assert GAME.new_game(seed=1, data_dir=str(folder)).rules.board.name == "into_the_breach"


def test_a_file_that_is_not_toml_is_refused(tmp_path: Path) -> None:
    folder = data_folder(tmp_path, "maps.toml", "[maps.into_the_breach]",
                         "[maps.into_the_breach")
    message = refused(data_dir=folder)
    assert "maps.toml: not valid TOML" in message


@pytest.mark.parametrize(("file", "old", "new", "said"), [
    ("characters.toml", "[sides]", "[sidez]", "characters.toml: sides is missing"),
    ("characters.toml", "ca = 2", "ca = 'x'", "types.she_wolf.ca must be a whole number"),
    ("characters.toml", 'type = "vampire"', 'type = "ghost"', "types.she_wolf.type is"),
    ("characters.toml", "box = 4", "box = 0", "types.she_wolf.box must be 1 or more"),
    ("characters.toml", 'feeds_into = "nosferatu"', 'feeds_into = "bat"',
     "types.she_wolf.feeds_into is 'bat'"),
    ("characters.toml", 'specials = ["mesmerize"]', 'specials = ["garlic"]',
     "types.nosferatu.specials names 'garlic'"),
    ("characters.toml", '"she_wolf", ', "", "sides must name every type once"),
    ("characters.toml", 'df = "reconstructed", ap = "rulebook", specials = "reconstructed"',
     'df = "guessed", ap = "rulebook", specials = "reconstructed"',
     "types.dracula.cells.df is 'guessed'"),
    ("characters.toml", 'df = "reconstructed", ap = "rulebook", specials = "reconstructed"',
     'df = "reconstructed", hp = "rulebook", specials = "reconstructed"',
     "types.dracula.cells names 'hp'"),
    ("characters.toml", '[types.minion]', '[types.minions]', "types has no 'minion'"),
    ("tiles.toml", 'rows = ["......", "......", "......", "......", "......", "......"]',
     'rows = ["......"]', "tiles.full_room_a.rows must be 6 rows of 6 squares"),
    ("tiles.toml", 'rows = ["##..##", "##..##", "##..##", "##..##", "##..##", "##..##"]',
     'rows = ["##..##", "##..##", "##..##", "##..##", "##..##", "##..X#"]',
     "may hold only '.' floor, '#' wall and 'd' doorway"),
    ("tiles.toml", "size = 6", "size = 'six'", "tiles.toml: meta.size must be a whole"),
    ("actions.toml", "move = { points = 1,", "move = { points = 0,",
     "actions.toml: costs.move.points must be 1 or more"),
    ("actions.toml", "range_min = 2", "range_min = 7", "points.range_min must not exceed"),
    ("maps.toml", '{ tile = "hallway_straight_a", col = 0, row = 0, turn = 1 }',
     '{ tile = "hallway_wobbly", col = 0, row = 0, turn = 1 }',
     "maps.into_the_breach.tiles[0].tile is 'hallway_wobbly'"),
    ("maps.toml", '{ tile = "hallway_t_a", col = 1, row = 0, turn = 1 }',
     '{ tile = "hallway_t_a", col = 0, row = 0, turn = 1 }',
     "maps.into_the_breach.tiles[1] lies on column 0, row 0 like another tile"),
    ("maps.toml", '{ tile = "hallway_corner_a", col = 2, row = 1, turn = 3 }',
     '{ tile = "hallway_corner_a", col = 2, row = 0, turn = 3 }',
     "maps.into_the_breach.tiles[4] lies on column 2, row 0 like another tile"),
    ("maps.toml", "turn = 1 }", "turn = 5 }", "counts quarter turns"),
    ("maps.toml", "doors = [[12, 2], [14, 5], [8, 6]]", "doors = [[1, 1]]",
     "maps.into_the_breach is unusable: map 'into_the_breach': door 1 at [1, 1] is not in a "
     "doorway"),
    ("maps.toml", "doors = [[12, 2], [14, 5], [8, 6]]", "doors = [[12]]",
     "maps.into_the_breach.doors must be a list of [x, y] squares"),
    ("maps.toml", 'vampire_starting_area = { tiles = ["chamber_four_doors"] }',
     'vampire_starting_area = { tiles = ["crypt"] }',
     "maps.into_the_breach.areas.vampire_starting_area.tiles names 'crypt'"),
    ("maps.toml", "hunter_entrance = { squares = [[0, 2], [0, 3]]",
     "hunter_entrance = { squares = [[0, 0], [0, 3]]",
     "maps.into_the_breach.areas.hunter_entrance.squares must list open squares"),
    ("adventures.toml", 'map = "into_the_breach"', 'map = "atlantis"',
     "adventures.into_the_breach.map is 'atlantis'"),
    ("adventures.toml", 'goal = "into_the_breach"', 'goal = "tea_party"',
     "adventures.into_the_breach.goal is 'tea_party'"),
    ("adventures.toml", "[adventures.destroy_dracula", "[adventures.destroy_dracul",
     "adventures.destroy_dracula is missing"),
    ("adventures.toml", "forces = { she_wolf = 3, nosferatu = 1 }",
     "forces = { she_wolf = 3, staker = 1 }",
     "adventures.into_the_breach.vampires.forces names 'staker'"),
    ("adventures.toml", "forces = { she_wolf = 3, nosferatu = 1 }",
     "forces = { she_wolf = 5 }", "vampires.forces.she_wolf is 5; the box holds 4"),
    ("adventures.toml", 'area = "vampire_starting_area" }', 'area = "the_attic" }',
     "adventures.into_the_breach.vampires.area names 'the_attic', not an area of the map"),
    ("adventures.toml", 'area = "vampire_starting_area" }', 'area = "hunter_entrance" }',
     "names 'hunter_entrance', which must be tinted tiles"),
    ("adventures.toml", 'start = "tinted"', 'start = "upside_down"',
     "adventures.into_the_breach.vampires.start is 'upside_down'"),
    ("adventures.toml", 'coffins = "vampire_starting_areas"\n', "",
     "adventures.defile_the_coffins.coffins is missing"),
])
def test_ill_formed_data_is_refused_naming_file_and_field(tmp_path: Path, file: str, old: str,
                                                          new: str, said: str) -> None:
    message = refused(data_dir=data_folder(tmp_path, file, old, new))
    assert message.startswith("option 'data_dir': ") and file in message, message
    assert said in message, message


def test_a_start_area_too_small_for_its_forces_is_refused(tmp_path: Path) -> None:
    folder = data_folder(tmp_path, "maps.toml",
                         'vampire_starting_area = { tiles = ["chamber_four_doors"] }',
                         'vampire_starting_area = { tiles = ["hallway_straight_a"] }')
    path = Path(folder) / "adventures.toml"
    path.write_text(path.read_text(encoding="utf-8").replace(
        "forces = { she_wolf = 3, nosferatu = 1 }",
        "forces = { minion = 5, she_wolf = 4, nosferatu = 4 }", 1), encoding="utf-8")
    message = refused(data_dir=folder)
    assert message.endswith("adventures.toml: adventures.into_the_breach.vampires.area "
                            "'vampire_starting_area' has 12 free squares for 13 characters")


def test_a_custom_map_that_is_not_in_maps_toml_is_refused() -> None:
    message = refused(adventure="custom", custom_map="atlantis")
    assert "option 'custom_map' does not allow 'atlantis'" in message


def with_little_crypt(tmp_path: Path, areas: str) -> str:
    folder = data_folder(tmp_path)
    with (Path(folder) / "maps.toml").open("a", encoding="utf-8") as maps:
        maps.write(EXTRA_MAP + areas)
    return folder


def test_a_custom_map_without_start_areas_is_refused_only_with_start_areas(
        tmp_path: Path) -> None:
    folder = with_little_crypt(tmp_path, '[maps.one_hallway]\nprovenance = "reconstructed"\n'
                               'tiles = [{ tile = "hallway_straight_a", col = 0, row = 0 }]\n')
    custom = {"adventure": "custom", "custom_map": "little_crypt", "data_dir": folder}
    message = refused(start_areas=True, **custom)
    assert message == ("option 'custom_map': the map 'little_crypt' (maps.toml) has no "
                       "start_area_1, where the vampire player places its characters")
    for printed in ("into_the_breach", "destroy_dracula"):  # no start areas either
        assert "has no start_area_1" in refused(adventure="custom", custom_map=printed,
                                                start_areas=True)
        assert not GAME.new_game(seed=1, adventure="custom", custom_map=printed).is_over
    assert GAME.new_game(seed=1, **custom).current_seats() == ("hunters",)  # on the board
    assert refused(adventure="custom", custom_map="one_hallway", data_dir=folder) == (
        "option 'custom_map': the map 'one_hallway' (maps.toml) has 12 free squares, but "
        "the players may buy up to 22 characters")


def test_a_custom_map_whose_start_area_cannot_hold_a_players_forces_is_refused(
        tmp_path: Path) -> None:
    folder = with_little_crypt(tmp_path, 'start_area_1 = { tiles = ["full_room_a"] }\n'
                               'start_area_2 = { tiles = ["hallway_straight_a"] }\n')
    custom = {"adventure": "custom", "custom_map": "little_crypt", "data_dir": folder,
              "start_areas": True}
    assert GAME.new_game(seed=1, **custom).current_seats() == ("hunters",)  # 12 fit in 12
    assert refused(points=100, **custom) == (
        "option 'custom_map': start_area_2 of the map 'little_crypt' (maps.toml) has 12 "
        "free squares, but the hunter player may buy up to 19 characters with 100 points")
    assert "start_area_2" in refused(hunter_points=60, **custom)


def test_a_multiplayer_custom_map_needs_a_start_area_per_player(tmp_path: Path) -> None:
    folder = with_little_crypt(tmp_path, 'start_area_1 = { tiles = ["full_room_a"] }\n'
                               'start_area_2 = { tiles = ["chamber_four_doors"] }\n')
    message = refused(adventure="custom", custom_map="little_crypt", data_dir=folder,
                      multiplayer=("vampires", "hunters", "vampires"), start_areas=True)
    assert message == ("option 'custom_map': the map 'little_crypt' (maps.toml) has no "
                       "start_area_3, where player 3 (Vampires) places its characters")


def test_own_forces_need_room_on_the_tinted_tiles(tmp_path: Path) -> None:
    folder = data_folder(
        tmp_path, "maps.toml", 'vampire_starting_areas = { tiles = ["full_room_a", '
        '"full_room_b", "crypt", "chamber_four_doors"] }',
        'vampire_starting_areas = { tiles = ["hallway_straight_b"] }')
    destroy = {"adventure": "destroy_dracula", "data_dir": folder}
    assert not GAME.new_game(seed=1, **destroy).is_over  # the printed eleven fit in 12
    assert refused(own_forces=True, **destroy) == (
        "option 'own_forces': vampire_starting_areas of the map 'destroy_dracula' "
        "(maps.toml) has 12 free squares, but the vampire player may buy up to 15 "
        "characters with 72 points")


def test_a_parsed_data_file_is_kept_between_processes(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The parsed form of a data file is kept as JSON named by its SHA-256 and read back
    instead of parsing again; a kept form that cannot be read is parsed again (and
    replaced); ``GOTHIC_CACHE_DIR=""`` keeps nothing."""
    from draculas_revenge import data
    from gothic_kernel import datacache

    monkeypatch.setenv("GOTHIC_CACHE_DIR", str(tmp_path / "kept"))
    path = PACKAGE_DATA / "actions.toml"
    parsed = data._read(path, "")
    kept = tmp_path / "kept" / f"{hashlib.sha256(path.read_bytes()).hexdigest()}.json"
    assert parsed == tomllib.loads(path.read_text("utf-8")) and kept.exists()

    def no_parsing(_: str) -> dict[str, object]:
        raise AssertionError("parsed again")

    monkeypatch.setattr(datacache.tomllib, "loads", no_parsing)
    assert data._read(path, "") == parsed
    monkeypatch.undo()
    monkeypatch.setenv("GOTHIC_CACHE_DIR", str(tmp_path / "kept"))
    for damaged in ('{"costs": [', "[1, 2]"):
        kept.write_text(damaged, "utf-8")
        assert data._read(path, "") == parsed
        assert json.loads(kept.read_text("utf-8")) == parsed
    monkeypatch.setenv("GOTHIC_CACHE_DIR", "")
    kept.unlink()
    assert data._read(path, "") == parsed
    assert not kept.exists()


def test_a_kept_form_is_checked_like_a_parsed_file(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """A kept form edited behind the game's back is no way around the data checks."""
    monkeypatch.setenv("GOTHIC_CACHE_DIR", str(tmp_path / "kept"))
    folder = data_folder(tmp_path)
    GAME.new_game(seed=1, data_dir=folder)
    text = (PACKAGE_DATA / "actions.toml").read_bytes()
    kept = tmp_path / "kept" / f"{hashlib.sha256(text).hexdigest()}.json"
    changed = json.loads(kept.read_text("utf-8"))
    changed["points"]["range_min"] = "near"
    kept.write_text(json.dumps(changed), "utf-8")
    other = tmp_path / "other"  # another folder: not the one read into memory already
    shutil.copytree(folder, other)
    message = refused(data_dir=str(other))
    assert "actions.toml" in message and "range_min" in message
