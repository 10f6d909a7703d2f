"""gothic play fury1987: the screens a person is shown, end to end, and what they never show.

A Hunter's screen never holds Dracula's place, trail, Encounter Set, chart, Blood
Points or Event Cards; Dracula's never holds the Weapon Chits and Event Cards the
Hunters show only each other; neither holds the other side's secret combat chit
before the reveal. Every screen of these sessions is also drawn for states
resampled for its seat (Dracula's trail redrawn from the Hunters' clues, the
Hunters' chits and cards redrawn for Dracula) and must come out the same.
"""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path

import pytest

import gothic_kernel as gk
from gothic_kernel.cli import main
from gothic_kernel.play import screen_text
from gothic_kernel.testing.sessions import scripted_session

GAME = gk.load_game("fury1987")
HUNTERS = ("godalming", "seward", "van_helsing")
#: Words only Dracula's own screen may hold.
DRACULAS_SECRETS = ("Behind your screen", "Encounter Set:", "Blood Points:", "You are in",
                    "Your trail", "Strategy & Movement Chart", "the Local Rumours name")


def played(seed: int, until: object = None, steps: int = 10_000) -> gk.GameState:
    """A game the bots played ``steps`` actions of, or until ``until(state)`` holds."""
    state = GAME.new_game(seed=seed)
    bots = GAME.default_agents(state, seed)
    for _ in range(steps):
        if callable(until) and until(state):
            break
        seat = state.current_seats()[0]
        state.apply(seat, bots[seat].choose(seat, state.observation(seat),
                                            state.legal_actions(seat)))
    return state


def test_a_hunter_against_the_bots_never_sees_draculas_secrets() -> None:
    run = scripted_session(GAME, GAME.new_game(seed=4), ["seward"],
                           ["help", "map", "map paris", "log 5", *["1"] * 400],
                           resamples=1, max_steps=600)
    assert run.status == 0 and "Traceback" not in run.text
    screens = run.of("seward")
    assert len(screens) > 20
    for text in screens:
        for secret in DRACULAS_SECRETS:
            assert secret not in text, secret
    assert any("The Hunters' clues leave Dracula any of" in t for t in screens)
    assert "The Hunters (their chits and cards shown among them)" in screens[-1]
    assert "Dr Seward (you): wounds" in screens[-1]
    assert "Weapon Chits: " in screens[-1] and "Event Cards: " in screens[-1]
    assert "Paris: a large Town" in run.text and "railways: Bordeaux" in run.text


def test_dracula_sees_behind_his_screen_and_not_the_hunters_chits() -> None:
    run = scripted_session(GAME, GAME.new_game(seed=4), ["dracula"], ["1"] * 300,
                           resamples=1, max_steps=600)
    screens = run.of("dracula")
    assert screens
    assert all("Behind your screen" in t and "Encounter Set:" in t for t in screens)
    assert any("You are in" in t for t in screens)
    for text in screens:
        assert "shown among them" not in text
        for line in text.splitlines():  # the Hunters' lines count their chits and cards
            if line.strip().startswith(("Lord Godalming:", "Dr Seward:", "Van Helsing:")):
                assert "Weapon Chits:" not in line and "Event Cards:" not in line, line
        assert "The Hunters' clues" not in text
    assert "Played for you, as your only choice: play no Event Card" in run.text


def test_hunters_screens_are_the_same_wherever_dracula_hides() -> None:
    state = played(6, steps=120)
    place = state.observation("dracula")["behind_the_screen"]["location"]
    twins = [state.resample("seward", seed) for seed in range(1, 30)]
    elsewhere = [t for t in twins
                 if t.observation("dracula")["behind_the_screen"]["location"] != place]
    assert elsewhere, "the Hunters' clues pin Dracula down: pick another position"
    for twin in elsewhere[:4]:
        for hunter in HUNTERS:
            assert screen_text(twin, hunter) == screen_text(state, hunter)
        assert screen_text(twin, "dracula") != screen_text(state, "dracula")
    assert screen_text(state, gk.PUBLIC) == screen_text(elsewhere[0], gk.PUBLIC)


def fight_for_two(state: gk.GameState) -> bool:
    return len(state.current_seats()) == 2


