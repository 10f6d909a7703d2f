"""The Dracula phase: moves, power cards, the slide, maturing; and the game's end mid-step."""

from __future__ import annotations

import random

from fury_modern import DRACULA, FuryModernGame
from fury_modern.actions import PASS, Mature, MoveTo
from fury_modern.dracula import DraculaPhase
from fury_modern.round import HunterTurns
from fury_modern.state import Hideout, ModernState
from gothic_kernel import PUBLIC

from .helpers import started, trail_of

GAME = FuryModernGame()


def _to_dracula_phase(state: ModernState) -> None:
    """Every hunter passes until Dracula's phase is on top."""
    for _ in range(200):
        if isinstance(state.stack[-1], DraculaPhase):
            return
        seat = state.current_seats()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, PASS if PASS in legal else legal[0])
    raise AssertionError("never reached the Dracula phase")


def random_play(seed: int) -> ModernState:
    state = GAME.new_game(seed=seed)
    assert isinstance(state, ModernState)
    rng = random.Random(seed)
    while not state.is_over:
        seat = rng.choice(state.current_seats())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


# -- the game may end in the middle of a step ----------------------------------------------

def test_cornered_dracula_killed_by_the_damage_ends_the_game_cleanly() -> None:
    """Nowhere to go and 5 damage from being cornered kill him: the hunters win, and the
    step that cornered him touches no decision after the end."""
    state = started(dracula="berlin", hunters=("paris", "madrid", "rome", "london"))
    _to_dracula_phase(state)
    state.dracula.damage = 10
    state.dracula.must_leave = True  # no power card that keeps him where he is
    state.tokens.hosts = list(state.board.dracula_moves("berlin"))
    state.invalidate()
    state.apply(*_any_hunter_action(state))  # settle runs the cornered step
    assert state.is_over
    assert state.outcome is not None and state.outcome.winners == tuple(
        s for s in state.seats if s != "dracula")
    assert state.stack == []


def _any_hunter_action(state: ModernState) -> tuple[str, object]:
    """Re-enter the Dracula phase through a real action: undo the phase, let the last
    hunter's night action lead into it."""
    state.stack[-1:] = [DraculaPhase(), HunterTurns(night=True, index=3)]
    state.invalidate()
    seat = state.current_seats()[0]
    return seat, PASS


def test_random_games_that_end_mid_step_do_not_crash() -> None:
    """Seeds that ended in a cornered Dracula's death (and crashed) now finish."""
    for seed in (402,):
        assert random_play(seed).is_over


def test_nothing_is_left_waiting_after_the_end() -> None:
    """A matured vampire's influence wins the game while other matured effects of the same
    hideout (a Saboteur's roadblock, a Spy, a Hoax's hand limit) or a Szgany Mob's next
    victim are still to come: none of them is asked after the end."""
    for seed in (31, 52, 354, 431, 2686):
        state = random_play(seed)
        assert state.is_over and state.stack == [], (seed, state.stack)


# -- power cards ---------------------------------------------------------------------------

def _dracula_options(state: ModernState) -> list[MoveTo]:
    _to_dracula_phase(state)
    assert state.night and state.current_seats() == (DRACULA,)
    return [a for a in state.legal_actions(DRACULA) if isinstance(a, MoveTo)]


def test_wolf_form_beside_the_card_on_the_trail_is_in_use() -> None:
    """Wolf Form lies beside the location card it brought him to: it is not in his deck,
    so he cannot play it again while that card is on the trail (powers.toml)."""
    state = started(dracula="berlin", hunters=("paris", "madrid", "rome", "london"))
    state.trail = [Hideout("leipzig", power="wolf_form"), Hideout("berlin")]
    state.invalidate()
    options = _dracula_options(state)
    assert not any(m.power == "wolf_form" for m in options)
    assert any(m.power == "" for m in options)


def test_wolf_form_beside_a_hideout_turned_lair_goes_back_to_his_deck() -> None:
    """Powers: "a power card that slides off the trail ... goes back to the location deck"
    (powers.toml [powers], [FAQ]): Wolf Form beside the card on trail space 6 slides off
    with it when that hideout becomes a lair; the lair keeps the location card alone, and
    Wolf Form may be played again."""
    from fury_modern.actions import Mature, PlaceEncounter

    state = started(dracula="berlin", hunters=("madrid", "rome", "vienna", "london"))
    _six(state, Hideout("paris", power="wolf_form"))
    assert not any(m.power == "wolf_form" for m in _dracula_options(state))
    state.apply(DRACULA, MoveTo("leipzig"))
    state.apply(DRACULA, Mature(lair=True, effects=False))
    state.apply(DRACULA, state.legal_actions(DRACULA)[0])  # the lair's extra encounter
    assert [(h.card, h.power) for h in state.lairs] == [("paris", "")]
    while state.stack[-1].KIND != "hunter_turns" and state.current_seats() == (DRACULA,):
        legal = state.legal_actions(DRACULA)
        state.apply(DRACULA, next((a for a in legal if isinstance(a, PlaceEncounter)),
                                  legal[0]))
    assert any(m.power == "wolf_form" for m in _dracula_options(state))


