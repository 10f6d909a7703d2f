"""fury_modern.svg: the modern map as one seat sees it, drawn from its observation only."""

from __future__ import annotations

import doctest
import xml.etree.ElementTree as ET

import pytest

import fury_modern.svg
import gothic_kernel as gk
from fury_modern import FuryModernGame
from fury_modern.svg import board
from gothic_kernel.testing.pictures import covered_names

GAME = FuryModernGame()
HUNTERS = ("godalming", "seward", "van_helsing", "mina")


def _positions(steps: int, seed: int = 3) -> list[gk.GameState]:
    """States of one seeded bot game, every 20th step."""
    state = GAME.new_game(seed=seed)
    agents = GAME.default_agents(state, seed)
    seen = []
    for step in range(steps):
        if state.is_over:
            break
        if step % 20 == 0:
            seen.append(state.clone())
        seat = state.current_seats()[0]
        state.apply(seat, agents[seat].choose(seat, state.observation(seat),
                                              state.legal_actions(seat)))
    return seen


def _hidden(state: gk.GameState) -> tuple[object, ...]:
    """Dracula's place and trail as only he sees them."""
    seen = state.observation("dracula")
    return seen["dracula"]["location"], tuple(card["card"] for card in seen["trail"])


def test_module_doctests() -> None:
    assert doctest.testmod(fury_modern.svg).failed == 0


def test_a_picture_is_an_svg_string_with_both_railway_colours() -> None:
    state = _positions(40)[-1]
    svg = GAME.picture(state.observation("mina"), "mina")
    assert isinstance(svg, gk.Svg) and svg._repr_svg_() == svg
    ET.fromstring(svg)
    assert svg == GAME.picture(state.observation("mina"), "mina")
    for cls in ('class="link rail white"', 'class="link rail yellow"', 'class="link road"',
                'class="link sea"', 'class="place town hospital', 'class="hunter mina',
                'class="possible'):
        assert cls in svg, cls
    with pytest.raises(gk.BadOption):
        board(state.observation("mina"), "mina", colors={"no such colour": "#000000"})


def test_dracula_sees_his_trail() -> None:
    state = _positions(120)[-1]
    mine = GAME.picture(state.observation("dracula"), "dracula")
    assert 'class="dracula' in mine and 'class="trail-space"' in mine
    assert 'class="possible' not in mine


@pytest.mark.parametrize("viewer", [*HUNTERS, gk.PUBLIC])
def test_a_hunters_picture_cannot_tell_where_dracula_hides(viewer: str) -> None:
    """Resampled for the viewer, Dracula's place and trail are redrawn; the picture is
    the same."""
    moved = 0
    for state in _positions(240):
        for seed in range(2):
            twin = state.resample(viewer, seed)
            moved += _hidden(twin) != _hidden(state)
            assert GAME.picture(twin.observation(viewer), viewer) == \
                GAME.picture(state.observation(viewer), viewer)
    assert moved > 0


def test_the_key_names_the_hospital_cross_and_the_markers_drawn_above_a_city() -> None:
    """Every mark on the map is in its key: the hospitals' red cross, the "Holy" badge of
    consecrated ground and the "Host" of a heavenly host (as the map draws them)."""
    svg = ET.fromstring(board(GAME.new_game(seed=4).observation(gk.PUBLIC)))
    keys = [g for g in svg.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "legend"]
    words = [t.text for g in keys for t in g.iter("{http://www.w3.org/2000/svg}text")]
    for sample, meaning in (("Holy", "consecrated ground"), ("Host", "a heavenly host")):
        assert sample in words and meaning in words
    assert "hospital" in words
    crosses = [p for g in keys for p in g.iter("{http://www.w3.org/2000/svg}path")]
    assert crosses and crosses[0].get("stroke") == fury_modern.svg.COLORS["hospital"]


def test_no_token_badge_or_marker_covers_the_name_of_its_place() -> None:
    """trial s26 F9: Dracula's trail badge "1" and his "D" were drawn over the words
    "Castle Dracula" (read "Cas(1)(D)racula"); names stand clear of what stands at their
    place (two figures at Paris, one at Dublin whose name is above it)."""
    seen = GAME.new_game(seed=5).observation("dracula")
    seen["dracula"]["location"] = "castle_dracula"
    seen["trail"] = [{"card": "castle_dracula"}, {"card": "klausenburg"}, {"card": "dublin"}]
    seen["tokens"]["heavenly_hosts"] = ["castle_dracula", "dublin"]
    for seat, place in (("mina", "castle_dracula"), ("seward", "paris"),
                        ("godalming", "paris"), ("van_helsing", "dublin")):
        seen["hunters"][seat]["location"] = place
    names = {"Castle Dracula", "Klausenburg", "Paris", "Dublin"}
    assert covered_names(board(seen, "dracula"), names,
                         over=("figures", "trail", "markers")) == []
