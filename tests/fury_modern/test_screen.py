"""gothic play fury_modern: the screens a person is shown, end to end, and what they never show.

A hunter's screen never holds Dracula's place (unless he is revealed), his face-down trail
and lair cards, the encounters on them, his hands, nor another hunter's cards; Dracula's
never holds the hunters' hands; nobody sees the other side's combat card before the
reveal. Every screen of these sessions is also drawn for states resampled for its seat
(Dracula's trail redrawn from the tracker's hypotheses, the hunters' cards redrawn for
Dracula) and must come out the same.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

import gothic_kernel as gk
from fury_modern.combat import Fight
from fury_modern.screen import ModernScreen
from gothic_kernel.cli import main
from gothic_kernel.play import screen_text
from gothic_kernel.testing.sessions import scripted_session

from .helpers import GAME, played

HUNTERS = ("godalming", "seward", "van_helsing", "mina")
#: Words only Dracula's own screen may hold.
DRACULAS_SECRETS = ("Behind your screen", "Encounters in hand:", "You are in", "(face down)",
                    "(face down,")


def bots_played(seed: int, until: Callable[[gk.GameState], bool] | None = None,
                steps: int = 10_000) -> gk.GameState:
    return played(seed, steps, bots=True, until=until)


def test_the_game_draws_its_own_screen() -> None:
    assert isinstance(GAME.text_screen(), ModernScreen)


def test_a_hunter_against_the_bots_never_sees_draculas_secrets() -> None:
    run = scripted_session(GAME, GAME.new_game(seed=4), ["seward"],
                           ["help", "map", "map rome", "log 5", *["1"] * 150],
                           resamples=1, max_steps=500)
    assert run.status == 0 and "Traceback" not in run.text
    screens = run.of("seward")
    assert len(screens) > 20
    for text in screens:
        for secret in DRACULAS_SECRETS:
            assert secret not in text, secret
        for line in text.splitlines():  # the other hunters' cards are counted, never named
            if line.strip().startswith(("Lord Godalming:", "Van Helsing:", "Mina Harker:")):
                assert "items:" not in line and "tickets:" not in line, line
    assert any("The public record leaves Dracula any of" in t for t in screens)
    assert "Dr. Seward (you): damage" in screens[-1] and "items: " in screens[-1]
    assert "Rome: a large city, a port, in the East" in run.text
    assert "railways: Florence (yellow), Naples (yellow)" in run.text
    assert "its hospital: Rome Hospital" in run.text


def test_dracula_sees_behind_his_screen_and_not_the_hunters_cards() -> None:
    run = scripted_session(GAME, GAME.new_game(seed=4), ["dracula"], ["1"] * 120,
                           resamples=1, max_steps=500)
    screens = run.of("dracula")
    assert screens
    assert all("Behind your screen" in t and "Encounters in hand:" in t for t in screens)
    assert any("You are in" in t for t in screens)
    for text in screens:
        assert "The public record leaves Dracula" not in text
        for line in text.splitlines():
            if line.strip().startswith(tuple(GAME.seat_name(h) + ":" for h in HUNTERS)):
                assert "items:" not in line and "events:" not in line, line


@pytest.mark.parametrize("viewer", [*HUNTERS, gk.PUBLIC])
def test_a_hunters_screen_is_the_same_wherever_dracula_hides(viewer: str) -> None:
    state = bots_played(5, steps=160)
    place = state.observation("dracula")["dracula"]["location"]
    twins = [state.resample(viewer, seed) for seed in range(1, 30)]
    elsewhere = [t for t in twins if t.observation("dracula")["dracula"]["location"] != place]
    assert elsewhere, "the public record pins Dracula down: pick another position"
    for twin in elsewhere[:3]:
        assert screen_text(twin, viewer) == screen_text(state, viewer)
        assert screen_text(twin, "dracula") != screen_text(state, "dracula")


def combat_for_two(state: gk.GameState) -> bool:
    return len(state.current_seats()) == 2 and "dracula" in state.current_seats()


def test_secret_combat_cards_are_asked_of_each_person_behind_the_hand_over() -> None:
    state = bots_played(1, until=combat_for_two)
    assert combat_for_two(state), "no combat in this game: pick another seed"
    hunter = next(s for s in state.current_seats() if s != "dracula")
    run = scripted_session(GAME, state, [hunter, "dracula"], ["", "1", "", "quit"],
                           resamples=2)
    assert f"Pass the keyboard to {GAME.seat_name('dracula')}, then press Enter." in run.text
    top = run.state.stack[-1]  # type: ignore[attr-defined]
    assert isinstance(top, Fight) and hunter in top.chosen
    theirs = run.of("dracula")[0]
    line = f"Chosen face down this round: {GAME.seat_name(hunter)}."
    assert line in theirs and "Your card this round" not in theirs
    assert GAME.text_screen().named(top.chosen[hunter]) not in line


def test_gothic_play_loads_a_saved_combat_in_hot_seat(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    state = bots_played(2, until=combat_for_two)
    saved = tmp_path / "combat.json"
    saved.write_text(state.to_json())
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n1\n\nquit\n"))
    assert main(["play", "--load", str(saved), "--seat", ",".join(state.current_seats())]) == 0
    out = capsys.readouterr().out
    assert out.count("Pass the keyboard to") == 2
    assert "choose your combat card, face down" in out or "choose a card with a banner" in out


def test_a_weakened_hunters_revealed_cards_show_on_every_screen() -> None:
    state = bots_played(3, until=lambda s: bool(s.observation(gk.PUBLIC)["hunters"]["mina"]
                                           ["revealed_item"]))
    shown = state.observation(gk.PUBLIC)["hunters"]["mina"]["revealed_item"]
    assert shown
    for viewer in (*HUNTERS, "dracula", gk.PUBLIC):
        text = " ".join(screen_text(state, viewer).split())
        assert "revealed: " + GAME.text_screen().named(shown) in text


def test_map_what_finds_a_figure_and_tells_a_hunter_no_more_of_dracula() -> None:
    """``map WHAT`` promised "the place or piece WHAT" but knew places only: ``map Mina``
    and ``map Dracula`` said "No place on the map is called ..." (trial s26 F3)."""
    state = played(11, 60)
    screen = GAME.text_screen()
    mina = state.observation("seward")["hunters"]["mina"]["location"]
    shown = screen.map(state.observation("seward"), "seward", "mina")
    assert shown[0] == f"  Mina Harker is in {screen.named(mina)}."
    secret = screen.map(state.observation("dracula"), "dracula", "Dracula")
    assert secret[0].startswith("  Dracula is in ")
    seen = screen.map(state.observation("seward"), "seward", "dracula")
    assert "Dracula is in" not in "\n".join(seen)
    for k in range(3):
        twin = state.resample("seward", k + 1)
        assert screen.map(twin.observation("seward"), "seward", "dracula") == seen
