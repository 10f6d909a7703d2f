"""gothic simulate --agents MODULE:FACTORY: a bad factory or agent is said in one line that
names the game, its seed and the seat; never a traceback."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

import gothic_kernel as gk
from gothic_kernel.cli import main
from gothic_kernel.reference import KuhnPoker

KUHN = "kuhn_poker"


@pytest.fixture(autouse=True)
def kuhn(monkeypatch: pytest.MonkeyPatch) -> Iterator[gk.Game]:
    monkeypatch.syspath_prepend(str(Path(__file__).parent))  # bad_agents
    gk.register_game(KUHN, KuhnPoker)
    yield gk.load_game(KUHN)
    gk.unregister_game(KUHN)


def simulate(capsys: pytest.CaptureFixture[str], agents: str, *more: str) -> tuple[int, str]:
    status = main(["simulate", KUHN, "--games", "3", "--seed", "4", "--agents", agents,
                   *more])
    return status, capsys.readouterr().err


@pytest.mark.parametrize(("factory", "status", "said"), [
    ("no_arguments", 2, "calling it as f(state, seed) raised TypeError: "),
    ("not_a_mapping", 2, "it returned int, not a mapping {seat: agent}"),
    ("stranger", 2, "agents given for zorro, who do not play this game"),
    ("no_choose", 2, "the agent of first has no choose(seat, observation, legal_actions)"),
    ("raiser", 1, "the agent of second raised RuntimeError: my bot crashed"),
    ("nonsense", 1, "the agent of first chose {'type': 'nonsense'}, which is not one of "
                    "its 2 legal actions"),
])
def test_a_bad_factory_or_agent_is_one_line_naming_game_seed_and_seat(
        capsys: pytest.CaptureFixture[str], factory: str, status: int, said: str) -> None:
    got, err = simulate(capsys, f"bad_agents:{factory}")
    assert got == status
    assert err.startswith(f"gothic simulate: --agents bad_agents:{factory}: the kuhn_poker "
                          "game of seed ")
    assert said in err and err.count("\n") == 1 and "Traceback" not in err


def test_an_agent_failing_in_a_worker_process_is_said_the_same(
        capsys: pytest.CaptureFixture[str]) -> None:
    status, err = simulate(capsys, "bad_agents:raiser", "--workers", "2")
    assert status == 1 and err.count("\n") == 1
    assert "the agent of second raised RuntimeError: my bot crashed" in err


def test_a_good_factory_plays_as_without_the_checks(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]
                                                    ) -> None:
    path = tmp_path / "r.jsonl"
    status, err = simulate(capsys, "bad_agents:as_json", "--results", str(path))
    assert status == 0 and not err.strip("\n#[]/ 0123456789.gamesr,")
    header = json.loads(path.read_text().splitlines()[0])
    assert header["agents"] == "bad_agents:as_json"  # named as before: resumes match
    from bad_agents import first_legal  # type: ignore[import-not-found]

    direct = gk.simulate(KUHN, 3, 4, agents=first_legal, keep_results=True)
    lines = [json.loads(line) for line in path.read_text().splitlines()[1:]]
    assert [line["winners"] for line in lines] == [list(r.winners) for r in direct.results]
