"""What a seat is asked or offered tells it nothing it may not know.

A hunter's legal actions, and whether Dracula is asked, must be the same in every state the
table cannot tell from the real one: the states resampled for that viewer. Each test builds
a position where the engine used to leak, then draws many resamples one by one (no
retrying: ``resample.draw``) and compares what the viewer is offered.
"""

from __future__ import annotations

import random

from fury_modern import DRACULA, FuryModernGame
from fury_modern.actions import PASS, SEARCH, Mature, MoveTo
from fury_modern.dracula import Maturing
from fury_modern.encounters import Searching
from fury_modern.resample import _surface, draw
from fury_modern.state import Hideout, ModernState
from fury_modern.tracker import tracker_of
from gothic_kernel import PUBLIC, Dice

from .helpers import started

GAME = FuryModernGame()


def _draws(state: ModernState, viewer: str, count: int = 40) -> list[ModernState]:
    tracker = tracker_of(state)
    found = []
    for seed in range(count):
        twin = draw(state, viewer, seed, Dice(seed), tracker)
        if twin is not None:
            found.append(twin)
    return found


def _pass_until_seat(state: ModernState, seat: str) -> None:
    for _ in range(200):
        if seat in state.current_seats():
            return
        who = state.current_seats()[0]
        legal = state.legal_actions(who)
        state.apply(who, PASS if PASS in legal else legal[0])
    raise AssertionError(f"{seat} never asked")


# -- Search ----------------------------------------------------------------------------------

def _dracula_goes(state: ModernState, path: list[str], matures: list[Mature]) -> None:
    """The hunters pass; Dracula moves along ``path`` (placing the first encounter he may),
    answering each maturing with the next of ``matures``."""
    for place in path:
        _pass_until_seat(state, DRACULA)
        state.apply(DRACULA, MoveTo(place))
        while DRACULA in state.current_seats():
            legal = state.legal_actions(DRACULA)
            state.apply(DRACULA, matures.pop(0) if isinstance(legal[0], Mature) else legal[0])


def _lair_in_a_hunters_city() -> ModernState:
    """Lord Godalming stays in Paris. Dracula moves in (no encounter: a hunter's city; his
    card stays face down), moves on, and the Paris hideout, pushed off the trail, becomes
    a lair with an encounter: a face-down hideout with an encounter in Godalming's city."""
    state = started(dracula="brussels", hunters=("paris", "madrid", "rome", "london"))
    _dracula_goes(state, ["paris", "nantes", "bordeaux", "toulouse", "marseilles", "geneva",
                          "zurich"], [Mature(effects=False), Mature(lair=True, effects=False)])
    lair = state.lairs[0]
    assert lair.card == "paris" and lair.encounters and not lair.revealed
    _pass_until_seat(state, "godalming")
    return state


def test_search_is_not_offered_where_the_hideout_card_lies_face_down() -> None:
    """Search Action: "When a hunter is on a location with an encounter card": he may search
    only where he knows encounters lie, a hideout whose location card is face up."""
    state = _lair_in_a_hunters_city()
    assert SEARCH not in state.legal_actions("godalming")


def test_a_hunters_legal_actions_are_the_same_in_every_state_resampled_for_him() -> None:
    state = _lair_in_a_hunters_city()
    want = state.legal_actions("godalming")
    twins = _draws(state, "godalming")
    assert len({tuple(h.card for h in t.trail) for t in twins}) > 1  # the trail does vary
    for twin in twins:
        assert twin.legal_actions("godalming") == want


def test_search_is_offered_once_the_card_is_face_up() -> None:
    state = started(dracula="berlin", hunters=("brussels", "madrid", "rome", "vienna"))
    state.trail = [Hideout("berlin"), Hideout("brussels", revealed=True)]
    state.trail[1].add_encounter("rats")
    state.encounter_deck.cards.remove("rats")
    state.invalidate()
    assert SEARCH in state.legal_actions("godalming")


def test_random_play_every_draw_shows_a_hunter_the_same_surface() -> None:
    """In random games, at each hunter's turn, single draws (no retry) keep his surface."""
    checked = 0
    for seed in range(10):
        state = GAME.new_game(seed=seed)
        assert isinstance(state, ModernState)
        rng = random.Random(seed)
        step = 0
        while not state.is_over and step < 1500:
            seat = rng.choice(state.current_seats())
            if step % 9 == 0 and seat != DRACULA and state.trail:
                tracker = tracker_of(state)
                if tracker.exact:
                    want = _surface(state, seat)
                    for twin in _draws(state, seat, 3):
                        assert _surface(twin, seat) == want, (seed, step)
                        checked += 1
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            step += 1
    assert checked > 100


