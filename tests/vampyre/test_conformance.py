"""The kernel's conformance kit on vampyre: random play to the end over many seeds, with
clone, JSON, replay, illegal-action and hidden-information checks.

Basic games are long under random play (a random walker rarely stops in a large hex), so
the long stages are checked every few steps; Castle Dracula alone is short and is checked
at every step. A steering chooser that prefers searching, attacking and the rarer
decisions reaches the rules random play seldom meets.
"""

from __future__ import annotations

from gothic_kernel import Action, Dice, GameState
from gothic_kernel.testing import check_game
from vampyre.actions import Move

from .helpers import GAME

RARE = ("search", "rest_at_standing_stones", "heal_wound", "declare_silver_bullet",
        "lead_astray", "look_at_counter", "choose_item")


def steer(state: GameState, seat: str, legal: list[Action], dice: Dice) -> Action:
    """Prefer searches, attacks and rare decisions; otherwise play at random."""
    keen = [a for a in legal if a.TYPE in RARE or (isinstance(a, Move) and a.attack)]
    large = [a for a in legal if isinstance(a, Move) and a.to in GAME_LARGE]
    if keen and dice.index(4):
        return dice.choice(keen)
    if large and dice.index(2):
        return dice.choice(large)
    return dice.choice(legal)


GAME_LARGE = frozenset(GAME.world()["transylvania"].large_hexes)


def test_conformance_castle_dracula_alone_every_step() -> None:
    report = check_game(GAME, seeds=range(4), options={"stage": "castle"}, every=1)
    assert report.games == 4 and report.resamples_varied > 0


def test_conformance_castle_dracula_six_players() -> None:
    check_game(GAME, seeds=(11, 12), options={"stage": "castle", "players": 6}, every=2)


def test_conformance_extended_game_steered() -> None:
    report = check_game(GAME, seeds=(21, 22, 23, 24), options={"stage": "extended"}, every=3,
                        choose=steer)
    assert report.resamples_varied > 0


def test_conformance_basic_game_two_and_five_players_steered() -> None:
    check_game(GAME, seeds=(31,), options={"players": 2}, every=2, choose=steer)
    check_game(GAME, seeds=(32,), options={"players": 5}, every=2, choose=steer)


def test_conformance_basic_game_random_play() -> None:
    report = check_game(GAME, seeds=(41,), every=25)
    assert report.steps > 0


def test_conformance_solitaire() -> None:
    """One player (ruling 34), through both stages and in Castle Dracula alone."""
    check_game(GAME, seeds=(51, 52), options={"players": 1, "stage": "extended"}, every=2,
               choose=steer)
    check_game(GAME, seeds=(53, 54), options={"players": 1, "stage": "castle"}, every=1)
