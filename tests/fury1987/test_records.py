"""Records that clones share (fury1987.records): the copy of a frozen record with some
fields changed, and the clue record that only grows. Not rules: what makes a clone cost
the same all game long without a clone ever seeing another's later moves."""

from __future__ import annotations

import random

import attrs
import pytest

from fury1987.actions import STAY_PUT, MoveTo
from fury1987.hunters import HunterAction
from fury1987.records import Chronicle, evolve, shared
from gothic_kernel import GameState

from .helpers import dracula_turn, started


def test_evolve_copies_a_record_with_the_changes_as_attrs_does() -> None:
    record = HunterAction("godalming", ("godalming", "seward"), "paris", arrived=True)
    moved = evolve(record, found="rats", ended=True)
    assert moved == attrs.evolve(record, found="rats", ended=True)
    assert record.found is None and not record.ended  # the original is untouched
    assert evolve(record) == record and evolve(record) is not record
    with pytest.raises(TypeError, match="no field"):
        evolve(record, colour="red")
    # the same changes named in another order, one at a time, then all of them
    assert evolve(record, ended=True, found="rats") == moved
    assert evolve(evolve(record, found="rats"), ended=True) == moved
    every = {"seat": "seward", "members": ("seward",), "town": "rome", "arrived": False}
    assert evolve(record, **every) == attrs.evolve(record, **every)


@attrs.frozen
class _Odd:
    first: int
    _private: int = 0
    last: int = attrs.field(default=0, kw_only=True)


def test_evolve_keeps_keyword_only_and_private_fields_as_attrs_does() -> None:
    record = _Odd(1, 2, last=3)
    assert evolve(record, private=5) == attrs.evolve(record, private=5) == _Odd(1, 5, last=3)
    assert evolve(record, last=7, first=0) == _Odd(0, 2, last=7)


@attrs.frozen(slots=False)
class _InDict:
    first: int
    _private: int = 0
    last: int = attrs.field(default=0, kw_only=True)


def _twice(n: int) -> int:
    return 2 * n


@attrs.frozen(slots=False)
class _Checked:
    first: int = attrs.field(validator=attrs.validators.gt(0))
    doubled: int = attrs.field(default=0, converter=_twice)


@attrs.frozen(slots=False)
class _Counted:
    first: int
    count: int = attrs.field(init=False, default=0)


@attrs.frozen(slots=False, cache_hash=True)
class _HashKept:
    first: int


def test_evolve_of_a_record_kept_in_its_dict_copies_the_dict_as_attrs_evolve_would() -> None:
    """The records copied most keep their fields in the instance's dict (``slots=False``):
    the dict is copied whole, the changes written over it."""
    record = _InDict(1, 2, last=3)
    changed = evolve(record, private=5, last=7)
    assert changed == attrs.evolve(record, private=5, last=7) == _InDict(1, 5, last=7)
    assert vars(changed) == vars(_InDict(1, 5, last=7))
    assert vars(record) == vars(_InDict(1, 2, last=3))  # the original untouched
    assert hash(changed) == hash(_InDict(1, 5, last=7))
    assert evolve(record, first=9) == _InDict(9, 2, last=3)  # one change (the usual one)
    assert evolve(record, private=4) == _InDict(1, 4, last=3)
    action = HunterAction("godalming", ("godalming",), "paris")
    assert "__dict__" in dir(action) and list(vars(action))[:3] == ["seat", "members", "town"]


def test_evolve_of_a_dict_record_whose_init_does_more_than_store_goes_through_init() -> None:
    """Validators and converters run, init=False fields start afresh and a cached hash is
    not copied, as with attrs.evolve."""
    with pytest.raises(ValueError):
        evolve(_Checked(1), first=0)
    assert evolve(_Checked(1, 2), first=3) == attrs.evolve(_Checked(1, 2), first=3)
    counted = _Counted(1)
    object.__setattr__(counted, "count", 4)
    assert evolve(counted, first=2) == attrs.evolve(counted, first=2) == _Counted(2)
    kept = _HashKept(1)
    assert hash(kept) == hash(_HashKept(1))
    assert hash(evolve(kept, first=2)) == hash(_HashKept(2))


def test_a_chronicle_s_clones_share_what_was_written_and_never_see_each_other_s_entries(
        ) -> None:
    first: Chronicle[int] = Chronicle([1, 2])
    twin = first.clone()
    first.append(3)
    assert list(twin) == [1, 2] and len(twin) == 2 and list(first) == [1, 2, 3]
    twin.append(4)  # the twin copies its part before writing past the first's
    assert list(twin) == [1, 2, 4] and list(first) == [1, 2, 3]
    assert twin[-1] == 4 and first[-1] == 3 and first[0:2] == [1, 2]
    with pytest.raises(IndexError):
        _ = twin[3]
    assert list(shared([5])) == [5] and shared(first) is not first


def test_a_clone_shares_the_clue_record_and_dracula_s_trail() -> None:
    state = started(dracula="munich", godalming="paris", seward="madrid", van_helsing="rome")
    dracula_turn(state, MoveTo("zurich"))
    twin = state.clone()
    assert twin.dracula.trail is state.dracula.trail
    assert twin.dracula.history is state.dracula.history
    clues, trail = len(state.clues), state.dracula.trail
    for seat in ("godalming", "seward", "van_helsing"):
        state.apply(seat, STAY_PUT)
        while state.current_seats() == (seat,):
            state.apply(seat, state.legal_actions(seat)[0])
    dracula_turn(state, STAY_PUT)
    assert len(state.clues) > clues and len(state.dracula.trail) == len(trail) + 1
    assert len(twin.clues) == clues and twin.dracula.trail == trail  # the twin unchanged
    assert twin.to_data()["clues"] == [dict(c) for c in state.clues][:clues]


def test_clones_played_on_apart_give_the_games_played_from_scratch() -> None:
    """A clone taken mid-game and its original, each played on with the same choices as
    a fresh game of the same seed: all three end alike (nothing shared leaks)."""
    def play(state: GameState, pick: random.Random, steps: int) -> None:
        for _ in range(steps):
            if state.is_over:
                return
            seat = state.current_seats()[0]
            state.apply(seat, pick.choice(state.legal_actions(seat)))

    state = started(seed=5)
    play(state, random.Random(1), 150)
    twin, base = state.clone(), state.to_json()
    play(state, random.Random(2), 300)
    play(twin, random.Random(3), 300)
    fresh_a, fresh_b = (state.game.from_json(base) for _ in range(2))
    play(fresh_a, random.Random(2), 300)
    play(fresh_b, random.Random(3), 300)
    assert state.to_json() == fresh_a.to_json()
    assert twin.to_json() == fresh_b.to_json()
