"""Fixed-size encodings: action ids and observation tensors for every game."""

from __future__ import annotations

import numpy as np
import pytest

import gothic_kernel as gk
from gothic_kernel.encoding import (
    BOOLS,
    ActionEncoding,
    Choice,
    EncodingError,
    Multisets,
    Product,
    Sequences,
    Subsets,
    TensorLayout,
    ints,
)
from gothic_kernel.reference import KuhnPoker
from gothic_kernel.reference.kuhn_poker import BET, Bet, Call, Check, Fold
from gothic_kernel.testing.encoding import check_encoding

from .ai_games import CASES, encoded_cases
from .toy_game import ToyRace


def test_domains_number_their_values_both_ways() -> None:
    square = Product(ints(0, 3), ints(0, 2))
    assert square.size == 12 and square.index((2, 1)) == 7 and square.value(7) == (2, 1)
    assert BOOLS.index(True) == 1 and BOOLS.value(0) is False
    hunters = Choice(("godalming", "seward", "van_helsing"))
    for domain, size in ((Sequences(hunters, 2), 13), (Multisets(hunters, 2), 10),
                         (Subsets(hunters, 3, 2), 4)):
        assert domain.size == size
        assert [domain.index(domain.value(i)) for i in range(size)] == list(range(size))
    with pytest.raises(EncodingError):
        hunters.index("dracula")
    with pytest.raises(EncodingError):
        Multisets(hunters, 2).index(("seward", "godalming"))  # not in the domain's order


def test_a_choice_tells_true_from_one() -> None:
    with pytest.raises(EncodingError):
        ints(0, 3).index(True)


def test_action_ids_are_mixed_radix_over_the_types() -> None:
    coding = KuhnPoker().encoding().actions
    assert coding.num_distinct_actions == 4
    assert [coding.encode(a) for a in (Check(), Bet(), Call(), Fold())] == [0, 1, 2, 3]
    assert coding.decode(3) == Fold()
    with pytest.raises(EncodingError):
        coding.decode(4)
    rows = coding.table()
    assert rows[0] == ("check", 0, 1, "(no fields)")


def test_an_action_type_must_declare_every_field() -> None:
    with pytest.raises(ValueError, match="fields"):
        ActionEncoding([(Bet, {"amount": ints(1, 2)})])


def test_a_layout_names_its_slices() -> None:
    layout = TensorLayout()
    layout.add("seat", ("first", "second"), doc="who")
    layout.add("grid", 2, ("a", "b", "c"), doc="cells")
    tensor = layout.new()
    tensor.put("seat", "second")
    tensor.put("grid", (1, "c"))
    tensor.scaled("grid", (0, "a"), 7, 2)  # clipped into [0, 1]
    tensor.put("grid", (0, "z"), strict=False)  # an unknown word sets nothing
    assert tensor.vector.tolist() == [0, 1, 1, 0, 0, 0, 0, 1]
    assert [row[:3] for row in layout.table()] == [("seat", 0, (2,)), ("grid", 2, (2, 3))]
    with pytest.raises(EncodingError):
        tensor.put("grid", (0, "z"))


def test_kuhn_observation_tensor() -> None:
    state = KuhnPoker().new_game(seed=1)
    state.apply("first", BET)
    tensor = state.observation_tensor("second")
    assert tensor.dtype == np.float32 and tensor.shape == (23,)
    own = state.observation("second")["cards"]["second"]
    named = KuhnPoker().encoding().layout.slices
    cards = tensor[named["cards"].offset:][:6].reshape(2, 3)
    assert cards[1].tolist() == [c == own for c in ("jack", "queen", "king")]
    assert cards[0].sum() == 0  # the first player's card is hidden from the second


def test_a_game_without_an_encoding_says_so() -> None:
    with pytest.raises(NotImplementedError, match="encoding"):
        ToyRace().encoding()


@pytest.mark.parametrize("name", encoded_cases())
def test_every_game_encodes_every_legal_action_and_observation(name: str) -> None:
    """Random play: ids distinct and decodable, masks exact, tensors of the fixed shape in
    [0, 1], and the same tensor in every state resampled for its viewer."""
    game, options = CASES[name]
    counts = check_encoding(game, seeds=(0,), max_steps=150, options=options)
    assert counts["actions"] and counts["tensors"] and counts["resamples"]
    if game.has_hidden_information and name != "kuhn_poker":
        check_encoding(game, seeds=(1,), max_steps=150, options=options, agents="default")


@pytest.mark.parametrize("name", encoded_cases())
def test_every_action_type_of_a_game_has_an_encoding(name: str) -> None:
    """A new kind of action (or a renamed one) cannot be forgotten by the encoding: ids
    are declared for every type the game's codec reads."""
    game, options = CASES[name]
    encoded = {kind.cls for kind in game.encoding(**options).actions.types}
    assert set(game.action_types) <= encoded


@pytest.mark.parametrize("name", encoded_cases())
def test_two_states_a_viewer_cannot_tell_apart_give_it_the_same_tensor(name: str) -> None:
    game, options = CASES[name]
    state = game.new_game(seed=5, **options)
    dice = gk.Dice(5)
    for _ in range(40):
        if state.is_over:
            break
        seat = state.current_seats()[0]
        state.apply(seat, dice.choice(state.legal_actions(seat)))
    differs = 0
    for seat in state.seats:
        for seed in range(8):
            twin = state.resample(seat, seed)
            differs += twin.to_json() != state.to_json()
            assert np.array_equal(twin.observation_tensor(seat), state.observation_tensor(seat))
    assert differs  # the twins do differ in what is hidden


def test_action_ids_are_stable_across_states() -> None:
    """The same id is the same move wherever it is legal (ids come from the action, not
    from its place in a list)."""
    game, options = CASES["vampyre"]
    coding = game.encoding(**options)
    seen: dict[int, dict[str, object]] = {}
    for seed in range(3):
        state = game.new_game(seed=seed, **options)
        for _ in range(30):
            seat = state.current_seats()[0]
            for action in state.legal_actions(seat):
                seen.setdefault(coding.actions.encode(action), action.to_json())
                assert seen[coding.actions.encode(action)] == action.to_json()
            state.apply(seat, state.legal_actions(seat)[-1])


def test_the_library_never_imports_the_extras_by_itself() -> None:
    """pyspiel, pettingzoo and gymnasium are imported only by their adapter modules."""
    import subprocess
    import sys

    code = ("import sys, gothic_kernel as gk, gothic_kernel.encoding, gothic_kernel.ismcts\n"
            "for name in gk.available_games():\n"
            "    game = gk.load_game(name); game.encoding(); game.new_game(seed=1)\n"
            "bad = [m for m in ('pyspiel', 'pettingzoo', 'gymnasium') if m in sys.modules]\n"
            "assert not bad, bad\n")
    subprocess.run([sys.executable, "-c", code], check=True)