def test_wolf_form_into_a_lairs_city_lies_beside_the_lair_moved_up() -> None:
    """Wolf Form brings him into a lair's city: the lair moves up to trail space 1 (no new
    location card) and Wolf Form lies beside it, out of his deck while it is there."""
    state = started(dracula="berlin", hunters=("madrid", "rome", "vienna", "london"))
    state.trail = [Hideout("berlin")]
    state.lairs = [Hideout("leipzig")]
    state.lairs[0].add_encounter(state.encounter_deck.draw_top(state.dice))
    state.invalidate()
    assert MoveTo("leipzig", "wolf_form") in _dracula_options(state)
    state.apply(DRACULA, MoveTo("leipzig", "wolf_form"))
    while state.current_seats() == (DRACULA,) and state.stack[-1].KIND == "dracula_phase":
        state.apply(DRACULA, state.legal_actions(DRACULA)[0])
    assert [(h.card, h.power) for h in state.trail] == [("leipzig", "wolf_form"),
                                                        ("berlin", "")]
    assert state.lairs == [] and state.dracula.damage == 1
    assert not any(m.power == "wolf_form" for m in _dracula_options(state))


def test_wolf_form_is_playable_when_it_is_in_his_deck() -> None:
    state = started(dracula="berlin", hunters=("paris", "madrid", "rome", "london"))
    assert any(m.power == "wolf_form" for m in _dracula_options(state))


# -- the slide, maturing, Misdirect ----------------------------------------------------------

SIX = ("berlin", "hamburg", "cologne", "amsterdam", "brussels", "paris")


def _six(state: ModernState, sixth: Hideout | None = None) -> None:
    """Six hideouts on the trail, Berlin on space 1; ``sixth`` replaces Paris on space 6."""
    state.trail = [Hideout(p) for p in SIX]
    if sixth is not None:
        state.trail[5] = sixth
    for hideout in state.trail:
        for encounter in hideout.encounters:
            state.encounter_deck.cards.remove(encounter)
    state.invalidate()


def _vampire_on_six(state: ModernState) -> None:
    sixth = Hideout("paris")
    sixth.add_encounter("new_vampire")
    _six(state, sixth)


def _cleared(state: ModernState) -> list[str]:
    return [e["text"] for e in state.log(DRACULA) if e["kind"] == "hideout_cleared"]


def test_a_vampire_maturing_clears_trail_spaces_four_to_six_as_they_lie_after_the_slide() -> None:
    """The trail slides before the sixth hideout matures: spaces 2 to 6 hold what spaces 1
    to 5 held, and space 1 waits for the new card. The New Vampire clears the hideouts then
    on spaces 4, 5 and 6 (Cologne, Amsterdam, Brussels), and the log names those spaces."""
    state = started(dracula="berlin", hunters=("madrid", "rome", "vienna", "london"))
    _vampire_on_six(state)
    _to_dracula_phase(state)
    state.apply(DRACULA, MoveTo("leipzig"))
    assert state.current_seats() == (DRACULA,)  # the hideout sliding off: mature it?
    assert state.first_space == 2
    state.apply(DRACULA, Mature(effects=True))
    assert _cleared(state) == ["Trail space 6 (Brussels) is cleared (the New Vampire matured).",
                               "Trail space 5 (Amsterdam) is cleared (the New Vampire "
                               "matured).",
                               "Trail space 4 (Cologne) is cleared (the New Vampire matured)."]
    while DRACULA in state.current_seats():
        state.apply(DRACULA, state.legal_actions(DRACULA)[0])
    assert [h.card for h in state.trail] == ["leipzig", "berlin", "hamburg"]
    assert state.first_space == 1 and state.influence == 3


