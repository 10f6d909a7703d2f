"""Decks with their reshuffle policies, hands, and random pools."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gothic_kernel import Deck, Dice, Hand, Pool, Reshuffle, RuleError, pool_of


def test_draw_top_and_bottom() -> None:
    deck = Deck(["bottom", "middle", "top"])
    assert deck.draw_top(Dice(1)) == "top"
    assert deck.draw_bottom(Dice(1)) == "bottom"
    assert deck.cards == ["middle"]


def test_when_empty_the_discards_form_a_new_pile() -> None:
    deck = Deck(["a"], ["b", "c"], Reshuffle.WHEN_EMPTY)
    dice = Dice(2)
    assert deck.draw_top(dice) == "a"
    assert {deck.draw_top(dice), deck.draw_top(dice)} == {"b", "c"}
    assert not deck.can_draw()
    with pytest.raises(RuleError):
        deck.draw_top(dice)


def test_never_reshuffle_leaves_an_empty_pile_empty() -> None:
    deck = Deck([], ["a"], Reshuffle.NEVER)
    assert not deck.can_draw()
    with pytest.raises(RuleError):
        deck.draw_top(Dice(1))


def test_keep_top_card_the_top_card_is_never_taken() -> None:
    """Fury of Dracula (1987), Event Cards: drawn from the bottom; the top card is never
    taken; once it is reached it and the discards are shuffled to form a new pile."""
    deck = Deck(["e1", "e2", "top"], [], Reshuffle.KEEP_TOP_CARD)
    dice = Dice(3)
    with pytest.raises(RuleError):
        deck.draw_top(dice)
    assert deck.draw_bottom(dice) == "e1"
    deck.discard("e1")
    deck.discard("x")
    assert deck.draw_bottom(dice) == "e2"
    # The top card was reached: it and the discards now form the new pile.
    assert sorted(deck.cards) == ["e1", "top", "x"] and deck.discards == []
    assert deck.drawable == 2


def test_keep_top_card_single_card_deck_cannot_be_drawn() -> None:
    deck = Deck(["only"], [], Reshuffle.KEEP_TOP_CARD)
    assert not deck.drawable and not deck.can_draw()
    with pytest.raises(RuleError):
        deck.draw_bottom(Dice(1))


def test_keep_top_card_reached_with_no_discards_waits_for_them() -> None:
    deck = Deck(["a", "top"], [], Reshuffle.KEEP_TOP_CARD)
    assert deck.draw_bottom(Dice(1)) == "a"
    assert deck.cards == ["top"] and not deck.can_draw()
    deck.discard("a")
    assert deck.can_draw()
    assert deck.draw_bottom(Dice(1)) in {"a", "top"} and len(deck.cards) == 1


@given(st.lists(st.sampled_from(["draw", "discard", "bottom"]), max_size=60),
       st.integers(0, 2**16))
def test_every_card_stays_somewhere_exactly_once(ops: list[str], seed: int) -> None:
    cards = [f"c{i}" for i in range(8)]
    for policy in (Reshuffle.WHEN_EMPTY, Reshuffle.KEEP_TOP_CARD):
        deck, hand, dice = Deck(cards.copy(), [], policy), Hand(), Dice(seed)
        for op in ops:
            if op in ("draw", "bottom") and deck.can_draw():
                take = deck.draw_bottom if op == "bottom" or policy is \
                    Reshuffle.KEEP_TOP_CARD else deck.draw_top
                hand.add(take(dice))
            elif op == "discard" and len(hand):
                deck.discard(hand.remove(hand.cards[0]))
        assert Counter([*deck, *hand]) == Counter(cards)


def test_hand_limit_reports_the_excess() -> None:
    hand = Hand(["a", "b", "c"], limit=3)
    assert hand.is_full and hand.excess == 0
    hand.add("d")
    assert hand.excess == 1
    hand.remove("a")
    assert hand.excess == 0 and "a" not in hand
    with pytest.raises(RuleError):
        hand.remove("zzz")


def test_pool_draws_at_random_and_remixes_the_aside_pile() -> None:
    pool = pool_of([("rats", 2), ("fog", 1)])
    dice = Dice(4)
    drawn = pool.draw_many(3, dice)
    assert sorted(drawn) == ["fog", "rats", "rats"] and len(pool) == 0
    for counter in drawn:
        pool.set_aside(counter)
    assert pool.can_draw()
    assert pool.draw(dice) in {"fog", "rats"}
    assert len(pool) == 2 and pool.aside == []


def test_pool_without_remix_runs_dry() -> None:
    pool = Pool(["a"], ["b"], remix=False)
    pool.draw(Dice(1))
    assert not pool.can_draw()
    with pytest.raises(RuleError):
        pool.draw(Dice(1))


def test_pool_take_and_counts() -> None:
    pool = pool_of([("wolves", 3), ("bats", 1)])
    assert pool.take("bats") == "bats"
    assert pool.counts() == Counter({"wolves": 3})
    with pytest.raises(RuleError):
        pool.take("bats")


@given(st.lists(st.booleans(), max_size=80), st.integers(0, 2**16))
def test_pool_conserves_counters(ops: list[bool], seed: int) -> None:
    pool, held, dice = pool_of([("a", 3), ("b", 2)]), [], Dice(seed)
    for draw in ops:
        if draw and pool.can_draw():
            held.append(pool.draw(dice))
        elif held:
            pool.set_aside(held.pop())
    assert Counter([*pool, *held]) == Counter({"a": 3, "b": 2})


def test_clones_are_independent() -> None:
    deck, pool, hand = Deck(["a", "b"]), pool_of([("x", 2)]), Hand(["h"])
    d2, p2, h2 = deck.clone(), pool.clone(), hand.clone()
    d2.draw_top(Dice(1))
    p2.draw(Dice(1))
    h2.add("k")
    assert deck.cards == ["a", "b"] and len(pool) == 2 and hand.cards == ["h"]
