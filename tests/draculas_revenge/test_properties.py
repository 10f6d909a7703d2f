"""Invariants under random play (hypothesis)."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st_

import gothic_kernel as gk
from draculas_revenge import ADVENTURES

GAME = gk.load_game("draculas_revenge")


def check_invariants(st: gk.GameState) -> None:
    s = st  # type: ignore[assignment]
    # every Character Card is used at most once (a figure, or a minion card in a stand)
    used = Counter(list(s.figures) + [f.minion_card for f in s.figures.values()
                                      if f.minion_card])
    assert all(n == 1 for n in used.values())
    for t in s.rules.types.values():
        assert sum(1 for f in s.figures.values() if f.id in t.card_ids()) <= t.box
    # only one solid character per square, never on a wall or a closed door
    solid = [f.pos for f in s.figures.values() if f.pos >= 0 and not f.misted]
    assert len(solid) == len(set(solid))
    for f in s.figures.values():
        if f.pos >= 0:
            assert s.rules.board.open[f.pos]
        assert 0 <= f.facing < 4
    for seat in s.seats:
        assert 0 <= s.rp_spent[seat] <= max(s.reaction_points(seat), 0)
    assert 0 <= s.ap_left <= 9
    # every Action Card in exactly one place: a hand or the timeline
    cards = [c for h in s.hands.values() for c in h] + [c for _, _, c in s.timeline]
    assert len(cards) == len(set(cards))


@settings(max_examples=12, deadline=None)
@given(seed=st_.integers(0, 10_000), adventure=st_.sampled_from(ADVENTURES))
def test_random_play_keeps_the_invariants(seed: int, adventure: str) -> None:
    st = GAME.new_game(seed=seed, adventure=adventure, turn_limit=3)
    rng = random.Random(seed)
    steps = 0
    while not st.is_over and steps < 3000:
        seat = st.current_seats()[0]
        st.apply(seat, rng.choice(st.legal_actions(seat)))
        steps += 1
        if steps % 7 == 0:
            check_invariants(st)
    check_invariants(st)
