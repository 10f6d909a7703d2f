"""The report: what ``gothic demo draculas_revenge`` prints, read as a newcomer would."""

from __future__ import annotations

import itertools
import re
from functools import cache
from typing import Any

import pytest

import gothic_kernel as gk
from draculas_revenge import ADVENTURES
from draculas_revenge import narration as say
from draculas_revenge.report import MARKS, board_picture, fold_repeats
from gothic_kernel.cli import main

GAME = gk.load_game("draculas_revenge")


@cache
def told(seed: int, **options: Any) -> tuple[Any, Any, tuple[str, ...]]:
    state, record = gk.play_game(GAME, seed, options=options)
    return state, record, tuple(GAME.report(state, record))


@pytest.mark.parametrize("adventure", [a for a in ADVENTURES if a != "custom"])
def test_the_report_opens_with_the_adventure_and_its_objectives(adventure: str) -> None:
    state, _, lines = told(2, adventure=adventure)
    brief = state.rules.adventure["briefing"]
    assert lines[0] == f"{state.rules.adventure['title']} (Dracula's Revenge, The Adventures)"
    opening = " ".join(line.strip() for line in lines[:25])
    assert brief["hunters_win"] in opening and brief["vampires_win"] in opening
    assert brief["special_rules"][0][:60] in opening


def test_the_report_has_a_heading_for_every_turn_in_order() -> None:
    state, _, lines = told(1)
    headings = [line for line in lines if re.fullmatch(r"Turn \d+", line)]
    assert headings == [f"Turn {n}" for n in range(1, state.turn + 1)]


def test_the_report_draws_the_board_at_the_start_and_at_the_end() -> None:
    state, _, lines = told(1)
    starts = [i for i, line in enumerate(lines) if line.startswith("The board at")]
    assert [lines[i].split(" (")[0] for i in starts] == ["The board at the start",
                                                         "The board at the end"]
    end = board_picture(state)
    at = starts[1] + 1
    assert list(lines[at:at + len(end)]) == end
    width = state.rules.board.width
    assert end[1] == "     " + "".join(str(x % 10) for x in range(width))  # the x ruler
    for fig in state.figures.values():  # every figure on the board is marked at its square
        if fig.pos >= 0:
            x, y = state.rules.board.xy(fig.pos)
            assert end[2 + y][5 + x] == ("~" if fig.misted else MARKS[fig.kind])


def test_the_start_board_shows_the_placed_vampires_and_the_waiting_hunters() -> None:
    _, _, lines = told(1)
    key = " ".join(line.strip() for line in lines[:60])
    for name in ("She-wolf A", "She-wolf B", "She-wolf C", "Nosferatu A"):
        assert f"{name} at (" in key
    assert "waiting off the board to enter: Staker 1, Staker 2, Crossbow 1, Crossbow 2" in key


def test_moves_are_folded_and_repeated_lines_are_counted() -> None:
    _, _, lines = told(1)
    assert "    Staker 2 moves 5 squares (east x5) to (5, 2), facing north." in lines
    assert not any(a == b and a.strip() for a, b in itertools.pairwise(lines))
    assert fold_repeats(["a", "b", "b", "b", "", "", "c"]) == ["a", "b (x3)", "", "", "c"]


def test_combat_is_told_in_words_with_the_totals() -> None:
    _, _, lines = told(1)
    text = " ".join(line.strip() for line in lines)
    assert ("Staker 2 reacts and attacks She-wolf C [1 Reaction Point], but She-wolf C "
            "survives (2 against 6; reaction -1).") in text
    assert ("She-wolf C attacks Staker 2 (8 against 7): Staker 2 is killed and removed "
            "from the board.") in text
    assert re.search(r"Nosferatu A tries to mesmerize Crossbow 2 \(\d+ against \d+\): "
                     r"Crossbow 2 becomes a minion", text)


def test_the_end_says_who_won_why_and_where_every_character_stands() -> None:
    state, record, lines = told(1)
    assert "Result: The vampires win: every hunter destroyed (turn 3, after " \
        f"{record.steps} actions)." in lines
    standing = lines[lines.index("Where every character stands:"):]
    assert standing[1:3] == ("  Vampires:", "    She-wolf B: at (11, 2), facing west")
    assert "    Crossbow 2 (a minion): killed in turn 2 by Staker 1" in standing
    assert "    She-wolf C: fed in turn 2 and became Nosferatu B" in standing
    assert "    Staker 1: killed in turn 3 by She-wolf B" in standing
    for card in state.dead:
        assert any(line.strip().startswith(say.character(card)) for line in standing)


def test_the_report_shows_nothing_a_spectator_may_not_know() -> None:
    for seed in (1, 3):
        state, _, lines = told(seed, adventure="rescue_van_helsing")
        text = "\n".join(lines)
        assert "plays the Action Card of" not in text        # cards face down stay unnamed
        assert "on the Reaction Die:" not in text             # the dice until shown
        secret = next(e for e in state.log("vampires") if e["kind"] == "secret_room")
        room = say.tile(state.rules.board, secret["room"])
        found = next((i for i, line in enumerate(lines) if "reveals that Van Helsing" in line),
                     len(lines))
        assert room not in "\n".join(lines[lines.index("Set-up"):found])


def test_a_record_that_does_not_replay_is_told_from_its_public_log() -> None:
    state, record, _ = told(1)
    broken = gk.GameRecord(record.game, record.seed + 1, record.options, record.actions[:3],
                           record.public_log, record.outcome)
    lines = GAME.report(state, broken)
    assert lines[0] == record.public_log[0]["text"]
    assert lines[-1].startswith("Result: The vampires win")


def test_other_set_ups_are_told_too() -> None:
    _, _, lines = told(4, adventure="custom", multiplayer=("vampires", "hunters", "hunters"),
                       points=12)
    assert lines[1] == "Map: custom catacombs" and "Player 2's forces:" in " ".join(lines)
    assert any(line.startswith("Result: Player") for line in lines)
    _, _, own = told(4, adventure="rescue_van_helsing", own_forces=True)
    assert "Forces of the player's own choosing for 36 points (Points Value)." in \
        " ".join(line.strip() for line in own[:12])


def test_gothic_demo_prints_the_report(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "draculas_revenge", "--seed", "1"]) == 0
    printed = capsys.readouterr().out
    assert "Into the Breach (Dracula's Revenge, The Adventures)" in printed
    assert "The board at the end" in printed and "Where every character stands:" in printed
