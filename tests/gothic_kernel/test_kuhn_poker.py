"""The reference game's own rules."""

from __future__ import annotations

import pytest

from gothic_kernel import PUBLIC, IllegalAction, ScriptedDice, UnknownSeat
from gothic_kernel.reference import KuhnPoker
from gothic_kernel.reference.kuhn_poker import BET, CALL, CHECK, FOLD, KuhnState


def dealt(first: str, second: str) -> KuhnState:
    state = KuhnPoker().new_game(seed=0)
    assert isinstance(state, KuhnState)
    state.cards = {"first": first, "second": second}
    return state


def test_check_check_goes_to_showdown() -> None:
    state = dealt("king", "jack")
    state.apply("first", CHECK)
    state.apply("second", CHECK)
    assert state.is_over and state.outcome is not None
    assert state.outcome.winners == ("first",) and state.outcome.scores["first"] == 1
    assert state.observation("second")["cards"] == {"first": "king", "second": "jack"}


def test_bet_call_wins_two() -> None:
    state = dealt("jack", "queen")
    state.apply("first", BET)
    state.apply("second", CALL)
    assert state.outcome is not None and state.outcome.scores == {"second": 2, "first": -2}


def test_a_fold_keeps_the_cards_hidden() -> None:
    state = dealt("jack", "queen")
    state.apply("first", CHECK)
    state.apply("second", BET)
    state.apply("first", FOLD)
    assert state.outcome is not None and state.outcome.winners == ("second",)
    assert state.observation(PUBLIC)["cards"] == {"first": None, "second": None}


def test_out_of_turn_and_illegal_moves_change_nothing() -> None:
    state = dealt("jack", "queen")
    before = state.to_json()
    with pytest.raises(IllegalAction, match="sequence of play"):
        state.apply("second", CHECK)
    with pytest.raises(IllegalAction, match="Kuhn poker: betting"):
        state.apply("first", CALL)
    with pytest.raises(IllegalAction, match="no seat called"):
        state.apply("third", CHECK)
    assert state.to_json() == before


def test_observation_shows_only_your_own_card() -> None:
    state = dealt("jack", "king")
    assert state.observation("first")["cards"] == {"first": "jack", "second": None}
    assert state.observation(PUBLIC)["cards"] == {"first": None, "second": None}
    with pytest.raises(UnknownSeat):
        state.observation("dracula")


def test_dealing_uses_the_games_dice() -> None:
    a = KuhnPoker().new_game(dice=ScriptedDice([], seed=4))
    b = KuhnPoker().new_game(dice=ScriptedDice([], seed=4))
    assert isinstance(a, KuhnState) and isinstance(b, KuhnState) and a.cards == b.cards


def _cards(state: object) -> dict[str, str]:
    assert isinstance(state, KuhnState)
    return state.cards


def test_resample_keeps_the_viewers_card_and_redraws_the_rest() -> None:
    state = dealt("queen", "king")
    seen = {_cards(state.resample("first", seed))["second"] for seed in range(30)}
    assert seen == {"jack", "king"}
    assert all(_cards(state.resample("first", s))["first"] == "queen" for s in range(10))
