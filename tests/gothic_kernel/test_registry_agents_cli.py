"""Game discovery, agents and simulation, and the gothic command."""

from __future__ import annotations

import json
from collections.abc import Iterator
from importlib.metadata import EntryPoint
from pathlib import Path
from typing import Any

import pytest

import gothic_kernel as gk
from gothic_kernel import registry
from gothic_kernel.agents import GameRecord, play_game, replay
from gothic_kernel.cli import main
from gothic_kernel.game import SAVE_FORMAT
from gothic_kernel.reference import KuhnPoker


@pytest.fixture
def kuhn() -> Iterator[gk.Game]:
    gk.register_game("kuhn_poker", KuhnPoker)
    yield gk.load_game("kuhn_poker")
    gk.unregister_game("kuhn_poker")


@pytest.fixture
def fake_plugins(monkeypatch: pytest.MonkeyPatch) -> None:
    points = [
        EntryPoint("missing", "no_such_gothic_module:Game", registry.GROUP),
        EntryPoint("not_a_game", "json:JSONDecoder", registry.GROUP),
        EntryPoint("kuhn_ep", "gothic_kernel.reference:KuhnPoker", registry.GROUP),
    ]
    monkeypatch.setattr(registry, "entry_points", lambda group: points)
    for name in ("missing", "not_a_game", "kuhn_ep"):
        registry._loaded.pop(name, None)


def test_broken_plugins_do_not_hide_the_others(fake_plugins: None) -> None:
    assert {"missing", "not_a_game", "kuhn_ep"} <= set(gk.available_games())
    assert gk.load_game("kuhn_ep").name == "kuhn_poker"
    with pytest.raises(gk.GameLoadError, match="could not be loaded: ModuleNotFoundError"):
        gk.load_game("missing")
    with pytest.raises(gk.GameLoadError, match="does not provide a gothic_kernel Game"):
        gk.load_game("not_a_game")


def test_unknown_game_lists_what_there_is(fake_plugins: None) -> None:
    with pytest.raises(gk.UnknownGame, match=r"available: .*kuhn_ep"):
        gk.load_game("monopoly")


def test_registered_games_are_loaded_once(kuhn: gk.Game) -> None:
    assert gk.load_game("kuhn_poker") is kuhn and "kuhn_poker" in gk.available_games()


def test_options_are_checked(kuhn: gk.Game) -> None:
    with pytest.raises(gk.BadOption, match="has no option 'players'"):
        kuhn.new_game(seed=1, players=3)


def test_play_game_and_replay(kuhn: gk.Game) -> None:
    state, record = gk.play_game(kuhn, 3)
    assert state.is_over and record.outcome is not None and record.steps >= 2
    again = gk.GameRecord.from_json(record.to_json())
    assert gk.replay(kuhn, again).to_json() == state.to_json()
    again.public_log[-1] = {"kind": "result", "text": "forged"}
    with pytest.raises(gk.GothicError, match="public log differs"):
        gk.replay(kuhn, again)


def test_agents_see_only_their_observation(kuhn: gk.Game) -> None:
    seen: list[dict[str, object]] = []

    class Peeker:
        def choose(self, seat: str, observation: object, legal: object) -> gk.Action:
            seen.append(dict(observation))  # type: ignore[call-overload]
            return legal[0]  # type: ignore[index,no-any-return]

    gk.play_game(kuhn, 5, agents={"first": Peeker(), "second": Peeker()})
    for obs in seen:
        assert list(obs["cards"].values()).count(None) == 1  # type: ignore[attr-defined]
    assert isinstance(Peeker(), gk.Agent)


def test_simulation_is_reproducible_whatever_the_workers(kuhn: gk.Game) -> None:
    one = gk.simulate("kuhn_poker", 60, seed=9, workers=1, agents="random", keep_results=True)
    two = gk.simulate("kuhn_poker", 60, seed=9, workers=2, agents="random", keep_results=True)
    key = [(r.seed, r.winners, r.steps, r.digest) for r in one.results]
    assert key == [(r.seed, r.winners, r.steps, r.digest) for r in two.results]
    assert sum(n for _, _, n, _ in one.outcome_table()) == 60
    assert one.mean_steps >= 2 and one.actions_per_second > 0
    assert gk.game_seeds(9, 3) == gk.game_seeds(9, 5)[:3]


