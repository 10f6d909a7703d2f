"""vampyre.svg: Transylvania and Castle Dracula as one player sees them."""

from __future__ import annotations

import doctest
import xml.etree.ElementTree as ET

import pytest

import gothic_kernel as gk
import vampyre.svg
from vampyre.svg import board

GAME = gk.load_game("vampyre")


def _positions(steps: int, seed: int = 3, **options: object) -> list[gk.GameState]:
    state = GAME.new_game(seed=seed, **options)
    agents = GAME.default_agents(state, seed)
    seen = []
    for step in range(steps):
        if state.is_over:
            break
        if step % 40 == 0:
            seen.append(state.clone())
        seat = state.current_seats()[0]
        state.apply(seat, agents[seat].choose(seat, state.observation(seat),
                                              state.legal_actions(seat)))
    return seen


def _counters(state: gk.GameState) -> object:
    """The face-down counters, which no viewer sees (from the state's save)."""
    import json

    data = json.loads(state.to_json())["state"]
    return data.get("stacks"), data.get("green")


def test_module_doctests() -> None:
    assert doctest.testmod(vampyre.svg).failed == 0


def test_transylvania_is_drawn_with_classes() -> None:
    state = _positions(41)[-1]
    svg = gk.picture(state, "harker")
    ET.fromstring(svg)
    assert svg == gk.picture(state, "harker") and svg._repr_svg_() == svg
    for cls in ('class="hex clear', 'class="hex forest', 'class="hex mountain',
                'class="hex evil', 'class="road"', 'class="large-hex castle_dracula"',
                'class="counter face-down"', 'class="player harker', "The Standing Stones"):
        assert cls in svg, cls


def test_the_castle_is_drawn_in_the_castle_stage() -> None:
    state = GAME.new_game(seed=2, stage="castle")
    svg = gk.picture(state, "mina")
    assert 'class="space green' in svg and 'class="guardian face-down"' in svg
    assert 'class="space white entrance portcullis"' in svg
    assert 'class="hex' in board(state.observation("mina"), "mina", stage="transylvania")
    with pytest.raises(gk.BadOption, match="stage"):
        board(state.observation("mina"), "mina", stage="the moon")


@pytest.mark.parametrize("viewer", ["harker", "godalming", gk.PUBLIC])
def test_a_picture_cannot_tell_the_face_down_counters(viewer: str) -> None:
    """Resampled for the viewer, the counters in the large hexes (and the castle's red
    guardians) are redrawn; the picture is the same."""
    moved = 0
    positions = _positions(400) + _positions(81, seed=5, stage="castle")
    for state in positions:
        twin = state.resample(viewer, 11)
        moved += _counters(twin) != _counters(state)
        assert gk.picture(twin, viewer) == gk.picture(state, viewer)
    assert moved > 0
