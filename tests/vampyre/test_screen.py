"""gothic play vampyre: the screens a person is shown, end to end, and what they never show.

Everything on the table is public in Vampyre; what is hidden is every face-down
counter, and the counter a player looked at in secret (Strange Occurrence 10).
Every screen of these sessions is also drawn for states resampled for its seat
(the counters redrawn), and must come out the same.
"""

from __future__ import annotations

import io
import re
import sys

import pytest

import gothic_kernel as gk
from gothic_kernel.cli import main
from gothic_kernel.play import screen_text
from gothic_kernel.testing.sessions import first_choice, scripted_session

GAME = gk.load_game("vampyre")


def played(seed: int, steps: int, **options: object) -> gk.GameState:
    """A game the bots have played ``steps`` actions of."""
    state = GAME.new_game(seed=seed, **options)
    bots = GAME.default_agents(state, seed)
    for _ in range(steps):
        seat = state.current_seats()[0]
        state.apply(seat, bots[seat].choose(seat, state.observation(seat),
                                            state.legal_actions(seat)))
    return state


def test_a_whole_game_as_one_hunter_against_the_bots() -> None:
    run = scripted_session(GAME, GAME.new_game(seed=2), ["harker"],
                           ["help", "map", "nonsense", *["1"] * 200], resamples=2)
    assert run.status == 0
    assert run.state.is_over
    assert "The game is over." in run.text
    first = run.of("harker")[0]
    for part in ("Transylvania", "      00 01 02", "KL Klausenburg: no counters",
                 "You: 1 Jonathan Harker", "The other hunters", "2 Mina (Madam Mina Murray)",
                 "Since your last turn:", "Your choices:", "move to the clear hex at:"):
        assert part in first, part
    assert "Key: . clear  f forest" in run.text  # the map command
    assert "No choice starts with 'nonsense'" in run.text
    assert "Traceback" not in run.text


def test_hot_seat_every_hunter_with_hand_overs() -> None:
    state = GAME.new_game(seed=5, players=3)
    run = scripted_session(GAME, state, state.seats, first_choice(40), resamples=1)
    for seat in state.seats:
        name = GAME.seat_name(seat)
        assert f"Pass the keyboard to {name}, then press Enter." in run.text
        assert run.of(seat), seat


def test_a_secret_look_is_shown_to_the_looker_only() -> None:
    before = played(37, 7)
    seat = before.current_seats()[0]
    assert seat == "harker" and "look in secret" in before.prompt(seat)
    mine = scripted_session(GAME, before.clone(), ["harker"], ["1", *["1"] * 20], resamples=3,
                            max_steps=12)
    seen = [text for text in mine.of("harker")
            if "You looked at the top counter of Bistritz:" in text]
    assert seen, "the looker's screen does not show the counter it looked at"
    looked = re.search(r"top counter of Bistritz: ([^(\n]+?) \(the others", seen[0])
    assert looked is not None
    counter = looked.group(1)
    for other in ("mina", "van_helsing", "godalming"):
        theirs = scripted_session(GAME, before.clone(), [other], ["1"] * 20, resamples=3,
                                  max_steps=12, agents=GAME.default_agents(before, 37))
        assert "Harker looks at the top counter of" in theirs.text  # they hear of the look
        for text in theirs.of(other):
            assert "You looked at the top counter" not in text
            assert f"top counter of Bistritz: {counter}" not in text
            assert "you saw the top one" not in text


def test_face_down_counters_show_as_counts_only() -> None:
    state = played(3, 20)
    seat = state.current_seats()[0]
    text = screen_text(state, seat)
    assert "3 face down" in text or "2 face down" in text
    for _ in range(5):
        assert screen_text(state.resample(seat, _ + 1), seat) == text


def test_castle_dracula_is_drawn_and_keeps_its_guardians_hidden() -> None:
    state = GAME.new_game(seed=1, stage="castle")
    run = scripted_session(GAME, state, ["mina"], ["map", *["1"] * 40], resamples=2,
                           max_steps=60)
    castle = run.of("mina")[0]
    assert "Castle Dracula at" in castle and "PC*" in castle and "TW" in castle
    assert "face down" in castle
    assert "Key: .. a white space" in run.text


def test_a_hunter_in_a_castle_area_leaves_its_two_capitals_readable() -> None:
    """Castle Dracula's map draws a hunter's number after a space's marks (CH1), not over
    them, as the Transylvania map does in a large hex (KL1)."""
    state = GAME.new_game(seed=1, stage="castle")
    screen = GAME.text_screen()
    castle = state.observation("mina")["castle"]
    chapel = next(s for s, name in screen.castle.names.items() if name == "Chapel")
    drawn = "\n".join(screen.castle_map({chapel: "1", screen.castle.entrance: "*"}, castle))
    assert "CH1" in drawn and "PC*" in drawn and "#" not in drawn
    assert "CH1 ..1 hunter 1" in screen_text(state, "mina")


def test_gothic_play_vampyre_from_the_command_line(monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 5 + "quit\n"))
    assert main(["play", "vampyre", "--seed", "4", "--seat", "mina", "--bots", "random"]) == 0
    out = capsys.readouterr().out
    assert "== Vampyre: the Transylvania hex race and Castle Dracula | Mina |" in out
    assert "Quitting; the game is not saved" in out


def test_map_what_shows_a_place_or_a_hunter_and_says_so_when_there_is_none() -> None:
    screen = GAME.text_screen()
    view = GAME.new_game(seed=2).observation("mina")
    assert screen.map(view, "mina", "zzz") == ["No place on the map is called 'zzz'."]
    klausenburg = "\n".join(screen.map(view, "mina", "klaus"))
    assert "KL Klausenburg: no counters" in klausenburg and "2 Mina" in klausenburg
    assert "OA The Old Abbey: 3 face down" in "\n".join(screen.map(view, "mina", "old abbey"))
    assert screen.map(view, "mina", "harker")[0].startswith("  1 Harker (Jonathan Harker)")
    castle = GAME.new_game(seed=1, stage="castle")
    seat = castle.current_seats()[0]
    assert screen.map(castle.observation(seat), seat, "chapel")[0] == "  CH Chapel: face down"
    assert screen.map(castle.observation(seat), seat, "zzz") == [
        "No place on the map is called 'zzz'."]


def test_the_turn_screen_keys_its_map_and_a_hunter_leaves_a_large_hex_readable() -> None:
    """The key is on every turn screen, not only under ``map``; Mina in Klausenburg (with
    the others) is drawn after its capitals, KL*, not over them."""
    state = GAME.new_game(seed=2)
    text = screen_text(state, "mina")
    assert "  . clear  f forest  ^ mountain  ~ evil  = road  KL large hex" in text
    row = next(line for line in text.splitlines() if line.startswith("  06  "))
    assert "KL*" in row and "(*)" not in row
    castle = GAME.new_game(seed=1, stage="castle")
    seat = castle.current_seats()[0]
    assert "  .. white space  CH green area  PC Portcullis" in screen_text(castle, seat)