def test_cli_list_demo_simulate_replay(kuhn: gk.Game, tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list"]) == 0
    assert "kuhn_poker" in capsys.readouterr().out
    saved = tmp_path / "game.json"
    assert main(["demo", "kuhn_poker", "--seed", "4", "--save", str(saved)]) == 0
    out = capsys.readouterr().out
    assert "is dealt a card" in out and " wins" in out and "actions)" in out
    assert main(["replay", str(saved)]) == 0
    assert "log and outcome match" in capsys.readouterr().out
    assert main(["simulate", "kuhn_poker", "--games", "30", "--seed", "2"]) == 0
    captured = capsys.readouterr()
    assert "mean game length" in captured.out and "first" in captured.out
    assert "30/30 games" in captured.err


def test_cli_replay_reports_a_corrupt_record(kuhn: gk.Game, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"game": "kuhn_poker"}))
    assert main(["replay", str(bad)]) == 2
    assert "not a game record" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "absent.json")]) == 2
    assert main(["demo", "no_such_game"]) == 2


def test_corrupt_saves_are_refused(kuhn: gk.Game) -> None:
    state = kuhn.new_game(seed=1)
    text = state.to_json()
    for bad in ("", "{", "[]", text.replace('"kuhn_poker"', '"chess"'),
                text.replace('"history":[]', '"history":["fold"]'),
                text.replace(f'"format":{SAVE_FORMAT}', '"format":99')):
        with pytest.raises(gk.CorruptSave):
            kuhn.from_json(bad)


# -- the gothic command refuses bad input in one line --------------------------------------

