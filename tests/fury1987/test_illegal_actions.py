"""A field holding a value nothing open to the seat has is refused naming that field and
value in players' words (no raw ids), with the choices it has, and the state unchanged."""

from __future__ import annotations

import random
import re

import attrs
import pytest

import gothic_kernel as gk
from fury1987.actions import TakeItems
from fury1987.seats import HUNTERS
from gothic_kernel.testing.fields import bad_field_refusals

from .helpers import GAME

#: Raw ids: a seat's id or a word joined by underscores (besides the bad value itself).
RAW_ID = re.compile(r"\b(dracula|godalming|seward|van_helsing|harker)\b|"
                    r"\b(?!zzz_bogus\b)[a-z]+_[a-z_]+\b")


def test_a_bad_field_value_is_named_with_its_field_in_players_words() -> None:
    said = {**bad_field_refusals(GAME, 5, 400), **bad_field_refusals(GAME, 23, 400)}
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


def test_items_given_to_another_hunter_name_who_receives_them() -> None:
    """New Weapons and Events: the fields of a declaration name the Hunter receiving each
    item, and a refusal says so (not "the Weapon Chits must be Dr Seward")."""
    state, rng = GAME.new_game(seed=3), random.Random(3)
    while True:
        seat = state.current_seats()[0]
        legal = state.legal_actions(seat)
        take = next((a for a in legal if isinstance(a, TakeItems) and a.weapons), None)
        if take is not None:
            break
        state.apply(seat, rng.choice(legal))
    other = next(h for h in HUNTERS if h != seat)
    with pytest.raises(gk.IllegalAction) as refused:
        state.apply(seat, attrs.evolve(take, weapons=(other,)))
    assert "the Hunters who receive the Weapon Chits (field 'weapons') must be one of none, " \
        in str(refused.value)