def test_misdirect_clears_and_takes_its_space_as_he_plays_it_before_the_slide() -> None:
    """powers.toml: Misdirect clears a hideout, takes its space, then he places his card on
    trail space 1 as a normal move. The clear comes when he plays it, before the slide, so
    a vampire maturing in the slide finds Misdirect already in place (and may clear it)."""
    state = started(dracula="berlin", hunters=("madrid", "rome", "vienna", "london"))
    _vampire_on_six(state)
    _to_dracula_phase(state)
    state.apply(DRACULA, MoveTo("leipzig", "misdirect", 5))
    assert _cleared(state) == ["Trail space 5 (Brussels) is cleared (Misdirect)."]
    assert [h.card for h in state.trail] == ["berlin", "hamburg", "cologne", "amsterdam",
                                             "misdirect"]
    state.apply(DRACULA, Mature(effects=True))  # the New Vampire clears spaces 4 to 6
    assert _cleared(state)[1:] == [
        "Trail space 6 (Misdirect) is cleared (the New Vampire matured).",
        "Trail space 5 (Amsterdam) is cleared (the New Vampire matured).",
        "Trail space 4 (Cologne) is cleared (the New Vampire matured)."]
    while DRACULA in state.current_seats():
        state.apply(DRACULA, state.legal_actions(DRACULA)[0])
    assert [h.card for h in state.trail] == ["leipzig", "berlin", "hamburg"]


def test_misdirect_may_not_clear_the_hideout_linked_to_hide() -> None:
    """powers.toml (the walkthrough in [FFGF] 193167): Misdirect clears a hideout "not his
    current location, not Castle Dracula, not one holding a power card or linked to Hide".
    He hid in Hamburg (Hide on trail space 2, Hamburg's card behind it) and then went on
    to Berlin: Hamburg's hideout stays linked to Hide."""
    state = started(dracula="berlin", hunters=("madrid", "rome", "vienna", "london"))
    trail_of(state, "berlin", "hide", "hamburg", "cologne", "amsterdam")
    _to_dracula_phase(state)
    spaces = {a.space for a in state.legal_actions(DRACULA)  # type: ignore[attr-defined]
              if isinstance(a, MoveTo) and a.power == "misdirect"}
    assert spaces == {4, 5}


def test_misdirect_on_a_short_trail() -> None:
    state = started(dracula="berlin", hunters=("madrid", "rome", "vienna", "london"))
    state.trail = [Hideout("berlin"), Hideout("hamburg"), Hideout("cologne")]
    state.invalidate()
    _to_dracula_phase(state)
    state.apply(DRACULA, MoveTo("leipzig", "misdirect", 2))
    while DRACULA in state.current_seats():
        state.apply(DRACULA, state.legal_actions(DRACULA)[0])
    assert [h.card for h in state.trail] == ["leipzig", "berlin", "misdirect", "cologne"]


def test_misdirect_is_a_normal_move_sea_to_sea_costs_one() -> None:
    state = started(dracula="berlin", hunters=("madrid", "rome", "vienna", "london"))
    state.trail = [Hideout("north_sea"), Hideout("hamburg"), Hideout("cologne")]
    state.invalidate()
    _to_dracula_phase(state)
    assert MoveTo("english_channel", "misdirect", 2) in state.legal_actions(DRACULA)
    state.apply(DRACULA, MoveTo("english_channel", "misdirect", 2))
    assert state.dracula.damage == 1


def test_dracula_is_asked_about_the_card_sliding_off_even_a_power_card() -> None:
    """Whether he is asked must not tell the table what the card is: a power card sliding
    off asks him too, its one option is to go back to the deck, and the table reads the
    same words as for a location card he lets go."""
    texts = []
    for sixth in (Hideout("hide"), Hideout("paris")):
        state = started(dracula="berlin", hunters=("madrid", "rome", "vienna", "london"))
        _six(state, sixth)
        _to_dracula_phase(state)
        state.apply(DRACULA, MoveTo("leipzig"))
        assert state.current_seats() == (DRACULA,)
        assert state.stack[-1].view(state, PUBLIC) == {"kind": "maturing"}
        if sixth.card == "hide":
            assert state.legal_actions(DRACULA) == [Mature(effects=False)]
        state.apply(DRACULA, Mature(effects=False))
        texts.append([e["text"] for e in state.log(PUBLIC) if e["kind"] == "matured"])
    assert texts[0] == texts[1] == [
        "The hideout leaving the trail (a face-down card) matures: the card goes back to "
        "Dracula's location deck."]


