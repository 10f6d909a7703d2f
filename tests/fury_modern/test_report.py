"""The account of a played game (gothic demo fury_modern, python -m fury_modern, the example)."""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

import pytest

from fury_modern.report import summary
from fury_modern.rules import load_rules
from gothic_kernel.agents import play_game
from gothic_kernel.cli import main

from .helpers import GAME, started

#: Words of Dracula's secrets that only the heading at the very end may hold.
#: Lines only Dracula may read (his event cards, once played, are public: "Dracula plays
#: Roadblock." is not among them; his power cards are).
SECRETS = ("Dracula goes to", "Dracula places Rats", "Dracula starts in",
           *(f"Dracula plays {p.name}" for p in load_rules().powers.values()))


def test_the_report_tells_each_round_with_the_tracks_and_the_hunters() -> None:
    state, record = play_game(GAME, 3)
    lines = GAME.report(state, record)
    assert lines[2] == "-- Set-up --"
    rounds = [line for line in lines if line.startswith("-- Round ")]
    assert rounds[0] == "-- Round 1 --" and len(rounds) == state.rounds  # type: ignore[attr-defined]
    assert sum(line.startswith("  Hunters: Lord Godalming in ") for line in lines) >= \
        len(rounds) - 1
    assert any("The public record leaves Dracula" in line or "puts Dracula in" in line
               for line in lines)
    end = lines.index("== The end ==")
    assert lines[end + 1] == GAME.outcome_sentence(state.outcome)  # type: ignore[arg-type]
    heading = lines.index("== Dracula's trail, turned face up at the end ==")
    before = "\n".join(lines[:heading])
    for secret in SECRETS:
        assert secret not in before, secret
    assert not any(line.strip().startswith(("Mina Harker draws", "A Dracula event card is"))
                   for line in lines)  # the small draws are in the Supply lines


def test_dracula_s_card_and_its_encounter_are_told_in_one_line() -> None:
    state, record = play_game(GAME, 3)
    lines = GAME.report(state, record)
    assert "  Dracula places a card face down on trail space 1, with an encounter on it." in lines


def test_the_demo_and_the_example_print_the_report(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "fury_modern", "--seed", "1"]) == 0
    shown = capsys.readouterr().out
    assert "-- Round 1 --" in shown and "== The end ==" in shown
    example = Path(__file__).parents[2] / "examples" / "fury_modern_game.py"
    argv = sys.argv
    sys.argv = [str(example), "7"]
    try:
        runpy.run_path(str(example), run_name="__main__")
    finally:
        sys.argv = argv
    assert "-- Round 1 --" in capsys.readouterr().out


def test_the_end_says_a_hunter_at_sea_is_at_sea() -> None:
    state = started()
    state.hunters["van_helsing"].location = "english_channel"
    lines = summary(state)
    assert any(line.startswith("  Van Helsing") and "at sea in the English Channel" in line
               for line in lines)
    assert any(line.startswith("  Lord Godalming") and "standing in Paris" in line
               for line in lines)
