"""Every packaged data file's header tells an owner how to pass a corrected copy: the options
it names must be the game's own (trial s26 F7: fury_modern's headers named `items_file=`
and the like, and fury1987's combat_tables.toml a `tables=`, options no version had)."""

from __future__ import annotations

import re
from importlib import resources

import pytest

import gothic_kernel as gk

#: Options of the pictures (``gk.picture``), which headers may name too.
PICTURE_OPTIONS = {"layout_file"}


@pytest.mark.parametrize("name", ["fury1987", "fury_modern", "vampyre", "draculas_revenge"])
def test_every_option_a_data_files_header_names_is_one_the_game_takes(name: str) -> None:
    taken = {option.name for option in gk.load_game(name).options} | PICTURE_OPTIONS
    folder = resources.files(name).joinpath("data")
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if not entry.name.endswith(".toml"):
            continue
        header = "".join(line for line in entry.read_text("utf-8").splitlines(keepends=True)
                         if line.startswith("#"))
        named = set(re.findall(r"`(\w+)=", header))
        assert named <= taken, (entry.name, named - taken)
