"""The Dracula phase: moves, power cards, the slide, maturing; and the game's end mid-step."""

from __future__ import annotations

import random

from fury_modern import DRACULA, FuryModernGame
from fury_modern.actions import PASS, MoveTo
from fury_modern.dracula import DraculaPhase
from fury_modern.round import HunterTurns
from fury_modern.state import Hideout, ModernState

from .helpers import started

GAME = FuryModernGame()


def _to_dracula_phase(state: ModernState) -> None:
    """Every hunter passes until Dracula's phase is on top."""
    for _ in range(200):
        if isinstance(state.stack[-1], DraculaPhase):
            return
        seat = state.current_seats()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, PASS if PASS in legal else legal[0])
    raise AssertionError("never reached the Dracula phase")


def random_play(seed: int) -> ModernState:
    state = GAME.new_game(seed=seed)
    assert isinstance(state, ModernState)
    rng = random.Random(seed)
    while not state.is_over:
        seat = rng.choice(state.current_seats())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


# -- the game may end in the middle of a step ----------------------------------------------

def test_cornered_dracula_killed_by_the_damage_ends_the_game_cleanly() -> None:
    """Nowhere to go and 5 damage from being cornered kill him: the hunters win, and the
    step that cornered him touches no decision after the end."""
    state = started(dracula="berlin", hunters=("paris", "madrid", "rome", "london"))
    _to_dracula_phase(state)
    state.dracula.damage = 10
    state.dracula.must_leave = True  # no power card that keeps him where he is
    state.tokens.hosts = list(state.board.dracula_moves("berlin"))
    state.invalidate()
    state.apply(*_any_hunter_action(state))  # settle runs the cornered step
    assert state.is_over
    assert state.outcome is not None and state.outcome.winners == tuple(
        s for s in state.seats if s != "dracula")
    assert state.stack == []


def _any_hunter_action(state: ModernState) -> tuple[str, object]:
    """Re-enter the Dracula phase through a real action: undo the phase, let the last
    hunter's night action lead into it."""
    state.stack[-1:] = [DraculaPhase(), HunterTurns(night=True, index=3)]
    state.invalidate()
    seat = state.current_seats()[0]
    return seat, PASS


def test_random_games_that_end_mid_step_do_not_crash() -> None:
    """Seeds that ended in a cornered Dracula's death (and crashed) now finish."""
    for seed in (402,):
        assert random_play(seed).is_over


def test_nothing_is_left_waiting_after_the_end() -> None:
    """A matured vampire's influence wins the game while other matured effects of the same
    hideout (a Saboteur's roadblock, a Spy, a Hoax's hand limit) or a Szgany Mob's next
    victim are still to come: none of them is asked after the end."""
    for seed in (31, 52, 354, 431, 2686):
        state = random_play(seed)
        assert state.is_over and state.stack == [], (seed, state.stack)


# -- power cards ---------------------------------------------------------------------------

def _dracula_options(state: ModernState) -> list[MoveTo]:
    _to_dracula_phase(state)
    assert state.night and state.current_seats() == (DRACULA,)
    return [a for a in state.legal_actions(DRACULA) if isinstance(a, MoveTo)]


def test_wolf_form_beside_the_card_on_the_trail_is_in_use() -> None:
    """Wolf Form lies beside the location card it brought him to: it is not in his deck,
    so he cannot play it again while that card is on the trail (powers.toml)."""
    state = started(dracula="berlin", hunters=("paris", "madrid", "rome", "london"))
    state.trail = [Hideout("leipzig", power="wolf_form"), Hideout("berlin")]
    state.invalidate()
    options = _dracula_options(state)
    assert not any(m.power == "wolf_form" for m in options)
    assert any(m.power == "" for m in options)


def test_wolf_form_beside_a_lair_card_is_in_use() -> None:
    state = started(dracula="berlin", hunters=("paris", "madrid", "rome", "london"))
    state.trail = [Hideout("berlin")]
    state.lairs = [Hideout("hamburg", power="wolf_form")]
    state.invalidate()
    assert not any(m.power == "wolf_form" for m in _dracula_options(state))


def test_wolf_form_is_playable_when_it_is_in_his_deck() -> None:
    state = started(dracula="berlin", hunters=("paris", "madrid", "rome", "london"))
    assert any(m.power == "wolf_form" for m in _dracula_options(state))
