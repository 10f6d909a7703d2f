"""draculas_revenge.svg: the board as one side sees it."""

from __future__ import annotations

import doctest
import json
import xml.etree.ElementTree as ET

import pytest

import draculas_revenge.svg
import gothic_kernel as gk
from draculas_revenge.svg import board, sees

GAME = gk.load_game("draculas_revenge")


def _positions(steps: int, seed: int = 3, **options: object) -> list[gk.GameState]:
    state = GAME.new_game(seed=seed, **options)
    agents = GAME.default_agents(state, seed)
    seen = []
    for step in range(steps):
        if state.is_over:
            break
        if step % 3 == 0:
            seen.append(state.clone())
        seat = state.current_seats()[0]
        state.apply(seat, agents[seat].choose(seat, state.observation(seat),
                                              state.legal_actions(seat)))
    return seen


def _secrets(state: gk.GameState) -> object:
    """What no single side sees whole: the hands, the timeline's cards, the dice, the
    room Van Helsing is held in (from the state's save)."""
    data = json.loads(state.to_json())["state"]
    return json.dumps({k: v for k, v in data.items()
                       if k in ("hands", "timeline", "rp_die", "secret_room")},
                      sort_keys=True)


def test_module_doctests() -> None:
    assert doctest.testmod(draculas_revenge.svg).failed == 0


def test_the_board_is_drawn_with_classes() -> None:
    state = _positions(31)[-1]
    svg = gk.picture(state, "hunters")
    ET.fromstring(svg)
    assert svg == gk.picture(state, "hunters") and svg._repr_svg_() == svg
    for cls in ('class="square wall"', 'class="square floor"', 'class="door closed',
                'class="figure vampires', 'class="figure hunters', 'class="facing"',
                'class="timeline"', 'class="area vampire_starting_area"'):
        assert cls in svg, cls
    assert 'class="sight"' not in board(state.observation("hunters"), "hunters", sight=False)


def test_the_active_character_sees_along_clear_lines() -> None:
    state = _positions(31)[-1]
    seen = state.observation("hunters")
    active = seen["active"]["character"]
    figure = next(f for f in seen["figures"] if f["id"] == active)
    squares = sees(seen)
    assert squares and tuple(figure["square"]) not in squares
    rows = seen["board"]["rows"]
    assert all(rows[y][x] != "#" for x, y in squares)  # walls are never seen into
    assert 'class="sight"' in gk.picture(state, "hunters")


def test_the_timeline_names_only_the_viewers_cards() -> None:
    state = next(s for s in _positions(60) if any(
        p["card"] is None for p in s.observation("hunters")["timeline"]))
    mine = state.observation("hunters")
    svg = gk.picture(state, "hunters")
    assert 'face-down"' in svg
    for play in mine["timeline"]:
        if play["name"]:
            assert play["name"] in svg


@pytest.mark.parametrize("viewer", ["vampires", "hunters", gk.PUBLIC])
@pytest.mark.parametrize("adventure", ["into_the_breach", "rescue_van_helsing"])
def test_a_picture_cannot_tell_the_other_sides_secrets(viewer: str, adventure: str) -> None:
    """Resampled for the viewer, the other side's hand, timeline cards and Reaction Die
    (and Van Helsing's room) are redrawn; the picture is the same."""
    moved = 0
    for state in _positions(90, adventure=adventure):
        twin = state.resample(viewer, 5)
        moved += _secrets(twin) != _secrets(state)
        assert gk.picture(twin, viewer) == gk.picture(state, viewer)
    assert moved > 0