# -- what resampling redraws -----------------------------------------------------------------

def test_the_encounters_of_the_hideout_sliding_off_are_redrawn_for_a_hunter() -> None:
    """While Dracula decides about the hideout sliding off, its face-down encounters are as
    secret as the card: a state resampled for a hunter draws them afresh."""
    state = started(dracula="brussels", hunters=("madrid", "rome", "london", "lisbon"))
    for place in ["paris", "nantes", "bordeaux", "toulouse", "marseilles", "geneva",
                  "zurich", "milan"]:
        _pass_until_seat(state, DRACULA)
        state.apply(DRACULA, MoveTo(place))
        top = state.stack[-1]
        if isinstance(top, Maturing) and top.encounters:
            break
        while DRACULA in state.current_seats():
            state.apply(DRACULA, state.legal_actions(DRACULA)[0])
    top = state.stack[-1]
    assert isinstance(top, Maturing) and top.encounters and not any(top.shown)
    drawn = set()
    for twin in _draws(state, "godalming", 30):
        record = twin.stack[-1]
        assert isinstance(record, Maturing) and len(record.encounters) == len(top.encounters)
        drawn.add(record.encounters)
        assert _surface(twin, "godalming") == _surface(state, "godalming")
    assert len(drawn) > 1


def test_the_encounters_a_search_has_still_to_turn_up_are_redrawn() -> None:
    """A search turns the hideout's encounters up one by one: while the first asks the hunter
    to choose, the others are still secret and a resample draws them afresh (the trail is
    set by hand here, so only the cards are redrawn)."""
    state = started(dracula="berlin", hunters=("brussels", "madrid", "rome", "vienna"))
    state.trail = [Hideout("berlin"), Hideout("brussels", revealed=True)]
    for encounter in ("rats", "hoax", "wolves"):
        state.trail[1].add_encounter(encounter)
        state.encounter_deck.cards.remove(encounter)
    state.invalidate()
    state.apply("godalming", SEARCH)
    below = state.stack[-2]
    assert isinstance(below, Searching) and [m.encounter for m in below.queue] == [
        "hoax", "wolves"]
    drawn = set()
    for seed in range(30):
        twin = draw(state, "seward", seed, Dice(seed), None)
        assert twin is not None
        record = twin.stack[-2]
        assert isinstance(record, Searching)
        drawn.add(tuple(m.encounter for m in record.queue))
    assert len(drawn) > 1


def test_labels_of_dracula_s_ambush_and_maturing_tell_a_viewer_nothing_hidden() -> None:
    """trial s27 G-q: describe_action(hunter or PUBLIC, Dracula's ambush) named the
    face-down encounter ("ambush with Bats"), and his maturing choices the encounters
    leaving the trail ("mature Aristocratic Vampire"). Every seat's listed actions,
    labelled for each viewer, read the same in the true state and in states resampled for
    that viewer; Dracula's own labels still name his cards."""
    from fury_modern.arrival import AmbushChoice
    from gothic_kernel import agent_choice
    from gothic_kernel.testing import every_listed, labels

    checked = named = 0
    for seed in (1, 2):
        state = GAME.new_game(seed=seed)
        agents = GAME.default_agents(state, seed)
        for step in range(310):
            top = state.stack[-1] if state.stack else None
            if isinstance(top, AmbushChoice | Maturing):
                checked += 1
                everyone = every_listed(state)
                for viewer in ("godalming", "mina", PUBLIC):
                    told = labels(state, viewer, everyone)
                    for k in range(3):
                        twin = state.resample(viewer, step * 10 + k)
                        assert labels(twin, viewer, everyone) == told, (seed, step, viewer)
                own = " ".join(labels(state, DRACULA, everyone))
                named += any(state.name(e) in own for e in _encounters_asked(state, top))
            seat = state.current_seats()[0]
            state.apply(seat, agent_choice(state, seat, agents[seat],
                                           state.legal_actions(seat)))
    assert checked >= 10 and named >= 4


def _encounters_asked(state: ModernState, top: object) -> list[str]:
    """The encounters the decision on top asks Dracula about."""
    from fury_modern.arrival import AmbushChoice
    from fury_modern.trail import hideout_in

    if isinstance(top, AmbushChoice):
        hideout = hideout_in(state, top.city)
        return list(hideout.encounters) if hideout else []
    assert isinstance(top, Maturing)
    return list(top.encounters) if top.picking else []
