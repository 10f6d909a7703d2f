"""Hunter events played as an action or when drawn, each through ``apply``: Vampire Lair and
Behind the Veil (its effect, when it is offered, and what each seat sees of it)."""

from __future__ import annotations

from collections import Counter

from fury_modern.actions import NO_CARD, PASS, SUPPLY, Discard, PlayCard
from fury_modern.cards import CardStep
from fury_modern.invariants import problems_of
from fury_modern.resample import draw, veiled
from fury_modern.rules import DRACULA
from fury_modern.state import ModernState
from fury_modern.tracker import tracker_of
from gothic_kernel import PUBLIC, Dice

from .helpers import act, public_texts, started
from .test_cards import _give, _texts, _to_night_turns, _top_event

# -- Vampire Lair ---------------------------------------------------------------------------------

def test_vampire_lair_spends_a_stake_delays_the_hunter_and_sets_influence_back_two() -> None:
    state = started()
    state.influence = 5
    _give(state, "godalming", "vampire_lair", "stake")
    assert PlayCard("vampire_lair") in state.legal_actions("godalming")
    act(state, "godalming", PlayCard("vampire_lair"))
    hunter = state.hunters["godalming"]
    assert state.influence == 3 and hunter.delayed and "stake" not in hunter.items
    assert "stake" in state.item_deck.discards and "vampire_lair" in state.event_deck.discards
    assert "Vampire Lair: the influence track goes back to 3." in public_texts(state)
    assert state.current_seats() == ("seward",)  # it was his action
    assert problems_of(state) == []


def test_vampire_lair_is_not_offered_without_a_stake_or_at_night() -> None:
    state = started()
    _give(state, "godalming", "vampire_lair")
    assert PlayCard("vampire_lair") not in state.legal_actions("godalming")
    _give(state, "godalming", "stake")
    act(state, "godalming", PASS)
    _to_night_turns(state)
    assert state.current_seats() == ("godalming",)  # his night action
    assert PlayCard("vampire_lair") not in state.legal_actions("godalming")


# -- Behind the Veil ------------------------------------------------------------------------------

def _veil() -> ModernState:
    """Lord Godalming supplies and draws Behind the Veil; Dracula holds Roadblock."""
    state = started()
    _give(state, "dracula", "roadblock")
    _top_event(state, "behind_the_veil")
    act(state, "godalming", SUPPLY)
    return state


def _draws(state: ModernState, viewer: str, count: int = 12) -> list[ModernState]:
    tracker = tracker_of(state)
    return [t for seed in range(count)
            if (t := draw(state, viewer, seed, Dice(seed), tracker)) is not None]


def test_behind_the_veil_is_played_when_drawn_shows_draculas_hand_and_discards_an_encounter() -> (
        None):
    state = _veil()
    hand = sorted(state.dracula.encounters)
    names = ", ".join(state.name(e) for e in hand)
    shown = (f"Dracula shows Lord Godalming his event cards (Roadblock) and his encounters "
             f"({names}).")
    assert shown in _texts(state, "godalming") and shown in _texts(state, "seward")
    assert shown not in _texts(state, "dracula") and "Roadblock" not in " ".join(
        public_texts(state))
    assert "Dracula shows Lord Godalming his event cards and his encounters." in \
        public_texts(state)
    assert state.legal_actions("godalming") == [Discard(e) for e in sorted(set(hand))]
    card = hand[0]
    assert state.describe_action("godalming", Discard(card)) == f"discard {state.name(card)}"
    act(state, "godalming", Discard(card))
    assert sorted(state.dracula.encounters) == hand[1:]
    assert state.encounter_deck.discards[-1] == card
    assert f"Lord Godalming discards Dracula's {state.name(card)} (Behind the Veil)." in \
        public_texts(state)
    assert problems_of(state) == []


def test_behind_the_veil_resampling_keeps_what_the_hunters_were_shown() -> None:
    state = _veil()
    want = state.legal_actions("godalming")
    for twin in _draws(state, "godalming"):  # the choice waits: the same encounters offered
        assert twin.legal_actions("godalming") == want
        assert twin.dracula.events == state.dracula.events
    act(state, "godalming", want[0])
    for viewer in ("godalming", "seward"):
        for twin in _draws(state, viewer):
            assert sorted(twin.dracula.encounters) == sorted(state.dracula.encounters)
            assert twin.dracula.events == state.dracula.events
            assert problems_of(twin) == []
    public = {tuple(sorted(t.dracula.encounters)) for t in _draws(state, PUBLIC)}
    assert len(public) > 1  # the table at large was shown nothing


def test_what_behind_the_veil_showed_is_forgotten_once_dracula_moves() -> None:
    state = _veil()
    act(state, "godalming", state.legal_actions("godalming")[0])
    assert veiled(state, "seward") != (Counter(), Counter())
    while DRACULA not in state.current_seats():
        seat = state.current_seats()[0]
        legal = state.legal_actions(seat)
        act(state, seat, PASS if PASS in legal else NO_CARD if NO_CARD in legal else legal[0])
    act(state, DRACULA, state.legal_actions(DRACULA)[0])
    assert veiled(state, "seward") == (Counter(), Counter())


def test_behind_the_veil_against_an_empty_encounter_hand_asks_nothing() -> None:
    state = started()
    state.encounter_deck.cards += state.dracula.encounters
    state.dracula.encounters = []
    _top_event(state, "behind_the_veil")
    act(state, "godalming", SUPPLY)
    assert "behind_the_veil" in state.event_deck.discards
    assert not isinstance(state.stack[-1], CardStep)