@pytest.mark.parametrize("argv", [
    ["demo", "kuhn_poker", "--seed", "-5"], ["simulate", "kuhn_poker", "--seed", "-5"],
    ["demo", "kuhn_poker", "--seed", "abc"], ["simulate", "kuhn_poker", "--games", "0"],
    ["simulate", "kuhn_poker", "--workers", "0"], ["simulate", "kuhn_poker", "--max-steps", "0"],
    ["demo", "kuhn_poker", "--max-steps", "-1"], ["demo", "kuhn_poker", "--option", "oops"],
])
def test_bad_numbers_are_refused_in_one_line(kuhn: gk.Game, argv: list[str],
                                             capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(f"gothic {argv[0]}: ") and err.count("\n") == 1
    assert "Traceback" not in err


def test_save_to_a_missing_folder_or_a_folder_is_refused_before_play(
        kuhn: gk.Game, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for target in (tmp_path / "absent" / "game.json", tmp_path):
        assert main(["demo", "kuhn_poker", "--save", str(target)]) == 2
        captured = capsys.readouterr()
        assert captured.err.startswith("gothic demo: --save") and not captured.out


def test_options_are_parsed_as_gothic_list_prints_them_and_refused_per_game(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list"]) == 0
    listing = capsys.readouterr().out
    assert "--option hunters=" in listing
    assert all(len(line) <= 100 for line in listing.splitlines())
    assert main(["demo", "vampyre", "--seed", "2", "--max-steps", "5",
                 "--option", "players=3", "--option", "hunters=mina,harker,morris"]) == 0
    assert "hunters=mina,harker,morris" in capsys.readouterr().out
    assert main(["demo", "vampyre", "draculas_revenge", "--max-steps", "5",
                 "--option", "reaction_dice=False"]) == 2
    captured = capsys.readouterr()
    assert "gothic demo: vampyre has no option 'reaction_dice'" in captured.err
    assert "reaction_dice=False" in captured.out  # played for the game that has it


def test_option_values_read_like_gothic_list_prints_them() -> None:
    flag = gk.Option("reaction_dice", True, "")
    names = gk.Option("hunters", (), "", kind=tuple)
    count = gk.Option("players", 4, "")
    assert flag.parse("False") is False and flag.parse("true") is True
    assert names.parse("mina,harker") == ("mina", "harker")
    assert names.parse('["mina"]') == ("mina",)
    assert count.parse("3") == 3
    with pytest.raises(gk.BadOption):
        count.parse("three")


def test_replay_says_a_snapshot_is_not_a_game_record(kuhn: gk.Game, tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    snapshot = tmp_path / "state.json"
    snapshot.write_text(kuhn.new_game(seed=1).to_json())
    assert main(["replay", str(snapshot)]) == 2
    assert "is a state snapshot" in capsys.readouterr().err


def test_version_and_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--version"])
    assert capsys.readouterr().out.startswith("gothic ")
    for command in ("demo", "simulate", "replay", "list"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        text = capsys.readouterr().out
        assert "usage: gothic " + command in text
        if command in ("demo", "simulate"):
            assert "(default: 1)" in text  # the seed


def test_simulate_prints_unfinished_games(kuhn: gk.Game,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "kuhn_poker", "--games", "4", "--max-steps", "1"]) == 0
    out = capsys.readouterr().out
    assert "(unfinished)" in out and "unfinished: 4 games stopped at --max-steps 1" in out


def test_demo_uses_the_games_report(kuhn: gk.Game, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "kuhn_poker", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "wins" in out and "actions)" in out


@pytest.mark.parametrize(("change", "said"), [
    ({"seed": "x"}, "its 'seed' must be a whole number from 0, not \"x\""),
    ({"seed": -3}, "its 'seed' must be a whole number from 0, not -3"),
    ({"actions": [[1, 2]]}, "its action 0 must be"),
    ({"options": []}, "its 'options' must be an object, not []"),
    ({"outcome": 3}, "its 'outcome' must be an object or null"),
])
def test_a_bad_game_record_names_its_field_in_words(change: dict[str, Any], said: str) -> None:
    """No Python internals ("invalid literal for int()", "list indices must be integers")."""
    _, record = play_game(gk.load_game("vampyre"), 1, max_steps=5)
    data = {**json.loads(record.to_json()), **change}
    with pytest.raises(gk.CorruptSave) as refused:
        GameRecord.from_json(json.dumps(data))
    assert f"not a game record: {said}" in str(refused.value)


def test_a_record_that_no_longer_replays_shows_the_action_as_json() -> None:
    game = gk.load_game("vampyre")
    _, record = play_game(game, 1, max_steps=5)
    record.actions[2] = (record.actions[2][0], {"type": "move", "to": "nowhere"})
    with pytest.raises(gk.GothicError, match=r"^step 2: \w+'s \{\"type\": \"move\", "
                       r"\"to\": \"nowhere\"\} no longer replays: "):
        replay(game, record)


class _JsonBot:
    """A bot answering with an action's JSON form, as ``state.apply`` also takes."""

    def choose(self, seat: str, observation: Any, legal: Any) -> Any:
        return legal[0].to_json()


class _NoneBot:
    def choose(self, seat: str, observation: Any, legal: Any) -> Any:
        return None


def test_a_bot_answering_an_actions_json_form_is_played_and_recorded(kuhn: gk.Game) -> None:
    """play_game applied a bot's JSON form, then crashed recording it (AttributeError: 'dict'
    object has no attribute 'to_json'), the state moved on and the record without it
    (trial s26 F16). It is read as the game reads it, played and recorded."""
    state, record = play_game(kuhn, 3, agents={"first": _JsonBot(), "second": _JsonBot()})
    assert state.is_over and record.actions
    assert replay(kuhn, record).to_json() == state.to_json()


def test_a_bot_answering_no_action_is_refused_before_anything_is_played(kuhn: gk.Game) -> None:
    with pytest.raises(gk.IllegalAction, match="an action must be an object"):
        play_game(kuhn, 3, agents={"first": _NoneBot(), "second": _NoneBot()})
