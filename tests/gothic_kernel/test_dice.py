"""Seeded dice, scripted dice, and their snapshots."""

from __future__ import annotations

import json
from collections import Counter

import numpy as np
import pytest

from gothic_kernel import Dice, DiceExhausted, ScriptedDice, dice_from_data
from gothic_kernel.dice import _FIRST_BLOCK, _seeded_state
from gothic_kernel.errors import CorruptSave, RuleError


def test_same_seed_same_rolls() -> None:
    assert Dice(7).rolls(50) == Dice(7).rolls(50)
    assert Dice(7).rolls(50) != Dice(8).rolls(50)


def test_rolls_cover_every_face_and_nothing_else() -> None:
    dice = Dice(1)
    counts = Counter(dice.d6() for _ in range(6000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(800 < n < 1200 for n in counts.values())
    assert {dice.roll(20) for _ in range(2000)} == set(range(1, 21))
    assert {dice.two_d6() for _ in range(3000)} == set(range(2, 13))


def test_two_d6_has_the_triangular_distribution() -> None:
    dice = Dice(3)
    counts = Counter(dice.two_d6() for _ in range(36000))
    assert 5400 < counts[7] < 6600  # 6/36
    assert 700 < counts[2] < 1300  # 1/36


def test_clone_rolls_the_same_future_independently() -> None:
    dice = Dice(11)
    dice.rolls(600)  # cross a block boundary
    twin = dice.clone()
    assert twin.rolls(1000) == dice.rolls(1000)


def test_snapshot_restores_the_stream_mid_block_and_fresh() -> None:
    for used in (0, 1, 511, 512, 513, 2000):
        dice = Dice(5)
        dice.rolls(used)
        back = dice_from_data(json.loads(json.dumps(dice.to_data())))
        assert back.rolls(700) == dice.rolls(700)


def test_shuffle_and_choice_are_seeded() -> None:
    a, b = list(range(20)), list(range(20))
    Dice(2).shuffle(a)
    Dice(2).shuffle(b)
    assert a == b and sorted(a) == list(range(20)) and a != list(range(20))
    assert Dice(4).choice("abcdef") == Dice(4).choice("abcdef")


def test_scripted_dice_roll_the_script_then_fail_loudly() -> None:
    dice = ScriptedDice([3, 6, 1])
    assert (dice.d6(), dice.d6()) == (3, 6)
    assert dice.remaining == (1,)
    assert dice.roll(4) == 1
    with pytest.raises(DiceExhausted, match="exhausted"):
        dice.d6()


def test_scripted_roll_must_fit_the_die() -> None:
    with pytest.raises(DiceExhausted, match="not a face of a d4"):
        ScriptedDice([6]).roll(4)


def test_scripted_dice_clone_and_snapshot_keep_the_rest_of_the_script() -> None:
    dice = ScriptedDice([1, 2, 3, 4])
    dice.d6()
    twin = dice.clone()
    assert twin.rolls(3) == (2, 3, 4) == dice.rolls(3)
    dice = ScriptedDice([5, 6])
    dice.d6()
    back = dice_from_data(dice.to_data())
    assert isinstance(back, ScriptedDice) and back.remaining == (6,)


def test_scripted_dice_still_shuffle_from_a_seeded_stream() -> None:
    a, b = list("abcdef"), list("abcdef")
    ScriptedDice([], seed=3).shuffle(a)
    ScriptedDice([], seed=3).shuffle(b)
    assert a == b


def test_reseeded_dice_change_the_future_but_scripts_do_not() -> None:
    assert Dice(1).reseeded(99).rolls(20) == Dice(99).rolls(20)
    assert ScriptedDice([4, 4]).reseeded(99).rolls(2) == (4, 4)


@pytest.mark.parametrize("bad", [None, {}, {"kind": "loaded"}, {"kind": "seeded"},
                                 {"kind": "seeded", "state": {}, "pos": 0, "block": 64},
                                 {"kind": "scripted", "rolls": ["x"]},
                                 {"kind": "seeded", "pos": 0, "block": 64, "state": {
                                     "bit_generator": "PCG64", "has_uint32": 0,
                                     "uinteger": -1, "state": {"state": -1, "inc": 1}}}])
def test_corrupt_dice_snapshots_are_refused(bad: object) -> None:
    with pytest.raises(CorruptSave):
        dice_from_data(bad)


def test_impossible_requests_are_rule_errors() -> None:
    with pytest.raises(RuleError):
        Dice(1).roll(0)
    with pytest.raises(RuleError):
        Dice(1).choice([])


@pytest.mark.parametrize("seed", [0, 7, 2**64 + 3, 2**130 + 1])
def test_the_stream_is_numpys_pcg64_whatever_the_saves_and_clones(seed: int) -> None:
    """The first numbers, worked out in Python one at a time, then whole blocks drawn by
    numpy: the same stream as numpy's Generator from the seeded state, through saves and
    clones taken inside the numbers worked out one at a time and after them."""
    generator = np.random.Generator(np.random.PCG64(0))
    generator.bit_generator.state = _seeded_state(seed)
    expected = generator.random(_FIRST_BLOCK).tolist() + generator.random(1000).tolist()
    dice, drawn = Dice(seed), []
    for i in range(len(expected) - 10):
        drawn.append(dice._uniform())
        if i in (0, 2, 7, 8, 9, 63, 64, 65, 700):
            dice = dice_from_data(json.loads(json.dumps(dice.to_data())))
        if i in (3, 70):
            dice = dice.clone()
    assert drawn == expected[:len(drawn)]


def test_rolls_and_draws_read_the_same_stream() -> None:
    """A die of n faces is the stream's next number scaled to 1..n, whether it is worked
    out one at a time or read from a block; draws and rolls interleave on one stream."""
    stream, dice = Dice(11), Dice(11)
    for i in range(1200):
        sides = 1 + i % 12
        expected = int(stream._uniform() * sides) + 1
        got = dice.roll(sides) if i % 3 else dice.index(sides) + 1
        assert got == expected
    assert dice.d6() == int(stream._uniform() * 6) + 1


@pytest.mark.parametrize("state", [
    {"state": 2**128, "inc": 1}, {"state": 5, "inc": 4}, {"state": "5", "inc": 1},
    {"state": True, "inc": 1}, {"state": 5},
])
def test_an_impossible_generator_state_is_refused(state: dict[str, object]) -> None:
    data = Dice(1).to_data()
    data["state"] = {**data["state"], "state": state}
    with pytest.raises(CorruptSave):
        dice_from_data(data)


def test_weighted_draws_in_proportion_to_the_weights() -> None:
    dice = Dice(7)
    drawn = Counter(dice.weighted(["a", "b", "c"], [1.0, 3.0, 0.0]) for _ in range(4000))
    assert drawn["c"] == 0
    assert 0.2 < drawn["a"] / 4000 < 0.3 and 0.7 < drawn["b"] / 4000 < 0.8
    assert dice.weighted(["only"], [2.5]) == "only"
