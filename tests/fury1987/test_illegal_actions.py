"""A field holding a value nothing open to the seat has is refused naming that field and
value in players' words (no raw ids), with the choices it has, and the state unchanged."""

from __future__ import annotations

import random
import re

import pytest

import gothic_kernel as gk

from .helpers import GAME

#: Raw ids: a seat's id or a word joined by underscores (besides the bad value itself).
RAW_ID = re.compile(r"\b(dracula|godalming|seward|van_helsing|harker)\b|"
                    r"\b(?!zzz_bogus\b)[a-z]+_[a-z_]+\b")


def _refusals(seed: int, steps: int) -> dict[tuple[str, str], str]:
    """For each action kind and text field met in a random game: the error for the first
    legal action of that kind with the field set to 'zzz_bogus'."""
    state, rng, said = GAME.new_game(seed=seed), random.Random(seed), {}
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.current_seats()[0]
        for action in state.legal_actions(seat):
            data = action.to_json()
            for field, value in data.items():
                if field == "type" or not isinstance(value, str) or \
                        (data["type"], field) in said:
                    continue
                before = state.to_json()
                with pytest.raises(gk.IllegalAction) as refused:
                    state.apply(seat, GAME.parse_action({**data, field: "zzz_bogus"}))
                assert state.to_json() == before
                said[data["type"], field] = str(refused.value)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return said


def test_a_bad_field_value_is_named_with_its_field_in_players_words() -> None:
    said = {**_refusals(5, 400), **_refusals(23, 400)}
    assert {("place_encounter", "chit"), ("start_in", "town"), ("move_to", "to")} <= set(said)
    for (kind, field), message in said.items():
        assert "'zzz_bogus'" in message and f"(field {field!r})" in message, (kind, message)
        assert not RAW_ID.search(message), (kind, message)


def test_the_trials_cases_say_what_the_field_must_be() -> None:
    state = GAME.new_game(seed=3)
    with pytest.raises(gk.IllegalAction, match=r"^Lord Godalming may not choose 'zzz_bogus': "
                       r"the Town \(field 'town'\) must be one of Alicante, "):
        state.apply("godalming", GAME.parse_action({"type": "start_in", "town": "zzz_bogus"}))


def test_an_action_of_a_kind_not_open_now_is_told_in_words() -> None:
    state = GAME.new_game(seed=3)
    with pytest.raises(gk.IllegalAction) as refused:
        state.apply("godalming", GAME.parse_action({"type": "catch_train"}))
    assert str(refused.value).startswith("Lord Godalming must choose a Town to start in")
    assert not RAW_ID.search(str(refused.value))