def test_secret_combat_chits_are_asked_of_each_person_behind_the_hand_over() -> None:
    state = played(2, until=fight_for_two)
    dracula, hunter = state.current_seats()
    assert dracula == "dracula"
    run = scripted_session(GAME, state, [dracula, hunter], ["", "1", "", "quit"],
                           resamples=2)
    assert f"Pass the keyboard to {GAME.seat_name(hunter)}, then press Enter." in run.text
    menu = run.of(dracula)[0].split("Your choices:")[1]
    found = re.search(r"\b1 ([A-Z][\w ()-]*?) chit(?: for (Agent \d))?", menu)
    assert found is not None, menu
    chit, fighter = found.group(1), found.group(2) or "Dracula"
    theirs = run.of(hunter)[0]
    chosen = theirs.split("Chits chosen this round:")[1].split("\n")[0]
    assert f"{fighter}: in secret" in chosen
    assert chit not in chosen


def test_gothic_play_loads_a_saved_fight_in_hot_seat(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    state = played(2, until=fight_for_two)
    saved = tmp_path / "fight.json"
    saved.write_text(state.to_json())
    seats = ",".join(state.current_seats())
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n1\n\nquit\n"))
    assert main(["play", "--load", str(saved), "--seat", seats]) == 0
    out = capsys.readouterr().out
    assert out.count("Pass the keyboard to") == 2
    assert "choose your combat chit" in out or "combat chit for round" in out


def test_a_game_record_from_gothic_demo_goes_on_where_it_stopped(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "demo.json"
    assert main(["demo", "fury1987", "--seed", "3", "--max-steps", "60", "--save",
                 str(record)]) == 0
    capsys.readouterr()
    assert json.loads(record.read_text())["outcome"] is None
    monkeypatch.setattr(sys, "stdin", io.StringIO("\nquit\n"))
    assert main(["play", "fury1987", "--load", str(record), "--seat", "all"]) == 0
    out = capsys.readouterr().out
    assert "Pass the keyboard to" in out and "| turn " in out


def test_a_town_found_empty_cannot_be_taken_back() -> None:
    state = played(5, until=lambda s: s.current_seats() == ("seward",)
                   and "Movement Phase move" in s.prompt("seward"))
    run = scripted_session(GAME, state, ["seward"], ["1", "undo", "quit"])
    assert "cannot be taken back: more came of it than the choice itself" in run.text \
        or "cannot be taken back: it called on chance" in run.text
    assert "Taken back" not in run.text


def test_the_heading_names_the_phase_being_played() -> None:
    state = gk.load_game("fury1987").new_game(seed=5)
    assert "| Starting the Game ==" in screen_text(state, "godalming")
    assert "Dracula's turn" not in screen_text(state, "godalming")
    while state.observation("dracula")["waiting_for"]["kind"] == "choose_start":
        seat = state.current_seats()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    assert "turn 1, Dracula's Movement Phase" in screen_text(state, "dracula")


def test_map_what_finds_a_figure_and_tells_a_hunter_no_more_of_dracula() -> None:
    """``map WHAT`` promised "the place or piece WHAT" but knew places only (trial s26 F3):
    a Hunter's name shows where he stands; Dracula's shows his place to Dracula, and to a
    Hunter only what his clues leave (the same for every state resampled for him)."""
    state = played(11, steps=60)
    screen = GAME.text_screen()
    van = state.observation("seward")["hunters"]["van_helsing"]["location"]
    shown = screen.map(state.observation("seward"), "seward", "van")
    assert shown[0] == f"  Van Helsing is in {screen.named(van)}."
    secret = screen.map(state.observation("dracula"), "dracula", "Dracula")
    assert secret[0].startswith("  Dracula is in ")
    seen = screen.map(state.observation("seward"), "seward", "dracula")
    assert "Dracula is in" not in "\n".join(seen) and "clues leave Dracula" in seen[0]
    for k in range(3):
        twin = state.resample("seward", k + 1)
        assert screen.map(twin.observation("seward"), "seward", "dracula") == seen
    assert screen.map(state.observation("seward"), "seward", "zzz") == [
        "No place on the map is called 'zzz'."]
