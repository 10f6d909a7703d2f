"""The gothic command's errors: exit statuses as documented, files named as said, and
messages in words (no Python reprs), each telling how to go on."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

import gothic_kernel as gk
from gothic_kernel.cli import __doc__ as cli_doc
from gothic_kernel.cli import main
from gothic_kernel.reference import KuhnPoker

KUHN = "kuhn_poker"


@pytest.fixture(autouse=True)
def kuhn() -> Iterator[gk.Game]:
    gk.register_game(KUHN, KuhnPoker)
    yield gk.load_game(KUHN)
    gk.unregister_game(KUHN)


def test_exit_statuses_are_documented_and_kept(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    said = " ".join((cli_doc or "").split())
    assert "1 when a game could not be played" in said
    assert "2 when the command line or a file it names is refused" in said
    assert "130 when it was interrupted" in said
    for argv in (["demo", "no_such_game"], ["simulate", "no_such_game"],
                 ["demo", KUHN, "--option", "x=1"], ["simulate", KUHN, "--option", "x=1"],
                 ["simulate", KUHN, "--results", str(tmp_path / "no" / "r.jsonl")],
                 ["play", "no_such_game"], ["render", str(tmp_path / "absent.json")],
                 ["replay", str(tmp_path / "absent.json")]):
        assert main(argv) == 2, argv
        err = capsys.readouterr().err
        assert err.startswith(f"gothic {argv[0]}: ") and err.count("\n") == 1, argv


def test_demo_of_several_games_names_each_file_after_the_one_given(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    many = tmp_path / "many.json"
    assert main(["demo", KUHN, "vampyre", "--max-steps", "5", "--save", str(many)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["many.kuhn_poker.json",
                                                          "many.vampyre.json"]
    assert f"gothic replay {tmp_path / 'many.vampyre.json'}" in capsys.readouterr().out


def test_a_bad_line_in_a_results_file_says_how_to_go_on_from_the_good_ones(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "r.jsonl"
    args = ["simulate", KUHN, "--games", "20", "--agents", "random", "--results"]
    assert main([*args, str(path)]) == 0
    lines = path.read_text().splitlines(keepends=True)
    lines[10] = '{"index": 3, "seed\x01": 1}\n'
    path.write_text("".join(lines))
    capsys.readouterr()
    assert main([*args, str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}, line 11: " in err and err.count("\n") == 1
    assert f"head -n 10 {path} > kept.jsonl, then run again with --results kept.jsonl" in err
    kept = tmp_path / "kept.jsonl"
    kept.write_text("".join(lines[:10]))
    assert main([*args, str(kept)]) == 0
    assert len(kept.read_text().splitlines()) == 21


def test_another_simulations_results_file_names_what_differs(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "r.jsonl"
    assert main(["simulate", KUHN, "--games", "3", "--results", str(path)]) == 0
    capsys.readouterr()
    assert main(["simulate", KUHN, "--games", "3", "--seed", "9", "--results",
                 str(path)]) == 2
    assert "(its seed differs)" in capsys.readouterr().err


def test_replay_errors_are_said_in_words(kuhn: gk.Game, tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "game.json"
    assert main(["demo", KUHN, "--seed", "5", "--save", str(record)]) == 0
    data = json.loads(record.read_text())
    data["outcome"]["reason"] = "forged"
    record.write_text(json.dumps(data))
    capsys.readouterr()
    assert main(["replay", str(record)]) == 2
    err = capsys.readouterr().err
    assert "outcome differs: recorded {" in err and '"reason": "forged"' in err
    assert "<" not in err and "mappingproxy" not in err and "Outcome(" not in err
    del data["seed"]
    record.write_text(json.dumps(data))
    assert main(["replay", str(record)]) == 2
    assert "not a game record: it has no 'seed' field" in capsys.readouterr().err


def test_a_snapshot_without_its_state_is_called_a_snapshot(
        kuhn: gk.Game, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(kuhn.new_game(seed=1).to_json())
    del data["state"]
    saved = tmp_path / "s.json"
    saved.write_text(json.dumps(data))
    assert main(["replay", str(saved)]) == 2
    assert "is a state snapshot" in capsys.readouterr().err
    assert main(["play", "--load", str(saved), "--seat", "first"]) == 2
    err = capsys.readouterr().err
    assert "is corrupt" in err and "not a game record" not in err


@pytest.mark.parametrize("command", ["demo", "simulate", "play"])
def test_an_option_given_twice_is_refused_not_the_last_one_taken(
        command: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``--option players=3 --option players=4`` played 4 players without a word."""
    argv = [command, "vampyre", "--option", "players=3", "--option", "players=4"]
    assert main(argv) == 2
    assert capsys.readouterr().err == (f"gothic {command}: option 'players' is given twice "
                                       "(3 and 4); give it once (a tuple is a,b)\n")


def test_a_seat_s_name_as_an_owner_takes_the_apostrophe_alone_after_an_s() -> None:
    """trial s27 G21: "Vampires's legal actions" read wrongly; "the Vampires' legal
    actions", "Dr Seward's"."""
    import gothic_kernel as gk

    revenge, fury = gk.load_game("draculas_revenge"), gk.load_game("fury1987")
    assert revenge.seat_possessive("vampires") == f"{revenge.seat_name('vampires')}'"
    assert fury.seat_possessive("seward") == f"{fury.seat_name('seward')}'s"
