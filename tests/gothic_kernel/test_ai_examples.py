"""The AI examples run (shortened where they take a parameter)."""

from __future__ import annotations

import contextlib
import importlib.util
import io
from pathlib import Path
from types import ModuleType

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def example(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def printed(run: object) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert callable(run)
        run()
    return out.getvalue()


def test_ismcts_agent_example() -> None:
    module = example("ismcts_agent")
    assert "wins:" in printed(lambda: module.main(1))


def test_openspiel_example() -> None:
    pytest.importorskip("pyspiel")
    module = example("openspiel_games")
    assert "returns" in printed(lambda: module.main(2))


def test_pettingzoo_example() -> None:
    pytest.importorskip("pettingzoo")
    module = example("pettingzoo_training")
    text = printed(lambda: (module.random_aec_game(400),
                            module.train_kuhn_second_seat(episodes=300)))
    assert "fury1987" in text and "Kuhn poker" in text
