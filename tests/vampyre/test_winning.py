"""How to Win (the Basic Game)."""

from __future__ import annotations

import pytest

from gothic_kernel import Dice
from vampyre.actions import SEARCH, ChooseItem, Move
from vampyre.state import CASTLE, CHOOSE_ITEM, NOSFERATU
from vampyre.winning import BASIC_GAME, CASTLE_ALONE, EXTENDED_GAME

from .helpers import GAME, new, put, script, texts, turn_of
from .test_searching import stack


def coffin_search(state, seat: str = "harker", rolls=(1,) * 30) -> None:  # type: ignore[no-untyped-def]
    put(state, seat, "hex_06_02")
    turn_of(state, seat, 1)
    script(state, rolls)
    state.apply(seat, Move("bistritz"))
    state.apply(seat, SEARCH)


def take_coffins(state, seat: str, n: int) -> None:  # type: ignore[no-untyped-def]
    """Give ``seat`` ``n`` coffin counters taken from the stacks (refilled with others)."""
    for _ in range(n):
        counter = next(c for pile in state.stacks.values() for c in pile
                       if state.rules.black_counters[c] == "coffin")
        for pile in state.stacks.values():
            if counter in pile:
                pile.remove(counter)
        state.players[seat].coffins.append(counter)


def test_how_to_win_the_first_player_to_find_three_coffins_wins_the_basic_game() -> None:
    state = new()
    take_coffins(state, "harker", 2)
    stack(state, "coffin")
    coffin_search(state)
    assert state.is_over
    assert state.outcome is not None and state.outcome.winners == ("harker",)
    assert state.outcome.level == BASIC_GAME
    assert state.outcome.scores["harker"] == 3
    assert state.current_seats() == () and state.legal_actions("harker") == []


def test_how_to_win_the_winner_begins_the_extended_game_healed_with_an_item_of_choice() -> None:
    state = new(stage="extended")
    state.players["harker"].bites = 2
    take_coffins(state, "harker", 2)
    stack(state, "coffin")
    coffin_search(state)
    assert not state.is_over
    assert state.pending is not None and state.pending.kind == CHOOSE_ITEM
    assert state.players["harker"].bites == 0
    assert {a.item for a in state.legal_actions("harker")} == {
        "knife", "gun", "the_host", "silver_crucifix", "holy_water", "silver_bullet"}
    state.apply("harker", ChooseItem("the_host"))
    assert "the_host" in state.item_kinds("harker")
    assert state.stage == CASTLE
    assert state.current == "harker"  # play begins with the winner of the Basic Game


def coffins_all_found(counts: dict[str, int], rolls=(1,) * 40,  # type: ignore[no-untyped-def]
                      converted: tuple[str, ...] = ()):
    """Every coffin but one handed out as ``counts`` says; Mina finds the last."""
    state = new(stage="extended", players=6)
    for seat, n in counts.items():
        take_coffins(state, seat, n)
    for seat in converted:
        state.players[seat].form = NOSFERATU
    stack(state, "coffin")
    state.players["mina"].bites = 1
    coffin_search(state, "mina", rolls)
    assert not any(state.rules.black_counters[c] == "coffin"
                   for pile in state.stacks.values() for c in pile)
    return state


def test_how_to_win_all_coffins_found_the_most_coffins_wins_but_bites_stay() -> None:
    """With eight coffins and nobody on three, the most coffins among the hunters wins
    (the converted do not count: a ruling)."""
    state = coffins_all_found({"harker": 2, "seward": 2, "van_helsing": 1, "godalming": 1,
                               "mina": 1}, converted=("harker", "seward"))
    assert state.basic_winner == "mina"
    assert state.observation("harker")["basic_winner"] == "mina"  # everyone sees who won
    assert state.players["mina"].bites == 1  # not healed without three coffins
    assert state.pending is not None and state.pending.kind == CHOOSE_ITEM


def test_how_to_win_ties_roll_off_high_roller_wins() -> None:
    counts = {"harker": 2, "van_helsing": 2, "godalming": 2, "mina": 1}
    state = coffins_all_found(counts, rolls=(3, 6, 4, 5, 2, 2))
    # Mina finds the last coffin: Harker, Mina, Van Helsing and Godalming have 2 each;
    # they roll 3, 6, 4 and 5: Mina wins
    assert state.basic_winner == "mina"
    assert any(t.startswith("Tie for the most coffins") for t in texts(state))
    state = coffins_all_found(counts, rolls=(6, 6, 2, 2, 3, 5))
    assert state.basic_winner == "mina"  # Harker and Mina roll again: 3 and 5
    state = coffins_all_found(counts, rolls=(6, 6, 2, 2, 5, 3))
    assert state.basic_winner == "harker"


def test_when_no_vampire_hunter_is_left_the_darkness_wins() -> None:
    state = new(players=2)
    state.players["mina"].form = NOSFERATU
    state.players["harker"].bites = 2
    put(state, "mina", "hex_09_05")
    put(state, "harker", "hex_10_05")
    turn_of(state, "mina", 1)
    script(state, [1, *[1] * 10])
    state.apply("mina", Move("hex_10_05", "harker"))
    assert state.is_over and state.outcome is not None
    assert state.outcome.winners == ()


# -- solitaire (ruling 34) ---------------------------------------------------------------------

@pytest.mark.parametrize("stage", ["basic", "extended", "castle"])
def test_solitaire_the_lone_hunter_wins_or_the_darkness_does(stage: str) -> None:
    """Alone, the race is against the board: the hunter wins the Basic Game with three
    coffins (and the Extended Game by destroying the Count), or falls (converted, or dead
    of two wounds in the castle) and the forces of darkness prevail. Random play over
    seeds gives both ends in every stage."""
    endings = set()
    for seed in range(30):
        state = GAME.new_game(seed=seed, players=1, stage=stage)
        chooser = Dice(seed)
        while not state.is_over:
            state.apply("harker", chooser.choice(state.legal_actions("harker")))
        outcome, harker = state.outcome, state.players["harker"]
        assert outcome is not None
        if outcome.winners:
            assert outcome.winners == ("harker",) and harker.is_hunter
            assert outcome.level == {"castle": CASTLE_ALONE}.get(stage, EXTENDED_GAME) \
                or len(harker.coffins) == 3
        else:
            assert not harker.is_hunter and outcome.reason == "no vampire hunter is left"
        endings.add(bool(outcome.winners))
    assert endings == {True, False}
