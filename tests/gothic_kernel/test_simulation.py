"""Batch simulation: the same results anywhere, streamed, kept in a file and resumed."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

import gothic_kernel as gk
from gothic_kernel.cli import main
from gothic_kernel.reference import KuhnPoker
from gothic_kernel.simulation import BATCHES_PER_WORKER

KUHN = "kuhn_poker"


@pytest.fixture(autouse=True)
def kuhn() -> Iterator[gk.Game]:
    gk.register_game(KUHN, KuhnPoker)
    yield gk.load_game(KUHN)
    gk.unregister_game(KUHN)


class CountingExecutor(Executor):
    """A thread pool that records how many tasks were handed out and not yet collected."""

    def __init__(self, workers: int) -> None:
        self.pool = ThreadPoolExecutor(workers)
        self.lock = threading.Lock()
        self.out = self.most = self.submitted = 0

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        with self.lock:
            self.out += 1
            self.submitted += 1
            self.most = max(self.most, self.out)
        future = self.pool.submit(fn, *args, **kwargs)
        future.add_done_callback(self._collected)
        return future

    def _collected(self, _: Future[Any]) -> None:
        with self.lock:
            self.out -= 1

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self.pool.shutdown(wait=wait, cancel_futures=cancel_futures)


def _results(**kwargs: Any) -> list[gk.GameResult]:
    return list(gk.simulated_games(KUHN, 120, seed=5, agents="random", **kwargs))


def test_one_process_many_processes_and_an_executor_give_the_same_games() -> None:
    alone = _results()
    assert [r.index for r in alone] == list(range(120))
    assert [r.seed for r in alone] == gk.game_seeds(5, 120)
    assert len({r.digest for r in alone}) > 1 and all(len(r.digest) == 16 for r in alone)
    assert _results(workers=2) == alone
    with CountingExecutor(3) as executor:
        assert _results(executor=executor, workers=3) == alone


def test_the_results_are_streamed_with_few_batches_out_at_once() -> None:
    executor = CountingExecutor(2)
    with executor:
        stream = gk.simulated_games(KUHN, 2000, seed=1, agents="random", executor=executor,
                                    workers=2)
        first = next(stream)
        assert first.index == 0 and executor.submitted <= 2 * BATCHES_PER_WORKER + 1
        assert sum(1 for _ in stream) == 1999
    assert executor.most <= 2 * BATCHES_PER_WORKER


def test_the_table_is_tallied_without_keeping_each_game() -> None:
    sim = gk.simulate(KUHN, 300, seed=2, agents="random")
    kept = gk.simulate(KUHN, 300, seed=2, agents="random", keep_results=True)
    assert sim.games == 300 and sum(n for _, _, n, _ in sim.outcome_table()) == 300
    assert sim.outcome_table() == kept.outcome_table() and sim.kept is None
    assert sim.mean_steps == sum(r.steps for r in kept.results) / 300
    with pytest.raises(gk.GothicError, match="keep_results=True"):
        _ = sim.results


def test_game_seeds_are_worked_out_one_at_a_time_as_numpy_gives_them() -> None:
    seeds = gk.game_seeds(2**40 + 9, 500)
    assert [gk.game_seed(2**40 + 9, i) for i in range(500)] == seeds


class Stop(Exception):
    """An interruption, raised from the progress callback."""


def _stop_after(games: int) -> Callable[[int, int], None]:
    def progress(done: int, total: int) -> None:
        if done >= games:
            raise Stop
    return progress


PLAYED: list[int] = []


def recording(state: gk.GameState, seed: int) -> dict[str, gk.Agent]:
    """Random agents that note each game played (for counting replays)."""
    PLAYED.append(seed)
    return {s: gk.RandomAgent(seed + i) for i, s in enumerate(state.seats)}


def test_an_interrupted_simulation_goes_on_without_replaying_finished_games(
        tmp_path: Path) -> None:
    path = tmp_path / "kuhn.jsonl"
    whole = gk.simulate(KUHN, 200, seed=3, agents=recording, keep_results=True)
    PLAYED.clear()
    with pytest.raises(Stop):
        gk.simulate(KUHN, 200, seed=3, agents=recording, results_file=path,
                    progress=_stop_after(60))
    kept = path.read_text().splitlines()
    assert json.loads(kept[0])["gothic_simulation"] == 1 and len(kept) - 1 >= 60
    first_run = set(PLAYED)
    PLAYED.clear()
    resumed = gk.simulate(KUHN, 200, seed=3, agents=recording, results_file=path,
                          keep_results=True)
    assert not first_run & set(PLAYED) and len(first_run) + len(PLAYED) == 200
    assert resumed.results == whole.results
    assert resumed.outcome_table() == whole.outcome_table()
    PLAYED.clear()
    again = gk.simulate(KUHN, 200, seed=3, agents=recording, results_file=path)
    assert not PLAYED and again.outcome_table() == whole.outcome_table()


def test_a_results_file_cut_short_mid_line_goes_on(tmp_path: Path) -> None:
    path = tmp_path / "kuhn.jsonl"
    whole = _results()
    with pytest.raises(Stop):
        _results(results_file=path, progress=_stop_after(30))
    with path.open("a") as handle:
        handle.write('{"index": 99, "seed"')  # the machine stopped mid-write
    assert _results(results_file=path) == whole
    lines = path.read_text().splitlines()
    assert len(lines) == 121 and all(json.loads(line) for line in lines)


def test_results_across_processes_are_written_as_they_finish(tmp_path: Path) -> None:
    path = tmp_path / "kuhn.jsonl"
    with pytest.raises(Stop):
        _results(results_file=path, workers=2, progress=_stop_after(50))
    assert _results(results_file=path, workers=2) == _results()


def test_a_results_file_of_another_simulation_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "kuhn.jsonl"
    gk.simulate(KUHN, 10, seed=3, agents="random", results_file=path)
    with pytest.raises(gk.BadOption, match="seed"):
        gk.simulate(KUHN, 10, seed=4, agents="random", results_file=path)
    with pytest.raises(gk.BadOption, match="agents"):
        gk.simulate(KUHN, 10, seed=3, results_file=path)
    lines = path.read_text().splitlines()
    path.write_text("\n".join([lines[0], lines[1], "{not json", *lines[2:]]) + "\n")
    with pytest.raises(gk.BadOption, match="line 3"):
        gk.simulate(KUHN, 10, seed=3, agents="random", results_file=path)
    (tmp_path / "other.txt").write_text("hello\n")
    with pytest.raises(gk.BadOption, match="not a results file"):
        gk.simulate(KUHN, 10, seed=3, agents="random", results_file=tmp_path / "other.txt")


def test_a_longer_run_with_the_same_file_adds_games(tmp_path: Path) -> None:
    path = tmp_path / "kuhn.jsonl"
    gk.simulate(KUHN, 40, seed=3, agents="random", results_file=path)
    more = gk.simulate(KUHN, 90, seed=3, agents="random", results_file=path,
                       keep_results=True)
    assert more.results == tuple(gk.simulated_games(KUHN, 90, seed=3, agents="random"))
    assert len(path.read_text().splitlines()) == 91


def test_the_command_writes_and_resumes_a_results_file(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    path = tmp_path / "out.jsonl"
    args = ["simulate", KUHN, "--games", "50", "--agents", "random", "--results", str(path)]
    assert main(args) == 0
    first = capsys.readouterr().out
    assert main(args) == 0
    second = capsys.readouterr().out
    table = [line for line in first.splitlines() if "%" in line]
    assert table and table == [line for line in second.splitlines() if "%" in line]
    assert main([*args[:-1], str(tmp_path / "missing_dir" / "x.jsonl")]) == 2


def test_the_library_never_imports_dask_unless_asked() -> None:
    code = ("import sys, gothic_kernel as gk\n"
            "from gothic_kernel.reference import KuhnPoker\n"
            "from gothic_kernel.cli import main\n"
            "gk.register_game('kuhn_poker', KuhnPoker)\n"
            "gk.simulate('kuhn_poker', 8, seed=1, workers=2)\n"
            "main(['simulate', 'kuhn_poker', '--games', '4'])\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('dask', 'distributed')))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip().splitlines()[-1] == "[]"


def test_a_results_file_names_every_option_so_defaults_given_or_not_agree(
        tmp_path: Path) -> None:
    path = tmp_path / "vampyre.jsonl"
    first = gk.simulate("vampyre", 3, seed=1, agents="random", results_file=path)
    again = gk.simulate("vampyre", 3, seed=1, agents="random", results_file=path,
                        options={"stage": "basic"})  # the default, said out loud
    assert again.outcome_table() == first.outcome_table()
    assert json.loads(path.read_text().splitlines()[0])["options"]["stage"] == "basic"
    with pytest.raises(gk.BadOption, match="options"):
        gk.simulate("vampyre", 3, seed=1, agents="random", results_file=path,
                    options={"stage": "castle"})


@pytest.mark.parametrize("change", [{"finished": "yes"}, {"steps": -1}, {"winners": [1]},
                                    {"index": True}, {"level": 3}, {"seed": 12},
                                    {"winners": ["zorro"]}])
def test_a_line_that_is_no_game_result_is_refused(tmp_path: Path,
                                                  change: dict[str, Any]) -> None:
    path = tmp_path / "kuhn.jsonl"
    gk.simulate(KUHN, 5, seed=3, agents="random", results_file=path)
    lines = path.read_text().splitlines()
    lines[2] = json.dumps({**json.loads(lines[2]), **change})
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(gk.BadOption, match="line 3"):
        gk.simulate(KUHN, 5, seed=3, agents="random", results_file=path)


@pytest.mark.parametrize(("change", "words"), [
    ({"steps": -5}, "line 3: not a game result: its steps must be a whole number from 0, not -5"),
    ({"finished": "yes"}, 'its finished must be true or false, not "yes"'),
    ({"winners": ["zorro"]}, "game 1's winners name 'zorro', no seat of kuhn"),
])
def test_a_refused_results_line_names_its_field(tmp_path: Path, change: dict[str, Any],
                                                words: str) -> None:
    """The trial (s26 F6) found a line with "steps": -5 refused with a Python dict's repr,
    and a line whose winners named no seat tabled as "zorro 1 12.5%"."""
    path = tmp_path / "kuhn.jsonl"
    gk.simulate(KUHN, 5, seed=3, agents="random", results_file=path)
    lines = path.read_text().splitlines()
    lines[2] = json.dumps({**json.loads(lines[2]), **change})
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(gk.BadOption) as refused:
        gk.simulate(KUHN, 5, seed=3, agents="random", results_file=path)
    assert words in str(refused.value) and "{'" not in str(refused.value)


def test_a_game_written_twice_in_a_results_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "kuhn.jsonl"
    gk.simulate(KUHN, 5, seed=3, agents="random", results_file=path)
    lines = path.read_text().splitlines()
    path.write_text("\n".join([*lines, lines[2]]) + "\n")
    with pytest.raises(gk.BadOption, match="line 7: game 1 is written twice"):
        gk.simulate(KUHN, 5, seed=3, agents="random", results_file=path)
