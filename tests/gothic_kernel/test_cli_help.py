"""The help texts of gothic and python -m GAME: plain text, each default said once."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from gothic_kernel.cli import build_parser, main, run_demo


def help_of(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    with pytest.raises(SystemExit):
        main([*argv, "--help"])
    return capsys.readouterr().out


COMMANDS = ("list", "demo", "simulate", "replay", "render", "play")


@pytest.mark.parametrize("command", COMMANDS)
def test_each_default_is_said_once_and_no_markup_shows(capsys: pytest.CaptureFixture[str],
                                                       command: str) -> None:
    text = " ".join(help_of(capsys, command).split())
    assert "(default: None)" not in text and "(default: False)" not in text
    flags = re.split(r"\s(?=-{1,2}[a-z])", text.partition("options:")[2])
    assert all(f.count("(default") <= 1 for f in flags), flags
    assert "``" not in text and not re.search(r":(class|data|func|meth):", text)


def test_render_step_says_its_default_once(capsys: pytest.CaptureFixture[str]) -> None:
    text = " ".join(help_of(capsys, "render").split())
    assert "(default: the end)" in text and "(default: None)" not in text


def test_the_main_help_names_every_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    text = " ".join(help_of(capsys).split())
    assert "list, demo, simulate, replay, render and play" in text
    choices = build_parser()._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    assert set(choices) == set(COMMANDS)


def test_play_help_is_for_a_player(capsys: pytest.CaptureFixture[str]) -> None:
    text = help_of(capsys, "play")
    for internal in ("state.", "chance_mark", "resample", "register_command",
                     "gothic_kernel"):
        assert internal not in text
    for command in ("log [N]", "map [WHAT]", "save FILE", "picture FILE", "undo", "quit"):
        assert command in text


def test_python_m_game_help_names_itself(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        run_demo("fury1987", ["--help"])
    text = capsys.readouterr().out
    assert text.startswith("usage: python -m fury1987 ") and "gothic demo [" not in text
    assert "GAME" not in text
    done = subprocess.run([sys.executable, "-m", "vampyre", "--seed", "x"],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 2
    assert done.stderr.startswith("python -m vampyre: argument --seed")


def test_play_seed_says_what_it_seeds_with_load(capsys: pytest.CaptureFixture[str]) -> None:
    """--option is refused with --load (the file holds the options) but --seed is taken,
    and seeds only the bots then: the help said "the game's dice and bots"."""
    text = " ".join(help_of(capsys, "play").split())
    assert "with --load, the bots' only (the file holds the dice)" in text
