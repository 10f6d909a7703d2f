"""``gothic_kernel.datacache``: a data file's parsed form kept between processes, and the
map reader that uses it; ``gothic_kernel.testing.fingerprint``, the digest of a seeded
random game that speed work compares before and after."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from gothic_kernel import BadOption, datacache
from gothic_kernel.placemap import read_data_file


def test_a_parsed_form_is_kept_by_the_texts_digest_and_read_back(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GOTHIC_CACHE_DIR", str(tmp_path))
    text = 'name = "Paris"\nroads = ["brussels", "le_havre"]\n'
    assert datacache.parse_toml(text, "game") == {"name": "Paris",
                                                  "roads": ["brussels", "le_havre"]}
    kept = tmp_path / f"{hashlib.sha256(text.encode()).hexdigest()}.json"
    kept.write_text(json.dumps({"name": "kept"}), "utf-8")
    assert datacache.parse_toml(text, "game") == {"name": "kept"}  # not parsed again
    monkeypatch.setenv("GOTHIC_CACHE_DIR", "")
    assert datacache.cache_dir("game") is None
    assert datacache.parse_toml(text, "game")["name"] == "Paris"


def test_a_map_file_that_is_not_utf8_text_is_refused_naming_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GOTHIC_CACHE_DIR", "")
    bad = tmp_path / "map.toml"
    bad.write_bytes(b'name = "\xff"\n')
    with pytest.raises(BadOption, match=r"map file '.*map\.toml' is not valid TOML: not UTF-8"):
        read_data_file(bad, "map file")
    bad.write_text("name = \n", "utf-8")
    with pytest.raises(BadOption, match="is not valid TOML"):
        read_data_file(bad, "map file")


def test_the_random_play_digest_is_the_same_for_the_same_game_and_differs_otherwise() -> None:
    import gothic_kernel as gk
    from gothic_kernel.testing.fingerprint import random_play_digest

    game = gk.load_game("vampyre")
    first = random_play_digest(game.new_game(seed=1), 1, observe_every=10, max_steps=40)
    again = random_play_digest(game.new_game(seed=1), 1, observe_every=10, max_steps=40)
    other = random_play_digest(game.new_game(seed=1), 2, observe_every=10, max_steps=40)
    assert first == again and first[0] == 40
    assert other[1] != first[1]
