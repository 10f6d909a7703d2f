"""Searching a Large Hex."""

from __future__ import annotations

import pytest

from gothic_kernel import IllegalAction
from vampyre.actions import MAKE_CAMP, SEARCH, Move
from vampyre.state import NOSFERATU, SEARCH_DECISION

from .helpers import give, new, put, script, texts, turn_of


def arrive_in_bistritz(state, seat: str = "harker", rolls=(1,) * 20):  # type: ignore[no-untyped-def]
    put(state, seat, "hex_06_02")
    turn_of(state, seat, 1)
    script(state, rolls)
    state.apply(seat, Move("bistritz"))


def stack(state, *kinds: str) -> None:  # type: ignore[no-untyped-def]
    """Put counters of these kinds on top of Bistritz's stack (swapping them in)."""
    wanted = list(kinds)
    chosen = []
    for kind in wanted:
        counter = next(c for pile in state.stacks.values() for c in pile
                       if state.rules.black_counters[c] == kind and c not in chosen)
        chosen.append(counter)
    for counter in chosen:
        for pile in state.stacks.values():
            if counter in pile:
                pile.remove(counter)
    displaced = state.stacks["bistritz"][:len(chosen)]
    state.stacks["bistritz"] = chosen + state.stacks["bistritz"][len(chosen):]
    for h, pile in state.stacks.items():
        if h != "bistritz":
            while len(pile) < 3 and displaced:
                pile.append(displaced.pop())


def test_a_player_ending_a_move_in_a_large_hex_with_counters_may_search() -> None:
    state = new()
    arrive_in_bistritz(state)
    assert state.pending is not None and state.pending.kind == SEARCH_DECISION
    assert state.legal_actions("harker") == [SEARCH, MAKE_CAMP]


def test_searching_turns_over_the_top_counter() -> None:
    state = new()
    stack(state, "knife", "coffin", "nothing")
    arrive_in_bistritz(state)
    state.apply("harker", SEARCH)
    assert state.item_kinds("harker") == ["knife"]
    assert len(state.stacks["bistritz"]) == 2
    assert "searches Bistritz and turns over Knife" in texts(state)[-1]


def test_nothing_is_set_aside() -> None:
    state = new()
    stack(state, "nothing")
    arrive_in_bistritz(state)
    state.apply("harker", SEARCH)
    assert state.players["harker"].items == [] and len(state.removed) == 1


def test_a_coffin_is_burned_and_kept_as_proof() -> None:
    state = new()
    stack(state, "coffin")
    arrive_in_bistritz(state)
    state.apply("harker", SEARCH)
    assert len(state.players["harker"].coffins) == 1
    assert state.observation("mina")["players"]["harker"]["coffins"] == 1


@pytest.mark.parametrize(("die", "items", "letter", "bitten"), [
    (1, (), "B", 1), (5, (), "B", 1), (6, (), "N", 0), (6, ("the_host",), "V", 0)])
def test_dracula_attacks(die: int, items: tuple[str, ...], letter: str, bitten: int) -> None:
    """'A no result or a victory ... Dracula is kept at bay ... Failure to defeat Dracula
    means the player has been bitten. Regardless of the battle's outcome, Dracula will
    disappear afterwards.' Dracula's row is BBBBBNVV: a 6 is N, a 6 with The Host V."""
    state = new()
    give(state, "harker", *items)
    stack(state, "dracula_attacks")
    arrive_in_bistritz(state, rolls=(die, *(1,) * 20))
    state.apply("harker", SEARCH)
    roll = [e for e in state.log("public") if e["kind"] == "combat_roll"][-1]
    assert roll["monster"] == "dracula" and roll["result"] == letter
    assert state.players["harker"].bites == bitten
    assert not state.fights  # Dracula disappears whatever the result
    assert state.current_seats() == ("mina",)


def test_a_player_may_decline_to_search() -> None:
    state = new()
    arrive_in_bistritz(state)
    state.apply("harker", MAKE_CAMP)
    assert len(state.stacks["bistritz"]) == 3


def test_searching_again_needs_a_visit_to_another_large_hex() -> None:
    state = new()
    stack(state, "nothing", "nothing")
    arrive_in_bistritz(state)
    state.apply("harker", SEARCH)
    arrive_in_bistritz(state)  # straight back: no search offered
    assert state.current_seats() == ("mina",)
    put(state, "harker", "hex_08_02")
    turn_of(state, "harker", 1)
    state.apply("harker", Move("borgo_pass"))  # a move ending in another large hex ...
    state.apply("harker", MAKE_CAMP)
    arrive_in_bistritz(state)  # ... and back: Bistritz may be searched again
    assert state.legal_actions("harker") == [SEARCH, MAKE_CAMP]


def test_a_clean_hex_may_not_be_searched_but_players_may_stop_there() -> None:
    state = new()
    state.removed.extend(state.stacks["bistritz"])
    state.stacks["bistritz"] = []
    arrive_in_bistritz(state)
    assert state.players["harker"].location == "bistritz"
    assert state.current_seats() == ("mina",)


def test_the_converted_do_not_search() -> None:
    state = new()
    state.players["harker"].form = NOSFERATU
    put(state, "harker", "hex_06_02")
    turn_of(state, "harker", 1)
    script(state, [1] * 10)
    state.apply("harker", Move("bistritz"))
    assert state.current_seats() == ("mina",)


def test_search_is_refused_when_it_is_not_offered() -> None:
    state = new()
    turn_of(state, "harker", 1)
    before = state.to_json()
    with pytest.raises(IllegalAction) as err:
        state.apply("harker", SEARCH)
    assert err.value.rule == "Movement"
    assert state.to_json() == before
