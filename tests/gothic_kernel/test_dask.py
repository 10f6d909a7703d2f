"""Simulations on a Dask cluster (a local one, two worker processes) give the games one
process gives. Skipped without the dask extra; CI installs it."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import Executor
from typing import Any

import pytest

import gothic_kernel as gk
from gothic_kernel.cli import main
from gothic_kernel.reference import KuhnPoker

pytest.importorskip("distributed")

from gothic_kernel.cluster import dask_executor

#: Short games: Kuhn poker, and Fury of Dracula stopped after 150 actions.
CASES: list[tuple[str, dict[str, Any]]] = [
    ("kuhn_poker", {"games": 40, "agents": "random"}),
    ("fury1987", {"games": 4, "agents": "random", "max_steps": 150}),
]


@pytest.fixture(scope="module")
def cluster() -> Iterator[tuple[Executor, int]]:
    gk.register_game("kuhn_poker", KuhnPoker)  # handed to the workers with the games
    with dask_executor("local", 2) as found:
        yield found
    gk.unregister_game("kuhn_poker")


@pytest.mark.parametrize(("name", "settings"), CASES)
def test_a_local_cluster_plays_the_games_one_process_plays(
        cluster: tuple[Executor, int], name: str, settings: dict[str, Any]) -> None:
    executor, workers = cluster
    assert workers == 2
    here = list(gk.simulated_games(name, seed=8, **settings))
    there = list(gk.simulated_games(name, seed=8, executor=executor, workers=workers,
                                    **settings))
    assert there == here and [r.digest for r in there] == [r.digest for r in here]


def test_the_command_runs_on_a_local_cluster(
        capsys: pytest.CaptureFixture[str], recwarn: pytest.WarningsRecorder,
        cluster: tuple[Executor, int]) -> None:
    """Run while another local cluster runs (the fixture's): neither asks for a fixed port."""
    gk.register_game("kuhn_poker", KuhnPoker)
    try:
        args = ["simulate", "kuhn_poker", "--games", "30", "--agents", "random"]
        assert main(args) == 0
        alone = capsys.readouterr().out
        assert main([*args, "--dask", "local", "--workers", "2"]) == 0
        on_cluster = capsys.readouterr().out
    finally:
        gk.unregister_game("kuhn_poker")
    assert "Dask cluster local (2 at once)" in on_cluster
    assert not [w for w in recwarn if "already in use" in str(w.message)]
    table = [line for line in alone.splitlines() if "%" in line]
    assert table and table == [line for line in on_cluster.splitlines() if "%" in line]


def test_a_scheduler_that_does_not_answer_is_a_clear_error() -> None:
    with pytest.raises(gk.BadOption, match=r"no Dask scheduler answers at tcp://127\.0\.0\.1:9"), \
            dask_executor("tcp://127.0.0.1:9", timeout=1):
        pass
