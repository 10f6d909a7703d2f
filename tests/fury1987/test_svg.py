"""fury1987.svg: the map of Europe as one seat sees it, drawn from its observation only."""

from __future__ import annotations

import doctest
import xml.etree.ElementTree as ET

import pytest

import fury1987.svg
import gothic_kernel as gk
from fury1987.svg import board
from gothic_kernel.testing.pictures import covered_names

HUNTERS = ("godalming", "seward", "van_helsing")


def _positions(steps: int, seed: int = 3) -> list[gk.GameState]:
    """States of one seeded bot game, every 25th step."""
    game = gk.load_game("fury1987")
    state = game.new_game(seed=seed)
    agents = game.default_agents(state, seed)
    seen = []
    for step in range(steps):
        if state.is_over:
            break
        if step % 25 == 0:
            seen.append(state.clone())
        seat = state.current_seats()[0]
        state.apply(seat, agents[seat].choose(seat, state.observation(seat),
                                              state.legal_actions(seat)))
    return seen


def _where(state: gk.GameState) -> str:
    return str(state.observation("dracula")["behind_the_screen"]["location"])


def test_module_doctests() -> None:
    assert doctest.testmod(fury1987.svg).failed == 0


def test_a_picture_is_an_svg_string_a_notebook_shows() -> None:
    state = gk.load_game("fury1987").new_game(seed=1)
    svg = gk.picture(state, "seward")
    assert isinstance(svg, gk.Svg) and svg._repr_svg_() == svg
    tree = ET.fromstring(svg)
    assert tree.tag.endswith("svg") and "viewBox" in tree.attrib
    assert gk.picture(state, "seward") == svg  # deterministic
    assert 'width="500"' in gk.picture(state, "seward", size=500)


def test_the_map_is_drawn_with_classes() -> None:
    svg = gk.picture(_positions(30)[-1], gk.PUBLIC)
    for cls in ('class="link road"', 'class="link rail"', 'class="link sea"',
                'class="place town large', 'class="place sea', 'class="place town castle',
                'class="hunter godalming', "Castle Dracula", "Bay of Biscay"):
        assert cls in svg, cls


def test_options_change_the_picture() -> None:
    obs = gk.load_game("fury1987").new_game(seed=1).observation("seward")
    plain = board(obs, "seward")
    assert 'class="name town' in plain
    assert 'class="name town' not in board(obs, "seward", labels=False)
    assert 'class="possible' not in board(obs, "seward", possible=False)
    assert 'class="panel"' not in board(obs, "seward", caption=False, legend_box=False)
    assert "#123456" in board(obs, "seward", colors={"road": "#123456"})
    assert "<style>.road{opacity:.5}</style>" in board(obs, "seward",
                                                        style=".road{opacity:.5}")
    assert plain == board(obs, "seward")
    with pytest.raises(gk.BadOption, match="no colour called 'roads'"):
        board(obs, "seward", colors={"roads": "#000000"})


def test_dracula_sees_himself_the_hunters_see_the_possible_places() -> None:
    state = _positions(60)[-1]
    where = _where(state)
    mine = gk.picture(state, "dracula")
    theirs = gk.picture(state, "seward")
    assert 'class="dracula"' in mine and "Dracula is in" in mine
    assert 'class="possible' not in mine
    assert 'class="possible' in theirs and 'class="dracula"' not in theirs
    assert f"possible {where}" in theirs  # he is among the places shaded


@pytest.mark.parametrize("viewer", [*HUNTERS, gk.PUBLIC])
def test_a_hunters_picture_cannot_tell_where_dracula_hides(viewer: str) -> None:
    """Resampled for the viewer, Dracula stands elsewhere; the picture is the same."""
    moved = 0
    for state in _positions(300):
        for seed in range(3):
            twin = state.resample(viewer, seed)
            moved += _where(twin) != _where(state)
            assert gk.picture(twin, viewer) == gk.picture(state, viewer)
    assert moved > 0  # the test compared states that differ in his hidden place


def test_no_figure_marker_or_chit_covers_the_name_of_its_place() -> None:
    """A Town's name stands clear of what is drawn at it (as fury_modern's, trial s26 F9):
    Dracula and a Hunter in Castle Dracula, two Hunters in Paris, a Heavenly Host marker,
    Fog, his chits and his numbered moves."""
    seen = gk.load_game("fury1987").new_game(seed=5).observation("dracula")
    secrets = seen["behind_the_screen"]
    secrets["location"] = "castle_dracula"
    secrets["trail"] = ["dublin", "klausenberg", "galatz", "castle_dracula"]
    secrets["chart"] = {"klausenberg": "vampire", "galatz": "rats", "paris": "wolves"}
    seen["host_markers"] = {"castle_dracula": 1, "dublin": 1}
    seen["on_the_map"] = {"paris": "fog"}
    for seat, place in (("godalming", "castle_dracula"), ("seward", "paris"),
                        ("van_helsing", "paris")):
        seen["hunters"][seat]["location"] = place
    names = {"Castle Dracula", "Klausenberg", "Galatz", "Paris", "Dublin"}
    assert covered_names(board(seen, "dracula"), names,
                         over=("figures", "markers", "dracula-secrets")) == []
