"""Tests added for the survivors of the mutation run of seed 27 (docs/fury1987.md, "Mutation
testing"), each named after what it checks."""

from __future__ import annotations

from fury1987.actions import ATTACK_DRACULA, KEEP_GARLIC, STAY_PUT, MoveTo
from fury1987.events import find
from fury1987.pending import Combat
from fury1987.tracker import tracker_of
from gothic_kernel import PUBLIC, Dice

from .event_helpers import give, pass_windows, play
from .helpers import act, dracula_turn, started
from .history_oracle import problems
from .test_tracker import random_game


def test_a_quick_backward_walk_draws_one_state_a_move_and_a_history_the_record_allows(
        ) -> None:
    """The hidden-information sampler's quick walk (``Tracker.sample_history``, which
    ``resample`` tries first): back from a present hypothesis, one state before each
    of Dracula's moves back to the start, every step allowed by the public record."""
    walked = 0
    for seed in range(5):
        state = random_game(seed, 400)
        if state.is_over:
            continue
        tracker = tracker_of(state)
        obligations = [(o.town, o.start, o.end) for o in tracker.obligations]
        dice = Dice(seed)
        found: list[str] | None = None
        for _ in range(20):  # "most drawn histories place them all; the caller checks"
            moves, states = tracker.sample_history(state.clues, dice.index, obligations)
            if states:
                assert moves == [k for k, _ in tracker.checkpoints]
                assert len(states) == len(moves) + 1
                found = problems(state, moves, states)
                if not found:
                    break
        assert found == [], f"seed {seed}: no walk of 20 fits the record: {found}"
        walked += 1
    assert walked >= 3


def test_escape_route_from_a_hunters_own_attack_leaves_draculas_piece_on_the_map() -> None:
    """Escape Route: "If using this card to avoid Dracula, the Count also remains in
    Town"; a Hunter who met him and attacked found him there, so his piece stays on the
    map (Meeting Dracula) until his next Movement Phase."""
    state = started(godalming="paris", dracula="brussels", seward="madrid",
                    van_helsing="london")
    give(state, "godalming", "escape_route")
    dracula_turn(state, STAY_PUT)
    act(state, "godalming", MoveTo("brussels"))
    act(state, "godalming", ATTACK_DRACULA)
    act(state, "godalming", KEEP_GARLIC)
    assert find(state, Combat) is not None
    play(state, "godalming", "escape_route")
    pass_windows(state)
    assert find(state, Combat) is None
    assert state.dracula.location == "brussels"
    assert state.observation(PUBLIC)["dracula"]["shown_at"] == "brussels"
