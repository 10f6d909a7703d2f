"""gothic simulate --agents MODULE:FACTORY: a bad factory or agent is said in one line that
names the game, its seed and the seat; never a traceback."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

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


# -- stopping simulate --workers N ------------------------------------------------------------

def workers_of(parent: int) -> list[int]:
    """The child processes of ``parent`` (Linux: /proc)."""
    found = []
    for task in Path(f"/proc/{parent}/task").glob("*"):
        children = (task / "children").read_text().split() if (task / "children").exists() \
            else []
        found.extend(int(c) for c in children)
    return found


def alive(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "State:\tZ" not in status


def started_simulation(err: Any) -> tuple[subprocess.Popen[str], list[int]]:
    """gothic simulate with two worker processes, once both run."""
    command = [sys.executable, "-m", "gothic_kernel", "simulate", "fury1987", "--games",
               "2000", "--workers", "2"]
    run = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=err, text=True,
                           start_new_session=True)
    for _ in range(600):
        workers = workers_of(run.pid)
        if len(workers) >= 2:
            return run, workers
        time.sleep(0.1)
    run.kill()
    raise AssertionError("the workers did not start")


def wait_gone(pids: list[int], seconds: float) -> list[int]:
    """The processes still running after ``seconds`` (then killed: none is left behind)."""
    for _ in range(int(seconds * 10)):
        if not any(alive(p) for p in pids):
            return []
        time.sleep(0.1)
    left = [p for p in pids if alive(p)]
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    return left


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux /proc")
def test_interrupting_simulate_stops_its_workers_and_says_so_on_its_own_line() -> None:
    run, workers = started_simulation(subprocess.PIPE)
    run.send_signal(signal.SIGINT)
    left = wait_gone([run.pid, *workers], 20)  # not once the games running are played
    _out, err = run.communicate()
    assert left == [] and run.returncode == 130, err
    assert err.endswith("\ninterrupted\n") or err == "interrupted\n"
    assert "Traceback" not in err


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux /proc")
def test_killing_simulate_stops_its_workers() -> None:
    run, workers = started_simulation(subprocess.DEVNULL)
    run.kill()
    run.wait()
    assert wait_gone(workers, 15) == []  # a batch of games takes longer: dropped


def test_a_factory_in_the_current_folder_is_found_as_python_m_would(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A new user writes mybot.py where they are and runs --agents mybot:f; the console
    script's sys.path does not hold the current folder, so it said "No module named"."""
    (tmp_path / "mybot_here.py").write_text(
        "def first(state, seed):\n"
        "    class First:\n"
        "        def choose(self, seat, observation, legal_actions):\n"
        "            return legal_actions[0]\n"
        "    return {seat: First() for seat in state.seats}\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", str(tmp_path))])
    status, err = simulate(capsys, "mybot_here:first")
    assert status == 0, err


def test_a_file_name_for_module_is_refused_with_the_form_to_use(
        capsys: pytest.CaptureFixture[str]) -> None:
    status, err = simulate(capsys, "mybot.py:hunters")
    assert status == 2
    assert err.strip() == ("gothic simulate: agents 'mybot.py:hunters': MODULE is a module "
                           "name, not a file: run from the folder of mybot.py with --agents "
                           "mybot:hunters")