def test_a_hideout_turned_lair_keeps_its_face_up_vampire_and_its_damage() -> None:
    """A New Vampire that survived a fight went back face up with 2 damage; its hideout,
    pushed off the trail, becomes a lair: the vampire stays face up, its damage with it."""
    state = started(dracula="berlin", hunters=("madrid", "rome", "vienna", "london"))
    sixth = Hideout("paris", revealed=True)
    sixth.add_encounter("new_vampire", shown=True, wounds=2)
    _six(state, sixth)
    _to_dracula_phase(state)
    state.apply(DRACULA, MoveTo("leipzig"))
    state.apply(DRACULA, Mature(lair=True, effects=False))
    lair = state.lairs[0]
    assert (lair.card, lair.encounters[0], lair.shown[0], lair.wounds[0]) == (
        "paris", "new_vampire", True, 2)


def test_dark_call_he_stays_draws_five_encounters_and_discards_down_to_five() -> None:
    """Dark Call (powers.toml; its draw of five is authored): 2 damage, no encounter placed."""
    from fury_modern.actions import Discard

    state = started(dracula="berlin", hunters=("madrid", "rome", "vienna", "london"))
    _to_dracula_phase(state)
    state.apply(DRACULA, MoveTo("berlin", "dark_call"))
    assert state.dracula.damage == 2 and len(state.dracula.encounters) == 10
    assert state.current_seats() == (DRACULA,)
    for _ in range(5):
        state.apply(DRACULA, state.legal_actions(DRACULA)[0])
        assert all(isinstance(a, Discard) for a in state.legal_actions(DRACULA)) or \
            len(state.dracula.encounters) == 5
    assert len(state.dracula.encounters) == 5 and state.trail[0].card == "dark_call"
    assert state.trail[0].encounters == []
    assert any("Dark Call: Dracula draws 5 encounter cards" in e["text"]
               for e in state.log(PUBLIC))


# -- Lairs -------------------------------------------------------------------------------------

def _lair(city: str, encounter: str, state: ModernState) -> Hideout:
    lair = Hideout(city)
    lair.add_encounter(encounter)
    state.encounter_deck.cards.remove(encounter)
    return lair


def test_a_hideout_leaving_the_trail_may_become_a_lair_clearing_one_of_three() -> None:
    state = started(dracula="berlin", hunters=("madrid", "rome", "vienna", "london"))
    _six(state)
    state.lairs = [_lair(c, "rats", state) for c in ("lisbon", "cadiz")] + \
        [_lair("granada", "hoax", state)]
    _to_dracula_phase(state)
    state.apply(DRACULA, MoveTo("leipzig"))
    lairs = [a for a in state.legal_actions(DRACULA) if isinstance(a, Mature) and a.lair]
    assert lairs == [Mature(lair=True, effects=False, clear=i) for i in range(3)]
    state.apply(DRACULA, Mature(lair=True, effects=False, clear=0))
    state.apply(DRACULA, state.legal_actions(DRACULA)[0])  # the new lair's extra encounter
    assert [h.card for h in state.lairs] == ["cadiz", "granada", "paris"]
    assert len(state.lairs[-1].encounters) == 1


def test_dracula_moving_into_a_lairs_city_moves_the_lair_to_trail_space_one() -> None:
    state = started(dracula="berlin", hunters=("madrid", "rome", "vienna", "london"))
    state.lairs = [_lair("leipzig", "new_vampire", state)]
    state.invalidate()
    _to_dracula_phase(state)
    state.apply(DRACULA, MoveTo("leipzig"))
    while state.current_seats() == (DRACULA,) and isinstance(
            state.stack[-1], DraculaPhase):
        state.apply(DRACULA, state.legal_actions(DRACULA)[0])
    assert state.lairs == [] and state.trail[0].card == "leipzig"
    assert state.trail[0].encounters[0] == "new_vampire"
    assert "Dracula moves into one of his lairs: it moves to trail space 1." in [
        e["text"] for e in state.log(PUBLIC)]


def test_ruling_a_vampire_in_a_hideout_misdirect_clears_is_discarded_unmatured() -> None:
    """Misdirect clears a hideout, and a cleared hideout's encounters "are discarded" (the
    supplement's definition of clearing), not matured as a hideout leaving the trail in the
    Dracula phase may be (ruling in docs/fury_modern.md)."""
    state = started(dracula="berlin", hunters=("madrid", "rome", "vienna", "london"))
    third = Hideout("cologne")
    third.add_encounter("new_vampire")
    _six(state)
    state.trail[2] = third
    state.encounter_deck.cards.remove("new_vampire")
    state.invalidate()
    _to_dracula_phase(state)
    state.apply(DRACULA, MoveTo("leipzig", "misdirect", 3))
    assert _cleared(state) == ["Trail space 3 (Cologne) is cleared (Misdirect)."]
    assert "new_vampire" in state.encounter_deck.discards
    assert state.influence == 0
