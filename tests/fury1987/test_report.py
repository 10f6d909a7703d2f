"""The account of a played game (``FuryGame.report``, what ``gothic demo fury1987``
prints): turn headings, the board in words, combat in words, the end in the characters'
names, and Dracula's secrets only at the very end."""

from __future__ import annotations

import re
import runpy
import sys
from pathlib import Path

import pytest

from fury1987.report import _folded
from fury1987.state import FuryState
from gothic_kernel import PUBLIC, Dice
from gothic_kernel.agents import GameRecord, play_game
from gothic_kernel.cli import main

from .helpers import GAME

#: The Combat Action Board's codes (Combat Results Key), which a reader is never shown.
CHART_CODES = re.compile(r"\*\d+(Bld|W)\*|\b\d+(Bld|W)\b|\bH\.(Esc|Dod)\b|\bD\.Esc\b"
                         r"|\b(Par|Sna|Mort|Hyp)\b")
SECRET_HEADING = "== Behind the SM Screen: Dracula's secret trail =="


@pytest.fixture(scope="module")
def played() -> tuple[FuryState, GameRecord, list[str]]:
    state, record = play_game(GAME, 3)
    assert isinstance(state, FuryState)
    return state, record, GAME.report(state, record)


def test_the_account_goes_turn_by_turn(played: tuple[FuryState, GameRecord, list[str]]
                                       ) -> None:
    state, _, lines = played
    headings = [line for line in lines if line.startswith("-- Turn ")]
    assert headings[:3] == ["-- Turn 1 --", "-- Turn 2 --", "-- Turn 3 --"]
    assert len(headings) == state.seq.round


def test_each_turn_says_where_the_hunters_stand(
        played: tuple[FuryState, GameRecord, list[str]]) -> None:
    _, _, lines = played
    first = lines.index("-- Turn 2 --")
    assert lines[first + 1].startswith("  Hunters: Lord Godalming in ")
    assert "Dr Seward" in lines[first + 1] and "Van Helsing" in lines[first + 1]
    assert any(line.startswith("  On the map: ") for line in lines)
    assert any("tracked Dracula down" in line or "clues" in line for line in lines)


def test_combat_is_told_in_words_never_in_chart_codes(
        played: tuple[FuryState, GameRecord, list[str]]) -> None:
    _, _, lines = played
    rounds = [line for line in lines if line.strip().startswith("Round ")]
    assert rounds and all(" initiative" in line for line in rounds)
    assert any("repels Dracula" in line or "Blood Point" in line for line in rounds)
    assert not [line for line in lines if CHART_CODES.search(line)]


def test_the_public_log_words_combat_results_without_codes() -> None:
    results = []
    for seed in range(4):
        state = GAME.new_game(seed=seed)
        dice = Dice(seed)
        while not state.is_over:
            seat = dice.choice(state.current_seats())
            state.apply(seat, dice.choice(state.legal_actions(seat)))
        results += [e["text"] for e in state.log(PUBLIC) if e["kind"] == "combat_result"]
    assert results and not [text for text in results if CHART_CODES.search(text)]


def test_the_end_says_who_won_why_and_where_every_side_stands(
        played: tuple[FuryState, GameRecord, list[str]]) -> None:
    state, record, lines = played
    end = lines[lines.index("== The end ==") + 1:lines.index(SECRET_HEADING)]
    assert end[0] == "Nobody wins: a Stalemate (the Hunters have destroyed six Vampires but " \
                     "not Dracula)."
    assert end[1] == f"The game lasted {state.seq.round} turns ({record.steps} decisions)."
    for name in ("Lord Godalming: ", "Dr Seward: ", "Van Helsing: ", "Dracula: in "):
        assert any(line.strip().startswith(name) for line in end), name
    assert any(line.startswith("The bravest Hunter: ") for line in end)


def test_dracula_s_secrets_only_at_the_very_end(
        played: tuple[FuryState, GameRecord, list[str]]) -> None:
    _, _, lines = played
    heading = lines.index(SECRET_HEADING)
    before, after = "\n".join(lines[:heading]), "\n".join(lines[heading:])
    for secret in ("Dracula starts in", "Dracula moves from", " and draws "):
        assert secret not in before and secret in after
    assert lines[-1].startswith("  Left on the Strategy & Movement Chart: ")
    assert lines[heading + 1].startswith("  Start:    Dracula starts in ")


def test_repeated_lines_are_folded() -> None:
    assert _folded(["a", "b", "b", "c", "c", "c", "b"]) == [
        "a", "b (twice)", "c (3 times)", "b"]


def test_the_demo_and_the_example_print_the_report(capsys: pytest.CaptureFixture[str]
                                                   ) -> None:
    assert main(["demo", "fury1987", "--seed", "7"]) == 0
    shown = capsys.readouterr().out
    assert "-- Turn 1 --" in shown and "== The end ==" in shown and SECRET_HEADING in shown
    example = Path(__file__).parents[2] / "examples" / "fury1987_game.py"
    argv = sys.argv
    sys.argv = [str(example), "7"]
    try:
        runpy.run_path(str(example), run_name="__main__")
    finally:
        sys.argv = argv
    assert "-- Turn 1 --" in capsys.readouterr().out


@pytest.mark.parametrize("winners, level, reason, said", [
    (("dracula",), "major", "Dracula wins a Major Victory: 6 Vampires stalk Europe",
     "Dracula wins a Major Victory: 6 Vampires stalk Europe."),
    (("godalming", "seward", "van_helsing"), "supreme",
     "The Hunters win a Supreme Victory: Dracula is destroyed: Van Helsing staked him",
     "The Hunters (Lord Godalming, Dr Seward and Van Helsing) win a Supreme Victory: "
     "Dracula is destroyed: Van Helsing staked him."),
    ((), "stalemate", "Stalemate: the Hunters have destroyed six Vampires but not Dracula",
     "Nobody wins: a Stalemate (the Hunters have destroyed six Vampires but not Dracula)."),
])
def test_the_verdict_names_the_winners_and_why(winners: tuple[str, ...], level: str,
                                               reason: str, said: str) -> None:
    from fury1987.report import _verdict

    assert _verdict(winners, level, reason) == said
