"""The kernel's conformance kit, over every adventure and the optional rules."""

from __future__ import annotations

import pytest

import gothic_kernel as gk
from gothic_kernel.testing import check_game

GAME = gk.load_game("draculas_revenge")


def test_conformance_default_adventure() -> None:
    report = check_game(GAME, seeds=range(3), every=5)
    assert report.games == 3 and report.resamples_varied


@pytest.mark.parametrize("options", [
    {"adventure": "defile_the_coffins", "turn_limit": 4},
    {"adventure": "cross_the_catacombs", "turn_limit": 4},
    {"adventure": "rescue_van_helsing", "turn_limit": 3},
    {"adventure": "destroy_dracula", "turn_limit": 4},
    {"adventure": "custom", "points": 20},
    {"adventure": "custom", "multiplayer": ("vampires", "hunters", "vampires"), "points": 12},
    {"reaction_dice": False, "feeding_and_saving": False},
    {"reaction_dice": False, "reaction_points": 6, "adventure": "custom", "start_areas": True},
    {"adventure": "rescue_van_helsing", "own_forces": True, "turn_limit": 3},
])
def test_conformance_other_set_ups(options: dict[str, object]) -> None:
    check_game(GAME, seeds=(7,), every=17, options=options)


def test_conformance_with_the_bots_choosing() -> None:
    from draculas_revenge.bots import RevengeBot
    bots = {s: RevengeBot(i) for i, s in enumerate(("vampires", "hunters"))}

    def choose(state, seat, legal, dice):  # type: ignore[no-untyped-def]
        return bots[seat].choose(seat, state.observation(seat), legal)

    check_game(GAME, seeds=(21,), every=9, options={"adventure": "destroy_dracula"},
               choose=choose)
